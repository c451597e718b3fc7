"""Plan choice: which plan (:mod:`sparrow.bots.plans`) a player follows for a hand.

A :class:`Planner` holds a temperament's way of choosing: Normal and Easy the nearest plan that
reaches the minimum, the expert each plan's value weighed against its chance of completing
(:mod:`sparrow.bots.odds`). Discards, claims and kongs all ask it, before and after the move they
weigh, so it sits below them; :class:`~sparrow.bots.players.Bot` makes one for its temperament.
"""

from __future__ import annotations

from collections.abc import Sequence

from sparrow.bots.knowledge import Knowledge, foreign_bonus_context
from sparrow.bots.odds import reach_chance
from sparrow.bots.plans import FINER_PLANS, PLANS, Plan, acceptance, distance, plan_rows, plan_value, wins_on_discard
from sparrow.bots.ready import ready_hands, wait_values
from sparrow.bots.temperaments import Temperament
from sparrow.core.analysis import shanten
from sparrow.core.hand import Meld

__all__ = ["PlanChoice", "Planner"]


class PlanChoice:
    """A plan chosen for a hand: the plan (None when nothing reaches the minimum), its distance, the
    value of its completed hand, and (for the expert) its worth: value weighed by chance."""

    # Not a dataclass: made at every decision, and a written-out __init__ compiles to native code.
    __slots__ = ("plan", "distance", "value", "worth")

    def __init__(self, plan: Plan | None, distance: int, value: float, worth: float = 0.0) -> None:
        self.plan = plan
        self.distance = distance
        self.value = value
        self.worth = worth

    def __repr__(self) -> str:
        return f"PlanChoice({self.plan!r}, {self.distance}, {self.value}, {self.worth})"


class Planner:
    """How one temperament chooses the plan to follow (:meth:`choose_plan`)."""

    def __init__(self, temperament: Temperament) -> None:
        self.temperament = temperament
        self._unweighed = FINER_PLANS - set(temperament.finer_plans)  # the finer plans this player skips

    def choose_plan(
        self, knowledge: Knowledge, counts: Sequence[int], melds: tuple[Meld, ...], discarding: bool = False
    ) -> PlanChoice:
        """The plan to follow. Normal and Easy take the nearest plan that reaches the minimum (the
        simplest of equally near ones); the expert weighs each plan's value against its chance."""
        forms = knowledge.forms
        n = len(melds)
        rows = plan_rows(forms, counts, melds)
        if not rows:
            return PlanChoice(None, shanten(counts, n, forms), 0.0)
        nearest = rows[0][0]
        if discarding and nearest > self.temperament.plans_within and rows[0][2] is PLANS[0]:
            return PlanChoice(PLANS[0], nearest, 1.0)  # far from ready: tidy efficiency first
        unweighed = self._unweighed
        if not self.temperament.weighs_chances:
            if not knowledge.has_minimum:
                return PlanChoice(rows[0][2], nearest, 1.0)  # every complete hand wins: the nearest plan
            for d, _, plan in rows:
                if d > nearest + 4:
                    break
                if plan.name in unweighed:
                    continue
                value = self._plan_value(knowledge, plan, d, counts, melds)
                if value > 0:
                    return PlanChoice(plan, d, value)  # plans are listed simplest first
            return PlanChoice(None, nearest, 0.0)
        # The expert: the plans at the nearest distance that reaches the minimum, weighed by value and
        # chance; a plan one step further only if it is worth clearly more (a detour for a big hand).
        best: PlanChoice | None = None
        exponent = self.temperament.value_exponent
        detour = self.temperament.detour
        first_valid = None
        pace = self.temperament.self_draw_pace if knowledge.has_minimum else 1.0
        for d, _, plan in rows:
            if first_valid is not None and d > first_valid + (1 if detour else 0) or d > nearest + 4:
                break
            if plan.name in unweighed:
                continue
            value = self._plan_value(knowledge, plan, d, counts, melds)
            if value <= 0:
                continue
            if first_valid is None:
                first_valid = d
            worth = value**exponent
            chance = reach_chance(
                d,
                knowledge.draws_left,
                acceptance(plan, counts, n, knowledge.unseen),
                knowledge.unseen_total,
                plan.narrowness,
                self.temperament.draw_discount,
                1.0 if pace == 1.0 or wins_on_discard(plan, counts, melds, knowledge.context) else pace,
            )
            needed = best.worth * (detour if d > first_valid else 1.0) if best is not None else 0.0
            if best is None or worth * chance > needed:
                best = PlanChoice(plan, d, value, worth * chance)
            if self.temperament.nearest_plan:
                break  # the simplest of the nearest plans that reach the minimum, as Normal follows
        return best or PlanChoice(None, nearest, 0.0)

    def _plan_value(
        self, knowledge: Knowledge, plan: Plan, d: int, counts: Sequence[int], melds: tuple[Meld, ...]
    ) -> float:
        """A plan's value: its prototype's score, except when the hand is ready on the plan (or one
        discard from it): then the real winning tiles are scored, so a ready hand that cannot reach
        the minimum is seen as worth nothing and the player looks for another way."""
        if d != 0:
            value = plan_value(plan, counts, melds, knowledge.context)
            risk = self.temperament.bonus_risk
            if risk and value > 0:
                foreign = foreign_bonus_context(knowledge.context)
                if foreign is not None:
                    value = (1 - risk) * value + risk * plan_value(plan, counts, melds, foreign)
            return value
        n = len(melds)
        pairs4 = knowledge.forms.four_as_two_pairs
        unseen = knowledge.unseen
        best = 0.0
        for tile, hand in ready_hands(knowledge, counts, n):
            if tile is None or distance(plan, hand, n, pairs4) == 0:
                found = wait_values(knowledge, hand, melds, knowledge.waits(hand, n))
                weight = sum(unseen[w] + 0.1 for w, _, _ in found)
                if found:
                    best = max(best, sum((unseen[w] + 0.1) * value for w, _, value in found) / weight)
        return best
