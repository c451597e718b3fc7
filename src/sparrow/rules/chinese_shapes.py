"""Lean shape helpers for the Chinese scorer (private to ``sparrow.rules.chinese``).

The scorer must handle tens of thousands of hands a second, so it works on plain tuples instead of
the :mod:`sparrow.shapes` dataclasses: each suit (and the honours) is split once per distinct pattern
of counts and memoised, and a hand's splits are the product of its groups' splits. The same per-group
memo answers "which tile kinds complete this 13-tile hand", which the wait awards need.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from itertools import product

__all__ = ["Split", "regular_splits", "completing_kinds"]

# (start, stop, chows allowed) for characters, circles, bamboo and the honours.
_GROUPS = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_ORPHAN_SET = frozenset(_ORPHANS)

# One way to split the standing tiles: chow starts, pung tiles, the pair's tile (all tile indices).
Split = tuple[tuple[int, ...], tuple[int, ...], int]


@cache
def _group_splits(part: tuple[int, ...], chows: bool) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """Every split of one group's tiles into chows, pungs and at most one pair (offsets; pair -1 if none)."""
    work = list(part)
    found: set[tuple[tuple[int, ...], tuple[int, ...], int]] = set()
    size = len(work)

    def walk(start: int, chow_starts: list[int], pungs: list[int], pair: int) -> None:
        i = start
        while i < size and work[i] == 0:
            i += 1
        if i == size:
            found.add((tuple(sorted(chow_starts)), tuple(sorted(pungs)), pair))
            return
        if work[i] >= 3:
            work[i] -= 3
            pungs.append(i)
            walk(i, chow_starts, pungs, pair)
            pungs.pop()
            work[i] += 3
        if work[i] >= 2 and pair < 0:
            work[i] -= 2
            walk(i, chow_starts, pungs, i)
            work[i] += 2
        if chows and i + 2 < size and work[i + 1] and work[i + 2]:
            work[i] -= 1
            work[i + 1] -= 1
            work[i + 2] -= 1
            chow_starts.append(i)
            walk(i, chow_starts, pungs, pair)
            chow_starts.pop()
            work[i] += 1
            work[i + 1] += 1
            work[i + 2] += 1

    if sum(part) % 3 != 1:
        walk(0, [], [], -1)
    return tuple(sorted(found))


@cache
def _placed_splits(part: bytes, start: int) -> tuple[Split, ...]:
    """:func:`_group_splits` with offsets turned into tile indices (``start`` is the group's first tile).

    Keyed on bytes: slicing and hashing them is cheaper than building tuples on every call."""
    return tuple(
        (tuple(start + o for o in chow_starts), tuple(start + o for o in pungs), start + pair if pair >= 0 else -1)
        for chow_starts, pungs, pair in _group_splits(tuple(part), start < 27)
    )


_EMPTY_SUIT = bytes(9)
_EMPTY_HONOURS = bytes(7)


def regular_splits(counts: Sequence[int]) -> list[Split]:
    """Every split of the standing tiles (34 counts) into sets and exactly one pair.

    The caller adds the declared melds; this only sees what stands in the hand. A group's tile count
    decides whether it holds the pair (2 mod 3) or only sets (0 mod 3), so once exactly one group
    holds the pair, every combination of the groups' own splits is a split of the hand."""
    raw = bytes(counts)
    per_group = []
    pair_groups = 0
    several = False
    for start, stop, empty in (
        (0, 9, _EMPTY_SUIT),
        (9, 18, _EMPTY_SUIT),
        (18, 27, _EMPTY_SUIT),
        (27, 34, _EMPTY_HONOURS),
    ):
        part = raw[start:stop]
        if part == empty:
            continue
        options = _placed_splits(part, start)
        if not options:
            return []
        pair_groups += options[0][2] >= 0
        several = several or len(options) > 1
        per_group.append(options)
    if pair_groups != 1:
        return []
    if not several:
        chow_starts: tuple[int, ...] = ()
        pungs: tuple[int, ...] = ()
        pair = -1
        for ((group_chows, group_pungs, group_pair),) in per_group:
            chow_starts += group_chows
            pungs += group_pungs
            if group_pair >= 0:
                pair = group_pair
        return [(chow_starts, pungs, pair)]
    splits: list[Split] = []
    for combination in product(*per_group):
        chow_starts = ()
        pungs = ()
        pair = -1
        for group_chows, group_pungs, group_pair in combination:
            chow_starts += group_chows
            pungs += group_pungs
            if group_pair >= 0:
                pair = group_pair
        splits.append((chow_starts, pungs, pair))
    return splits


