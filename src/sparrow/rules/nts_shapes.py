"""The NTS winning shapes, tuned for the scorer's speed (private to :mod:`sparrow.rules.nts`).

Everything works on 34 counts. A regular hand is split group by group (the three suits and the
honours), each group's splits memoised by its counts, so a hand costs four dictionary look-ups; the
sets come back as plain ints (``tile`` for a pung, ``tile + CHOW`` for a chow) because the scorer
only needs a handful of integer facts per set and building objects would cost more than the count.
The irregular limit hands (snakes, twins, Imperial Court, Thirteen Orphans, Nine Gates) are
recognised from the counts directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

__all__ = [
    "CHOW",
    "CIRCLE_1",
    "BAMBOO_1",
    "regular_splits",
    "is_regular_complete",
    "regular_waits",
    "irregular_limit",
    "twins_limit",
    "irregular_waits",
    "peling_counts",
    "peling_complete",
    "peling_splits",
]

CHOW = 100  # a chow starting at tile t is coded t + CHOW; a pung of t is coded t
CIRCLE_1 = 9  # the "cake"
BAMBOO_1 = 18  # the "pe-ling" (sparrow)

_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))
_WINDS = range(27, 31)
_DRAGONS = range(31, 34)
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)

Split = tuple[tuple[int, ...], int]  # (sets, pair tile or -1)

# One memo per group: the group's counts (as bytes) -> every split of those tiles into sets and
# at most one pair, with absolute tile numbers. Behind them, the three suits share one memo of
# splits relative to the suit's first tile: a pattern met in one suit is not worked out again for
# another. The waits of a group short of a tile are memoised the same way.
_MEMO: tuple[dict[bytes, tuple[Split, ...]], ...] = ({}, {}, {}, {})
_SUIT_MEMO: dict[bytes, tuple[Split, ...]] = {}
_WAIT_MEMO: tuple[dict[bytes, tuple[int, ...]], ...] = ({}, {}, {}, {})
_SUIT_WAIT_MEMO: dict[bytes, tuple[int, ...]] = {}


def _compute_splits(key: bytes, chows: bool) -> tuple[Split, ...]:
    """Every split of one group's counts into sets and at most one pair, tiles counted from 0."""
    work = list(key)
    size = len(work)
    if sum(work) % 3 == 1:
        return ()
    found: set[Split] = set()

    def walk(start: int, sets: list[int], pair: int) -> None:
        i = start
        while i < size and work[i] == 0:
            i += 1
        if i == size:
            found.add((tuple(sorted(sets)), pair))
            return
        if work[i] >= 3:
            work[i] -= 3
            sets.append(i)
            walk(i, sets, pair)
            sets.pop()
            work[i] += 3
        if work[i] >= 2 and pair < 0:
            work[i] -= 2
            walk(i, sets, i)
            work[i] += 2
        if chows and i + 2 < size and work[i + 1] and work[i + 2]:
            work[i] -= 1
            work[i + 1] -= 1
            work[i + 2] -= 1
            sets.append(i + CHOW)
            walk(i, sets, pair)
            sets.pop()
            work[i] += 1
            work[i + 1] += 1
            work[i + 2] += 1

    walk(0, [], -1)
    return tuple(sorted(found))


def _group_splits(group: int, key: bytes) -> tuple[Split, ...]:
    memo = _MEMO[group]
    splits = memo.get(key)
    if splits is None:
        if group == 3:
            splits = _compute_splits(key, chows=False)
            base = 27
        else:
            splits = _SUIT_MEMO.get(key)
            if splits is None:
                splits = _SUIT_MEMO[key] = _compute_splits(key, chows=True)
            base = 9 * group
        # A set's code is its tile (plus CHOW for a chow), so moving to the group's tiles is an add.
        splits = memo[key] = tuple(
            (tuple(code + base for code in sets), pair + base if pair >= 0 else -1) for sets, pair in splits
        )
    return splits


def _relative_waits(key: bytes, chows: bool) -> tuple[int, ...]:
    found = []
    work = bytearray(key)
    size = len(key)
    for offset in range(size):
        if work[offset] >= 4:
            continue
        # A tile with no neighbour within two (or, for honours, no tile of its kind) stays a single.
        near = work[offset] if not chows else any(work[max(0, offset - 2) : offset + 3])
        if not near:
            continue
        work[offset] += 1
        if _compute_splits(bytes(work), chows):
            found.append(offset)
        work[offset] -= 1
    return tuple(found)


