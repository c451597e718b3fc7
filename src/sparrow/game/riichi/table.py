"""Riichi's answers to the family seam (:mod:`sparrow.game.family`): its hands are
:class:`~sparrow.game.riichi.hand.RiichiHand` (Riichi's own state machine behind the one face), its
match policy :class:`StandingPolicy`: each hand dealt from the standing the hand before left
(dealer, round wind, honba, sticks, scores), until the standing says the match is over (the
preset's length, busting, the West extension); the final places with uma and oka."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.game.replay import ReplayError
from sparrow.game.result import HandResult
from sparrow.game.riichi.hand import RiichiHand
from sparrow.game.riichi.match import RiichiMatch
from sparrow.game.riichi.replay import ReplayError as RiichiReplayError
from sparrow.game.riichi.replay import replay
from sparrow.rules.riichi.family import match_of
from sparrow.rules.riichi.match import FinalResult, Standing

__all__ = ["RiichiTable", "RIICHI_TABLE", "StandingPolicy"]


class StandingPolicy:
    """A Riichi match's policy (see the module docstring); ``players`` sit in their order round the
    table, the first the first dealer; ``standing`` is the match's standing now."""

    seats = SEATS

    def __init__(self, seed: int, options: Mapping[str, Any] | None) -> None:
        self._seed = seed
        self._options = match_of(options)  # a bad option fails here, before anyone sits down
        self._match = RiichiMatch(seed, self._options)
        self.players: tuple[str, ...] = ()

    def start(self, players: tuple[str, ...]) -> int:
        self.players = players
        self._match = RiichiMatch(self._seed, self._options, players)
        return 0

    @property
    def standing(self) -> Standing:
        return self._match.standing

    @property
    def dealer(self) -> int:
        return self._match.standing.dealer

    @property
    def round_wind(self) -> str:
        return SEATS[self._match.standing.round_wind]

    @property
    def final(self) -> Callable[[], Mapping[str, FinalResult]]:
        return self._final

    def is_over(self, hands_played: int) -> bool:
        return self._match.over

    def deal(self, seating: Mapping[str, str], hands_played: int) -> RiichiHand:
        return RiichiHand(state=self._match.next_hand())

    def record(self, hand: Any, result: HandResult) -> None:
        assert isinstance(hand, RiichiHand)  # the match dealt it
        self._match.record(hand.state)

    def totals(self) -> dict[str, int]:
        return dict(zip(self.players, self._match.standing.scores, strict=True))

    def placings(self, standings: list[tuple[str, int]]) -> list[tuple[str, int, str]]:
        """The players in their places: name, points, and the result with uma and oka (in thousands)."""
        ordered = sorted(self._match.results(), key=lambda r: r.place)
        return [(self.players[r.seat], r.points, f"{float(r.result):+.1f}") for r in ordered]

    def _final(self) -> dict[str, FinalResult]:
        """Each player's place, points and result with uma and oka (provisional while playing)."""
        return {self.players[r.seat]: r for r in self._match.results()}


class RiichiTable:
    """Riichi's engine behind the seam."""

    def deal(
        self, rules: str, options: Mapping[str, Any] | None, seed: int | None, players: Mapping[str, str] | None
    ) -> RiichiHand:
        return RiichiHand(options, seed, players=players)

    def from_hand_start(self, event: Mapping[str, Any]) -> RiichiHand:
        return RiichiHand.from_hand_start(event)

    def replay(self, events: Sequence[Mapping[str, Any]]) -> RiichiHand:
        try:
            return RiichiHand(state=replay(events))
        except RiichiReplayError as error:
            raise ReplayError(str(error)) from None

    def replay_onto(self, hand: Any, events: Sequence[Mapping[str, Any]]) -> RiichiHand:
        if not isinstance(hand, RiichiHand):
            raise TypeError(f"Riichi's engine replays onto its own hands, got {type(hand).__name__}")
        return hand.replay_onto(events)

    def match_policy(self, rules: str, seed: int, options: Mapping[str, Any] | None) -> StandingPolicy:
        return StandingPolicy(seed, options)


RIICHI_TABLE = RiichiTable()
