"""What a Riichi player can do (:class:`RiichiAction`) and the errors for what they may not do.

Mirrors :class:`sparrow.game.actions.Action`: a small frozen value with ``to_dict``/``from_dict``.
Seats are 0-3, as in :mod:`sparrow.rules.riichi.match` (seat 0 the first dealer). Tiles are *faces*
(:mod:`sparrow.game.riichi.tiles`: a kind, or a red five), written ``"5p"``/``"0p"`` in dicts:

* ``discard``: ``tile`` the face discarded, ``riichi`` True to declare riichi with it;
* ``chi`` and ``pon``: ``tiles`` the two faces taken from the hand (they decide whether a red five
  goes into the set); ``daiminkan`` takes the three held tiles of the discard's kind;
* ``ankan`` and ``kakan``: ``tile`` the kind (as its plain face) of the kan;
* ``tsumo``, ``ron``, ``kyuushu`` (nine terminals, an abortive draw) and ``pass``: nothing more.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sparrow.core.tiles import TileError
from sparrow.game.riichi.tiles import face_kind, face_name, parse_face

__all__ = [
    "RiichiActionKind",
    "RiichiAction",
    "RiichiActionError",
    "IllegalRiichiActionError",
    "RiichiHandOverError",
]


class RiichiActionKind(StrEnum):
    DISCARD = "discard"
    TSUMO = "tsumo"
    RON = "ron"
    CHI = "chi"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    ANKAN = "ankan"
    KAKAN = "kakan"
    KYUUSHU = "kyuushu"
    PASS = "pass"

    def __str__(self) -> str:
        return self.value


_ONE_TILE = frozenset({RiichiActionKind.DISCARD, RiichiActionKind.ANKAN, RiichiActionKind.KAKAN})
_TWO_TILES = frozenset({RiichiActionKind.CHI, RiichiActionKind.PON})


class RiichiActionError(ValueError):
    """A malformed action: an unknown kind or seat, a tile missing or where none belongs."""


class IllegalRiichiActionError(ValueError):
    """A well-formed action the rules do not allow now; the state is left unchanged."""

    def __init__(self, action: RiichiAction, message: str) -> None:
        super().__init__(f"{action}: {message}")
        self.action = action


class RiichiHandOverError(IllegalRiichiActionError):
    """The hand has ended: nobody can act."""


def _face(value: object) -> int:
    if isinstance(value, bool):
        raise RiichiActionError(f"not a tile: {value!r}")
    if isinstance(value, int):
        if not 0 <= value < 37:
            raise RiichiActionError(f"not a tile face: {value!r}")
        return value
    try:
        return parse_face(value)  # type: ignore[arg-type]
    except TileError as error:
        raise RiichiActionError(str(error)) from None


@dataclass(frozen=True, slots=True)
class RiichiAction:
    """One decision of one seat."""

    kind: RiichiActionKind
    seat: int
    tile: int | None = None
    tiles: tuple[int, ...] = ()
    riichi: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.kind, RiichiActionKind):
            try:
                object.__setattr__(self, "kind", RiichiActionKind(self.kind))
            except ValueError:
                known = ", ".join(k.value for k in RiichiActionKind)
                raise RiichiActionError(f"unknown action {self.kind!r} (expected one of {known})") from None
        if isinstance(self.seat, bool) or not isinstance(self.seat, int) or not 0 <= self.seat < 4:
            raise RiichiActionError(f"a seat is 0-3, got {self.seat!r}")
        kind = self.kind
        if kind in _ONE_TILE:
            if self.tile is None:
                raise RiichiActionError(f"a {kind} names a tile")
            face = _face(self.tile)
            if kind is not RiichiActionKind.DISCARD:
                face = int(face_kind(face))  # a kan is named by its kind
            object.__setattr__(self, "tile", face)
        elif self.tile is not None:
            raise RiichiActionError(f"a {kind} names no single tile, got {self.tile!r}")
        if kind in _TWO_TILES:
            tiles = tuple(sorted(_face(t) for t in self.tiles))
            if len(tiles) != 2:
                raise RiichiActionError(f"a {kind} names the two tiles taken from the hand, got {self.tiles!r}")
            object.__setattr__(self, "tiles", tiles)
        elif self.tiles:
            raise RiichiActionError(f"a {kind} names no tiles from the hand, got {self.tiles!r}")
        if not isinstance(self.riichi, bool):
            raise RiichiActionError(f"riichi is true or false, got {self.riichi!r}")
        if self.riichi and kind is not RiichiActionKind.DISCARD:
            raise RiichiActionError("riichi is declared with a discard")

    @classmethod
    def made(
        cls,
        kind: RiichiActionKind,
        seat: int,
        tile: int | None = None,
        tiles: tuple[int, ...] = (),
        riichi: bool = False,
    ) -> RiichiAction:
        """An action the table itself lists (its legal actions): well-formed by construction, so
        not checked again, and made once: the same value is handed out each time after (the table
        lists thousands a hand, and an action is a frozen value)."""
        key = (kind, seat, tile, tiles, riichi)
        action = _MADE.get(key)
        if action is None:
            action = object.__new__(cls)
            object.__setattr__(action, "kind", kind)
            object.__setattr__(action, "seat", seat)
            object.__setattr__(action, "tile", tile)
            object.__setattr__(action, "tiles", tiles)
            object.__setattr__(action, "riichi", riichi)
            _MADE[key] = action
        return action

    @classmethod
    def discard(cls, seat: int, tile: int | str, riichi: bool = False) -> RiichiAction:
        return cls(RiichiActionKind.DISCARD, seat, _face(tile), riichi=riichi)

    @classmethod
    def chi(cls, seat: int, first: int | str, second: int | str) -> RiichiAction:
        return cls(RiichiActionKind.CHI, seat, tiles=(_face(first), _face(second)))

    @classmethod
    def pon(cls, seat: int, first: int | str, second: int | str) -> RiichiAction:
        return cls(RiichiActionKind.PON, seat, tiles=(_face(first), _face(second)))

    @classmethod
    def simple(cls, kind: RiichiActionKind | str, seat: int) -> RiichiAction:
        """tsumo, ron, daiminkan, kyuushu or pass."""
        return cls(RiichiActionKind(kind), seat)

    @classmethod
    def kan(cls, kind: RiichiActionKind | str, seat: int, tile: int | str) -> RiichiAction:
        """ankan or kakan of a kind."""
        return cls(RiichiActionKind(kind), seat, _face(tile))

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "action": self.kind.value}
        if self.tile is not None:
            data["tile"] = face_name(self.tile)
        if self.tiles:
            data["tiles"] = [face_name(t) for t in self.tiles]
        if self.riichi:
            data["riichi"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> RiichiAction:
        if not isinstance(data, Mapping):
            raise RiichiActionError(f"an action is an object with seat and action, got {data!r}")
        tiles = data.get("tiles", ())
        if not isinstance(tiles, (list, tuple)):
            raise RiichiActionError(f"tiles is a list of two tiles, got {tiles!r}")
        tile = data.get("tile")
        return cls(
            data.get("action"),  # type: ignore[arg-type]
            data.get("seat"),  # type: ignore[arg-type]
            None if tile is None else _face(tile),
            tuple(_face(t) for t in tiles),
            data.get("riichi", False),
        )

    def __str__(self) -> str:
        text = f"seat {self.seat} {self.kind.value}"
        if self.tile is not None:
            text += f" {face_name(self.tile)}"
        if self.tiles:
            text += " " + "".join(face_name(t) for t in self.tiles)
        return text + (" riichi" if self.riichi else "")


# The actions RiichiAction.made has handed out, by their fields: a few thousand at most (seat, kind,
# face and the pairs of faces a chi or pon takes), so kept for the life of the process.
_MADE: dict[tuple[RiichiActionKind, int, int | None, tuple[int, ...], bool], RiichiAction] = {}
