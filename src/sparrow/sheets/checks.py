"""The checks a hand score must pass, shared by the score sheet and the web's ``POST /api/settle`` (one
validation for both: an NTS winner with 40 points is refused by each, in the same words).

* :func:`check_scores`: the family's own checks of the hand scores (``Ruleset.check_scores``: every NTS
  hand score 0–2000, a winner's at least 80, a dead hand 0), as a :class:`SheetError`;
* :func:`hkos_points`: the faan a winning HKOS hand counted, turned into points by seed 003's table
  (3 faan 8, 4 faan 16, ... 10 faan or more 128), and back.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from sparrow.rules import ScoresError, get_ruleset
from sparrow.rules.hkos import FAAN_POINTS, LIMIT_FAAN
from sparrow.rules.nts import MINIMUM_WIN
from sparrow.sheets.errors import SheetError

__all__ = [
    "check_scores",
    "NTS_MINIMUM_WIN",
    "hkos_minimum",
    "hkos_points",
    "hkos_faan",
    "MAX_FAAN",
]

NTS_MINIMUM_WIN = MINIMUM_WIN  # Mahjong's 20 points doubled twice: the least a winner scores
MAX_FAAN = 99  # far above the limit (10): keeps absurd input out


def check_scores(
    rules: str, scores: Mapping[str, Any], winner: str | None, dead: Collection[str] = (), *, field: str = "scores"
) -> None:
    """Refuse hand scores no game of the family ``rules`` can have (``Ruleset.check_scores``). ``scores``
    maps a player (a sheet's name, or a seat for ``/api/settle``) to a hand score; ``winner`` is None for
    a drawn game. Raises :class:`SheetError` naming ``field.<player>``."""
    try:
        get_ruleset(rules).check_scores(scores, winner, dead, field=field)
    except ScoresError as error:
        raise SheetError(error.field, error.template, **error.params) from None


def hkos_minimum(options: Mapping[str, Any]) -> int:
    """The faan a winning hand needs at this table (the option ``minimum``, 3 by default)."""
    return min(int(options.get("minimum", 3)), LIMIT_FAAN)


def hkos_points(faan: int) -> int:
    """Seed 003's conversion: 3 faan 8, 4 faan 16, 5 faan 24 ... 10 faan or more 128 (the limit)."""
    return FAAN_POINTS[min(faan, LIMIT_FAAN)]


def hkos_faan(points: int) -> int | None:
    """The faan a number of points stands for (None if it is not on the table)."""
    return FAAN_POINTS.index(points) if points in FAAN_POINTS else None
