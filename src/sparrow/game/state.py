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
log of ``docs/spec/game-log.md``; :func:`sparrow.game.replay.replay` rebuilds the state from it.
A dead hand (a false win, where the rules make it dead) only draws and discards.

This module holds the setting up, the turn (drawing, discarding, the legal actions on a turn) and the
dispatch of actions; ``HandState`` takes the rest from one class per concern, each in its own module:
``claims`` (claims on a discard, robbing a kong), ``kongs`` (kongs and their replacement draws),
``bonus`` (flowers and seasons), ``wins`` (whether a seat can win, and the score), ``result`` (the end
of the hand, :class:`HandResult`) and ``views`` (:class:`Observation`, :class:`TableView`), on the
attributes declared in ``hand_base``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import compress
from typing import Any, cast

from sparrow.core.hand import MeldKind
from sparrow.core.tiles import SEATS, Tile, TileError, parse_tiles
from sparrow.game import actions as _actions
from sparrow.game.actions import (
    Action,
    ActionKind,
    HandOverError,
    InvalidClaimError,
    NotYourTurnError,
    TileNotHeldError,
    WrongMomentError,
)
from sparrow.game.bonus import BonusTiles
from sparrow.game.claims import Claims
from sparrow.game.events import LOG_VERSION, LogError, tile_text, tiles_in_order_text, tiles_text, upgrade_event
from sparrow.game.hand_base import Phase
from sparrow.game.kongs import Kongs
from sparrow.game.procedures import Procedure, procedure
from sparrow.game.result import HandResult, Results
from sparrow.game.views import _BY_SEAT, Observation, TableView, Views
from sparrow.game.wall import Roll, Wall, count_seats, draw_order, roll_dice, shuffled_set
from sparrow.game.wins import Wins
from sparrow.rules import Ruleset, get_ruleset

__all__ = ["Phase", "HandState", "HandResult", "Observation", "TableView", "HandSetupError"]

_DISCARDS = _actions.DISCARDS
_CONCEALED_KONGS = _actions.CONCEALED_KONGS
_ADDED_KONGS = _actions.ADDED_KONGS
_WINS = _actions.WINS

_SEAT_INDEX = {seat: index for index, seat in enumerate(SEATS)}
_DEFAULT_PLAYERS = {"E": "East", "S": "South", "W": "West", "N": "North"}
# Per number of seats at the table: seat name -> index (only the seats present), and for each seat the
# others in turn order after it, nearest first (so [0] is the next seat, [-1] the one before).
_SEAT_INDEXES = {n: {SEATS[i]: i for i in range(n)} for n in (3, 4)}
_TURN_ORDERS = {n: tuple(tuple((seat + k) % n for k in range(1, n)) for seat in range(n)) for n in (3, 4)}


class HandSetupError(ValueError):
    """A hand cannot be set up from what was given (a malformed ``hand_start``, an unknown player seat...)."""


class HandState(Claims, Kongs, BonusTiles, Wins, Results, Views):
    """One hand of play. See the module docstring."""

    # The attributes HandBase declares (and Results, _result), with their types and what they mean, one
    # line per group there (grouped by hand, so the formatter is told to leave the lines as they are).
    # fmt: off
    __slots__ = (
        "rules", "options", "seed", "round_wind", "players", "totals", "hand_number", "deal_passes", "procedure",
        "_seats", "_seat_index", "_order_from", "_by_seat", "_given_options", "_ruleset", "_forms", "_fast_shape",
        "_wall", "_counts", "_melds", "_bonus", "_piles", "_visible", "_dead",
        "_phase", "_turn", "_drawn", "_draw_kind", "_last_tile", "_may_kong", "_kongs_in_turn",
        "_claim_tile", "_after_last", "_waiting", "_declared", "_options_by_seat", "_turn_actions", "_wins", "_ready",
        "_discards_made", "_first_round", "_turns", "_events", "_result",
        "_hand_sizes", "_fixed_view", "_melds_view", "_bonus_view", "_discards_view", "_dead_view", "_counts_view",
    )
    # fmt: on

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
        """Set up the hand a ``hand_start`` event describes (the wall as recorded; no randomness), of
        a log of any version (the hand writes version 3)."""
        if not isinstance(event, Mapping) or event.get("event") != "hand_start":
            raise HandSetupError("a hand starts from a hand_start event")
        try:
            event = upgrade_event(event)
        except LogError as error:
            raise HandSetupError(str(error)) from None
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
        self._melds = [[] for _ in range(count)]
        self._bonus = [[] for _ in range(count)]
        self._piles = [[] for _ in range(count)]
        self._visible = [0] * 34
        self._dead = set()
        self._waiting = []
        self._declared = {}
        self._options_by_seat = {}
        self._turn_actions = None
        self._wins = {}
        self._ready = [None] * count
        self._claim_tile = None
        self._after_last = False
        self._discards_made = 0
        self._first_round = True
        self._turns = 1  # East's first turn, on the dealt hand
        self._kongs_in_turn = 0
        self._result = None
        self._fixed_view = None
        self._melds_view = None
        self._bonus_view = None
        self._discards_view = None
        self._dead_view = None
        self._counts_view = None
        self._events = [
            {
                "event": "hand_start",
                "version": LOG_VERSION,
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
        last_received = self._set_out_dealt_bonus(hands)
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

    def decided(self, seat: str) -> Action | None:
        """The decision ``seat`` has taken on the tile now offered to the table (a claim, a win or a
        pass held until every seat offered it has answered); None when it has taken none."""
        index = self._seat_index.get(seat)
        if index is None or self._phase not in (Phase.CLAIMS, Phase.ROB):
            return None
        return self._declared.get(index)

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
        if action.red or action.riichi:
            raise WrongMomentError(action, f"{self.rules} has no {'riichi' if action.riichi else 'red fives'}")
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
        assert tile is not None  # a discard names its tile (Action checks it)
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

    # -- drawing

    def _next_turn(self, seat: int) -> None:
        """``seat`` draws from the live wall and takes its turn (the hand is drawn when the wall is empty).
        A kong's replacement is drawn by ``Kongs._draw_replacement``; a bonus tile drawn is replaced by
        ``BonusTiles._replace_drawn_bonus``."""
        self._kongs_in_turn = 0
        wall = self._wall
        if wall.live == 0:
            self._exhaust()
            return
        if seat == 0:
            self._first_round = False  # East's second turn: the first go-round is over
        self._turns += 1
        tile = wall.draw()
        self._events.append({"event": "draw", "seat": SEATS[seat], "tile": tile_text(tile), "source": "live"})
        self._take_drawn(seat, tile, "live", True)

    def _take_drawn(self, seat: int, tile: Tile, kind: str, from_live: bool) -> None:
        """``seat`` takes the tile just drawn (live or replacement) and its turn; a bonus tile is set out
        and replaced first (the hand is drawn when no replacement is left)."""
        if tile >= 34:
            drawn = self._replace_drawn_bonus(seat, tile, kind)
            if drawn is None:
                return
            tile, kind, from_live = drawn
        self._counts[seat][tile] += 1
        self._hand_sizes[seat] += 1
        self._start_turn(seat, tile, kind, from_live and self._wall.live == 0)

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


def _check_wind(value: Any, name: str) -> str:
    if value not in SEATS:
        raise HandSetupError(f"{name} must be one of E, S, W, N, got {value!r}")
    return cast(str, value)  # one of SEATS


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
