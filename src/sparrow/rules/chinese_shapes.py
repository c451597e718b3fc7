"""Shape helpers for the Chinese scorer (private to ``sparrow.rules.chinese``).

The splitting is the core's (:mod:`sparrow.shapes`: plain int codes, memoised per group); this
module adds what the Chinese rules ask beyond it: the order the scorer offers the splits in, and
the tile kinds that complete a hand counting the special forms and ignoring availability.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparrow.shapes import CHOW, Split, completing_tiles
from sparrow.shapes import regular_splits as _core_splits

__all__ = ["Split", "regular_splits", "completing_kinds"]

_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_SET = frozenset(_ORPHANS)


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
        for start, stop in _GROUPS
    )


def regular_splits(counts: Sequence[int]) -> list[Split]:
    """Every split of the standing tiles (34 counts) into sets and exactly one pair, in the order
    the scorer weighs them (the caller adds the declared melds)."""
    splits = _core_splits(counts)
    if len(splits) > 1:
        splits.sort(key=_offer_order)
    return splits


def completing_kinds(standing: Sequence[int], concealed_only: bool) -> set[int]:
    """Tile kinds that complete a 13-tile hand (the standing tiles without the winning tile).

    Regular shapes always count; seven pairs (four of a kind as two pairs) and thirteen orphans only
    when ``concealed_only`` (no declared melds). Availability is ignored, as the seed asks (seed 002,
    waiting example 5): a kind the hand already holds four of is still tried."""
    result = set(completing_tiles(standing, allow_fifth_copy=True))
    if concealed_only:
        odd = [kind for kind in range(34) if standing[kind] % 2]
        if len(odd) == 1:
            result.add(odd[0])
        if all(standing[kind] == 0 for kind in range(34) if kind not in _ORPHAN_SET):
            missing = [kind for kind in _ORPHANS if standing[kind] == 0]
            if not missing and max(standing[kind] for kind in _ORPHANS) == 1:
                result.update(_ORPHANS)
            elif len(missing) == 1 and max(standing[kind] for kind in _ORPHANS) == 2:
                result.add(missing[0])
    return result
