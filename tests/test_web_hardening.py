"""The server as an attacker and an operator find it (issue 32, item 6): a body limit on every route,
no stored session for an anonymous page view, refusals that name the problem, /docs of our own with
the security headers, the cookie's 90 days, paging of the games, the database file its owner's only;
and, on a real ``sparrow serve``, slow clients cut off, proxies believed only when named, the access log."""

from __future__ import annotations

import os
import re
import socket
import stat
import subprocess
import sys
import time

import httpx2 as httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from sparrow.store.tables import sessions
from tests.web_support import ROOT, Player, database_url, free_port, make_app


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    for url in database_url("sqlite", tmp_path_factory):
        application = make_app(url)
        yield application
        application.state.store.close()


def stored_sessions(app) -> int:
    with app.state.store.engine.connect() as db:
        return db.execute(select(func.count()).select_from(sessions)).scalar_one()


def refused(answer, status: int) -> str:
    assert answer.status_code == status, answer.text
    return answer.json()["detail"]


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("POST", "/api/games"),
        ("POST", "/api/auth/signup"),
        ("POST", "/api/auth/login"),
        ("PUT", "/api/settings"),
        ("POST", "/api/sheets/import"),
        ("POST", "/api/score"),
    ],
)
def test_every_route_refuses_a_body_over_the_limit(app, method, path):
    player = Player(app)
    huge = b'{"username": "' + b"x" * (2 * 1024 * 1024) + b'"}'
    answer = player.client.request(
        method, path, content=huge, headers={"X-CSRF-Token": player.csrf, "Content-Type": "application/json"}
    )
    assert "larger than 1048576 bytes" in refused(answer, 413)

    def chunks():  # no Content-Length: streamed
        for _ in range(40):
            yield b"x" * 65536

    streamed = player.client.request(method, path, content=chunks(), headers={"X-CSRF-Token": player.csrf})
    assert streamed.status_code == 413
    assert player.get("/api/games").json() == []


def test_anonymous_page_views_store_no_session(app):
    before = stored_sessions(app)
    for _ in range(30):
        for page in ("/calculator", "/", "/leaderboard", "/signin"):
            assert TestClient(app).get(page).status_code == 200
    assert stored_sessions(app) == before
    # A page's token works: the first change stores the session.
    browser = TestClient(app)
    page = browser.get("/")
    csrf = re.search(r'name="csrf-token" content="([^"]+)"', page.text).group(1)
    assert browser.get("/api/session").json()["csrf_token"] == csrf  # the same session
    created = browser.post("/api/games", json={}, headers={"X-CSRF-Token": csrf})
    assert created.status_code == 201
    assert stored_sessions(app) == before + 1
    assert [game["id"] for game in browser.get("/api/games").json()] == [created.json()["id"]]
    # Somebody else's cookie-less change, or a made-up token, is still refused.
    assert TestClient(app).post("/api/games", json={}, headers={"X-CSRF-Token": csrf}).status_code == 403
    forged = TestClient(app)
    forged.cookies.set("sparrow_session", "A" * 43)
    assert forged.post("/api/games", json={}, headers={"X-CSRF-Token": "A" * 43}).status_code == 403


def test_the_cookie_is_for_ninety_days(app):
    cookie = TestClient(app).get("/api/session").headers["set-cookie"]
    assert f"Max-Age={90 * 24 * 3600}" in cookie and "HttpOnly" in cookie


def test_malformed_actions_and_numbers_are_422_naming_the_problem(app):
    player = Player(app)
    game = player.new_game()["id"]
    assert "tile must be a tile" in refused(player.act(game, {"action": "discard", "tile": 5}), 422)
    assert "tile must be a tile" in refused(player.act(game, {"action": "discard", "tile": ["5p"]}), 422)
    big = player.act(game, {"action": "discard", "tile": "5p", "version": 10**30})
    assert "too large" in refused(big, 422)
    assert "at least 0" in refused(player.act(game, {"action": "pass", "version": -1}), 422)
    headers = {"X-CSRF-Token": player.csrf, "Content-Type": "application/json"}
    for path in ("/api/auth/login", "/api/games", f"/api/games/{game}/actions", "/api/account/password"):
        answer = player.client.post(path, content=b'{"username": ', headers=headers)
        assert refused(answer, 422) == "The request body is not valid JSON."
    assert refused(player.post("/api/auth/login", [1, 2]), 422)
    assert "username" in refused(player.post("/api/auth/login", {"password": "x" * 8}), 422)
    assert refused(player.get("/api/leaderboard?limit=" + "9" * 40), 422) == "The parameter limit must be at most 500."
    assert player.get(f"/api/games/{game}").json()["version"] == 1  # nothing was applied


