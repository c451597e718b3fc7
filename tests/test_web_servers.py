"""Real ``sparrow serve`` processes as the tests and benches start them (``tests/web_support.Server``):
a server that logs a lot keeps answering, and several servers started at once on one fresh database
all come up (the migrations run one at a time)."""

from __future__ import annotations

import httpx2 as httpx
import pytest

from tests.web_support import BACKENDS, Server, database_url

pytestmark = pytest.mark.slow


def test_a_server_that_logs_a_lot_keeps_answering(tmp_path):
    """Every request is a line of the access log; 400 lines of 4 KB each are far more than a pipe
    holds (64 KiB), so a log nobody reads would stop the server within the first twenty."""
    server = Server(tmp_path / "data").start()
    try:
        with httpx.Client(base_url=server.url, timeout=20) as client:
            for number in range(400):
                answer = client.get(f"/api/leaderboard?n={number}&padding={'x' * 4000}")
                assert answer.status_code == 200, number
        assert "/api/leaderboard?n=399&padding=" in server.output()
    finally:
        server.stop()


@pytest.fixture(params=BACKENDS)
def fresh_database(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


def test_three_servers_started_at_once_on_a_fresh_database_all_come_up(fresh_database, tmp_path):
    """Nothing waits between the three starts: each migrates the empty database at the same moment
    (on SQLite, three processes on one file). Each comes up, and they serve one database."""
    servers = [Server(tmp_path / "data", fresh_database) for _ in range(3)]
    try:
        processes = [server.launch() for server in servers]
        for server, process in zip(servers, processes, strict=True):
            server.wait_ready(process, seconds=60)
        first = httpx.Client(base_url=servers[0].url, timeout=20)
        csrf = first.get("/api/session").json()["csrf_token"]
        game = first.post("/api/games", json={"rules": "casual"}, headers={"X-CSRF-Token": csrf}).json()
        for server in servers[1:]:  # the same cookie on another server: one database
            answer = httpx.get(f"{server.url}/api/games/{game['id']}", cookies=first.cookies, timeout=20)
            assert answer.status_code == 200, answer.text
        first.close()
    finally:
        for server in servers:
            server.stop()
