"""What a call is worth beside passing (``sparrow.bots.call_values``) and what a standing hand is
worth between turns (``sparrow.bots.evaluator.evaluate_standing``), on the evaluator's one scale."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sparrow.bots.call_values import value_of_call, value_of_pass
from sparrow.bots.evaluator import evaluate_discards, evaluate_standing
from sparrow.bots.seat_view import SeatView, kind_of
from sparrow.core.tiles import Tile
from sparrow.game.views import RiverTile
from tests.tenhou_turns import TABLE

QUIET = {**TABLE, "riichi": {}, "seat": "S"}  # the same rivers, nobody in riichi


def view(hand: str, **changes) -> SeatView:
    return SeatView.from_dict({**QUIET, "hand": hand, **changes})


def between_turns(hand: str, spare: str = "1z", **changes) -> SeatView:
    """The view of a seat holding the 13 tiles ``hand`` while another seat's discard is out (typed in
    on a turn with ``spare`` as the 14th, then without it)."""
    seen = view(hand + spare, **changes)
    tiles = list(seen.hand)
    tiles.remove(spare)
    return replace(seen, hand=tuple(tiles), may_discard=())


def after_discard(seen: SeatView, name: str) -> SeatView:
    """``seen`` once its seat has let ``name`` go: the hand less it, the river with it."""
    hand = list(seen.hand)
    hand.remove(name)
    rivers = dict(seen.rivers)
    rivers[seen.seat] = (*rivers.get(seen.seat, ()), RiverTile(name))
    return replace(seen, hand=tuple(hand), rivers=rivers, may_discard=())


HANDS = [
    "123m456p789s23p55s1z",  # ready on a discard of 1z (pinfu shape)
    "123m456p789s2p55s17z",  # one from ready
    "1379m2468p35s256z7p",  # three from ready
    "234m456p678s55s7z77z",  # ready: a pair of red dragons and 55s, tanki or shanpon
]


@pytest.mark.parametrize("hand", HANDS)
def test_a_discard_is_worth_the_hand_it_leaves_standing(hand):
    # With nobody in riichi nothing is at risk: each discard's value is the standing value of the hand
    # it leaves (a closed ready hand at the better of riichi and dama).
    seen = view(hand)
    for value in evaluate_discards(seen):
        standing = evaluate_standing(after_discard(seen, value.name))
        best = value.value if value.dama_value is None else max(value.value, value.dama_value)
        assert standing == pytest.approx(best), value.name


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 33), min_size=14, max_size=14))
def test_the_same_holds_for_any_hand(kinds):
    assume(all(kinds.count(k) + (k == kind_of("3m")) <= 4 for k in kinds))  # 3m: the dora indicator
    hand = "".join(str(Tile(k)) for k in sorted(kinds))
    seen = view(hand, rivers={})
    for value in evaluate_discards(seen):
        standing = evaluate_standing(after_discard(seen, value.name))
        best = value.value if value.dama_value is None else max(value.value, value.dama_value)
        assert standing == pytest.approx(best)


def test_a_pon_of_a_value_honour_that_makes_the_hand_ready_is_worth_more_than_passing():
    # South holds two red dragons and is one from ready; West lets the third go.
    seen = between_turns("123m456p78s55s77z9m", rivers={**QUIET["rivers"], "W": "2z9p1s7z"})
    call = value_of_call(seen, "7z", ["7z", "7z"], "pung")
    assert call is not None and call.shanten == 0 and call.win_chance > 0
    assert call.value > value_of_pass(seen)


def test_a_chi_that_leaves_an_open_hand_with_no_yaku_is_worth_less_than_passing():
    # Terminals and no value honour: open, the hand has no yaku in sight, so no chance to win.
    seen = between_turns("123m789p11s4568s9m")
    call = value_of_call(seen, "7s", ["5s", "6s"], "chow")
    assert call is not None and call.win_chance == 0 and call.value <= 0
    assert value_of_pass(seen) > 0


def test_after_a_chi_the_tile_called_and_the_other_end_may_not_be_let_go():
    seen = between_turns("123m456p2378s55s9m")
    call = value_of_call(seen, "1s", ["2s", "3s"], "chow")  # 1s called to 123s: 1s and 4s are barred
    assert call is not None
    after = [kind_of(v.name) for v in evaluate_discards(_view_after_chi(seen))]
    assert kind_of("1s") not in after and kind_of("4s") not in after
    assert kind_of(call.name) not in (kind_of("1s"), kind_of("4s"))


def _view_after_chi(seen: SeatView) -> SeatView:
    # The same view value_of_call builds, written out: what it may discard.
    from sparrow.bots.seat_view import SeatMeld

    hand = list(seen.hand)
    for name in ("2s", "3s"):
        hand.remove(name)
    allowed = sorted({kind_of(n) for n in hand} - {kind_of("1s"), kind_of("4s")})
    return replace(
        seen,
        hand=tuple(hand),
        melds={**seen.melds, seen.seat: (SeatMeld("chow", ("1s", "2s", "3s")),)},
        may_discard=tuple(Tile(k) for k in allowed),
    )
