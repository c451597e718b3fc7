"""The live view of the log for one seat (``sparrow.game.events.seat_view``)."""

import pytest

from sparrow.game.events import LogError, seat_view
from sparrow.sim import simulate
from sparrow.tiles import SEATS, parse_tiles


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
                else:
                    assert shown == full  # discards, claims, kongs, wins and results are public


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
