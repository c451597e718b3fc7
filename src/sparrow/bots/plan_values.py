"""The evaluator's values for the families the plan players play (NTS, HKOS, the Chinese guidelines,
casual): what each discard is worth, from one seat's observation alone, in the family's payments.

The same three figures as Riichi's (:mod:`sparrow.bots.evaluator`), from the models Expert plays these
families by, so that the hint shows the reasoning behind Expert's own choices:

* **the chance to win this hand** after the discard: a ready hand by its winning tiles that score
  (each one's unseen copies, the draws left, and how readily the opponents throw such a tile,
  :func:`~sparrow.bots.odds.win_chance`); a hand further away by the plan Expert would follow from
  it (:class:`~sparrow.bots.planning.Planner` with Expert's temperament in that family: the nearest
  direction that reaches the family's minimum, weighed by value and chance) and that plan's acceptance (:func:`~sparrow.bots.odds.reach_chance`);
* **what a win would gain**: the family's scorer for every winning tile, or the plan's prototype hand,
  turned into what the seat would be paid by the family's own settlement (a win on a discard from any
  of the others, or self-drawn, weighed as the plans weigh them);
* **the chance to deal in**: for each opponent, how likely it is ready (its exposed sets and the
  turns gone, :func:`~sparrow.bots.danger.readiness`) times how likely the tile is one of its winning
  tiles (:func:`~sparrow.bots.danger.tile_danger`); what that would cost is what the settlement makes
  the discarder pay for the family's typical win (``Ruleset.typical_win``, measured in the lab).

``value`` is ``win_chance * win_gain - sum(deal-in chance * its cost)``, in the family's payments, so
values of different decisions are comparable, and reproducible (no randomness). A hand with nothing
in sight that reaches the minimum has no chance to win (``short``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from sparrow.bots.danger import Threats, danger_reading
from sparrow.bots.knowledge import Knowledge, know
from sparrow.bots.odds import discard_appeal, reach_chance, win_chance
from sparrow.bots.planning import Planner
from sparrow.bots.plans import acceptance, blend
from sparrow.bots.reading import TileDanger
from sparrow.bots.ready import ready_hands, wait_values
from sparrow.bots.reasons import Reason
from sparrow.bots.settings import EXPERT, SETTINGS, Setting
from sparrow.bots.temperaments import TEMPERAMENTS, temperaments_by_rules
from sparrow.core.analysis import accepted_tiles, shanten
from sparrow.core.hand import Meld
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import KINDS, Tile
from sparrow.game.views import Observation
from sparrow.rules.ruleset import Settlement

__all__ = ["plan_values", "standing_value", "win_gain", "PlanValue", "threats", "THREAT_READY"]

# The opponents throw a winning tile more readily when it is an honour or a terminal: the plain
# model's weight (Expert ranks its waits by three times as much, which would overstate a chance).
_APPEAL: Final = 1.0
# Each level's planner as it plays each family (its variant there: temperaments.VARIANTS), and
# elsewhere, made once: a setting follows the plans of the level it names (Setting.plans_as).
_PLANNERS: Final = {
    level: {
        rules: Planner(temperament) for rules, temperament in temperaments_by_rules(level, TEMPERAMENTS[level]).items()
    }
    for level in SETTINGS
}
_PLANNER: Final = {level: Planner(TEMPERAMENTS[level]) for level in SETTINGS}
# An opponent this likely to be ready is a threat the hint names (two exposed sets, or one late).
THREAT_READY: Final = 0.5
_WORTH_A_WORD: Final = 0.5  # percent

# (tile, shanten, accepted, waits, win_chance, win_value, deal_in, deal_in_cost, value, dangers, reasons)
PlanValue = tuple[
    Tile, int, int, tuple[Tile, ...], float, float, float, float, float, tuple[TileDanger, ...], tuple[Reason, ...]
]


def plan_values(observation: Observation, setting: Setting = EXPERT) -> list[PlanValue]:
    """Every discard the seat may make now, with its figures (see the module docstring), in no
    particular order; empty when it has no discard to make. ``setting``: how much they count
    (:mod:`sparrow.bots.settings`; Normal's: its own plans, the chance alone, no danger)."""
    allowed = sorted(
        {
            int(action.tile)
            for action in observation.legal_actions
            if action.kind.value == "discard" and action.tile is not None
        }
    )
    if not allowed:
        return []
    knowledge = know(observation)
    payments = _Payments(knowledge)
    threats = Threats(knowledge)
    counts = knowledge.counts
    found: list[PlanValue] = []
    for kind in allowed:
        counts[kind] -= 1
        after, accepted, waits, chance, worth, kept = _kept(knowledge, payments, counts, setting)
        counts[kind] += 1
        dangers = (
            tuple(
                danger for danger in (_danger(knowledge, threats, seat, kind) for seat in knowledge.opponents) if danger
            )
            if setting.reads_danger
            else ()
        )
        deal_in = sum(danger.percent for danger in dangers) / 100
        loss = sum(danger.percent / 100 * payments.loss(danger.seat) for danger in dangers)
        cost = loss / deal_in if deal_in else 0.0
        # The readings worth a word: a chance of half a percent or more (the value counts them all).
        reasons = (kept, *(_danger_reason(danger) for danger in dangers if danger.percent >= _WORTH_A_WORD))
        found.append(
            (Tile(kind), after, accepted, waits, chance, worth, deal_in, cost, chance * worth - loss, dangers, reasons)
        )
    return found


def standing_value(observation: Observation) -> float:
    """What the seat's standing hand (13 tiles, sets counted as three, nothing to discard) is worth
    between its turns, on the scale of :func:`plan_values`: its chance to win times a win's gain, as
    a discard that left it would be valued less the deal-in (none: no discard is made)."""
    knowledge = know(observation)
    _, _, _, chance, worth, _ = _kept(knowledge, _Payments(knowledge), knowledge.counts)
    return chance * worth


def win_gain(observation: Observation, winning: int, discarder: str | None) -> float:
    """What the family's settlement pays the seat for winning now on ``winning`` (a kind): on
    ``discarder``'s discard (the seat holds 13 tiles), or self-drawn when None (14, the drawn tile
    among them). 0 when the scorer finds no legal win (NTS's false win leaves the hand dead)."""
    knowledge = know(observation)
    counts = list(knowledge.counts)
    if discarder is None:
        counts[winning] -= 1
    win_by = "self_draw" if discarder is None else "discard"
    situation = HandSituation(
        rules=observation.rules,
        concealed=tuple(KINDS[kind] for kind in range(34) for _ in range(counts[kind])),
        melds=knowledge.melds,
        winning_tile=KINDS[winning],
        win_by=win_by,
        seat_wind=knowledge.seat,
        round_wind=observation.round_wind,
        bonus=tuple(sorted(observation.bonus[knowledge.seat])),
        # The last tile of the wall (drawn, or the last discard) is a moment most families score.
        moments=frozenset({"last_tile"}) if observation.live_wall == 0 else frozenset(),
        options=dict(observation.options),
    )
    try:
        total = knowledge.ruleset.win_value(situation)
    except ValueError:
        return 0.0
    if not total:
        return 0.0
    return float(_Payments(knowledge).paid(knowledge.seat, win_by, discarder, total)[knowledge.seat])


def _kept(
    knowledge: Knowledge, payments: _Payments, counts: list[int], setting: Setting = EXPERT
) -> tuple[int, int, tuple[Tile, ...], float, float, Reason]:
    """What a standing hand (``counts``, 13 tiles with the seat's sets) keeps: its distance from
    ready, the unseen tiles that bring it closer (its scoring waits' once ready), those waits, its
    chance to win and a win's gain, and the reason that says so. Not ``setting.counts_worth``: a
    win's gain is a typical win's, and no draw is looked ahead (it would only change the gain)."""
    melds = knowledge.melds
    n = len(melds)
    unseen = knowledge.unseen
    after = shanten(counts, n, knowledge.forms)
    scoring = wait_values(knowledge, counts, melds, knowledge.waits(counts, n)) if after == 0 else []
    if scoring:
        waits = tuple(Tile(wait) for wait, _, _ in scoring)
        accepted = sum(unseen[wait] for wait, _, _ in scoring)
        chance, worth = _ready(knowledge, payments, scoring)
        if not setting.counts_worth:
            worth = payments.typical_gain()
        return after, accepted, waits, chance, worth, Reason.of("ready", waits=[str(w) for w in waits], left=accepted)
    accepted = sum(unseen[int(tile)] for tile in accepted_tiles(counts, n, knowledge.forms))
    level = setting.plans_as
    choice = _PLANNERS[level].get(knowledge.observation.rules, _PLANNER[level]).choose_plan(knowledge, counts, melds)
    if choice.plan is None or choice.value <= 0:
        return after, accepted, (), 0.0, 0.0, Reason.of("short", shanten=after)
    chance = reach_chance(
        choice.distance,
        knowledge.draws_left,
        acceptance(choice.plan, counts, n, unseen),
        knowledge.unseen_total,
        choice.plan.narrowness,
    )
    if not setting.counts_worth:
        return after, accepted, (), chance, payments.typical_gain(), Reason.of("accepts", shanten=after, tiles=accepted)
    ahead = _one_from_ready(knowledge, payments, counts, melds) if after == 1 else None
    worth = payments.gain(choice.value, on_discard=True) if ahead is None else ahead[1]
    return after, accepted, (), chance, worth, Reason.of("accepts", shanten=after, tiles=accepted)


def threats(observation: Observation) -> list[str]:
    """The opponents that look ready (:data:`THREAT_READY`), in seat order."""
    ready = Threats(know(observation)).ready
    return [seat for seat, chance in ready.items() if chance >= THREAT_READY]


def _one_from_ready(
    knowledge: Knowledge, payments: _Payments, counts: list[int], melds: tuple[Meld, ...]
) -> tuple[float, float] | None:
    """A hand one tile from ready (13 tiles), one draw ahead, as the public expected-value
    calculators count it: for each unseen tile that makes it ready on winning tiles that score, the
    best ready hand it allows (its chance to win in the draws left after waiting for that tile, and
    a win's gain); their average by copies unseen, times the chance that such a tile comes at all.
    None when no tile makes it ready on a wait that scores (the plans value it then)."""
    n = len(melds)
    unseen = knowledge.unseen
    total = knowledge.unseen_total
    draws = knowledge.draws_left
    found: list[tuple[int, float, float]] = []
    improving = accepted_tiles(counts, n, knowledge.forms)
    coming = sum(unseen[int(tile)] for tile in improving)
    if not coming:
        return None
    later = max(0.0, draws - total / coming)  # the draws left once the tile has come, on average
    for tile in improving:
        kind = int(tile)
        copies = unseen[kind]
        if not copies:
            continue
        counts[kind] += 1
        best = (0.0, 0.0, 0.0)
        for _, hand in ready_hands(knowledge, counts, n):
            scoring = wait_values(knowledge, hand, melds, knowledge.waits(hand, n))
            if scoring:
                chance, gain = _ready(knowledge, payments, scoring, later)
                if chance * gain > best[0]:
                    best = (chance * gain, chance, gain)
        counts[kind] -= 1
        if best[0] > 0:
            found.append((copies, best[1], best[2]))
    useful = sum(copies for copies, _, _ in found)
    if not useful:
        return None
    reach = reach_chance(0, draws, useful, total)
    chance = sum(copies * win for copies, win, _ in found) / useful
    value = sum(copies * win * gain for copies, win, gain in found) / useful
    return reach * chance, (value / chance if chance else 0.0)


def _ready(
    knowledge: Knowledge, payments: _Payments, scoring: Sequence[tuple[int, bool, float]], draws: float | None = None
) -> tuple[float, float]:
    """A ready hand's chance to win on one of its scoring waits (in ``draws``, all left if None), and
    a win's average gain."""
    miss = 1.0
    weighed = gained = 0.0
    for wait, on_discard, total in scoring:
        chance = win_chance(
            knowledge.unseen[wait],
            knowledge.unseen_total,
            knowledge.draws_left if draws is None else draws,
            on_discard,
            discard_appeal(wait, knowledge.visible[wait], _APPEAL),
        )
        miss *= 1.0 - chance
        weighed += chance
        gained += chance * payments.gain(total, on_discard)
    return 1.0 - miss, (gained / weighed if weighed else 0.0)


def _danger(knowledge: Knowledge, threats: Threats, seat: str, kind: int) -> TileDanger | None:
    ready = threats.ready[seat]
    if ready <= 0.0:
        return None
    rate, why, notes = danger_reading(knowledge, seat, kind, threats.suits[seat])
    percent = round(100 * ready * rate, 1)
    return TileDanger(Tile(kind), seat, percent, why, notes) if percent > 0 else None


def _danger_reason(danger: TileDanger) -> Reason:
    return Reason.of("dangerous", seat=danger.seat, percent=danger.percent, notes=danger.notes, why=danger.why)


class _Payments:
    """What the family's settlement pays the seat for a win of a given total, and what it makes the
    seat pay when it deals in to an opponent's typical win (``Ruleset.typical_win``)."""

    def __init__(self, knowledge: Knowledge) -> None:
        self.ruleset = knowledge.ruleset
        self.observation = knowledge.observation
        self.seat = knowledge.seat
        self.seats = knowledge.seats
        self._memo: dict[tuple[Any, ...], float] = {}

    def paid(self, winner: str, win_by: str, discarder: str | None, total: int) -> dict[str, int]:
        """Every seat's payment, by the family's settlement, for ``winner``'s win of ``total``."""
        scores = dict.fromkeys(self.seats, 0)
        scores[winner] = total
        settlement = Settlement(self.observation.rules, winner, win_by, discarder, scores, self.observation.options)
        return self.ruleset.settle(settlement)

    def gain(self, total: float, on_discard: bool) -> float:
        """A win of ``total`` (the scorer's), on a discard from any opponent when ``on_discard`` (and
        self-drawn the rest of the time, as the plans weigh a win) or else self-drawn only."""
        whole = max(0, round(total))
        key = ("gain", whole, on_discard)
        found = self._memo.get(key)
        if found is None:
            try:
                found = self._settled_gain(whole, on_discard)
            except ValueError:
                # A plan's value is already weighed between the ways of winning, and may fall below
                # what the settlement accepts as a win's total: paid in proportion to a typical win.
                typical = self.ruleset.typical_win
                found = self._settled_gain(typical, on_discard) * whole / typical if typical else 0.0
            self._memo[key] = found
        return found

    def typical_gain(self) -> float:
        """A typical win's gain (``Ruleset.typical_win``, on a discard or self-drawn): what a setting
        that does not ask the scorer (Normal's) takes every win to be worth."""
        return self.gain(self.ruleset.typical_win, on_discard=True)

    def _settled_gain(self, total: int, on_discard: bool) -> float:
        seat = self.seat
        drawn = float(self.paid(seat, "self_draw", None, total)[seat])
        if not on_discard:
            return drawn
        others = [other for other in self.seats if other != seat]
        ron = sum(self.paid(seat, "discard", other, total)[seat] for other in others) / len(others)
        return blend(ron, drawn)

    def loss(self, winner: str) -> float:
        """What the seat pays when it deals in to ``winner``'s typical win."""
        key = ("loss", winner)
        found = self._memo.get(key)
        if found is None:
            typical = self.ruleset.typical_win
            found = self._memo[key] = (
                float(-self.paid(winner, "discard", self.seat, typical)[self.seat]) if typical else 0.0
            )
        return found
