"""The computer players: Easy, Normal and Expert.

Each is handed one seat's :class:`~sparrow.game.state.Observation` (its legal actions included) and
returns one of those actions. They share one way of reading a hand (:mod:`sparrow.bots.plans`:
directions, distances, acceptance, values from the ruleset's scorer) and differ in how they use it:

* **Normal** plays tidy tile efficiency under the minimum. It follows the nearest plan that reaches
  the ruleset's minimum, discards the tile that keeps that plan's distance with the most unseen
  improving tiles (tiles the plan does not use first), and once a discard makes the hand ready with
  winning tiles that score, takes the ready hand with the most of them. It claims a pung when the
  hand is then nearer and still reaches the minimum, but a chow only to get ready or within a tile
  of it: an early chow that only tidies the hand gives more away than it gains (seed 003, "Claim
  with care"). It always declares a legal win.
* **Expert** chooses its plan by what it is worth and how likely it is (the plan's score from the
  ruleset's scorer, weighed against its chance of completing before the wall ends,
  :mod:`sparrow.bots.odds`; under casual and NTS, by its chance alone once it scores, a variant
  below), so it builds a bigger hand when that pays and races when it does not;
  but once a discard makes the hand ready with winning tiles that score, it takes the ready hand,
  and among ready hands it prefers winning tiles the opponents throw readily (honours and terminals
  nobody can use go out far more often than middle tiles, :func:`~sparrow.bots.odds.discard_appeal`).
  It looks two draws ahead among equally near discards (the tiles that improve the hand, and how
  well the hand accepts after each). It claims whenever the hand after the claim is worth more than
  passing (seed 001: the expert "claims more aggressively"), never when the minimum is then out of
  reach. It defends (:mod:`sparrow.bots.danger`): among equally good discards (under HKOS, nearly
  equal ones) it throws the safest, and when an opponent is plainly close and its own hand is far
  it folds to the safest tiles.
* **Easy** plays like Normal but loosely: now and then a careless discard or a missed claim, so
  beginners can win; it still never makes an illegal move and still wins hands.

A bot's only state is its seed; a decision is a function of the seed and the observation, so a game
resumed from its log plays on exactly as it would have.

:class:`Bot` reads the observation, chooses a plan (:meth:`Bot.choose_plan`) and hands each decision
to the module of its concern, which asks the bot for plans as it weighs the hand:

* :mod:`sparrow.bots.temperaments`: how each level plays, as data (and its variants by ruleset);
* :mod:`sparrow.bots.discards`: the discard on its own turn;
* :mod:`sparrow.bots.kongs`: a kong declared on its own turn;
* :mod:`sparrow.bots.claims`: a chow, pung or kong on another player's discard;
* :mod:`sparrow.bots.defence`: when to fold and which honours to hold back (tile danger itself:
  :mod:`sparrow.bots.danger`);
* :mod:`sparrow.bots.ready`: ready hands and what their winning tiles are worth, which all of them read.
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Mapping, Sequence
from typing import Any, Final

from sparrow.bots.claims import choose_claim, kind_of
from sparrow.bots.discards import THROW_RANK, choose_discard, loose_discard
from sparrow.bots.knowledge import Knowledge, foreign_bonus_context, know
from sparrow.bots.kongs import kong_worth_it
from sparrow.bots.odds import reach_chance
from sparrow.bots.plans import FINER_PLANS, PLANS, Plan, acceptance, distance, plan_rows, plan_value, wins_on_discard
from sparrow.bots.ready import ready_hands, wait_values
from sparrow.bots.temperaments import LEVELS, TEMPERAMENTS, VARIANTS, Temperament, temperaments_by_rules
from sparrow.core.analysis import shanten
from sparrow.core.hand import Meld
from sparrow.game.actions import Action, ActionKind
from sparrow.game.state import Observation, Phase

__all__ = ["Bot", "PlanChoice", "Temperament", "TEMPERAMENTS", "LEVELS", "VARIANTS", "temperaments_by_rules"]

# The action kinds, read once: compiled (sparrow._compiled), ``ActionKind.DISCARD`` is a look-up
# through the enum class's attribute hook at every use, and the bots test the kind of every legal
# action at every decision.
_DISCARD: Final = ActionKind.DISCARD
_CONCEALED_KONG: Final = ActionKind.CONCEALED_KONG
_ADDED_KONG: Final = ActionKind.ADDED_KONG
_WIN: Final = ActionKind.WIN
_TURN: Final = Phase.TURN


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


class Bot:
    """A computer player of one level. ``act(observation)`` returns one of its legal actions."""

    def __init__(self, temperament: Temperament, seed: int, by_rules: Mapping[str, Temperament] | None = None) -> None:
        self.temperament = temperament
        self.seed = seed
        self._unweighed = FINER_PLANS - set(temperament.finer_plans)  # the finer plans this player skips
        # The same level under a ruleset it plays differently: a bot of that temperament and seed.
        self._by_rules = {rules: Bot(t, seed) for rules, t in (by_rules or {}).items()}

    @property
    def level(self) -> str:
        return self.temperament.level

    def __repr__(self) -> str:
        return f"get_bot({self.level!r}, {self.seed!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled and copied by what it was made from (compiled, the default way cannot rebuild it).
        return (Bot, (self.temperament, self.seed, {rules: bot.temperament for rules, bot in self._by_rules.items()}))

    # ------------------------------------------------------------------ the one entry point

    def act(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        variant = self._by_rules.get(observation.rules)
        if variant is not None:
            return variant.act(observation)
        legal = observation.legal_actions
        if not legal:
            raise ValueError(f"seat {observation.seat} has nothing to decide now")
        if len(legal) == 1:
            return legal[0]
        for action in legal:
            if action.kind is _WIN:
                return action  # every level always declares a legal win
        knowledge = know(observation)
        if observation.phase is _TURN:
            return self._turn(knowledge, legal)
        return choose_claim(self, knowledge, legal)

    # ------------------------------------------------------------------ randomness from the seed

    def rng(self, observation: Observation) -> random.Random:
        """A generator for this decision: the seed and where the hand stands, so the same observation
        always gets the same decision (and a game resumed from its log plays on the same way)."""
        text = "|".join(
            (
                str(self.seed),
                observation.seat,
                observation.round_wind,
                str(observation.live_wall),
                str(observation.replacement_tiles),
                observation.phase.value,
                ",".join(str(int(t)) for t in observation.hand),
                str(sum(len(p) for p in observation.discards.values())),
                str(observation.claim_tile),
            )
        )
        return random.Random(zlib.crc32(text.encode()))

    # ------------------------------------------------------------------ choosing a plan

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

    # ------------------------------------------------------------------ own turn

    def _turn(self, knowledge: Knowledge, legal: Sequence[Action]) -> Action:
        """A kong worth declaring, else a discard (now and then a careless one, for Easy)."""
        discards: list[Action] = []
        kongs: list[Action] = []
        for action in legal:
            kind = action.kind
            if kind is _DISCARD:
                discards.append(action)
            elif kind is _CONCEALED_KONG or kind is _ADDED_KONG:
                kongs.append(action)
        if kongs:
            kong = kong_worth_it(self, knowledge, kongs)
            if kong is not None:
                return kong
        if not discards:
            return legal[0]
        by_tile = {kind_of(a.tile): a for a in discards}
        tiles = sorted(by_tile, key=THROW_RANK.__getitem__)
        if self.temperament.loose_discard:
            rng = self.rng(knowledge.observation)
            if rng.random() < self.temperament.loose_discard:
                return by_tile[loose_discard(knowledge, tiles, rng)]
        return by_tile[choose_discard(self, knowledge, tiles)]
