"""Riichi rooms: people play each other at the one room table (``play.room.RoomTable``, Riichi through
the one face) through ``/api/rooms``, computer players in the empty chairs, the view the other
families' rooms have (events numbered by the match, ``observation`` with Riichi's own view in its
``family``, ``asked`` as the one Action's dicts, ``family`` the public family view for a spectator).
The server is the referee as in the other families' rooms: each person sees their
own tiles and the table (never another hand, another's draw or the wall), a spectator no concealed
tile; riichi, claims and wins are sent as ``asked`` lists them; a bad action is refused with a 4xx and
changes nothing; a room goes on unchanged in another server process; a table rebuilt from its log
and the answers of an open claim goes on as the one that wrote them."""

from __future__ import annotations

import json
import random

import pytest

from sparrow.play.room import RoomError, RoomTable
from tests.web_support import Player, plain


@pytest.fixture
def app(tmp_path):
    from sparrow.web.app import create_app

    application = create_app(f"sqlite:///{tmp_path / 'rooms.db'}")
    application.state.rooms.actions_per_second = 10_000  # a test plays faster than people do
    yield application
    application.state.store.close()


def _room(host: Player, **options) -> dict:
    body = {"rules": "riichi", "level": "easy", "turn_seconds": None, "options": {"length": "tonpuu"} | options}
    answer = host.post("/api/rooms", body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def _sit(player: Player, room: dict, chair: int, name: str) -> None:
    answer = player.post(f"/api/rooms/{room['id']}/chair", {"chair": chair, "name": name})
    assert answer.status_code == 200, answer.text


def _two_people(app) -> tuple[dict[str, Player], dict]:
    people = {"Ann": Player(app), "Bob": Player(app)}
    room = _room(people["Ann"])
    _sit(people["Ann"], room, 0, "Ann")
    _sit(people["Bob"], room, 2, "Bob")
    started = people["Ann"].post(f"/api/rooms/{room['id']}/start")
    assert started.status_code == 200, started.text
    return people, room


def check_private(view: dict, name: str) -> None:
    """A person's view of a hand in play: their own tiles only; no wall, seed or other draw."""
    me = next(c["seat"] for c in view["chairs"] if c and c["name"] == name)
    observation = view["observation"]
    assert observation["seat"] == me and observation["family"]["wind"] == me
    # The hand in play: from its hand_start (the finished hands' events, whole once over, come before).
    numbers = [n["number"] for n in view["events"] if n["event"]["event"] == "hand_start"]
    current = [n["event"] for n in view["events"] if n["number"] >= numbers[-1]]
    for event in current:
        assert not event.get("wall") and "seed" not in event
        if event["event"] == "deal":
            assert list(event["hands"]) == [me]
        if event["event"] == "draw" and event["seat"] != me:
            assert event.get("tile") is None
    for seat in observation["family"]["seats"]:
        assert "hand" not in seat


def play_hand(people: dict[str, Player], room_id: str, rng: random.Random) -> dict:
    """Each person asked answers a random legal action through the API until the hand is over."""
    moves = 0
    while True:
        views = {name: p.get(f"/api/rooms/{room_id}").json() for name, p in people.items()}
        for name, view in views.items():
            if not view["hand_over"]:
                check_private(view, name)
        some = next(iter(views.values()))
        if some["hand_over"]:
            return some
        asked = [(name, view) for name, view in views.items() if view["asked"]]
        assert asked, "nobody here is asked, yet the hand goes on"
        name, view = asked[0]
        assert view["observation"]["legal_actions"] == view["asked"]
        action = plain(rng.choice(view["asked"]))
        action.pop("seat", None)
        answer = people[name].post(f"/api/rooms/{room_id}/actions", action | {"seen": view["event_count"]})
        assert answer.status_code == 200, answer.text
        moves += 1
        assert moves < 400


def test_two_people_play_a_riichi_match_to_its_final_results(app):
    people, room = _two_people(app)
    rng = random.Random(5)
    hands = 0
    while True:
        view = play_hand(people, room["id"], rng)
        hands += 1
        result = people["Ann"].get(f"/api/rooms/{room['id']}/result").json()
        assert result["family"]["kind"] in ("tsumo", "ron", "exhaustive", "abortive")
        assert len(result["hands"]) == 4 and result["hand_number"] == hands
        for win in result["family"]["wins"]:
            assert len(win["hand"]) % 3 == 1 and win["card"]["rules"] == "riichi"
        if view["match_over"]:
            break
        assert people["Bob"].post(f"/api/rooms/{room['id']}/next").status_code == 200
    assert view["status"] == "over" and hands >= 1
    rows = result["standings"]
    assert sorted(row["place"] for row in rows) == [1, 2, 3, 4]
    assert sum(row["total"] for row in rows) == 100_000
    assert abs(sum(row["result"] for row in rows)) < 1e-6 and all(row["result_text"][0] in "+-" for row in rows)
    assert {row["name"] for row in rows} == {"Ann", "Bob", "Easy 1", "Easy 2"}
    # The result endpoint answers the same standings, for everyone in the room.
    spectator = Player(app)
    answer = spectator.get(f"/api/rooms/{room['id']}/result")
    assert answer.status_code == 200 and answer.json()["standings"] == rows
    assert people["Ann"].post(f"/api/rooms/{room['id']}/next").status_code == 409


def test_a_spectator_sees_no_concealed_tile(app):
    people, room = _two_people(app)
    view = Player(app).get(f"/api/rooms/{room['id']}").json()
    assert view["chair"] is None and view["observation"] is None and view["asked"] is None
    # The family's public view: the table everyone sees (dora indicators, rivers), no one's tiles.
    family = view["family"]
    assert len(family["dora_indicators"]) == 1 and "hand" not in family and "drawn" not in family
    assert all("hand" not in seat for seat in family["seats"])
    for event in [n["event"] for n in view["events"]]:
        assert not event.get("wall")
        if event["event"] == "deal":
            assert event["hands"] == {}
        if event["event"] == "draw":
            assert event.get("tile") is None
    assert [n["number"] for n in view["events"]] == list(range(view["event_count"]))


def test_bad_actions_are_refused_and_change_nothing(app):
    people, room = _two_people(app)
    url = f"/api/rooms/{room['id']}"
    views = {name: p.get(url).json() for name, p in people.items()}
    name = next(name for name, view in views.items() if view["asked"])
    other = next(n for n in people if n != name)
    view = views[name]
    seen = view["event_count"]
    before = view["version"]
    refusals = [
        (people[name], {"action": "fly", "seen": seen}, 422),
        (people[name], {"action": "discard", "tile": "9z", "seen": seen}, 422),
        (people[name], {"action": "discard", "tile": "5p", "tiles": ["5p"] * 5, "seen": seen}, 422),
        (people[name], {"action": "pass", "riichi": True, "seen": seen}, 422),
        (people[name], {"action": "discard", "tile": view["asked"][0].get("tile", "1m"), "seen": seen - 1}, 409),
        (people[other], {"action": "discard", "tile": "1m", "seen": seen}, 409),
        (Player(app), {"action": "pass", "seen": seen}, 403),
    ]
    held = {a.get("tile") for a in view["asked"] if a["action"] == "discard"}
    missing = next(t for t in ("1m", "9m", "1p", "9p", "1s", "9s", "1z", "7z") if t not in held)
    refusals.append((people[name], {"action": "discard", "tile": missing, "seen": seen}, 409))
    for player, action, status in refusals:
        answer = player.post(f"{url}/actions", action)
        assert answer.status_code == status, (action, answer.text)
        assert "detail" in answer.json()
    after = people[name].get(url).json()
    assert after["version"] == before and after["event_count"] == seen and after["asked"] == view["asked"]


def test_the_flags_of_an_action_are_refused_where_the_table_never_lists_them(app):
    """The one Action's riichi flag in a casual room: well formed, never legal there (409)."""
    ann = Player(app)
    answer = ann.post("/api/rooms", {"rules": "casual", "turn_seconds": None})
    room = answer.json()
    _sit(ann, room, 0, "Ann")
    ann.post(f"/api/rooms/{room['id']}/start")
    view = ann.get(f"/api/rooms/{room['id']}").json()
    while not any(a["action"] == "discard" for a in view["asked"] or []):
        action = plain(view["asked"][-1])
        view = ann.post(f"/api/rooms/{room['id']}/actions", action | {"seen": view["event_count"]}).json()
    tile = next(a["tile"] for a in view["asked"] if a["action"] == "discard")
    answer = ann.post(
        f"/api/rooms/{room['id']}/actions",
        {"action": "discard", "tile": tile, "riichi": True, "seen": view["event_count"]},
    )
    assert answer.status_code == 409 and "not allowed now" in answer.json()["detail"]
    assert ann.get(f"/api/rooms/{room['id']}").json()["version"] == view["version"]


def test_bad_riichi_options_are_refused(app):
    ann = Player(app)
    for options in ({"preset": "nowhere"}, {"red_fives": 2}, {"length": "forever"}):
        answer = ann.post("/api/rooms", {"rules": "riichi", "options": options})
        assert answer.status_code == 422, answer.text
        assert not answer.json()["detail"].startswith("options:")  # a sentence for people, no field name


def test_a_room_goes_on_in_another_server_process(app, tmp_path):
    from sparrow.web.app import create_app

    people, room = _two_people(app)
    rng = random.Random(9)
    url = f"/api/rooms/{room['id']}"
    for _ in range(6):  # a few decisions, then the other process takes over
        view = next(v for v in (p.get(url).json() for p in people.values()) if v["asked"])
        name = view["chairs"][view["chair"]]["name"]
        action = plain(rng.choice(view["asked"]))
        action.pop("seat", None)
        assert people[name].post(f"{url}/actions", action | {"seen": view["event_count"]}).status_code == 200
    again = create_app(f"sqlite:///{tmp_path / 'rooms.db'}")
    try:
        for player in people.values():
            elsewhere = Player(again)
            elsewhere.client.cookies = player.client.cookies
            assert elsewhere.get(url).json() == player.get(url).json()
    finally:
        again.state.store.close()


def test_away_people_are_played_for_and_time_runs_out():
    room = RoomTable("riichi", 3, ["ann", None, "bob", None], level="easy", turn_seconds=10)
    room.start(now=0.0)
    assert set(room.asked()) <= {"ann", "bob"} and room.asked()
    waiting = next(iter(room.asked()))
    assert room.deadline(waiting) == 10.0
    assert room.expire(now=5.0) == []
    count = room.event_count
    assert room.expire(now=10.0) == [waiting]  # the stand-in decided
    assert room.event_count > count or room.pending()
    room.leave("ann", now=11.0)
    room.leave("bob", now=11.0)
    assert room.hand_over  # nobody here: the computer players play the hand out
    with pytest.raises(RoomError, match="does not sit"):
        room.seat_of("cas")


@pytest.mark.parametrize("seed", [1, 2])
def test_a_table_rebuilt_from_its_log_and_pending_answers_goes_on_the_same(seed):
    rng = random.Random(seed)
    chairs = [None, "ann", "bob", "cas"]
    table = RoomTable("riichi", seed, chairs, {"length": "tonpuu"}, level="normal")
    table.start(now=0.0)
    decisions = claims = 0
    while not table.match_over and decisions < 300:
        if table.hand_over:
            table.next_hand(now=0.0)
            continue
        rebuilt = RoomTable.from_log(
            "riichi",
            seed,
            chairs,
            json.loads(json.dumps(table.log())),
            {"length": "tonpuu"},
            level="normal",
            pending=json.loads(json.dumps(table.pending())),
        )
        assert rebuilt.log() == table.log() and rebuilt.pending() == table.pending()
        for person in ("ann", "bob", "cas"):
            assert rebuilt.observation(person).to_dict() == table.observation(person).to_dict()
        claims += bool(table.pending())
        name, legal = rng.choice(sorted(table.asked().items()))
        choice = rng.choice(legal)
        table.act(name, choice, table.event_count, now=0.0)
        rebuilt.act(name, choice.to_dict(), None, now=0.0)
        assert rebuilt.log() == table.log() and rebuilt.pending() == table.pending()
        decisions += 1
    assert decisions > 20 and claims > 0  # some decisions were taken with a claim half answered


def test_the_lobby_offers_riichi_and_the_room_page_is_the_one_room(app):
    ann = Player(app)
    assert 'value="riichi"' in ann.get("/rooms").text
    room = _room(ann)
    page = ann.get(f"/rooms/{room['id']}")
    assert page.status_code == 200 and "room.js" in page.text and "riichi-room.js" not in page.text


def test_a_discard_through_the_socket_reaches_the_other_person_live(app):
    people, room = _two_people(app)
    path = f"/api/rooms/{room['id']}/live"
    ann, bob = people["Ann"], people["Bob"]
    with ann.client.websocket_connect(path) as a, bob.client.websocket_connect(path) as b:
        views = {"Ann": a.receive_json(), "Bob": b.receive_json()}
        mover = "Ann" if views["Ann"]["asked"] else "Bob"
        socket, other = (a, b) if mover == "Ann" else (b, a)
        view = views[mover]
        assert view["type"] == "view" and view["observation"]["legal_actions"] == view["asked"]
        before = view["event_count"]
        socket.send_json({"type": "action", "action": "discard", "tile": "5p", "tiles": ["1m"] * 9})
        refused = socket.receive_json()
        assert refused["type"] == "error" and refused["status"] == 422, refused
        discard = next(x for x in view["asked"] if x["action"] == "discard" and not x.get("riichi"))
        socket.send_json({"type": "action", "action": "discard", "tile": discard["tile"], "seen": before})
        pushed = socket.receive_json()
        assert pushed["type"] == "view" and pushed["event_count"] > before, pushed
        heard = other.receive_json()
        assert heard["event_count"] == pushed["event_count"]
        me = view["observation"]["seat"]
        river = next(seat for seat in heard["observation"]["family"]["seats"] if seat["wind"] == me)["discards"]
        assert river and river[-1]["tile"] == discard["tile"]
