"""Riichi (Japanese mahjong), Tenhou's ranked rules by default: the exact scorer, as a pure module.

Registered as the family ``riichi`` (:mod:`sparrow.rules.riichi.family`, found through
``sparrow.rules.FAMILIES``); this package is its scoring core, with the match layer (``match``,
``presets``); the table engine is ``sparrow.game.riichi``.
``score(RiichiHand.of("234m345p66s12378s", "9s", riichi=True, tsumo=True))`` reads a hand in every
way, keeps the reading worth the most and returns its :class:`RiichiScore` (han, fu, the limit, the
payments and the score card lines). docs/rules/riichi.md records the rule choices.
"""

from sparrow.rules.riichi.hand import (
    RENHOU_CHOICES,
    NotWinningError,
    NoYakuError,
    RiichiError,
    RiichiHand,
    RiichiOptions,
    chi,
    kan,
    pon,
)
from sparrow.rules.riichi.points import Payments, base_points
from sparrow.rules.riichi.scorer import RiichiScore, dora_of, score
from sparrow.rules.riichi.yaku import BONUS, YAKU, YAKUMAN, Yaku, scoring_table

__all__ = [
    "RiichiHand",
    "RiichiOptions",
    "RiichiScore",
    "RiichiError",
    "NotWinningError",
    "NoYakuError",
    "Payments",
    "Yaku",
    "YAKU",
    "YAKUMAN",
    "BONUS",
    "RENHOU_CHOICES",
    "score",
    "scoring_table",
    "base_points",
    "dora_of",
    "chi",
    "pon",
    "kan",
]
