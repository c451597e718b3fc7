"""Riichi's ranks between people (docs/rules/riichi.md, "Rank"): kyu and dan, points by place, as
online rooms count them. The numbers are Sparrow's own, in the spirit of Tenhou's ladder: a first
place earns 40, a second 10, a third nothing, and a fourth costs more the higher the rank; kyu ranks
are never lost, dan ranks are lost below zero points."""

from __future__ import annotations

from sparrow.rules.ranks import RankLadder, RankStep

__all__ = ["RIICHI_LADDER"]

FIRST, SECOND, THIRD = 40, 10, 0


def _kyu(number: int, promotion: int, fourth: int) -> RankStep:
    return RankStep("kyu", number, 0, promotion, (FIRST, SECOND, THIRD, fourth), demotes=False)


def _dan(number: int, start: int, promotion: int | None, fourth: int) -> RankStep:
    return RankStep("dan", number, start, promotion, (FIRST, SECOND, THIRD, fourth), demotes=True)


RIICHI_LADDER = RankLadder(
    (
        _kyu(6, 20, 0),
        _kyu(5, 40, 0),
        _kyu(4, 60, -10),
        _kyu(3, 80, -15),
        _kyu(2, 100, -20),
        _kyu(1, 100, -25),
        _dan(1, 200, 400, -40),
        _dan(2, 400, 800, -50),
        _dan(3, 600, 1200, -60),
        _dan(4, 800, 1600, -70),
        _dan(5, 1000, 2000, -80),
        _dan(6, 1200, 2400, -90),
        _dan(7, 1400, None, -100),
    )
)
