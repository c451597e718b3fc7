"""Rooms live, as people use them: actions over the socket, a flood refused, another site's page kept
out, absence kept across a restart, and no hidden tile in any WebSocket message of 50 hands, for a
person and for a spectator. (Rooms across real server processes: test_web_rooms_processes.py.)"""

from __future__ import annotations

import json

import pytest
from starlette.websockets import WebSocketDisconnect

from sparrow.game.events import seat_view, spectator_view, split_hands
from sparrow.web.app import create_app
from tests.web_support import Player, plain


@pytest.fixture
def database(tmp_path):
    return f"sqlite:///{tmp_path / 'rooms.db'}"


@pytest.fixture
def app(database):
    application = create_app(database)
    yield application
    application.state.store.close()


def choose(asked: list[dict]) -> dict:
    """A plain player: win when it can, pass on claims, else discard the first tile offered."""
    kinds = {a["action"]: a for a in asked}
    return plain(kinds.get("win") or kinds.get("pass") or next(a for a in asked if a["action"] == "discard"))


def test_a_person_acts_through_the_socket_and_a_refusal_changes_nothing(app):
    ann, bob, watcher = Player(app), Player(app), Player(app)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    bob.sit(room, 1, "Bob")
    assert ann.post(f"/api/rooms/{room['id']}/start").status_code == 200
    path = f"/api/rooms/{room['id']}/live"
    with ann.client.websocket_connect(path) as a, bob.client.websocket_connect(path) as b:
        views = {"Ann": a.receive_json(), "Bob": b.receive_json()}
        mover, socket = ("Ann", a) if views["Ann"]["asked"] else ("Bob", b)
        other = b if socket is a else a
        view = views[mover]
        before = view["event_count"]
        socket.send_json({"type": "action", "action": "discard", "tile": "9z"})  # not a tile
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["status"] == 422, refused
        socket.send_json({"type": "action", "action": "kong"} | {"seen": before})
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["status"] == 409, refused
        socket.send_json({"type": "dance"})
        assert socket.receive_json()["type"] == "error"
        assert ann.get(f"/api/rooms/{room['id']}").json()["event_count"] == before  # unchanged
        socket.send_json({"type": "action", "seen": before} | choose(view["asked"]))
        pushed = socket.receive_json()
        assert pushed["type"] == "view" and pushed["event_count"] > before
        assert other.receive_json()["event_count"] == pushed["event_count"]  # the other person too
    # A spectator's socket shows the room but acts for nobody.
    with watcher.client.websocket_connect(path) as w:
        seen = w.receive_json()
        assert seen["chair"] is None and seen["observation"] is None
        w.send_json({"type": "action", "action": "pass"})
        assert w.receive_json()["status"] == 403


def test_a_flood_of_actions_is_refused_and_the_room_kept(app):
    ann = Player(app)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    ann.post(f"/api/rooms/{room['id']}/start")
    before = ann.get(f"/api/rooms/{room['id']}").json()
    codes = [ann.post(f"/api/rooms/{room['id']}/actions", {"action": "kong", "seen": 0}).status_code for _ in range(25)]
    assert 429 in codes and set(codes) <= {409, 429}, codes
    after = ann.get(f"/api/rooms/{room['id']}").json()
    assert after["events"] == before["events"] and after["version"] == before["version"]


def test_a_flooded_socket_is_closed(app):
    ann = Player(app)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    ann.post(f"/api/rooms/{room['id']}/start")
    with ann.client.websocket_connect(f"/api/rooms/{room['id']}/live") as socket:
        socket.receive_json()
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(200):
                socket.send_text('{"type": "ping"}')
            while True:
                socket.receive_json()
    assert closed.value.code == 4429


def test_another_sites_page_cannot_open_a_persons_socket(app):
    ann = Player(app)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    path = f"/api/rooms/{room['id']}/live"
    with pytest.raises(WebSocketDisconnect) as refused:
        with ann.client.websocket_connect(path, headers={"origin": "https://evil.example"}) as socket:
            socket.receive_json()
    assert refused.value.code == 4403
    with ann.client.websocket_connect(path, headers={"origin": "http://testserver"}) as socket:
        assert socket.receive_json()["chair"] == 0


