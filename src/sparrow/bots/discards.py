"""Discard choice: which tile a bot throws on its turn.

:func:`choose_discard` follows the plan the player's :class:`~sparrow.bots.planning.Planner` chooses: a
discard that makes the hand ready with winning tiles that score first (:mod:`sparrow.bots.ready`),
then the tiles the plan does not keep, then those that keep its distance with the most unseen
improving tiles, two or three draws ahead for the expert. A defending player folds
(:mod:`sparrow.bots.defence`) or throws the safest of equally good discards
(:mod:`sparrow.bots.danger`). :func:`loose_discard` is Easy's careless one.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence

from sparrow.bots.danger import Threats
from sparrow.bots.defence import feeding, should_fold
from sparrow.bots.knowledge import Knowledge
from sparrow.bots.odds import discard_appeal, typical_chance
from sparrow.bots.planning import Planner
from sparrow.bots.plans import DiscardView, Plan, acceptance, accepting, distance
from sparrow.bots.ready import ready_discards, ready_hands, wait_values
from sparrow.bots.temperaments import Temperament
from sparrow.core.analysis import Forms, accepted_tiles, shanten
from sparrow.core.hand import Meld

__all__ = ["choose_discard", "loose_discard", "THROW_ORDER", "THROW_RANK"]

# Discards that are otherwise equal go in this order: honours first, then terminals, then the tiles
# nearer the middle of a suit, which fit more runs.
THROW_ORDER = tuple(
    sorted(range(34), key=lambda k: (0 if k >= 27 else (1 if k % 9 in (0, 8) else (2 if k % 9 in (1, 7) else 3)), k))
)
THROW_RANK = {k: i for i, k in enumerate(THROW_ORDER)}


def loose_discard(knowledge: Knowledge, tiles: Sequence[int], rng: random.Random) -> int:
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


# Who narrows the discards a player's own rules find equally good (in throwing order) to those it
# prefers; the player's own rules (the safest, then the throwing order) choose among what is left.
Among = Callable[[list[int]], list[int]]


def choose_discard(planner: Planner, knowledge: Knowledge, tiles: Sequence[int], among: Among | None = None) -> int:
    """The tile the player of ``planner`` throws of ``tiles`` (in throwing order, :data:`THROW_ORDER`);
    ``among`` narrows the discards its rules find equally good, if given (not a fold's)."""
    temperament = planner.temperament
    counts = knowledge.counts
    melds = knowledge.melds
    n = len(melds)
    forms = knowledge.forms
    unseen = knowledge.unseen
    expert = temperament.weighs_chances
    defends = temperament.defends
    ready: list[tuple[int, float, float, bool]] | None = None
    if not expert and not defends:
        # A discard that makes the hand ready with winning tiles that score: Normal takes it
        # whatever its plan, so the plan need not be chosen first.
        ready = ready_discards(temperament, knowledge, tiles) if shanten(counts, n, forms) <= 0 else []
        if ready:
            return _pick(temperament, [(r[1], r[0]) for r in ready], None)
    choice = planner.choose_plan(knowledge, counts, melds, discarding=True)
    threats = Threats(knowledge) if defends else None
    chance = 1.0
    if threats is not None:
        if should_fold(temperament, knowledge, choice, threats):
            return min(tiles, key=lambda t: (threats.risk(t), THROW_RANK[t]))
        chance = typical_chance(
            choice.distance if choice.plan else choice.distance + 2,
            knowledge.draws_left,
            knowledge.unseen_total,
            temperament.draw_discount,
        )
    feeds = feeding(knowledge, temperament.hold_own_wind) if temperament.hold_honours else None

    # A discard that makes the hand ready with winning tiles that score.
    if ready is None:
        ready = ready_discards(temperament, knowledge, tiles) if shanten(counts, n, forms) <= 0 else []
    if ready and (not expert or max(r[2] for r in ready) >= temperament.ready_share * choice.worth):
        if expert:
            ranked = [(r[2], r[0]) for r in ready]
        else:
            ranked = [(r[1], r[0]) for r in ready]
        return _pick(temperament, ranked, threats, chance, feeds, among)

    plan = choice.plan
    if plan is None:
        # Nothing reaches the minimum yet: plain efficiency, and hope for a flower or a self-draw.
        return _pick(temperament, _by_efficiency(counts, n, forms, unseen, tiles), threats, chance, feeds, among)
    target = choice.distance
    outside = [t for t in tiles if not plan.keeps(t)]
    if outside:
        # Tiles the plan does not use go first (throwing one leaves the plan's distance as it
        # is); which of them is only a question of safety.
        return _pick(temperament, [(0.0, t) for t in outside], threats, chance, feeds, among)
    view = DiscardView(plan, counts, n, forms.four_as_two_pairs)
    after = {tile: view.distance(tile) for tile in tiles}
    keeping = [tile for tile in tiles if after[tile] <= target] or list(tiles)
    if len(keeping) == 1:
        return keeping[0]
    ranked = [(float(view.acceptance(tile, after[tile], unseen)), tile) for tile in keeping]
    lookahead = temperament.lookahead
    if lookahead and 0 < target <= lookahead and len(ranked) > 1:
        # Two draws ahead, for the few discards that accept nearly the most now (far from ready,
        # the first step is what counts; once ready there is no second).
        ranked.sort(key=lambda r: -r[0])
        memo: dict[bytes, int] = {}
        deep_memo: dict[bytes, float] = {}
        ranked = [r for r in ranked[:3] if r[0] >= temperament.lookahead_share * ranked[0][0]]
        for i, (_, tile) in enumerate(ranked):
            counts[tile] -= 1
            if target == 1 and (knowledge.has_minimum or temperament.ready_ahead_always):
                # One tile from ready under a minimum: count only the ready hands that can win.
                score = _ready_ahead(temperament, knowledge, counts, melds)
            elif target == 2 and knowledge.has_minimum and temperament.deep_lookahead:
                score = _three_step(temperament, knowledge, plan, counts, melds, unseen, memo, deep_memo)
            else:
                score = _two_step(plan, counts, n, unseen, target, forms.four_as_two_pairs, memo)
            ranked[i] = (score, tile)
            counts[tile] += 1
    return _pick(temperament, ranked, threats, chance, feeds, among)


def _ready_ahead(temperament: Temperament, knowledge: Knowledge, counts: list[int], melds: tuple[Meld, ...]) -> float:
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
        for _, hand in ready_hands(knowledge, counts, n):
            found = wait_values(knowledge, hand, melds, knowledge.waits(hand, n))
            best = max(best, sum(unseen[w] * _wait_weight(temperament, knowledge, w, disc) for w, disc, _ in found))
        counts[tile] -= 1
        total += copies * best
    return total


def _wait_weight(temperament: Temperament, knowledge: Knowledge, tile: int, on_discard: bool) -> float:
    """How much one unseen copy of a winning tile counts: a tile that only wins self-drawn about a
    third; with ``wait_appeal``, a discard win by how readily the opponents throw the kind."""
    if not on_discard:
        return temperament.self_drawn_wait
    appeal = temperament.wait_appeal
    if not appeal:
        return 1.0
    looks = temperament.discard_looks
    seen = temperament.appeal_seen
    return (1.0 + looks * discard_appeal(tile, knowledge.visible[tile], appeal, seen)) / (1.0 + looks)


def _pick(
    temperament: Temperament,
    ranked: list[tuple[float, int]],
    threats: Threats | None,
    chance: float = 1.0,
    feeds: set[int] | None = None,
    among: Among | None = None,
) -> int:
    """The best-scoring discard (the first in throwing order among equals). A defending player
    weighs what each discard keeps of its own chance to win (``chance`` times the discard's share
    of the best score) against the chance that it deals in. ``feeds``: honours held back among
    equals (:func:`~sparrow.bots.defence.feeding`). ``among``: who narrows the equals first."""
    best = max(score for score, _ in ranked)
    if threats is None or threats.highest < 0.05:
        equals = [t for score, t in ranked if score == best]
        if among is not None and len(equals) > 1:
            equals = among(equals)
        if feeds:
            return min(equals, key=lambda t: (t in feeds, THROW_RANK[t]))
        return min(equals, key=THROW_RANK.__getitem__)
    scale = best if best > 0 else 1.0
    caution = temperament.caution
    if temperament.safe_ties and not caution:
        # Discards that keep the hand (nearly) as good as the best are equal: the safest of them.
        margin = temperament.tie_margin if threats.highest >= temperament.tie_threat else 0.0
        floor = best - margin * abs(best)
        equals = [t for score, t in ranked if score >= floor]
        if among is not None and len(equals) > 1:
            equals = among(equals)
        extra = temperament.feed_risk
        if feeds and extra:
            return min(equals, key=lambda t: (threats.risk(t) + (extra if t in feeds else 0.0), THROW_RANK[t]))
        return min(equals, key=lambda t: (threats.risk(t), THROW_RANK[t]))
    return max(ranked, key=lambda r: (chance * r[0] / scale - caution * threats.risk(r[1]), -THROW_RANK[r[1]]))[1]


def _by_efficiency(
    counts: list[int], n: int, forms: Forms, unseen: Sequence[int], tiles: Sequence[int]
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
    plan: Plan, counts: list[int], n: int, unseen: Sequence[int], target: int, pairs4: bool, memo: dict[bytes, int]
) -> float:
    """Two draws ahead: for each tile that would improve this 13-tile hand, how many unseen tiles
    the hand then accepts after its best discard, weighted by that tile's unseen copies."""
    return sum(
        copies * max(0, accepted)
        for copies, accepted, _ in _improvements(plan, counts, n, unseen, target, pairs4, memo)
    )


def _three_step(
    temperament: Temperament,
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
    :func:`_ready_ahead` judges it (the winning tiles that score of the ready hands it leads to),
    weighted by that tile's unseen copies. Different discards often lead to the same hand a tile
    from ready: ``memo`` keeps each one's judgement for the decision (``acceptances``: as
    :func:`_two_step` keeps its own)."""
    n = len(melds)
    total = 0.0
    for copies, accepted, hand in _improvements(
        plan, counts, n, unseen, 2, knowledge.forms.four_as_two_pairs, acceptances
    ):
        if accepted >= 0:
            key = bytes(hand)
            score = memo.get(key)
            if score is None:
                score = memo[key] = _ready_ahead(temperament, knowledge, hand, melds)
            total += copies * score
    return total


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
