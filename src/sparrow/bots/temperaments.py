"""How each level plays, as data: the :class:`Temperament` of Easy, Normal and Expert
(:data:`TEMPERAMENTS`) and the fields a level plays differently under a ruleset (:data:`VARIANTS`).

:class:`~sparrow.bots.players.Bot` reads these; what each field changes is in the modules that read
it (:mod:`sparrow.bots.discards`, :mod:`sparrow.bots.claims`, :mod:`sparrow.bots.kongs`,
:mod:`sparrow.bots.defence`, and the plan choice in :mod:`sparrow.bots.players`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from sparrow._compiled import by_fields
from sparrow.bots.odds import DISCARD_LOOKS, DRAW_DISCOUNT
from sparrow.bots.plans import FINER_PLANS

__all__ = ["Temperament", "TEMPERAMENTS", "LEVELS", "VARIANTS", "temperaments_by_rules"]


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
    # Among the discards that leave the hand as near ready as its own choice does (never when its own
    # is slower on purpose: a fold, a plan), throw the one the evaluator values most
    # (sparrow.bots.evaluator: the chance to win, a win's gain, the chance to deal in) at the level's
    # setting (sparrow.bots.settings.SETTINGS).
    evaluator_ties: bool = False
    # Among the discards its own rules find equally good (the tiles its plan does not keep, the
    # discards tied at the best score: no fold), throw the one the evaluator values most at the
    # level's setting; the rules' own order where the evaluator values them alike.
    evaluator_equals: bool = False

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
    # Normal lets the evaluator at Normal's setting (sparrow.bots.settings: its own plans, the chance
    # alone) choose among the discards as near ready as its own (docs/bots.md, "Normal's setting").
    "normal": Temperament("normal", chow_reach=0, pung_reach=1, evaluator_ties=True),
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
    # And under NTS, HKOS and chinese, the evaluator chooses among the discards Expert's own rules find
    # equally good (the tiles its plan does not keep, the discards tied at the best score; never a
    # fold): against three Expert without it (bench/expert_before.py), 8000 duplicate hands a seed,
    # seeds 2026 / 2027 / 2028, net a hand against the three's mean: NTS +5.64 / +6.51 / +1.04
    # (together +4.40, -0.26 to +9.06), HKOS +1.00 / +1.30 / +0.68 (+0.99, -0.25 to +2.24), chinese
    # -0.13 / +0.06 / -0.05 (-0.04, -0.10 to +0.02: as strong). Docs/bots.md, "Expert among its equals".
    "expert": {
        "hkos": {
            "evaluator_equals": True,
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
            "evaluator_equals": True,
            "chow_reach": 2,
            "claim_discard_win": ("pung", "kong"),
            "only_losing_discard_win": True,
            "deep_lookahead": True,
            "kong_share": 1.0,
            "switch_claims": True,
        },
        # Casual: its discard chosen by the evaluator among those as near ready as its own. Against three
        # Expert without it, 8000 duplicate hands: +1.02 a hand (+0.27 to +1.78) on seed 2026, +1.52
        # (+0.91 to +2.12) on 2027; against three Normal +3.45 (+2.53 to +4.37) where Expert without
        # it made +1.99 (+1.27 to +2.71) on the same boards. Under NTS, HKOS and chinese it lost
        # (docs/bots.md, "The evaluator in the other families").
        "casual": {"value_exponent": 0.0, "evaluator_ties": True},
        "nts": {
            "evaluator_equals": True,
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
