"""Winning shapes: every split of a hand into sets and a pair, and the special forms.

Rule modules score a hand on one of its *readings*: a split of the tiles (``Decomposition``) plus
the place of the winning tile in it and the kind of wait that implies. The scorer takes the reading
that scores highest.

The splitting itself is the one core every family uses: :func:`regular_splits` and
:func:`completing_tiles` work on 34 counts and plain int codes, per group (each suit, the honours)
and memoised, so a hand costs a few look-ups; the fast scorers call them directly, and
:func:`decompositions` dresses their splits as :class:`Group` values.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product
from typing import Any

from sparrow._compiled import by_fields
from sparrow.core.hand import Hand, Meld
from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import ORPHANS, Tile, format_tiles

__all__ = [
    "Group",
    "Decomposition",
    "Reading",
    "CHOW",
    "Split",
    "regular_splits",
    "completing_tiles",
    "decompositions",
    "readings",
    "is_regular_complete",
    "is_seven_pairs",
    "is_thirteen_orphans",
    "is_nine_gates",
    "group_of_meld",
    "check_tile_counts",
]

# The kinds of a Group.
_CHOW_KIND, _PUNG_KIND, _KONG_KIND, _PAIR_KIND = "chow", "pung", "kong", "pair"


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
        if self.kind == _CHOW_KIND:
            return (self.tile, Tile(self.tile + 1), Tile(self.tile + 2))
        return (self.tile,) * {_PUNG_KIND: 3, _KONG_KIND: 4, _PAIR_KIND: 2}[self.kind]

    @property
    def is_set(self) -> bool:
        return self.kind != _PAIR_KIND

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind in (_PUNG_KIND, _KONG_KIND)

    @property
    def is_chow(self) -> bool:
        return self.kind == _CHOW_KIND

    @property
    def is_kong(self) -> bool:
        return self.kind == _KONG_KIND

    @property
    def is_pair(self) -> bool:
        return self.kind == _PAIR_KIND

    @property
    def is_terminal_or_honour_set(self) -> bool:
        """A pung, kong or pair of a 1, 9 or honour (chows never are)."""
        return self.kind != _CHOW_KIND and self.tile.is_orphan

    def __str__(self) -> str:
        text = format_tiles(self.tiles)
        if self.declared:
            return f"[{text}]" if not self.concealed else f"({text})"
        return text

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


def group_of_meld(meld: Meld) -> Group:
    return Group(meld.kind.value, meld.first, concealed=not meld.open, declared=True)


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A complete hand split into sets and one pair: declared melds first, then the hand's sets."""

    groups: tuple[Group, ...]

    @property
    def pair(self) -> Group:
        return next(g for g in self.groups if g.kind == _PAIR_KIND)

    @property
    def sets(self) -> tuple[Group, ...]:
        return tuple(g for g in self.groups if g.kind != _PAIR_KIND)

    def __str__(self) -> str:
        return " ".join(str(g) for g in self.groups)

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


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

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


# ---------------------------------------------------------------------------- splitting


CHOW = 100  # in a Split, a pung of tile t is coded t and a chow starting at t is coded t + CHOW

# One split of the standing tiles: (set codes, the pair's tile). The codes come group by group in
# tile order, each group's ascending. Plain ints because the scorers need only a few integer facts
# per set, and building objects for every split would cost more than the counting.
Split = tuple[tuple[int, ...], int]

