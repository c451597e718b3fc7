"""Rooms where people play each other (``/api/rooms``): four people by invitation, bots in the empty
chairs, the server as referee, every change live over a WebSocket, spectators, absence and bad input."""

from __future__ import annotations

import random

import pytest

from tests.web_support import Player, plain


@pytest.fixture
def app(tmp_path):
    from sparrow.web.app import create_app

    application = create_app(f"sqlite:///{tmp_path / 'rooms.db'}")
    application.state.rooms.actions_per_second = (
        10_000  # a test plays faster than people (the limit: test_web_rooms_live)
    )
    yield application
    application.state.store.close()


def _room(host: Player, **body) -> dict:
    answer = host.post("/api/rooms", body or {"rules": "casual", "turn_seconds": None})
    assert answer.status_code == 201, answer.text
    room = answer.json()
    assert room["link"] == f"/rooms/{room['id']}" and len(room["id"]) >= 20  # unguessable
    return room


def _sit(player: Player, room: dict, chair: int, name: str) -> dict:
    answer = player.post(f"/api/rooms/{room['id']}/chair", {"chair": chair, "name": name})
    assert answer.status_code == 200, answer.text
    return answer.json()


def _play_hand(players: dict[str, Player], room_id: str, rng: random.Random) -> int:
    """Each person asked answers a random legal action through the API, until the hand is over."""
    moves = 0
    while True:
        views = {name: p.get(f"/api/rooms/{room_id}").json() for name, p in players.items()}
        some = next(iter(views.values()))
        if some["hand_over"]:
            return moves
        asked = [(name, view) for name, view in views.items() if view["asked"]]
        assert asked, "nobody here is asked, yet the hand goes on"
        name, view = asked[0]
        action = plain(rng.choice(view["asked"])) | {"seen": view["event_count"]}
        answer = players[name].post(f"/api/rooms/{room_id}/actions", action)
        assert answer.status_code == 200, answer.text
        moves += 1


def test_four_people_play_a_hand_and_see_only_their_own_tiles(app):
    people = {name: Player(app) for name in ("Ann", "Bob", "Cas", "Dee")}
    room = _room(people["Ann"])
    for chair, (name, player) in enumerate(people.items()):
        _sit(player, room, chair, name)
    assert people["Ann"].post(f"/api/rooms/{room['id']}/start").status_code == 200
    assert _play_hand(people, room["id"], random.Random(3)) > 0
    for name, player in people.items():
        view = player.get(f"/api/rooms/{room['id']}").json()
        assert view["hand_over"] and view["status"] in ("over", "playing")
        seat = next(c["seat"] for c in view["chairs"] if c["name"] == name)
        for numbered in view["events"]:
            event = numbered["event"]
            assert event.get("wall") is None
            if event["event"] == "deal":
                assert [s for s, tiles in event["hands"].items() if tiles is not None] == [seat]
            if event["event"] == "draw" and event["seat"] != seat:
                assert event["tile"] is None
        assert [n["number"] for n in view["events"]] == list(range(view["event_count"]))
    spectator = Player(app).get(f"/api/rooms/{room['id']}").json()
    assert spectator["chair"] is None and spectator["observation"] is None
    deal = next(n["event"] for n in spectator["events"] if n["event"]["event"] == "deal")
    assert all(tiles is None for tiles in deal["hands"].values())


def test_empty_chairs_are_bots_and_a_person_who_leaves_is_played_for(app):
    ann, bob = Player(app), Player(app)
    room = _room(ann, rules="hkos", turn_seconds=None)
    _sit(ann, room, 0, "Ann")
    _sit(bob, room, 2, "Bob")
    assert bob.post(f"/api/rooms/{room['id']}/start").status_code == 403  # only the host starts
    view = ann.post(f"/api/rooms/{room['id']}/start").json()
    names = sorted(c["name"] for c in view["chairs"] if c is not None)
    assert names == ["Ann", "Bob"]
    players = sorted(
        next(n["event"] for n in view["events"] if n["event"]["event"] == "hand_start")["players"].values()
    )
    assert players == ["Ann", "Bob", "Normal 1", "Normal 2"]
    assert bob.post(f"/api/rooms/{room['id']}/away").status_code == 200
    rng = random.Random(5)
    while True:
        view = ann.get(f"/api/rooms/{room['id']}").json()
        if view["hand_over"]:
            break
        assert bob.get(f"/api/rooms/{room['id']}").json()["asked"] is None  # away: never asked
        if view["asked"]:
            ann.post(
                f"/api/rooms/{room['id']}/actions", plain(rng.choice(view["asked"])) | {"seen": view["event_count"]}
            )
    assert bob.post(f"/api/rooms/{room['id']}/back").status_code == 200
    assert not next(c for c in bob.get(f"/api/rooms/{room['id']}").json()["chairs"] if c and c["name"] == "Bob")["away"]


