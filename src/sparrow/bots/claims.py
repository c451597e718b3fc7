"""Claims: whether a bot takes the discard on offer, and with which set.

:func:`choose_claim` weighs each chow, pung or kong the hand can make against passing, by the plan
:meth:`~sparrow.bots.planning.Planner.choose_plan` chooses before and after it: Normal only near ready,
the expert whenever the claim brings the hand nearer or raises its worth (the temperament's fields
``chow_reach``, ``pung_reach``, ``claims_forward``, ``claim_discard_win``, ``kong_share``,
``switch_claims``...). Also here: the hand and the set a claim leaves (:func:`meld_of`, used for
kongs too), and the tile an action names (:func:`kind_of`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Final

from sparrow.bots.knowledge import Knowledge
from sparrow.bots.planning import PlanChoice, Planner
from sparrow.bots.plans import PLANS, WIND_KINDS, distance, melds_fit, plan_rows, win_scores, wins_on_discard
from sparrow.bots.ready import ready_discards, ready_hands, ready_worth, wait_values
from sparrow.bots.temperaments import Temperament
from sparrow.core.analysis import shanten
from sparrow.core.hand import Meld, MeldKind
from sparrow.core.tiles import KINDS, Tile
from sparrow.game.actions import Action, ActionKind
from sparrow.game.state import Observation

__all__ = ["choose_claim", "kind_of", "meld_of"]

# The action and set kinds, read once: compiled (sparrow._compiled), ``ActionKind.CHOW`` is a
# look-up through the enum class's attribute hook at every use, and a claim tests the kind of every
# legal action.
_CHOW: Final = ActionKind.CHOW
_PUNG: Final = ActionKind.PUNG
_KONG: Final = ActionKind.KONG
_PASS: Final = ActionKind.PASS
_CHOW_SET: Final = MeldKind.CHOW
_PUNG_SET: Final = MeldKind.PUNG
_KONG_SET: Final = MeldKind.KONG


def choose_claim(
    planner: Planner, knowledge: Knowledge, legal: Sequence[Action], rng: Callable[[Observation], random.Random]
) -> Action:
    """What the player of ``planner`` does with the discard on offer: one of ``legal`` (a chow, pung or
    kong, or passing). ``rng`` gives the player's randomness for a decision (Easy's missed claims)."""
    passing = next((a for a in legal if a.kind is _PASS), legal[-1])
    claims = [a for a in legal if a.kind in (_CHOW, _PUNG, _KONG)]
    if not claims:
        return passing
    observation = knowledge.observation
    tile = kind_of(observation.claim_tile)
    counts = knowledge.counts
    melds = knowledge.melds
    n = len(melds)
    forms = knowledge.forms
    temperament = planner.temperament
    by_worth = temperament.weighs_chances and not temperament.normal_claims
    now_free = shanten(counts, n, forms)
    if temperament.switch_claims and now_free == 0 and knowledge.has_minimum:
        switch = _switch_claim(temperament, knowledge, claims, tile)
        if switch is not None:
            return switch
    now = planner.choose_plan(knowledge, counts, melds)
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
    if temperament.missed_claim and rng(observation).random() < temperament.missed_claim:
        return passing
    best: tuple[Any, ...] | None = None
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
        later = planner.choose_plan(knowledge, after, new_melds)
        if later.plan is None:
            continue  # after this claim the hand cannot reach the minimum
        if (
            action.kind.value in temperament.claim_discard_win
            and knowledge.has_minimum
            and not _wins_on_discard(knowledge, later, after, new_melds)
            and not (
                temperament.only_losing_discard_win
                and now.plan is not None
                and not _wins_on_discard(knowledge, now, counts, melds)
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
            key: tuple[Any, ...] = (-later.worth,)
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


def _switch_claim(temperament: Temperament, knowledge: Knowledge, claims: Sequence[Action], tile: int) -> Action | None:
    """For a ready hand that can win only self-drawn (or not at all): the claim after which (and
    its best discard) the hand is ready to win on a discard and worth most, if worth more than
    the hand as it is; else None."""
    counts = knowledge.counts
    melds = knowledge.melds
    n = len(melds)
    found = wait_values(knowledge, counts, melds, knowledge.waits(counts, n))
    if any(disc for _, disc, _ in found):
        return None
    best = ready_worth(temperament, knowledge, found)
    chosen = None
    for action, after, new_melds in _claimed_hands(counts, melds, tile, claims):
        if action.kind is _KONG:
            if shanten(after, n + 1, knowledge.forms) != 0:
                continue
            later = wait_values(knowledge, after, new_melds, knowledge.waits(after, n + 1))
            worth = ready_worth(temperament, knowledge, later) if any(d for _, d, _ in later) else 0.0
        else:
            held = [k for k in range(34) if after[k]]
            worth = max(
                (r[2] for r in ready_discards(temperament, knowledge, held, after, new_melds) if r[3]),
                default=0.0,
            )
        if worth > best:
            best, chosen = worth, action
    return chosen


def _wins_on_discard(knowledge: Knowledge, choice: PlanChoice, counts: Sequence[int], melds: tuple[Meld, ...]) -> bool:
    """Whether the chosen plan's hand may be won on a discard: its prototype, or once the hand is
    ready on it (after its best discard), one of its real winning tiles."""
    if choice.distance != 0:
        return wins_on_discard(choice.plan, counts, melds, knowledge.context)  # type: ignore[arg-type]
    n = len(melds)
    context = knowledge.context
    return any(
        any(win_scores(context, hand, melds, int(w))[0] for w in knowledge.waits(hand, n))
        for _, hand in ready_hands(knowledge, counts, n)
    )


def _nearest_distance(knowledge: Knowledge, counts: Sequence[int], melds: tuple[Meld, ...]) -> int:
    """The distance of the nearest plan for this hand (a large number when no plan fits): no plan
    :meth:`~sparrow.bots.planning.Planner.choose_plan` can choose is nearer."""
    rows = plan_rows(knowledge.forms, counts, melds)
    return rows[0][0] if rows else 99


def _valued_honours(knowledge: Knowledge) -> set[int]:
    """The honours whose sets score in every family: the dragons, the seat wind and the round wind."""
    context = knowledge.context
    return {31, 32, 33, WIND_KINDS[context.seat_wind], WIND_KINDS[context.round_wind]}


def kind_of(tile: Tile | None) -> int:
    """The kind (0-33) of the tile an action or a claim names; those the bots read always name one."""
    if tile is None:
        raise ValueError("this action names no tile")
    return int(tile)


def _after_claim(counts: Sequence[int], tile: int, action: Action) -> tuple[list[int], Meld] | None:
    """The standing tiles and the new set after claiming ``tile`` with ``action`` (None: too few tiles)."""
    after = list(counts)
    kind = action.kind
    if kind is _CHOW:
        low = kind_of(action.tile)
        run = (low, low + 1, low + 2)
        for t in run:
            if t != tile:
                after[t] -= 1
        meld = meld_of(_CHOW_SET, low, True)
    elif kind is _PUNG:
        after[tile] -= 2
        meld = meld_of(_PUNG_SET, tile, True)
    else:
        after[tile] -= 3
        meld = meld_of(_KONG_SET, tile, True)
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


def meld_of(kind: MeldKind, low: int, exposed: bool) -> Meld:
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
