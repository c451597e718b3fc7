"""Expert as it was before a change, as an outside agent for ``sparrow simulate``: seated three times
against Expert as it is, the lab's paired table ("each player minus the mean of the others") is what
the change is worth, hand by hand on the same deals.

    PYTHONPATH=bench .venv/bin/sparrow simulate -r nts -n 8000 --duplicate --seed 2026 \\
        -p expert,expert_before:WithoutEvaluatorEquals,expert_before:WithoutEvaluatorEquals,expert_before:WithoutEvaluatorEquals

``WithoutEvaluatorEquals``: Expert before the evaluator chose among the discards its own rules find
equally good under NTS, HKOS and the Chinese guidelines (``Temperament.evaluator_equals``;
docs/bots.md, "Expert among its equals").
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from sparrow.bots.players import TEMPERAMENTS, Bot, temperaments_by_rules
from sparrow.game.actions import Action
from sparrow.game.views import Observation


class WithoutEvaluatorEquals:
    """Expert with ``evaluator_equals`` off in every ruleset."""

    def __init__(self, seed: int = 0) -> None:
        base = dataclasses.replace(TEMPERAMENTS["expert"], evaluator_equals=False)
        by_rules = {
            rules: dataclasses.replace(temperament, evaluator_equals=False)
            for rules, temperament in temperaments_by_rules("expert", TEMPERAMENTS["expert"]).items()
        }
        self._bot = Bot(base, seed, by_rules)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self._bot.act(observation)
