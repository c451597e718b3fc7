"""The fixed action table and the observation planes of the reinforcement-learning environments.

Everything here is built from one seat's :class:`~sparrow.game.views.Observation` alone, so an
encoded observation never shows another seat's concealed tiles or the order of the wall.

**Actions** (``N_ACTIONS`` = 127 discrete indexes, the same for every family)::

    0..33     discard the tile of kind i (0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-30 E S W N, 31-33 white green red)
    34..54    chow named by its lowest tile: 34 + 7 * suit + (rank - 1), suit 0 m, 1 p, 2 s, rank 1-7
    55        pung the discard
    56        kong the discard (a claimed kong)
    57..90    concealed kong of kind i (57 + i)
    91..124   added kong of kind i (91 + i): the tile added to an exposed pung
    125       win (self-drawn, on the discard, or robbing a kong: the moment decides)
    126       pass (decline a claim or the robbing of a kong)

**Observation**: a float32 array of shape ``(PLANES, 34)`` = (49, 34), values in [0, 1]. Seats are
*relative*: 0 is the observing seat, 1 the next in turn (its right, who plays after it), 2 the one
after that, 3 the one before it (its left). At a three-player table relative seat 2 is the seat
before it and the block of relative seat 3 stays empty (``present`` says so). Counts are thermometer
coded: row ``base + k`` holds 1 at kind ``i`` when at least ``k + 1`` tiles of kind ``i`` are there.

    0..3      own concealed hand (drawn tile included), counts >= 1, 2, 3, 4
    4         the tile just drawn (one-hot), on the seat's own turn
    5         the tile open to claims or to robbing (one-hot)
    6..45     one block of 10 rows per relative seat r, from row 6 + 10 * r:
                +0..3  its discard pile, counts >= 1..4 (claimed discards are in the sets instead)
                +4..7  its exposed sets (concealed kongs included as the table shows them), counts >= 1..4
                +8     the latest discard of its pile (one-hot)
                +9     the bonus tiles it set out: columns 0-7 = flowers 1-4, seasons 1-4
    46        the round (prevailing) wind, at its kind's column (27-30)
    47        the observing seat's wind, at its kind's column (27-30)
    48        scalars, by column:
                0  live wall left / 144          1  replacement tiles left / 16 (capped at 1)
                2..5   concealed tiles held by relative seats 0-3 / 14
                6..9   relative seat present at the table
                10..13 relative seat's hand is dead
                14..16 phase: a turn, claims on a discard, robbing an added kong
                17..20 whose turn it is (or who discarded the open tile), by relative seat
                21     the table waits for this seat's decision
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from sparrow.core.tiles import KINDS, SEATS, Tile
from sparrow.game.actions import Action, ActionKind
from sparrow.game.hand_base import Phase
from sparrow.game.views import Observation

__all__ = [
    "N_ACTIONS",
    "PLANES",
    "DISCARD",
    "CHOW",
    "PUNG",
    "KONG",
    "CONCEALED_KONG",
    "ADDED_KONG",
    "WIN",
    "PASS",
    "action_index",
    "index_action",
    "action_mask",
    "encode",
    "describe_action",
]

# -- the action table

DISCARD = 0
CHOW = 34
PUNG = 55
KONG = 56
CONCEALED_KONG = 57
ADDED_KONG = 91
WIN = 125
PASS = 126
N_ACTIONS = 127


def _chow_index(tile: int) -> int:
    return CHOW + 7 * (tile // 9) + tile % 9


def _index_of(kind: ActionKind, tile: Tile | None) -> int:
    if kind is ActionKind.DISCARD:
        return DISCARD + int(tile)  # type: ignore[arg-type]
    if kind is ActionKind.CHOW:
        return _chow_index(int(tile))  # type: ignore[arg-type]
    if kind is ActionKind.PUNG:
        return PUNG
    if kind is ActionKind.KONG:
        return KONG
    if kind is ActionKind.CONCEALED_KONG:
        return CONCEALED_KONG + int(tile)  # type: ignore[arg-type]
    if kind is ActionKind.ADDED_KONG:
        return ADDED_KONG + int(tile)  # type: ignore[arg-type]
    if kind is ActionKind.WIN:
        return WIN
    return PASS


def _decoded(index: int) -> tuple[ActionKind, Tile | None]:
    if index < CHOW:
        return ActionKind.DISCARD, KINDS[index]
    if index < PUNG:
        offset = index - CHOW
        return ActionKind.CHOW, KINDS[9 * (offset // 7) + offset % 7]
    if index == PUNG:
        return ActionKind.PUNG, None
    if index == KONG:
        return ActionKind.KONG, None
    if index < ADDED_KONG:
        return ActionKind.CONCEALED_KONG, KINDS[index - CONCEALED_KONG]
    if index < WIN:
        return ActionKind.ADDED_KONG, KINDS[index - ADDED_KONG]
    if index == WIN:
        return ActionKind.WIN, None
    return ActionKind.PASS, None


_DECODED = tuple(_decoded(index) for index in range(N_ACTIONS))
# Every action any seat can take, by (kind, tile): the index table the engine's actions are read with.
_INDEX = {(kind, tile): index for index, (kind, tile) in enumerate(_DECODED)}
# Actions by seat and index, built once (Action values are frozen, so they can be shared).
_ACTIONS = {seat: tuple(Action(kind, seat, tile) for kind, tile in _DECODED) for seat in SEATS}


def action_index(action: Action) -> int:
    """The index of ``action`` in the fixed table (the seat is not part of it)."""
    return _INDEX[action.kind, action.tile]


def index_action(index: int, seat: str) -> Action:
    """The engine's :class:`Action` for ``index`` played by ``seat`` (whether it is legal is not checked)."""
    if not 0 <= index < N_ACTIONS:
        raise ValueError(f"an action index is 0..{N_ACTIONS - 1}, got {index}")
    return _ACTIONS[seat][index]


