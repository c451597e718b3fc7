"""Shanten numbers, waits and tile acceptance, table-driven.

The shanten number is how many tiles a hand is from ready (0 = ready, -1 = complete). The regular
form (sets and a pair) is exact: for each suit and for the honours a shipped table gives, per
pattern of counts, the number of tiles to draw to hold m sets and p pairs in that suit
(``tools/gen_shanten_tables.py`` builds it). There are only ~130 distinct such vectors, so
combining the four groups is a lookup in a memo of min-plus convolutions, not a search.

All functions take a hand as 34 counts (``sparrow.core.tiles.tile_counts``); the number of declared
melds says how many sets the concealed part still needs.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib.resources import files
from operator import itemgetter
from typing import Any

from sparrow._compiled import by_fields
from sparrow.core.tiles import KINDS, ORPHANS, Tile, format_tiles

__all__ = [
    "shanten",
    "regular_shanten",
    "group_ids",
    "suit_id",
    "honour_id",
    "shanten_of_ids",
    "seven_pairs_shanten",
    "thirteen_orphans_shanten",
    "waits",
    "Discard",
    "discard_options",
    "RegularDiscards",
    "unseen_count",
    "Forms",
]

_INFINITY = 99


class _PatternIds(dict[bytes, int]):
    """A group's counts (bytes) -> its vector id, filled as patterns are met: the shipped patterns are
    in sorted order, so one not met before is found by bisection. Building the whole map up front
    (400,000 suit patterns) would cost every process about half a second before its first hand."""

    __slots__ = ("_keys", "_width", "_ids", "_count")

    def __init__(self, keys: bytes, width: int, ids: bytes) -> None:
        super().__init__()
        self._keys = keys
        self._width = width
        self._ids = ids
        self._count = len(keys) // width

    def _find(self, key: bytes) -> int | None:
        if not isinstance(key, bytes) or len(key) != self._width:
            return None
        keys = self._keys
        width = self._width
        low, high = 0, self._count
        while low < high:
            middle = (low + high) // 2
            if keys[middle * width : middle * width + width] < key:
                low = middle + 1
            else:
                high = middle
        if low < self._count and keys[low * width : low * width + width] == key:
            return self._ids[2 * low] | self._ids[2 * low + 1] << 8
        return None

    def __missing__(self, key: bytes) -> int:
        found = self._find(key)
        if found is None:
            raise KeyError(key)
        self[key] = found
        return found

    def get(self, key: bytes, default: int | None = None) -> int | None:  # type: ignore[override]
        try:
            return self[key]
        except KeyError:
            return default


class _Tables:
    """The shipped distance tables, loaded on first use (keeps ``import sparrow`` fast).

    ``suit`` and ``honour`` map a group's counts (as bytes) to a vector id; ``vectors[id][2*m + p]``
    is the number of tiles to draw for m sets and p pairs; ``convolve[a][b]`` is the id of the best
    split of sets and pairs between two groups (the vectors are closed under it).
    """

    def __init__(self) -> None:
        blob = zlib.decompress(files("sparrow").joinpath("data/shanten_tables.bin").read_bytes())
        offset = 0
        maps = []
        for _ in range(2):
            count, width = struct.unpack_from("<II", blob, offset)
            offset += 8
            keys = blob[offset : offset + count * width]
            offset += count * width
            ids = blob[offset : offset + 2 * count]
            offset += 2 * count
            maps.append(_PatternIds(keys, width, ids))
        (n,) = struct.unpack_from("<I", blob, offset)
        offset += 4
        self.suit, self.honour = maps
        self.vectors: list[tuple[int, ...]] = [tuple(blob[offset + 10 * i : offset + 10 * i + 10]) for i in range(n)]
        offset += 10 * n
        self.convolve: list[bytes] = [blob[offset + n * i : offset + n * i + n] for i in range(n)]


_tables: _Tables | None = None


def _load() -> _Tables:
    global _tables
    if _tables is None:
        _tables = _Tables()
    return _tables


def _regular_vector(counts: Sequence[int]) -> tuple[int, ...]:
    tables = _tables or _load()
    raw = bytes(counts)
    suit = tables.suit
    convolve = tables.convolve
    return tables.vectors[
        convolve[convolve[convolve[suit[raw[0:9]]][suit[raw[9:18]]]][suit[raw[18:27]]]][tables.honour[raw[27:34]]]
    ]


def regular_shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of the sets-and-a-pair form; ``melds`` declared sets already made."""
    return _regular_vector(counts)[2 * (4 - melds) + 1] - 1