def _can_split(work: list[int], start: int, need_pair: bool, chows: bool) -> bool:
    """Depth-first: can ``work[start:]`` be split into sets (and one pair if ``need_pair``)?"""
    size = len(work)
    i = start
    while i < size and work[i] == 0:
        i += 1
    if i == size:
        return not need_pair
    count = work[i]
    if count >= 3:
        work[i] -= 3
        found = _can_split(work, i, need_pair, chows)
        work[i] += 3
        if found:
            return True
    if need_pair and count >= 2:
        work[i] -= 2
        found = _can_split(work, i, False, chows)
        work[i] += 2
        if found:
            return True
    if chows and i + 2 < size and work[i + 1] and work[i + 2]:
        work[i] -= 1
        work[i + 1] -= 1
        work[i + 2] -= 1
        found = _can_split(work, i, need_pair, chows)
        work[i] += 1
        work[i + 1] += 1
        work[i + 2] += 1
        return found
    return False


@cache
def _decomposable(part: bytes, chows: bool) -> bool:
    """Whether one group's tiles split into sets plus the pair their count calls for (none or one)."""
    mod = sum(part) % 3
    return mod != 1 and _can_split(list(part), 0, mod == 2, chows)


@cache
def _fills(part: bytes, chows: bool) -> tuple[int, ...]:
    """Offsets whose addition lets one group split into sets (and a pair if its new count calls for one).

    A tile is tried even when the group already holds four of it: the wait awards ignore whether a
    tile is still available (seed 002, waiting example 5). A tile with no neighbour within two ranks
    (no copy at all, for honours) would stand alone, so it is not tried."""
    result = []
    work = list(part)
    size = len(work)
    need_pair = (sum(part) + 1) % 3 == 2
    for offset in range(size):
        if chows:
            if not any(work[max(0, offset - 2) : offset + 3]):
                continue
        elif not work[offset]:
            continue
        work[offset] += 1
        if _can_split(work, 0, need_pair, chows):
            result.append(offset)
        work[offset] -= 1
    return tuple(result)


def completing_kinds(standing: Sequence[int], concealed_only: bool) -> set[int]:
    """Tile kinds that complete a 13-tile hand (the standing tiles without the winning tile).

    Regular shapes always count; seven pairs (four of a kind as two pairs) and thirteen orphans only
    when ``concealed_only`` (no declared melds). Availability is ignored, as the seed asks."""
    raw = bytes(standing)
    parts = []
    mods = []
    fine = []
    for start, stop, chows in _GROUPS:
        part = raw[start:stop]
        mod = sum(part) % 3
        parts.append(part)
        mods.append(mod)
        fine.append(mod != 1 and _decomposable(part, chows))
    result: set[int] = set()
    for index, (start, _stop, chows) in enumerate(_GROUPS):
        mod = mods[index]
        if mod == 0:
            continue  # one more tile leaves a count that is 1 mod 3: never sets and a pair
        other_pairs = 0
        others_fine = True
        for other in range(4):
            if other != index:
                others_fine = others_fine and fine[other]
                other_pairs += mods[other] == 2
        if not others_fine or other_pairs + (mod == 1) != 1:
            continue
        result.update(start + offset for offset in _fills(parts[index], chows))
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
