"""The bots' fast paths against plain reference computations: the memo tables and per-group shortcuts
must give exactly what the straightforward definitions give, on many random hands."""

from __future__ import annotations

import random

import pytest

from sparrow.bots import plans
from sparrow.bots.plans import PLANS, accepting, distance, masked
from sparrow.core.analysis import (
    Forms,
    RegularDiscards,
    accepted_tiles,
    regular_shanten,
    seven_pairs_shanten,
    shanten,
    thirteen_orphans_shanten,
    waits,
)
from tests.scale import scaled


def _random_hand(rng: random.Random, tiles: int) -> list[int]:
    counts = [0] * 34
    placed = 0
    while placed < tiles:
        kind = rng.randrange(34) if rng.random() < 0.6 else rng.choice((0, 4, 8, 9, 13, 18, 22, 27, 31, 33))
        if counts[kind] < 4:
            counts[kind] += 1
            placed += 1
    return counts


def _hands(seed: int, count: int) -> list[tuple[list[int], int]]:
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        melds = rng.choice((0, 0, 0, 1, 2, 3, 4))
        result.append((_random_hand(rng, 13 - 3 * melds + rng.randrange(2)), melds))
    return result


def _reference_shaped(plan, counts) -> bytes:
    raw = bytes(c if plan.keeps(k) else 0 for k, c in enumerate(counts))
    if plan.style == "chows":
        honours = raw[27:34]
        if any(honours):
            pair = max(range(7), key=honours.__getitem__)
            kept = bytearray(7)
            kept[pair] = min(2, honours[pair])
            raw = raw[:27] + bytes(kept)
    return raw


def _reference_distance(plan, counts, melds, four_as_two_pairs=False) -> int:
    raw = _reference_shaped(plan, counts)
    if plan.style in ("any", "chows"):
        return regular_shanten(raw, melds)
    if plan.style == "pungs":
        sets = 4 - melds
        best = sorted((min(c, 3) for c in raw if c), reverse=True)[: sets + 1]
        best += [0] * (sets + 1 - len(best))
        cost = sum(3 - c for c in best)
        if best[-1] <= 2:
            cost -= 1
        return cost - 1
    if plan.style == "pairs":
        return seven_pairs_shanten(raw, four_as_two_pairs)
    return thirteen_orphans_shanten(raw)


def test_masked_keeps_exactly_the_plans_tiles():
    for counts, _ in _hands(1, 200):
        for plan in PLANS:
            assert masked(counts, plan) == bytes(c if plan.keeps(k) else 0 for k, c in enumerate(counts))


@pytest.mark.parametrize("pairs4", [False, True])
def test_plan_distance_matches_the_reference(pairs4):
    for counts, melds in _hands(2, 1500):
        for plan in PLANS:
            assert distance(plan, counts, melds, pairs4) == _reference_distance(plan, counts, melds, pairs4), (
                plan.name,
                counts,
                melds,
            )


def test_distance_does_not_keep_a_stale_hand():
    # The last hand's groups are kept between calls: a changed hand (even the same list changed in
    # place) must be read afresh.
    counts = [0] * 34
    for k in (0, 1, 2, 9, 10, 11, 18, 19, 20, 27, 27, 27, 31, 31):
        counts[k] += 1
    plan = plans.plan_named("any")
    assert distance(plan, counts, 0) == -1
    counts[31] -= 1
    counts[5] += 1
    assert distance(plan, counts, 0) == _reference_distance(plan, counts, 0) == 0


def test_plan_acceptance_matches_adding_every_tile():
    # For the regular shapes: the plan's tiles that, added to its shaped hand, lower its shanten.
    for counts, melds in _hands(3, 300):
        if sum(counts) + 3 * melds != 13:
            continue
        for plan in PLANS:
            if plan.style not in ("any", "chows"):
                continue
            shaped = bytearray(_reference_shaped(plan, counts))
            now = regular_shanten(shaped, melds)
            expected = []
            for kind in range(34):
                if shaped[kind] >= 4 or not plan.keeps(kind):
                    continue
                shaped[kind] += 1
                if regular_shanten(shaped, melds) < now:
                    expected.append(kind)
                shaped[kind] -= 1
            assert [int(t) for t in accepting(plan, counts, melds)] == expected, (plan.name, counts, melds)


@pytest.mark.parametrize(
    "forms", [Forms(), Forms(seven_pairs=False, thirteen_orphans=False), Forms(four_as_two_pairs=True)]
)
def test_accepted_tiles_and_waits_match_adding_every_tile(forms):
    for counts, melds in _hands(4, 800):
        if sum(counts) + 3 * melds != 13:
            continue
        now = shanten(counts, melds, forms)
        expected = []
        for kind in range(34):
            if counts[kind] >= 4:
                continue
            counts[kind] += 1
            if shanten(counts, melds, forms) < now:
                expected.append(kind)
            counts[kind] -= 1
        assert [int(t) for t in accepted_tiles(counts, melds, forms)] == expected
        assert [int(t) for t in waits(counts, melds, forms)] == (expected if now == 0 else [])


def _few_kinds_hands(seed: int, count: int) -> list[tuple[list[int], int]]:
    """Hands of a few kinds only (pungs and pairs): where a pungs plan has fewer kinds than sets."""
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        melds = rng.choice((0, 1, 2, 3))
        kinds = rng.sample(range(34), rng.randrange(2, 6))
        counts = [0] * 34
        placed = 0
        while placed < 14 - 3 * melds:
            kind = rng.choice(kinds)
            if counts[kind] < 4:
                counts[kind] += 1
                placed += 1
            elif all(counts[k] == 4 for k in kinds):
                kinds.append(rng.randrange(34))
        result.append((counts, melds))
    return result


