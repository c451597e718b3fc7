"""What the players and the referee see: one seat's :class:`Observation`, and the :class:`TableView`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import compress
from types import MappingProxyType
from typing import Any, Protocol

from sparrow.core.hand import Meld
from sparrow.core.tiles import KINDS, SEATS, Tile
from sparrow.game.actions import Action
from sparrow.game.events import seat_view, spectator_view, tile_text, tiles_in_order_text, tiles_text
from sparrow.game.hand_base import HandBase, Phase

__all__ = ["Observation", "TableView", "Views", "RiverTile", "FamilyView"]

# The seats at the table by their number: Observation.seats counts them from its hand sizes.
_SEATS_AT_TABLE = {n: SEATS[:n] for n in (3, 4)}


@dataclass(frozen=True, slots=True)
class RiverTile:
    """One discard in a river as a family that marks them shows it: its name as the family writes it
    (``0p`` a red five), whether it declared riichi (laid sideways), was called away by another seat,
    or was the tile just drawn (tsumogiri)."""

    name: str
    riichi: bool = False
    called: bool = False
    tsumogiri: bool = False


class FamilyView(Protocol):
    """The part of an observation only one family has: plain values for JSON from ``to_dict``, and
    what a face shows of it without knowing the family: ``panel()`` (label, value) pairs beside the
    table, ``seat_marks()`` a word beside a seat, ``hand_names()`` the own concealed tiles as the
    family writes them (Riichi's red fives), ``points_now()`` each seat's points at this moment, ``rivers()`` each seat's discards in order
    with the family's marks."""

    def to_dict(self) -> dict[str, Any]: ...
    def panel(self) -> list[tuple[str, str]]: ...
    def seat_marks(self) -> dict[str, str]: ...
    def hand_names(self) -> tuple[str, ...]: ...
    def points_now(self) -> dict[str, int]: ...
    def rivers(self) -> dict[str, tuple[RiverTile, ...]]: ...


@dataclass(frozen=True, slots=True)
class Observation:
    """What one seat can see at the table: its own hand, and everything the table shows to everyone.

    Never another player's concealed tiles or the order of the wall: only how many tiles each player
    holds and how many are left in the wall.

    ``seats`` are the seats at the table, in turn order from East: ``("E", "S", "W", "N")``, or
    ``("E", "S", "W")`` in HKOS's three-player game. Every per-seat mapping (``players``, ``scores``,
    ``melds``, ``bonus``, ``discards``, ``hand_sizes``) holds exactly these seats, so a bot iterates
    over ``seats`` (or a mapping's keys), never over the constant ``SEATS``.
    """

    seat: str
    rules: str
    options: Mapping[str, Any]
    round_wind: str
    players: Mapping[str, str]
    scores: Mapping[str, int]  # running table totals before this hand, by seat
    phase: Phase
    turn: str  # whose turn it is, or who discarded the tile being claimed / added to a kong
    # The seats the table is waiting for, as far as this seat may know: on somebody's turn that seat;
    # while a tile is open to claims or robbing, this seat alone if it is asked, else nobody (the
    # other seats' options would reveal their concealed tiles).
    to_act: tuple[str, ...]
    hand: tuple[Tile, ...]  # own concealed tiles, sorted
    drawn: Tile | None  # own tile just drawn, when it is this seat's turn after a draw
    melds: Mapping[str, tuple[Meld, ...]]
    bonus: Mapping[str, tuple[Tile, ...]]
    discards: Mapping[str, tuple[Tile, ...]]  # each discard pile in order (claimed tiles are in melds)
    hand_sizes: Mapping[str, int]  # concealed tiles each seat holds
    live_wall: int
    replacement_tiles: int  # dead wall or reserve (0 where replacements come from the live wall)
    claim_tile: Tile | None  # the discard or added tile open to claims
    claim_from: str | None
    dead: tuple[str, ...]
    legal_actions: tuple[Action, ...]
    # What this seat sees that only its family has (Riichi's dora indicators, riichi and sticks, the
    # red fives): None at the families that show nothing more.
    family: FamilyView | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats at the table, E first in turn order (the keys of every per-seat mapping)."""
        return _SEATS_AT_TABLE[len(self.hand_sizes)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "rules": self.rules,
            "options": dict(self.options),
            "seats": list(self.seats),
            "round_wind": self.round_wind,
            "players": dict(self.players),
            "scores": dict(self.scores),
            "phase": self.phase.value,
            "turn": self.turn,
            "to_act": list(self.to_act),
            "hand": tiles_text(self.hand),
            "drawn": tile_text(self.drawn) if self.drawn is not None else None,
            "melds": {seat: [_meld_dict(m) for m in melds] for seat, melds in self.melds.items()},
            "bonus": {seat: tiles_text(tiles) for seat, tiles in self.bonus.items()},
            "discards": {seat: _discards_text(tiles) for seat, tiles in self.discards.items()},
            "hand_sizes": dict(self.hand_sizes),
            "live_wall": self.live_wall,
            "replacement_tiles": self.replacement_tiles,
            "claim_tile": tile_text(self.claim_tile) if self.claim_tile is not None else None,
            "claim_from": self.claim_from,
            "dead": list(self.dead),
            "legal_actions": [action.to_dict() for action in self.legal_actions],
            "family": None if self.family is None else self.family.to_dict(),
        }


# A discard pile changes by one tile a turn, and every observation of the hand writes all of them: the
# texts of the piles already written are kept (a pile is a tuple, its own key), a bounded number.
_DISCARD_TEXTS: dict[tuple[Tile, ...], str] = {}


def _discards_text(tiles: tuple[Tile, ...]) -> str:
    text = _DISCARD_TEXTS.get(tiles)
    if text is None:
        if len(_DISCARD_TEXTS) >= 4096:
            _DISCARD_TEXTS.clear()
        text = _DISCARD_TEXTS[tiles] = tiles_in_order_text(tiles)
    return text


# The same for sets: a set never changes once declared (a pung becoming a kong is a new Meld).
_MELD_TEXTS: dict[Meld, tuple[str, str]] = {}


def _meld_dict(meld: Meld) -> dict[str, Any]:
    texts = _MELD_TEXTS.get(meld)
    if texts is None:
        if len(_MELD_TEXTS) >= 4096:
            _MELD_TEXTS.clear()
        texts = _MELD_TEXTS[meld] = (meld.kind.value, tiles_text(meld.tiles))
    return {"kind": texts[0], "tiles": texts[1], "open": meld.open, "from": meld.source}


# Observation is built for every decision a bot takes. A frozen dataclass's ``__init__`` sets each
# field through ``object.__setattr__``; the slot descriptors set them directly, in well under half the
# time. Observation has no ``__post_init__``, so the value made is the same.
_OBSERVATION_SETTERS = tuple(getattr(Observation, name).__set__ for name in Observation.__slots__)


def _make_observation(*values: Any) -> Observation:
    """``Observation(*values)``, faster: the values in field order."""
    observation = object.__new__(Observation)
    for set_field, value in zip(_OBSERVATION_SETTERS, values, strict=True):
        set_field(observation, value)
    return observation


# _TILE_RUNS[t][n] is n copies of tile kind t: a sorted hand is built from the kinds it holds
# (about ten), not by walking all 34 counts in a nested generator.
_TILE_RUNS = tuple(tuple((kind,) * n for n in range(5)) for kind in KINDS)
_KIND_NUMBERS = range(34)


def _sorted_tiles(counts: Sequence[int]) -> tuple[Tile, ...]:
    """The tiles a 34-count vector holds, sorted (no bonus tiles)."""
    tiles: list[Tile] = []
    for kind in compress(_KIND_NUMBERS, counts):
        tiles += _TILE_RUNS[kind][counts[kind]]
    return tuple(tiles)


def _by_seat(parts: Sequence[Any]) -> MappingProxyType[str, Any]:
    """A read-only seat -> value mapping (shared between observations, so it must not be mutable)."""
    return MappingProxyType({"E": parts[0], "S": parts[1], "W": parts[2], "N": parts[3]})


def _by_three_seats(parts: Sequence[Any]) -> MappingProxyType[str, Any]:
    """:func:`_by_seat` at the three-player table: E, S, W."""
    return MappingProxyType({"E": parts[0], "S": parts[1], "W": parts[2]})


_BY_SEAT = {4: _by_seat, 3: _by_three_seats}


@dataclass(frozen=True, slots=True)
class TableView:
    """The referee's view: where every tile is. For tests, tools and replays, never for players."""

    wall: tuple[Tile, ...]  # still to be taken, in taking order (front first)
    hands: Mapping[str, tuple[Tile, ...]]
    melds: Mapping[str, tuple[Meld, ...]]
    bonus: Mapping[str, tuple[Tile, ...]]
    discards: Mapping[str, tuple[Tile, ...]]

    def all_tiles(self) -> list[Tile]:
        tiles = list(self.wall)
        for seat in self.hands:  # the seats at the table
            tiles.extend(self.hands[seat])
            for meld in self.melds[seat]:
                tiles.extend(meld.tiles)
            tiles.extend(self.bonus[seat])
            tiles.extend(self.discards[seat])
        return tiles


class Views(HandBase):
    """The observations and the referee's view of a hand."""

    __slots__ = ()

    def observation(self, seat: str) -> Observation:
        """What ``seat`` sees now (see :class:`Observation`).

        Bots ask for one at every decision, so the parts that rarely change (the options, names and
        totals, the melds, bonus tiles, discard piles, dead hands) are kept as read-only mappings
        and tuples between calls and shared by the observations that show them."""
        index = self._seat_index.get(seat)
        if index is None:
            raise ValueError(self._unknown_seat(seat))
        phase = self._phase
        turn = self._turn
        fixed = self._fixed_view
        if fixed is None:
            # The options, the players and the totals before the hand do not change during a hand.
            fixed = self._fixed_view = (
                MappingProxyType(dict(self._given_options)),
                MappingProxyType(dict(self.players)),
                MappingProxyType(dict(self.totals)),
            )
        melds = self._melds_view
        by_seat = self._by_seat
        if melds is None:
            melds = self._melds_view = by_seat([tuple(m) for m in self._melds])
        bonus = self._bonus_view
        if bonus is None:
            bonus = self._bonus_view = by_seat([tuple(b) for b in self._bonus])
        discards = self._discards_view
        if discards is None:
            discards = self._discards_view = by_seat([tuple(p) for p in self._piles])
        dead = self._dead_view
        if dead is None:
            dead = self._dead_view = tuple(SEATS[s] for s in sorted(self._dead))
        logged = len(self._events)
        counted = self._counts_view
        if counted is None or counted[0] != logged:
            wall = self._wall
            counted = self._counts_view = (logged, by_seat(self._hand_sizes), wall.live, wall.replacements)
        drawn = None
        claim_tile = None
        claim_from = None
        if phase is Phase.TURN:
            to_act: tuple[str, ...] = (SEATS[turn],)
            if turn == index:
                if self._drawn is not None:
                    drawn = KINDS[self._drawn]
                actions = self._turn_actions
                if actions is None:
                    actions = self._turn_actions = self._compute_turn_actions()
                legal = tuple(actions)
            else:
                legal = ()
        elif phase is Phase.OVER:
            to_act = legal = ()
        else:
            # Who else is asked about the open tile would tell what they hold: a seat only learns
            # whether the table waits for its own decision.
            if index in self._waiting:
                to_act = (seat,)
                legal = tuple(self._options_by_seat.get(index, ()))
            else:
                to_act = legal = ()
            if self._claim_tile is not None:
                claim_tile = KINDS[self._claim_tile]
            claim_from = SEATS[turn]
        return _make_observation(
            seat,
            self.rules,
            fixed[0],
            self.round_wind,
            fixed[1],
            fixed[2],
            phase,
            SEATS[turn],
            to_act,
            _sorted_tiles(self._counts[index]),
            drawn,
            melds,
            bonus,
            discards,
            counted[1],
            counted[2],
            counted[3],
            claim_tile,
            claim_from,
            dead,
            legal,
            None,
        )

    def seat_events(self, seat: str | None, start: int = 0) -> list[dict[str, Any]]:
        """The log from event ``start`` as ``seat`` sees it live (None: a spectator; see
        :func:`~sparrow.game.events.seat_view`)."""
        events = self._events[start:]
        return list(spectator_view(events, trusted=True) if seat is None else seat_view(events, seat, trusted=True))

    def table_view(self) -> TableView:
        """Where every tile is (the referee's view, for tests and tools), by the seats at the table."""
        seats = range(len(self._seats))
        return TableView(
            wall=tuple(self._wall.remaining_tiles()),
            hands={SEATS[s]: _sorted_tiles(self._counts[s]) for s in seats},
            melds={SEATS[s]: tuple(self._melds[s]) for s in seats},
            bonus={SEATS[s]: tuple(self._bonus[s]) for s in seats},
            discards={SEATS[s]: tuple(self._piles[s]) for s in seats},
        )