def _group_waits(group: int, key: bytes) -> tuple[int, ...]:
    """The tiles of this group whose addition lets the group split (into sets, or sets and a pair:
    the size decides which)."""
    memo = _WAIT_MEMO[group]
    waits = memo.get(key)
    if waits is None:
        if group == 3:
            waits = tuple(27 + offset for offset in _relative_waits(key, chows=False))
        else:
            relative = _SUIT_WAIT_MEMO.get(key)
            if relative is None:
                relative = _SUIT_WAIT_MEMO[key] = _relative_waits(key, chows=True)
            waits = tuple(9 * group + offset for offset in relative)
        memo[key] = waits
    return waits


_SLICES = tuple((group, start, stop) for group, (start, stop) in enumerate(_GROUPS))


def regular_splits(counts: Sequence[int]) -> list[Split]:
    """Every split of the standing tiles into sets and exactly one pair (declared melds are not in
    ``counts``; the caller checks the number of sets)."""
    raw = bytes(counts)
    parts: list[tuple[Split, ...]] = []
    pairs = 0
    for group, start, stop in _SLICES:
        key = raw[start:stop]
        splits = _MEMO[group].get(key)
        if splits is None:
            splits = _group_splits(group, key)
        if not splits:
            return []
        if splits[0][1] >= 0:  # every split of a group has a pair, or none has
            pairs += 1
        parts.append(splits)
    if pairs != 1:
        return []
    a, b, c, d = parts
    if len(a) == len(b) == len(c) == len(d) == 1:  # the common case: one way to split each group
        (a_sets, a_pair), (b_sets, b_pair), (c_sets, c_pair), (d_sets, d_pair) = a[0], b[0], c[0], d[0]
        return [(a_sets + b_sets + c_sets + d_sets, max(a_pair, b_pair, c_pair, d_pair))]
    result = []
    for (a_sets, a_pair), (b_sets, b_pair), (c_sets, c_pair), (d_sets, d_pair) in product(a, b, c, d):
        result.append((a_sets + b_sets + c_sets + d_sets, max(a_pair, b_pair, c_pair, d_pair)))
    return result


def is_regular_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """Four sets and a pair, ``melds`` of the sets declared."""
    return sum(counts) == 14 - 3 * melds and bool(regular_splits(counts))


def regular_waits(counts: Sequence[int], held: Sequence[int] | None = None) -> list[int]:
    """Tile kinds that complete a 13-tile regular hand (standing tiles only).

    A kind the player already holds four of (``held``: every tile of the hand, melds included;
    defaults to ``counts``) cannot come and is not a wait. Only a group short of a tile can take
    the winning tile; the others must already split.
    """
    raw = bytes(counts)
    keys = [raw[start:stop] for _group, start, stop in _SLICES]
    residues = [sum(key) % 3 for key in keys]
    if residues.count(1) == 1 and 2 not in residues:
        targets = [residues.index(1)]  # it takes the tile and the pair
    elif 1 not in residues and residues.count(2) == 2:
        # One group takes the tile and becomes sets while the other holds the pair: a group can
        # take the tile only when the other one splits with its pair.
        first, second = (group for group in range(4) if residues[group] == 2)
        targets = []
        if _group_splits(second, keys[second]):
            targets.append(first)
        if _group_splits(first, keys[first]):
            targets.append(second)
    else:
        return []
    for group in range(4):
        if residues[group] == 0 and not _group_splits(group, keys[group]):
            return []
    held = counts if held is None else held
    waits = [tile for group in targets for tile in _group_waits(group, keys[group]) if held[tile] < 4]
    waits.sort()
    return waits


# ---------------------------------------------------------------------------- irregular limit hands

# (name, value) of each irregular limit hand, named as on the rules page.
NINE_GATES = ("Nine Gates", 2000)
THIRTEEN_ORPHANS = ("Thirteen Orphans", 2000)
HONOUR_TWINS = ("Honour Twins", 2000)
WIND_SNAKE = ("Wind Snake", 1000)
DRAGON_SNAKE = ("Dragon Snake", 1000)
IMPERIAL_COURT = ("Imperial Court", 1000)
PURE_TWINS = ("Pure Twins", 1000)
VERY_CLEAN_TWINS = ("Very Clean Twins", 1000)
CLEAN_TWINS = ("Clean Twins", 500)
SEVEN_TWINS = ("Seven Twins", 250)


def _one_suit(counts: Sequence[int]) -> int:
    """The index (0, 9, 18) of the only suit the hand holds, -1 if none, -2 if several."""
    found = -1
    for start in (0, 9, 18):
        if any(counts[start : start + 9]):
            if found >= 0:
                return -2
            found = start
    return found