def test_the_live_connection_sends_every_move_once_and_resumes_from_the_last_event(app):
    ann, bob = Player(app), Player(app)
    room = _room(ann)
    _sit(ann, room, 0, "Ann")
    _sit(bob, room, 1, "Bob")
    ann.post(f"/api/rooms/{room['id']}/start")
    rng = random.Random(8)
    numbers: list[int] = []
    with bob.client.websocket_connect(f"/api/rooms/{room['id']}/live") as socket:
        first = socket.receive_json()
        assert first["type"] == "view" and first["chair"] == 1
        numbers += [n["number"] for n in first["events"]]
        for _ in range(3):
            views = {p: p.get(f"/api/rooms/{room['id']}").json() for p in (ann, bob)}
            mover, view = next(((p, v) for p, v in views.items() if v["asked"]), (None, None))
            if mover is None:
                break
            mover.post(
                f"/api/rooms/{room['id']}/actions", plain(rng.choice(view["asked"])) | {"seen": view["event_count"]}
            )
            pushed = socket.receive_json()
            numbers += [n["number"] for n in pushed["events"]]
            for numbered in pushed["events"]:  # Bob's seat's view only
                if numbered["event"]["event"] == "draw" and numbered["event"]["seat"] != pushed["chairs"][1]["seat"]:
                    assert numbered["event"]["tile"] is None
    assert numbers == list(range(len(numbers)))  # none missed, none twice
    # Reconnecting with the last number seen: exactly what followed.
    with bob.client.websocket_connect(f"/api/rooms/{room['id']}/live?since={len(numbers)}") as socket:
        again = socket.receive_json()
        assert [n["number"] for n in again["events"]] == list(range(len(numbers), again["event_count"]))


def test_bad_input_is_refused_and_the_room_is_unchanged(app):
    people = [Player(app) for _ in range(5)]
    room = _room(people[0])
    for chair in range(4):
        _sit(people[chair], room, chair, f"P{chair}")
    taken = people[4].post(f"/api/rooms/{room['id']}/chair", {"chair": 1, "name": "Eve"})
    assert taken.status_code == 409 and "taken" in taken.json()["detail"]
    assert people[0].post(f"/api/rooms/{room['id']}/chair", {"chair": 9, "name": "P0"}).status_code == 422
    assert people[0].post(f"/api/rooms/{room['id']}/chair", {"chair": 0, "name": "Normal 2"}).status_code == 422
    assert people[1].post(f"/api/rooms/{room['id']}/chair", {"chair": 1, "name": "p0"}).status_code == 409  # same name
    assert people[0].get("/api/rooms/not-a-room").status_code == 404
    people[0].post(f"/api/rooms/{room['id']}/start")
    view = people[0].get(f"/api/rooms/{room['id']}").json()
    asker = next(p for p in people[:4] if p.get(f"/api/rooms/{room['id']}").json()["asked"])
    other = next(p for p in people[:4] if p is not asker)
    mine = asker.get(f"/api/rooms/{room['id']}").json()
    move = plain(mine["asked"][0])
    out_of_turn = other.post(f"/api/rooms/{room['id']}/actions", move | {"seen": mine["event_count"]})
    assert out_of_turn.status_code == 409 and "not" in out_of_turn.json()["detail"]
    stale = asker.post(f"/api/rooms/{room['id']}/actions", move | {"seen": mine["event_count"] - 1})
    assert stale.status_code == 409 and "made at event" in stale.json()["detail"]
    forged = asker.post(f"/api/rooms/{room['id']}/actions", move | {"seat": "N"})
    assert forged.status_code == 422  # a seat is not for the client to say
    spectator = people[4].post(f"/api/rooms/{room['id']}/actions", move)
    assert spectator.status_code == 403
    assert people[0].get(f"/api/rooms/{room['id']}").json()["event_count"] == view["event_count"]
    late = people[4].post(f"/api/rooms/{room['id']}/chair", {"chair": 0, "name": "Eve"})
    assert late.status_code == 409
    bad = people[0].post("/api/rooms", {"rules": "casual", "turn_seconds": 1})
    assert bad.status_code == 422 and bad.json()["detail"].startswith("The time for a turn: a turn lasts")


def test_a_turn_not_taken_in_time_is_played_by_a_bot(app, monkeypatch):
    import sparrow.web.rooms as rooms_module

    start = float(int(rooms_module.time.time()))  # (sessions and cookies keep their own times: now)
    clock = [start]
    monkeypatch.setattr(rooms_module.time, "time", lambda: clock[0])
    ann = Player(app)
    room = _room(ann, rules="casual", turn_seconds=10)
    _sit(ann, room, 0, "Ann")
    view = ann.post(f"/api/rooms/{room['id']}/start").json()
    if view["hand_over"]:
        pytest.skip("the bots ended the hand before Ann was asked")
    assert view["asked"] and view["deadline"] == start + 10
    count = view["event_count"]
    clock[0] = start + 9
    assert ann.get(f"/api/rooms/{room['id']}").json()["event_count"] == count  # not yet
    clock[0] = start + 10.5
    later = ann.get(f"/api/rooms/{room['id']}").json()
    assert later["event_count"] > count  # her stand-in moved for her, and the bots after it
    # She missed her turn: away from now on, her stand-in playing at the bots' pace until she is back.
    assert later["chairs"][0]["away"] and later["asked"] is None and later["deadline"] is None
