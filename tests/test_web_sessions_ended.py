"""Sessions end for good, only the server's own tokens are taken, and signing in keeps one's chair
(security testing, items 3, 4 and 5). On SQLite and PostgreSQL, through the HTTP API.

An ended session's cookie, sent again, must open nothing: not the chair it held in a room, not the
host's role, not the concealed hand. A cookie the server never issued is never adopted. A guest who
signs up or signs in keeps the chair, the host's role and the games they had."""

from __future__ import annotations

import base64
import hashlib
import random
import time
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from sparrow.store.tables import sessions
from sparrow.web.session import live_session_id
from tests.clients import entered
from tests.web_support import (
    Player,
    app_on_each_backend,  # noqa: F401 (the module's "app" fixture)
    random_address,
)

PASSWORD = "correct horse"


class Browser(Player):
    """A Player on an address of its own (the sign-in throttle counts by address)."""

    def __init__(self, app: Any) -> None:
        super().__init__(app, random_address())

    @property
    def token(self) -> str:
        return self.client.cookies.get("sparrow_session") or ""


def name(prefix: str) -> str:
    return f"{prefix}{random.randrange(10**9)}"


def derived_csrf(token: str) -> str:
    """The CSRF token of a guest session that is not stored yet: a hash of the cookie's token, which
    anyone who holds (or makes up) the token can work out, since the code is public."""
    digest = hashlib.sha256(b"sparrow csrf\0" + token.encode()).digest()
    return base64.urlsafe_b64encode(digest).decode().rstrip("=")


class OldCookie:
    """Someone who kept a copy of a cookie (a shared computer, a copied browser profile, a stolen
    file) and sends it again and again, whatever the server answers with."""

    def __init__(self, app: Any, token: str) -> None:
        self.client = entered(TestClient(app, client=("192.0.2.66", 40000)))
        self.token = token

    def _send(self, method: str, path: str, csrf: str | None = None, body: Any = None) -> Any:
        self.client.cookies.clear()
        self.client.cookies.set("sparrow_session", self.token)
        headers = {"X-CSRF-Token": csrf} if csrf is not None else {}
        return self.client.request(method, path, headers=headers, json=body)

    def get(self, path: str) -> Any:
        return self._send("GET", path)

    def csrf_tokens(self) -> list[str]:
        """Every CSRF token the attacker can come by: the one the server hands this cookie, and the
        one derived from the cookie's token."""
        return [self.get("/api/session").json()["csrf_token"], derived_csrf(self.token)]

    def post(self, path: str, body: Any = None) -> list[int]:
        """The statuses of the change sent with each CSRF token the attacker has."""
        return [self._send("POST", path, csrf, body).status_code for csrf in self.csrf_tokens()]


def seated_room(host: Player, others: int = 1) -> str:
    """A room that ``host`` created, sat down in (chair 0) and started, with ``others`` more people."""
    room = host.post("/api/rooms", {"rules": "casual", "turn_seconds": None})
    assert room.status_code == 201, room.text
    room_id = room.json()["id"]
    assert host.post(f"/api/rooms/{room_id}/chair", {"chair": 0, "name": "Host"}).status_code == 200
    return room_id


def start(host: Player, room_id: str) -> None:
    answer = host.post(f"/api/rooms/{room_id}/start")
    assert answer.status_code == 200, answer.text


def assert_owns_nothing(app: Any, token: str, room_id: str) -> None:
    """The old cookie sees the room as a stranger and cannot act in it."""
    old = OldCookie(app, token)
    view = old.get(f"/api/rooms/{room_id}").json()
    assert view["chair"] is None and view["host"] is False, "an ended session still holds its chair or host role"
    assert view["observation"] is None, "an ended session still sees the concealed hand"
    assert set(old.post(f"/api/rooms/{room_id}/away")) == {403}, "an ended session's action was accepted"
    assert old.get("/api/session").json()["user"] is None


# ---------------------------------------------------------------------------- 3. ended sessions stay ended


def _sign_out(app: Any, host: Browser, _other: Browser) -> None:
    assert host.post("/api/auth/logout").status_code == 204


def _new_password(app: Any, _host: Browser, other: Browser) -> None:
    change = other.post("/api/account/password", {"current_password": PASSWORD, "new_password": "battery staple"})
    assert change.status_code == 200, change.text


def _everywhere(app: Any, _host: Browser, other: Browser) -> None:
    assert other.post("/api/auth/logout-everywhere").status_code == 204


def _deleted(app: Any, _host: Browser, other: Browser) -> None:
    assert other.send("DELETE", "/api/account", {"password": PASSWORD}).status_code == 204


def _idle(app: Any, host: Browser, _other: Browser) -> None:
    store = app.state.store
    session_id = hashlib.sha256(host.token.encode()).hexdigest()
    with store.engine.begin() as db:
        db.execute(update(sessions).where(sessions.c.id == session_id).values(seen_at=time.time() - 91 * 24 * 3600))