def group_ids(raw: bytes) -> tuple[int, int, int, int]:
    """The table ids of a hand's three suits and its honours (34 counts as bytes): combined with
    :func:`shanten_of_ids`, the regular shanten of the hand or of any hand that keeps some of its
    groups whole and empties the others (their id is :func:`suit_id` / :func:`honour_id` of zeros)."""
    tables = _tables or _load()
    suit = tables.suit
    return suit[raw[0:9]], suit[raw[9:18]], suit[raw[18:27]], tables.honour[raw[27:34]]


def suit_id(pattern: bytes) -> int:
    """The table id of one suit's nine counts."""
    return (_tables or _load()).suit[pattern]


def honour_id(pattern: bytes) -> int:
    """The table id of the seven honour counts."""
    return (_tables or _load()).honour[pattern]


def shanten_of_ids(characters: int, circles: int, bamboo: int, honours: int, melds: int = 0) -> int:
    """:func:`regular_shanten` of the hand whose groups have these table ids."""
    tables = _tables or _load()
    convolve = tables.convolve
    return tables.vectors[convolve[convolve[convolve[characters][circles]][bamboo]][honours]][9 - 2 * melds] - 1


def seven_pairs_shanten(counts: Sequence[int], four_as_two_pairs: bool = False) -> int:
    """Shanten of seven pairs (concealed hands only). By default four identical tiles are one pair."""
    raw = bytes(counts)
    if four_as_two_pairs:
        pairs = raw.count(2) + raw.count(3) + 2 * raw.count(4)
        return 6 - min(pairs, 7)
    pairs = len(raw.translate(None, b"\x00\x01"))
    if pairs >= 7:
        return -1
    kinds = 34 - raw.count(0)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


_orphan_counts: Callable[[Sequence[int]], tuple[int, ...]] = itemgetter(*ORPHANS)  # the 13 kinds' counts


def thirteen_orphans_shanten(counts: Sequence[int]) -> int:
    held = _orphan_counts(counts)
    return held.count(0) - (1 if max(held) >= 2 else 0)


@dataclass(frozen=True, slots=True)
class Forms:
    """Which winning forms count (rulesets differ)."""

    seven_pairs: bool = True
    thirteen_orphans: bool = True
    four_as_two_pairs: bool = False

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


DEFAULT_FORMS = Forms()


def shanten(counts: Sequence[int], melds: int = 0, forms: Forms = DEFAULT_FORMS) -> int:
    """The smallest shanten over the regular form, seven pairs and thirteen orphans."""
    # Inlined: bots and the simulation lab call this millions of times.
    tables = _tables or _load()
    raw = bytes(counts)
    suit = tables.suit
    convolve = tables.convolve
    best = (
        tables.vectors[
            convolve[convolve[convolve[suit[raw[0:9]]][suit[raw[9:18]]]][suit[raw[18:27]]]][tables.honour[raw[27:34]]]
        ][9 - 2 * melds]
        - 1
    )
    if melds or best < 0:
        return best  # the special forms are concealed hands, and nothing beats complete
    if forms.seven_pairs:
        if forms.four_as_two_pairs:
            pairs = raw.count(2) + raw.count(3) + 2 * raw.count(4)
            s = 6 - min(pairs, 7)
        else:
            pairs = len(raw.translate(None, b"\x00\x01"))  # kinds held at least twice
            s = 6 - pairs  # a lower bound until the missing kinds are counted
            if s < best:
                kinds = 34 - raw.count(0)
                if kinds < 7:
                    s += 7 - kinds
        if s < best and sum(raw) >= 13:
            best = s
    if forms.thirteen_orphans and raw[27:34].count(0) - 1 < best:  # cheap lower bound first
        held = _orphan_counts(raw)
        s = held.count(0) - (1 if max(held) >= 2 else 0)
        if s < best and sum(raw) >= 13:
            best = s
    return best


