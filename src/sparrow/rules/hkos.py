"""Hong Kong Old Style (seeds 003 and 004, ``shared/rules/hkos.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sparrow.rules.ruleset import Ruleset, TableRules, register


@register
class HKOS(Ruleset):
    name = "hkos"
    title = "Hong Kong Old Style"
    defaults: Mapping[str, Any] = {
        "flowers": True,
        "practice": False,
        "minimum": 3,
        "three_dice_break": True,
        "short_match": False,
    }

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        resolved = self.resolve_options(options)
        return TableRules(
            bonus_tiles=resolved["flowers"],
            break_dice=3 if resolved["three_dice_break"] else 2,
            dead_wall="reserve",
            rotation="dealer_keeps",
            rob_added_kong=True,
            false_win="refused",
            hands_in_match=4 if resolved["short_match"] else 16,
        )
