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
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, Final

from sparrow._compiled import by_fields
from sparrow.bots.danger import Threats
from sparrow.bots.knowledge import Knowledge, foreign_bonus_context, know
from sparrow.bots.odds import DISCARD_LOOKS, DRAW_DISCOUNT, discard_appeal, reach_chance, typical_chance, win_chance
from sparrow.bots.plans import (
    FINER_PLANS,
    PLANS,
    WIND_KINDS,
    DiscardView,
    Plan,
    acceptance,
    accepting,
    blend,
    distance,
    melds_fit,
    plan_rows,
    plan_value,
    win_scores,
    wins_on_discard,
)
from sparrow.core.analysis import accepted_tiles, shanten
from sparrow.core.hand import Meld, MeldKind
from sparrow.core.tiles import KINDS, Tile
from sparrow.game.actions import Action, ActionKind
from sparrow.game.state import Observation, Phase

__all__ = ["Bot", "Temperament", "TEMPERAMENTS", "LEVELS", "VARIANTS", "temperaments_by_rules"]


@dataclass(frozen=True, slots=True)
class Temperament:
    """How a level plays.

    ``loose_discard`` is the chance of a careless discard and ``missed_claim`` of letting a useful
    claim go (Easy). ``chow_reach``: a chow is claimed only when the hand is then at most this many
    tiles from ready. ``weighs_chances`` chooses plans by value and chance and looks two draws ahead;
    ``value_exponent`` is how much a bigger hand counts there (a hand's score is weighed raised to this
    power: 1 maximises points, smaller numbers favour winning often over winning big). ``defends``
    reads the discards."""

    level: str
    loose_discard: float = 0.0
    missed_claim: float = 0.0
    chow_reach: int = 8
    pung_reach: int = 8
    plan_pung_reach: int = 8  # ...and a pung that builds the hand's scoring plan (a flush, all pungs), within this
    weighs_chances: bool = False
    value_exponent: float = 0.5
    plans_within: int = 99  # steer by plans only once the hand is this near ready; before, plain efficiency
    detour: float = 0.0  # a plan one step further is taken if worth this many times the nearest (0: never)
    lookahead: int = 0  # look two draws ahead while the hand is at most this many tiles from ready
    lookahead_share: float = 0.75  # ...among the discards accepting at least this share of the best
    deep_lookahead: bool = False  # two tiles from ready (a minimum), judge hands a tile away by their ready hands
    ready_ahead_always: bool = False  # one tile from ready, count the winning tiles of the ready hands ahead
    defends: bool = False
    claims_forward: bool = False  # also claim whenever the claim brings the hand nearer (expert)
    caution: float = 1.0  # how much a defending player weighs the chance of dealing in against its own chances
    fold_threshold: float = 0.55  # an opponent this likely to be ready...
    fold_distance: int = 2  # ...and a hand this many tiles from ready (one, late in the hand): fold
    normal_claims: bool = False  # claim as Normal does (only near ready), even when weighing chances
    safe_ties: bool = False  # among discards that keep the hand equally good, throw the safest
    tie_margin: float = 0.0  # ...counting as equal those within this share of the best
    tie_threat: float = 0.0  # ...once an opponent is at least this likely to be ready
    nearest_plan: bool = False  # weigh only the nearest plan that reaches the minimum, as Normal follows it
    ready_share: float = 0.8  # get ready when the ready hand is worth this share of the plan's worth (expert)
    wait_appeal: float = 0.0  # weigh a winning tile by how readily opponents throw its kind (expert; 0: not)
    appeal_seen: float = 0.15  # ...each copy of it in view (up to two) making it this much more likely thrown
    discard_looks: float = DISCARD_LOOKS  # opponents' discards that may hold a winning tile, per own draw
    draw_discount: float = DRAW_DISCOUNT  # the share of the draws left a plan's chance counts on
    # Under a minimum, these claims ("chow", "pung", "kong") only towards a hand that can still win on a discard.
    claim_discard_win: tuple[str, ...] = ()
    # ...and only where passing keeps a hand that may win on a discard (else the claim loses nothing).
    only_losing_discard_win: bool = False
    # Among equally good discards, hold back the honours an opponent would score a pung of (two copies unseen)...
    hold_honours: bool = False
    feed_risk: float = 0.0  # ...and once an opponent may be ready, count such an honour this much more dangerous
    hold_own_wind: bool = False  # ...and its own seat wind too (a pung of it scores for itself)
    finer_plans: tuple[str, ...] = ()  # the finer plans (FINER_PLANS) this player also weighs
    # Under a minimum, a plan whose hand may only be won self-drawn completes its last step this much slower.
    self_draw_pace: float = 1.0
    # While the seat holds no bonus tile (and the table plays with them), this share of a plan's value is
    # taken as it would be once a bonus tile of another seat came, the rest as it is (one may yet come).
    bonus_risk: float = 0.0
    # A kong claimed on a discard is taken when the hand after it is worth at least this share of
    # passing (0: only when worth more, as any claim): its replacement draw is a free step.
    kong_share: float = 0.0
    # How much a winning tile that only wins self-drawn counts against one a discard may win with.
    self_drawn_wait: float = 0.35
    # Under a minimum, a ready hand that can win only self-drawn claims a discard that leaves it ready
    # to win on a discard, when that hand is worth more.
    switch_claims: bool = False

    def __post_init__(self) -> None:
        unknown = set(self.claim_discard_win) - {"chow", "pung", "kong"}
        if unknown:
            raise ValueError(f"claim_discard_win names claims, not {sorted(unknown)!r}")
        unknown = set(self.finer_plans) - FINER_PLANS
        if unknown:
            raise ValueError(f"finer_plans names the finer plans, not {sorted(unknown)!r}")
        if not 0.0 <= self.bonus_risk <= 1.0:
            raise ValueError(f"bonus_risk is a share from 0 to 1, not {self.bonus_risk!r}")
        if self.kong_share < 0.0:
            raise ValueError(f"kong_share is a share of passing's worth, 0 or more, not {self.kong_share!r}")
        if not 0.0 < self.self_drawn_wait <= 1.0:
            raise ValueError(f"self_drawn_wait is a share above 0 and at most 1, not {self.self_drawn_wait!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return by_fields(self)


TEMPERAMENTS = {
    "easy": Temperament("easy", loose_discard=0.3, missed_claim=0.3),
    "normal": Temperament("normal", chow_reach=0, pung_reach=1),
    # Measured in the lab (docs/bots.md, "Tuning"): plans weighed by their full value, discards chosen
    # for the hand (the safest of equally good ones), a ready hand taken as soon as it scores, two
    # draws ahead over the discards accepting at least half the best, a fold once an opponent is
    # plainly close and the hand three or more tiles from ready (two late in the wall), and winning
    # tiles weighed by how readily the opponents throw them (honours and terminals above middle tiles).
    "expert": Temperament(
        "expert",
        weighs_chances=True,
        value_exponent=1.0,
        lookahead=2,
        lookahead_share=0.5,
        ready_share=0.0,
        claims_forward=True,
        defends=True,
        caution=0.0,
        fold_distance=3,
        safe_ties=True,
        wait_appeal=3.0,
    ),
}
LEVELS = tuple(TEMPERAMENTS)

# A level may play some rulesets differently (variants are data): for a level and a ruleset, the
# fields of its temperament that differ there. Measured in the lab (docs/bots.md, "Tuning").
VARIANTS: dict[str, dict[str, dict[str, object]]] = {
    # HKOS: a discard within a tenth of the best counts as equal, and the safest of them goes. It
    # dealt in less than Normal with both tuning seeds, where the base temperament dealt in more.
    # And a plan one tile further than the nearest that scores (a flush, above all) is taken when it
    # is worth half as much again: the three-faan minimum makes the nearest scoring hand a small one,
    # and a flush is worth far more. On two seeds of 6000 hands Expert won 1.17x / 1.11x Normal's
    # (from 1.09x / 1.07x) and its net score per hand rose from +3.3 / +2.8 to +5.5 / +4.8. And it
    # folds only when four tiles from ready (three late in the wall): a quarter of HKOS hands are
    # drawn, hands run long, and folding at three gave up more wins than it saved (with it, 1.25x /
    # 1.18x, net +6.3 / +5.3, still dealing in less than Normal). And no chow (or kong) after which
    # the hand could win only self-drawn: a declared set costs the concealed hand's faan, and a ready
    # hand one short of three faan then wins only with the self-draw's. A pung is still taken: it may
    # grow into all pungs, and passing pungs too lost wins. Played against the same rule for every
    # claim on the same 12000 hands, Expert won 104 more (2601 against 2497) with as many deal-ins
    # (on another 12000, 53 more);
    # on three seeds of 6000-8000 hands 1.24x / 1.24x / 1.16x Normal's (every claim: 1.23x / 1.29x /
    # 1.12x; no such rule: 1.25x / 1.18x / 1.12x), and far fewer deal-ins than Normal.
    # And it holds back the honours an opponent would score a pung of (the dragons, the round wind,
    # that player's seat wind) while two copies are unseen: among equally good discards another tile
    # goes first, and once an opponent may be ready such an honour counts a little more dangerous.
    # Thrown, it may give a Normal player a faan (a third of the minimum) and a step; kept, it may
    # pair for the Expert's own. On the same hands with and without it, six seeds of 6000-8000
    # hands, Expert won 238 more of 44000 and the others 133 fewer (the benchmark: 1.16x to 1.21x).
    # Under NTS and chinese it won less.
    # And while it holds no bonus tile it values a plan at 0.7 of its worth as if another seat's
    # bonus tile had come: "no bonus tiles" is a faan of the three that the next flower or season
    # drawn takes away, and a hand that needs it (a concealed hand of chows, say) is then short of
    # the minimum. Valued so, it keeps the honours and suits that score for good. On the same 6000
    # hands with and without it, four seeds, Expert won 21, 24, 38 and 35 more (the others 69
    # fewer), with as many deal-ins. Its own seat wind it holds back too (+9, +3, +9, +10 on the
    # same seeds, and +34 on four others before), and it folds only from five tiles from ready
    # (four late in the wall): +9, +12, +17, +20, with 70 more deal-ins of 24000 hands, still far
    # fewer than Normal's.
    # Chinese: a chow only when the hand is then at most two tiles from ready. Every claim is one more
    # discard and gives up the concealed hand's point. Claiming every chow that helps dealt in more;
    # within one tile of ready won less (1.11x / 1.10x Normal's on two seeds of 6000 hands, against
    # 1.15x / 1.13x within two, with as many deal-ins and a higher net score). And no pung (or kong)
    # after which the hand could win only self-drawn (the concealed point lost, the minimum of 3
    # reached only with the self-draw point): in the lab Expert had been ready in shape in two hands
    # of three but ready to win on a discard no more often than Normal. The rule for every claim won
    # more on three seeds of 6000 hands (1.21x / 1.12x / 1.20x against 1.15x / 1.13x / 1.15x), and
    # dealt in less than Normal; for chows it cost wins: played on the same 8000 hands, Expert without
    # it for chows won 87 more (2271 against 2184) with 7 more deal-ins. And two tiles
    # from ready it looks three draws ahead, judging the hands a tile from ready by the scoring ready
    # hands they lead to: with it 1.19x / 1.17x / 1.27x, 0.4-1.3 points fewer deal-ins than Normal.
    # And it claims a kong on a discard when the hand is worth as much after it (the concealed point
    # lost, the kong's won: a replacement draw for nothing), and passes a pung towards a self-drawn
    # win only where passing keeps a hand that may win on a discard. On the same 6000 hands with and
    # without them, Expert won 13 and 11 more (the kong alone, two seeds), 27 and 27 (both, two more).
    # And a ready hand that can win only self-drawn claims a discard after which it is ready to win
    # on one, when that hand's winning tiles are worth more (a wait point, a double chow, a dragon
    # pung): no other rule takes a claim that brings a ready hand no nearer. In the lab Expert won
    # 15% of the hands where it had been ready to win only self-drawn, 56% of those where a discard
    # could win it. On the same 6000 hands with and without it, three seeds, +11, +16 and +23 wins
    # (the benchmark: 1.24x to 1.26x).
    # Casual and NTS: a plan that scores is weighed by its chance alone, not by how much it scores.
    # Casual has no minimum and small scores; NTS doublings spread the values so far that weighing
    # them in full chased big hands. Either way, on two seeds of 6000 hands, Expert won more often
    # (casual 1.21-1.22x Normal's to 1.26-1.27x, NTS 1.13-1.16x to 1.19-1.20x) with its net score
    # still above zero. Under HKOS and chinese the same change won no more and scored less. And under
    # NTS, as under chinese, three draws ahead from two tiles from ready: played on the same 6000
    # hands with and without it, twice, Expert won 33 and 35 more with it, with as many deal-ins. And,
    # as under HKOS, the safest of the discards within a tenth of the best: on the same hands, twice
    # (6000 and 8000), 24 and 22 more wins with it, and 16 and 7 fewer deal-ins.
    # And under NTS it steers for a hand a discard may win: without its own flower or season a
    # concealed hand of chows scores one doubling on a discard and wins only self-drawn (the fully
    # concealed hand's two), about half of all the hands it got ready with. It weighs chows of the
    # simples alone too (two doublings by themselves), and a plan that may only be won self-drawn
    # completes its last step at 0.15 of the pace (only its own draws bring the tile). On the same
    # 6000 hands with and without both, two seeds, Expert won 85 and 134 more (alone: the plan +15,
    # the pace 0.4 +11; together at 0.4 +53 and +111), and dealt in 36 and 30 times fewer. And it
    # weighs the plans one tile further too, taking one when it is likelier to win than the nearest
    # (a hand of simple chows a tile further may beat a nearer one that wins only self-drawn): on
    # four seeds +29, +26, +31 and +50 wins more of 6000 hands.
    "expert": {
        "hkos": {
            "tie_margin": 0.1,
            "detour": 1.5,
            "fold_distance": 5,
            "claim_discard_win": ("chow", "kong"),
            "hold_honours": True,
            "feed_risk": 0.03,
            "bonus_risk": 0.7,
            "hold_own_wind": True,
        },
        "chinese": {
            "chow_reach": 2,
            "claim_discard_win": ("pung", "kong"),
            "only_losing_discard_win": True,
            "deep_lookahead": True,
            "kong_share": 1.0,
            "switch_claims": True,
        },
        "casual": {"value_exponent": 0.0},
        "nts": {
            "value_exponent": 0.0,
            "deep_lookahead": True,
            "tie_margin": 0.1,
            "finer_plans": ("simple-chows",),
            "self_draw_pace": 0.15,
            "detour": 1.0,
        },
    },
}


def temperaments_by_rules(level: str, temperament: Temperament) -> dict[str, Temperament]:
    """``temperament`` as it plays each ruleset that has a variant for ``level``."""
    return {rules: replace(temperament, **changes) for rules, changes in VARIANTS.get(level, {}).items()}  # type: ignore[arg-type]


# The action and set kinds, read once: compiled (sparrow._compiled), ``ActionKind.DISCARD`` is a
# look-up through the enum class's attribute hook at every use, and the bots test the kind of every
# legal action at every decision.
_DISCARD: Final = ActionKind.DISCARD
_CHOW: Final = ActionKind.CHOW
_PUNG: Final = ActionKind.PUNG
_KONG: Final = ActionKind.KONG
_CONCEALED_KONG: Final = ActionKind.CONCEALED_KONG
_ADDED_KONG: Final = ActionKind.ADDED_KONG
_WIN: Final = ActionKind.WIN
_PASS: Final = ActionKind.PASS
_TURN: Final = Phase.TURN
_CHOW_SET: Final = MeldKind.CHOW
_PUNG_SET: Final = MeldKind.PUNG
_KONG_SET: Final = MeldKind.KONG

# Discards that are otherwise equal go in this order: honours first, then terminals, then the tiles
# nearer the middle of a suit, which fit more runs.
_THROW_ORDER = tuple(
    sorted(range(34), key=lambda k: (0 if k >= 27 else (1 if k % 9 in (0, 8) else (2 if k % 9 in (1, 7) else 3)), k))
)
_THROW_RANK = {k: i for i, k in enumerate(_THROW_ORDER)}


class _Choice:
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
        return f"_Choice({self.plan!r}, {self.distance}, {self.value}, {self.worth})"


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
        return self._claim(knowledge, legal)

    # ------------------------------------------------------------------ randomness from the seed

    def _rng(self, observation: Observation) -> random.Random:
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

    def _choose_plan(
        self, knowledge: Knowledge, counts: Sequence[int], melds: tuple[Meld, ...], discarding: bool = False
    ) -> _Choice:
        """The plan to follow. Normal and Easy take the nearest plan that reaches the minimum (the
        simplest of equally near ones); the expert weighs each plan's value against its chance."""
        forms = knowledge.forms
        n = len(melds)
        rows = plan_rows(forms, counts, melds)
        if not rows:
            return _Choice(None, shanten(counts, n, forms), 0.0)
        nearest = rows[0][0]
        if discarding and nearest > self.temperament.plans_within and rows[0][2] is PLANS[0]:
            return _Choice(PLANS[0], nearest, 1.0)  # far from ready: tidy efficiency first
        unweighed = self._unweighed
        if not self.temperament.weighs_chances:
            if not knowledge.has_minimum:
                return _Choice(rows[0][2], nearest, 1.0)  # every complete hand wins: the nearest plan
            for d, _, plan in rows:
                if d > nearest + 4:
                    break
                if plan.name in unweighed:
                    continue
                value = self._plan_value(knowledge, plan, d, counts, melds)
                if value > 0:
                    return _Choice(plan, d, value)  # plans are listed simplest first
            return _Choice(None, nearest, 0.0)
        # The expert: the plans at the nearest distance that reaches the minimum, weighed by value and
        # chance; a plan one step further only if it is worth clearly more (a detour for a big hand).
        best: _Choice | None = None
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
                best = _Choice(plan, d, value, worth * chance)
            if self.temperament.nearest_plan:
                break  # the simplest of the nearest plans that reach the minimum, as Normal follows
        return best or _Choice(None, nearest, 0.0)

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
        for tile, hand in _ready_hands(knowledge, counts, n):
            if tile is None or distance(plan, hand, n, pairs4) == 0:
                found = self._wait_values(knowledge, hand, melds, knowledge.waits(hand, n))
                weight = sum(unseen[w] + 0.1 for w, _, _ in found)
                if found:
                    best = max(best, sum((unseen[w] + 0.1) * value for w, _, value in found) / weight)
        return best

    # ------------------------------------------------------------------ own turn

    def _turn(self, knowledge: Knowledge, legal: Sequence[Action]) -> Action:
        discards: list[Action] = []
        kongs: list[Action] = []
        for action in legal:
            kind = action.kind
            if kind is _DISCARD:
                discards.append(action)
            elif kind is _CONCEALED_KONG or kind is _ADDED_KONG:
                kongs.append(action)
        if kongs:
            kong = self._kong_worth_it(knowledge, kongs)
            if kong is not None:
                return kong
        if not discards:
            return legal[0]
        by_tile = {_kind_of(a.tile): a for a in discards}
        tiles = sorted(by_tile, key=_THROW_RANK.__getitem__)
        if self.temperament.loose_discard:
            rng = self._rng(knowledge.observation)
            if rng.random() < self.temperament.loose_discard:
                return by_tile[self._loose(knowledge, tiles, rng)]
        return by_tile[self._discard(knowledge, tiles)]

    def _kong_worth_it(self, knowledge: Knowledge, kongs: Sequence[Action]) -> Action | None:
        """Declare a kong when the hand is no further from its plan without the four tiles in it: the
        kong is a set all the same, and it brings a replacement draw."""
        counts = knowledge.counts
        melds = knowledge.melds
        now = self._choose_plan(knowledge, counts, melds)
        threats = Threats(knowledge) if self.temperament.defends else None
        for action in kongs:
            tile = _kind_of(action.tile)
            after = list(counts)
            if action.kind is _CONCEALED_KONG:
                after[tile] -= 4
                new_melds = melds + (_meld(_KONG_SET, tile, False),)
            else:
                after[tile] -= 1
                new_melds = tuple(
                    _meld(_KONG_SET, tile, True)  # the bots' sets name no seat (knowledge.melds)
                    if m.kind is _PUNG_SET and m.tiles[0] == tile
                    else m
                    for m in melds
                )
                if threats is not None and threats.highest >= 0.5 and threats.risk(tile) > 0.2:
                    continue  # an added tile can be robbed by a ready opponent
            # After the kong the hand draws a replacement: compare at thirteen tiles, like a discard.
            later = self._choose_plan(knowledge, after, new_melds)
            if now.plan is None or (later.plan is not None and later.distance <= now.distance):
                return action
        return None

    def _loose(self, knowledge: Knowledge, tiles: Sequence[int], rng: random.Random) -> int:
        """A careless discard, but not a wild one: any tile that leaves the hand at most one step back."""
        counts = knowledge.counts
        n = len(knowledge.melds)
        forms = knowledge.forms
        after = []
        for tile in tiles:
            counts[tile] -= 1
            after.append((shanten(counts, n, forms), tile))
            counts[tile] += 1
        best = min(s for s, _ in after)
        loose = [t for s, t in after if s <= best + 1]
        return loose[int(rng.random() * len(loose))]

    def _discard(self, knowledge: Knowledge, tiles: Sequence[int]) -> int:
        counts = knowledge.counts
        melds = knowledge.melds
        n = len(melds)
        forms = knowledge.forms
        unseen = knowledge.unseen
        expert = self.temperament.weighs_chances
        defends = self.temperament.defends
        ready: list[tuple[int, float, float, bool]] | None = None
        if not expert and not defends:
            # A discard that makes the hand ready with winning tiles that score: Normal takes it
            # whatever its plan, so the plan need not be chosen first.
            ready = self._ready_discards(knowledge, tiles) if shanten(counts, n, forms) <= 0 else []
            if ready:
                return self._pick([(r[1], r[0]) for r in ready], None)
        choice = self._choose_plan(knowledge, counts, melds, discarding=True)
        threats = Threats(knowledge) if defends else None
        chance = 1.0
        if threats is not None:
            if self._should_fold(knowledge, choice, threats):
                return min(tiles, key=lambda t: (threats.risk(t), _THROW_RANK[t]))
            chance = typical_chance(
                choice.distance if choice.plan else choice.distance + 2,
                knowledge.draws_left,
                knowledge.unseen_total,
                self.temperament.draw_discount,
            )
        feeds = _feeding(knowledge, self.temperament.hold_own_wind) if self.temperament.hold_honours else None

        # A discard that makes the hand ready with winning tiles that score.
        if ready is None:
            ready = self._ready_discards(knowledge, tiles) if shanten(counts, n, forms) <= 0 else []
        if ready and (not expert or max(r[2] for r in ready) >= self.temperament.ready_share * choice.worth):
            if expert:
                ranked = [(r[2], r[0]) for r in ready]
            else:
                ranked = [(r[1], r[0]) for r in ready]
            return self._pick(ranked, threats, chance, feeds)

        plan = choice.plan
        if plan is None:
            # Nothing reaches the minimum yet: plain efficiency, and hope for a flower or a self-draw.
            return self._pick(self._by_efficiency(counts, n, forms, unseen, tiles), threats, chance, feeds)
        target = choice.distance
        outside = [t for t in tiles if not plan.keeps(t)]
        if outside:
            # Tiles the plan does not use go first (throwing one leaves the plan's distance as it
            # is); which of them is only a question of safety.
            return self._pick([(0.0, t) for t in outside], threats, chance, feeds)
        view = DiscardView(plan, counts, n, forms.four_as_two_pairs)
        after = {tile: view.distance(tile) for tile in tiles}
        keeping = [tile for tile in tiles if after[tile] <= target] or list(tiles)
        if len(keeping) == 1:
            return keeping[0]
        ranked = [(float(view.acceptance(tile, after[tile], unseen)), tile) for tile in keeping]
        lookahead = self.temperament.lookahead
        if lookahead and 0 < target <= lookahead and len(ranked) > 1:
            # Two draws ahead, for the few discards that accept nearly the most now (far from ready,
            # the first step is what counts; once ready there is no second).
            ranked.sort(key=lambda r: -r[0])
            memo: dict[bytes, int] = {}
            deep_memo: dict[bytes, float] = {}
            ranked = [r for r in ranked[:3] if r[0] >= self.temperament.lookahead_share * ranked[0][0]]
            for i, (_, tile) in enumerate(ranked):
                counts[tile] -= 1
                if target == 1 and (knowledge.has_minimum or self.temperament.ready_ahead_always):
                    # One tile from ready under a minimum: count only the ready hands that can win.
                    score = self._ready_ahead(knowledge, counts, melds)
                elif target == 2 and knowledge.has_minimum and self.temperament.deep_lookahead:
                    score = self._three_step(knowledge, plan, counts, melds, unseen, memo, deep_memo)
                else:
                    score = self._two_step(plan, counts, n, unseen, target, forms.four_as_two_pairs, memo)
                ranked[i] = (score, tile)
                counts[tile] += 1
        return self._pick(ranked, threats, chance, feeds)

    def _ready_ahead(self, knowledge: Knowledge, counts: list[int], melds: tuple[Meld, ...]) -> float:
        """For a 13-tile hand one tile from ready: for each tile that would make it ready, how many
        winning tiles that score the hand would then wait on after its best discard (a winning tile
        that only wins self-drawn counting about a third), weighted by that tile's unseen copies."""
        n = len(melds)
        unseen = knowledge.unseen
        total = 0.0
        for tile in accepted_tiles(counts, n, knowledge.forms):
            copies = unseen[tile]
            if not copies:
                continue
            counts[tile] += 1
            best = 0.0
            for _, hand in _ready_hands(knowledge, counts, n):
                found = self._wait_values(knowledge, hand, melds, knowledge.waits(hand, n))
                best = max(best, sum(unseen[w] * self._wait_weight(knowledge, w, disc) for w, disc, _ in found))
            counts[tile] -= 1
            total += copies * best
        return total

    def _wait_weight(self, knowledge: Knowledge, tile: int, on_discard: bool) -> float:
        """How much one unseen copy of a winning tile counts: a tile that only wins self-drawn about a
        third; with ``wait_appeal``, a discard win by how readily the opponents throw the kind."""
        if not on_discard:
            return self.temperament.self_drawn_wait
        appeal = self.temperament.wait_appeal
        if not appeal:
            return 1.0
        looks = self.temperament.discard_looks
        seen = self.temperament.appeal_seen
        return (1.0 + looks * discard_appeal(tile, knowledge.visible[tile], appeal, seen)) / (1.0 + looks)

    def _pick(
        self,
        ranked: list[tuple[float, int]],
        threats: Threats | None,
        chance: float = 1.0,
        feeds: set[int] | None = None,
    ) -> int:
        """The best-scoring discard (the first in throwing order among equals). A defending player
        weighs what each discard keeps of its own chance to win (``chance`` times the discard's share
        of the best score) against the chance that it deals in. ``feeds``: honours held back among
        equals (:func:`_feeding`)."""
        best = max(score for score, _ in ranked)
        if threats is None or threats.highest < 0.05:
            if feeds:
                return min((t for score, t in ranked if score == best), key=lambda t: (t in feeds, _THROW_RANK[t]))
            return min((t for score, t in ranked if score == best), key=_THROW_RANK.__getitem__)
        scale = best if best > 0 else 1.0
        caution = self.temperament.caution
        if self.temperament.safe_ties and not caution:
            # Discards that keep the hand (nearly) as good as the best are equal: the safest of them.
            margin = self.temperament.tie_margin if threats.highest >= self.temperament.tie_threat else 0.0
            floor = best - margin * abs(best)
            extra = self.temperament.feed_risk
            if feeds and extra:
                return min(
                    (t for score, t in ranked if score >= floor),
                    key=lambda t: (threats.risk(t) + (extra if t in feeds else 0.0), _THROW_RANK[t]),
                )
            return min((t for score, t in ranked if score >= floor), key=lambda t: (threats.risk(t), _THROW_RANK[t]))
        return max(ranked, key=lambda r: (chance * r[0] / scale - caution * threats.risk(r[1]), -_THROW_RANK[r[1]]))[1]

    def _should_fold(self, knowledge: Knowledge, choice: _Choice, threats: Threats) -> bool:
        """Somebody is plainly close and this hand is far from winning (seed 003, "Know when to stop")."""
        temperament = self.temperament
        if threats.highest < temperament.fold_threshold:
            return False
        reach = temperament.fold_distance
        return (
            choice.plan is None
            or choice.distance >= reach
            or (choice.distance >= reach - 1 and knowledge.draws_left < 8)
        )

    def _by_efficiency(
        self, counts: list[int], n: int, forms, unseen: Sequence[int], tiles: Sequence[int]
    ) -> list[tuple[float, int]]:
        """Every discard scored by its unseen improving tiles if it leaves the lowest shanten, else 0."""
        rows = []
        for tile in tiles:
            counts[tile] -= 1
            s = shanten(counts, n, forms)
            accepted = sum(unseen[t] for t in accepted_tiles(counts, n, forms))
            counts[tile] += 1
            rows.append((s, accepted, tile))
        lowest = min(s for s, _, _ in rows)
        return [(float(accepted) if s == lowest else 0.0, tile) for s, accepted, tile in rows]

    def _two_step(
        self, plan: Plan, counts: list[int], n: int, unseen: Sequence[int], target: int, pairs4: bool, memo: dict
    ) -> float:
        """Two draws ahead: for each tile that would improve this 13-tile hand, how many unseen tiles
        the hand then accepts after its best discard, weighted by that tile's unseen copies."""
        return sum(
            copies * max(0, accepted)
            for copies, accepted, _ in _improvements(plan, counts, n, unseen, target, pairs4, memo)
        )

    def _three_step(
        self,
        knowledge: Knowledge,
        plan: Plan,
        counts: list[int],
        melds: tuple[Meld, ...],
        unseen: Sequence[int],
        acceptances: dict[bytes, int],
        memo: dict[bytes, float],
    ) -> float:
        """Three draws ahead, for a 13-tile hand two tiles from ready under a minimum: for each tile that
        would improve it, the hand one tile from ready after its most accepting discard, judged as
        :meth:`_ready_ahead` judges it (the winning tiles that score of the ready hands it leads to),
        weighted by that tile's unseen copies. Different discards often lead to the same hand a tile
        from ready: ``memo`` keeps each one's judgement for the decision (``acceptances``: as
        :meth:`_two_step` keeps its own)."""
        n = len(melds)
        total = 0.0
        for copies, accepted, hand in _improvements(
            plan, counts, n, unseen, 2, knowledge.forms.four_as_two_pairs, acceptances
        ):
            if accepted >= 0:
                key = bytes(hand)
                score = memo.get(key)
                if score is None:
                    score = memo[key] = self._ready_ahead(knowledge, hand, melds)
                total += copies * score
        return total

    def _ready_discards(
        self,
        knowledge: Knowledge,
        tiles: Sequence[int],
        counts: list[int] | None = None,
        melds: tuple[Meld, ...] | None = None,
    ) -> list[tuple[int, float, float, bool]]:
        """Discards that leave the hand (the seat's own, or ``counts`` with ``melds`` declared) ready
        with winning tiles that score: (tile, how many winning tiles are unseen, weighted by whether a
        discard may be claimed with them, the worth of the ready hand (:meth:`_ready_worth`), whether
        a discard may win it).

        Scoring the winning tiles is the costly part, so the discards are tried widest wait first and
        the search stops once no remaining wait could be wider than the best that scores."""
        if counts is None:
            counts = knowledge.counts
        if melds is None:
            melds = knowledge.melds
        n = len(melds)
        forms = knowledge.forms
        unseen = knowledge.unseen
        candidates = []
        for tile in tiles:
            counts[tile] -= 1
            if shanten(counts, n, forms) == 0:
                waits = knowledge.waits(counts, n)
                candidates.append((sum(unseen[w] for w in waits), tile, waits))
            counts[tile] += 1
        candidates.sort(key=lambda c: -c[0])
        result = []
        best = 0.0
        expert = self.temperament.weighs_chances
        for width, tile, waits in candidates:
            if width == 0 or (width < best and not expert):
                break
            counts[tile] -= 1
            found = self._wait_values(knowledge, counts, melds, waits)
            counts[tile] += 1
            weighted = sum(unseen[w] * (1.0 if disc else self.temperament.self_drawn_wait) for w, disc, _ in found)
            if weighted > 0:
                result.append((tile, weighted, self._ready_worth(knowledge, found), any(d for _, d, _ in found)))
                best = max(best, weighted)
        return result

    def _ready_worth(self, knowledge: Knowledge, found: Sequence[tuple[int, bool, float]]) -> float:
        """The worth of a ready hand with these winning tiles (:meth:`_wait_values`): each one's chance
        of coming before the wall ends times its score, weighed as the plans are."""
        temperament = self.temperament
        exponent = temperament.value_exponent
        appeal = temperament.wait_appeal
        seen = temperament.appeal_seen
        looks = temperament.discard_looks
        visible = knowledge.visible
        unseen = knowledge.unseen
        return sum(
            win_chance(
                unseen[w],
                knowledge.unseen_total,
                knowledge.draws_left,
                disc,
                discard_appeal(w, visible[w], appeal, seen) if appeal else 1.0,
                looks,
                temperament.draw_discount,
            )
            * value**exponent
            for w, disc, value in found
        )

    def _wait_values(
        self, knowledge: Knowledge, counts: Sequence[int], melds: tuple[Meld, ...], waits: Sequence[int]
    ) -> list[tuple[int, bool, float]]:
        """For each winning tile that scores: (tile, whether a discard win is legal, its value)."""
        found = []
        context = knowledge.context
        for wait in waits:
            on_discard, self_drawn = win_scores(context, counts, melds, int(wait))
            if on_discard:
                found.append((int(wait), True, blend(on_discard, self_drawn)))
            elif self_drawn:
                found.append((int(wait), False, float(self_drawn)))
        return found

    # ------------------------------------------------------------------ claims

    def _claim(self, knowledge: Knowledge, legal: Sequence[Action]) -> Action:
        passing = next((a for a in legal if a.kind is _PASS), legal[-1])
        claims = [a for a in legal if a.kind in (_CHOW, _PUNG, _KONG)]
        if not claims:
            return passing
        observation = knowledge.observation
        tile = _kind_of(observation.claim_tile)
        counts = knowledge.counts
        melds = knowledge.melds
        n = len(melds)
        forms = knowledge.forms
        temperament = self.temperament
        by_worth = temperament.weighs_chances and not temperament.normal_claims
        now_free = shanten(counts, n, forms)
        if temperament.switch_claims and now_free == 0 and knowledge.has_minimum:
            switch = self._switch_claim(knowledge, claims, tile)
            if switch is not None:
                return switch
        now = self._choose_plan(knowledge, counts, melds)
        options = []
        for action, after, new_melds in _claimed_hands(counts, melds, tile, claims):
            fourteen = action.kind is not _KONG
            # A chow or pung leaves a tile to discard: its shanten already counts the best discard.
            forward = shanten(after, n + 1, forms) < now_free + (0 if fourteen else 1)
            if not forward and now.plan is not None and melds_fit(now.plan, new_melds):
                forward = distance(now.plan, after, n + 1, forms.four_as_two_pairs) < now.distance + (not fourteen)
            if forward or (by_worth and action.kind is not _CHOW and tile >= 27):
                options.append((action, after, new_melds, fourteen))
        if not options:
            return passing
        if temperament.missed_claim and self._rng(observation).random() < temperament.missed_claim:
            return passing
        best: tuple | None = None
        valued_honours = _valued_honours(knowledge)
        for action, after, new_melds, fourteen in options:
            if now.plan is not None and knowledge.has_minimum:
                # The most this claim's reach can be (below): a claim whose hand is further from every
                # plan than that is not taken, and its plans need not be valued to know it (without a
                # minimum no plan is valued: measuring it would cost as much as choosing it).
                if action.kind is _CHOW:
                    most = temperament.chow_reach
                elif tile in valued_honours:
                    most = 8
                elif knowledge.has_minimum:
                    most = max(temperament.pung_reach, temperament.plan_pung_reach)
                else:
                    most = temperament.pung_reach
                if most < 8 and _nearest_distance(knowledge, after, new_melds) > most:
                    continue
            later = self._choose_plan(knowledge, after, new_melds)
            if later.plan is None:
                continue  # after this claim the hand cannot reach the minimum
            if (
                action.kind.value in temperament.claim_discard_win
                and knowledge.has_minimum
                and not self._wins_on_discard(knowledge, later, after, new_melds)
                and not (
                    temperament.only_losing_discard_win
                    and now.plan is not None
                    and not self._wins_on_discard(knowledge, now, counts, melds)
                )
            ):
                continue  # after this claim the hand could only win self-drawn
            reach = temperament.chow_reach if action.kind is _CHOW else temperament.pung_reach
            if action.kind is not _CHOW and tile in valued_honours:
                reach = 8  # a set of dragons or of a scoring wind is worth taking whenever it helps
            elif (
                knowledge.has_minimum
                and action.kind is not _CHOW
                and later.plan is not None
                and later.plan is not PLANS[0]
                and later.plan is (now.plan or later.plan)
            ):
                reach = max(reach, temperament.plan_pung_reach)  # a pung that builds the scoring plan
            if later.distance > reach and not (now.plan is None and later.distance <= now.distance):
                continue  # a claim this early gives away more than it gains (unless it reaches the minimum)
            if by_worth:
                if later.worth <= now.worth and not (temperament.claims_forward and later.distance < now.distance):
                    share = temperament.kong_share
                    if fourteen or not share or later.worth < share * now.worth:
                        continue
                key: tuple = (-later.worth,)
            else:
                forward = later.distance < now.distance or (not fourteen and later.distance <= now.distance)
                if now.plan is None and later.distance <= now.distance:
                    forward = True  # the claim brings the minimum within reach
                if not forward:
                    continue
                key = (later.distance, -later.value)
            if best is None or key < best[0]:
                best = (key, action)
        return best[1] if best is not None else passing

    def _switch_claim(self, knowledge: Knowledge, claims: Sequence[Action], tile: int) -> Action | None:
        """For a ready hand that can win only self-drawn (or not at all): the claim after which (and
        its best discard) the hand is ready to win on a discard and worth most, if worth more than
        the hand as it is; else None."""
        counts = knowledge.counts
        melds = knowledge.melds
        n = len(melds)
        found = self._wait_values(knowledge, counts, melds, knowledge.waits(counts, n))
        if any(disc for _, disc, _ in found):
            return None
        best = self._ready_worth(knowledge, found)
        chosen = None
        for action, after, new_melds in _claimed_hands(counts, melds, tile, claims):
            if action.kind is _KONG:
                if shanten(after, n + 1, knowledge.forms) != 0:
                    continue
                later = self._wait_values(knowledge, after, new_melds, knowledge.waits(after, n + 1))
                worth = self._ready_worth(knowledge, later) if any(d for _, d, _ in later) else 0.0
            else:
                held = [k for k in range(34) if after[k]]
                worth = max(
                    (r[2] for r in self._ready_discards(knowledge, held, after, new_melds) if r[3]),
                    default=0.0,
                )
            if worth > best:
                best, chosen = worth, action
        return chosen

    def _wins_on_discard(
        self, knowledge: Knowledge, choice: _Choice, counts: Sequence[int], melds: tuple[Meld, ...]
    ) -> bool:
        """Whether the chosen plan's hand may be won on a discard: its prototype, or once the hand is
        ready on it (after its best discard), one of its real winning tiles."""
        if choice.distance != 0:
            return wins_on_discard(choice.plan, counts, melds, knowledge.context)  # type: ignore[arg-type]
        n = len(melds)
        context = knowledge.context
        return any(
            any(win_scores(context, hand, melds, int(w))[0] for w in knowledge.waits(hand, n))
            for _, hand in _ready_hands(knowledge, counts, n)
        )


def _improvements(
    plan: Plan, counts: list[int], n: int, unseen: Sequence[int], target: int, pairs4: bool, memo: dict[bytes, int]
) -> Iterator[tuple[int, int, list[int]]]:
    """Two draws ahead of a 13-tile hand at ``target`` tiles from ready on ``plan``: for each tile
    that would improve it (unseen copies left), ``(copies, accepted, hand)``: how many unseen tiles
    the hand then accepts after its most accepting discard that keeps it nearer (-1 if none does),
    and that 13-tile hand. ``memo`` keeps each hand's acceptance for the decision. The hand yielded
    is ``counts`` changed in place: read it before asking for the next."""
    held = [k for k in range(34) if counts[k]]
    for tile in accepting(plan, counts, n):
        copies = unseen[tile]
        if not copies:
            continue
        counts[tile] += 1
        best = -1
        best_other = -1
        for other in held:
            if other == tile or not counts[other]:
                continue
            counts[other] -= 1
            key = bytes(counts)
            accepted = memo.get(key)
            if accepted is None:
                accepted = memo[key] = (
                    acceptance(plan, counts, n, unseen) if distance(plan, counts, n, pairs4) < target else -1
                )
            if accepted > best:
                best, best_other = accepted, other
            counts[other] += 1
        if best_other >= 0:
            counts[best_other] -= 1
            yield copies, best, counts
            counts[best_other] += 1
        else:
            yield copies, -1, counts
        counts[tile] -= 1


def _ready_hands(knowledge: Knowledge, counts: Sequence[int], n: int) -> Iterator[tuple[int | None, list[int]]]:
    """The ready 13-tile hands of this hand (``n`` sets declared): the hand itself when it has thirteen
    tiles, else each hand a discard away, with the tile thrown. The list yielded is changed in place
    as the search goes on: read it before asking for the next."""
    forms = knowledge.forms
    hand = list(counts)
    if sum(hand) + 3 * n <= 13:
        if shanten(hand, n, forms) == 0:
            yield None, hand
        return
    for tile in [k for k in range(34) if hand[k]]:
        hand[tile] -= 1
        if shanten(hand, n, forms) == 0:
            yield tile, hand
        hand[tile] += 1


def _nearest_distance(knowledge: Knowledge, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
    """The distance of the nearest plan for this hand (a large number when no plan fits): no plan
    :meth:`Bot._choose_plan` can choose is nearer."""
    rows = plan_rows(knowledge.forms, counts, melds)
    return rows[0][0] if rows else 99


def _feeding(knowledge: Knowledge, own_wind: bool = False) -> set[int]:
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


def _valued_honours(knowledge: Knowledge) -> set[int]:
    """The honours whose sets score in every family: the dragons, the seat wind and the round wind."""
    context = knowledge.context
    return {31, 32, 33, WIND_KINDS[context.seat_wind], WIND_KINDS[context.round_wind]}


def _kind_of(tile: Tile | None) -> int:
    """The kind (0-33) of the tile an action or a claim names; those the bots read always name one."""
    if tile is None:
        raise ValueError("this action names no tile")
    return int(tile)


def _after_claim(counts: Sequence[int], tile: int, action: Action) -> tuple[list[int], Meld] | None:
    """The standing tiles and the new set after claiming ``tile`` with ``action`` (None: too few tiles)."""
    after = list(counts)
    kind = action.kind
    if kind is _CHOW:
        low = _kind_of(action.tile)
        run = (low, low + 1, low + 2)
        for t in run:
            if t != tile:
                after[t] -= 1
        meld = _meld(_CHOW_SET, low, True)
    elif kind is _PUNG:
        after[tile] -= 2
        meld = _meld(_PUNG_SET, tile, True)
    else:
        after[tile] -= 3
        meld = _meld(_KONG_SET, tile, True)
    if min(after) < 0:
        return None
    return after, meld


def _claimed_hands(
    counts: Sequence[int], melds: tuple[Meld, ...], tile: int, claims: Sequence[Action]
) -> Iterator[tuple[Action, list[int], tuple[Meld, ...]]]:
    """For each claim of ``tile`` the hand can make: (the claim, its standing tiles, its sets)."""
    for action in claims:
        claimed = _after_claim(counts, tile, action)
        if claimed is not None:
            after, meld = claimed
            yield action, after, melds + (meld,)


def _meld(kind: MeldKind, low: int, exposed: bool) -> Meld:
    """The set of this kind from tile kind ``low`` (a chow's lowest tile), no seat named. Sets are
    values, so one is made for each (123 at most): a Meld checks its tiles when made, in Python, and
    the bots weigh a claimed set at nearly every discard."""
    key = (kind, low, exposed)
    meld = _MELDS.get(key)
    if meld is None:
        tiles: tuple[Tile, ...]
        if kind is _CHOW_SET:
            tiles = (KINDS[low], KINDS[low + 1], KINDS[low + 2])
        else:
            tiles = (KINDS[low],) * (4 if kind is _KONG_SET else 3)
        meld = _MELDS[key] = Meld(kind, tiles, exposed)
    return meld


_MELDS: dict[tuple[MeldKind, int, bool], Meld] = {}
