"""The table of a room (``sparrow.play.room``): several people and bots at one match, the server as
referee, numbered events seen per seat or as a spectator, time limits and absence handed to stand-in
bots, and the table rebuilt from its log."""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from sparrow.core.tiles import parse_tiles
from sparrow.play.room import RoomError, RoomTable

PEOPLE = ["ann", "bob", "cas", "dee"]


def _play_hand(room: RoomTable, rng: random.Random, now: float = 0.0) -> int:
    """Everyone here answers a random legal action, one by one, until the hand is over."""
    decisions = 0
    while not room.hand_over:
        asked = room.asked()
        assert asked, "the table waits for nobody here, but the hand is not over"
        person = sorted(asked)[0]
        room.act(person, rng.choice(asked[person]), seen=room.event_count, now=now)
        decisions += 1
    return decisions


@pytest.mark.parametrize(
    ("rules", "options", "chairs"),
    [
        ("casual", {}, PEOPLE),
        ("hkos", {}, ["ann", None, "bob", None]),
        ("nts", {}, [None, "ann", None, None]),
        ("chinese", {}, ["ann", "bob", "cas", None]),
        ("hkos", {"three_players": True}, ["ann", "bob", None]),
    ],
)
def test_people_and_bots_play_a_hand_and_the_log_rebuilds_it(rules, options, chairs):
    room = RoomTable(rules, 11, chairs, options)
    room.start(now=0.0)
    assert _play_hand(room, random.Random(1)) > 0
    assert room.hand_over and room.match.hands_played == 1
    again = RoomTable.from_log(rules, 11, chairs, room.log(), options)
    assert again.log() == room.log() and again.hand_over
    if not room.match_over:
        room.next_hand(now=1.0)
        again.next_hand(now=1.0)
        assert again.log() == room.log()  # the bots deal and play the same from the log


def _hidden_ok(shown, viewer_seat):
    for numbered in shown:
        event = numbered.event
        assert event.get("wall") is None and event.get("seed") is None
        if event["event"] == "deal":
            assert all(tiles is None for seat, tiles in event["hands"].items() if seat != viewer_seat)
        if event["event"] == "draw" and event["seat"] != viewer_seat:
            assert event["tile"] is None
        if event["event"] == "bonus" and event["seat"] != viewer_seat:
            assert event["replacement"] is None


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), choices=st.integers(0, 2**16))
def test_each_person_sees_only_their_seat_and_a_spectator_no_concealed_tile(seed, choices):
    room = RoomTable("hkos", seed, ["ann", "bob", None, "dee"], {"flowers": True})
    room.start(now=0.0)
    _play_hand(room, random.Random(choices))
    numbers = [n.number for n in room.events(None)]
    assert numbers == list(range(room.event_count))  # every event once, in order, numbered
    for person in ("ann", "bob", "dee"):
        seat = next(s for s, name in room.log()[0]["players"].items() if name == person)
        shown = room.events(person)
        assert [n.number for n in shown] == numbers
        _hidden_ok(shown, seat)
        deal = next(n.event for n in shown if n.event["event"] == "deal")
        assert parse_tiles(deal["hands"][seat], as_set=False)  # their own tiles they see
    _hidden_ok(room.events(None), None)
    assert all(
        tiles is None
        for tiles in next(n.event for n in room.events(None) if n.event["event"] == "deal")["hands"].values()
    )


def test_a_reconnecting_client_gets_exactly_what_followed_the_last_event_it_saw():
    room = RoomTable("casual", 5, PEOPLE)
    room.start(now=0.0)
    rng = random.Random(2)
    seen = room.event_count
    before = room.events("ann")
    for _ in range(6):
        asked = room.asked()
        person = sorted(asked)[0]
        room.act(person, rng.choice(asked[person]), seen=room.event_count, now=0.0)
    missed = room.events("ann", since=seen)
    assert [n.number for n in before + missed] == list(range(room.event_count))
    assert room.events("ann", since=room.event_count) == []
    with pytest.raises(RoomError, match="has not happened"):
        room.events("ann", since=room.event_count + 1)


