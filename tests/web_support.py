"""Helpers for the web app's tests: databases (SQLite and PostgreSQL), clients, servers, a winning line.

PostgreSQL: the tests read ``SPARROW_TEST_POSTGRES_URL`` (``.ci/run`` starts Debian's PostgreSQL and
sets it). Each test module gets a schema of its own, dropped at the end, so parallel workers never
meet. Without the variable the PostgreSQL half is skipped on a developer's machine and fails in CI.
"""

from __future__ import annotations

import functools
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, text

from sparrow.core.analysis import discard_options
from sparrow.core.tiles import tile_counts
from sparrow.play.table import Table
from sparrow.rules import get_ruleset
from sparrow.store import sqlite_url
from sparrow.web.app import create_app
from tests.clients import entered

# PostgreSQL is marked slow: `make test-fast` (the inner loop) runs the storage and web tests on SQLite
# alone, `make test` on both.
BACKENDS = ["sqlite", pytest.param("postgresql", marks=pytest.mark.slow)]
ROOT = Path(__file__).resolve().parent.parent


def postgres_base_url() -> str:
    url = os.environ.get("SPARROW_TEST_POSTGRES_URL", "").strip()
    if not url:
        if os.environ.get("CI"):
            pytest.fail("SPARROW_TEST_POSTGRES_URL is not set: .ci/run starts PostgreSQL and exports it")
        pytest.skip("PostgreSQL tests need SPARROW_TEST_POSTGRES_URL (see README: Development)")
    return url


@functools.cache
def _admin_engine(url: str) -> Any:
    return create_engine(url, pool_size=1, max_overflow=2)


