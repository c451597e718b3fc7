"""What a call is worth beside passing on it, by the evaluator (:mod:`sparrow.bots.evaluator`).

A call (chi, pon) takes the discard with tiles of the seat's own, shows the set and asks a discard at
once: its value is the best of those discards' values in the seat's view after the call (the hand
open from then on, so riichi gone, and a win needing a yaku it holds; the tile called and, for a chi,
the one at the run's other end may not be let go at once: kuikae). Passing keeps the standing hand:
:func:`~sparrow.bots.evaluator.evaluate_standing`. Both are expected points of the hand on one scale,
so a player (Expert) calls when the call is worth more, and the review can say what a call gained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sparrow.bots.evaluator import DiscardValue, evaluate_discards, evaluate_standing
from sparrow.bots.seat_view import SeatMeld, SeatView, kind_of
from sparrow.core.tiles import Tile
from sparrow.game.views import RiverTile

__all__ = ["value_of_call", "value_of_pass"]


def value_of_pass(view: SeatView) -> float:
    """What passing on a call keeps: the standing hand's value."""
    return evaluate_standing(view)


def value_of_call(view: SeatView, called: str, taken: Sequence[str], kind: str) -> DiscardValue | None:
    """The best discard after calling ``called`` (a tile name) with ``taken`` (the names of the own
    tiles the set takes) as a ``kind`` (``chow`` or ``pung``) set; None when no discard is left."""
    hand = list(view.hand)
    for name in taken:
        hand.remove(name)
    tiles = tuple(sorted([called, *taken], key=kind_of))
    meld = SeatMeld(kind, tiles, True)
    kinds = [kind_of(name) for name in tiles]
    barred = {kind_of(called)}
    if kind == "chow":
        low, high = min(kinds), max(kinds)
        # Kuikae: the tile called may not be let go, nor the one that makes the same run at its other end.
        if kind_of(called) == low and high % 9 < 8 and high < 27:
            barred.add(high + 1)
        if kind_of(called) == high and low % 9 > 0:
            barred.add(low - 1)
    allowed = sorted({kind_of(name) for name in hand} - barred)
    after = replace(
        view,
        hand=tuple(hand),
        rivers=_called_away(view, called),
        melds={**view.melds, view.seat: (*view.own_melds, meld)},
        may_discard=tuple(Tile(k) for k in allowed),
    )
    values = evaluate_discards(after)
    return values[0] if values else None


def _called_away(view: SeatView, called: str) -> dict[str, tuple[RiverTile, ...]]:
    """The rivers with the tile called marked so (it lies in the set now, not in the river): the last
    discard of a seat whose last tile it is (when two are, which one does not change what is seen)."""
    rivers = dict(view.rivers)
    for seat, river in rivers.items():
        if seat != view.seat and river and not river[-1].called and kind_of(river[-1].name) == kind_of(called):
            rivers[seat] = (*river[:-1], replace(river[-1], called=True))
            break
    return rivers
