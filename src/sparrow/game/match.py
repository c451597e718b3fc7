"""A match: the sequence of hands of any family, with its rotation, running totals and end.

Four players (three in HKOS's three-player game, seats E, S, W) sit round the table in a fixed order
(counterclockwise). Each hand gets its seat winds from the current dealer: the dealer is East and the
others follow counterclockwise. What differs by family (who deals first and next, with which round
wind, the running totals, when the match is over and the final places) is the family's
:class:`~sparrow.game.family.MatchPolicy`, which :attr:`Match.family` holds: the shared families'
rotation (:class:`~sparrow.game.shared_table.RotationPolicy`) or Riichi's standing, honba and
sticks, with uma and oka at the end (:class:`~sparrow.game.riichi.table.StandingPolicy`).

The match is pure: :meth:`Match.next_hand` gives a hand (:class:`~sparrow.game.Hand`) to be played
by whoever plays, and :meth:`Match.record` takes the finished hand.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.game.family import Hand, MatchPolicy, table_family
from sparrow.game.result import HandResult

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
        self.family: MatchPolicy = table_family(rules, self.options).match_policy(rules, seed, self.options)
        self.seats = self.family.seats
        count = len(self.seats)
        players = DEFAULT_PLAYERS[:count] if players is None else tuple(str(p) for p in players)
        if len(players) != count or len(set(players)) != count:
            number = "four" if count == 4 else "three"
            raise MatchError(f"a match of this table needs {number} different player names, got {list(players)!r}")
        self.players = players
        self.first_dealer = players[self.family.start(players)]
        # The family's own final results by player (Riichi's places with uma and oka), or None where
        # the running totals are the result: faces ask ``getattr(match, "final", None)``.
        self.final: Callable[[], Mapping[str, Any]] | None = self.family.final
        self.hands_played = 0
        self.results: list[HandResult] = []
        self._current: Hand | None = None

    @property
    def dealer(self) -> str:
        return self.players[self.family.dealer]

    @property
    def round_wind(self) -> str:
        return self.family.round_wind

    @property
    def totals(self) -> dict[str, int]:
        """Each player's running total (Riichi: points now)."""
        return self.family.totals()

    def seating(self) -> dict[str, str]:
        """Seat wind -> player for the next hand."""
        count = len(self.seats)
        dealer = self.family.dealer
        return {SEATS[i]: self.players[(dealer + i) % count] for i in range(count)}

    @property
    def is_over(self) -> bool:
        return self.family.is_over(self.hands_played)

    def next_hand(self) -> Any:
        """Deal the next hand (its seed drawn from the match's seed)."""
        if self.is_over:
            raise MatchError("the match is over")
        if self._current is not None:
            raise MatchError("record the hand in play before dealing the next one")
        self._current = self.family.deal(self.seating(), self.hands_played)
        return self._current

    def record(self, hand: Any) -> HandResult:
        """Take the finished hand: running totals, the next dealer and round wind."""
        current = self._current
        if current is None or hand is not current:
            raise MatchError("record the hand this match dealt last")
        result = current.result
        if result is None:
            raise MatchError("the hand is not over yet")
        self._current = None
        self.family.record(current, result)
        self.results.append(result)
        self.hands_played += 1
        return result

    def standings(self) -> list[tuple[str, int]]:
        """Players by running total, highest first (ties by seat order)."""
        return sorted(self.totals.items(), key=lambda item: (-item[1], self.players.index(item[0])))

    def placings(self) -> list[tuple[str, int, str]]:
        """The players in their places: name, total, and the result (the total, or Riichi's with uma
        and oka, in thousands)."""
        return self.family.placings(self.standings())

    def __repr__(self) -> str:
        return (
            f"<Match {self.rules} hands={self.hands_played} round={self.round_wind} dealer={self.dealer}"
            f" over={self.is_over}>"
        )