_RAISED: dict[bytes, tuple[int | None, ...]] = {}


def _raised_ids(table: dict[bytes, int], key: bytes) -> tuple[int | None, ...]:
    """The table ids of a group's pattern with one more tile at each position (None where it already
    has four, or where the group would pass the tables' 14 tiles: a 14-tile one-suit hand asked
    what it accepts). Patterns recur all the time in play, so this is memoised per pattern."""
    raised = _RAISED.get(key)
    if raised is None:
        # Suit and honour patterns differ in length (9 and 7), so one memo serves both tables.
        pattern = bytearray(key)
        ids: list[int | None] = []
        for i in range(len(pattern)):
            if pattern[i] >= 4:
                ids.append(None)
                continue
            pattern[i] += 1
            try:  # indexed, not .get(): compiled, a dict's get is read directly, past the table's own lookup
                ids.append(table[bytes(pattern)])
            except KeyError:
                ids.append(None)  # past the tables' 14 tiles a group: no hand holds that
            pattern[i] -= 1
        raised = _RAISED[key] = tuple(ids)
    return raised


# (group, its pattern, the vector id of the other three groups, column, threshold) -> improving tile
# kinds, as bytes: the table grows to hundreds of thousands of entries, and a tuple of Tiles would be
# tracked by the garbage collector (Tiles are instances of a Python class), walked at every full collection.
_GROUP_IMPROVING: dict[tuple[int, bytes, int, int, int], bytes] = {}
_GROUP_IMPROVING_LIMIT = 500_000


def _group_improving(tables: _Tables, group: int, pattern: bytes, others: int, column: int, below: int) -> bytes:
    """The tile kinds of one group whose addition brings the regular shanten below ``below``: the
    group holds ``pattern`` and the other three groups combine to the vector id ``others``."""
    rest = tables.convolve[others]
    vectors = tables.vectors
    lo = 9 * group
    return bytes(
        [
            lo + offset
            for offset, raised in enumerate(_raised_ids(tables.honour if group == 3 else tables.suit, pattern))
            if raised is not None and vectors[rest[raised]][column] - 1 < below
        ]
    )


def _improving(counts: Sequence[int], melds: int, forms: Forms, below: int) -> list[Tile]:
    """Tile kinds whose addition brings the hand's shanten below ``below``.

    Adding a tile changes only its own suit's table entry, so each candidate costs one lookup and
    one convolution with the precombined other three groups; the special forms are recomputed only
    when they could reach the threshold (adding a tile lowers any form's shanten by at most one).
    """
    tables = _tables or _load()
    raw = bytearray(counts)
    convolve = tables.convolve
    vectors = tables.vectors
    column = 9 - 2 * melds
    group_tables = (tables.suit, tables.suit, tables.suit, tables.honour)
    keys = (bytes(raw[0:9]), bytes(raw[9:18]), bytes(raw[18:27]), bytes(raw[27:34]))
    ids = [group_tables[g][keys[g]] for g in range(4)]
    others = [
        convolve[convolve[ids[1]][ids[2]]][ids[3]],
        convolve[convolve[ids[0]][ids[2]]][ids[3]],
        convolve[convolve[ids[0]][ids[1]]][ids[3]],
        convolve[convolve[ids[0]][ids[1]]][ids[2]],
    ]
    specials = melds == 0 and sum(raw) >= 12
    check_pairs = specials and forms.seven_pairs and seven_pairs_shanten(raw, forms.four_as_two_pairs) - 1 < below
    check_orphans = specials and forms.thirteen_orphans and thirteen_orphans_shanten(raw) - 1 < below
    if not (check_pairs or check_orphans):
        # The regular form alone: a group's improving tiles depend only on its own pattern and the
        # combined vector of the other three, so they are looked up per group.
        memo = _GROUP_IMPROVING
        if len(memo) > _GROUP_IMPROVING_LIMIT:
            memo.clear()
        found: list[Tile] = []
        for group in range(4):
            key = (group, keys[group], others[group], column, below)
            tiles = memo.get(key)
            if tiles is None:
                tiles = memo[key] = _group_improving(tables, group, keys[group], others[group], column, below)
            for kind in tiles:
                found.append(KINDS[kind])
        return found
    result = []
    for group in range(4):
        rest = convolve[others[group]]
        lo = 9 * group
        for offset, raised in enumerate(_raised_ids(group_tables[group], keys[group])):
            if raised is None:
                continue
            value = vectors[rest[raised]][column] - 1
            if value >= below and (check_pairs or check_orphans):
                tile = lo + offset
                raw[tile] += 1
                if check_pairs:
                    value = min(value, seven_pairs_shanten(raw, forms.four_as_two_pairs))
                if check_orphans:
                    value = min(value, thirteen_orphans_shanten(raw))
                raw[tile] -= 1
            if value < below:
                result.append(KINDS[lo + offset])
    return result