def test_the_referee_refuses_and_nothing_changes():
    room = RoomTable("casual", 5, PEOPLE)
    room.start(now=0.0)
    asked = room.asked()
    ((person, legal),) = asked.items()
    others = [name for name in PEOPLE if name != person]
    log = room.log()
    with pytest.raises(RoomError, match="not .*'s decision now"):
        room.act(others[0], legal[0].to_dict() | {"seat": room.seat_of(others[0])}, seen=room.event_count, now=0.0)
    with pytest.raises(RoomError, match=r"sits \w, not"):  # a forged seat: someone else's
        room.act(person, legal[0].to_dict() | {"seat": room.seat_of(others[0])}, seen=room.event_count, now=0.0)
    with pytest.raises(RoomError, match="made at event"):  # chosen on an older table
        room.act(person, legal[0], seen=room.event_count - 1, now=0.0)
    with pytest.raises(RoomError, match="does not sit"):
        room.act("eve", legal[0], seen=None, now=0.0)
    with pytest.raises(RoomError, match="not an action"):
        room.act(person, {"action": "dance"}, seen=None, now=0.0)
    with pytest.raises(RoomError, match="not allowed now"):
        room.act(person, {"action": "pung"}, seen=None, now=0.0)  # no discard to claim on its own turn
    assert room.log() == log and room.asked().keys() == {person}
    with pytest.raises(RoomError, match="one chair"):
        RoomTable("casual", 1, ["ann", "ann", None, None])
    with pytest.raises(RoomError, match="4 chairs"):
        RoomTable("casual", 1, ["ann"])


def test_a_person_who_leaves_is_played_by_a_bot_and_gets_the_seat_back():
    room = RoomTable("casual", 8, ["ann", None, None, None])
    room.start(now=0.0)
    assert set(room.asked()) == {"ann"}
    room.leave("ann", now=1.0)
    assert room.hand_over  # nobody here: the stand-in played the hand out
    room.come_back("ann", now=2.0)
    room.next_hand(now=2.0) if not room.match_over else None
    room2 = RoomTable("hkos", 8, ["ann", None, "bob", None])
    room2.start(now=0.0)
    room2.leave("bob", now=0.0)
    # From now on only ann is ever asked; bob's chair plays on as a bot.
    rng = random.Random(4)
    while not room2.hand_over:
        asked = room2.asked()
        assert set(asked) == {"ann"}
        room2.act("ann", rng.choice(asked["ann"]), seen=None, now=0.0)
    room2.come_back("bob", now=0.0)
    room2.next_hand(now=0.0)
    asked_anyone = set()
    while not room2.hand_over and len(asked_anyone) < 2:
        asked = room2.asked()
        asked_anyone |= set(asked)
        person = sorted(asked)[0]
        room2.act(person, rng.choice(asked[person]), seen=None, now=0.0)
    assert "bob" in asked_anyone or room2.hand_over


def test_a_decision_not_taken_in_time_goes_to_the_stand_in_until_the_person_is_back():
    room = RoomTable("casual", 3, ["ann", None, "bob", None], turn_seconds=20)
    room.start(now=100.0)
    late = next(iter(room.asked()))
    other = "bob" if late == "ann" else "ann"
    assert room.deadline(late) == 120.0
    assert room.expire(119.9) == []
    before = room.event_count
    assert room.expire(120.0) == [late]
    assert room.event_count > before  # the stand-in moved, and the bots after it
    assert late in room.away  # missed a turn: away, never waited for again turn by turn
    rng = random.Random(5)
    while not room.hand_over:
        asked = room.asked()
        assert set(asked) == {other} and room.deadline(late) is None
        room.act(other, rng.choice(asked[other]), seen=None, now=121.0)
    room.come_back(late, now=200.0)
    assert late not in room.away
    untimed = RoomTable("casual", 3, ["ann", None, None, None])
    untimed.start(now=0.0)
    assert untimed.deadline("ann") is None and untimed.expire(10**9) == []


