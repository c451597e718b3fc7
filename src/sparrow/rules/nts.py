"""NTS: the Dutch tournament rules as the score app plays them (seed 000, ``shared/rules/nts.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sparrow.rules.ruleset import Ruleset, TableRules, register


@register
class NTS(Ruleset):
    name = "nts"
    title = "Dutch tournament rules (NTS) with the score app's deviations"
    defaults: Mapping[str, Any] = {}

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        self.resolve_options(options)
        return TableRules(
            bonus_tiles=True,
            break_dice=2,
            dead_wall="fixed",
            rotation="seats",
            prevailing_wind_by_dice=True,
            rob_added_kong=True,
            false_win="dead_hand",
            hands_in_match=4,
        )
