"""Dice, the walls, the break, the dead wall and the deal.

The physical table, seen from above: the seats E, S, W, N sit counterclockwise, and each player builds
a wall of stacks two tiles high in front of them (18 stacks with the 144-tile set, 17 with 136). Play
passes counterclockwise; the tiles are taken from the break **clockwise**, so going round the square
clockwise the walls come in the order E, N, W, S, each from its owner's right end to their left end.

Three players (HKOS's ``three_players``) sit E, S, W and build three walls, which come clockwise in
the order E, W, S; the dice count the three seats present. Every function here takes the number of
``seats`` (4 unless given).

The break: a player rolls the dice and counts seats counterclockwise, themselves as 1, to choose a wall;
then counts that many stacks along it from its right end. Those counted stacks stay to the right of the
break; the live wall starts at the next stack and runs clockwise round the table, and the counted
stacks become its far end, where replacement tiles are taken. A count longer than the wall runs on
into the next wall clockwise.

:func:`draw_order` turns a shuffled set and a break into the single sequence the game log records
(``hand_start.wall``): the deal and live draws take from its front, replacement draws from its back,
the last tile first. :class:`Wall` hands the tiles out under the three dead-wall procedures:

* ``fixed`` (NTS): the last 14 tiles are the dead wall, used for replacements and not refilled; once
  it is empty, replacements come from the end of the live wall. The hand is drawn when the live wall
  is empty.
* ``reserve`` (HKOS): 14 tiles are kept back as play goes on (after each replacement the last live
  tile joins the reserve), so the hand is drawn when only 14 tiles remain. A replacement can only be
  taken while a live tile is left to take its place: the reserve never falls below 14.
* ``none`` (casual, chinese): replacements come from the far end of the same wall; the hand is drawn
  when no tile is left.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from sparrow.core.tiles import Tile, full_set

__all__ = [
    "Roll",
    "roll_dice",
    "choose_east",
    "count_seats",
    "stacks_per_wall",
    "break_stack",
    "draw_order",
    "deal_order",
    "shuffled_set",
    "tile_set",
    "Wall",
    "DEAD_WALL_SIZE",
    "DEAD_WALL_MODES",
]

DEAD_WALL_SIZE = 14
DEAD_WALL_MODES = ("fixed", "reserve", "none")


@dataclass(frozen=True, slots=True)
class Roll:
    """One roll of the dice: who rolled (a seat of this hand, or a player's name before seats exist),
    what for (``east``: choosing East; ``prevailing_wind``: NTS; ``break``: the wall break) and the pips."""

    purpose: str
    dice: tuple[int, ...]
    seat: str | None = None
    player: str | None = None

    @property
    def total(self) -> int:
        return sum(self.dice)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"purpose": self.purpose, "dice": list(self.dice)}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.player is not None:
            data["player"] = self.player
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Roll:
        return cls(data["purpose"], tuple(data["dice"]), data.get("seat"), data.get("player"))


def roll_dice(rng: random.Random, count: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(count))


def choose_east(rng: random.Random, players: Sequence[str]) -> tuple[int, list[Roll]]:
    """Everyone rolls two dice; the highest roll is East, ties re-rolling among the tied players.

    ``players`` are in their order round the table (counterclockwise). Returns the index of the player
    who becomes East, and every roll made, in order.
    """
    rolls: list[Roll] = []
    contenders = list(range(len(players)))
    while True:
        totals = {}
        for index in contenders:
            dice = roll_dice(rng, 2)
            rolls.append(Roll("east", dice, player=players[index]))
            totals[index] = sum(dice)
        best = max(totals.values())
        contenders = [index for index in contenders if totals[index] == best]
        if len(contenders) == 1:
            return contenders[0], rolls


def count_seats(start: int, total: int, seats: int = 4) -> int:
    """Count ``total`` seats counterclockwise with seat ``start`` (0 = E ... 3 = N) as one, round the
    ``seats`` seats at the table."""
    return (start + total - 1) % seats


def stacks_per_wall(tile_count: int, seats: int = 4) -> int:
    """Stacks in each player's wall: 18 for 144 tiles, 17 for 136; with three players 19 for 114, 18
    for 108."""
    if tile_count % (2 * seats):
        raise ValueError(f"{tile_count} tiles do not build {seats} walls two high")
    return tile_count // (2 * seats)


def break_stack(wall_seat: int, count: int, stacks: int, seats: int = 4) -> int:
    """Index, clockwise from the right end of E's wall, of the first live stack when ``count`` stacks are
    counted from the right end of ``wall_seat``'s wall (running on into the next wall clockwise)."""
    # Seats go counterclockwise, so clockwise from E's wall seat k's wall is the (-k mod seats)-th.
    return ((-wall_seat % seats) * stacks + count) % (seats * stacks)


def draw_order(physical: Sequence[Tile], wall_seat: int, count: int, seats: int = 4) -> list[Tile]:
    """The sequence the tiles will be taken in.

    ``physical`` holds the tiles as they stand round the table: stack by stack clockwise from the right
    end of E's wall, each stack's upper tile first. The result starts at the first live stack after the
    break and ends with the stacks counted off to the right of it (the replacement end).
    """
    stacks = stacks_per_wall(len(physical), seats)
    first = 2 * break_stack(wall_seat, count, stacks, seats)
    return list(physical[first:]) + list(physical[:first])


def deal_order(seats: int = 4) -> list[int]:
    """Which seat receives each tile from the front of the wall: packets of four E, S, W, N three times,
    then one each, then East's fourteenth (53 tiles; 40 with three seats)."""
    order = []
    for _ in range(3):
        for seat in range(seats):
            order.extend([seat] * 4)
    order.extend(range(seats))
    order.append(0)
    return order


_DEAL_ORDERS = {seats: deal_order(seats) for seats in (3, 4)}


@cache
def tile_set(with_bonus: bool, removed: tuple[Tile, ...] = ()) -> tuple[Tile, ...]:
    """The tiles a table plays with: the full set (with or without the flowers and seasons) less every
    copy of the ``removed`` kinds, in the full set's order."""
    return tuple(tile for tile in full_set(with_bonus) if tile not in removed)


def shuffled_set(rng: random.Random, tiles: Sequence[Tile]) -> list[Tile]:
    """The table's set (see :func:`tile_set`) shuffled, as it stands round the table before the break
    (see :func:`draw_order`)."""
    shuffled = list(tiles)
    rng.shuffle(shuffled)
    return shuffled


class Wall:
    """The tiles still to be taken: ``front`` for the deal and live draws, ``back`` for replacements.

    Mutable and cheap: two indices into the recorded draw order. ``floor`` is how many tiles must stay
    untaken: a replacement may be drawn while more than that remain (14 under ``reserve``, else 0).
    """

    __slots__ = ("tiles", "front", "back", "mode", "floor", "_dead_start")

    def __init__(self, tiles: Sequence[Tile], mode: str) -> None:
        if mode not in DEAD_WALL_MODES:
            raise ValueError(f"unknown dead wall procedure {mode!r} (expected one of {', '.join(DEAD_WALL_MODES)})")
        self.tiles = list(tiles)
        self.front = 0
        self.back = len(self.tiles)
        self.mode = mode
        self.floor = DEAD_WALL_SIZE if mode == "reserve" else 0
        # NTS: the dead wall is the last 14 positions, whatever happens to the live wall.
        self._dead_start = len(self.tiles) - DEAD_WALL_SIZE

    def copy(self) -> Wall:
        other = Wall.__new__(Wall)
        other.tiles = self.tiles  # never mutated
        other.front = self.front
        other.back = self.back
        other.mode = self.mode
        other.floor = self.floor
        other._dead_start = self._dead_start
        return other

    @property
    def live(self) -> int:
        """Tiles left to draw from the live wall."""
        mode = self.mode
        if mode == "none":
            return self.back - self.front
        if mode == "reserve":
            return max(0, self.back - self.front - DEAD_WALL_SIZE)
        return max(0, min(self.back, self._dead_start) - self.front)

    @property
    def replacements(self) -> int:
        """Tiles left at the replacement end that are not part of the live wall (the dead wall or the
        reserve); 0 under the ``none`` procedure."""
        mode = self.mode
        if mode == "none":
            return 0
        if mode == "reserve":
            return min(DEAD_WALL_SIZE, self.back - self.front)
        return max(0, self.back - max(self._dead_start, self.front))

    @property
    def remaining(self) -> int:
        return self.back - self.front

    def remaining_tiles(self) -> list[Tile]:
        return self.tiles[self.front : self.back]

    def can_replace(self) -> bool:
        """Whether a replacement tile may be drawn: under ``reserve`` only while a live tile is left to
        join the reserve in its place (so the reserve ends with 14), else while any tile is left."""
        return self.back - self.front > self.floor

    def replacement_is_live(self) -> bool:
        """Whether the next replacement tile comes out of the live wall (so it may be its last tile)."""
        return self.mode == "none" or (self.mode == "fixed" and self.back <= self._dead_start)

    def draw(self) -> Tile:
        tile = self.tiles[self.front]
        self.front += 1
        return tile

    def draw_replacement(self) -> Tile:
        self.back -= 1
        return self.tiles[self.back]

    def deal(self, seats: int = 4) -> list[list[Tile]]:
        """Take the tiles of the deal from the front: 13 each and East's 14th, in dealing order."""
        hands: list[list[Tile]] = [[] for _ in range(seats)]
        for seat in _DEAL_ORDERS[seats]:
            hands[seat].append(self.draw())
        return hands
