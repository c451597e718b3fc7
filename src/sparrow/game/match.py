"""A match: the sequence of hands, with each family's rotation and running totals.

Four players (three in HKOS's ``three_players`` game, seats E, S, W) sit round the table in a fixed
order (counterclockwise). At the start, dice choose who is East where the family says so (the casual
game seats the players as given: the first is East). Each hand gets its seat winds from the current
dealer: the dealer is East and the others follow counterclockwise. After each hand the ``hand_end``
event says who deals next and with which round wind:

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

The match is pure: :meth:`Match.next_hand` gives a :class:`~sparrow.game.state.HandState` to be played
by whoever plays, and :meth:`Match.record` takes the finished hand.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.game.procedures import procedure
from sparrow.game.state import HandResult, HandState
from sparrow.game.wall import Roll, choose_east

__all__ = ["Match", "MatchError", "DEFAULT_PLAYERS"]

DEFAULT_PLAYERS = ("P1", "P2", "P3", "P4")  # the first three at a three-player table


class MatchError(ValueError):
    """A match used out of order (a hand after the end, recording a hand that is not finished...)."""


class Match:
    def __init__(
        self,
        rules: str,
        seed: int,
        options: Mapping[str, Any] | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        """``players`` in their order round the table (counterclockwise), one per seat: four names, or
        three for a three-player table (default: the first names of :data:`DEFAULT_PLAYERS`)."""
        self.rules = rules
        self.options = dict(options or {})
        self.procedure = procedure(rules, self.options)
        self.seats = self.procedure.seats
        count = len(self.seats)
        players = DEFAULT_PLAYERS[:count] if players is None else tuple(str(p) for p in players)
        if len(players) != count or len(set(players)) != count:
            number = "four" if count == 4 else "three"
            raise MatchError(f"a match of this table needs {number} different player names, got {list(players)!r}")
        self.players = players
        self._rng = random.Random(seed)
        self._rolls: list[Roll] = []
        if self.procedure.seats_by_dice:
            self._dealer, self._rolls = choose_east(self._rng, players)
        else:
            self._dealer = 0
        self.first_dealer = players[self._dealer]
        self.round_wind = "E"
        self.deal_passes = 0
        self.rounds_played = 0
        self.hands_played = 0
        self.totals = {name: 0 for name in players}
        self.points = {name: 0 for name in players}
        self.results: list[HandResult] = []
        self._current: HandState | None = None

    @property
    def dealer(self) -> str:
        return self.players[self._dealer]

    def seating(self) -> dict[str, str]:
        """Seat wind -> player for the next hand."""
        count = len(self.seats)
        return {SEATS[i]: self.players[(self._dealer + i) % count] for i in range(count)}

    @property
    def is_over(self) -> bool:
        proc = self.procedure
        if proc.match_hands is not None:
            return self.hands_played >= proc.match_hands
        return self.rounds_played >= (proc.match_rounds or 1)

    def next_hand(self) -> HandState:
        """Deal the next hand (its seed drawn from the match's seed)."""
        if self.is_over:
            raise MatchError("the match is over")
        if self._current is not None:
            raise MatchError("record the hand in play before dealing the next one")
        seating = self.seating()
        by_dice = self.procedure.round_wind == "dice"
        hand = HandState(
            self.rules,
            self.options,
            self._rng.getrandbits(52),  # exact in JSON readers that use doubles
            round_wind=None if by_dice else self.round_wind,
            players=seating,
            totals={seat: self.totals[name] for seat, name in seating.items()},
            hand_number=self.hands_played,
            deal_passes=self.deal_passes,
            rolls=self._rolls,
        )
        self._rolls = []
        self._current = hand
        return hand

    def record(self, hand: HandState) -> HandResult:
        """Take the finished hand: running totals, the next dealer and round wind."""
        if hand is not self._current:
            raise MatchError("record the hand this match dealt last")
        result = hand.result
        if result is None:
            raise MatchError("the hand is not over yet")
        self._current = None
        for seat, name in hand.players.items():
            self.totals[name] += result.payments.get(seat, 0)
            self.points[name] += result.scores.get(seat, 0)
        self.results.append(result)
        self.hands_played += 1
        if result.next_dealer != "E":
            self._dealer = (self._dealer + 1) % len(self.seats)
            if self.procedure.match_rounds is not None:
                self.deal_passes += 1
                if self.deal_passes == len(self.seats):  # every player has dealt: a round
                    self.deal_passes = 0
                    self.rounds_played += 1
        if result.next_round_wind is not None:
            self.round_wind = result.next_round_wind
        return result

    def standings(self) -> list[tuple[str, int]]:
        """Players by running total, highest first."""
        return sorted(self.totals.items(), key=lambda item: (-item[1], self.players.index(item[0])))

    def placings(self) -> list[tuple[str, int, str]]:
        """The players in their places: name, total and the total as the result."""
        return [(name, total, f"{total:+d}") for name, total in self.standings()]

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules} hands={self.hands_played} round={self.round_wind} dealer={self.dealer}"
            f" over={self.is_over}>"
        )
