"""The bots' fast paths against plain reference computations: the memo tables and per-group shortcuts
must give exactly what the straightforward definitions give, on many random hands."""

from __future__ import annotations

import random

import pytest

from sparrow.analysis import (
    Forms,
    accepted_tiles,
    regular_shanten,
    seven_pairs_shanten,
    shanten,
    thirteen_orphans_shanten,
    waits,
)
from sparrow.bots import plans
from sparrow.bots.plans import PLANS, accepting, distance, masked


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