@pytest.mark.parametrize("ending", [_sign_out, _new_password, _everywhere, _deleted, _idle])
def test_an_ended_signed_in_session_never_comes_back(app, ending):
    host, other = Browser(app), Browser(app)
    username = name("host")
    assert host.sign_up(username).status_code == 201
    assert other.log_in(username).status_code == 200
    room_id = seated_room(host)
    start(host, room_id)
    assert host.get(f"/api/rooms/{room_id}").json()["observation"]["hand"]  # the host's own tiles
    token = host.token
    ending(app, host, other)
    assert_owns_nothing(app, token, room_id)


def test_an_idle_guest_session_never_comes_back(app):
    guest = Browser(app)
    room_id = seated_room(guest)
    start(guest, room_id)
    token = guest.token
    _idle(app, guest, guest)
    assert_owns_nothing(app, token, room_id)


@pytest.mark.parametrize("how", ["signup", "login"])
def test_a_guest_session_replaced_at_sign_in_never_comes_back(app, how):
    username = name("guest")
    if how == "login":
        Browser(app).sign_up(username)
    guest = Browser(app)
    room_id = seated_room(guest)
    start(guest, room_id)
    token = guest.token
    answer = guest.sign_up(username) if how == "signup" else guest.log_in(username)
    assert answer.status_code in (200, 201), answer.text
    assert_owns_nothing(app, token, room_id)


def test_a_guest_signed_out_before_any_change_never_comes_back(app):
    """A guest who only looked (no row) and then signs out: that token is over too."""
    guest = Browser(app)
    token = guest.token
    assert guest.post("/api/auth/logout").status_code == 204
    old = OldCookie(app, token)
    assert set(old.post("/api/games", {"rules": "casual"})) == {403}
    assert live_session_id(app.state.store, token) is None


# ---------------------------------------------------------------------------- 4. only issued tokens


@pytest.mark.parametrize(
    "shape",
    [
        "old",  # the shape of the tokens the server used to hand out
        "today",  # the shape of today's, with this moment in it, not signed
    ],
)
def test_a_token_the_server_never_issued_is_not_adopted(app, shape):
    # (made here, not in the parameters: a moment in a test's name differs between the workers that
    # collect the tests a second apart, and pytest-xdist then refuses the run)
    made_up = "A" * 43 if shape == "old" else "a" * 43 + "." + f"{int(time.time()):x}" + "." + "b" * 43
    old = OldCookie(app, made_up)
    first = old.get("/api/session")
    assert first.cookies.get("sparrow_session") not in (None, made_up)  # a cookie of the server's own instead
    assert set(old.post("/api/games", {"rules": "casual"})) == {403}
    assert old.get("/api/games").json() == []
    assert live_session_id(app.state.store, made_up) is None


def test_a_token_the_server_issued_is_taken_and_live(app):
    guest = entered(TestClient(app))
    csrf = guest.get("/api/session").json()["csrf_token"]
    token = guest.cookies.get("sparrow_session")
    assert live_session_id(app.state.store, token) == hashlib.sha256(token.encode()).hexdigest()
    assert guest.post("/api/games", json={}, headers={"X-CSRF-Token": csrf}).status_code == 201
    assert live_session_id(app.state.store, token) == hashlib.sha256(token.encode()).hexdigest()
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    assert live_session_id(app.state.store, forged) is None


# ---------------------------------------------------------------------------- 5. signing in keeps one's place


@pytest.mark.parametrize("how", ["signup", "login"])
def test_a_guest_who_signs_in_keeps_the_chair_the_host_role_and_the_games(app, how):
    username = name("keeper")
    if how == "login":
        Browser(app).sign_up(username)
    guest, friend = Browser(app), Browser(app)
    game = guest.new_game()["id"]
    room_id = seated_room(guest)
    assert friend.post(f"/api/rooms/{room_id}/chair", {"chair": 1, "name": "Friend"}).status_code == 200
    answer = guest.sign_up(username) if how == "signup" else guest.log_in(username)
    assert answer.status_code in (200, 201), answer.text
    view = guest.get(f"/api/rooms/{room_id}").json()
    assert view["chair"] == 0 and view["host"] is True
    start(guest, room_id)  # only the host may
    view = guest.get(f"/api/rooms/{room_id}").json()
    assert view["observation"]["hand"]
    assert guest.post(f"/api/rooms/{room_id}/away").status_code == 200
    assert [g["id"] for g in guest.get("/api/games").json()] == [game]
    assert friend.get(f"/api/rooms/{room_id}").json()["chair"] == 1  # nobody else moved
    mine = [room for room in guest.get("/api/rooms").json() if room["id"] == room_id]
    assert [(room["host"], room["chair"]) for room in mine] == [(True, 0)]
