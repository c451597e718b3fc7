"""Rule families: each one module, found by name through :func:`get_ruleset`."""

from sparrow.rules.ruleset import (
    RulesError,
    Ruleset,
    ScoreItem,
    ScoreResult,
    Settlement,
    TableRules,
    get_ruleset,
    ruleset_names,
    score,
    settle,
)

__all__ = [
    "Ruleset",
    "RulesError",
    "ScoreItem",
    "ScoreResult",
    "Settlement",
    "TableRules",
    "get_ruleset",
    "ruleset_names",
    "score",
    "settle",
]
