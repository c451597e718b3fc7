"""Defence, the player's side: when to fold, and which honours to hold back.

Beside :mod:`sparrow.bots.danger`, not in it: that module reads the table (how likely each opponent
is to be ready, how dangerous each tile is) the same way for every player, while these are a
temperament's decisions about its own hand given that reading. The safest of equally good discards
is picked with the discard (:mod:`sparrow.bots.discards`).
"""

from __future__ import annotations

from sparrow.bots.danger import Threats
from sparrow.bots.knowledge import Knowledge
from sparrow.bots.planning import PlanChoice
from sparrow.bots.plans import WIND_KINDS
from sparrow.bots.temperaments import Temperament

__all__ = ["should_fold", "feeding"]


def should_fold(temperament: Temperament, knowledge: Knowledge, choice: PlanChoice, threats: Threats) -> bool:
    """Somebody is plainly close and this hand is far from winning (seed 003, "Know when to stop")."""
    if threats.highest < temperament.fold_threshold:
        return False
    reach = temperament.fold_distance
    return (
        choice.plan is None or choice.distance >= reach or (choice.distance >= reach - 1 and knowledge.draws_left < 8)
    )


def feeding(knowledge: Knowledge, own_wind: bool = False) -> set[int]:
    """The honours an opponent would score a pung of (the dragons, the round wind, its own seat wind)
    with at least two copies unseen, so that one of them may hold a pair: thrown, such a tile may
    give that player a scoring set and a step nearer its minimum. With ``own_wind``, this seat's own
    wind too: two more copies may come, and a pung of it scores for this seat."""
    scoring = {31, 32, 33, WIND_KINDS[knowledge.context.round_wind]}
    scoring.update(WIND_KINDS[seat] for seat in knowledge.opponents)
    if own_wind:
        scoring.add(WIND_KINDS[knowledge.context.seat_wind])
    unseen = knowledge.unseen
    return {t for t in scoring if unseen[t] >= 2}
