"""The choices a player makes before a match against the computer: per family, the length of the
match and the options that matter at a table, each with the values a player picks from.

The choices and their values are the family's own (``Ruleset.match_choices``, over its options
``Ruleset.defaults``): the home page offers them and
``GET /api/choices`` lists them, and ``POST /api/games`` takes them in ``options``. A choice left at
its default is not sent, so a game keeps ``options: {}`` unless the player changed something.
Choices that make a win easier (a lower minimum, seven pairs) leave the leaderboard out: the game
is unranked (``RANKED_OPTIONS`` in ``games.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sparrow.rules import families, get_ruleset

__all__ = ["match_choices", "chosen_terms"]


def match_choices(translate: Callable[[str], str], ranked: frozenset[str]) -> list[dict[str, Any]]:
    """Every family's choices (``Ruleset.match_choices``), texts through ``translate`` (the page
    language's gettext): for each choice its option name, label, default, whether any other value keeps
    the game ranked, and the values to pick from (none for a yes/no)."""
    return [
        {
            "rules": ruleset.name,
            "choices": [
                {
                    "option": option,
                    "label": translate(label),
                    "default": ruleset.defaults[option],
                    "ranked": option in ranked,
                    "type": "choice" if values else "bool",
                    "values": [{"value": value, "label": translate(text)} for value, text in values],
                }
                for option, label, values in ruleset.match_choices
            ],
        }
        for ruleset in families()
    ]


def chosen_terms(rules: str, options: Mapping[str, Any], translate: Callable[[str], str]) -> list[str]:
    """What was chosen among the family's choices that take a value (a preset, a match length), as
    the home page words each value, in the order the family lists them: the line under a table's
    title that says which rules it plays ("Tenhou (ranked game)", "East round only")."""
    ruleset = get_ruleset(rules)
    terms = []
    for option, _label, values in ruleset.match_choices:
        value = options.get(option, ruleset.defaults.get(option))
        text = next((text for choice, text in values if choice == value), None)
        if text is not None:
            terms.append(translate(text))
    return terms
