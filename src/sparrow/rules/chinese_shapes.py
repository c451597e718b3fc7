"""Shape helpers for the Chinese scorer (private to ``sparrow.rules.chinese``).

The splitting is the core's (:mod:`sparrow.core.shapes`: plain int codes, memoised per group); this
module adds what the Chinese rules ask beyond it: the order the scorer offers the splits in, and
whether the winning tile is the only kind that completes the hand (the condition of the wait
awards), counting the special forms and ignoring availability.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparrow.core.shapes import CHOW, GROUP_BOUNDS, GROUP_OF, Split, group_fills, group_splits
from sparrow.core.shapes import regular_splits as _core_splits

__all__ = ["Split", "regular_splits", "only_winning_kind_completes"]

# bytes.translate table: a count -> 1 if it is odd, else 0.
_ODD = bytes(count % 2 for count in range(256))


def _offer_order(split: Split) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """Group by group: its chows, its pungs, its pair (-1 if elsewhere). The scorer keeps the first
    of equal readings, so the splits keep the order it has always met them in."""
    sets, pair = split
    return tuple(
        (
            tuple(code - CHOW for code in sets if start <= code - CHOW < stop),
            tuple(code for code in sets if start <= code < stop),
            pair if start <= pair < stop else -1,
        )
        for start, stop in GROUP_BOUNDS
    )


def regular_splits(counts: Sequence[int]) -> list[Split]:
    """Every split of the standing tiles (34 counts) into sets and exactly one pair, in the order
    the scorer weighs them (the caller adds the declared melds)."""
    splits = _core_splits(counts)
    if len(splits) > 1:
        splits.sort(key=_offer_order)
    return splits


# ---------------------------------------------------------------------------- the wait


def only_winning_kind_completes(
    standing: Sequence[int], winning: int, pair: int, concealed_only: bool, held: Sequence[int]
) -> bool:
    """Whether ``winning`` is the only tile kind that completes the 13 standing tiles (34 counts,
    without the winning tile), for a hand that the winning tile completes as sets and the pair
    ``pair``.

    Regular shapes always count; seven pairs (four of a kind as two pairs) and thirteen orphans only
    when ``concealed_only`` (no declared melds). A kind the player already holds all four of, in the
    standing tiles and the declared sets (``held``: 34 counts of every tile of the hand, the winning
    tile included), is no wait: a fifth copy cannot come (``docs/rules/README.md``). Beyond that,
    availability is ignored, as the seed asks (seed 002, waiting example 5): tiles in other players'
    discards and sets are still waited on.

    Only two groups (a suit's tiles, or the honours) matter. The complete hand splits, and taking
    the winning tile away changes only its own group, so every other group still splits: a tile can
    complete the hand in the winning tile's group, or in the pair's group when that is another one
    and the winning tile's group stands as sets and a pair without it (the pair's group then takes a
    tile that turns it into sets only, such as its pair's tile, making a pung)."""
    group = GROUP_OF[winning]
    start, stop = GROUP_BOUNDS[group]
    key = bytes(standing[start:stop])
    for tile in group_fills(group, key, True):
        if tile != winning and held[tile] < 4:
            return False
    pair_group = GROUP_OF[pair]
    if pair_group != group and group_splits(group, key):
        pair_start, pair_stop = GROUP_BOUNDS[pair_group]
        for tile in group_fills(pair_group, bytes(standing[pair_start:pair_stop]), True):
            if held[tile] < 4:
                return False
    if concealed_only:
        # Seven pairs: 13 tiles with exactly one odd kind wait on that kind (held once or three
        # times: never a fifth copy).
        odd = bytes(standing).translate(_ODD)
        if odd.count(1) == 1 and odd.index(1) != winning:
            return False
        # Thirteen orphans never adds a kind here: tiles one short of it hold at least five honour
        # kinds once each, and one more tile cannot turn them into the regular hand this is (an
        # honour stands only in a pung or the pair).
    return True
