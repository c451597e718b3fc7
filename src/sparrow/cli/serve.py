"""``sparrow serve``: the web app (FastAPI served by uvicorn) on http://127.0.0.1:8000 by default.

Storage is SQLite in ``--data-dir`` (created on first run) unless ``DATABASE_URL`` names another
database (``postgresql+psycopg://user:password@host/dbname``). The schema is migrated at start-up.
"""

from __future__ import annotations

import itertools
import os
import sys
from typing import Annotated

import typer

from sparrow.cli.options import whole_number

__all__ = ["register"]


def _fail(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


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
                "--workers", parser=whole_number(1, 64), help="Server processes (one per core serves the most)."
            ),
        ] = 1,
    ) -> None:
        """Start the web app: play against the computer in the browser, with accounts and a leaderboard."""
        import uvicorn

        from sparrow.store import DatabaseError, sqlite_url
        from sparrow.web.app import create_app

        url = os.environ.get("DATABASE_URL", "").strip()
        fixed = os.environ.get("SPARROW_GAME_SEED", "").strip()
        if fixed and not fixed.isdigit():
            raise _fail(f"SPARROW_GAME_SEED must be a whole number, got {fixed!r}")
        try:
            if not url:
                url = sqlite_url(data_dir)
            # SPARROW_GAME_SEED: games get the seeds N, N+1, ... (demonstrations and tests only).
            application = create_app(url, game_seeds=itertools.count(int(fixed)) if fixed else None)
        except DatabaseError as error:
            raise _fail(str(error)) from None
        except OSError as error:
            raise _fail(f"--data-dir: cannot use {data_dir!r}: {error.strerror or error}") from None
        except Exception as error:  # the database refused the connection, a migration failed...
            raise _fail(f"cannot open the database: {' '.join(str(error).split())[:300]}") from None
        where = "SQLite in " + os.path.abspath(data_dir) if url.startswith("sqlite") else url.split("@")[-1]
        shown = "127.0.0.1" if host in ("0.0.0.0", "") else host
        print(f"Sparrow is running at http://{shown}:{port}/  (storage: {where}; Ctrl+C stops it)", flush=True)
        if workers > 1:
            # Each process builds its own app from the environment; the schema is already migrated
            # (above), and games stay consistent across processes through their version numbers.
            os.environ["SPARROW_DATABASE_URL"] = url
            uvicorn.run(
                "sparrow.web.app:app_from_environment",
                factory=True,
                host=host,
                port=port,
                workers=workers,
                log_level="warning",
                access_log=False,
            )
            return
        config = uvicorn.Config(application, host=host, port=port, log_level="warning", access_log=False)
        server = uvicorn.Server(config)
        try:
            server.run()
        except KeyboardInterrupt:
            pass
        if not server.started:
            raise _fail(f"could not listen on {host}:{port} (is another program using the port?)")
