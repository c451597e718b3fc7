"""The casual vs-computer game (seed 001, ``shared/rules/casual.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sparrow.rules.ruleset import Ruleset, TableRules, register


@register
class Casual(Ruleset):
    name = "casual"
    title = "Casual game against the computer"
    defaults: Mapping[str, Any] = {"max_fan": 5, "rotate": False}

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        resolved = self.resolve_options(options)
        return TableRules(
            bonus_tiles=False,
            break_dice=2,
            dead_wall="none",
            rotation="dealer_keeps" if resolved["rotate"] else "none",
            rob_added_kong=False,
            false_win="refused",
            hands_in_match=1,
        )
