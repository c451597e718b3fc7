"""The game log contract: event names and fields, JSON Lines in and out, clear errors on bad logs."""

from __future__ import annotations

import io
import random
from collections import Counter
from typing import Any

import pytest

from sparrow.game import events as log
from sparrow.game.actions import Action, InvalidActionError
from sparrow.game.replay import ReplayError, replay, replay_match, replay_states
from sparrow.game.state import HandSetupError, HandState
from sparrow.play.sim import simulate


def some_hands(rules: str = "nts", hands: int = 30) -> list[list[dict]]:
    logs: list[list[dict]] = []
    simulate(rules, hands, seed=12, on_hand=logs.append)
    return logs


@pytest.mark.slow
def test_every_event_has_the_contract_fields_and_valid_values():
    for rules in ("nts", "casual"):
        for events in some_hands(rules):
            assert events[0]["event"] == "hand_start" and events[-1]["event"] == "hand_end"
            assert events[1]["event"] == "deal"
            for event in events:
                log.validate_event(event)
                assert set(log.EVENT_FIELDS[event["event"]]) <= set(event)
            start = events[0]
            assert start["dealer"] == "E" and start["rules"] == rules


def test_json_lines_round_trip():
    events = some_hands("hkos", 5)[0]
    text = log.dumps(events)
    assert all(line.startswith('{"event":') for line in text.splitlines())
    assert log.loads(text) == events
    stream = io.StringIO()
    log.write_jsonl(events, stream)
    assert stream.getvalue() == text
    assert list(log.read_jsonl(["", *text.splitlines(), "   "])) == events  # blank lines are skipped


@pytest.mark.parametrize(
    ("event", "message"),
    [
        ([], "JSON object"),
        ({"event": "shout"}, "unknown event 'shout'"),
        ({"event": "discard", "seat": "E"}, "discard lacks tile"),
        ({"event": "discard", "seat": "X", "tile": "1m"}, "discard.seat must be one of"),
        ({"event": "discard", "seat": "E", "tile": "0m"}, "no tile 0"),
        ({"event": "draw", "seat": "E", "tile": "1m", "source": "floor"}, "live or replacement"),
        ({"event": "claim", "seat": "E", "kind": "steal", "tile": "1m", "from": "S", "meld": None}, "claim.kind"),
        ({"event": "kong", "seat": "E", "kind": "big", "tiles": "1111m"}, "kong.kind"),
        (
            {"event": "hand_end", "scores": {"E": "x"}, "payments": {}, "next_dealer": "E", "next_round_wind": None},
            "whole numbers",
        ),
    ],
)
def test_malformed_events_are_named(event, message):
    with pytest.raises(log.LogError, match=message):
        log.validate_event(event)


def test_a_bad_line_is_reported_with_its_number():
    good = log.dumps(some_hands("casual", 1)[0]).splitlines()
    with pytest.raises(log.LogError, match="line 3: not JSON"):
        log.loads("\n".join([good[0], good[1], "{oops", *good[2:]]))
    with pytest.raises(log.LogError, match="line 2: unknown event"):
        log.loads(good[0] + '\n{"event": "nap"}\n')


def test_split_hands_cuts_a_match_log():
    logs = some_hands("chinese", 3)
    joined = [event for events in logs for event in events]
    assert log.split_hands(joined) == logs
    with pytest.raises(log.LogError, match="before any hand_start"):
        log.split_hands(joined[1:])


def test_replay_yields_every_state_and_stops_at_a_hand_in_progress():
    events = some_hands("casual", 1)[0]
    states = list(replay_states(events))
    assert states[0].events == events[: len(states[0].events)]
    assert states[-1].is_over and states[-1].events == events
    decisions = sum(1 for e in events if e["event"] in ("discard", "kong", "claim", "rob", "false_win"))
    assert len(states) >= decisions
    cut = len(events) // 2
    partial = replay(events[:cut])
    assert not partial.is_over and partial.events == events[: len(partial.events)]


