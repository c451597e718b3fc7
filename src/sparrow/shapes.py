"""Winning shapes: every split of a hand into sets and a pair, and the special forms.

Rule modules score a hand on one of its *readings*: a split of the tiles (``Decomposition``) plus
the place of the winning tile in it and the kind of wait that implies. The scorer takes the reading
that scores highest. Splitting is done per suit and memoised, so a hand costs a few lookups.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from sparrow.hand import Hand, Meld
from sparrow.tiles import ORPHANS, Tile, format_tiles

__all__ = [
    "Group",
    "Decomposition",
    "Reading",
    "decompositions",
    "readings",
    "is_regular_complete",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "is_nine_gates",
    "group_of_meld",
]

CHOW, PUNG, KONG, PAIR = "chow", "pung", "kong", "pair"


@dataclass(frozen=True, slots=True)
class Group:
    """One set or the pair of a split hand.

    ``concealed`` is True for a set formed in the hand or a concealed kong; ``declared`` is True for
    a declared meld. (Whether the set completed by a winning discard counts as open is a scoring
    rule: see :class:`Reading`.)
    """

    kind: str
    tile: Tile  # the lowest tile
    concealed: bool = True
    declared: bool = False

    @property
    def tiles(self) -> tuple[Tile, ...]:
        if self.kind == CHOW:
            return (self.tile, Tile(self.tile + 1), Tile(self.tile + 2))
        return (self.tile,) * {PUNG: 3, KONG: 4, PAIR: 2}[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind != PAIR

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind in (PUNG, KONG)

    @property
    def is_chow(self) -> bool:
        return self.kind == CHOW

    @property
    def is_kong(self) -> bool:
        return self.kind == KONG

    @property
    def is_pair(self) -> bool:
        return self.kind == PAIR

    @property
    def is_terminal_or_honour_set(self) -> bool:
        """A pung, kong or pair of a 1, 9 or honour (chows never are)."""
        return self.kind != CHOW and self.tile.is_orphan

    def __str__(self) -> str:
        text = format_tiles(self.tiles)
        if self.declared:
            return f"[{text}]" if not self.concealed else f"({text})"
        return text


def group_of_meld(meld: Meld) -> Group:
    return Group(meld.kind.value, meld.first, concealed=not meld.open, declared=True)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A complete hand split into sets and one pair: declared melds first, then the hand's sets."""

    groups: tuple[Group, ...]

    @property
    def pair(self) -> Group:
        return next(g for g in self.groups if g.kind == PAIR)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind != PAIR)

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)


@dataclass(frozen=True, slots=True)
class Reading:
    """A split with the winning tile placed in one of the hand's groups.

    ``wait`` is how that group waited: ``pair`` (single wait on the pair), ``edge`` (12 waiting on 3,
    or 89 on 7), ``closed`` (the middle of a chow), ``two_sided`` (either end of a chow), or ``pung``
    (one of two pairs waiting to become a pung). ``winning_group`` is the index in ``groups``.
    """

    decomposition: Decomposition
    winning_group: int
    wait: str

    @property
    def groups(self) -> tuple[Group, ...]:
        return self.decomposition.groups

    def completed_group(self) -> Group:
        return self.decomposition.groups[self.winning_group]


# ---------------------------------------------------------------------------- splitting


@cache
def _split_group(counts: tuple[int, ...], chows: bool) -> tuple[tuple[tuple[tuple[str, int], ...], bool], ...]:
    """Every way to split all tiles of one suit (or the honours) into sets and at most one pair.

    Returns (groups, has_pair) with groups as (kind, offset) pairs."""
    results: set[tuple[tuple[tuple[str, int], ...], bool]] = set()
    work = list(counts)

    def walk(start: int, taken: list[tuple[str, int]], pair: bool) -> None:
        i = start
        while i < len(work) and work[i] == 0:
            i += 1
        if i == len(work):
            results.add((tuple(sorted(taken)), pair))
            return
        if work[i] >= 3:
            work[i] -= 3
            taken.append((PUNG, i))
            walk(i, taken, pair)
            taken.pop()
            work[i] += 3
        if work[i] >= 2 and not pair:
            work[i] -= 2
            taken.append((PAIR, i))
            walk(i, taken, True)
            taken.pop()
            work[i] += 2
        if chows and i + 2 < len(work) and work[i + 1] and work[i + 2]:
            work[i] -= 1
            work[i + 1] -= 1
            work[i + 2] -= 1
            taken.append((CHOW, i))
            walk(i, taken, pair)
            taken.pop()
            work[i] += 1
            work[i + 1] += 1
            work[i + 2] += 1

    walk(0, [], False)
    return tuple(sorted(results))