def describe_action(index: int) -> str:
    """``'discard 5p'``, ``'chow 3s'``, ``'pass'``: the table's row for ``index``, for people."""
    kind, tile = _DECODED[index]
    return kind.value if tile is None else f"{kind.value} {tile}"


def _shared_actions() -> dict[int, int]:
    """The index of each action instance the engine hands out (``sparrow.game.actions``' shared tables,
    alive as long as the module), by identity: a lookup without building a key."""
    from sparrow.game import actions

    shared: dict[int, int] = {}
    for table in (actions.DISCARDS, actions.CONCEALED_KONGS, actions.ADDED_KONGS, actions.CHOWS):
        for row in table:
            for action in row:
                if action is not None:
                    shared[id(action)] = _INDEX[action.kind, action.tile]
    for row in (actions.WINS, actions.PASSES, actions.PUNGS, actions.KONGS):
        for action in row:
            shared[id(action)] = _INDEX[action.kind, action.tile]
    return shared


_SHARED = _shared_actions()


def action_mask(legal: Iterable[Action]) -> np.ndarray:
    """An int8 vector of ``N_ACTIONS``: 1 where the action is among ``legal``."""
    mask = bytearray(N_ACTIONS)
    shared = _SHARED
    for action in legal:
        index = shared.get(id(action))
        if index is None:
            index = _INDEX[action.kind, action.tile]
        mask[index] = 1
    return np.frombuffer(mask, dtype=np.int8)


# -- the observation planes

HAND = 0
DRAWN = 4
CLAIM_TILE = 5
SEAT_BLOCKS = 6  # the first row of relative seat 0's block; relative seat r's block starts at 6 + 10 * r
SEAT_ROWS = 10
DISCARD_ROWS = 0  # within a seat's block: 4 count rows of its discard pile
MELD_ROWS = 4  # 4 count rows of its sets
LATEST_DISCARD_ROW = 8
BONUS_ROW = 9
ROUND_WIND = 46
SEAT_WIND = 47
SCALARS = 48
PLANES = 49