def test_replay_names_the_event_that_does_not_follow():
    events = some_hands("casual", 1)[0]
    index = next(i for i, e in enumerate(events) if e["event"] == "discard")
    seat = events[index]["seat"]

    def edited(position: int, **fields) -> list[dict]:
        copy = [dict(e) for e in events]
        copy[position] = dict(copy[position], **fields)
        return copy

    with pytest.raises(ReplayError, match=f"event {index} .* malformed: .*9z"):
        replay(edited(index, tile="9z"))
    held = {str(t) for t in HandState.from_hand_start(events[0]).observation(seat).hand}
    missing = next(t for t in ("1m", "2m", "3m", "4m", "5m", "6m") if t not in held)
    with pytest.raises(ReplayError, match=f"event {index} .*does not hold {missing}"):
        replay(edited(index, tile=missing))
    draw = next(i for i, e in enumerate(events) if e["event"] == "draw")
    other = "1z" if events[draw]["tile"] != "1z" else "2z"
    with pytest.raises(ReplayError, match=f"event {draw} \\('draw'\\) does not follow"):
        replay(edited(draw, tile=other))
    with pytest.raises(ReplayError, match="event 1 \\('deal'\\) does not follow"):
        replay(edited(1, hands=dict(events[1]["hands"], E="1111m")))
    with pytest.raises(ReplayError, match="starts with a hand_start"):
        replay(events[1:])
    with pytest.raises(ReplayError, match="another hand"):
        replay(events + events)
    with pytest.raises(ReplayError, match="comes after the hand ended"):
        replay(events + [{"event": "exhausted"}])


def test_actions_read_and_write_their_text_and_json_forms():
    for action in (Action.discard("E", "5p"), Action.chow("S", "3s"), Action.pass_("W"), Action.added_kong("N", "7z")):
        assert Action.parse(str(action)) == action
        assert Action.from_dict(action.to_dict()) == action
        assert eval(repr(action)) == action
    for bad, message in (
        ("E discard", "names a tile"),
        ("X discard 5p", "unknown seat"),
        ("E hop", "unknown action"),
        ("E chow 8p", "lowest tile, a 1-7"),
        ("E discard 1f", "flower or season"),
        ("E pung 5p", "names no tile"),
    ):
        with pytest.raises(InvalidActionError, match=message):
            Action.parse(bad)


# ---------------------------------------------------------------------------- corrupted logs


def _with(events: list[dict], position: int, **fields) -> list[dict]:
    copy = [dict(e) for e in events]
    copy[position] = dict(copy[position], **fields)
    return copy


def test_a_log_that_is_not_a_list_of_objects_is_a_replay_error():
    events = some_hands("casual", 1)[0]
    with pytest.raises(ReplayError, match=r"event 0 is not an event object: list \[1\]"):
        replay([[1]])
    with pytest.raises(ReplayError, match="event 3 is not an event object: int 7"):
        replay([*events[:3], 7, *events[3:]])
    with pytest.raises(ReplayError, match="a log is a list of event objects, got NoneType"):
        replay(None)
    with pytest.raises(ReplayError, match="a log is a list of event objects, got dict"):
        replay(events[0])
    with pytest.raises(ReplayError, match="event 2 is not an event object"):
        replay_match([*events[:2], "discard"])
    with pytest.raises(log.LogError, match="event 1 is not an event object: list"):
        log.split_hands([events[0], ["deal"]])