_LOWERED: dict[bytes, tuple[tuple[bytes, int] | None, ...]] = {}
_EMPTY_GROUPS = (bytes(9), bytes(9), bytes(9), bytes(7))


class RegularDiscards:
    """One hand, asked about each of its discards under the regular form (sets and a pair), counting
    only the groups in ``groups`` (a bit set: 1 characters, 2 circles, 4 bamboo, 8 honours; the others
    are read as empty): the shanten the discard leaves, and how many unseen tiles of those groups then
    lower it. The same answers as :func:`regular_shanten` and :func:`accepted_tiles` (regular form
    only) of the hand without the tile and without the other groups, for a fraction of the cost: a
    discard changes one group's table entry, so the hand is read once and each discard costs one
    look-up in a memo of lowered patterns and the per-group memo of improving tiles."""

    __slots__ = ("_tables", "_patterns", "_ids", "_column", "_kept", "_honours", "_shape")

    def __init__(
        self,
        counts: Sequence[int],
        melds: int = 0,
        groups: int = 0b1111,
        honours: Callable[[bytes], bytes] | None = None,
    ) -> None:
        """``honours``, when given, turns the honours held into the pattern read in their place (a
        plan that keeps only some of them); it is applied again after an honour is thrown."""
        tables = self._tables = _tables or _load()
        raw = bytes(counts)
        patterns = [
            raw[9 * g : 9 * g + (7 if g == 3 else 9)] if groups >> g & 1 else _EMPTY_GROUPS[g] for g in range(4)
        ]
        self._honours = patterns[3]  # as held
        self._shape = honours
        if honours is not None:
            patterns[3] = honours(patterns[3])
        self._patterns = patterns
        suit = tables.suit
        self._ids = (suit[patterns[0]], suit[patterns[1]], suit[patterns[2]], tables.honour[patterns[3]])
        self._column = 9 - 2 * melds
        self._kept = tuple(g for g in range(4) if groups >> g & 1)

    def _after(self, tile: int) -> tuple[int, bytes, int]:
        """The group of ``tile``, its pattern and table id once the tile is thrown."""
        group = tile // 9 if tile < 27 else 3
        pattern = self._patterns[group] if group < 3 or self._shape is None else self._honours
        lowered = _LOWERED.get(pattern)
        if lowered is None:
            table = self._tables.honour if group == 3 else self._tables.suit
            row: list[tuple[bytes, int] | None] = []
            for i, c in enumerate(pattern):
                if c:
                    smaller = pattern[:i] + bytes((c - 1,)) + pattern[i + 1 :]
                    row.append((smaller, table[smaller]))
                else:
                    row.append(None)
            lowered = _LOWERED[pattern] = tuple(row)
        found = lowered[tile - 9 * group]
        if found is None:
            raise ValueError(f"the hand holds no {KINDS[tile]} to throw, or the plan does not keep it")
        if group == 3 and self._shape is not None:
            shaped = self._shape(found[0])
            return group, shaped, self._tables.honour[shaped]
        return group, found[0], found[1]

    def shanten(self, tile: int) -> int:
        """The regular shanten of the hand without ``tile``."""
        group, _, new_id = self._after(tile)
        ids = list(self._ids)
        ids[group] = new_id
        convolve = self._tables.convolve
        return self._tables.vectors[convolve[convolve[convolve[ids[0]][ids[1]]][ids[2]]][ids[3]]][self._column] - 1

    def accepted(self, tile: int, below: int, unseen: Sequence[int]) -> int:
        """How many ``unseen`` tiles of the kept groups bring the hand without ``tile`` below shanten
        ``below`` (its shanten: the tiles it accepts)."""
        group, pattern, new_id = self._after(tile)
        ids = list(self._ids)
        ids[group] = new_id
        patterns = list(self._patterns)
        patterns[group] = pattern
        tables = self._tables
        convolve = tables.convolve
        column = self._column
        memo = _GROUP_IMPROVING
        if len(memo) > _GROUP_IMPROVING_LIMIT:
            memo.clear()
        total = 0
        for kept in self._kept:
            # The other three groups combined in the order _improving combines them (same memo keys).
            if kept == 0:
                others = convolve[convolve[ids[1]][ids[2]]][ids[3]]
            elif kept == 1:
                others = convolve[convolve[ids[0]][ids[2]]][ids[3]]
            elif kept == 2:
                others = convolve[convolve[ids[0]][ids[1]]][ids[3]]
            else:
                others = convolve[convolve[ids[0]][ids[1]]][ids[2]]
            key = (kept, patterns[kept], others, column, below)
            tiles = memo.get(key)
            if tiles is None:
                tiles = memo[key] = _group_improving(tables, kept, patterns[kept], others, column, below)
            for t in tiles:
                total += unseen[t]
        return total


