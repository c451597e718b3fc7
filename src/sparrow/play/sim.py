"""The simulation loop: seeded computer players play hands as matches of a ruleset.

``simulate("hkos", hands=1000, seed=7)`` plays 1000 hands (as many matches as that takes; the last
match may stop early) and returns a :class:`SimulationSummary`. Three kinds of players:

* ``"random"``: picks uniformly among the legal actions (the speed benchmark uses these);
* ``"random-observing"``: the same choice, but made as a real bot makes it, from the seat's
  :class:`~sparrow.game.state.Observation` built at every decision (what the peers' benchmark agents
  do, so the benchmark compares like with like);
* ``"simple"``: always takes a legal win, claims and declares kongs some of the time, otherwise
  discards at random among the tiles that leave its hand closest to ready; under NTS it now and then
  cries mahjong on a complete shape that does not reach the minimum, so the dead-hand path is played
  too.

Each reads only what every family's hand shows (:class:`~sparrow.game.hands.Hand`: its legal
actions and a seat's observation), so the lab seats them at every family's table, Riichi's included.

All randomness comes from the seed, so a run is reproducible, logs included.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from sparrow.core.analysis import Forms, shanten
from sparrow.core.tiles import tile_counts
from sparrow.game.actions import Action, ActionKind
from sparrow.game.hands import Hand
from sparrow.game.match import DEFAULT_PLAYERS, Match
from sparrow.game.procedures import procedure
from sparrow.game.state import HandState
from sparrow.rules import get_ruleset

__all__ = [
    "simulate",
    "SimulationSummary",
    "Player",
    "RandomPlayer",
    "RandomObservingPlayer",
    "SimplePlayer",
    "PLAYER_KINDS",
    "play_hand",
]


class Player(Protocol):
    def choose(self, state: Hand, seat: str, actions: list[Action]) -> Action: ...


class RandomPlayer:
    """Uniformly random among the legal actions."""

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, state: Hand, seat: str, actions: list[Action]) -> Action:
        return actions[int(self._rng.random() * len(actions))]


class RandomObservingPlayer:
    """Uniformly random among the legal actions, read from the seat's observation.

    It asks the state for ``observation(seat)`` at every decision and picks from its
    ``legal_actions``, ignoring the list it is handed, as a bot that only sees its observation
    would. The observation lists the same actions in the same order, so with the same generator it
    plays exactly the moves a :class:`RandomPlayer` plays; only the cost of looking differs.
    """

    def __init__(self, rng: random.Random) -> None:
        self._rng = rng

    def choose(self, state: Hand, seat: str, actions: list[Action]) -> Action:
        legal = state.observation(seat).legal_actions
        return legal[int(self._rng.random() * len(legal))]


class SimplePlayer:
    """Takes every legal win; claims and declares kongs some of the time; otherwise discards at random
    among the tiles whose discard leaves the hand closest to ready (fewest tiles from ready, by the
    shanten number), or now and then wholly at random.

    Under rules where a false claim makes a dead hand (NTS), it sometimes claims a win on a complete
    shape that is not a legal win (short of the minimum), as people do.
    """

    def __init__(
        self,
        rng: random.Random,
        *,
        claim_chance: float = 0.5,
        chow_chance: float = 0.3,
        kong_chance: float = 0.5,
        careful_discard_chance: float = 0.9,
        false_claim_chance: float = 0.25,
    ) -> None:
        self._rng = rng
        self.claim_chance = claim_chance
        self.chow_chance = chow_chance
        self.kong_chance = kong_chance
        self.careful_discard_chance = careful_discard_chance
        self.false_claim_chance = false_claim_chance
        # By rules and options: the family's winning forms, and whether a false claim makes a dead hand.
        self._forms: dict[tuple[str, str], tuple[Forms, bool]] = {}

    def choose(self, state: Hand, seat: str, actions: list[Action]) -> Action:
        rng = self._rng
        discards = []
        for action in actions:
            kind = action.kind
            if kind is ActionKind.WIN:
                return action
            if kind is ActionKind.DISCARD:
                discards.append(action)
            elif kind is ActionKind.PUNG or kind is ActionKind.KONG:
                if rng.random() < self.claim_chance:
                    return action
            elif kind is ActionKind.CHOW:
                if rng.random() < self.chow_chance:
                    return action
            elif kind is ActionKind.CONCEALED_KONG or kind is ActionKind.ADDED_KONG:
                if rng.random() < self.kong_chance:
                    return action
        if not discards:
            return actions[-1]  # a pass: the last option of a claim window
        if rng.random() >= self.careful_discard_chance:
            return discards[int(rng.random() * len(discards))]
        view = state.observation(seat)
        counts = tile_counts(view.hand)
        melds = len(view.melds[seat])
        ruleset = get_ruleset(view.rules)
        key = (view.rules, repr(sorted(view.options.items())))
        known = self._forms.get(key)
        if known is None:
            table = ruleset.table(view.options)
            known = self._forms[key] = (ruleset.forms(view.options), table.false_win == "dead_hand")
        forms, dead_hand = known
        if (
            dead_hand
            and view.drawn is not None
            and seat not in view.dead
            and rng.random() < self.false_claim_chance
            and ruleset.is_complete(counts, melds, view.options)
        ):
            return Action.win(seat)  # a complete shape short of the minimum: a false mahjong
        best = 99
        choices: list[Action] = []
        for action in discards:
            tile = action.tile
            assert tile is not None  # a discard names its tile (Action checks it)
            counts[tile] -= 1
            after = shanten(counts, melds, forms)
            counts[tile] += 1
            if after < best:
                best, choices = after, [action]
            elif after == best:
                choices.append(action)
        return choices[int(rng.random() * len(choices))]


PLAYER_KINDS: Mapping[str, Callable[[random.Random], Player]] = {
    "simple": SimplePlayer,
    "random": RandomPlayer,
    "random-observing": RandomObservingPlayer,
}


def play_hand(state: HandState, players: Mapping[str, Player]) -> HandState:
    """Play ``state`` to its end with ``players`` (by player name, as in ``state.players``)."""
    by_seat = {seat: players[name] for seat, name in state.players.items()}
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(by_seat[seat].choose(state, seat, state.legal_actions(seat)))
    return state


@dataclass(frozen=True, slots=True)
class SimulationSummary:
    rules: str
    players: str
    hands: int
    elapsed: float  # seconds
    matches: int
    wins_by_seat: Mapping[str, int]
    self_drawn_wins: int
    drawn_hands: int
    claims: int  # chows, pungs and kongs claimed from discards
    kongs: int  # kongs made: claimed, concealed and added (a robbed kong is not made)
    robbed_kongs: int
    false_wins: int
    turns: int
    winning_score_total: int
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def wins(self) -> int:
        return sum(self.wins_by_seat.values())

    @property
    def self_draw_share(self) -> float:
        return self.self_drawn_wins / self.wins if self.wins else 0.0

    @property
    def average_hand_length(self) -> float:
        """Turns per hand."""
        return self.turns / self.hands if self.hands else 0.0

    @property
    def average_winning_score(self) -> float:
        return self.winning_score_total / self.wins if self.wins else 0.0

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.elapsed if self.elapsed > 0 else 0.0

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "options": dict(self.options),
            "players": self.players,
            "seed": self.seed,
            "hands": self.hands,
            "matches": self.matches,
            "elapsed": self.elapsed,
            "hands_per_second": self.hands_per_second,
            "wins_by_seat": dict(self.wins_by_seat),
            "wins": self.wins,
            "self_draw_share": self.self_draw_share,
            "drawn_hands": self.drawn_hands,
            "claims": self.claims,
            "kongs": self.kongs,
            "robbed_kongs": self.robbed_kongs,
            "false_wins": self.false_wins,
            "average_hand_length": self.average_hand_length,
            "average_winning_score": self.average_winning_score,
        }


def simulate(
    rules: str,
    hands: int,
    seed: int,
    players: str = "simple",
    options: dict[str, Any] | None = None,
    on_hand: Callable[[list[dict[str, Any]]], None] | None = None,
) -> SimulationSummary:
    """Play ``hands`` hands of ``rules`` as matches, with a ``players`` kind (a name of :data:`PLAYER_KINDS`:
    "simple", "random" or "random-observing") in every seat: four, or three at HKOS's three-player table.

    ``on_hand`` receives each hand's log (a list of event dicts) as soon as the hand ends.
    """
    if not isinstance(hands, int) or isinstance(hands, bool) or hands < 0:
        raise ValueError(f"the number of hands must be a whole number >= 0, got {hands!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise ValueError(f"the seed must be a whole number, got {seed!r}")
    if players not in PLAYER_KINDS:
        raise ValueError(f"unknown players {players!r} (expected one of {', '.join(PLAYER_KINDS)})")
    options = dict(options or {})
    seats = procedure(rules, options).seats  # unknown ruleset or option: a clear error before anything is played
    names = DEFAULT_PLAYERS[: len(seats)]  # three players at HKOS's three-player table
    rng = random.Random(seed)
    make = PLAYER_KINDS[players]
    bots = {name: make(random.Random(rng.getrandbits(64))) for name in names}
    wins = dict.fromkeys(seats, 0)
    self_drawn = drawn = claims = kongs = robbed = false_wins = turns = score_total = matches = 0
    played = 0
    start = time.perf_counter()
    while played < hands:
        match = Match(rules, rng.getrandbits(64), options, names)
        matches += 1
        while not match.is_over and played < hands:
            state = play_hand(match.next_hand(), bots)
            result = match.record(state)
            played += 1
            turns += state.turns
            if result.winner is None:
                drawn += 1
            else:
                wins[result.winner] += 1
                score_total += result.score.total if result.score is not None else 0
                if result.self_drawn:
                    self_drawn += 1
            for event in state.events:
                name = event["event"]
                if name == "claim":
                    if event["kind"] != "win":
                        claims += 1
                        if event["kind"] == "kong":
                            kongs += 1
                elif name == "kong":
                    kongs += 1
                elif name == "rob":
                    robbed += 1
                    kongs -= 1
                elif name == "false_win":
                    false_wins += 1
            if on_hand is not None:
                on_hand(state.events)
    return SimulationSummary(
        rules=rules,
        players=players,
        hands=played,
        elapsed=time.perf_counter() - start,
        matches=matches,
        wins_by_seat=wins,
        self_drawn_wins=self_drawn,
        drawn_hands=drawn,
        claims=claims,
        kongs=kongs,
        robbed_kongs=robbed,
        false_wins=false_wins,
        turns=turns,
        winning_score_total=score_total,
        seed=seed,
        options=options,
    )
