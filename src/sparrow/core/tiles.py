"""Tiles and the tile notation (``docs/spec/notation.md``).

A tile is a small int: 0-8 characters (m), 9-17 circles (p), 18-26 bamboo (s), 27-33 honours
(z: East, South, West, North, White, Green, Red) and 34-41 bonus tiles (f: flowers 1-4, seasons 1-4).
The 34 playing kinds use the same layout as most mahjong software, so a hand's counts are a
34-long list and suits are contiguous slices of it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import ClassVar

from sparrow.core.messages import quote as _quote

__all__ = [
    "Tile",
    "TileError",
    "parse_tiles",
    "format_tiles",
    "format_tiles_in_order",
    "parse_tile",
    "tile_counts",
    "full_set",
    "SUITS",
    "KINDS",
    "BONUS_TILES",
    "WINDS",
    "DRAGONS",
    "HONOURS",
    "TERMINALS",
    "ORPHANS",
    "SEATS",
    "seat_index",
    "tile_name",
    "TILE_CODES",
]

SUIT_LETTERS = "mpsz"
SUITS = ("m", "p", "s")
SEATS = ("E", "S", "W", "N")

_SUIT_NAMES = {"m": "Characters", "p": "Circles", "s": "Bamboo"}
_HONOUR_NAMES = ("East Wind", "South Wind", "West Wind", "North Wind", "White Dragon", "Green Dragon", "Red Dragon")
_BONUS_NAMES = tuple(f"Flower {k}" for k in range(1, 5)) + tuple(f"Season {k}" for k in range(1, 5))

# Unicode orders the Mahjong Tiles block: winds E S W N, dragons red green white, characters,
# bamboo, circles, flowers plum orchid bamboo chrysanthemum, seasons spring summer autumn winter.
_GLYPH_WIND = 0x1F000
_GLYPH_DRAGON = {"5": 0x1F006, "6": 0x1F005, "7": 0x1F004}  # white, green, red
_GLYPH_SUIT = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
# Our flowers are 1 plum, 2 orchid, 3 chrysanthemum, 4 bamboo; Unicode has plum, orchid, bamboo, chrysanthemum.
_GLYPH_BONUS = (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)


class TileError(ValueError):
    """Malformed tile notation or an impossible collection of tiles."""


class Tile(int):
    """One tile kind, an int in 0..41. ``Tile.parse('5p')``; ``str(tile) == '5p'``."""

    __slots__ = ()
    _cache: ClassVar[list[Tile]] = []

    def __new__(cls, index: int) -> Tile:
        if cls._cache:
            if isinstance(index, int) and 0 <= index < 42:
                return cls._cache[index]
            raise TileError(f"no tile with index {index!r} (0-41)")
        return super().__new__(cls, index)

    @classmethod
    def parse(cls, text: str) -> Tile:
        """Parse exactly one tile, e.g. ``'7z'``."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise TileError(f"expected one tile, got {len(tiles)} in {_quote(text)}")
        return tiles[0]

    @property
    def suit(self) -> str:
        """'m', 'p', 's', 'z' or 'f'."""
        return "mpszf"[_SUIT_OF[self]]

    @property
    def rank(self) -> int:
        """1-9 for suits, 1-7 for honours, 1-8 for bonus tiles (the digit of the notation)."""
        return _RANK_OF[self]

    @property
    def is_suited(self) -> bool:
        return self < 27

    @property
    def is_honour(self) -> bool:
        return 27 <= self < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= self < 34

    @property
    def is_bonus(self) -> bool:
        return self >= 34

    @property
    def is_terminal(self) -> bool:
        """A 1 or 9 of a suit."""
        return self < 27 and self % 9 in (0, 8)

    @property
    def is_orphan(self) -> bool:
        """Terminal or honour (the thirteen orphans' tiles)."""
        return self < 34 and (self >= 27 or self % 9 in (0, 8))

    @property
    def is_simple(self) -> bool:
        """A 2-8 of a suit."""
        return self < 27 and self % 9 not in (0, 8)

    @property
    def seat(self) -> str | None:
        """For a bonus tile, the seat it belongs to (flower/season k -> seat k); for a wind, its seat."""
        if self >= 34:
            return SEATS[(self - 34) % 4]
        if 27 <= self < 31:
            return SEATS[self - 27]
        return None

    @property
    def name(self) -> str:
        if self < 27:
            return f"{self.rank} {_SUIT_NAMES[self.suit]}"
        if self < 34:
            return _HONOUR_NAMES[self - 27]
        return _BONUS_NAMES[self - 34]

    @property
    def glyph(self) -> str:
        if self < 27:
            return chr(_GLYPH_SUIT[self.suit] + self.rank - 1)
        if self < 31:
            return chr(_GLYPH_WIND + self - 27)
        if self < 34:
            return chr(_GLYPH_DRAGON[str(self.rank)])
        return chr(_GLYPH_BONUS[self - 34])

    def __str__(self) -> str:
        return f"{self.rank}{self.suit}"

    def __repr__(self) -> str:
        return f"Tile.parse({str(self)!r})"

    def __reduce__(self) -> tuple[type[Tile], tuple[int]]:  # pickling keeps the singleton
        return (Tile, (int(self),))


