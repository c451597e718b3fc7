"""One hand of play as a state machine.

A :class:`HandState` is created from a ruleset name, options and a seed (the seed shuffles the tiles and
rolls the dice), or from a ``hand_start`` event, which records the whole wall. It deals, sets out and
replaces bonus tiles, and then waits for players' decisions:

* ``turn``: one seat holds its full hand after drawing (or after claiming) and must discard, declare a
  kong (only after a draw) or win (only after a draw);
* ``claims``: a tile has just been discarded, and every seat that could do something with it (win, kong,
  pung, or chow from the player on its left) is asked; the decisions are settled by priority (win >
  pung/kong > chow; among several wins, the seat nearest in turn after the discarder);
* ``rob``: a tile was just added to an exposed pung, and the seats that could win on it are asked;
* ``over``: the hand is won or the live wall is exhausted; :attr:`HandState.result` says how it ended.

Four seats play, E, S, W, N, or three (E, S, W) at HKOS's three-player table: :attr:`HandState.seats`
and ``Observation.seats`` say which, and every per-seat mapping holds exactly those seats.

``legal_actions(seat)`` lists what a seat may do now and ``apply(action)`` does it, **in place**
(it returns the same state, for chaining; :meth:`HandState.copy` takes a snapshot first when you need
the old one). An illegal action raises a subclass of
:class:`~sparrow.game.actions.IllegalActionError` and changes nothing. Drawing, bonus tiles and
replacement draws happen by themselves. Every step is appended to :attr:`HandState.events`, the game
log of ``shared/spec/game-log.md``; :func:`sparrow.game.replay.replay` rebuilds the state from it.

Every win is scored by the ruleset, and only a valid score is a legal win. Where the rules say so (NTS),
a claim to win that is not a legal win makes the hand dead instead: the claim is logged as
``false_win``, play goes on, and that seat can no longer win (it only draws and discards) and scores 0.
Under the other families such a claim is refused with :class:`~sparrow.game.actions.InvalidWinError`.

Decisions taken where the sources are silent (see ``docs/engine.md``):

* once the live wall is empty, the last discard may only be claimed to win;
* a kong (claimed or declared) needs a replacement tile to be left: under the HKOS reserve, a live tile
  to take its place, so the reserve of 14 is never broken into (a flower drawn when no live tile is
  left is set out and not replaced, and the hand is drawn);
* a tile may be added to an exposed pung on your own turn after a draw (any matching tile you hold),
  never after a claim and never from a discard;
* a dead hand only draws and discards;
* a win on a flower replacement that follows a kong replacement counts as a win on the kong replacement;
* bonus tiles at the deal are set out in passes, E, S, W, N, each seat replacing the ones it holds; a
  replacement that is itself a bonus tile is replaced at once under NTS (seed 000) and waits for the
  seat's next pass under the other families (``TableRules.bonus_chain``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import compress
from types import MappingProxyType
from typing import Any

from sparrow.core.analysis import shanten
from sparrow.core.hand import Meld, MeldKind
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import KINDS, SEATS, Tile, TileError, parse_tiles
from sparrow.game import actions as _actions
from sparrow.game.actions import (
    Action,
    ActionKind,
    HandOverError,
    InvalidClaimError,
    InvalidWinError,
    NotYourTurnError,
    TileNotHeldError,
    WrongMomentError,
)
from sparrow.game.events import tile_text, tiles_in_order_text, tiles_text
from sparrow.game.procedures import Procedure, procedure
from sparrow.game.wall import Roll, Wall, count_seats, draw_order, roll_dice, shuffled_set
from sparrow.rules import Ruleset, ScoreResult, Settlement, get_ruleset

__all__ = ["Phase", "HandState", "HandResult", "Observation", "TableView", "HandSetupError"]

_DISCARDS = _actions.DISCARDS
_CONCEALED_KONGS = _actions.CONCEALED_KONGS
_ADDED_KONGS = _actions.ADDED_KONGS
_CHOWS = _actions.CHOWS
_WINS = _actions.WINS
_PASSES = _actions.PASSES
_PUNGS = _actions.PUNGS
_KONGS = _actions.KONGS

_WIN_BY_DRAW = {"dealt": "self_draw", "live": "self_draw", "flower": "flower_replacement", "kong": "kong_replacement"}
_NEXT_WIND = {"E": "S", "S": "W", "W": "N", "N": "E"}
_SEAT_INDEX = {seat: index for index, seat in enumerate(SEATS)}
_DEFAULT_PLAYERS = {"E": "East", "S": "South", "W": "West", "N": "North"}
# Per number of seats at the table: seat name -> index (only the seats present), and for each seat the
# others in turn order after it, nearest first (so [0] is the next seat, [-1] the one before).
_SEAT_INDEXES = {n: {SEATS[i]: i for i in range(n)} for n in (3, 4)}
_SEATS_AT_TABLE = {n: SEATS[:n] for n in (3, 4)}
_TURN_ORDERS = {n: tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) for n in (3, 4)}


class Phase(StrEnum):
    TURN = "turn"
    CLAIMS = "claims"
    ROB = "rob"
    OVER = "over"

    def __str__(self) -> str:
        return self.value


class HandSetupError(ValueError):
    """A hand cannot be set up from what was given (a malformed ``hand_start``, an unknown player seat...)."""


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a hand ended. ``scores`` and ``payments`` are by seat wind of this hand."""

    winner: str | None
    discarder: str | None  # who paid for the winning tile: the discarder, or the robbed player
    win_by: str | None
    situation: HandSituation | None
    score: ScoreResult | None
    scores: Mapping[str, int]
    payments: Mapping[str, int]
    next_dealer: str
    next_round_wind: str | None
    dead: tuple[str, ...] = ()

    @property
    def exhausted(self) -> bool:
        """A drawn hand: the live wall ran out before anybody won."""
        return self.winner is None

    @property
    def self_drawn(self) -> bool:
        return self.win_by in ("self_draw", "kong_replacement", "flower_replacement")


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

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats at the table, E first in turn order (the keys of every per-seat mapping)."""
        return _SEATS_AT_TABLE[len(self.hand_sizes)]

    def to_dict(self) -> dict[str, Any]:
        def meld_dict(meld: Meld) -> dict[str, Any]:
            return {"kind": meld.kind.value, "tiles": tiles_text(meld.tiles), "open": meld.open, "from": meld.source}

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
            "melds": {seat: [meld_dict(m) for m in melds] for seat, melds in self.melds.items()},
            "bonus": {seat: tiles_text(tiles) for seat, tiles in self.bonus.items()},
            "discards": {seat: tiles_in_order_text(tiles) for seat, tiles in self.discards.items()},
            "hand_sizes": dict(self.hand_sizes),
            "live_wall": self.live_wall,
            "replacement_tiles": self.replacement_tiles,
            "claim_tile": tile_text(self.claim_tile) if self.claim_tile is not None else None,
            "claim_from": self.claim_from,
            "dead": list(self.dead),
            "legal_actions": [action.to_dict() for action in self.legal_actions],
        }


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


def _by_seat(parts: Sequence[Any]) -> MappingProxyType:
    """A read-only seat -> value mapping (shared between observations, so it must not be mutable)."""
    return MappingProxyType({"E": parts[0], "S": parts[1], "W": parts[2], "N": parts[3]})


def _by_three_seats(parts: Sequence[Any]) -> MappingProxyType:
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


class HandState:
    """One hand of play. See the module docstring."""

    __slots__ = (
        "rules",
        "options",
        "seed",
        "round_wind",
        "players",
        "totals",
        "hand_number",
        "deal_passes",
        "procedure",
        "_seats",  # the seats at the table: SEATS, or E, S, W for three players
        "_seat_index",  # seat name -> index, for the seats at the table only
        "_order_from",  # per seat, the other seats in turn order after it, nearest first
        "_by_seat",  # builds a read-only seat -> value mapping of the seats at the table
        "_given_options",
        "_ruleset",
        "_forms",
        "_fast_shape",
        "_wall",
        "_counts",
        "_melds",
        "_bonus",
        "_piles",
        "_visible",
        "_dead",
        "_phase",
        "_turn",
        "_drawn",
        "_draw_kind",
        "_last_tile",
        "_may_kong",
        "_kongs_in_turn",
        "_claim_tile",
        "_after_last",
        "_waiting",
        "_declared",
        "_options_by_seat",
        "_turn_actions",
        "_wins",
        "_ready",
        "_discards_made",
        "_first_round",
        "_turns",
        "_events",
        "_result",
        # Read-only parts of the observations, kept between calls (None: to be rebuilt). Every place
        # that changes the melds, bonus tiles, discard piles or dead hands resets the matching one;
        # hand sizes and wall counts are keyed on the length of the log, since every tile that moves is logged.
        "_hand_sizes",  # concealed tiles per seat (the sum of its counts), kept up to date as they change
        "_fixed_view",
        "_melds_view",
        "_bonus_view",
        "_discards_view",
        "_dead_view",
        "_counts_view",
    )

    def __init__(
        self,
        rules: str,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        round_wind: str | None = None,
        players: Mapping[str, str] | None = None,
        totals: Mapping[str, int] | None = None,
        hand_number: int = 0,
        deal_passes: int = 0,
        rolls: Sequence[Roll] = (),
    ) -> None:
        """Shuffle and build the walls from ``seed``, roll for the break (and in NTS for the prevailing
        wind, unless ``round_wind`` is given), deal, and set out the bonus tiles.

        ``HandState("hkos", seed=7)``, ``HandState("hkos", {"practice": True}, 7)``. ``players`` maps
        the seats to names; ``totals`` are the running table scores before the hand (by seat); ``rolls``
        are dice rolled before the hand (choosing East at the start of a match), recorded in
        ``hand_start``."""
        if options is not None and not isinstance(options, Mapping):
            raise HandSetupError(f"options must be an object of named options, got {options!r} (the seed is seed=...)")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise HandSetupError(f"a hand needs a whole-number seed, got {seed!r}")
        proc = procedure(rules, options)
        seat_count = len(proc.seats)
        rng = random.Random(seed)
        physical = shuffled_set(rng, proc.tiles)
        all_rolls = list(rolls)
        if round_wind is None and proc.round_wind == "dice":
            dice = roll_dice(rng, 2)
            all_rolls.append(Roll("prevailing_wind", dice, seat="E"))
            round_wind = SEATS[count_seats(0, sum(dice), seat_count)]
        round_wind = _check_wind(round_wind or "E", "round_wind")
        roller = _SEAT_INDEX[round_wind] if proc.break_roller == "prevailing_wind" else 0
        dice = roll_dice(rng, proc.table.break_dice)
        all_rolls.append(Roll("break", dice, seat=SEATS[roller]))
        wall = draw_order(physical, count_seats(roller, sum(dice), seat_count), sum(dice), seat_count)
        self._setup(proc, options, seed, round_wind, players, totals, hand_number, deal_passes, wall, all_rolls)

    @classmethod
    def from_hand_start(cls, event: Mapping[str, Any]) -> HandState:
        """Set up the hand a ``hand_start`` event describes (the wall as recorded; no randomness)."""
        if not isinstance(event, Mapping) or event.get("event") != "hand_start":
            raise HandSetupError("a hand starts from a hand_start event")
        rules = event.get("rules")
        if not isinstance(rules, str):
            raise HandSetupError(f"hand_start.rules must be a ruleset name, got {rules!r}")
        options = event.get("options") or {}
        if not isinstance(options, Mapping):
            raise HandSetupError(f"hand_start.options must be an object of named options, got {options!r}")
        for name in ("hand_number", "deal_passes"):
            value = event.get(name, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise HandSetupError(f"hand_start.{name} must be a whole number >= 0, got {value!r}")
        proc = procedure(rules, options)
        try:
            wall = parse_tiles(event.get("wall", ""), as_set=True)
        except TileError as error:
            raise HandSetupError(f"hand_start.wall: {error}") from None
        expected = sorted(proc.tiles)
        if sorted(wall) != expected:
            raise HandSetupError(
                f"hand_start.wall must hold every tile of the {proc.tile_count}-tile set once, it holds {len(wall)} tiles"
            )
        dice = event.get("dice") or []
        try:
            rolls = [Roll.from_dict(roll) for roll in dice]
        except (KeyError, TypeError, AttributeError):
            raise HandSetupError("hand_start.dice must be a list of rolls {purpose, dice, seat}") from None
        state = cls.__new__(cls)
        state._setup(
            proc,
            options,
            event.get("seed"),
            _check_wind(event.get("round_wind"), "round_wind"),
            event.get("players"),
            event.get("totals"),
            event.get("hand_number", 0),
            event.get("deal_passes", 0),
            wall,
            rolls,
        )
        return state

    def _setup(
        self,
        proc: Procedure,
        options: Mapping[str, Any] | None,
        seed: Any,
        round_wind: str,
        players: Mapping[str, str] | None,
        totals: Mapping[str, int] | None,
        hand_number: int,
        deal_passes: int,
        wall_order: Sequence[Tile],
        rolls: Sequence[Roll],
    ) -> None:
        ruleset: Ruleset = get_ruleset(proc.rules)
        self.rules = proc.rules
        self._given_options = dict(options or {})
        self.options = ruleset.resolve_options(self._given_options)
        self.seed = seed
        self.round_wind = round_wind
        seats = proc.seats
        count = len(seats)
        self._seats = seats
        self._seat_index = _SEAT_INDEXES[count]
        self._order_from = _TURN_ORDERS[count]
        self._by_seat = _BY_SEAT[count]
        self.players = _check_players(players, seats)
        self.totals = _check_totals(totals, seats)
        self.hand_number = hand_number
        self.deal_passes = deal_passes
        self.procedure = proc
        self._ruleset = ruleset
        self._forms = ruleset.forms(self.options)
        # Families that keep the default shapes are checked with the shanten tables directly, which
        # is the hot path of the whole engine; the others (NTS snakes...) through their own hook.
        self._fast_shape = type(ruleset).is_complete is Ruleset.is_complete
        self._wall = Wall(wall_order, proc.table.dead_wall)
        self._counts = [[0] * 34 for _ in range(count)]
        self._melds: list[list[Meld]] = [[] for _ in range(count)]
        self._bonus: list[list[Tile]] = [[] for _ in range(count)]
        self._piles: list[list[Tile]] = [[] for _ in range(count)]
        self._visible = [0] * 34
        self._dead: set[int] = set()
        self._waiting: list[int] = []
        self._declared: dict[int, Action] = {}
        self._options_by_seat: dict[int, list[Action]] = {}
        self._turn_actions: list[Action] | None = None
        self._wins: dict[int, tuple[HandSituation, ScoreResult]] = {}
        self._ready: list[bool | None] = [None] * count
        self._claim_tile: int | None = None
        self._after_last = False
        self._discards_made = 0
        self._first_round = True
        self._turns = 1  # East's first turn, on the dealt hand
        self._kongs_in_turn = 0
        self._result: HandResult | None = None
        self._fixed_view: tuple[Mapping[str, Any], Mapping[str, str], Mapping[str, int]] | None = None
        self._melds_view: Mapping[str, tuple[Meld, ...]] | None = None
        self._bonus_view: Mapping[str, tuple[Tile, ...]] | None = None
        self._discards_view: Mapping[str, tuple[Tile, ...]] | None = None
        self._dead_view: tuple[str, ...] | None = None
        self._counts_view: tuple[int, Mapping[str, int], int, int] | None = None
        self._events: list[dict[str, Any]] = [
            {
                "event": "hand_start",
                "rules": self.rules,
                "options": dict(self._given_options),
                "seed": seed,
                "round_wind": round_wind,
                "dealer": "E",
                "players": dict(self.players),
                "dice": [roll.to_dict() for roll in rolls],
                "wall": tiles_in_order_text(wall_order),
                "totals": dict(self.totals),
                "hand_number": hand_number,
                "deal_passes": deal_passes,
            }
        ]
        hands = self._wall.deal(count)
        self._events.append({"event": "deal", "hands": {SEATS[s]: tiles_text(hands[s]) for s in range(count)}})
        last_received = [hand[-1] for hand in hands]
        # Bonus tiles: in passes E, S, W, N, each seat setting out what it holds and drawing replacements.
        # A replacement that is a bonus tile again is replaced at once ("immediate") or on the seat's
        # next pass ("next_pass"), as the family's table rules say.
        immediate = proc.table.bonus_chain == "immediate"
        holding = [[t for t in hand if t >= 34] for hand in hands]
        while any(holding):
            for seat in range(count):
                flowers, holding[seat] = holding[seat], []
                for flower in flowers:
                    tile = flower
                    while True:
                        hands[seat].remove(tile)
                        self._bonus[seat].append(tile)
                        replacement = self._wall.draw_replacement()
                        self._events.append(
                            {
                                "event": "bonus",
                                "seat": SEATS[seat],
                                "tile": tile_text(tile),
                                "replacement": tile_text(replacement),
                            }
                        )
                        hands[seat].append(replacement)
                        last_received[seat] = replacement
                        if replacement < 34:
                            break
                        if not immediate:
                            holding[seat].append(replacement)
                            break
                        tile = replacement
        for seat in range(count):
            counts = self._counts[seat]
            for tile in hands[seat]:
                counts[tile] += 1
        self._hand_sizes = [len(hand) for hand in hands]
        self._start_turn(0, last_received[0], "dealt", False)

    # ------------------------------------------------------------------ public reading

    @property
    def events(self) -> list[dict[str, Any]]:
        """The game log so far (plain JSON-able dicts; do not mutate them)."""
        return self._events

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.OVER

    @property
    def result(self) -> HandResult | None:
        """How the hand ended, once it is over."""
        return self._result

    @property
    def turn(self) -> str:
        """The seat whose turn it is (or that discarded / added the tile now open to claims)."""
        return SEATS[self._turn]

    @property
    def to_act(self) -> list[str]:
        """The seats the table is waiting for, nearest in turn first."""
        phase = self._phase
        if phase is Phase.TURN:
            return [SEATS[self._turn]]
        if phase is Phase.OVER:
            return []
        return [SEATS[s] for s in self._waiting]

    @property
    def turns(self) -> int:
        """Turns taken so far (each draw or claim that gives a seat the turn counts one)."""
        return self._turns

    @property
    def live_wall(self) -> int:
        return self._wall.live

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats at the table: E, S, W, N, or E, S, W in HKOS's three-player game."""
        return self._seats

    def legal_actions(self, seat: str) -> list[Action]:
        """What ``seat`` may do now (empty when the table is not waiting for it)."""
        index = self._seat_index.get(seat)
        if index is None:
            raise ValueError(self._unknown_seat(seat))
        phase = self._phase
        if phase is Phase.TURN:
            if index != self._turn:
                return []
            actions = self._turn_actions
            if actions is None:
                actions = self._turn_actions = self._compute_turn_actions()
            return list(actions)
        if phase is Phase.OVER:
            return []
        options = self._options_by_seat.get(index)
        if options is None or index not in self._waiting:
            return []
        return list(options)

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
        )

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

    def _unknown_seat(self, seat: Any) -> str:
        if seat in SEATS:
            return f"there is no {seat} seat at this table (seats: {', '.join(self._seats)})"
        return f"unknown seat {seat!r} (expected one of {', '.join(self._seats)})"

    def copy(self) -> HandState:
        """An independent snapshot (events are shared read-only dicts; the lists are new)."""
        other = HandState.__new__(HandState)
        for name in HandState.__slots__:
            setattr(other, name, getattr(self, name))
        other._wall = self._wall.copy()
        other._counts = [list(c) for c in self._counts]
        other._hand_sizes = list(self._hand_sizes)
        other._melds = [list(m) for m in self._melds]
        other._bonus = [list(b) for b in self._bonus]
        other._piles = [list(p) for p in self._piles]
        other._visible = list(self._visible)
        other._dead = set(self._dead)
        other._waiting = list(self._waiting)
        other._declared = dict(self._declared)
        other._options_by_seat = dict(self._options_by_seat)
        other._wins = dict(self._wins)
        other._ready = list(self._ready)
        other._events = list(self._events)
        return other

    def __repr__(self) -> str:
        return (
            f"<HandState {self.rules} seed={self.seed!r} {self._phase.value} turn={SEATS[self._turn]} "
            f"live={self._wall.live} events={len(self._events)}>"
        )

    # ------------------------------------------------------------------ acting

    def apply(self, action: Action) -> HandState:
        """Play ``action`` (in place) and return this state. Raises an :class:`IllegalActionError`
        subclass, leaving the state unchanged, when the action is not allowed now."""
        if not isinstance(action, Action):
            raise TypeError(f"apply() takes an Action, got {type(action).__name__}")
        phase = self._phase
        if phase is Phase.OVER:
            raise HandOverError(action, "the hand is over")
        seat = self._seat_index.get(action.seat)
        if seat is None:
            raise NotYourTurnError(action, self._unknown_seat(action.seat))
        kind = action.kind
        if phase is Phase.TURN:
            if seat != self._turn:
                raise NotYourTurnError(action, f"it is {SEATS[self._turn]}'s turn")
            if kind is ActionKind.DISCARD:
                self._discard(action, seat)
            elif kind is ActionKind.WIN:
                self._self_drawn_win(action, seat)
            elif kind is ActionKind.CONCEALED_KONG or kind is ActionKind.ADDED_KONG:
                self._declare_kong(action, seat)
            else:
                raise WrongMomentError(action, f"on your own turn you discard, declare a kong or win, not {kind}")
            return self
        # claims or rob: decisions on a tile offered to the table
        if kind is ActionKind.DISCARD or kind is ActionKind.CONCEALED_KONG or kind is ActionKind.ADDED_KONG:
            what = "a discard is being claimed" if phase is Phase.CLAIMS else "a kong is being robbed"
            raise WrongMomentError(action, f"{what}; it is nobody's turn to {kind.value.replace('_', ' ')}")
        if seat == self._turn:
            if phase is Phase.CLAIMS:
                raise InvalidClaimError(action, "you cannot claim your own discard")
            raise InvalidClaimError(action, "you cannot rob your own kong")
        if seat in self._declared:
            raise NotYourTurnError(action, "you have already decided on this tile")
        if seat in self._dead:
            raise WrongMomentError(action, "your hand is dead: you only draw and discard")
        if phase is Phase.ROB and kind is not ActionKind.WIN and kind is not ActionKind.PASS:
            raise WrongMomentError(action, "an added kong can only be robbed to win, or passed")
        if kind is ActionKind.WIN:
            self._declare_win_on_tile(action, seat)
            return self
        if kind is not ActionKind.PASS:
            self._check_claim(action, seat)
        if seat not in self._waiting:
            if kind is ActionKind.PASS:
                raise NotYourTurnError(action, "the table is not waiting for your decision")
            raise NotYourTurnError(action, "you cannot claim this tile")
        self._declared[seat] = action
        self._waiting.remove(seat)
        if not self._waiting:
            self._resolve()
        return self

    # -- own turn

    def _discard(self, action: Action, seat: int) -> None:
        tile = action.tile
        counts = self._counts[seat]
        if not counts[tile]:
            raise TileNotHeldError(action, f"{SEATS[seat]} does not hold {tile}")
        counts[tile] -= 1
        self._hand_sizes[seat] -= 1
        self._piles[seat].append(tile)
        self._discards_view = None
        self._visible[tile] += 1
        self._discards_made += 1
        self._ready[seat] = None
        self._events.append({"event": "discard", "seat": SEATS[seat], "tile": tile_text(tile)})
        self._open_claims(seat, tile)

    def _declare_kong(self, action: Action, seat: int) -> None:
        tile = action.tile
        counts = self._counts[seat]
        if not self._may_kong:
            raise WrongMomentError(action, "a kong is declared after a draw, not after claiming a discard")
        if seat in self._dead:
            raise WrongMomentError(action, "your hand is dead: you only draw and discard")
        if action.kind is ActionKind.CONCEALED_KONG:
            if counts[tile] != 4:
                raise TileNotHeldError(
                    action, f"a concealed kong needs all four {tile}, {SEATS[seat]} holds {counts[tile]}"
                )
        else:
            if not counts[tile]:
                raise TileNotHeldError(action, f"{SEATS[seat]} does not hold {tile}")
            if self._pung_index(seat, tile) is None:
                raise TileNotHeldError(action, f"{SEATS[seat]} has no exposed pung of {tile} to add it to")
        if not self._wall.can_replace():
            raise InvalidClaimError(action, self._no_replacement())
        self._kongs_in_turn += 1
        self._first_round = False
        self._ready[seat] = None
        if action.kind is ActionKind.CONCEALED_KONG:
            counts[tile] = 0
            self._hand_sizes[seat] -= 4
            self._visible[tile] += 4
            meld = Meld(MeldKind.KONG, (tile, tile, tile, tile), False)
            self._melds[seat].append(meld)
            self._melds_view = None
            self._events.append({"event": "kong", "seat": SEATS[seat], "kind": "concealed", "tiles": _kong_text(tile)})
            self._draw(seat, replacement=True)
            return
        counts[tile] -= 1
        self._hand_sizes[seat] -= 1
        self._visible[tile] += 1
        index = self._pung_index(seat, tile)
        pung = self._melds[seat][index]
        self._melds[seat][index] = Meld(MeldKind.KONG, (tile, tile, tile, tile), True, pung.source)
        self._melds_view = None
        self._events.append({"event": "kong", "seat": SEATS[seat], "kind": "added", "tiles": _kong_text(tile)})
        if self.procedure.table.rob_added_kong and self._open_rob(seat, tile):
            return
        self._draw(seat, replacement=True)

    def _self_drawn_win(self, action: Action, seat: int) -> None:
        win = self._wins.get(seat)
        if win is None and self._turn_actions is None:
            self._turn_actions = self._compute_turn_actions()
            win = self._wins.get(seat)
        if win is not None:
            situation, result = win
            self._finish_win(seat, None, situation, result)
            return
        if seat in self._dead:
            raise WrongMomentError(action, "your hand is dead: you cannot win this hand")
        if self._drawn is None:
            reason = "you can only win on your own turn after a draw (you claimed a discard)"
            raise WrongMomentError(action, reason)
        reason = self._why_not_a_win(seat, self._drawn, self._win_by_draw(), self._draw_moments(seat), extra=False)
        self._false_win(action, seat, reason)

    def _false_win(self, action: Action, seat: int, reason: str) -> None:
        if self.procedure.table.false_win != "dead_hand":
            raise InvalidWinError(action, reason)
        self._dead.add(seat)
        self._dead_view = None
        self._events.append({"event": "false_win", "seat": SEATS[seat], "reason": reason})
        # Only this seat's options change: the others' wins on an open tile still stand.
        self._wins.pop(seat, None)
        self._turn_actions = None
        if seat in self._waiting:
            self._waiting.remove(seat)
            self._options_by_seat.pop(seat, None)
            if not self._waiting:
                self._resolve()

    # -- claims on a discard, robbing a kong

    def _declare_win_on_tile(self, action: Action, seat: int) -> None:
        if seat in self._wins:  # a legal win is always among the seat's options, so it is waited for
            self._declared[seat] = action
            self._waiting.remove(seat)
            if not self._waiting:
                self._resolve()
            return
        tile = self._claim_tile
        win_by = "discard" if self._phase is Phase.CLAIMS else "robbing_kong"
        reason = self._why_not_a_win(seat, tile, win_by, self._claim_moments(seat, win_by), extra=True)
        self._false_win(action, seat, reason)

    def _check_claim(self, action: Action, seat: int) -> None:
        """Raise the specific error for a chow, pung or kong that cannot be made on the open discard."""
        tile = self._claim_tile
        counts = self._counts[seat]
        discarder = self._turn
        kind = action.kind
        if self._wall.live == 0:
            raise InvalidClaimError(action, "the live wall is empty: the last discard can only be claimed to win")
        if kind is ActionKind.CHOW:
            if not self.procedure.table.chow:
                raise InvalidClaimError(action, "chows are not played under these rules")
            if seat != self._order_from[discarder][0]:
                raise InvalidClaimError(
                    action,
                    f"a chow may only be claimed from the player on your left ({SEATS[self._order_from[seat][-1]]})",
                )
            low = action.tile
            if not low <= tile <= low + 2:
                raise InvalidClaimError(
                    action, f"the run {tiles_text((low, low + 1, low + 2))} does not use {tile_text(tile)}"
                )
            needed = [t for t in (low, low + 1, low + 2) if t != tile]
            if any(counts[t] == 0 for t in needed):
                raise TileNotHeldError(action, f"the chow needs {tiles_text(needed)} from your hand")
        elif kind is ActionKind.PUNG:
            if counts[tile] < 2:
                raise TileNotHeldError(action, f"a pung needs two {tile_text(tile)} in hand, you hold {counts[tile]}")
        elif kind is ActionKind.KONG:
            if counts[tile] < 3:
                raise TileNotHeldError(action, f"a kong needs three {tile_text(tile)} in hand, you hold {counts[tile]}")
            if not self._wall.can_replace():
                raise InvalidClaimError(action, self._no_replacement())

    def _open_claims(self, discarder: int, tile: int) -> None:
        self._phase = Phase.CLAIMS
        self._claim_tile = tile
        wall = self._wall
        live = wall.live
        self._after_last = live == 0
        self._turn_actions = None
        self._wins = {}
        options_by_seat = self._options_by_seat = {}
        waiting = self._waiting = []
        self._declared = {}
        can_replace = wall.back - wall.front > wall.floor
        order = self._order_from[discarder]
        chow_seat = order[0] if tile < 27 and self.procedure.table.chow else -1
        dead = self._dead
        all_counts = self._counts
        for seat in order:
            if seat in dead:
                continue
            counts = all_counts[seat]
            options: list[Action] = []
            if self._can_win_with(seat, tile):
                win = self._evaluate_win(seat, tile, "discard", self._claim_moments(seat, "discard"))
                if win is not None:
                    self._wins[seat] = win
                    options.append(_WINS[seat])
            if live:
                held = counts[tile]
                if held >= 2:
                    if held == 3 and can_replace:
                        options.append(_KONGS[seat])
                    options.append(_PUNGS[seat])
                if seat == chow_seat:
                    rank = tile % 9
                    chows = _CHOWS[seat]
                    below = counts[tile - 1] if rank >= 1 else 0
                    above = counts[tile + 1] if rank <= 7 else 0
                    if rank >= 2 and below and counts[tile - 2]:
                        options.append(chows[tile - 2])
                    if below and above:
                        options.append(chows[tile - 1])
                    if rank <= 6 and above and counts[tile + 2]:
                        options.append(chows[tile])
            if options:
                options.append(_PASSES[seat])
                options_by_seat[seat] = options
                waiting.append(seat)
        if not waiting:
            self._next_turn(order[0])

    def _open_rob(self, konger: int, tile: int) -> bool:
        self._phase = Phase.ROB
        self._claim_tile = tile
        self._changed()
        options_by_seat = self._options_by_seat = {}
        waiting = self._waiting = []
        self._declared = {}
        for seat in self._order_from[konger]:
            if seat in self._dead or not self._can_win_with(seat, tile):
                continue
            win = self._evaluate_win(seat, tile, "robbing_kong", self._claim_moments(seat, "robbing_kong"))
            if win is not None:
                self._wins[seat] = win
                options_by_seat[seat] = [_WINS[seat], _PASSES[seat]]
                waiting.append(seat)
        if not waiting:
            self._phase = Phase.TURN
            return False
        return True

    def _resolve(self) -> None:
        """Settle the decisions on the open tile by priority, once every seat asked has spoken."""
        offered = self._turn
        declared = self._declared
        order = self._order_from[offered]
        for seat in order:  # the nearest winner in turn after the discarder
            action = declared.get(seat)
            if action is not None and action.kind is ActionKind.WIN:
                situation, result = self._wins[seat]
                self._finish_win(seat, offered, situation, result)
                return
        if self._phase is Phase.ROB:
            self._draw(offered, replacement=True)
            return
        claim = None
        for seat in order:
            action = declared.get(seat)
            if action is not None and action.kind is not ActionKind.PASS:
                if claim is None or (claim.kind is ActionKind.CHOW and action.kind is not ActionKind.CHOW):
                    claim = action
        if claim is None:
            self._next_turn(order[0])
            return
        self._make_claim(claim, offered)

    def _make_claim(self, action: Action, discarder: int) -> None:
        seat = self._seat_index[action.seat]
        tile = self._claim_tile
        counts = self._counts[seat]
        self._piles[discarder].pop()
        self._discards_view = None
        source = SEATS[discarder]
        kind = action.kind
        if kind is ActionKind.CHOW:
            low = action.tile
            run = (low, low + 1, low + 2)
            for t in run:
                if t != tile:
                    counts[t] -= 1
                    self._visible[t] += 1
            meld = Meld(MeldKind.CHOW, tuple(KINDS[t] for t in run), True, source)
        elif kind is ActionKind.PUNG:
            counts[tile] -= 2
            self._visible[tile] += 2
            meld = Meld(MeldKind.PUNG, (KINDS[tile],) * 3, True, source)
        else:
            counts[tile] -= 3
            self._visible[tile] += 3
            meld = Meld(MeldKind.KONG, (KINDS[tile],) * 4, True, source)
        self._melds[seat].append(meld)
        self._melds_view = None
        self._hand_sizes[seat] -= len(meld.tiles) - 1  # the claimed tile came from the discard pile
        self._first_round = False
        self._ready[seat] = None
        self._events.append(
            {
                "event": "claim",
                "seat": SEATS[seat],
                "kind": kind.value,
                "tile": tile_text(tile),
                "from": source,
                "meld": tiles_text(meld.tiles),
            }
        )
        self._turns += 1
        if kind is ActionKind.KONG:
            self._kongs_in_turn = 1
            self._draw(seat, replacement=True)
            return
        self._phase = Phase.TURN
        self._turn = seat
        self._drawn = None
        self._draw_kind = None
        self._last_tile = False
        self._may_kong = False
        self._kongs_in_turn = 0
        self._changed()

    # -- drawing

    def _next_turn(self, seat: int) -> None:
        self._kongs_in_turn = 0
        self._draw(seat, replacement=False)

    def _draw(self, seat: int, replacement: bool) -> None:
        wall = self._wall
        events = self._events
        if replacement:
            if not wall.can_replace():
                self._exhaust()
                return
            from_live = wall.replacement_is_live()
            tile = wall.draw_replacement()
            kind = "kong"
            source = "replacement"
        else:
            if wall.live == 0:
                self._exhaust()
                return
            if seat == 0:
                self._first_round = False  # East's second turn: the first go-round is over
            self._turns += 1
            from_live = True
            tile = wall.draw()
            kind = "live"
            source = "live"
        events.append({"event": "draw", "seat": SEATS[seat], "tile": tile_text(tile), "source": source})
        while tile >= 34:
            self._bonus[seat].append(tile)
            self._bonus_view = None
            if not wall.can_replace():
                events.append({"event": "bonus", "seat": SEATS[seat], "tile": tile_text(tile), "replacement": None})
                self._exhaust()
                return
            from_live = wall.replacement_is_live()
            replacement_tile = wall.draw_replacement()
            events.append(
                {
                    "event": "bonus",
                    "seat": SEATS[seat],
                    "tile": tile_text(tile),
                    "replacement": tile_text(replacement_tile),
                }
            )
            if kind == "live":
                kind = "flower"
            tile = replacement_tile
        self._counts[seat][tile] += 1
        self._hand_sizes[seat] += 1
        self._start_turn(seat, tile, kind, from_live and wall.live == 0)

    def _start_turn(self, seat: int, tile: int, kind: str, last_tile: bool) -> None:
        self._phase = Phase.TURN
        self._turn = seat
        self._drawn = tile
        self._draw_kind = kind
        self._last_tile = last_tile
        self._may_kong = True
        self._changed()

    def _changed(self) -> None:
        self._turn_actions = None
        self._wins = {}

    # -- legal actions on your own turn

    def _compute_turn_actions(self) -> list[Action]:
        seat = self._turn
        counts = self._counts[seat]
        actions: list[Action] = []
        dead = seat in self._dead
        drawn = self._drawn
        if drawn is not None and not dead:
            counts[drawn] -= 1  # the readiness cache describes the hand without the drawn tile
            try:
                winnable = self._can_win_with(seat, drawn)
            finally:
                counts[drawn] += 1
            if winnable:
                win = self._evaluate_win(seat, drawn, self._win_by_draw(), self._draw_moments(seat), extra=False)
                if win is not None:
                    self._wins[seat] = win
                    actions.append(_WINS[seat])
        actions.extend(compress(_DISCARDS[seat], counts))
        wall = self._wall
        if self._may_kong and not dead and wall.back - wall.front > wall.floor:
            if 4 in counts:
                kongs = _CONCEALED_KONGS[seat]
                actions.extend(kongs[tile] for tile in range(34) if counts[tile] == 4)
            for meld in self._melds[seat]:
                if meld.kind is MeldKind.PUNG and counts[meld.tiles[0]]:
                    actions.append(_ADDED_KONGS[seat][meld.tiles[0]])
        return actions

    def _no_replacement(self) -> str:
        if self._wall.floor:
            return "only the reserve is left: no replacement tile for a kong (the live wall is empty)"
        return "no tile is left to replace a kong"

    def _pung_index(self, seat: int, tile: int) -> int | None:
        for index, meld in enumerate(self._melds[seat]):
            if meld.kind is MeldKind.PUNG and meld.tiles[0] == tile:
                return index
        return None

    # -- wins

    def _complete(self, seat: int, counts: list[int]) -> bool:
        """Whether the standing tiles (winning tile included) form a winning shape."""
        if self._fast_shape:
            return shanten(counts, len(self._melds[seat]), self._forms) == -1
        return self._ruleset.is_complete(counts, len(self._melds[seat]), self.options)

    def _can_win_with(self, seat: int, tile: int) -> bool:
        """Whether ``tile`` completes ``seat``'s standing tiles (13, kongs counted as three).

        The answer is prepared once per standing hand (``_ready``, cleared whenever the seat discards,
        claims or declares a kong): whether it is ready at all for the families checked with the
        shanten tables, else the family's own waits."""
        counts = self._counts[seat]
        if counts[tile] >= 4:
            return False
        ready = self._ready[seat]
        if not self._fast_shape:
            if ready is None:
                ready = self._ready[seat] = frozenset(self._ruleset.waits(counts, len(self._melds[seat]), self.options))
            return tile in ready
        if ready is None:
            ready = self._ready[seat] = shanten(counts, len(self._melds[seat]), self._forms) == 0
        if not ready:
            return False
        counts[tile] += 1
        try:
            return self._complete(seat, counts)
        finally:
            counts[tile] -= 1

    def _win_by_draw(self) -> str:
        return _WIN_BY_DRAW[self._draw_kind]

    def _draw_moments(self, seat: int) -> list[str]:
        moments = []
        kind = self._draw_kind
        if kind == "dealt" and seat == 0 and self._kongs_in_turn == 0:
            moments.append("heavenly")
        if self._first_round:
            moments.append("first_round")
        if self._last_tile:
            moments.append("last_tile")
        if kind == "kong" and self._kongs_in_turn >= 2:
            moments.append("kong_on_kong")
        if self._drawn is not None and self._visible[self._drawn] == 3:
            moments.append("fourth_tile")
        return moments

    def _claim_moments(self, seat: int, win_by: str) -> list[str]:
        moments = []
        tile = self._claim_tile
        if win_by == "discard":
            if self._first_round:
                moments.append("first_round")
                if self._discards_made == 1:
                    moments.append("earthly")  # on the dealer's very first discard
            if self._after_last:
                moments.append("last_tile")
        # The open tile itself is counted as visible (in the discard pile or on the kong).
        if self._visible[tile] - 1 == 3:
            moments.append("fourth_tile")
        return moments

    def _situation(self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool) -> HandSituation:
        counts = self._counts[seat]
        concealed = [KINDS[t] for t in range(34) for _ in range(counts[t])]
        if not extra:
            concealed.remove(KINDS[tile])
        return HandSituation(
            rules=self.rules,
            concealed=tuple(concealed),
            melds=tuple(self._melds[seat]),
            winning_tile=KINDS[tile],
            win_by=win_by,
            seat_wind=SEATS[seat],
            round_wind=self.round_wind,
            bonus=tuple(sorted(self._bonus[seat])),
            moments=frozenset(moments),
            options=dict(self._given_options),
        )

    def _evaluate_win(
        self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool = True
    ) -> tuple[HandSituation, ScoreResult] | None:
        """The scored situation when ``seat`` may win with ``tile`` (``extra``: the tile is not in its
        hand yet), or None when the ruleset says it is not a legal win (shape already checked)."""
        situation = self._situation(seat, tile, win_by, moments, extra)
        result = self._ruleset.score(situation)
        return (situation, result) if result.valid else None

    def _why_not_a_win(self, seat: int, tile: int, win_by: str, moments: Sequence[str], extra: bool) -> str:
        counts = self._counts[seat]
        if extra:
            if counts[tile] >= 4:
                return f"{tile_text(tile)} cannot complete a hand that holds four of it"
            counts[tile] += 1
        try:
            complete = self._complete(seat, counts)
        finally:
            if extra:
                counts[tile] -= 1
        if not complete:
            return f"not a winning hand with {tile_text(tile)}"
        result = self._ruleset.score(self._situation(seat, tile, win_by, moments, extra))
        return result.reason or "not a legal win under these rules"

    def _finish_win(self, seat: int, source: int | None, situation: HandSituation, result: ScoreResult) -> None:
        events = self._events
        tile = situation.winning_tile
        if source is not None:
            if self._phase is Phase.CLAIMS:
                self._piles[source].pop()
                self._discards_view = None
                events.append(
                    {
                        "event": "claim",
                        "seat": SEATS[seat],
                        "kind": "win",
                        "tile": tile_text(tile),
                        "from": SEATS[source],
                        "meld": None,
                    }
                )
            else:  # robbing: the added kong goes back to being a pung
                melds = self._melds[source]
                for index, meld in enumerate(melds):
                    if meld.kind is MeldKind.KONG and meld.open and meld.tiles[0] == tile:
                        melds[index] = Meld(MeldKind.PUNG, (tile, tile, tile), True, meld.source)
                        self._melds_view = None
                        break
                events.append({"event": "rob", "seat": SEATS[seat], "from": SEATS[source], "tile": tile_text(tile)})
            self._visible[tile] -= 1
            self._counts[seat][tile] += 1
            self._hand_sizes[seat] += 1
        events.append(
            {
                "event": "win",
                "seat": SEATS[seat],
                "from": SEATS[source] if source is not None else None,
                "situation": situation.to_dict(),
                "score": result.to_dict(),
            }
        )
        scores = dict.fromkeys(self._seats, 0)
        scores[SEATS[seat]] = result.total
        if self.procedure.scores_losers:
            for other in self._order_from[seat]:
                if other not in self._dead:
                    scores[SEATS[other]] = self._ruleset.score(self._losing_situation(other)).total
        self._end(
            SEATS[seat], SEATS[source] if source is not None else None, situation.win_by, situation, result, scores
        )

    def _losing_situation(self, seat: int) -> HandSituation:
        counts = self._counts[seat]
        return HandSituation(
            rules=self.rules,
            concealed=tuple(KINDS[t] for t in range(34) for _ in range(counts[t])),
            melds=tuple(self._melds[seat]),
            winning_tile=None,
            win_by="discard",
            seat_wind=SEATS[seat],
            round_wind=self.round_wind,
            bonus=tuple(sorted(self._bonus[seat])),
            options=dict(self._given_options),
        )

    def _exhaust(self) -> None:
        self._events.append({"event": "exhausted"})
        self._end(None, None, None, None, None, dict.fromkeys(self._seats, 0))

    def _end(
        self,
        winner: str | None,
        discarder: str | None,
        win_by: str | None,
        situation: HandSituation | None,
        result: ScoreResult | None,
        scores: dict[str, int],
    ) -> None:
        dead = tuple(SEATS[s] for s in sorted(self._dead))
        settlement = Settlement(
            rules=self.rules,
            winner=winner,
            win_by=win_by,
            discarder=discarder,
            scores=scores,
            options=dict(self._given_options),
            dead=frozenset(dead),
        )
        payments = dict(self._ruleset.settle(settlement))
        seats = self._seats
        for seat in seats:
            payments.setdefault(seat, 0)
        next_dealer, next_wind = self._next_dealer(winner)
        self._events.append(
            {
                "event": "hand_end",
                "scores": scores,
                "payments": {seat: payments[seat] for seat in seats},
                "next_dealer": next_dealer,
                "next_round_wind": next_wind,
                "winner": winner,
                "win_by": win_by,
                "discarder": discarder,
                "dead": list(dead),
            }
        )
        self._phase = Phase.OVER
        self._waiting = []
        self._changed()
        self._result = HandResult(
            winner=winner,
            discarder=discarder,
            win_by=win_by,
            situation=situation,
            score=result,
            scores=scores,
            payments={seat: payments[seat] for seat in seats},
            next_dealer=next_dealer,
            next_round_wind=next_wind,
            dead=dead,
        )

    def _next_dealer(self, winner: str | None) -> tuple[str, str | None]:
        proc = self.procedure
        rotation = proc.table.rotation
        if rotation == "none":
            passes = False
        elif rotation == "dealer_keeps":
            passes = winner is not None and winner != "E"
        else:  # "seats" (NTS: every seat moves on) and "pass" (chinese)
            passes = True
        next_dealer = "S" if passes else "E"
        if proc.round_wind == "dice":
            return next_dealer, None  # rolled at the start of the next game
        if proc.round_wind == "east":
            return next_dealer, "E"
        wind = self.round_wind
        if passes and self.deal_passes + 1 >= len(self._seats):  # every seat has dealt: the round is over
            wind = _NEXT_WIND[wind]
        return next_dealer, wind


