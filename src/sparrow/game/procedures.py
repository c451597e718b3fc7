"""The table procedure of each family: :class:`~sparrow.rules.ruleset.TableRules` plus the few facts the
engine needs that it does not (yet) carry.

The extra facts, per family (``shared/rules/*.md``):

* ``seats_by_dice``: whether East is chosen by dice at the start of a match (not in the casual game,
  where the app seats you South and the computer players round you).
* ``break_roller``: who rolls for the wall break: East, or in NTS the player at the prevailing wind
  (NTS: "the player at that wind rolls again to find the break").
* ``round_wind``: ``"dice"`` (NTS rolls the prevailing wind every game), ``"rounds"`` (the round wind moves
  on once every player has dealt: HKOS, chinese) or ``"east"`` (casual: always East).
* ``scores_losers``: every player's hand is scored at the end, not only the winner's (NTS).
* ``match_rounds`` / ``match_hands``: when a match ends: after that many rounds (each player dealing once
  per round) or after that many hands.

Suggested change to ``TableRules`` (shared module): add ``seats_by_dice: bool = True``,
``break_roller: str = "east"`` and ``round_wind: str = "rounds"``; the families would then set them in
``table()`` and this mapping would go away.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sparrow.rules import RulesError, TableRules, get_ruleset

__all__ = ["Procedure", "procedure"]


@dataclass(frozen=True, slots=True)
class Procedure:
    rules: str
    table: TableRules
    seats_by_dice: bool
    break_roller: str  # "east" or "prevailing_wind"
    round_wind: str  # "dice", "rounds" or "east"
    scores_losers: bool  # every player's hand is scored at the end (NTS), not only the winner's
    match_rounds: int | None  # the match ends after this many rounds...
    match_hands: int | None  # ...or after this many hands

    @property
    def tile_count(self) -> int:
        return 144 if self.table.bonus_tiles else 136


_EXTRA: Mapping[str, Mapping[str, Any]] = {
    "nts": {"seats_by_dice": True, "break_roller": "prevailing_wind", "round_wind": "dice", "scores_losers": True},
    "hkos": {"seats_by_dice": True, "break_roller": "east", "round_wind": "rounds", "scores_losers": False},
    "chinese": {"seats_by_dice": True, "break_roller": "east", "round_wind": "rounds", "scores_losers": False},
    "casual": {"seats_by_dice": False, "break_roller": "east", "round_wind": "east", "scores_losers": False},
}
_DEFAULT_EXTRA: Mapping[str, Any] = {
    "seats_by_dice": True,
    "break_roller": "east",
    "round_wind": "rounds",
    "scores_losers": False,
}


def procedure(rules: str, options: Mapping[str, Any] | None = None) -> Procedure:
    """The table procedure of ``rules`` with ``options`` (validated by the ruleset)."""
    ruleset = get_ruleset(rules)
    table = ruleset.table(options)
    if ruleset.resolve_options(options).get("three_players"):
        raise RulesError(f"the table engine plays four players; {rules}'s three_players option is not supported yet")
    extra = dict(_EXTRA.get(rules, _DEFAULT_EXTRA))
    if table.prevailing_wind_by_dice:
        extra["round_wind"] = "dice"
    if table.rotation in ("dealer_keeps", "pass"):
        # A round is every player dealing once; the match's length is given in hands (16 = four rounds).
        rounds, hands = max(1, table.hands_in_match // 4), None
    else:
        rounds, hands = None, max(1, table.hands_in_match)
    return Procedure(rules=rules, table=table, match_rounds=rounds, match_hands=hands, **extra)
