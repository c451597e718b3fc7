"""What a room's live sockets and actions may cost the server: a message no longer than the protocol
needs, a budget of bytes a second on each socket, sockets capped per address, per session, per room
and per process (plain requests stay answerable when the sockets are at their cap), nothing kept in
memory for a room that does not exist, and an action limit that refuses floods, never a person
answering what the table asks."""

from __future__ import annotations

import contextlib
import json
import secrets
from collections import deque
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
from starlette.testclient import TestClient, WebSocketDenialResponse
from starlette.websockets import WebSocketDisconnect
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

from sparrow.web.app import create_app
from tests.clients import entered
from tests.web_support import Player, Server, plain


@pytest.fixture
def app(tmp_path):
    application = create_app(f"sqlite:///{tmp_path / 'rooms.db'}")
    yield application
    application.state.store.close()


def _started(ann: Player) -> dict:
    room = ann.new_room(level="easy")
    ann.sit(room, 0, "Ann")
    assert ann.post(f"/api/rooms/{room['id']}/start").status_code == 200
    return room


def choose(asked: list[dict]) -> dict:
    kinds = {a["action"]: a for a in asked}
    return plain(kinds.get("win") or kinds.get("pass") or next(a for a in asked if a["action"] == "discard"))


# ---------------------------------------------------------------- messages and bytes


def test_a_message_longer_than_the_protocol_needs_closes_the_socket(app):
    ann = Player(app)
    room = _started(ann)
    with ann.client.websocket_connect(f"/api/rooms/{room['id']}/live") as socket:
        socket.receive_json()
        big = json.dumps({"type": "action", "action": "pass", "tile": "x" * 5000})
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.send_text(big)
            got = socket.receive_json()
            pytest.fail(f"a {len(big)}-byte message was read: {got}")
    assert closed.value.code == 1009 and "4096" in closed.value.reason
    # A message of the protocol's size is answered as always.
    with ann.client.websocket_connect(f"/api/rooms/{room['id']}/live") as socket:
        socket.receive_json()
        socket.send_text('{"type": "dance"}')
        assert socket.receive_json()["status"] == 422


def test_a_socket_sending_more_bytes_a_second_than_people_do_is_closed(app):
    ann = Player(app)
    room = _started(ann)
    with ann.client.websocket_connect(f"/api/rooms/{room['id']}/live") as socket:
        socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(10):  # ten messages of 3,000 bytes, each under the message limit
                socket.send_text(json.dumps({"type": "ping", "pad": "x" * 3000}))
            socket.send_text('{"type": "dance"}')
            got = socket.receive_json()
            pytest.fail(f"30 kB in a moment were read: {got}")
    assert closed.value.code == 4429 and "bytes" in closed.value.reason


# ---------------------------------------------------------------- sockets per session, address and room


@contextlib.contextmanager
def _sockets(client: TestClient, path: str, count: int) -> Iterator[list[Any]]:
    with contextlib.ExitStack() as stack:
        opened = []
        for _ in range(count):
            socket = stack.enter_context(client.websocket_connect(path))
            assert socket.receive_json()["type"] == "view"
            opened.append(socket)
        yield opened


def test_one_session_opens_a_few_sockets_on_a_room_not_hundreds(app):
    ann = Player(app)
    room = _started(ann)
    path = f"/api/rooms/{room['id']}/live"
    cap = 8  # tabs of one person
    with _sockets(ann.client, path, cap):
        with pytest.raises(WebSocketDenialResponse) as refused:
            with ann.client.websocket_connect(path):
                pass
        assert refused.value.status_code == 429 and refused.value.headers["Retry-After"]
        assert "sockets" in refused.value.json()["detail"]
    with ann.client.websocket_connect(path) as socket:  # the ones closed free their places
        assert socket.receive_json()["chair"] == 0


def test_one_address_opens_a_few_dozen_spectator_sockets_not_a_thousand(app):
    ann = Player(app)
    room = _started(ann)
    path = f"/api/rooms/{room['id']}/live"
    crowd = entered(TestClient(app, client=("203.0.113.9", 40000)))  # no cookie: anonymous spectators
    elsewhere = entered(TestClient(app, client=("198.51.100.7", 40000)))
    with _sockets(crowd, path, 32):
        with pytest.raises(WebSocketDenialResponse) as refused:
            with crowd.websocket_connect(path):
                pass
        assert refused.value.status_code == 429 and "address" in refused.value.json()["detail"]
        with elsewhere.websocket_connect(path) as socket:  # another address is not held back
            assert socket.receive_json()["chair"] is None
        assert ann.get(f"/api/rooms/{room['id']}").status_code == 200


def test_a_room_takes_so_many_spectators_but_always_its_people(app):
    app.state.rooms.sockets.per_room = 3
    ann = Player(app)
    room = _started(ann)
    path = f"/api/rooms/{room['id']}/live"
    watchers = [entered(TestClient(app, client=(f"192.0.2.{n}", 40000))) for n in range(4)]
    with contextlib.ExitStack() as stack:
        for watcher in watchers[:3]:
            stack.enter_context(watcher.websocket_connect(path)).receive_json()
        with pytest.raises(WebSocketDenialResponse) as refused:
            with watchers[3].websocket_connect(path):
                pass
        assert refused.value.status_code == 429 and "room" in refused.value.json()["detail"]
        with ann.client.websocket_connect(path) as socket:  # a person at the table is never kept out
            assert socket.receive_json()["chair"] == 0


