"""The checks a hand score must pass, shared by the score sheet and the web's ``POST /api/settle`` (one
validation for both: an NTS winner with 40 points is refused by each, in the same words).

* :func:`check_scores`: the family's own checks of the hand scores (``Ruleset.check_scores``: every NTS
  hand score 0–2000, a winner's at least 80, a dead hand 0), as a :class:`SheetError`.

A sheet's own checks of a winner's score (HKOS's faan table, the Chinese minimum, the casual values)
are the family's too: ``Ruleset.check_win`` and ``Ruleset.check_dealer_win`` (``sparrow.sheets.rows``).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from sparrow.rules import ScoresError, get_ruleset
from sparrow.rules.nts import MINIMUM_WIN
from sparrow.sheets.errors import SheetError

__all__ = ["check_scores", "NTS_MINIMUM_WIN", "MAX_FAAN"]

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