def test_decisions_in_an_open_claim_window_survive_a_rebuild():
    """A pass is in the log only once the claim window closes: the room keeps it with the log
    (``pending``), so a table rebuilt in another process, or after a restart, does not ask again."""
    found = 0
    for seed in range(40):
        room = RoomTable("casual", seed, PEOPLE)
        room.start(now=0.0)
        rng = random.Random(seed)
        while not room.hand_over:
            asked = room.asked()
            if len(asked) >= 2:  # two people asked about one discard: one answers, the other not yet
                first, second = sorted(asked)[:2]
                room.act(first, next(a for a in asked[first] if a.kind.value == "pass"), None, now=1.0)
                assert room.pending(), "the pass is held for the window"
                rebuilt = RoomTable.from_log("casual", seed, PEOPLE, room.log(), pending=room.pending(), now=1.0)
                assert set(rebuilt.asked()) == set(room.asked()) and first not in rebuilt.asked()
                without = RoomTable.from_log("casual", seed, PEOPLE, room.log(), now=1.0)
                assert first in without.asked()  # what was lost before rooms kept them
                found += 1
                break
            person = sorted(asked)[0]
            room.act(person, rng.choice(asked[person]), seen=room.event_count, now=0.0)
    assert found >= 3


def _state(room: RoomTable) -> tuple:
    """What every viewer of the table can be told: its log, held decisions, who is asked and what
    each person and a spectator see."""
    return (
        room.log(),
        room.pending(),
        {name: [a.to_dict() for a in actions] for name, actions in room.asked().items()},
        [(n.number, n.event) for n in room.events(None)],
        [(n.number, n.event) for n in room.events("ann")],
        room.event_count,
        room.hand_over,
        room.match_over,
    )


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32), cuts=st.lists(st.integers(1, 60), min_size=1, max_size=6))
@example(seed=19444077, cuts=[1, 1, 43, 60, 1])  # a bot's claim held in the copy's open window
def test_a_copy_caught_up_on_the_new_events_is_the_table_rebuilt_from_the_whole_log(seed, cuts):
    """Another server process holds the room as it stood a few decisions ago: brought forward by the
    new events and held decisions alone, it is exactly the table rebuilt from the whole log, across
    claim windows and the end of a hand."""
    chairs = ["ann", "bob", None, "dee"]
    rng = random.Random(seed)
    room = RoomTable("casual", seed, chairs, {"hands": 2})
    room.start(now=0.0)
    copy = RoomTable.from_log("casual", seed, chairs, room.log(), {"hands": 2}, pending=room.pending())
    for cut in cuts:
        for _ in range(cut):
            if room.match_over:
                break
            if room.hand_over:
                room.next_hand(now=1.0)
                continue
            asked = room.asked()
            person = sorted(asked)[0]
            room.act(person, rng.choice(asked[person]), seen=room.event_count, now=1.0)
        assert copy.catch_up(room.log(), room.pending(), now=1.0)
        rebuilt = RoomTable.from_log("casual", seed, chairs, room.log(), {"hands": 2}, now=1.0, pending=room.pending())
        assert _state(copy) == _state(rebuilt) == _state(room)


def test_a_copy_of_another_history_is_not_caught_up():
    chairs = ["ann", None, None, None]
    room = RoomTable("casual", 3, chairs)
    room.start(now=0.0)
    other = RoomTable("casual", 4, chairs)  # another deal: its log does not continue this table's
    other.start(now=0.0)
    assert not room.catch_up(other.log(), other.pending())
    assert not room.catch_up(room.log()[:-1])  # shorter than the table: not a later log of it