# ---------------------------------------------------------------- a real server at its cap


def _open(base: str, room_id: str, forwarded_for: str | None = None) -> ClientConnection | int:
    """A spectator's socket on the room, or the HTTP status that refused it."""
    headers = {"X-Forwarded-For": forwarded_for} if forwarded_for else {}
    address = base.replace("http://", "ws://") + f"/api/rooms/{room_id}/live"
    try:
        socket = connect(address, additional_headers=headers, open_timeout=10).__enter__()
    except InvalidStatus as refused:
        return refused.response.status_code
    json.loads(socket.recv(10))
    return socket


@pytest.mark.slow
def test_plain_requests_are_answered_while_the_sockets_are_at_their_cap(tmp_path):
    """Sockets from one address and then from many (a proxy's X-Forwarded-For) fill what they may of
    ``--limit-concurrency 40``: the rest are refused with 429, and every plain request still gets
    its answer, not 503."""
    server = Server(tmp_path / "data", args=("--limit-concurrency", "40", "--forwarded-allow-ips", "127.0.0.1"))
    server.start()
    opened: list[ClientConnection] = []
    try:
        client = httpx.Client(base_url=server.url, timeout=30)
        csrf = client.get("/api/session").json()["csrf_token"]
        room = client.post("/api/rooms", json={"rules": "casual"}, headers={"X-CSRF-Token": csrf}).json()
        refused: deque[int] = deque()
        for n in range(60):
            got = _open(server.url, room["id"], forwarded_for=f"10.1.{n // 16}.{n % 16 + 1}" if n >= 20 else None)
            (refused.append(got) if isinstance(got, int) else opened.append(got))
        codes = [httpx.get(server.url + "/api/leaderboard", timeout=10).status_code for _ in range(20)]
        assert codes == [200] * 20, codes
        assert client.get(f"/api/rooms/{room['id']}").status_code == 200
        assert refused and set(refused) == {429}, list(refused)
        assert 0 < len(opened) <= 32
    finally:
        for socket in opened:
            socket.close()
        server.stop()


# ---------------------------------------------------------------- rooms that do not exist


def _strings_held(value: Any, depth: int = 4) -> set[str]:
    """Every string in the containers the rooms' service holds (its own objects looked into)."""
    if isinstance(value, str):
        return {value}
    if depth == 0:
        return set()
    found: set[str] = set()
    if isinstance(value, dict):
        for key, item in value.items():
            found |= _strings_held(key, depth - 1) | _strings_held(item, depth - 1)
    elif isinstance(value, (list, tuple, set, frozenset, deque)):
        for item in value:
            found |= _strings_held(item, depth - 1)
    elif type(value).__module__.startswith("sparrow.web") and hasattr(value, "__dict__"):
        found |= _strings_held(vars(value), depth - 1)
    return found


def test_nothing_is_kept_for_a_room_that_does_not_exist(app):
    ann = Player(app)
    real = _started(ann)
    ids = {secrets.token_urlsafe(16) for _ in range(60)}
    for room_id in ids:
        assert ann.get(f"/api/rooms/{room_id}").status_code == 404
        assert ann.get(f"/api/rooms/{room_id}/result").status_code == 404
        assert ann.get(f"/rooms/{room_id}").status_code == 404
        for action in ("start", "next", "away", "back"):
            assert ann.post(f"/api/rooms/{room_id}/{action}").status_code == 404
        assert ann.post(f"/api/rooms/{room_id}/chair", {"chair": 0, "name": "Ann"}).status_code == 404
        assert ann.post(f"/api/rooms/{room_id}/actions", {"action": "pass", "seen": 3}).status_code == 404
        with pytest.raises(WebSocketDisconnect) as closed:
            with ann.client.websocket_connect(f"/api/rooms/{room_id}/live") as socket:
                socket.receive_json()
                socket.receive_json()
        assert closed.value.code == 4404
    held = _strings_held(app.state.rooms)
    assert not held & ids, f"{len(held & ids)} unknown rooms are remembered"
    assert real["id"] in held  # (the look reaches where rooms are kept)


# ---------------------------------------------------------------- the action limit


def test_a_person_answering_what_the_table_asks_is_never_held_back(app):
    """Auto-pass and keyboard players answer at once, many times a second: every answer to what
    the table asks is taken. A flood of decisions the table did not ask for is refused (429), and
    even then the person's answer to the table goes through."""
    app.state.rooms.actions_per_second = 3
    ann = Player(app)
    room = ann.new_room(level="easy", options={"hands": 16})
    ann.sit(room, 0, "Ann")
    path = f"/api/rooms/{room['id']}"
    view = ann.post(f"{path}/start").json()

    def answer() -> dict:
        nonlocal view
        while view["hand_over"]:  # (dealing the next hand is no action)
            view = ann.post(f"{path}/next").json()
        taken = ann.post(f"{path}/actions", choose(view["asked"]) | {"seen": view["event_count"]})
        assert taken.status_code == 200, taken.text
        return taken.json()

    for _ in range(12):
        view = answer()
    codes = [ann.post(f"{path}/actions", {"action": "kong", "seen": 0}).status_code for _ in range(8)]
    assert 429 in codes and set(codes) <= {409, 429}, codes
    view = answer()
