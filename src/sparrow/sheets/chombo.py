"""A chombo row: a penalty the family's tournament rules give outside the hands (a false win that
stops the hand, a wrong riichi...), written on the sheet as its own row, ``{"chombo": "Ann"}``.

What it costs is the family's data (``Ruleset.sheet_chombo``, decided in ``docs/rules/<family>.md``,
"Chombo"): that many points (NTS) or rank points (Riichi) off the offender's total, nobody else's
total changed. A chombo row is no hand and no game: it moves neither the deal nor the match's length,
is not numbered among the hands, and may be written after the match has ended (a penalty is often
given at the end). A sheet whose family has no chombo refuses the row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.rules import get_ruleset, ruleset_names
from sparrow.sheets.errors import SheetError

__all__ = ["CHOMBO", "CHOMBO_DERIVED", "chombo_penalty", "is_chombo", "parse_chombo", "chombo_points"]

CHOMBO = "chombo"  # the row's one typed field: the offender's name
# What an exported chombo row carries besides (recomputed on import, so ignored).
CHOMBO_DERIVED = ("n", "hand", "points", "totals", "payments", "dealer", "seats", "round_wind", "places")


def chombo_penalty(rules: str) -> int | None:
    """What a chombo takes off the offender's total on a sheet of ``rules`` (``Ruleset.sheet_chombo``);
    None where the sheet has no chombo row (the free sheet, the families without one)."""
    if rules not in ruleset_names():
        return None
    return get_ruleset(rules).sheet_chombo


def is_chombo(data: Any) -> bool:
    """Whether typed row ``data`` is a chombo row (it names an offender under ``chombo``)."""
    return isinstance(data, Mapping) and data.get(CHOMBO) is not None


def parse_chombo(data: Mapping[str, Any], rules: str, players: Sequence[str], *, imported: bool = False) -> str:
    """The offender of a chombo row, checked: a player of the sheet, on a sheet that has the row."""
    if chombo_penalty(rules) is None:
        raise SheetError(CHOMBO, "this sheet has no chombo row: its rules count no penalty outside the hands")
    for key in data:
        if key != CHOMBO and not (imported and key in CHOMBO_DERIVED):
            raise SheetError(str(key), "a chombo row names only the player who made the chombo")
    name = data[CHOMBO]
    if not isinstance(name, str) or name not in players:
        shown = repr(name) if len(repr(name)) <= 60 else repr(name)[:59] + "…"
        raise SheetError(
            CHOMBO, "{name} is not a player of this sheet (players: {players})", name=shown, players=", ".join(players)
        )
    return name


def chombo_points(rules: str, players: Sequence[str], offender: str) -> dict[str, int]:
    """What a chombo row adds to each total: the penalty off the offender's, 0 to everybody else's."""
    penalty = chombo_penalty(rules)
    assert penalty is not None  # parse_chombo refused the row otherwise
    return {name: -penalty if name == offender else 0 for name in players}
