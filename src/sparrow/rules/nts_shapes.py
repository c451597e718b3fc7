"""The NTS winning shapes beyond the core's (private to :mod:`sparrow.rules.nts`).

Regular hands are split by the core, :func:`sparrow.core.shapes.regular_splits` (sets as ints:
``tile`` for a pung, ``tile + CHOW`` for a chow). This module adds what only NTS plays: the
irregular limit hands (snakes, twins, Imperial Court, Thirteen Orphans, Nine Gates), recognised
from the counts directly, and Pe-ling eats cake.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparrow.core.shapes import GROUP_BOUNDS, GROUP_OF, Split, group_fills, group_splits, regular_splits
from sparrow.rules.nts_table import limit

__all__ = [
    "CIRCLE_1",
    "BAMBOO_1",
    "irregular_limit",
    "twins_limit",
    "irregular_waits",
    "peling_counts",
    "peling_complete",
    "peling_splits",
    "waits_before_win",
]

CIRCLE_1 = 9  # the "cake"
BAMBOO_1 = 18  # the "pe-ling" (sparrow)

_WINDS = range(27, 31)
_DRAGONS = range(31, 34)
_ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_NINE_GATES = (3, 1, 1, 1, 1, 1, 1, 1, 3)


# ---------------------------------------------------------------------------- irregular limit hands

# (name, value) of each irregular limit hand, from the scoring table (``nts_table``).
NINE_GATES = limit("nine_gates")
THIRTEEN_ORPHANS = limit("thirteen_orphans")
HONOUR_TWINS = limit("honour_twins")
WIND_SNAKE = limit("wind_snake")
DRAGON_SNAKE = limit("dragon_snake")
IMPERIAL_COURT = limit("imperial_court")
PURE_TWINS = limit("pure_twins")
VERY_CLEAN_TWINS = limit("very_clean_twins")
CLEAN_TWINS = limit("clean_twins")
SEVEN_TWINS = limit("seven_twins")


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
    limit hand, with that hand. Cheap tests first: most hands are not close to any."""
    if sum(counts) != 13 or not _may_be_one_short(counts):
        return []
    suit = _one_suit(counts)
    candidates: list[int]
    if suit == -2:
        # Two or three suits: only Seven Twins (six pairs and a single) or Thirteen Orphans (no
        # simples).
        candidates = []
        if counts.count(2) == 6 and counts.count(1) == 1:
            candidates.append(list(counts).index(1))
        if not any(counts[1:8]) and not any(counts[10:17]) and not any(counts[19:26]):
            candidates.extend(t for t in _ORPHANS if t not in candidates)
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


def _may_be_one_short(counts: Sequence[int]) -> bool:
    """Whether 13 tiles can be one tile from an irregular limit hand: a quick necessary condition,
    so that most hands are not tried with every tile that might complete one."""
    if max(counts) >= 3:
        # Only Nine Gates holds three of a kind: one suit, no honours, and a tile can fill only one
        # gap in 1112345678999.
        suit = _one_suit(counts)
        if suit < 0 or any(counts[27:34]):
            return False
        return sum(max(0, need - counts[suit + rank]) for rank, need in enumerate(_NINE_GATES)) <= 1
    # The others hold pairs and singles: seven pairs (six pairs and a single, one tile short), or
    # 13 or 14 kinds (the snakes, Imperial Court, Thirteen Orphans: 12 or more, one tile short).
    return len(counts) - counts.count(0) >= 12 or (counts.count(2) == 6 and counts.count(1) == 1)


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


# ---------------------------------------------------------------------------- the wait before the win


def waits_before_win(complete: bytearray | list[int], win: int, pair: int) -> tuple[int, ...]:
    """The tile kinds, ascending, that would have completed a regular hand without its winning tile:
    ``complete`` the 34 counts of the standing tiles with ``win`` (not changed), ``pair`` the pair
    of one of their splits. The same as ``sparrow.core.shapes.completing_tiles`` of the 13 tiles (no kind
    they hold four of), found from the two groups that can matter.

    The other groups split as they are, so a wait lies in the winning tile's group or, when the pair
    stands in another group, in the pair's: the winning group takes a tile to become sets while the
    pair stays, or (when it splits with a pair of its own) lends the pair while the pair's group takes
    a tile to become sets. Each group is looked up by its own pattern in the core's memo."""
    group = GROUP_OF[win]
    start, stop = GROUP_BOUNDS[group]
    before = complete[start:stop]  # a copy
    before[win - start] -= 1
    key = bytes(before)
    fills = group_fills(group, key, False)
    pair_group = GROUP_OF[pair]
    if pair_group != group and group_splits(group, key):
        pair_start, pair_stop = GROUP_BOUNDS[pair_group]
        pair_fills = group_fills(pair_group, bytes(complete[pair_start:pair_stop]), False)
        return tuple(sorted(fills + pair_fills))
    return fills