@pytest.mark.slow
def test_discard_view_matches_distance_and_acceptance_after_each_discard():
    # A 14-tile hand read once for all its discards must give what measuring each 13-tile hand gives.
    rng = random.Random(5)
    checked = 0
    for counts, melds in _hands(5, scaled(300)) + _few_kinds_hands(6, scaled(150)):
        if sum(counts) + 3 * melds != 14:
            continue
        unseen = [rng.randrange(5) for _ in range(34)]
        for pairs4 in (False, True):
            for plan in PLANS:
                view = plans.DiscardView(plan, counts, melds, pairs4)
                for tile in (k for k in range(34) if counts[k] and plan.keeps(k)):
                    counts[tile] -= 1
                    expected_distance = distance(plan, counts, melds, pairs4)
                    expected_acceptance = plans.acceptance(plan, counts, melds, unseen)
                    counts[tile] += 1
                    after = view.distance(tile)
                    assert (
                        after
                        == expected_distance
                        == _reference_distance(plan, counts_without(counts, tile), melds, pairs4)
                    ), (
                        plan.name,
                        counts,
                        melds,
                        tile,
                    )
                    assert view.acceptance(tile, after, unseen) == expected_acceptance, (plan.name, counts, melds, tile)
                    checked += 1
    assert checked > 1000


def counts_without(counts: list[int], tile: int) -> list[int]:
    after = list(counts)
    after[tile] -= 1
    return after


@pytest.mark.parametrize("groups", [0b1111, 0b1001, 0b0010, 0b0100, 0b1000, 0b0111])
def test_regular_discards_match_the_masked_hand(groups):
    rng = random.Random(groups)
    for counts, melds in _hands(6 + groups, 300):
        unseen = [rng.randrange(5) for _ in range(34)]
        view = RegularDiscards(counts, melds, groups)
        for tile in range(34):
            group = tile // 9 if tile < 27 else 3
            if not counts[tile] or not groups >> group & 1:
                continue
            raw = bytearray(c if groups >> (k // 9 if k < 27 else 3) & 1 else 0 for k, c in enumerate(counts))
            raw[tile] -= 1
            now = regular_shanten(raw, melds)
            assert view.shanten(tile) == now
            expected = sum(
                unseen[t]
                for t in accepted_tiles(raw, melds, Forms(seven_pairs=False, thirteen_orphans=False))
                if groups >> (t // 9 if t < 27 else 3) & 1
            )
            assert view.accepted(tile, now, unseen) == expected


def test_regular_discards_refuse_a_tile_not_held():
    counts = [0] * 34
    counts[0] = 2
    with pytest.raises(ValueError):
        RegularDiscards(counts, 4).shanten(5)


def test_visible_tiles_follow_piles_that_grow_and_shrink():
    # The count kept from the last call is updated from the ends of the piles and rows of sets that
    # changed; it must always equal counting everything afresh.
    from sparrow.bots.knowledge import _visible
    from sparrow.core.hand import Meld, MeldKind
    from sparrow.core.tiles import KINDS

    rng = random.Random(8)
    for _ in range(20):
        piles: list[list] = [[] for _ in range(4)]
        sets: list[list] = [[] for _ in range(4)]
        for _ in range(60):
            seat = rng.randrange(4)
            roll = rng.random()
            if roll < 0.7:
                piles[seat].append(KINDS[rng.randrange(34)])
            elif roll < 0.85 and piles[seat]:
                tile = piles[seat].pop()  # claimed
                sets[rng.randrange(4)].append(Meld(MeldKind.PUNG, (tile,) * 3, True))
            elif roll < 0.9:
                piles[seat] = [KINDS[rng.randrange(34)] for _ in range(rng.randrange(5))]  # replaced outright
            parts = tuple(tuple(p) for p in piles) + tuple(tuple(m) for m in sets)
            expected = [0] * 34
            for pile in piles:
                for tile in pile:
                    expected[tile] += 1
            for row in sets:
                for meld in row:
                    for tile in meld.tiles:
                        expected[tile] += 1
            assert list(_visible(parts)) == expected
            assert list(_visible(parts)) == expected  # asked again (the kept answer)


def test_plan_rows_are_the_plans_by_distance_and_not_a_stale_hand():
    forms = Forms()
    rng = random.Random(9)
    for counts, melds in _hands(10, 300):
        declared = tuple(
            plans.Meld(plans.MeldKind.PUNG, (k,) * 3, True) for k in rng.sample(range(34), melds)
        )  # shapes only: the plans are filtered by these sets
        expected = sorted(
            (distance(plan, counts, melds), index, plan)
            for index, plan in enumerate(plans.plans_for(forms, counts, declared))
        )
        assert plans.plan_rows(forms, counts, declared) == expected
        assert plans.plan_rows(forms, counts, declared) == expected  # the kept answer
        # The same list changed in place is a new hand.
        kind = next(k for k in range(34) if counts[k])
        counts[kind] -= 1
        assert plans.plan_rows(forms, counts, declared) == sorted(
            (distance(plan, counts, melds), index, plan)
            for index, plan in enumerate(plans.plans_for(forms, counts, declared))
        )
