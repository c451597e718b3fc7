"""``sparrow serve``: the web app (FastAPI served by uvicorn) on http://127.0.0.1:8000 by default.

Storage is SQLite in ``--data-dir`` (created on first run) unless ``DATABASE_URL`` names another
database (``postgresql+psycopg://user:password@host/dbname``). The schema is migrated at start-up.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import sys
from typing import Annotated
from urllib.parse import urlsplit

import typer

from sparrow.cli.options import whole_number

__all__ = ["register"]


def _fail(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,15}")


def _opponents(items: list[str]) -> dict[str, str]:
    """``NAME=KIND`` items as a dict, each kind checked as the lab checks it (a module that does not
    import, an empty command: refused now, not at a player's first game)."""
    from sparrow.bots import LEVELS
    from sparrow.seats import AgentError, check_outside, is_outside

    opponents: dict[str, str] = {}
    for item in items:
        name, sep, kind = item.partition("=")
        name, kind = name.strip(), kind.strip()
        if not sep or not _NAME.fullmatch(name):
            raise ValueError(f"expected NAME=KIND with a NAME of a-z, 0-9, - or _ (at most 16), got {item!r}")
        if name in LEVELS or name in opponents:
            raise ValueError(f"the name {name!r} is taken")
        if not is_outside(kind):
            raise ValueError(f"{kind!r} is no outside player (expected 'cmd:PROGRAM ARGS' or module:Class)")
        try:
            check_outside(kind)
        except AgentError as error:
            raise ValueError(str(error)) from None
        opponents[name] = kind
    return opponents


def _public_url(value: str) -> str | None:
    """``--public-url`` checked: an http or https address with a host, perhaps a path (a server
    behind a proxy under a prefix), no query or fragment; without its trailing slash."""
    value = value.strip()
    if not value:
        return None
    parts = urlsplit(value)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"expected the address people open, such as https://mahjong.example.org, got {value!r}")
    if parts.query or parts.fragment:
        raise ValueError(f"an address without ? or #, got {value!r}")
    return value.rstrip("/")