def twins_limit(counts: Sequence[int]) -> tuple[str, int] | None:
    """The twins limit hand that 14 standing tiles form (the highest that fits), or None."""
    # Seven different pairs: four identical tiles never count as two pairs.
    if sum(counts) != 14 or any(c not in (0, 2) for c in counts):
        return None
    suit = _one_suit(counts)
    honours = any(counts[27:34])
    if suit == -1:
        return HONOUR_TWINS
    if suit == -2:
        return SEVEN_TWINS
    if not honours:
        return PURE_TWINS
    if all(counts[suit + rank] == 0 for rank in range(1, 8)):
        return VERY_CLEAN_TWINS
    return CLEAN_TWINS


def irregular_limit(counts: Sequence[int]) -> tuple[str, int] | None:
    """The highest irregular limit hand that 14 standing tiles (no declared melds) form, or None."""
    if sum(counts) != 14:
        return None
    suit = _one_suit(counts)
    if max(counts) >= 3:  # only Nine Gates holds three of a kind
        if suit >= 0 and not any(counts[27:34]):
            if all(counts[suit + i] >= need for i, need in enumerate(_NINE_GATES)):
                return NINE_GATES
        return None
    if all(counts[t] for t in _ORPHANS) and sum(counts[t] for t in _ORPHANS) == 14:
        return THIRTEEN_ORPHANS
    twins = twins_limit(counts)
    if twins is not None and twins[1] >= 1000:
        return twins
    if suit >= 0:
        ranks = counts[suit : suit + 9]
        winds = [counts[t] for t in _WINDS]
        dragons = [counts[t] for t in _DRAGONS]
        if all(ranks):
            # Wind Snake: 1-9 and the four winds, one more of either; no dragons.
            if not any(dragons) and all(winds) and sum(ranks) + sum(winds) == 14:
                return WIND_SNAKE
            # Dragon Snake: 1-9 once, the three dragons once, a pair of one wind.
            if sum(ranks) == 9 and dragons == [1, 1, 1] and sorted(winds) == [0, 0, 0, 2]:
                return DRAGON_SNAKE
        # Imperial Court: 1-7 once, every wind and every dragon once.
        if (
            all(c == 1 for c in ranks[:7])
            and ranks[7] == ranks[8] == 0
            and winds == [1, 1, 1, 1]
            and dragons == [1, 1, 1]
        ):
            return IMPERIAL_COURT
    return twins


def irregular_waits(counts: Sequence[int]) -> list[tuple[int, tuple[str, int]]]:
    """For 13 standing tiles (no declared melds): each tile kind that would complete an irregular
    limit hand, with that hand. Cheap tests first: most hands hold two suits and are not close."""
    if sum(counts) != 13:
        return []
    suit = _one_suit(counts)
    candidates: list[int]
    if suit == -2:
        # Two or three suits: only Seven Twins (six pairs and a single) or Thirteen Orphans.
        candidates = []
        if sorted(c for c in counts if c) == [1, 2, 2, 2, 2, 2, 2]:
            candidates.append(list(counts).index(1))
        if sum(counts[t] for t in _ORPHANS) == 13:
            candidates.extend(t for t in _ORPHANS if t not in candidates)
        if not candidates:
            return []
    elif suit == -1:
        candidates = list(range(27, 34))
    else:
        candidates = list(range(suit, suit + 9)) + list(range(27, 34))
    waits = []
    work = list(counts)
    for tile in candidates:
        if work[tile] >= 4:
            continue
        work[tile] += 1
        found = irregular_limit(work)
        work[tile] -= 1
        if found is not None:
            waits.append((tile, found))
    return waits


# ---------------------------------------------------------------------------- Pe-ling eats cake


def peling_counts(counts: Sequence[int]) -> list[int] | None:
    """The counts with one Circle 1 standing in for a Bamboo 1, when the hand holds a Bamboo 1 for
    it to pair with; else None."""
    if counts[CIRCLE_1] and counts[BAMBOO_1]:
        swapped = list(counts)
        swapped[CIRCLE_1] -= 1
        swapped[BAMBOO_1] += 1
        return swapped
    return None


def peling_splits(swapped: Sequence[int]) -> list[Split]:
    """Regular splits of the swapped counts whose pair is the Bamboo 1s (the stand-in closes the pair)."""
    return [split for split in regular_splits(swapped) if split[1] == BAMBOO_1]


def peling_complete(counts: Sequence[int], melds: int) -> bool:
    """Whether the hand is complete when a Circle 1 stands in for a Bamboo 1 closing the pair
    (a regular hand, or twins when nothing is declared)."""
    swapped = peling_counts(counts)
    if swapped is None or sum(counts) != 14 - 3 * melds:
        return False
    if peling_splits(swapped):
        return True
    return melds == 0 and swapped[BAMBOO_1] == 2 and twins_limit(swapped) is not None