def test_who_is_away_is_kept_when_the_server_starts_again(database):
    first = create_app(database)
    ann, bob = Player(first), Player(first)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    bob.sit(room, 1, "Bob")
    ann.post(f"/api/rooms/{room['id']}/start")
    assert bob.post(f"/api/rooms/{room['id']}/away").status_code == 200
    before = ann.get(f"/api/rooms/{room['id']}").json()
    first.state.store.close()
    second = create_app(database)  # a new process: nothing in memory
    ann.client.app = bob.client.app = second
    try:
        again = ann.get(f"/api/rooms/{room['id']}").json()
        assert again["chairs"][1]["away"] is True and again["chairs"][0]["away"] is False
        assert again["events"] == before["events"]
        assert bob.get(f"/api/rooms/{room['id']}").json()["asked"] is None  # his stand-in decides
        assert bob.post(f"/api/rooms/{room['id']}/back").status_code == 200
        assert ann.get(f"/api/rooms/{room['id']}").json()["chairs"][1]["away"] is False
    finally:
        second.state.store.close()


# ---------------------------------------------------------------- hidden information, 50 hands


def _check_message(message: dict, viewer_chair: int | None) -> None:
    """What may be in one live message: the viewer's own concealed tiles only, no wall, no seed."""
    assert message["type"] == "view" and message["chair"] == viewer_chair
    me = None
    if viewer_chair is None:
        assert message["observation"] is None and message["asked"] is None
    else:  # a message holds the events of one change: of one hand
        me = message["chairs"][viewer_chair]["seat"]
        assert message["observation"]["seat"] == me
    for numbered in message["events"]:
        event = numbered["event"]
        kind = event["event"]
        if kind == "hand_start":
            assert event["wall"] is None and event["seed"] is None
        elif kind == "deal":
            assert all(tiles is None for seat, tiles in event["hands"].items() if seat != me)
            assert me is None or event["hands"][me] is not None
        elif kind == "draw" and event["seat"] != me:
            assert event["tile"] is None
        elif kind == "bonus" and event["seat"] != me:
            assert event["replacement"] is None


@pytest.mark.slow
def test_no_websocket_message_of_50_hands_shows_a_hidden_tile(app):
    """Ann plays 50 hands through her socket while a spectator watches; every message each of them
    gets is checked, and every event in it is the referee's event as that viewer may see it."""
    app.state.rooms.actions_per_second = app.state.rooms.messages_per_second = 10_000  # a script is quick
    ann, watcher = Player(app), Player(app)
    room = ann.new_room(options={"hands": 50}, level="easy")
    ann.sit(room, 0, "Ann")
    ann.post(f"/api/rooms/{room['id']}/start")
    path = f"/api/rooms/{room['id']}/live"
    got: dict[str, list[dict]] = {"Ann": [], "spectator": []}
    with ann.client.websocket_connect(path) as mine, watcher.client.websocket_connect(path) as theirs:
        view = mine.receive_json()
        got["Ann"].append(view)
        got["spectator"].append(theirs.receive_json())
        while not view["match_over"]:
            if view["hand_over"]:
                assert ann.post(f"/api/rooms/{room['id']}/next").status_code == 200
            else:
                assert view["asked"], "the hand waits for nobody"
                mine.send_json({"type": "action", "seen": view["event_count"]} | choose(view["asked"]))
            view = mine.receive_json()
            assert view["type"] == "view", view
            got["Ann"].append(view)
            while got["spectator"][-1]["version"] < view["version"]:
                got["spectator"].append(theirs.receive_json())
    assert view["match_over"] and sum(1 for v in got["Ann"] if v["hand_over"]) >= 50
    # The referee's log, as each viewer may see it, event by event.
    log = list(app.state.store.room(room["id"]).log)
    truth: dict[str, list[dict]] = {"Ann": [], "spectator": []}
    for hand in split_hands(log):
        ann_seat = next(s for s, name in hand[0]["players"].items() if name == "Ann")
        truth["Ann"] += list(seat_view(hand, ann_seat))
        truth["spectator"] += list(spectator_view(hand))
    for viewer, chair in (("Ann", 0), ("spectator", None)):
        numbers = []
        for message in got[viewer]:
            _check_message(message, chair)
            for numbered in message["events"]:
                assert numbered["event"] == truth[viewer][numbered["number"]]
                numbers.append(numbered["number"])
            text = json.dumps(message)
            for hand in split_hands(log):
                assert hand[0]["wall"] not in text
        assert numbers == list(range(len(log))), f"{viewer}: events missed or repeated"


