"""What a call or a kong is worth beside passing on it, by the evaluator (:mod:`sparrow.bots.evaluator`).

A call (chow, pung) takes the discard with tiles of the seat's own, shows the set and asks a discard
at once: its value is the best of those discards' values in the seat's view after the call (the hand
open from then on: at Riichi no riichi, and a win needing a yaku it holds; where the family bars it,
``Ruleset.bars_swap_calls``, the tile called and, for a chow, the one at the run's other end may not
be let go at once: kuikae). A kong (on a discard, concealed, or added to a pung) brings a replacement
tile and then a discard: it is valued as the standing hand it leaves, the kong among its sets.
Passing keeps the standing hand: :func:`~sparrow.bots.evaluator.evaluate_standing`. All are expected
points of the hand on one scale, in every family, so a player calls when the call is worth more, and
the review can say what a call gained.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from sparrow.bots.evaluator import DiscardValue, evaluate_discards, evaluate_standing
from sparrow.bots.seat_view import SeatMeld, SeatView, kind_of
from sparrow.core.tiles import Tile
from sparrow.game.views import RiverTile
from sparrow.rules import get_ruleset

__all__ = ["value_of_call", "value_of_pass", "value_of_kong"]


def value_of_pass(view: SeatView) -> float:
    """What passing on a call keeps: the standing hand's value."""
    return evaluate_standing(view)


def value_of_call(
    view: SeatView, called: str, taken: Sequence[str], kind: str, source: str | None = None
) -> DiscardValue | None:
    """The best discard after calling ``called`` (a tile name) from ``source`` (the seat that let it
    go; the last such discard of any other seat when None) with ``taken`` (the names of the own
    tiles the set takes) as a ``kind`` (``chow`` or ``pung``) set; None when no discard is left."""
    hand = list(view.hand)
    for name in taken:
        hand.remove(name)
    tiles = tuple(sorted([called, *taken], key=kind_of))
    meld = SeatMeld(kind, tiles, True)
    kinds = [kind_of(name) for name in tiles]
    barred = set()
    if get_ruleset(view.rules).bars_swap_calls:
        barred.add(kind_of(called))
        if kind == "chow":
            low, high = min(kinds), max(kinds)
            # The tile called may not be let go, nor the one that makes the same run at its other end.
            if kind_of(called) == low and high % 9 < 8 and high < 27:
                barred.add(high + 1)
            if kind_of(called) == high and low % 9 > 0:
                barred.add(low - 1)
    allowed = sorted({kind_of(name) for name in hand} - barred)
    after = replace(
        view,
        hand=tuple(hand),
        rivers=_called_away(view, called, source),
        melds={**view.melds, view.seat: (*view.own_melds, meld)},
        may_discard=tuple(Tile(k) for k in allowed),
    )
    values = evaluate_discards(after)
    return values[0] if values else None


def value_of_kong(view: SeatView, tile: str, kind: str, source: str | None = None) -> float:
    """The standing hand after a kong of ``tile``'s kind: ``kind`` ``kong`` (on ``source``'s discard,
    three own copies with it), ``concealed_kong`` (four own copies) or ``added_kong`` (the own copy
    added to the seat's pung of it). The replacement tile and the discard after it are to come: the
    hand is valued as it stands with the kong declared and one more draw to come."""
    wanted = kind_of(tile)
    own = [name for name in view.hand if kind_of(name) == wanted]
    hand = list(view.hand)
    melds = list(view.own_melds)
    rivers = view.rivers
    if kind == "added_kong":
        hand.remove(own[0])
        index = next(i for i, meld in enumerate(melds) if meld.kind == "pung" and kind_of(meld.tiles[0]) == wanted)
        melds[index] = SeatMeld("kong", tuple(sorted((*melds[index].tiles, own[0]), key=kind_of)), True)
    else:
        mine = own[:4] if kind == "concealed_kong" else own[:3]
        for name in mine:
            hand.remove(name)
        if kind == "kong":
            rivers = _called_away(view, tile, source)
            mine = [*mine, tile]
        melds.append(SeatMeld("kong", tuple(sorted(mine, key=kind_of)), kind != "concealed_kong"))
    # The replacement tile is one draw more than the wall's share: counted as one more own draw.
    after = replace(
        view,
        hand=tuple(hand),
        rivers=rivers,
        melds={**view.melds, view.seat: tuple(melds)},
        may_discard=(),
        live_wall=view.live_wall + len(view.seats),
    )
    return evaluate_standing(after)


def _called_away(view: SeatView, called: str, source: str | None) -> dict[str, tuple[RiverTile, ...]]:
    """The rivers with the tile called marked so (it lies in the set now, not in the river): in
    ``source``'s river the last copy not called yet, or without a source the last discard of a seat
    whose last tile it is (when two are, which one does not change what is seen)."""
    rivers = dict(view.rivers)
    wanted = kind_of(called)
    for seat, river in rivers.items():
        if seat == view.seat or (source is not None and seat != source):
            continue
        latest_first = range(len(river) - 1, -1, -1)
        for index in latest_first if source is not None else latest_first[:1]:
            item = river[index]
            if not item.called and kind_of(item.name) == wanted:
                rivers[seat] = (*river[:index], replace(item, called=True), *river[index + 1 :])
                return rivers
    return rivers
