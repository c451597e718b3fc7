"""What one seat has during a Riichi hand: its standing tiles, declared sets, river and flags."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sparrow.core.hand import Meld, MeldKind
from sparrow.game.riichi.tiles import kind_of, names, tile_name

__all__ = ["MELD_KINDS", "RiichiMeld", "RiverTile", "RiichiSeat"]

MELD_KINDS = ("chi", "pon", "daiminkan", "ankan", "kakan")
_CORE_KIND = {"chi": MeldKind.CHOW, "pon": MeldKind.PUNG}


@dataclass(frozen=True, slots=True)
class RiichiMeld:
    """A declared set: ``kind`` one of :data:`MELD_KINDS`, ``tiles`` its tile ids (sorted), ``called``
    the id taken from ``source``'s discard (None for an ankan; for a kakan, the pon's)."""

    kind: str
    tiles: tuple[int, ...]
    called: int | None = None
    source: int | None = None

    @property
    def kind_of_tiles(self) -> int:
        return int(kind_of(self.tiles[0]))

    @property
    def is_kan(self) -> bool:
        return len(self.tiles) == 4

    @property
    def is_open(self) -> bool:
        return self.kind != "ankan"

    def to_core(self) -> Meld:
        """The scorer's :class:`~sparrow.core.hand.Meld`."""
        kind = _CORE_KIND.get(self.kind, MeldKind.KONG)
        return Meld(kind, tuple(kind_of(t) for t in self.tiles), self.is_open)

    def to_dict(self, red: frozenset[int], seat_name: str | None = None) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind, "tiles": names(self.tiles, red)}
        if self.called is not None:
            data["called"] = tile_name(self.called, red)
        if seat_name is not None:
            data["from"] = seat_name
        return data


@dataclass(slots=True)
class RiverTile:
    """One discard: ``called`` once another seat took it for a set or a win."""

    tile: int
    tsumogiri: bool = False
    riichi: bool = False
    called: bool = False


@dataclass(slots=True)
class RiichiSeat:
    hand: list[int] = field(default_factory=list)  # standing tile ids, the drawn tile included
    melds: list[RiichiMeld] = field(default_factory=list)
    river: list[RiverTile] = field(default_factory=list)
    drew: bool = False  # has drawn at least once this hand
    riichi: bool = False  # riichi accepted (the stick paid)
    riichi_pending: bool = False  # the declaring discard is out, not yet passed
    double_riichi: bool = False
    ippatsu: bool = False
    temporary_furiten: bool = False
    riichi_furiten: bool = False
    kuikae: frozenset[int] = frozenset()  # kinds this seat may not discard now (after a call)

    def kind_counts(self) -> list[int]:
        counts = [0] * 34
        for tile in self.hand:
            counts[tile >> 2] += 1
        return counts

    def held_counts(self) -> list[int]:
        """Standing and declared tiles by kind."""
        counts = self.kind_counts()
        for meld in self.melds:
            for tile in meld.tiles:
                counts[tile >> 2] += 1
        return counts

    @property
    def is_closed(self) -> bool:
        return all(not meld.is_open for meld in self.melds)

    def river_kinds(self) -> set[int]:
        return {item.tile >> 2 for item in self.river}
