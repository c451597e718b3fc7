"""How much of a decision the evaluator counts: a level plays by one setting of it.

Expert's (:data:`EXPERT`) counts everything the evaluator knows (:mod:`sparrow.bots.evaluator`,
:mod:`sparrow.bots.plan_values`). Normal's (:data:`NORMAL`) is a weaker, faster one, a steady
player's: its chance to win alone (every win worth a typical win: the scorer is asked only whether
a wait can win), no reading of the others' danger, no count of the places at stake, and

* at Riichi its own tiles alone as seen: it does not count the rivers and sets for tiles to come
  (it still knows furiten, a rule: a wait in its own river wins by tsumo only);
* in the families the plan players play, the plan Normal would follow (its own planner, the nearest
  direction that reaches the minimum), with no draw looked ahead; these families' Normal counts the
  table as it always has.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

__all__ = ["Setting", "EXPERT", "NORMAL", "SETTINGS"]


@dataclass(frozen=True, slots=True)
class Setting:
    """How much of a decision the evaluator counts (the module docstring)."""

    reads_table: bool = True  # Riichi: the rivers and sets count as seen (else the seat's own tiles)
    counts_worth: bool = True  # each win by the scorer's points (else every win a typical win)
    reads_danger: bool = True  # each discard read against every opponent that threatens
    counts_places: bool = True  # in a match's last hand, the places its points win or lose (bots.placement)
    plans_as: str = "expert"  # the plan players' families: whose plans (a level's temperament)


EXPERT: Final = Setting()
NORMAL: Final = Setting(
    reads_table=False, counts_worth=False, reads_danger=False, counts_places=False, plans_as="normal"
)
# The setting each level plays by (Easy by rules of its own).
SETTINGS: Final[dict[str, Setting]] = {"normal": NORMAL, "expert": EXPERT}
