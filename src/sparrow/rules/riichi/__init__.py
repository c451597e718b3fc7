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

# The match layer is exported too, as the faces use it: the presets (a club's or an online room's
# rules), a match's options, and the final results of a game's points (places, uma and oka).
from sparrow.rules.riichi.match import Standing, final_results
from sparrow.rules.riichi.points import Payments, base_points
from sparrow.rules.riichi.presets import DEFAULT_PRESET, PRESETS, MatchOptionError, MatchOptions, match_options
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
    "Standing",
    "final_results",
    "DEFAULT_PRESET",
    "PRESETS",
    "MatchOptionError",
    "MatchOptions",
    "match_options",
]