def _kong_text(tile: int) -> str:
    return tile_text(tile)[0] * 4 + tile_text(tile)[1]


def _check_wind(value: Any, name: str) -> str:
    if value not in SEATS:
        raise HandSetupError(f"{name} must be one of E, S, W, N, got {value!r}")
    return value


def _check_players(players: Mapping[str, str] | None, seats: tuple[str, ...]) -> dict[str, str]:
    if players is None:
        return {seat: _DEFAULT_PLAYERS[seat] for seat in seats}
    if not isinstance(players, Mapping) or sorted(players) != sorted(seats):
        raise HandSetupError(f"players must name the {len(seats)} seats {', '.join(seats)}, got {players!r}")
    return {seat: str(players[seat]) for seat in seats}


def _check_totals(totals: Mapping[str, int] | None, seats: tuple[str, ...]) -> dict[str, int]:
    if totals is None:
        return {seat: 0 for seat in seats}
    if not isinstance(totals, Mapping) or any(seat not in totals for seat in seats):
        raise HandSetupError(f"totals must give each seat {', '.join(seats)} a whole number, got {totals!r}")
    for seat in seats:
        value = totals[seat]
        # Table totals are sums of whole payments: a fraction or text is a corrupted record, not a score.
        if not isinstance(value, int) or isinstance(value, bool):
            raise HandSetupError(f"totals.{seat} must be a whole number, got {value!r}")
    return {seat: int(totals[seat]) for seat in seats}
