"""What a player can do at the table, and the errors for what they may not do.

An :class:`Action` is a small frozen value: who acts (a seat wind of this hand), what kind of action,
and the tile it names where one is needed. Drawing and setting out flowers are not actions: the table
does them (nobody chooses whether to draw). Claims name no tile, because a claim is always on the
tile just discarded (or, for a win by robbing, on the tile just added to a kong); a chow names the
lowest tile of the run it makes, since one discard can complete up to three different runs.

Errors come in two families, as in python-chess: :class:`InvalidActionError` for an action that is
malformed (unknown seat or kind, a missing tile), and :class:`IllegalActionError` with one subclass
per cause for a well-formed action the rules do not allow now. An illegal action never changes the
state it was applied to.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from sparrow.core.tiles import KINDS, SEATS, Tile, TileError

__all__ = [
    "ActionKind",
    "Action",
    "InvalidActionError",
    "IllegalActionError",
    "HandOverError",
    "NotYourTurnError",
    "WrongMomentError",
    "TileNotHeldError",
    "InvalidClaimError",
    "InvalidWinError",
    "CLAIM_KINDS",
]


class ActionKind(StrEnum):
    DISCARD = "discard"
    CHOW = "chow"  # claim the discard for a run (player on the discarder's right only)
    PUNG = "pung"  # claim the discard with two of the same in hand
    KONG = "kong"  # claim the discard with three of the same in hand
    CONCEALED_KONG = "concealed_kong"  # four of a kind held, declared on your own turn
    ADDED_KONG = "added_kong"  # a held tile added to your exposed pung on your own turn
    WIN = "win"  # self-drawn, on the discard, or robbing an added kong, by the moment it is played in
    PASS = "pass"  # decline to claim the discard or to rob the kong
    ABORTIVE_DRAW = "abortive_draw"  # end the hand drawn on your first turn (Riichi's nine terminals)

    def __str__(self) -> str:
        return self.value


CLAIM_KINDS = frozenset({ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG})
_NEEDS_TILE = frozenset({ActionKind.DISCARD, ActionKind.CHOW, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG})
# The actions where a red five (a family's marked copy of a five) can be the copy played: the discard
# itself, or the tiles a chow or a pung takes from the hand.
_MAY_BE_RED = frozenset({ActionKind.DISCARD, ActionKind.CHOW, ActionKind.PUNG})
_RED_FIVE_TEXT = re.compile(r"0([mps])")


class InvalidActionError(ValueError):
    """A malformed action: unknown seat or kind, a tile missing or where none belongs."""


class IllegalActionError(ValueError):
    """A well-formed action the rules do not allow at this moment. The state is left unchanged."""

    def __init__(self, action: Action, message: str) -> None:
        super().__init__(f"{action}: {message}")
        self.action = action


class HandOverError(IllegalActionError):
    """The hand has ended; nobody can act."""


class NotYourTurnError(IllegalActionError):
    """The seat is not one the table is waiting for."""


class WrongMomentError(IllegalActionError):
    """The seat may act, but not in this way now (a discard while claims are open, a kong after a claim...)."""


class TileNotHeldError(IllegalActionError):
    """The seat does not hold the tiles the action needs (a discard not held, a pung without a pair...)."""


class InvalidClaimError(IllegalActionError):
    """A claim the table rules forbid: a chow from anyone but the player on your left, a set on the last
    discard, a kong with no replacement tile left..."""


class InvalidWinError(IllegalActionError):
    """A claim to win that is not a legal win, under rules that refuse such claims."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat. ``tile`` is the discard, the lowest tile of a chow, or the kong's tile.

    Two flags serve the families that have them (every other family's table never lists them, so an
    action carrying one is simply not legal there): ``riichi`` declares riichi with a discard, and
    ``red`` says that the copy played is the red five: the discarded five itself, or the five a chow
    or a pung takes from the hand (the tile names the kind, so ``0p`` reads as ``5p`` with ``red``)."""

    kind: ActionKind
    seat: str
    tile: Tile | None = None
    red: bool = False
    riichi: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):
            try:
                object.__setattr__(self, "kind", ActionKind(self.kind))
            except ValueError:
                known = ", ".join(k.value for k in ActionKind)
                raise InvalidActionError(f"unknown action {self.kind!r} (expected one of {known})") from None
        if self.seat not in SEATS:
            raise InvalidActionError(f"unknown seat {self.seat!r} (expected one of E, S, W, N)")
        tile = self.tile
        if self.kind in _NEEDS_TILE:
            if tile is None:
                raise InvalidActionError(f"a {self.kind} names a tile")
            if isinstance(tile, str):
                red_five = _RED_FIVE_TEXT.fullmatch(tile)
                if red_five is not None:
                    object.__setattr__(self, "red", True)
                    tile = "5" + red_five.group(1)
                try:
                    tile = Tile.parse(tile)
                except TileError as error:
                    raise InvalidActionError(str(error)) from None
            elif not isinstance(tile, Tile):
                if not isinstance(tile, int) or not 0 <= tile < 42:
                    raise InvalidActionError(f"not a tile: {tile!r}")
                tile = Tile(tile)
            if tile.is_bonus:
                raise InvalidActionError(f"a flower or season ({tile}) is never discarded or melded")
            if self.kind is ActionKind.CHOW and (not tile.is_suited or tile.rank > 7):
                raise InvalidActionError(f"a chow is named by its lowest tile, a 1-7 of a suit, not {tile}")
            object.__setattr__(self, "tile", tile)
        elif tile is not None:
            raise InvalidActionError(f"a {self.kind} names no tile (it is on the latest discard), got {tile!r}")
        if self.red or self.riichi:
            self._check_flags()

    def _check_flags(self) -> None:
        if not isinstance(self.red, bool) or not isinstance(self.riichi, bool):
            raise InvalidActionError(f"red and riichi are true or false, got {self.red!r} and {self.riichi!r}")
        if self.riichi and self.kind is not ActionKind.DISCARD:
            raise InvalidActionError(f"riichi is declared with a discard, not with a {self.kind}")
        if self.red:
            if self.kind not in _MAY_BE_RED:
                raise InvalidActionError(f"only a discard, a chow or a pung plays a red five, not a {self.kind}")
            tile = self.tile
            if tile is not None and not (tile.is_suited and (tile.rank == 5 or self.kind is ActionKind.CHOW)):
                raise InvalidActionError(f"only a five is red, not {tile}")
            if self.kind is ActionKind.CHOW and tile is not None and not 3 <= tile.rank <= 5:
                raise InvalidActionError(f"the chow from {tile} holds no five to be red")

    # -- constructors that read like the table talk

    @classmethod
    def discard(cls, seat: str, tile: Tile | str) -> Action:
        return cls(ActionKind.DISCARD, seat, tile)  # type: ignore[arg-type]

    @classmethod
    def chow(cls, seat: str, lowest: Tile | str) -> Action:
        return cls(ActionKind.CHOW, seat, lowest)  # type: ignore[arg-type]

    @classmethod
    def pung(cls, seat: str) -> Action:
        return cls(ActionKind.PUNG, seat)

    @classmethod
    def kong(cls, seat: str) -> Action:
        return cls(ActionKind.KONG, seat)

    @classmethod
    def concealed_kong(cls, seat: str, tile: Tile | str) -> Action:
        return cls(ActionKind.CONCEALED_KONG, seat, tile)  # type: ignore[arg-type]

    @classmethod
    def added_kong(cls, seat: str, tile: Tile | str) -> Action:
        return cls(ActionKind.ADDED_KONG, seat, tile)  # type: ignore[arg-type]

    @classmethod
    def win(cls, seat: str) -> Action:
        return cls(ActionKind.WIN, seat)

    @classmethod
    def pass_(cls, seat: str) -> Action:
        return cls(ActionKind.PASS, seat)

    @classmethod
    def parse(cls, text: str) -> Action:
        """The inverse of ``str(action)``: ``'E discard 5p'``, ``'S chow 3p'``, ``'W pass'``, and where
        a family has them ``'E discard 0p riichi'``, ``'S pung red'``."""
        parts = text.split()
        flags = []
        while len(parts) > 2 and parts[-1] in ("riichi", "red"):
            flags.append(parts.pop())
        if len(parts) not in (2, 3):
            raise InvalidActionError(f"expected 'SEAT KIND [TILE] [red] [riichi]', got {text!r}")
        tile = parts[2] if len(parts) == 3 else None
        return cls(parts[1], parts[0], tile, "red" in flags, "riichi" in flags)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"seat": self.seat, "action": self.kind.value}
        tile = self.tile
        if tile is not None:
            data["tile"] = _tile_text(tile, self.red and self.kind is ActionKind.DISCARD)
        if self.red and self.kind is not ActionKind.DISCARD:
            data["red"] = True
        if self.riichi:
            data["riichi"] = True
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping):
            raise InvalidActionError(f"an action is an object with seat, action and tile, got {data!r}")
        return cls(
            data.get("action"),  # type: ignore[arg-type]
            data.get("seat"),  # type: ignore[arg-type]
            data.get("tile"),
            data.get("red", False),
            data.get("riichi", False),
        )

    @property
    def is_claim(self) -> bool:
        """A chow, pung or kong on the latest discard."""
        return self.kind in CLAIM_KINDS

    def __str__(self) -> str:
        text = f"{self.seat} {self.kind.value}"
        tile = self.tile
        if tile is not None:
            text += " " + _tile_text(tile, self.red and self.kind is ActionKind.DISCARD)
        if self.red and self.kind is not ActionKind.DISCARD:
            text += " red"
        return text + (" riichi" if self.riichi else "")

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def _tile_text(tile: Tile, red: bool) -> str:
    """A tile as the notation writes it, a red five as ``0`` and its suit."""
    text = str(tile)
    return "0" + text[1] if red else text


def _table(kind: ActionKind) -> tuple[tuple[Action, ...], ...]:
    return tuple(tuple(Action(kind, seat, tile) for tile in KINDS) for seat in SEATS)


# The engine hands out these shared instances instead of building new ones on every turn.
DISCARDS = _table(ActionKind.DISCARD)
CONCEALED_KONGS = _table(ActionKind.CONCEALED_KONG)
ADDED_KONGS = _table(ActionKind.ADDED_KONG)
CHOWS = tuple(
    tuple(Action(ActionKind.CHOW, seat, t) if t.is_suited and t.rank <= 7 else None for t in KINDS) for seat in SEATS
)
WINS = tuple(Action(ActionKind.WIN, seat) for seat in SEATS)
PASSES = tuple(Action(ActionKind.PASS, seat) for seat in SEATS)
PUNGS = tuple(Action(ActionKind.PUNG, seat) for seat in SEATS)
KONGS = tuple(Action(ActionKind.KONG, seat) for seat in SEATS)
