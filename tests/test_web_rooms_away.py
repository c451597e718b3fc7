"""A person who does not come back: a missed turn makes them away (shown so, their stand-in playing
every later decision at once, the bots' pace) until they say they are back; in a room with no turn
limit the host hands an absent person's chair to the stand-in."""

from __future__ import annotations

import pytest

import sparrow.web.rooms as rooms_module
from sparrow.web.app import create_app
from tests.web_support import Player, plain


@pytest.fixture
def app(tmp_path):
    application = create_app(f"sqlite:///{tmp_path / 'rooms.db'}")
    yield application
    application.state.store.close()


def choose(asked: list[dict]) -> dict:
    kinds = {a["action"]: a for a in asked}
    return plain(kinds.get("win") or kinds.get("pass") or next(a for a in asked if a["action"] == "discard"))


@pytest.mark.parametrize("rules", ["casual", "riichi"])
def test_a_missed_turn_makes_the_person_away_until_they_are_back(app, monkeypatch, rules):
    people = {"Ann": Player(app), "Bob": Player(app)}
    room = people["Ann"].new_room(
        level="easy", rules=rules, turn_seconds=10, options={"hands": 4} if rules == "casual" else {}
    )
    path = f"/api/rooms/{room['id']}"
    for chair, (name, player) in enumerate(people.items()):
        player.sit(room, chair, name)
    assert people["Ann"].post(f"{path}/start").status_code == 200
    views = {name: player.get(path).json() for name, player in people.items()}
    late = next(name for name, view in views.items() if view["asked"])
    other = "Bob" if late == "Ann" else "Ann"
    chair = 0 if late == "Ann" else 1
    later = views[late]["deadline"] + 1
    monkeypatch.setattr(rooms_module.time, "time", lambda: later)  # the late person's time is up
    seen = people[other].get(path).json()
    assert seen["chairs"][chair]["away"] is True  # shown away to the others
    assert people[late].get(path).json()["asked"] is None
    # From now on the stand-in takes every decision of the late person at once: the table asks only
    # the other person, and never waits for the late one's time again.
    moves = 0
    while moves < 40:
        view = people[other].get(path).json()
        if view["hand_over"]:
            break
        mine = people[late].get(path).json()
        assert mine["asked"] is None and mine["deadline"] is None and mine["chairs"][chair]["away"]
        assert view["asked"], "the table waits for someone who is away"
        answer = people[other].post(f"{path}/actions", choose(view["asked"]) | {"seen": view["event_count"]})
        assert answer.status_code == 200, answer.text
        moves += 1
    assert people[late].post(f"{path}/back").status_code == 200
    assert people[other].get(path).json()["chairs"][chair]["away"] is False


def test_the_host_hands_an_absent_persons_chair_to_a_computer_player(app):
    ann, bob = Player(app), Player(app)
    room = ann.new_room(level="easy")  # no turn limit: the room would wait for Bob for ever
    path = f"/api/rooms/{room['id']}"
    ann.sit(room, 0, "Ann")
    bob.sit(room, 1, "Bob")
    assert ann.post(f"{path}/stand-in", {"chair": 1}).status_code == 409  # not started yet
    assert ann.post(f"{path}/start").status_code == 200
    refused = bob.post(f"{path}/stand-in", {"chair": 0})
    assert refused.status_code == 403 and "host" in refused.json()["detail"]
    assert ann.post(f"{path}/stand-in", {"chair": 2}).status_code == 409  # a computer player's chair
    assert ann.post(f"{path}/stand-in", {"chair": 0}).status_code == 409  # your own: "I am away"
    assert ann.post(f"{path}/stand-in", {"chair": 7}).status_code == 422
    answer = ann.post(f"{path}/stand-in", {"chair": 1})
    assert answer.status_code == 200, answer.text
    assert answer.json()["chairs"][1]["away"] is True and answer.json()["status"] == "playing"
    assert bob.get(path).json()["asked"] is None  # his stand-in decides now
    assert bob.post(f"{path}/back").status_code == 200
    assert ann.get(path).json()["chairs"][1]["away"] is False
    timed = ann.new_room(level="easy", turn_seconds=30)  # with a turn limit the clock does it
    ann.sit(timed, 0, "Ann")
    bob.sit(timed, 1, "Bob")
    ann.post(f"/api/rooms/{timed['id']}/start")
    assert ann.post(f"/api/rooms/{timed['id']}/stand-in", {"chair": 1}).status_code == 409