def test_docs_are_our_own_page_with_the_security_headers(app):
    answer = TestClient(app).get("/docs")
    assert answer.status_code == 200
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    assert answer.headers["x-content-type-options"] == "nosniff"
    assert "cdn" not in answer.text.lower() and "<script" not in answer.text
    assert "POST /api/auth/login" in answer.text and "/api/account/export" in answer.text
    assert TestClient(app).get("/redoc").status_code == 404


def test_games_come_in_pages(app):
    player = Player(app)
    made = [player.new_game()["id"] for _ in range(3)]
    first = player.get("/api/games?limit=2")
    assert [g["id"] for g in first.json()] == made[::-1][:2]
    assert first.headers["link"] == '</api/games?limit=2&offset=2>; rel="next"'
    rest = player.get("/api/games?limit=2&offset=2")
    assert [g["id"] for g in rest.json()] == made[:1] and "link" not in rest.headers
    assert "limit" in refused(player.get("/api/games?limit=0"), 422)
    assert "limit" in refused(player.get("/api/games?limit=101"), 422)


def test_the_database_file_is_its_owners_only(tmp_path):
    for url in database_url("sqlite", _Factory(tmp_path)):
        application = make_app(url)
        Player(application).new_game()
        path = url.removeprefix("sqlite:///")
        for name in (path, path + "-wal"):
            if os.path.exists(name):
                assert stat.S_IMODE(os.stat(name).st_mode) == 0o600, name
        application.state.store.close()


class _Factory:
    def __init__(self, base):
        self.base = base

    def mktemp(self, name):
        folder = self.base / name
        folder.mkdir()
        return folder


# ---------------------------------------------------------------------------- a real server


def _serve(tmp_path, *args: str):
    port = free_port()
    env = dict(os.environ)
    env.pop("DATABASE_URL", None)
    command = [sys.executable, "-m", "sparrow.cli", "serve", "--port", str(port), "--data-dir", str(tmp_path), *args]
    process = subprocess.Popen(command, env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            if httpx.get(url + "/api/leaderboard", timeout=1).status_code == 200:
                return process, port
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError("the server did not start")


def _stop(process) -> tuple[str, str]:
    process.terminate()
    try:
        out, err = process.communicate(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()
        out, err = process.communicate()
    return out, err


@pytest.mark.slow
def test_slow_clients_are_cut_off_and_proxies_are_believed_only_when_named(tmp_path):
    process, port = _serve(
        tmp_path, "--header-timeout", "1", "--body-timeout", "1", "--forwarded-allow-ips", "127.0.0.1"
    )
    try:
        with socket.create_connection(("127.0.0.1", port)) as trickle:  # a body that never ends
            trickle.sendall(b"PUT /api/settings HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{")
            trickle.settimeout(10)
            started = time.monotonic()
            answer = b""
            while chunk := trickle.recv(1000):  # head and body may come in separate packets
                answer += chunk
            assert answer.startswith(b"HTTP/1.1 408") and b"did not arrive within 1 seconds" in answer
            assert time.monotonic() - started < 5
        slow = [socket.create_connection(("127.0.0.1", port)) for _ in range(20)]
        for sock in slow:
            sock.sendall(b"GET /api/leaderboard HTTP/1.1\r\nHost: x\r\n")  # never finished
        time.sleep(2.5)
        for sock in slow:
            sock.settimeout(2)
            assert sock.recv(100) == b""  # closed by the server
            sock.close()
        answer = httpx.get(f"http://127.0.0.1:{port}/api/leaderboard", headers={"X-Forwarded-For": "203.0.113.9"})
        assert answer.status_code == 200 and "server" not in answer.headers
    finally:
        out, _ = _stop(process)
    assert re.search(r"203\.0\.113\.9:\d+ - \"GET /api/leaderboard HTTP/1\.1\" 200", out), out[-2000:]


@pytest.mark.slow
def test_without_named_proxies_no_forwarded_header_is_believed(tmp_path):
    process, port = _serve(tmp_path)
    try:
        answer = httpx.get(f"http://127.0.0.1:{port}/api/leaderboard", headers={"X-Forwarded-For": "203.0.113.9"})
        assert answer.status_code == 200
    finally:
        out, _ = _stop(process)
    assert "203.0.113.9" not in out and re.search(r"127\.0\.0\.1:\d+ - \"GET /api/leaderboard", out), out[-2000:]
