"""The 136 physical tiles of a Riichi table, the red fives among them, and the wall built from a seed.

A physical tile is an int 0-135 (a *tile id*): ``id // 4`` is its kind (the 34 kinds of
:mod:`sparrow.core.tiles`), so the four copies of a kind are four consecutive ids. With red fives,
the first copy of the five of each suit is red (ids 16, 52 and 88 for 5m, 5p and 5s, in that order:
``red_fives`` 1 makes only 5m red, 3 all three).

A tile as a player names it is a *face*: its kind, or for a red five ``RED_FACE + suit`` (34 red 5m,
35 red 5p, 36 red 5s). Faces print as the project notation with ``0`` for a red five (``0p``), the
usual Riichi writing; the project notation itself has no red fives.

The wall is the draw order the game log records (``hand_start.wall``): the deal and the live draws
take tiles from its front; its last 14 tiles are the dead wall. In the dead wall, replacement tiles
(rinshan) are taken from the very end, the last tile first; dora indicator *i* (0 at the start, 1-4
the kan dora) is ``wall[122 + 2 * i]`` and the ura dora indicator under it ``wall[123 + 2 * i]``.
Each kan moves the last live tile into the dead wall, so the live wall ends 1 tile earlier.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Final

from sparrow.core.tiles import Tile, TileError, parse_tile
from sparrow.game.wall import Roll, break_stack, count_seats, roll_dice, stacks_per_wall

__all__ = [
    "TILE_COUNT",
    "DEAD_WALL",
    "LIVE_END",
    "RED_FACE",
    "RED_KINDS",
    "kind_of",
    "red_ids",
    "face_of",
    "face_kind",
    "face_is_red",
    "face_name",
    "parse_face",
    "tile_name",
    "wall_from_names",
    "shuffled_wall",
    "indicator_index",
    "ura_index",
    "rinshan_index",
    "names",
    "FACE_KINDS",
    "face_table",
    "name_table",
]

TILE_COUNT: Final = 136
DEAD_WALL: Final = 14
LIVE_END: Final = TILE_COUNT - DEAD_WALL  # the live wall is wall[0:122] before any kan
RED_FACE: Final = 34
RED_KINDS: Final = (4, 13, 22)  # 5m, 5p, 5s
FACE_KINDS: Final = (*range(34), *RED_KINDS)  # a face's kind, by face (face_kind as a plain int)


def kind_of(tile_id: int) -> Tile:
    return Tile(tile_id >> 2)


def red_ids(count: int) -> frozenset[int]:
    """The ids of the red fives with ``count`` (0-3) red fives in the set."""
    if not 0 <= count <= 3:
        raise ValueError(f"red_fives must be 0-3, got {count!r}")
    return frozenset(4 * kind for kind in RED_KINDS[:count])


def face_of(tile_id: int, red: frozenset[int]) -> int:
    kind = tile_id >> 2
    return RED_FACE + RED_KINDS.index(kind) if tile_id in red else kind


def face_kind(face: int) -> Tile:
    return Tile(RED_KINDS[face - RED_FACE]) if face >= RED_FACE else Tile(face)


def face_is_red(face: int) -> bool:
    return face >= RED_FACE


def face_name(face: int) -> str:
    """``"5p"``, or ``"0p"`` for the red five."""
    if face >= RED_FACE:
        return "0" + "mps"[face - RED_FACE]
    return str(Tile(face))


def parse_face(text: str) -> int:
    """The inverse of :func:`face_name`; :class:`TileError` for anything else."""
    if not isinstance(text, str):
        raise TileError(f"a tile is written like 5p or 0p (a red five), got {text!r}")
    if len(text) == 2 and text[0] == "0" and text[1] in "mps":
        return RED_FACE + "mps".index(text[1])
    tile = parse_tile(text)
    if tile >= 34:
        raise TileError(f"{text} is not a tile of the Riichi set")
    return int(tile)


def tile_name(tile_id: int, red: frozenset[int]) -> str:
    return face_name(face_of(tile_id, red))


def wall_from_names(names: Sequence[str], red: frozenset[int]) -> list[int]:
    """Tile ids for a wall written as faces (a ``hand_start.wall``): each red face takes its red id,
    each other face the next unused plain copy of its kind. Raises :class:`ValueError` unless the
    names are exactly the 136 tiles of the set."""
    if len(names) != TILE_COUNT:
        raise ValueError(f"a Riichi wall has {TILE_COUNT} tiles, got {len(names)}")
    free: dict[int, list[int]] = {
        kind: [4 * kind + k for k in range(4) if 4 * kind + k not in red] for kind in range(34)
    }
    reds = set(red)
    wall: list[int] = []
    for name in names:
        face = parse_face(name)
        kind = int(face_kind(face))
        if face_is_red(face):
            tile_id = 4 * kind
            if tile_id not in reds:
                raise ValueError(f"the wall holds a red five {name} that is not in this set (or holds it twice)")
            reds.discard(tile_id)
        else:
            if not free[kind]:
                raise ValueError(f"the wall holds more plain copies of {name} than the set has")
            tile_id = free[kind].pop(0)
        wall.append(tile_id)
    return wall


def shuffled_wall(rng: random.Random) -> tuple[list[int], list[Roll]]:
    """The set shuffled round the table, broken by the dealer's roll of two dice, as the draw order
    (see :func:`sparrow.game.wall.draw_order`, done here on tile ids). Returns it and the roll."""
    physical = list(range(TILE_COUNT))
    rng.shuffle(physical)
    dice = roll_dice(rng, 2)
    total = sum(dice)
    wall_seat = count_seats(0, total)
    first = 2 * break_stack(wall_seat, total, stacks_per_wall(TILE_COUNT))
    return physical[first:] + physical[:first], [Roll("break", dice, seat="E")]


def indicator_index(number: int) -> int:
    """Where dora indicator ``number`` (0-4) lies in the wall."""
    return LIVE_END + 2 * number


def ura_index(number: int) -> int:
    return LIVE_END + 2 * number + 1


def rinshan_index(number: int) -> int:
    """Where replacement tile ``number`` (0-3) lies: the last tile of the wall first."""
    return TILE_COUNT - 1 - number


def names(tile_ids: Iterable[int], red: frozenset[int]) -> list[str]:
    table = name_table(red)
    return [table[tile_id] for tile_id in tile_ids]


_FACES: dict[frozenset[int], tuple[int, ...]] = {}
_NAMES: dict[frozenset[int], tuple[str, ...]] = {}


def face_table(red: frozenset[int]) -> tuple[int, ...]:
    """:func:`face_of` of every tile id (0-135) with these red fives, made once per set of reds:
    the table looks faces up thousands of times a hand."""
    table = _FACES.get(red)
    if table is None:
        table = _FACES[red] = tuple(face_of(tile_id, red) for tile_id in range(TILE_COUNT))
    return table


def name_table(red: frozenset[int]) -> tuple[str, ...]:
    """:func:`tile_name` of every tile id (0-135) with these red fives, made once per set of reds."""
    table = _NAMES.get(red)
    if table is None:
        table = _NAMES[red] = tuple(face_name(face) for face in face_table(red))
    return table