def test_a_seat_cannot_be_forged_through_the_socket(app):
    ann, bob = Player(app), Player(app)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    bob.sit(room, 1, "Bob")
    ann.post(f"/api/rooms/{room['id']}/start")
    with bob.client.websocket_connect(f"/api/rooms/{room['id']}/live") as socket:
        view = socket.receive_json()
        socket.send_json({"type": "action", "action": "pass", "seat": view["chairs"][0]["seat"]})
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["status"] == 422  # a seat is never taken from the client
    assert ann.get(f"/api/rooms/{room['id']}").json()["version"] == view["version"]


def test_rooms_with_people_are_in_each_players_history_on_every_device(app):
    ann, bob, stranger = Player(app), Player(app), Player(app)
    assert bob.sign_up("bob_the_player").status_code == 201
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    bob.sit(room, 1, "Bob")
    stranger.new_room()  # someone else's room is nobody else's history
    mine = ann.get("/api/rooms").json()
    assert [r["id"] for r in mine] == [room["id"]] and mine[0]["host"] and mine[0]["chair"] == 0
    phone = Player(app)  # Bob on another device: his account's rooms
    assert phone.log_in("bob_the_player").status_code == 200
    theirs = phone.get("/api/rooms").json()
    assert [r["id"] for r in theirs] == [room["id"]] and theirs[0]["chair"] == 1 and not theirs[0]["host"]
    assert [c and c["name"] for c in theirs[0]["chairs"]] == ["Ann", "Bob", None, None]
    assert "session" not in json.dumps(theirs)  # nobody's session is shown


def test_a_room_nobody_plays_in_for_hours_is_kept_as_abandoned(app, monkeypatch):
    ann = Player(app)
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    ann.post(f"/api/rooms/{room['id']}/start")
    before = ann.get(f"/api/rooms/{room['id']}").json()
    import sparrow.web.rooms as rooms_module

    later = rooms_module.time.time() + rooms_module.IDLE_SECONDS + 60
    monkeypatch.setattr(rooms_module.time, "time", lambda: later)
    after = ann.get(f"/api/rooms/{room['id']}").json()
    assert after["status"] == "abandoned" and after["events"] == before["events"]  # the match is kept
    assert ann.post(f"/api/rooms/{room['id']}/actions", {"action": "pass"}).status_code == 409


def test_a_socket_whose_session_ended_neither_acts_nor_watches_as_a_player(app):
    """Signed out (or the password changed elsewhere, or the account deleted) while the table's
    socket is open: its next action is not taken and closes it (4401), and the old cookie opens a
    spectator's socket only. (Closed without an action too: test_web_rooms_processes.py.)"""
    ann = Player(app)
    assert ann.sign_up("ann_at_the_table").status_code == 201
    room = ann.new_room()
    ann.sit(room, 0, "Ann")
    ann.post(f"/api/rooms/{room['id']}/start")
    path = f"/api/rooms/{room['id']}/live"
    token = ann.client.cookies.get("sparrow_session")
    with ann.client.websocket_connect(path) as socket:
        view = socket.receive_json()
        assert view["chair"] == 0 and view["asked"]
        assert ann.post("/api/auth/logout").status_code == 204
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.send_json({"type": "action", "seen": view["event_count"]} | choose(view["asked"]))
            got = socket.receive_json()
            pytest.fail(f"an ended session's action was answered: {got}")
        assert closed.value.code == 4401
    again = Player(app)
    again.client.cookies.set("sparrow_session", token)
    with again.client.websocket_connect(path) as socket:
        seen = socket.receive_json()
        assert seen["chair"] is None and seen["observation"] is None
    assert again.get(f"/api/rooms/{room['id']}").json()["event_count"] == view["event_count"]  # not taken
