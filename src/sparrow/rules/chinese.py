"""The Chinese points guidelines (seed 002, ``shared/rules/chinese.md``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sparrow.rules.ruleset import Ruleset, TableRules, register


@register
class Chinese(Ruleset):
    name = "chinese"
    title = "Chinese points guidelines"
    defaults: Mapping[str, Any] = {}

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        self.resolve_options(options)
        return TableRules(
            bonus_tiles=True,
            break_dice=2,
            dead_wall="none",
            rotation="pass",
            rob_added_kong=True,
            false_win="refused",
            hands_in_match=16,
        )
