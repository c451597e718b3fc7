"""Hands and declared melds.

A :class:`Meld` is a declared set (chow, pung or kong, open or concealed, and for a claimed set the
seat it came from). A :class:`Hand` is what one player holds: the concealed tiles, the declared
melds and the bonus tiles set out. Both are frozen values; an impossible hand cannot be built.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import cast

from sparrow.core.tiles import SEATS, Tile, TileError, format_tiles, parse_tiles

__all__ = ["HandError", "Meld", "MeldKind", "Hand"]


class HandError(ValueError):
    """A hand or meld that cannot exist (wrong tiles, wrong count, too many copies)."""


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. ``tiles`` is sorted; ``open`` is False only for a concealed kong."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    open: bool = True
    source: str | None = None  # seat the claimed tile came from, when known

    def __post_init__(self) -> None:
        kind = self.kind
        if not isinstance(kind, MeldKind):
            try:
                kind = MeldKind(kind)
            except ValueError:
                raise HandError(f"unknown meld kind {self.kind!r} (expected chow, pung or kong)") from None
            object.__setattr__(self, "kind", kind)
        tiles = tuple(sorted(Tile(int(t)) for t in self.tiles))
        object.__setattr__(self, "tiles", tiles)
        size = 4 if kind is MeldKind.KONG else 3
        first = tiles[0] if tiles else None
        if kind is MeldKind.CHOW:
            valid = (
                len(tiles) == 3
                and first is not None  # always, with three tiles: for the type checker
                and first < 27
                and first.rank <= 7
                and tiles == (first, Tile(first + 1), Tile(first + 2))
            )
        else:
            valid = len(tiles) == size and first is not None and first < 34 and tiles.count(first) == size
        if not valid or (self.open is False and kind is not MeldKind.KONG):
            self._explain(kind, tiles, size)  # raises with the specific reason
        if self.source is not None and self.source not in SEATS:
            raise HandError(f"unknown seat {self.source!r} for the meld {format_tiles(tiles)}")

    def _explain(self, kind: MeldKind, tiles: tuple[Tile, ...], size: int) -> None:
        text = format_tiles(tiles)
        if any(t.is_bonus for t in tiles):
            raise HandError(f"a {kind} cannot contain a bonus tile ({text})")
        if len(tiles) != size:
            raise HandError(f"a {kind} has {size} tiles, not {len(tiles)} ({text})")
        if kind is MeldKind.CHOW:
            first = tiles[0]
            if not first.is_suited:
                raise HandError(f"a chow must be three suited tiles in a run, not honours ({text})")
            if first.rank > 7 or tiles != (first, Tile(first + 1), Tile(first + 2)):
                raise HandError(f"a chow must be three consecutive tiles of one suit ({text})")
            raise HandError(f"a declared chow is always open ({text})")
        if len(set(tiles)) != 1:
            raise HandError(f"a {kind} must be {size} identical tiles ({text})")
        raise HandError(f"only a kong can be declared concealed ({text})")

    @classmethod
    def parse(cls, kind: str, tiles: str, open: bool = True, source: str | None = None) -> Meld:
        try:
            parsed = parse_tiles(tiles)
        except TileError as error:
            raise HandError(str(error)) from None
        # An unknown kind goes in as the text it is, for __post_init__ to refuse with its message.
        known = MeldKind(kind) if kind in MeldKind._value2member_map_ else cast(MeldKind, kind)
        return cls(known, tuple(parsed), open, source)

    @classmethod
    def chow(cls, lowest: Tile | str, source: str | None = None) -> Meld:
        first = Tile.parse(lowest) if isinstance(lowest, str) else lowest
        return cls(MeldKind.CHOW, (first, Tile(min(first + 1, 41)), Tile(min(first + 2, 41))), True, source)

    @classmethod
    def pung(cls, tile: Tile | str, open: bool = True, source: str | None = None) -> Meld:
        t = Tile.parse(tile) if isinstance(tile, str) else tile
        return cls(MeldKind.PUNG, (t, t, t), open, source)

    @classmethod
    def kong(cls, tile: Tile | str, open: bool = True, source: str | None = None) -> Meld:
        t = Tile.parse(tile) if isinstance(tile, str) else tile
        return cls(MeldKind.KONG, (t, t, t, t), open, source)

    @property
    def first(self) -> Tile:
        return self.tiles[0]

    @property
    def is_chow(self) -> bool:
        return self.kind is MeldKind.CHOW

    @property
    def is_pung_or_kong(self) -> bool:
        return self.kind is not MeldKind.CHOW

    @property
    def is_kong(self) -> bool:
        return self.kind is MeldKind.KONG

    def __str__(self) -> str:
        return format_tiles(self.tiles)

    def __repr__(self) -> str:
        extra = "" if self.open else ", open=False"
        if self.source is not None:
            extra += f", source={self.source!r}"
        return f"Meld.parse({self.kind.value!r}, {str(self)!r}{extra})"


@dataclass(frozen=True, slots=True)
class Hand:
    """A player's tiles: ``concealed`` (sorted), declared ``melds`` and ``bonus`` tiles set out.

    ``size`` says how many tiles the hand must hold, counting a kong as three: 13 between turns,
    14 after a draw or in a complete hand. ``None`` skips the count check (partial hands in tests
    and tools); the copy and bonus-tile checks always apply.
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    bonus: tuple[Tile, ...] = ()
    size: int | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        concealed = tuple(sorted(Tile(int(t)) for t in self.concealed))
        bonus = tuple(sorted(Tile(int(t)) for t in self.bonus))
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", tuple(self.melds))
        object.__setattr__(self, "bonus", bonus)
        if concealed and concealed[-1] >= 34:
            raise HandError(
                f"bonus tile {concealed[-1]} cannot stand in the concealed hand; set it out with the bonus tiles"
            )
        if bonus and bonus[0] < 34:
            raise HandError(f"{bonus[0]} is not a flower or season and cannot be a bonus tile")
        counts = [0] * 42
        for tile in self.all_tiles():
            counts[tile] += 1
            limit = 1 if tile >= 34 else 4
            if counts[tile] > limit:
                what = "one copy" if limit == 1 else "four copies"
                raise HandError(f"the hand holds more than {what} of {tile}")
        if self.size is not None and self.tile_count != self.size:
            raise HandError(
                f"the hand holds {self.tile_count} tiles (kongs counted as three) but should hold {self.size}"
            )

    @classmethod
    def parse(
        cls,
        concealed: str,
        melds: Sequence[Meld] = (),
        bonus: str = "",
        size: int | None = None,
    ) -> Hand:
        try:
            tiles = parse_tiles(concealed)
            bonus_tiles = parse_tiles(bonus) if bonus else []
        except TileError as error:
            raise HandError(str(error)) from None
        return cls(tuple(tiles), tuple(melds), tuple(bonus_tiles), size)

    @property
    def tile_count(self) -> int:
        """Concealed tiles plus three per declared set (a kong's fourth tile is not counted)."""
        return len(self.concealed) + 3 * len(self.melds)

    def all_tiles(self) -> Iterable[Tile]:
        """Every tile: concealed, in melds (all four of a kong) and bonus."""
        yield from self.concealed
        for meld in self.melds:
            yield from meld.tiles
        yield from self.bonus

    def counts(self) -> list[int]:
        """34 counts of the concealed tiles."""
        counts = [0] * 34
        for tile in self.concealed:
            counts[tile] += 1
        return counts

    @property
    def is_concealed(self) -> bool:
        """No open meld (a concealed kong keeps the hand concealed)."""
        return all(not meld.open for meld in self.melds)

    def with_tile(self, tile: Tile) -> Hand:
        return Hand(self.concealed + (tile,), self.melds, self.bonus)

    def without_tile(self, tile: Tile) -> Hand:
        concealed = list(self.concealed)
        try:
            concealed.remove(tile)
        except ValueError:
            raise HandError(f"the hand does not hold {tile}") from None
        return Hand(tuple(concealed), self.melds, self.bonus)

    def __str__(self) -> str:
        parts = [format_tiles(self.concealed)]
        parts += [f"[{m}]" if m.open else f"({m})" for m in self.melds]
        if self.bonus:
            parts.append(format_tiles(self.bonus))
        return " ".join(p for p in parts if p)

    def __repr__(self) -> str:
        args = [repr(format_tiles(self.concealed))]
        if self.melds:
            args.append(f"melds={list(self.melds)!r}")
        if self.bonus:
            args.append(f"bonus={format_tiles(self.bonus)!r}")
        return f"Hand.parse({', '.join(args)})"