_SUIT_OF = [i // 9 for i in range(27)] + [3] * 7 + [4] * 8
_RANK_OF = [i % 9 + 1 for i in range(27)] + list(range(1, 8)) + list(range(1, 9))
Tile._cache = [Tile(i) for i in range(42)]

KINDS: tuple[Tile, ...] = tuple(Tile._cache[:34])
BONUS_TILES: tuple[Tile, ...] = tuple(Tile._cache[34:])
WINDS: tuple[Tile, ...] = KINDS[27:31]
DRAGONS: tuple[Tile, ...] = KINDS[31:34]
HONOURS: tuple[Tile, ...] = KINDS[27:34]
TERMINALS: tuple[Tile, ...] = tuple(t for t in KINDS if t.is_terminal)
ORPHANS: tuple[Tile, ...] = TERMINALS + HONOURS

_MAX_RANK = {"m": 9, "p": 9, "s": 9, "z": 7, "f": 8}
_BASE = {"m": 0, "p": 9, "s": 18, "z": 27, "f": 34}  # tile index = base + rank - 1


def tile_name(code: str) -> str:
    """A tile as people write it in a sentence, from its notation: ``Red Dragon`` for ``7z``,
    ``3 Bamboo`` for ``3s``, ``Flower 2`` for ``2f``, and a red five (Riichi's ``0p``,
    ``docs/spec/notation.md``) ``Red 5 Circles``. The one list of tile names every face uses in running
    text (the web table's log, the terminal game); the catalogue (``i18n/terms.py``) translates them."""
    if len(code) == 2 and code[0] == "0" and code[1] in _SUIT_NAMES:
        return f"Red 5 {_SUIT_NAMES[code[1]]}"
    return Tile.parse(code).name


# Every single tile's notation a face may name: the 42 kinds and bonus tiles, and the red fives.
TILE_CODES: tuple[str, ...] = (*(str(tile) for tile in Tile._cache), "0m", "0p", "0s")


def seat_index(seat: str) -> int:
    """'E' -> 0 ... 'N' -> 3."""
    try:
        return SEATS.index(seat)
    except ValueError:
        raise TileError(f"unknown seat {seat!r} (expected one of E, S, W, N)") from None


def parse_tiles(text: str, *, as_set: bool = True) -> list[Tile]:
    """Parse notation into tiles, in the order written.

    With ``as_set`` (the default) the text describes a collection of real tiles, so more than four
    copies of a kind, or more than one of a bonus tile, is an error. Pass ``as_set=False`` for
    sequences that are not one collection.
    """
    if not isinstance(text, str):
        raise TileError(f"tile notation must be a string, got {type(text).__name__}")
    if _WELL_FORMED.fullmatch(text):
        # Fast path for the common, well-formed case; any rank error falls through to the
        # character walk below, which names the position.
        try:
            tiles = [_BY_NOTATION[d + suit] for digits, suit in _GROUPS.findall(text) for d in digits]
        except KeyError:
            pass
        else:
            if as_set:
                _check_copies(tiles, text)
            return tiles
    tiles = []
    pending: list[tuple[int, str]] = []  # (position, digit) waiting for their suit letter
    for position, char in enumerate(text):
        if char.isdigit() and char.isascii():
            pending.append((position, char))
        elif char in _MAX_RANK:
            if not pending:
                raise TileError(
                    f"suit letter {char!r} at position {position} has no digits before it in {_quote(text)}"
                )
            for digit_position, digit in pending:
                rank = int(digit)
                if rank == 0:
                    raise TileError(f"'0{char}' at position {digit_position} in {_quote(text)}: there is no tile 0")
                if rank > _MAX_RANK[char]:
                    raise TileError(f"'{digit}{char}' at position {digit_position} in {_quote(text)} is not a tile")
                tiles.append(Tile._cache[_BASE[char] + rank - 1])
            pending.clear()
        elif char.isspace():
            if pending:
                position0 = pending[0][0]
                raise TileError(f"digits at position {position0} in {_quote(text)} have no suit letter after them")
        else:
            raise TileError(f"unknown character {char!r} at position {position} in {_quote(text)}")
    if pending:
        position0 = pending[0][0]
        raise TileError(f"digits at position {position0} in {_quote(text)} have no suit letter after them")
    if as_set:
        _check_copies(tiles, text)
    return tiles


_WELL_FORMED = re.compile(r"(?:[1-9]+[mpszf])*")
_GROUPS = re.compile(r"([1-9]+)([mpszf])")
_BY_NOTATION = {str(t): t for t in Tile._cache}


def _check_copies(tiles: list[Tile], text: str | None = None) -> None:
    if len(set(tiles)) == len(tiles):
        return  # all different: one copy of anything is allowed
    counts = [0] * 42
    for number, tile in enumerate(tiles):
        counts[tile] += 1
        limit = 1 if tile >= 34 else 4
        if counts[tile] > limit:
            copies = "one copy" if limit == 1 else "four copies"
            where = f" at position {_digit_position(text, number)} in {_quote(text)}" if text is not None else ""
            raise TileError(f"more than {copies} of {tile}{where}")


def _digit_position(text: str, number: int) -> int:
    """Position in ``text`` of the digit of the ``number``-th tile (0-based)."""
    seen = -1
    for position, char in enumerate(text):
        if char.isdigit():
            seen += 1
            if seen == number:
                return position
    return len(text)


def parse_tile(text: str) -> Tile:
    return Tile.parse(text)


def _group(tiles: Iterable[Tile]) -> str:
    out: list[str] = []
    current = None
    for tile in tiles:
        suit = tile.suit
        if current is not None and suit != current:
            out.append(current)
        out.append(str(tile.rank))
        current = suit
    if current is not None:
        out.append(current)
    return "".join(out)


def format_tiles(tiles: Iterable[int]) -> str:
    """Canonical form: sorted m, p, s, z, f by rank, each suit letter once (``'123m5p'``)."""
    return _group(sorted(Tile(int(t)) for t in tiles))


def format_tiles_in_order(tiles: Iterable[int]) -> str:
    """Order-preserving form (for discard sequences): a suit letter closes each run of one suit."""
    return _group(Tile(int(t)) for t in tiles)


def tile_counts(tiles: Iterable[int]) -> list[int]:
    """Counts of the 34 playing kinds (bonus tiles are ignored)."""
    counts = [0] * 34
    for tile in tiles:
        if tile < 34:
            counts[tile] += 1
    return counts


def full_set(with_bonus: bool = True) -> list[Tile]:
    """Every tile of a set: 136 tiles, or 144 with the flowers and seasons."""
    tiles = [t for t in KINDS for _ in range(4)]
    if with_bonus:
        tiles.extend(BONUS_TILES)
    return tiles