def database_url(backend: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A fresh, empty database of ``backend``; yields its URL and drops it afterwards."""
    if backend == "sqlite":
        yield sqlite_url(tmp_path_factory.mktemp("sqlite"))
        return
    base = postgres_base_url()
    schema = "test_" + secrets.token_hex(6)
    engine = _admin_engine(base)
    with engine.begin() as db:
        db.execute(text(f"CREATE SCHEMA {schema}"))
    separator = "&" if "?" in base else "?"
    try:
        yield f"{base}{separator}options=-csearch_path%3D{schema}"
    finally:
        with engine.begin() as db:
            db.execute(text(f"DROP SCHEMA {schema} CASCADE"))


def random_address() -> str:
    """An IPv4 address of 10/8, most likely nobody else's in the test."""
    return f"10.{random.randrange(256)}.{random.randrange(256)}.{random.randrange(1, 255)}"


@pytest.fixture(scope="module", params=BACKENDS, name="app")
def app_on_each_backend(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """The ``app`` fixture of a module that imports it: the web app on a fresh database of each backend,
    for the module's tests together."""
    for url in database_url(request.param, tmp_path_factory):
        application = make_app(url)
        yield application
        application.state.store.close()


class Player:
    """One browser's worth of API use: its own cookie jar and CSRF token."""

    def __init__(self, app: Any, address: str | None = None, user_agent: str = "") -> None:
        """``address``: the client's address as the server sees it (``random_address()`` for one of
        its own: the throttles and quotas count by address); ``user_agent``: its browser."""
        options: dict[str, Any] = {}
        if address is not None:
            options["client"] = (address, 40000)
        if user_agent:
            options["headers"] = {"User-Agent": user_agent}
        # Entered once: the client keeps one event-loop thread instead of starting one a request.
        self.client = entered(TestClient(app, **options))
        self.csrf = self.client.get("/api/session").json()["csrf_token"]

    def get(self, path: str, **kwargs: Any) -> httpx.Response:
        return self.client.get(path, **kwargs)

    def send(
        self, method: str, path: str, body: Any = None, *, csrf: str | None = None, **kwargs: Any
    ) -> httpx.Response:
        headers = {"X-CSRF-Token": self.csrf if csrf is None else csrf}
        if body is None:
            return self.client.request(method, path, headers=headers, **kwargs)
        return self.client.request(method, path, json=body, headers=headers, **kwargs)

    def post(self, path: str, body: Any = None, **kwargs: Any) -> httpx.Response:
        return self.send("POST", path, body, **kwargs)

    def sign_up(self, username: str, password: str = "correct horse") -> httpx.Response:
        answer = self.post("/api/auth/signup", {"username": username, "password": password})
        if answer.status_code == 201:
            self.csrf = answer.json()["csrf_token"]
        return answer

    def log_in(self, username: str, password: str = "correct horse") -> httpx.Response:
        answer = self.post("/api/auth/login", {"username": username, "password": password})
        if answer.status_code == 200:
            self.csrf = answer.json()["csrf_token"]
        return answer

    def new_game(self, **body: Any) -> dict[str, Any]:
        answer = self.post("/api/games", body or {"rules": "casual", "level": "normal"})
        assert answer.status_code == 201, answer.text
        return answer.json()

    def act(self, game_id: str, action: dict[str, Any]) -> httpx.Response:
        return self.post(f"/api/games/{game_id}/actions", action)

    def new_room(self, **body: Any) -> dict[str, Any]:
        """A room this player hosts: casual, no turn limit, unless ``body`` says otherwise."""
        answer = self.post("/api/rooms", {"rules": "casual", "turn_seconds": None} | body)
        assert answer.status_code == 201, answer.text
        return answer.json()

    def sit(self, room: dict[str, Any], chair: int, name: str) -> dict[str, Any]:
        answer = self.post(f"/api/rooms/{room['id']}/chair", {"chair": chair, "name": name})
        assert answer.status_code == 200, answer.text
        return answer.json()


# The tests of everything but the quotas play from one client address ("testclient", or the loopback
# for a server process) and start dozens of games a minute in one session: the creation quotas
# (sparrow.web.quotas) would stop them. tests/test_web_quotas.py tests the quotas, at their defaults.
QUOTAS_VARIABLE = "SPARROW_QUOTAS"


def make_app(url: str, seeds: Iterator[int] | None = None, quotas: Any = None) -> Any:
    """The app on ``url``, with no creation quotas unless ``quotas`` (a ``Quotas``) are given."""
    from sparrow.web.quotas import Quotas  # here: a bench may import this module with older code

    return create_app(url, game_seeds=seeds, quotas=quotas if quotas is not None else Quotas.parse("off"))


def plain(action: dict[str, Any]) -> dict[str, Any]:
    """An action of the view's legal_actions, as a client sends it (no seat)."""
    return {key: value for key, value in action.items() if key != "seat"}


# ---------------------------------------------------------------------------- a line of play that wins


def sensible_action(observation: Any) -> Any:
    """A simple player: win when it can, pass on claims, discard towards a ready hand."""
    legal = observation.legal_actions
    for action in legal:
        if action.kind.value == "win":
            return action
    discards = [a for a in legal if a.kind.value == "discard"]
    if not discards:
        return next(a for a in legal if a.kind.value == "pass")
    forms = get_ruleset(observation.rules).forms(observation.options)
    counts = tile_counts(observation.hand)
    melds = len(observation.melds[observation.seat])
    best = discard_options(counts, melds, forms)[0].tile
    return next(a for a in discards if a.tile == best)


@functools.cache
def winning_line(rules: str = "casual", level: str = "normal", start: int = 1000) -> tuple[int, tuple[dict, ...]]:
    """The first seed from ``start`` on which :func:`sensible_action` wins the first hand, and the
    actions it plays (as a client sends them)."""
    for seed in range(start, start + 400):
        table = Table(rules, level, seed)
        step = table.start()
        actions = []
        while not step.hand_over:
            action = sensible_action(step.observation)
            actions.append(plain(action.to_dict()))
            step = table.act(action)
        if step.result is not None and step.result.winner == step.seat:
            return seed, tuple(actions)
    raise AssertionError("no winning seed found")


# ---------------------------------------------------------------------------- a real server process


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """``sparrow serve`` in a process of its own, on a free port of the loopback.

    Its standard output and error (the access log, a line a request) go to a file, ``log_path``,
    never to a pipe: a pipe nobody reads fills after a few hundred requests and the server then
    blocks on its next log line. ``output()`` reads what it wrote.
    """

    def __init__(
        self,
        data_dir: Path,
        database_url: str | None = None,
        seed: int | None = None,
        workers: int = 1,
        args: tuple[str, ...] = (),
    ) -> None:
        self.workers = workers
        self.args = args  # more options of sparrow serve
        self.data_dir = data_dir
        self.env = dict(os.environ)
        self.env.pop("DATABASE_URL", None)
        if database_url and not database_url.startswith("sqlite"):
            self.env["DATABASE_URL"] = database_url
        if seed is not None:
            self.env["SPARROW_GAME_SEED"] = str(seed)
        self.env.setdefault(QUOTAS_VARIABLE, "off")  # (see make_app; a test or bench may set it)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process: subprocess.Popen | None = None
        self.log_path: Path | None = None

    def command(self) -> list[str]:
        command = [sys.executable, "-m", "sparrow.cli", "serve", "--port", str(self.port)]
        command += ["--data-dir", str(self.data_dir)]
        if self.workers > 1 and "--workers" not in self.args:
            command += ["--workers", str(self.workers)]
        return command + list(self.args)

    def launch(self) -> subprocess.Popen:
        """The process started, without waiting for it to answer."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        # Beside the data (a test's or bench's temporary folder), by port: a server started again on
        # the same folder and port appends to the same file.
        self.log_path = self.data_dir / f"server-{self.port}.log"
        with open(self.log_path, "ab") as log:  # append mode: the child's writes never overwrite
            self.process = subprocess.Popen(
                self.command(), env=self.env, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT
            )
        return self.process

    def output(self) -> str:
        """What the server has written so far (access log, warnings, errors)."""
        if self.log_path is None or not self.log_path.exists():
            return ""
        return self.log_path.read_text(errors="replace")

    def start(self) -> Server:
        process = self.launch()
        self.wait_ready(process)
        return self

    def wait_ready(self, process: subprocess.Popen, seconds: float = 30) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if process.poll() is not None:
                raise AssertionError(f"the server stopped (exit code {process.returncode}): {self.output()}")
            try:
                if httpx.get(self.url + "/api/leaderboard", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError(f"the server did not start within {seconds:g} s: {self.output()}")

    def kill(self) -> None:
        """Stop it hard (SIGKILL): nothing gets to clean up."""
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()
