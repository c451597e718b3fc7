"""Rule families, each one module, found by name through :func:`get_ruleset`.

The registry is the table :data:`FAMILIES` below: a family's name, the module that defines it and its
:class:`~sparrow.rules.ruleset.Ruleset` class. A family's module is imported the first time the family is
asked for, so a command that scores casual hands never loads the NTS tables, and nothing a family imports
can reach back into this registry while it loads. Adding a family is one module and one row here.
"""

from __future__ import annotations

from importlib import import_module

from sparrow.core.messages import quote
from sparrow.core.situation import HandSituation
from sparrow.rules.ruleset import (
    MatchChoice,
    RulesError,
    Ruleset,
    ScoreItem,
    ScoreResult,
    ScoresError,
    Settlement,
    TableRules,
)

__all__ = [
    "FAMILIES",
    "MatchChoice",
    "Ruleset",
    "RulesError",
    "ScoreItem",
    "ScoreResult",
    "ScoresError",
    "Settlement",
    "TableRules",
    "families",
    "get_ruleset",
    "ruleset_names",
    "score",
    "settle",
]

# name -> (module, class): every rule family Sparrow knows.
FAMILIES: dict[str, tuple[str, str]] = {
    "casual": ("sparrow.rules.casual", "Casual"),
    "chinese": ("sparrow.rules.chinese", "Chinese"),
    "hkos": ("sparrow.rules.hkos", "HKOS"),
    "nts": ("sparrow.rules.nts", "NTS"),
    "riichi": ("sparrow.rules.riichi.family", "Riichi"),
}

_LOADED: dict[str, Ruleset] = {}  # one instance per family, made on first use


def get_ruleset(name: str) -> Ruleset:
    """The family called ``name`` (``"nts"``, ``"hkos"``, ``"chinese"``, ``"casual"``, ``"riichi"``)."""
    ruleset = _LOADED.get(name) if isinstance(name, str) else None
    if ruleset is not None:
        return ruleset
    entry = FAMILIES.get(name) if isinstance(name, str) else None
    if entry is None:
        raise RulesError(f"unknown ruleset {quote(name)} (known: {', '.join(sorted(FAMILIES))})")
    module, class_name = entry
    family: Ruleset = getattr(import_module(module), class_name)()  # FAMILIES names Ruleset classes
    _LOADED[name] = family
    return family


def ruleset_names() -> list[str]:
    """Every family's name, sorted."""
    return sorted(FAMILIES)


def families() -> list[Ruleset]:
    """Every family, in the order the faces list them (``Ruleset.order``, then the name)."""
    return sorted((get_ruleset(name) for name in FAMILIES), key=lambda family: (family.order, family.name))


def score(situation: HandSituation) -> ScoreResult:
    """Score a hand situation under the ruleset it names."""
    return get_ruleset(situation.rules).score(situation)


def settle(settlement: Settlement) -> dict[str, int]:
    """Payments per seat for a finished hand; they sum to zero."""
    payments = get_ruleset(settlement.rules).settle(settlement)
    assert sum(payments.values()) == 0, payments
    return payments