def waits(counts: Sequence[int], melds: int = 0, forms: Forms = DEFAULT_FORMS) -> list[Tile]:
    """Tiles that complete a ready 13-tile hand (none if it is not ready).

    A tile all four of which the hand already holds cannot complete it and is not a wait.
    """
    return _improving(counts, melds, forms, 0)


def accepted_tiles(counts: Sequence[int], melds: int = 0, forms: Forms = DEFAULT_FORMS) -> list[Tile]:
    """Tiles that lower the shanten of a 13-tile hand (its waits when it is ready)."""
    return _improving(counts, melds, forms, shanten(counts, melds, forms))


def unseen_count(tiles: Iterable[Tile], counts: Sequence[int], visible: Sequence[int] | None = None) -> int:
    """How many copies of ``tiles`` are neither in the hand (``counts``) nor among ``visible`` (34 counts)."""
    total = 0
    for tile in tiles:
        seen = counts[tile] + (visible[tile] if visible is not None else 0)
        total += max(0, 4 - seen)
    return total


@dataclass(frozen=True, slots=True)
class Discard:
    """One discard from a 14-tile hand and what the remaining 13 tiles then accept."""

    tile: Tile
    shanten: int
    accepted: tuple[Tile, ...]
    unseen: int

    def as_dict(self) -> dict[str, object]:
        return {
            "discard": str(self.tile),
            "shanten": self.shanten,
            "accepted": format_tiles(self.accepted),
            "accepted_count": self.unseen,
        }

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


def discard_options(
    counts: Sequence[int],
    melds: int = 0,
    forms: Forms = DEFAULT_FORMS,
    visible: Sequence[int] | None = None,
) -> list[Discard]:
    """For a 14-tile hand: every distinct discard, the shanten it leaves, the tiles that would
    then lower it (the waits, once ready) and how many of those are unseen. Best first: lowest
    shanten, then most unseen accepted tiles."""
    hand = list(counts)
    options = []
    for tile in KINDS:
        if hand[tile] == 0:
            continue
        hand[tile] -= 1
        after = shanten(hand, melds, forms)
        accepted = _improving(hand, melds, forms, after)
        options.append(Discard(tile, after, tuple(accepted), unseen_count(accepted, hand, visible)))
        hand[tile] += 1
    options.sort(key=lambda d: (d.shanten, -d.unseen, d.tile))
    return options
