"""The action tables and the observation planes of the reinforcement-learning environments.

Everything here is built from one seat's :class:`~sparrow.game.views.Observation` alone, so an
encoded observation never shows another seat's concealed tiles or the order of the wall.

Each family's observations take a :class:`Layout`: the shared families' (``SHARED``: 49 planes, 127
actions) or Riichi's (``RIICHI``: the same 49 planes and 58 more, the same 127 actions and 51 more).
Which one is decided by the observation's ``family`` field (:func:`layout_of`), never by the name of
the rules: a family view that shows what Riichi's planes read (dora indicators, rivers with their
marks, points, honba, sticks) is encoded with them.

**Actions** (the shared families' ``N_ACTIONS`` = 127 indexes; Riichi's table is the same rows and
the ones after them, ``RIICHI_ACTIONS`` = 178)::

    0..33     discard the tile of kind i (0-8 1m-9m, 9-17 1p-9p, 18-26 1s-9s, 27-30 E S W N, 31-33 white green red)
    34..54    chow named by its lowest tile: 34 + 7 * suit + (rank - 1), suit 0 m, 1 p, 2 s, rank 1-7
    55        pung the discard
    56        kong the discard (a claimed kong)
    57..90    concealed kong of kind i (57 + i)
    91..124   added kong of kind i (91 + i): the tile added to an exposed pung
    125       win (self-drawn, on the discard, or robbing a kong: the moment decides)
    126       pass (decline a claim or the robbing of a kong)
    -- Riichi's table goes on:
    127..160  discard the tile of kind i declaring riichi (127 + i)
    161..163  discard the red five of suit m, p, s (at Riichi, 0..33 discard a five that is not red)
    164..166  discard the red five of suit m, p, s declaring riichi
    167..175  chow taking the red five from the hand: 167 + 3 * suit + (rank - 3), lowest rank 3-5
    176       pung taking the red five from the hand
    177       abortive draw (nine terminals, on the first turn)

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

Riichi's planes, ``(RIICHI_PLANES, 34)`` = (107, 34), are these 49 rows and, from its family view::

    49..52    the dora indicators shown, counts >= 1..4
    53..56    the dora: how many each kind counts for, >= 1..4
    57        the red fives in the own concealed hand, at 5m 5p 5s
    58..105   one block of 12 rows per relative seat r, from row 58 + 12 * r (its whole river, called
              discards included):
                +0..5  its six latest discards, one-hot (+0 the latest)
                +6     its first six discards
                +7     kinds it discarded straight from the draw (tsumogiri)
                +8     kinds it discarded from its hand
                +9     the discard that declared its riichi (one-hot)
                +10    red fives it has shown (in its river or sets)
                +11    by column: 0-5 the k-th latest discard was tsumogiri, 6-11 called, 12-17 declared
                       riichi; 18 in riichi, 19 double riichi, 20 ippatsu open, 21 the dealer;
                       22 its points / 100000 (clipped to 0..1), 23 its place by points (0, 1/3,
                       2/3, 1), 24 its discards / 24 (at most 1)
    106       scalars: 0 honba / 10, 1 riichi sticks / 10 (at most 1), 2 the seat is furiten,
              3-6 the hand of the round (the dealer's chair: East 1-4), 7 dora indicators / 5,
              8 live wall / 70
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from sparrow.core.tiles import KINDS, SEATS, Tile
from sparrow.game.actions import Action, ActionKind
from sparrow.game.hand_base import Phase
from sparrow.game.views import FamilyView, Observation

__all__ = [
    "N_ACTIONS",
    "PLANES",
    "RIICHI_ACTIONS",
    "RIICHI_PLANES",
    "Layout",
    "SHARED",
    "RIICHI",
    "LAYOUTS",
    "layout_of",
    "Encoder",
    "RiichiEncoder",
    "DISCARD",
    "CHOW",
    "PUNG",
    "KONG",
    "CONCEALED_KONG",
    "ADDED_KONG",
    "WIN",
    "PASS",
    "RIICHI_DISCARD",
    "RED_DISCARD",
    "RED_RIICHI_DISCARD",
    "RED_CHOW",
    "RED_PUNG",
    "ABORTIVE_DRAW",
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
N_ACTIONS = 127  # the shared families' table: indexes 0..126
# Riichi's table is the shared one and these rows after it (the flags of the one Action):
RIICHI_DISCARD = 127  # 127 + i: discard the tile of kind i declaring riichi
RED_DISCARD = 161  # 161 + suit (0 m, 1 p, 2 s): discard the red five
RED_RIICHI_DISCARD = 164  # 164 + suit: discard the red five declaring riichi
RED_CHOW = 167  # 167 + 3 * suit + (rank - 3): chow from a 3, 4 or 5 taking the red five from the hand
RED_PUNG = 176  # pung taking the red five from the hand
ABORTIVE_DRAW = 177  # nine terminals on the first turn
RIICHI_ACTIONS = 178

_FIVES = (4, 13, 22)  # the kinds 5m, 5p, 5s


def _chow_index(tile: int) -> int:
    return CHOW + 7 * (tile // 9) + tile % 9


def _decoded(index: int) -> tuple[ActionKind, Tile | None, bool, bool]:
    """(kind, tile, red, riichi) of the table's row ``index``."""
    if index < CHOW:
        return ActionKind.DISCARD, KINDS[index], False, False
    if index < PUNG:
        offset = index - CHOW
        return ActionKind.CHOW, KINDS[9 * (offset // 7) + offset % 7], False, False
    if index == PUNG:
        return ActionKind.PUNG, None, False, False
    if index == KONG:
        return ActionKind.KONG, None, False, False
    if index < ADDED_KONG:
        return ActionKind.CONCEALED_KONG, KINDS[index - CONCEALED_KONG], False, False
    if index < WIN:
        return ActionKind.ADDED_KONG, KINDS[index - ADDED_KONG], False, False
    if index == WIN:
        return ActionKind.WIN, None, False, False
    if index == PASS:
        return ActionKind.PASS, None, False, False
    if index < RED_DISCARD:
        return ActionKind.DISCARD, KINDS[index - RIICHI_DISCARD], False, True
    if index < RED_RIICHI_DISCARD:
        return ActionKind.DISCARD, KINDS[_FIVES[index - RED_DISCARD]], True, False
    if index < RED_CHOW:
        return ActionKind.DISCARD, KINDS[_FIVES[index - RED_RIICHI_DISCARD]], True, True
    if index < RED_PUNG:
        suit, rank = divmod(index - RED_CHOW, 3)
        return ActionKind.CHOW, KINDS[9 * suit + rank + 2], True, False
    if index == RED_PUNG:
        return ActionKind.PUNG, None, True, False
    return ActionKind.ABORTIVE_DRAW, None, False, False


_DECODED = tuple(_decoded(index) for index in range(RIICHI_ACTIONS))
# Every action any seat can take, by (kind, tile, red, riichi): the index table the engine's actions
# are read with.
_INDEX = {key: index for index, key in enumerate(_DECODED)}
# Actions by seat and index, built once (Action values are frozen, so they can be shared).
_ACTIONS = {
    seat: tuple(Action(kind, seat, tile, red, riichi) for kind, tile, red, riichi in _DECODED) for seat in SEATS
}


def action_index(action: Action) -> int:
    """The index of ``action`` in the table (the seat is not part of it): below ``N_ACTIONS`` for
    every action of the shared families, up to ``RIICHI_ACTIONS`` for Riichi's flags."""
    return _INDEX[action.kind, action.tile, action.red, action.riichi]


def index_action(index: int, seat: str, actions: int = N_ACTIONS) -> Action:
    """The engine's :class:`Action` for ``index`` played by ``seat`` (whether it is legal is not
    checked). ``actions`` is the size of the table read (``N_ACTIONS``, or ``RIICHI_ACTIONS``: a
    :class:`Layout`'s ``actions``)."""
    if not 0 <= index < actions or actions > RIICHI_ACTIONS:
        raise ValueError(f"an action index is 0..{actions - 1}, got {index}")
    return _ACTIONS[seat][index]


def describe_action(index: int) -> str:
    """``'discard 5p'``, ``'chow 3s'``, ``'pass'``, and in Riichi's rows ``'discard 0p riichi'``,
    ``'chow 3p red'``: the table's row for ``index``, for people (an :class:`Action` without its seat)."""
    if not 0 <= index < RIICHI_ACTIONS:
        raise ValueError(f"an action index is 0..{RIICHI_ACTIONS - 1}, got {index}")
    return str(_ACTIONS["E"][index])[2:]


def _shared_actions() -> dict[int, int]:
    """The index of each action instance the engine hands out (``sparrow.game.actions``' shared tables,
    alive as long as the module), by identity: a lookup without building a key."""
    from sparrow.game import actions

    shared: dict[int, int] = {}
    for table in (actions.DISCARDS, actions.CONCEALED_KONGS, actions.ADDED_KONGS, actions.CHOWS):
        for row in table:
            for action in row:
                if action is not None:
                    shared[id(action)] = action_index(action)
    for row in (actions.WINS, actions.PASSES, actions.PUNGS, actions.KONGS):
        for action in row:
            shared[id(action)] = action_index(action)
    return shared


_SHARED = _shared_actions()


def action_mask(legal: Iterable[Action], actions: int = N_ACTIONS) -> np.ndarray:
    """An int8 vector of ``actions`` (``N_ACTIONS``, or a :class:`Layout`'s ``actions``): 1 where the
    action is among ``legal``. An action outside that table raises ``ValueError``."""
    mask = bytearray(actions)
    shared = _SHARED
    index_of = _INDEX
    for action in legal:
        index = shared.get(id(action))
        if index is None:
            index = index_of[action.kind, action.tile, action.red, action.riichi]
            if index >= actions:
                raise ValueError(f"{action} is not in a table of {actions} actions")
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

    planes = PLANES

    def __init__(self) -> None:
        self._blocks: list[_SeatBlock | None] = [None] * 4

    def encode(self, observation: Observation) -> np.ndarray:
        """The ``(PLANES, 34)`` float32 planes of ``observation`` (see the module docstring)."""
        data, fractions = self._shared(observation)
        planes = np.frombuffer(data, dtype=np.uint8).astype(np.float32).reshape(PLANES, _WIDTH)
        planes[SCALARS, :6] = fractions
        return planes

    def _shared(self, observation: Observation) -> tuple[bytes, list[float]]:
        """The shared planes as bytes (one a cell), and the fractions of the scalars row's columns 0-5."""
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
        live = observation.live_wall / 144.0
        replacements = observation.replacement_tiles / 16.0
        sizes = [_SIZES[hand_sizes[seat]] for seat in order]
        if count == 3:
            sizes.append(0.0)
        return data, [live if live < 1.0 else 1.0, replacements if replacements < 1.0 else 1.0, *sizes]


# -- Riichi's planes: the shared 49 rows, then what only Riichi's table shows (read from the
# observation's family field, the seat's Riichi view: dora, riichi, the rivers' order and marks, red
# fives, points, honba and sticks).

DORA_INDICATORS = 49  # 4 count rows: the dora indicators shown
DORA = 53  # 4 count rows: how many dora each kind counts for
RED_HELD = 57  # the red fives in the own concealed hand, at 5m 5p 5s (columns 4, 13, 22)
RIVER_BLOCKS = 58  # relative seat r's block starts at 58 + 12 * r
RIVER_ROWS = 12
LATEST_DISCARDS = 0  # within a river block: 6 rows, the k-th latest discard one-hot (+0 the latest)
EARLY_DISCARDS = 6  # its first six discards
TSUMOGIRI = 7  # kinds it discarded straight from the draw
TEDASHI = 8  # kinds it discarded from its hand
RIICHI_TILE = 9  # the discard that declared riichi (one-hot)
RED_SHOWN = 10  # red fives in its river or sets
SEAT_FLAGS = 11  # flags and values by column (see docs/env.md)
RIICHI_SCALARS = 106
RIICHI_PLANES = 107

_LATEST = 6
# Columns of a river block's flags row.
_TSUMOGIRI_AT, _CALLED_AT, _DECLARED_AT = 0, 6, 12
_IN_RIICHI, _DOUBLE_RIICHI, _IPPATSU, _DEALER, _POINTS, _PLACE, _RIVER_LENGTH = 18, 19, 20, 21, 22, 23, 24
# Columns of the scalars row.
_HONBA, _STICKS, _FURITEN, _HAND_OF_ROUND, _DORA_COUNT, _LIVE = 0, 1, 2, 3, 7, 8

# A face as the Riichi view writes it ("5p", "0p" a red five, "1z") -> (kind, red).
_FACES: dict[str, tuple[int, bool]] = {str(KINDS[kind]): (kind, False) for kind in range(_WIDTH)}
_FACES.update({"0" + suit: (_FIVES[index], True) for index, suit in enumerate("mps")})


def _dora_of(indicator: int) -> int:
    """The kind an indicator of ``indicator`` makes dora: the next in its suit, winds or dragons."""
    if indicator < 27:
        return indicator - 8 if indicator % 9 == 8 else indicator + 1
    if indicator < 31:
        return 27 + (indicator - 26) % 4
    return 31 + (indicator - 30) % 3


_DORA_OF = tuple(_dora_of(kind) for kind in range(_WIDTH))
_PLACE_VALUES = (0.0, 1 / 3, 2 / 3, 1.0)


def _river_block(other: Mapping[str, Any], dealer: bool) -> bytes:
    """One seat's river block (see the module docstring) as bytes; the values of its flags row
    (points, place, river length) are written after, as floats."""
    river = other["discards"]
    faces = _FACES
    one_hot = _ONE_HOT
    tsumogiri = bytearray(_WIDTH)
    tedashi = bytearray(_WIDTH)
    red = bytearray(_WIDTH)
    riichi_tile = _EMPTY_ROW
    kinds = []
    for item in river:
        kind, is_red = faces[item["tile"]]
        kinds.append(kind)
        if item["tsumogiri"]:
            tsumogiri[kind] = 1
        else:
            tedashi[kind] = 1
        if is_red:
            red[kind] = 1
        if item["riichi"]:
            riichi_tile = one_hot[kind]
    for meld in other["melds"]:
        for face in meld["tiles"]:
            kind, is_red = faces[face]
            if is_red:
                red[kind] = 1
    early = bytearray(_WIDTH)
    for kind in kinds[:_LATEST]:
        early[kind] = 1
    flags = bytearray(_WIDTH)
    start = len(river) - _LATEST if len(river) > _LATEST else 0
    latest = [one_hot[kind] for kind in reversed(kinds[start:])]
    for back, item in enumerate(reversed(river[start:])):  # back 0: the latest
        if item["tsumogiri"]:
            flags[_TSUMOGIRI_AT + back] = 1
        if item["called"]:
            flags[_CALLED_AT + back] = 1
        if item["riichi"]:
            flags[_DECLARED_AT + back] = 1
    if len(latest) < _LATEST:
        latest.extend(_EMPTY_ROWS[len(latest) :])
    if other["riichi"]:
        flags[_IN_RIICHI] = 1
        if other["double_riichi"]:
            flags[_DOUBLE_RIICHI] = 1
        if other["ippatsu"]:
            flags[_IPPATSU] = 1
    if dealer:
        flags[_DEALER] = 1
    return b"".join((*latest, early, tsumogiri, tedashi, riichi_tile, red, flags))


_EMPTY_ROWS = [_EMPTY_ROW] * _LATEST
# Where the float values of Riichi's planes go: each seat's points, place and river length, then
# honba, sticks, the dora count and the live wall.
_VALUE_ROWS = np.array(
    [RIVER_BLOCKS + RIVER_ROWS * r + SEAT_FLAGS for r in range(4) for _ in range(3)] + [RIICHI_SCALARS] * 4
)
_VALUE_COLUMNS = np.array([_POINTS, _PLACE, _RIVER_LENGTH] * 4 + [_HONBA, _STICKS, _DORA_COUNT, _LIVE])
# The chairs in relative order (0 the observer, 1 the next to play...), by the observer's chair.
_ORDERS = tuple(tuple((me + relative) % 4 for relative in range(4)) for me in range(4))


# A seat's river block is kept with what it was read from (by chair): the river, the sets and the
# seat's marks. Between two observations most rivers are the same, and a list of the view's dicts
# compares in C, far faster than the block is rebuilt.
_RiverCache = list[tuple[Any, Any, tuple[bool, bool, bool, bool], bytes] | None]


def _riichi_cells(view: Mapping[str, Any], cache: _RiverCache) -> tuple[bytes, list[float]]:
    """Riichi's rows (49 on) as bytes, and the values for ``_VALUE_ROWS``/``_VALUE_COLUMNS``;
    ``cache`` keeps the river blocks by chair from one call to the next."""
    faces = _FACES
    indicators = bytearray(_WIDTH)
    dora = bytearray(_WIDTH)
    shown = view["dora_indicators"]
    for face in shown:
        kind = faces[face][0]
        indicators[kind] += 1
        dora[_DORA_OF[kind]] += 1
    held = bytearray(_WIDTH)
    for face in view["hand"]:
        if face[0] == "0":
            held[faces[face][0]] = 1
    seats = view["seats"]
    dealer = view["dealer"]
    scores = view["scores"]
    # Places by points, ties in the first dealer's order (chair 0 first).
    ranked = sorted(range(4), key=lambda chair: -scores[chair])
    places = [0.0] * 4
    for place, chair in enumerate(ranked):
        places[chair] = _PLACE_VALUES[place]
    parts: list[bytes | bytearray] = [_count_rows(indicators), _count_rows(dora), held]
    values: list[float] = []
    for chair in _ORDERS[view["seat"]]:
        other = seats[chair]
        river = other["discards"]
        melds = other["melds"]
        marks = (other["riichi"], other["double_riichi"], other["ippatsu"], chair == dealer)
        kept = cache[chair]
        if kept is not None and kept[2] == marks and kept[0] == river and kept[1] == melds:
            parts.append(kept[3])
        else:
            cells = _river_block(other, chair == dealer)
            cache[chair] = (river, melds, marks, cells)
            parts.append(cells)
        points = scores[chair] / 100000.0
        length = len(other["discards"]) / 24.0
        values += (min(max(points, 0.0), 1.0), places[chair], length if length < 1.0 else 1.0)
    scalars = bytearray(_WIDTH)
    if view["furiten"]:
        scalars[_FURITEN] = 1
    scalars[_HAND_OF_ROUND + dealer] = 1
    parts.append(scalars)
    honba = view["honba"] / 10.0
    sticks = view["sticks"] / 10.0
    live = view["live_wall"] / 70.0
    values += (
        honba if honba < 1.0 else 1.0,
        sticks if sticks < 1.0 else 1.0,
        len(shown) / 5.0,
        live if live < 1.0 else 1.0,
    )
    return b"".join(parts), values


class RiichiEncoder(Encoder):
    """Riichi's planes, ``(RIICHI_PLANES, 34)``: the shared rows from the shared fields of the
    observation, then Riichi's own from its ``family`` view (see docs/env.md)."""

    __slots__ = ("_rivers",)

    planes = RIICHI_PLANES

    def __init__(self) -> None:
        super().__init__()
        self._rivers: _RiverCache = [None] * 4

    def encode(self, observation: Observation) -> np.ndarray:
        data, fractions = self._shared(observation)
        family = observation.family
        assert family is not None
        extra, values = _riichi_cells(family.to_dict(), self._rivers)
        planes = np.frombuffer(data + extra, dtype=np.uint8).astype(np.float32).reshape(RIICHI_PLANES, _WIDTH)
        planes[SCALARS, :6] = fractions
        planes[_VALUE_ROWS, _VALUE_COLUMNS] = values
        return planes


# -- the layouts: which planes and which action table a family's observations take


@dataclass(frozen=True, slots=True)
class Layout:
    """The shape of a family's observations (``planes`` rows of 34) and the size of its action
    table (``actions``), with the encoder that writes them, and ``reads``: whether an observation's
    ``family`` field shows what its planes read. ``name`` is for people."""

    name: str
    planes: int
    actions: int
    encoder: Callable[[], Encoder]
    reads: Callable[[FamilyView | None], bool]


# What Riichi's planes read from a family view's data: the dora indicators, the rivers with their
# marks, the points... (Riichi's ``RiichiView`` shows them; so could any family's view).
_RIICHI_FIELDS = frozenset(
    {"dora_indicators", "seats", "hand", "seat", "dealer", "honba", "sticks", "scores", "furiten"}
)


def _reads_riichi(family: FamilyView | None) -> bool:
    return family is not None and _RIICHI_FIELDS <= family.to_dict().keys()


SHARED = Layout("shared", PLANES, N_ACTIONS, Encoder, lambda family: True)
RIICHI = Layout("riichi", RIICHI_PLANES, RIICHI_ACTIONS, RiichiEncoder, _reads_riichi)
LAYOUTS = (RIICHI, SHARED)  # an observation's layout is the first that reads it


def layout_of(observation: Observation) -> Layout:
    """The layout of ``observation``: decided by its ``family`` field (None: the shared layout)."""
    for layout in LAYOUTS:
        if layout.reads(observation.family):
            return layout
    return SHARED


def encode(observation: Observation) -> np.ndarray:
    """The planes of one observation, in its layout (a fresh encoder each call): ``(PLANES, 34)`` for
    the shared families, ``(RIICHI_PLANES, 34)`` for Riichi."""
    return layout_of(observation).encoder().encode(observation)