_WIDTH = 34
# The planes are assembled as bytes, one a cell (0 or 1), and read by numpy once; the few fractions
# of the scalars row are written after. A count row is the seat's 34 counts translated: byte value
# v becomes 1 in row k when v > k (the thermometer).
_THERMOMETER = tuple(bytes(1 if value > k else 0 for value in range(256)) for k in range(4))
_EMPTY_ROW = bytes(_WIDTH)
_EMPTY_BLOCK = bytes(SEAT_ROWS * _WIDTH)
_WIND_COLUMN = {seat: 27 + i for i, seat in enumerate(SEATS)}
_WIND_ROW = {seat: bytes(1 if column == _WIND_COLUMN[seat] else 0 for column in range(_WIDTH)) for seat in SEATS}
_ONE_HOT = tuple(bytes(1 if column == kind else 0 for column in range(_WIDTH)) for kind in range(_WIDTH))
_PHASE_COLUMN = {Phase.TURN: 14, Phase.CLAIMS: 15, Phase.ROB: 16}
# The seats in relative order (0 = the observer) for each observer, at a table of three or four.
_RELATIVE = {
    count: {SEATS[i]: tuple(SEATS[(i + k) % count] for k in range(count)) for i in range(count)} for count in (3, 4)
}
_ABSOLUTE = {count: {SEATS[i]: tuple((i + k) % count for k in range(count)) for i in range(count)} for count in (3, 4)}
_MISSING = {3: (_EMPTY_BLOCK,), 4: ()}
_SIZES = [min(size / 14.0, 1.0) for size in range(64)]


def _count_rows(counts: bytes | bytearray) -> bytes:
    """The four thermometer rows of 34 counts."""
    return b"".join([counts.translate(table) for table in _THERMOMETER])


def _flag_cells(order: Sequence[str], phase: Phase, turn: int, asked: bool, count: int, dead: Sequence[str]) -> bytes:
    """The scalars row with its flags set (presence, dead hands, phase, turn, asked); columns 0-5, the
    fractions, are written after."""
    row = bytearray(_WIDTH)
    for relative in range(count):
        row[6 + relative] = 1
        if order[relative] in dead:
            row[10 + relative] = 1
    row[_PHASE_COLUMN.get(phase, 14)] = 1
    row[17 + turn] = 1
    if asked:
        row[21] = 1
    return bytes(row)


# The scalars row by (seat, phase, turn, asked, seats, dead): few, the same all game.
_FLAGS: dict[tuple, bytes] = {}


class _SeatBlock:
    """One seat's public block (see the module docstring) as bytes, with what it was read from."""

    __slots__ = ("pile", "sets", "bonus", "cells", "counts", "set_rows", "bonus_row")

    def __init__(self, pile: Sequence[int], sets: Sequence, bonus: Sequence[int]) -> None:
        self.pile = pile
        self.sets = sets
        self.bonus = bonus
        counts = self.counts = bytearray(_WIDTH)
        for tile in pile:
            if counts[tile] < 255:
                counts[tile] += 1
        set_counts = bytearray(_WIDTH)
        for meld in sets:
            for tile in meld.tiles:
                set_counts[tile] += 1
        self.set_rows = _count_rows(set_counts)
        row = bytearray(_WIDTH)
        for tile in bonus:
            row[tile - 34] = 1
        self.bonus_row = bytes(row)
        self._join()

    def _join(self) -> None:
        pile = self.pile
        latest = _ONE_HOT[pile[-1]] if pile else _EMPTY_ROW
        self.cells = b"".join((_count_rows(self.counts), self.set_rows, latest, self.bonus_row))

    def discarded(self, pile: Sequence[int]) -> bool:
        """Take ``pile`` if it is the pile read before with one discard more (the usual change); else False."""
        old = self.pile
        if len(pile) != len(old) + 1 or pile[:-1] != old:
            return False
        counts = self.counts
        tile = pile[-1]
        if counts[tile] < 255:
            counts[tile] += 1
        self.pile = pile
        self._join()
        return True