_GROUP_SLICES = ((0, 9, True), (9, 18, True), (18, 27, True), (27, 34, False))


def _concealed_splits(counts: Sequence[int]) -> list[tuple[Group, ...]]:
    per_group = []
    for start, stop, chows in _GROUP_SLICES:
        part = tuple(counts[start:stop])
        if not any(part):
            continue
        options = _split_group(part, chows)
        if not options:
            return []
        per_group.append(
            [(tuple(Group(kind, Tile(start + offset)) for kind, offset in groups), pair) for groups, pair in options]
        )
    splits = []
    for combination in product(*per_group):
        if sum(pair for _, pair in combination) != 1:
            continue
        groups = [g for part, _ in combination for g in part]
        groups.sort(key=lambda g: (g.kind == PAIR, g.tile, g.kind))
        splits.append(tuple(groups))
    return splits


def decompositions(hand: Hand | Sequence[int], melds: Iterable[Meld] = ()) -> list[Decomposition]:
    """Every split of a complete hand into four sets and a pair, declared melds kept as they are.

    ``hand`` is a :class:`Hand` (its melds are used) or 34 counts of the concealed tiles (then pass
    ``melds``). The concealed part must hold exactly the tiles of the remaining sets and the pair.
    """
    if isinstance(hand, Hand):
        counts: Sequence[int] = hand.counts()
        melds = hand.melds
    else:
        counts = hand
    declared = tuple(group_of_meld(m) for m in melds)
    needed_sets = 4 - len(declared)
    if needed_sets < 0 or sum(counts) != 3 * needed_sets + 2:
        return []
    return [Decomposition(declared + split) for split in _concealed_splits(counts)]


def is_regular_complete(counts: Sequence[int], melds: int = 0) -> bool:
    return sum(counts) == 3 * (4 - melds) + 2 and bool(_concealed_splits(counts))


def _wait_kind(group: Group, tile: Tile) -> str:
    if group.kind == PAIR:
        return "pair"
    if group.kind != CHOW:
        return "pung"
    position = tile - group.tile
    if position == 1:
        return "closed"
    rank = group.tile.rank
    if (position == 2 and rank == 1) or (position == 0 and rank == 7):
        return "edge"
    return "two_sided"


def readings(decomposition: Decomposition, winning_tile: Tile) -> list[Reading]:
    """Each place the winning tile can stand in a split, with its wait. Only the hand's own groups
    (not declared melds) can hold the winning tile."""
    result = []
    seen = set()
    for index, group in enumerate(decomposition.groups):
        if group.declared or group.kind == KONG or winning_tile not in group.tiles:
            continue
        key = (group.kind, group.tile)
        if key in seen:
            continue  # two identical groups give the same reading
        seen.add(key)
        result.append(Reading(decomposition, index, _wait_kind(group, winning_tile)))
    return result


# ---------------------------------------------------------------------------- special forms


def is_seven_pairs(counts: Sequence[int], four_as_two_pairs: bool = False) -> bool:
    """Seven pairs in 14 concealed tiles; four identical tiles count as two pairs only if allowed."""
    if sum(counts) != 14:
        return False
    if four_as_two_pairs:
        return all(c in (0, 2, 4) for c in counts)
    return all(c in (0, 2) for c in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honour and a second of one of them (14 concealed tiles)."""
    return sum(counts) == 14 and all(counts[t] >= 1 for t in ORPHANS) and sum(counts[t] for t in ORPHANS) == 14


def is_nine_gates(counts: Sequence[int]) -> bool:
    """1112345678999 of one suit plus any tile of that suit (14 concealed tiles)."""
    if sum(counts) != 14:
        return False
    for start in (0, 9, 18):
        suit = counts[start : start + 9]
        if sum(suit) == 14:
            need = (3, 1, 1, 1, 1, 1, 1, 1, 3)
            return all(have >= n for have, n in zip(suit, need))
    return False
