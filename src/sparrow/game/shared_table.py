"""The shared engine's answers to the family seam (:mod:`sparrow.game.family`): its hands are
:class:`~sparrow.game.HandState`, its match policy :class:`RotationPolicy`.

The rotation of every family the shared engine plays, as its procedure says:

* NTS: every game the seats rotate (South becomes East...), the prevailing wind is rolled anew every
  game; a session is 4 games (it may stop after any game).
* HKOS: the dealer keeps the deal after winning or a drawn hand, otherwise it passes; once every
  player has dealt the round wind moves on; 4 rounds (or the East round only). With three players a
  round is three deals, and the round wind still goes E, S, W, N.
* chinese: the deal passes every hand, the round wind moves every four hands; 16 hands.
* casual: each deal stands alone (a match of one hand); with the ``rotate`` option the dealer keeps the
  deal like HKOS and the table plays one round with a running score.

Running totals are the sum of each hand's payments (the settlement the ruleset computes), by player;
``points`` adds up the hand scores the score sheet records.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sparrow.game.procedures import procedure
from sparrow.game.replay import replay, replay_onto
from sparrow.game.result import HandResult
from sparrow.game.state import HandState
from sparrow.game.wall import Roll, choose_east

__all__ = ["SharedTable", "SHARED_TABLE", "RotationPolicy"]


class RotationPolicy:
    """The match of a family the shared engine plays (see the module docstring): its hands dealt
    from one random generator seeded by the match's seed, the first dealer chosen by dice where the
    family says so."""

    final: Callable[[], Mapping[str, Any]] | None = None  # the running totals are the result

    def __init__(self, rules: str, seed: int, options: Mapping[str, Any] | None) -> None:
        self.rules = rules
        self.options = dict(options or {})
        self.procedure = procedure(rules, self.options)
        self.seats = self.procedure.seats
        self._rng = random.Random(seed)
        self._rolls: list[Roll] = []
        self.dealer = 0
        self.round_wind = "E"
        self.deal_passes = 0
        self.rounds_played = 0
        self.players: tuple[str, ...] = ()
        self._totals: dict[str, int] = {}
        self.points: dict[str, int] = {}

    def start(self, players: tuple[str, ...]) -> int:
        self.players = players
        if self.procedure.seats_by_dice:
            self.dealer, self._rolls = choose_east(self._rng, players)
        self._totals = dict.fromkeys(players, 0)
        self.points = dict.fromkeys(players, 0)
        return self.dealer

    def is_over(self, hands_played: int) -> bool:
        proc = self.procedure
        if proc.match_hands is not None:
            return hands_played >= proc.match_hands
        return self.rounds_played >= (proc.match_rounds or 1)

    def deal(self, seating: Mapping[str, str], hands_played: int) -> HandState:
        by_dice = self.procedure.round_wind == "dice"
        hand = HandState(
            self.rules,
            self.options,
            self._rng.getrandbits(52),  # exact in JSON readers that use doubles
            round_wind=None if by_dice else self.round_wind,
            players=seating,
            totals={seat: self._totals[name] for seat, name in seating.items()},
            hand_number=hands_played,
            deal_passes=self.deal_passes,
            rolls=self._rolls,
        )
        self._rolls = []
        return hand

    def record(self, hand: Any, result: HandResult) -> None:
        """The running totals, the next dealer and round wind after ``hand``."""
        for seat, name in hand.players.items():
            self._totals[name] += result.payments.get(seat, 0)
            self.points[name] += result.scores.get(seat, 0)
        if result.next_dealer != "E":
            self.dealer = (self.dealer + 1) % len(self.seats)
            if self.procedure.match_rounds is not None:
                self.deal_passes += 1
                if self.deal_passes == len(self.seats):  # every player has dealt: a round
                    self.deal_passes = 0
                    self.rounds_played += 1
        if result.next_round_wind is not None:
            self.round_wind = result.next_round_wind

    def totals(self) -> dict[str, int]:
        return self._totals

    def placings(self, standings: list[tuple[str, int]]) -> list[tuple[str, int, str]]:
        """The players in their places: name, total and the total as the result."""
        return [(name, total, f"{total:+d}") for name, total in standings]


class SharedTable:
    """The shared engine behind the seam: every hook answers with :class:`HandState`."""

    def deal(
        self, rules: str, options: Mapping[str, Any] | None, seed: int | None, players: Mapping[str, str] | None
    ) -> HandState:
        return HandState(rules, options, seed, players=players)

    def from_hand_start(self, event: Mapping[str, Any]) -> HandState:
        return HandState.from_hand_start(event)

    def replay(self, events: Sequence[Mapping[str, Any]]) -> HandState:
        return replay(events)

    def replay_onto(self, hand: Any, events: Sequence[Mapping[str, Any]]) -> HandState:
        if not isinstance(hand, HandState):
            raise TypeError(f"the shared engine replays onto its own hands, got {type(hand).__name__}")
        return replay_onto(hand, events)

    def match_policy(self, rules: str, seed: int, options: Mapping[str, Any] | None) -> RotationPolicy:
        return RotationPolicy(rules, seed, options)


SHARED_TABLE = SharedTable()
