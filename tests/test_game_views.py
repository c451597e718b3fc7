"""The live view of the log for one seat (``sparrow.game.events.seat_view``)."""

import pytest

from sparrow.core.tiles import SEATS, parse_tiles
from sparrow.game.actions import Action
from sparrow.game.events import HIDDEN_FALSE_WIN_REASON, LogError, seat_view
from sparrow.play.sim import simulate
from tests.test_game_scenarios import CLAIM_HANDS, start


def _hands(rules, count, seed):
    logs = []
    simulate(rules, count, seed, on_hand=logs.append)
    return logs


@pytest.mark.parametrize("rules", ["nts", "hkos", "chinese", "casual"])
def test_a_seat_sees_its_own_tiles_and_nothing_hidden_of_others(rules):
    for log in _hands(rules, 6, 5):
        for seat in SEATS:
            view = list(seat_view(log, seat))
            assert [e["event"] for e in view] == [e["event"] for e in log]  # same events, same order
            for full, shown in zip(log, view):
                kind = full["event"]
                if kind == "hand_start":
                    assert shown["wall"] is None and shown["seed"] is None  # the seed would rebuild the wall
                    assert shown["wall_size"] == len(parse_tiles(full["wall"], as_set=False))
                    assert {k: v for k, v in shown.items() if k not in ("wall", "wall_size", "seed")} == {
                        k: v for k, v in full.items() if k not in ("wall", "seed")
                    }
                elif kind == "deal":
                    for other, tiles in full["hands"].items():
                        assert shown["hands"][other] == (tiles if other == seat else None)
                        assert shown["hand_sizes"][other] == len(parse_tiles(tiles))
                elif kind == "draw":
                    assert shown["tile"] == (full["tile"] if full["seat"] == seat else None)
                elif kind == "bonus":
                    assert shown["tile"] == full["tile"]  # a flower set out is on the table
                    assert shown["replacement"] == (full["replacement"] if full["seat"] == seat else None)
                elif kind == "false_win":
                    assert shown["seat"] == full["seat"]  # the claim was made aloud: the dead hand is public
                    assert shown["reason"] == (full["reason"] if full["seat"] == seat else HIDDEN_FALSE_WIN_REASON)
                else:
                    assert shown == full  # discards, claims, kongs, wins and results are public


def test_another_seats_false_win_reason_names_no_hidden_tile():
    # East cries mahjong on its dealt hand: the referee's reason names 7z, the last tile East was dealt,
    # which nobody else has seen. East's own view keeps the reason; the others get one that names no tile.
    state = start("nts", CLAIM_HANDS)
    state.apply(Action.win("E"))
    assert state.events[-1] == {"event": "false_win", "seat": "E", "reason": "not a winning hand with 7z"}
    assert list(seat_view(state.events, "E"))[-1]["reason"] == "not a winning hand with 7z"
    for seat in ("S", "W", "N"):
        shown = list(seat_view(state.events, seat))[-1]
        assert shown == {"event": "false_win", "seat": "E", "reason": HIDDEN_FALSE_WIN_REASON}
        assert not any(char.isdigit() for char in shown["reason"])  # no tile in the notation


@pytest.mark.slow
def test_false_wins_in_simulated_hands_are_hidden_from_the_other_seats():
    logs = _hands("nts", 60, 3)
    false_wins = [(log, e) for log in logs for e in log if e["event"] == "false_win"]
    assert false_wins
    for log, event in false_wins:
        for seat in SEATS:
            reasons = [
                e["reason"] for e in seat_view(log, seat) if e["event"] == "false_win" and e["seat"] == event["seat"]
            ]
            assert reasons == [event["reason"] if seat == event["seat"] else HIDDEN_FALSE_WIN_REASON]


def test_the_view_of_the_referee_log_is_not_changed_in_place():
    (log, *_) = _hands("hkos", 1, 2)
    before = [dict(e) for e in log]
    list(seat_view(log, "S"))
    assert log == before


def test_a_malformed_event_is_a_log_error():
    for bad in ([{"event": "deal"}], [5], [{"event": "draw", "seat": "E"}]):
        with pytest.raises(LogError):
            list(seat_view(bad, "S"))


def test_unknown_seat():
    with pytest.raises(ValueError, match="unknown seat 'X'"):
        list(seat_view([], "X"))