# (first tile, end) of the four groups that split on their own: the three suits and the honours.
_GROUPS = ((0, 9), (9, 18), (18, 27), (27, 34))
_HONOURS = 3
GROUP_OF: tuple[int, ...] = tuple(min(tile // 9, _HONOURS) for tile in range(34))  # tile -> its group (0-3)
GROUP_BOUNDS = _GROUPS

# Per group: its counts as bytes (cheap to slice and hash) -> its splits into sets and at most one
# pair (pair -1 when it has none) / the tiles whose addition lets it split, with absolute tiles, so
# a hand costs four look-ups. Behind them, the cached _relative_* functions work a pattern out once
# relative to the group's first tile: the three suits share it, the honours (no chows) have theirs.
_SPLITS: tuple[dict[bytes, tuple[Split, ...]], ...] = ({}, {}, {}, {})
_FILLS: tuple[tuple[dict[bytes, tuple[int, ...]], ...], ...] = (({}, {}, {}, {}), ({}, {}, {}, {}))
_CHARACTER_SPLITS, _CIRCLE_SPLITS, _BAMBOO_SPLITS, _HONOUR_SPLITS = _SPLITS


@cache
def _relative_splits(key: bytes, chows: bool) -> tuple[Split, ...]:
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


def group_splits(group: int, key: bytes) -> tuple[Split, ...]:
    """Every split of one group's tiles (``key``: its counts as bytes; group 0-2 a suit, 3 the
    honours) into sets and one pair when its size is 2 more than a multiple of 3, else sets only;
    empty when it cannot split. Memoised per pattern."""
    memo = _SPLITS[group]
    splits = memo.get(key)
    if splits is None:
        base = _GROUPS[group][0]
        # A set's code is its tile (plus CHOW for a chow), so moving to the group's tiles is an add.
        splits = memo[key] = tuple(
            (tuple(code + base for code in sets), pair + base if pair >= 0 else -1)
            for sets, pair in _relative_splits(key, group != _HONOURS)
        )
    return splits


@cache
def _relative_fills(key: bytes, chows: bool, allow_fifth_copy: bool) -> tuple[int, ...]:
    found = []
    work = bytearray(key)
    for offset in range(len(work)):
        if work[offset] >= 4 and not allow_fifth_copy:
            continue
        # A tile with no neighbour within two (for honours, no tile of its kind) would stand alone.
        if not (any(work[max(0, offset - 2) : offset + 3]) if chows else work[offset]):
            continue
        work[offset] += 1
        larger = bytes(work)
        splits = _SPLITS_AT_ALL.get(larger)
        if splits is None:
            splits = _SPLITS_AT_ALL[larger] = _splits(work, chows)
        if splits:
            found.append(offset)
        work[offset] -= 1
    return tuple(found)


# Whether a group's counts split (relative to its first tile; suits and honours differ in size, so never
# share a key): what a group's fills ask of the groups one tile larger, kept as _relative_splits keeps its.
_SPLITS_AT_ALL: dict[bytes, bool] = {}


def _splits(counts: bytearray, chows: bool) -> bool:
    """Whether one group's counts split into sets and at most one pair, without listing the ways (which
    _relative_splits does, at several times the cost: a group's fills try up to nine such counts)."""
    size = sum(counts)
    if size % 3 == 1:
        return False
    if not chows:  # honours: pungs, and a pair (2 or 5 of a kind) when the size says so
        pairs = 0
        for count in bytes(counts):  # a copy of the seven counts (compiled, a bytearray is not iterated)
            if count % 3 == 2:
                pairs += 1
            elif count % 3:
                return False
        return pairs == (size % 3 == 2)
    if size % 3 == 0:
        return _sets_only(list(counts))
    # Every set's ranks add up to a multiple of 3 (a pung 3r, a chow 3r + 3), so the pair's rank r has
    # 2r congruent to the ranks' total, modulo 3: a third of the ranks can hold it.
    held = bytes(counts)  # (compiled, a bytearray is not iterated)
    total = sum(rank * count for rank, count in enumerate(held)) % 3
    for rank, count in enumerate(held):
        if count >= 2 and 2 * rank % 3 == total:
            work = list(counts)
            work[rank] -= 2
            if _sets_only(work):
                return True
    return False


def _sets_only(work: list[int]) -> bool:
    """Whether the counts (changed on the way) split into pungs and chows: from the lowest rank up, the
    count left over from pungs must start that many chows (three chows from a rank are three pungs)."""
    last = len(work) - 2
    for rank, count in enumerate(work):
        chows = count % 3
        if chows:
            if rank >= last or work[rank + 1] < chows or work[rank + 2] < chows:
                return False
            work[rank + 1] -= chows
            work[rank + 2] -= chows
    return True


def group_fills(group: int, key: bytes, allow_fifth_copy: bool) -> tuple[int, ...]:
    """The tiles of one group whose addition lets it split (into sets, or sets and a pair: its new
    size decides). A tile the group already holds four of is tried only with ``allow_fifth_copy``."""
    memo = _FILLS[allow_fifth_copy][group]
    fills = memo.get(key)
    if fills is None:
        base = _GROUPS[group][0]
        relative = _relative_fills(key, group != _HONOURS, allow_fifth_copy)
        fills = memo[key] = tuple(base + offset for offset in relative)
    return fills


def regular_splits(counts: Sequence[int]) -> list[Split]:
    """Every split of the standing tiles (34 counts) into sets and exactly one pair.

    Declared melds are not in ``counts``; the caller checks the number of sets. A group's size
    decides whether it holds the pair (2 mod 3) or only sets (0 mod 3), so once exactly one group
    holds the pair, every combination of the groups' own splits is a split of the hand."""
    raw = bytes(counts)
    # Unrolled over the four groups: this runs for every hand scored. A group that cannot split is
    # memoised as (), which the ``or`` sends on to _group_splits (a second look-up, and rare).
    a = _CHARACTER_SPLITS.get(raw[:9]) or group_splits(0, raw[:9])
    b = _CIRCLE_SPLITS.get(raw[9:18]) or group_splits(1, raw[9:18])
    c = _BAMBOO_SPLITS.get(raw[18:27]) or group_splits(2, raw[18:27])
    d = _HONOUR_SPLITS.get(raw[27:34]) or group_splits(3, raw[27:34])
    if not (a and b and c and d):
        return []
    # Every split of a group has a pair, or none has: exactly one group must hold it.
    if (a[0][1] >= 0) + (b[0][1] >= 0) + (c[0][1] >= 0) + (d[0][1] >= 0) != 1:
        return []
    if len(a) == len(b) == len(c) == len(d) == 1:  # the common case: one way to split each group
        (a_sets, a_pair), (b_sets, b_pair), (c_sets, c_pair), (d_sets, d_pair) = a[0], b[0], c[0], d[0]
        return [(a_sets + b_sets + c_sets + d_sets, max(a_pair, b_pair, c_pair, d_pair))]
    return [
        (a_sets + b_sets + c_sets + d_sets, max(a_pair, b_pair, c_pair, d_pair))
        for (a_sets, a_pair), (b_sets, b_pair), (c_sets, c_pair), (d_sets, d_pair) in product(a, b, c, d)
    ]


def completing_tiles(counts: Sequence[int], allow_fifth_copy: bool = False) -> list[int]:
    """The tile kinds, ascending, that complete standing tiles one short of sets and a pair.

    Only a group short of a tile can take it; the others must already split. A kind the standing
    tiles hold four of cannot come, unless ``allow_fifth_copy`` (for a scorer that ignores which
    tiles are left); declared kongs are the caller's to rule out."""
    raw = bytes(counts)
    keys = [raw[start:stop] for start, stop in _GROUPS]
    residues = [sum(key) % 3 for key in keys]
    if residues.count(1) == 1 and 2 not in residues:
        targets = [residues.index(1)]  # it takes the tile and the pair
    elif 1 not in residues and residues.count(2) == 2:
        # One group takes the tile and becomes sets while the other holds the pair: a group can
        # take the tile only when the other one splits with its pair.
        first, second = [group for group in range(4) if residues[group] == 2]
        targets = []
        if group_splits(second, keys[second]):
            targets.append(first)
        if group_splits(first, keys[first]):
            targets.append(second)
    else:
        return []
    for group in range(4):
        if residues[group] == 0 and not group_splits(group, keys[group]):
            return []
    tiles = [tile for group in targets for tile in group_fills(group, keys[group], allow_fifth_copy)]
    tiles.sort()
    return tiles


def _groups_of(split: Split) -> tuple[Group, ...]:
    """A split as Groups: the sets by tile, then the pair."""
    sets, pair = split
    groups = [Group(_CHOW_KIND, Tile(code - CHOW)) if code >= CHOW else Group(_PUNG_KIND, Tile(code)) for code in sets]
    groups.sort(key=lambda g: (g.tile, g.kind))
    groups.append(Group(_PAIR_KIND, Tile(pair)))
    return tuple(groups)


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
    found = [Decomposition(declared + _groups_of(split)) for split in regular_splits(counts)]
    if len(found) > 1:
        found.sort(key=_listing_order)
    return found


def _listing_order(decomposition: Decomposition) -> list[tuple[int, str, Tile]]:
    """The order decompositions are listed in: suit by suit (honours last), chows before the pair
    before pungs, by tile."""
    return sorted((min(g.tile // 9, 3), g.kind, g.tile) for g in decomposition.groups if not g.declared)


def is_regular_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """Four sets and a pair, ``melds`` of the sets declared (``counts`` holds the standing tiles)."""
    return sum(counts) == 3 * (4 - melds) + 2 and bool(regular_splits(counts))


def _wait_kind(group: Group, tile: Tile) -> str:
    if group.kind == _PAIR_KIND:
        return "pair"
    if group.kind != _CHOW_KIND:
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
        if group.declared or group.kind == _KONG_KIND or winning_tile not in group.tiles:
            continue
        key = (group.kind, group.tile)
        if key in seen:
            continue  # two identical groups give the same reading
        seen.add(key)
        result.append(Reading(decomposition, index, _wait_kind(group, winning_tile)))
    return result


# ---------------------------------------------------------------------------- special forms


def is_seven_pairs(counts: Sequence[int], four_as_two_pairs: bool = False) -> bool:
    """Seven pairs in 14 concealed tiles (counts of tiles, 0-255 each); four identical tiles count as
    two pairs only if allowed."""
    raw = bytes(counts)  # counted by bytes.count, not a generator: every hand scored asks this
    if sum(raw) != 14:
        return False
    pairs_and_empty = raw.count(0) + raw.count(2)
    if four_as_two_pairs:
        pairs_and_empty += raw.count(4)
    return pairs_and_empty == len(raw)


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


def check_tile_counts(situation: HandSituation) -> None:
    """Refuse a situation whose tiles cannot be a hand at a table: a flower or season among the playing
    tiles, a fifth copy of a kind, a bonus tile twice, or more or fewer tiles than its sets allow (14 and
    one more per kong with a winning tile, 13 and one per kong without). Raises the
    :class:`~sparrow.core.situation.SituationError` (a ``ValueError``) that ``HandSituation.check``
    words for it.

    Every scorer calls this first: ``from_dict`` checks what it reads, but a situation can also be made
    by its constructor or ``dataclasses.replace``, and such a hand must be refused in the same words,
    never scored as if it were real nor failing inside the tables. Counted here in one pass (the bots
    value many hands); the full check runs only to word a fault found."""
    # Read as plain ints (a Tile is one): compiled, the loop then runs on machine integers, which
    # keeps this check a fraction of a microsecond beside the scoring it guards.
    counts: list[int] = [0] * 42
    top = 0  # the most copies of one kind
    high = 0  # the highest kind: 34 and above are flowers and seasons
    expected = 13
    concealed: tuple[int, ...] = situation.concealed
    size = len(concealed)
    winning: int | None = situation.winning_tile
    if winning is not None:
        counts[winning] = top = 1
        high = winning
        expected = 14
        size += 1
    for tile in concealed:
        copies = counts[tile] + 1
        counts[tile] = copies
        if copies > top:
            top = copies
        if tile > high:
            high = tile
    for meld in situation.melds:
        tiles: tuple[int, ...] = meld.tiles
        size += len(tiles)
        if len(tiles) == 4:
            expected += 1
        for tile in tiles:
            copies = counts[tile] + 1
            counts[tile] = copies
            if copies > top:
                top = copies
            if tile > high:
                high = tile
    fault = size != expected or top > 4 or high >= 34
    bonus: tuple[int, ...] = situation.bonus
    if not fault and bonus:
        shown = 0  # a bit per flower and season already seen
        for tile in bonus:
            bit = 1 << (tile - 34) if tile >= 34 else 0
            if bit == 0 or shown & bit:
                fault = True
                break
            shown |= bit
    if fault:
        situation.check()
        raise SituationError("concealed", "these tiles cannot be a hand at a table")