class Encoder:
    """Encodes observations into planes, reusing the parts of the table that did not change.

    A seat's discard pile, sets and bonus tiles change far less often than they are observed: the
    encoder keeps each seat's public block (by absolute seat) with the tuples it was read from,
    adds a new discard to it, and rebuilds it only on any other change. The planes are assembled as
    bytes and read by numpy once. One encoder serves one table at a time (a
    :class:`~sparrow.env.MahjongEnv` starts a new one every episode).
    """

    __slots__ = ("_blocks",)

    def __init__(self) -> None:
        self._blocks: list[_SeatBlock | None] = [None] * 4

    def encode(self, observation: Observation) -> np.ndarray:
        """The ``(PLANES, 34)`` float32 planes of ``observation`` (see the module docstring)."""
        me = observation.seat
        hand_sizes = observation.hand_sizes
        count = len(hand_sizes)
        discards = observation.discards
        melds = observation.melds
        bonus = observation.bonus
        blocks = self._blocks
        for index in range(count):
            seat = SEATS[index]
            pile = discards[seat]
            sets = melds[seat]
            tiles = bonus[seat]
            block = blocks[index]
            if block is None:
                blocks[index] = _SeatBlock(pile, sets, tiles)
                continue
            if block.sets is not sets:
                if block.sets != sets:
                    blocks[index] = _SeatBlock(pile, sets, tiles)
                    continue
                block.sets = sets
            if block.bonus is not tiles:
                if block.bonus != tiles:
                    blocks[index] = _SeatBlock(pile, sets, tiles)
                    continue
                block.bonus = tiles
            if block.pile is not pile:
                if block.pile == pile:
                    block.pile = pile
                elif not block.discarded(pile):
                    blocks[index] = _SeatBlock(pile, sets, tiles)
        held = bytearray(_WIDTH)
        for tile in observation.hand:
            held[tile] += 1
        drawn = observation.drawn
        claim_tile = observation.claim_tile
        order = _RELATIVE[count][me]
        phase = observation.phase
        turn = order.index(observation.turn)
        asked = bool(observation.to_act)
        dead = observation.dead
        flags = (me, phase, turn, asked, count, dead)
        marks = _FLAGS.get(flags)
        if marks is None:
            marks = _FLAGS[flags] = _flag_cells(order, phase, turn, asked, count, dead)
        data = b"".join(
            (
                _count_rows(held),
                _EMPTY_ROW if drawn is None else _ONE_HOT[drawn],
                _EMPTY_ROW if claim_tile is None else _ONE_HOT[claim_tile],
                *[blocks[index].cells for index in _ABSOLUTE[count][me]],  # type: ignore[union-attr]
                *_MISSING[count],
                _WIND_ROW[observation.round_wind],
                _WIND_ROW[me],
                marks,
            )
        )
        planes = np.frombuffer(data, dtype=np.uint8).astype(np.float32).reshape(PLANES, _WIDTH)
        live = observation.live_wall / 144.0
        replacements = observation.replacement_tiles / 16.0
        sizes = [_SIZES[hand_sizes[seat]] for seat in order]
        if count == 3:
            sizes.append(0.0)
        planes[SCALARS, :6] = (live if live < 1.0 else 1.0, replacements if replacements < 1.0 else 1.0, *sizes)
        return planes


def encode(observation: Observation) -> np.ndarray:
    """The ``(PLANES, 34)`` float32 planes of one observation (a fresh :class:`Encoder` each call)."""
    return Encoder().encode(observation)