@pytest.mark.slow
def test_a_decision_with_unreadable_tiles_is_a_replay_error_naming_the_event():
    logs = some_hands("hkos", 60)
    events = next(e for e in logs if any(x["event"] == "kong" for x in e))
    kong = next(i for i, x in enumerate(events) if x["event"] == "kong")
    for tiles, message in [
        ("", "tiles names no tile"),
        (7, "tiles must be tiles in notation, got 7"),
        ("1m1x", "tiles: unknown character 'x'"),
    ]:
        with pytest.raises(ReplayError, match=f"event {kong} \\('kong'\\): {message}"):
            replay(_with(events, kong, tiles=tiles))
    without = [dict(x) for x in events]
    del without[kong]["tiles"]
    with pytest.raises(ReplayError, match=f"event {kong} \\('kong'\\): the 'tiles' field is missing"):
        replay(without)
    events = next(e for e in logs if any(x["event"] == "claim" and x["kind"] == "chow" for x in e))
    chow = next(i for i, x in enumerate(events) if x["event"] == "claim" and x["kind"] == "chow")
    with pytest.raises(ReplayError, match=f"event {chow} \\('claim'\\): meld names no tile"):
        replay(_with(events, chow, meld=""))
    with pytest.raises(ReplayError, match=f"event {chow} \\('claim'\\): unknown claim kind 'steal'"):
        replay(_with(events, chow, kind="steal"))


@pytest.mark.parametrize("totals", [{"E": []}, {"E": "x"}, {"E": 1.5}, {"E": True}, {"E": None}])
def test_hand_start_totals_must_be_whole_numbers(totals):
    events = some_hands("casual", 1)[0]
    bad = dict({"E": 0, "S": 0, "W": 0, "N": 0}, **totals)
    with pytest.raises(ReplayError, match=r"event 0 \(hand_start\): totals.E must be a whole number"):
        replay(_with(events, 0, totals=bad))
    with pytest.raises(HandSetupError, match="totals.E must be a whole number"):
        HandState.from_hand_start(dict(events[0], totals=bad))
    with pytest.raises(ReplayError, match="totals must give each seat"):
        replay(_with(events, 0, totals=[1, 2, 3, 4]))


_ODD_VALUES = [None, True, 0, -3, 2.5, 10**30, "", "x", "E", "1m", "0p", "1111m", "1f", [], [1], {}, {"E": 1}]


def _mutated(rng: random.Random, events: list[dict]) -> list[Any]:
    """One of many ways a stored log gets damaged: a field replaced, lost or added, an event dropped,
    repeated, moved or replaced, the log cut short."""
    copy: list[Any] = [dict(e) for e in events]
    way = rng.randrange(6)
    index = 0 if rng.random() < 0.2 else rng.randrange(len(copy))
    if way <= 1:
        event = copy[index]
        name = rng.choice([*event, "extra"])
        if name == "event" and rng.random() < 0.7:
            name = rng.choice(list(event))
        event[name] = rng.choice(_ODD_VALUES + list(log.EVENT_FIELDS))
    elif way == 2:
        del copy[index][rng.choice(list(copy[index]))]
    elif way == 3:
        copy.insert(index, dict(copy[rng.randrange(len(copy))]))
    elif way == 4:
        other = rng.randrange(len(copy))
        copy[index], copy[other] = copy[other], copy[index]
    else:
        copy[index] = rng.choice(_ODD_VALUES)
    if rng.random() < 0.1:
        copy = copy[: rng.randrange(1, len(copy) + 1)]
    return copy


@pytest.mark.slow
def test_damaged_logs_raise_only_replay_errors_with_one_line_messages():
    """Fuzzing: real logs of every family, damaged in a thousand seeded ways. Replaying one either
    works (the damage did not matter, or left a hand in progress) or raises ReplayError, one line
    naming the event; never another exception."""
    rng = random.Random(2024)
    logs = [events for rules in ("nts", "hkos", "chinese", "casual") for events in some_hands(rules, 6)]
    outcomes = Counter()
    for _ in range(1000):
        damaged = _mutated(rng, rng.choice(logs))
        try:
            (replay if rng.random() < 0.8 else replay_match)(damaged)
            outcomes["replayed"] += 1
        except ReplayError as error:
            message = str(error)
            assert message and "\n" not in message
            assert "event" in message or "log" in message, message
            outcomes["refused"] += 1
    assert outcomes["refused"] > 800