def register(app: typer.Typer) -> None:
    """Add the serve command to ``app``."""

    @app.command()
    def serve(
        host: Annotated[str, typer.Option("--host", help="The address to listen on.")] = "127.0.0.1",
        port: Annotated[
            int, typer.Option("--port", parser=whole_number(0, 65535), help="The port to listen on.")
        ] = 8000,
        data_dir: Annotated[
            str, typer.Option("--data-dir", help="Folder of the SQLite database (unless DATABASE_URL is set).")
        ] = "data",
        workers: Annotated[
            int,
            typer.Option(
                "--workers",
                parser=whole_number(1, 64),
                help="Server processes (one per core serves the most). Rooms are served live across them "
                "through PostgreSQL (DATABASE_URL) or Redis (REDIS_URL); on SQLite each process looks for "
                "the others' moves ten times a second, on one machine only.",
            ),
        ] = 1,
        forwarded_allow_ips: Annotated[
            str,
            typer.Option(
                "--forwarded-allow-ips",
                help="Addresses of the reverse proxies whose X-Forwarded-For gives the client's address "
                "(comma-separated, or '*'). Unset: no header is believed.",
            ),
        ] = "",
        header_timeout: Annotated[
            int,
            typer.Option(
                "--header-timeout", parser=whole_number(1, 3600), help="Seconds a client has to send a request head."
            ),
        ] = 10,
        body_timeout: Annotated[
            int,
            typer.Option(
                "--body-timeout", parser=whole_number(1, 3600), help="Seconds a client has to send a request body."
            ),
        ] = 30,
        keep_alive_timeout: Annotated[
            int,
            typer.Option(
                "--keep-alive-timeout",
                parser=whole_number(1, 3600),
                help="Seconds an idle kept-alive connection stays open.",
            ),
        ] = 5,
        limit_concurrency: Annotated[
            int,
            typer.Option(
                "--limit-concurrency",
                parser=whole_number(0, 100000),
                help="Connections at once per process before new ones get 503 (0: no limit).",
            ),
        ] = 1000,
        public_url: Annotated[
            str,
            typer.Option(
                "--public-url",
                help="The address people open, such as https://mahjong.example.org: rooms' invitation links "
                "start with it. Unset: a room's page links to the address its browser shows.",
            ),
        ] = "",
        access_log: Annotated[
            bool, typer.Option("--access-log/--no-access-log", help="Log every request on standard output.")
        ] = True,
        opponent: Annotated[
            list[str] | None,
            typer.Option(
                "--opponent",
                metavar="NAME=KIND",
                help="Offer an outside player as the computer opponents of a game, by NAME (a-z, 0-9, - or _,"
                " at most 16): KIND is 'cmd:PROGRAM ARGS' (docs/protocol.md) or module:Class (docs/agents.md)."
                " Repeatable. Games against it are unranked.",
            ),
        ] = None,
    ) -> None:
        """Start the web app: play against the computer in the browser, with accounts and a leaderboard."""
        import uvicorn

        from sparrow.cli.serving import listening_problem, server_address, server_options
        from sparrow.store import DatabaseError, sqlite_url
        from sparrow.web.app import create_app

        try:
            opponents = _opponents(opponent or [])
        except ValueError as error:
            raise _fail(f"--opponent: {error}") from None
        try:
            public = _public_url(public_url)
        except ValueError as error:
            raise _fail(f"--public-url: {error}") from None
        # The address before the database: a second server on a taken port says so and touches nothing.
        problem = listening_problem(host, port)
        if problem:
            raise _fail(problem)
        url = os.environ.get("DATABASE_URL", "").strip()
        fixed = os.environ.get("SPARROW_GAME_SEED", "").strip()
        if fixed and not fixed.isdigit():
            raise _fail(f"SPARROW_GAME_SEED must be a whole number, got {fixed!r}")
        # The options first: the app reads the ones uvicorn has no place for from the environment.
        options = server_options(
            forwarded_allow_ips=forwarded_allow_ips,
            header_timeout=header_timeout,
            body_timeout=body_timeout,
            keep_alive_timeout=keep_alive_timeout,
            limit_concurrency=limit_concurrency,
            access_log=access_log,
        )
        try:
            if not url:
                url = sqlite_url(data_dir)
            # SPARROW_GAME_SEED: games get the seeds N, N+1, ... (demonstrations and tests only).
            application = create_app(
                url,
                game_seeds=itertools.count(int(fixed)) if fixed else None,
                opponents=opponents,
                public_url=public,
                workers=workers,
            )
        except DatabaseError as error:
            raise _fail(str(error)) from None
        except OSError as error:
            raise _fail(f"--data-dir: cannot use {data_dir!r}: {error.strerror or error}") from None
        except Exception as error:  # the database refused the connection, a migration failed...
            raise _fail(f"cannot open the database: {' '.join(str(error).split())[:300]}") from None
        where = "SQLite in " + os.path.abspath(data_dir) if url.startswith("sqlite") else url.split("@")[-1]
        print(f"Sparrow is running at {server_address(host, port)}  (storage: {where}; Ctrl+C stops it)", flush=True)
        if workers > 1:
            # Each process builds its own app from the environment; the schema is already migrated
            # (above), and games stay consistent across processes through their version numbers.
            os.environ["SPARROW_DATABASE_URL"] = url
            os.environ["SPARROW_OPPONENTS"] = json.dumps(opponents)
            os.environ["SPARROW_PUBLIC_URL"] = public or ""
            os.environ["SPARROW_WORKERS"] = str(workers)
            uvicorn.run(
                "sparrow.web.app:app_from_environment",
                factory=True,
                host=host,
                port=port,
                workers=workers,
                **options,
            )
            return
        config = uvicorn.Config(application, host=host, port=port, **options)
        server = uvicorn.Server(config)
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        if not server.started:  # taken between the check and the start
            raise _fail(listening_problem(host, port) or f"could not listen on {host}:{port}.")
