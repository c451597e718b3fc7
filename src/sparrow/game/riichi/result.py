"""How a Riichi hand ended (:class:`RiichiHandResult`) and its settlement by
:func:`sparrow.rules.riichi.match.settle`."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from sparrow.rules.riichi.match import (
    AbortiveDraw,
    ExhaustiveDraw,
    HandResult,
    Liability,
    Outcome,
    Ron,
    Standing,
    Tsumo,
    Win,
    settle,
)
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.rules.riichi.scorer import RiichiScore

__all__ = ["RiichiWin", "RiichiHandResult", "END_KINDS", "settle_hand"]

END_KINDS = ("tsumo", "ron", "exhaustive", "abortive")


@dataclass(frozen=True, slots=True)
class RiichiWin:
    """One winner: ``source`` the discarder (None on tsumo), ``tile`` the winning face, and the
    seat liable for the yakuman (pao) when one fed its last set."""

    seat: int
    source: int | None
    tile: int
    score: RiichiScore = field(compare=False)
    liability: Liability | None = None


@dataclass(frozen=True, slots=True)
class RiichiHandResult:
    """``kind`` one of :data:`END_KINDS`; ``wins`` the paid winners (nearest the discarder first);
    ``tenpai``/``nagashi`` on an exhaustive draw; ``abort`` the abortive draw's name (nine_terminals,
    four_winds, four_kongs, four_riichi, triple_ron); ``riichi`` the seats whose riichi stood;
    ``outcome`` what was settled and ``settlement`` the payments and the next standing."""

    kind: str
    wins: tuple[RiichiWin, ...]
    loser: int | None
    tenpai: frozenset[int]
    nagashi: frozenset[int]
    abort: str | None
    riichi: tuple[int, ...]
    outcome: Outcome
    settlement: HandResult

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        return self.settlement.deltas

    @property
    def after(self) -> Standing:
        return self.settlement.after


def settle_hand(
    standing: Standing,
    kind: str,
    options: MatchOptions,
    riichi: Sequence[int],
    *,
    wins: Sequence[RiichiWin] = (),
    loser: int | None = None,
    tenpai: frozenset[int] = frozenset(),
    nagashi: frozenset[int] = frozenset(),
    abort: str | None = None,
    robbed: Sequence[RiichiWin] = (),
) -> RiichiHandResult:
    """Settle the hand; ``robbed`` are the three rons of a triple ron drawn as abortive."""
    outcome: Outcome
    if kind == "tsumo":
        outcome = Tsumo(Win.from_score(wins[0].seat, wins[0].score, wins[0].liability))
    elif kind == "ron" or abort == "triple_ron":
        assert loser is not None
        outcome = Ron(loser, tuple(Win.from_score(w.seat, w.score, w.liability) for w in (wins or robbed)))
    elif kind == "exhaustive":
        outcome = ExhaustiveDraw(tenpai, nagashi)
    else:
        assert abort is not None
        outcome = AbortiveDraw(abort)
    settlement = settle(standing, outcome, tuple(riichi), options)
    return RiichiHandResult(kind, tuple(wins), loser, tenpai, nagashi, abort, tuple(riichi), outcome, settlement)
