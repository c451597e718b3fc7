"""The table procedure of a family: its :class:`~sparrow.rules.ruleset.TableRules` with the length of a
match worked out (after so many rounds, each player dealing once per round, or after so many hands).
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


def procedure(rules: str, options: Mapping[str, Any] | None = None) -> Procedure:
    """The table procedure of ``rules`` with ``options`` (validated by the ruleset)."""
    table = get_ruleset(rules).table(options)
    if table.seats != 4:
        raise RulesError(f"the table engine plays four players; {rules} with {table.seats} seats is not supported yet")
    if table.rotation in ("dealer_keeps", "pass"):
        # A round is every player dealing once; the match's length is given in hands (16 = four rounds).
        rounds, hands = max(1, table.hands_in_match // 4), None
    else:
        rounds, hands = None, max(1, table.hands_in_match)
    return Procedure(
        rules=rules,
        table=table,
        seats_by_dice=table.seats_by_dice,
        break_roller=table.break_roller,
        round_wind="dice" if table.prevailing_wind_by_dice else table.round_wind,
        scores_losers=table.scores_losers,
        match_rounds=rounds,
        match_hands=hands,
    )
