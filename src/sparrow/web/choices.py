"""The choices a player makes before a match against the computer: per family, the length of the
match and the options that matter at a table, each with the values a player picks from.

The values are the family's own options (``Ruleset.defaults``): the home page offers them and
``GET /api/choices`` lists them, and ``POST /api/games`` takes them in ``options``. A choice left at
its default is not sent, so a game keeps ``options: {}`` unless the player changed something.
Choices that make a win easier (a lower minimum, seven pairs) leave the leaderboard out: the game
is unranked (``RANKED_OPTIONS`` in ``games.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sparrow.i18n import N_
from sparrow.rules import get_ruleset, ruleset_names

__all__ = ["CHOICES", "match_choices"]

# Family → its choices in the order the page shows them: (option, label, [(value, label)...]) with
# an empty list for a yes/no option.
CHOICES: Mapping[str, tuple[tuple[str, str, tuple[tuple[Any, str], ...]], ...]] = {
    "casual": (
        ("hands", N_("Match length"), ((1, N_("One hand")), (4, N_("4 hands")), (16, N_("16 hands")))),
        ("rotate", N_("Rotate the dealer (4 hands make the East round)"), ()),
    ),
    "nts": (),  # a session of four hands, every seat moving after each: the rules leave nothing to choose
    "hkos": (
        (
            "short_match",
            N_("Match length"),
            ((False, N_("Four rounds (16 hands at least)")), (True, N_("East round only (4 hands at least)"))),
        ),
        ("minimum", N_("Faan needed to win"), ((3, N_("3 faan")), (1, N_("1 faan")), (0, N_("No minimum")))),
        ("seven_pairs", N_("Seven pairs wins (4 faan)"), ()),
        ("flowers", N_("Flowers and seasons in play (144 tiles)"), ()),
    ),
    "chinese": (
        (
            "short_match",
            N_("Match length"),
            ((False, N_("Four rounds (16 hands)")), (True, N_("East round only (4 hands)"))),
        ),
    ),
    "riichi": (
        (
            "preset",
            N_("Rules of"),
            (
                ("tenhou", N_("Tenhou (ranked game)")),
                ("mahjong-soul", N_("Mahjong Soul")),
                ("m-league", N_("M-League")),
                ("wrc", N_("World Riichi Championship")),
            ),
        ),
        (
            "length",
            N_("Match length"),
            (("hanchan", N_("East and South rounds (hanchan)")), ("tonpuu", N_("East round only (tonpuusen)"))),
        ),
    ),
}


def match_choices(translate: Callable[[str], str], ranked: frozenset[str]) -> list[dict[str, Any]]:
    """Every family's choices, texts through ``translate`` (the page language's gettext): for each
    choice its option name, label, default, whether any other value keeps the game ranked, and the
    values to pick from (none for a yes/no)."""
    families = []
    known = set(ruleset_names())
    for rules, choices in CHOICES.items():
        if rules not in known:
            continue
        defaults = get_ruleset(rules).defaults
        families.append(
            {
                "rules": rules,
                "choices": [
                    {
                        "option": option,
                        "label": translate(label),
                        "default": defaults[option],
                        "ranked": option in ranked,
                        "type": "choice" if values else "bool",
                        "values": [{"value": value, "label": translate(text)} for value, text in values],
                    }
                    for option, label, values in choices
                ],
            }
        )
    return families
