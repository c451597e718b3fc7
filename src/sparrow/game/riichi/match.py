"""A Riichi match played hand by hand on Sparrow's table: each hand dealt from the standing the one
before left (dealer, round wind, honba, sticks, scores) with its own seed drawn from the match's,
until the standing says the match is over; then the final results with uma and oka."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from sparrow.game.riichi.state import RiichiHandState
from sparrow.rules.riichi.match import FinalResult, Standing, final_results
from sparrow.rules.riichi.presets import MatchOptions

__all__ = ["RiichiMatch"]


class RiichiMatch:
    """``next_hand()`` deals the next hand; play it to its end, then ``record(hand)``. The log is
    the concatenation of the hands' events, each from ``hand_start``."""

    def __init__(self, seed: int, options: MatchOptions | None = None, players: Sequence[str] | None = None) -> None:
        self.seed = seed
        self.options = options or MatchOptions()
        self.players = list(players) if players is not None else None
        self.standing = Standing.start(self.options)
        self.hands_played = 0
        self.log: list[dict[str, Any]] = []
        self._seeds = random.Random(f"sparrow-riichi-match/{seed}")

    @property
    def over(self) -> bool:
        return self.standing.finished

    def next_hand(self) -> RiichiHandState:
        if self.over:
            raise ValueError("the match is over: no hand follows")
        return RiichiHandState.from_standing(self.standing, self._seeds.getrandbits(62), self.options, self.players)

    def record(self, hand: RiichiHandState) -> None:
        if not hand.over or hand.result is None:
            raise ValueError("record a hand once it is over")
        self.standing = hand.result.after
        self.hands_played += 1
        self.log.extend(hand.events)

    def results(self) -> tuple[FinalResult, ...]:
        """The final results (provisional while the match is still going)."""
        return final_results(self.standing, self.options)
