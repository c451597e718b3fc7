"""Waits, tenpai and the call restrictions, on counts of the 34 kinds (pure functions).

A hand's *waits* are the kinds that complete its standing tiles (13 less 3 per declared set) as four
sets and a pair, seven pairs (seven different pairs: four of a kind are not two pairs) or thirteen
orphans. As on Tenhou, a kind whose four copies the player holds (standing or declared) is not a
wait: a hand waiting only on such a kind is not tenpai.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparrow.core.shapes import completing_tiles
from sparrow.core.tiles import ORPHANS

__all__ = ["waits", "orphan_waits", "is_tenpai", "kuikae_forbidden", "orphan_kinds"]

_ORPHANS = frozenset(int(t) for t in ORPHANS)


def waits(standing: Sequence[int], held: Sequence[int] | None = None) -> frozenset[int]:
    """The kinds that complete ``standing`` (34 counts, 1 more than a multiple of 3); ``held``
    counts every tile of the player (standing and declared, ``standing`` when None)."""
    total = sum(standing)
    if total % 3 != 1:
        return frozenset()
    found: set[int] = set(completing_tiles(standing))
    if total == 13:
        found |= _seven_pairs(standing) | _orphans(standing)
    held = standing if held is None else held
    return frozenset(kind for kind in found if held[kind] < 4)


def _seven_pairs(standing: Sequence[int]) -> set[int]:
    pairs = sum(1 for count in standing if count == 2)
    singles = [kind for kind, count in enumerate(standing) if count == 1]
    if pairs == 6 and len(singles) == 1:
        return {singles[0]}
    return set()


def _orphans(standing: Sequence[int]) -> set[int]:
    if any(count and kind not in _ORPHANS for kind, count in enumerate(standing)):
        return set()
    distinct = [kind for kind in _ORPHANS if standing[kind]]
    if len(distinct) == 13:
        return set(_ORPHANS)
    if len(distinct) == 12 and max(standing) == 2:
        return set(_ORPHANS) - set(distinct)
    return set()


def orphan_waits(standing: Sequence[int]) -> frozenset[int]:
    """The waits of a thirteen-orphans hand (the only hand that may rob a closed kan), else none."""
    return frozenset(_orphans(standing)) if sum(standing) == 13 else frozenset()


def is_tenpai(standing: Sequence[int], held: Sequence[int] | None = None) -> bool:
    return bool(waits(standing, held))


def kuikae_forbidden(called: int, run_start: int | None) -> frozenset[int]:
    """The kinds a player may not discard right after a call (Tenhou forbids swap-calling): the
    called kind, and after a chi whose called tile is an end of the run, the kind at the run's other
    side (calling 4 with 56 forbids 4 and 7). ``run_start`` is the chi's lowest kind, None for a pon."""
    forbidden = {called}
    if run_start is not None:
        rank = run_start % 9  # 0-based rank of the lowest tile
        if called == run_start and rank + 3 <= 8:
            forbidden.add(run_start + 3)
        elif called == run_start + 2 and rank >= 1:
            forbidden.add(run_start - 1)
    return frozenset(forbidden)


def orphan_kinds(counts: Sequence[int]) -> int:
    """How many different terminal and honour kinds the counts hold (nine terminals needs 9)."""
    return sum(1 for kind in _ORPHANS if counts[kind])
