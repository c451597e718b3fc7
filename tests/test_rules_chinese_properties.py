"""Property tests for the Chinese scorer and settlement (hypothesis), through the public API."""

from __future__ import annotations

import json

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from sparrow.core.shapes import decompositions, is_nine_gates, is_seven_pairs, readings
from sparrow.core.situation import HandSituation
from sparrow.core.tiles import SEATS, Tile, format_tiles, format_tiles_in_order
from sparrow.rules import Settlement, get_ruleset, settle
from tests.scale import scaled

RULES = get_ruleset("chinese")
CHOW_STARTS = [suit * 9 + rank for suit in range(3) for rank in range(7)]


@st.composite
def complete_hands(draw, four_of_a_kind: bool = False) -> dict:
    """A random complete hand: four sets and a pair drawn from one tile set, some of the sets
    declared, a winning tile from the standing tiles, and a way of winning that fits the hand.

    With ``four_of_a_kind`` the player holds all four of one suit tile, in a kong, a pung beside a
    chow, or a pair between two chows (the hands where a fifth copy could be mistaken for a wait)."""
    left = [4] * 34
    concealed: list[int] = []
    melds: list[dict] = []
    pung_kinds: list[int] = []
    plan: list[str | tuple[str, int]] = ["any"] * 4
    pair = None
    if four_of_a_kind:
        held = draw(st.integers(0, 26))
        starts = [t for t in CHOW_STARTS if t <= held <= t + 2]
        form = draw(st.sampled_from(["kong", "pung and chow", "pair and chows"]))
        if form == "kong":
            plan[0] = ("kong", held)
        elif form == "pung and chow":
            plan[:2] = [("pung", held), ("chow", draw(st.sampled_from(starts)))]
        else:
            plan[:2] = [("chow", draw(st.sampled_from(starts))), ("chow", draw(st.sampled_from(starts)))]
            pair = held
            left[held] -= 2  # set aside for the pair
    for planned in plan:
        if planned == "any":
            kind = draw(st.sampled_from(["chow", "chow", "pung", "kong"]))
        else:
            kind, fixed = planned
        if kind == "chow":
            starts = [t for t in CHOW_STARTS if left[t] and left[t + 1] and left[t + 2]]
            if planned != "any":
                starts = [fixed]
            if not starts:
                kind = "pung"
            else:
                start = draw(st.sampled_from(starts))
                tiles = [start, start + 1, start + 2]
        if kind != "chow":
            size = 4 if kind == "kong" else 3
            kinds = [t for t in range(34) if left[t] >= size] if planned == "any" else [fixed]
            tile = draw(st.sampled_from(kinds))
            tiles = [tile] * size
            pung_kinds.append(tile)
        for t in tiles:
            left[t] -= 1
        if kind == "kong":
            melds.append({"kind": "kong", "tiles": format_tiles(tiles), "open": draw(st.booleans())})
        elif draw(st.integers(0, 3)) == 0:
            melds.append({"kind": kind, "tiles": format_tiles(tiles), "open": True})
        else:
            concealed.extend(tiles)
    if pair is None:
        pair = draw(st.sampled_from([t for t in range(34) if left[t] >= 2]))
    concealed += [pair, pair]
    concealed = draw(st.permutations(concealed))
    winning = concealed[draw(st.integers(0, len(concealed) - 1))]
    standing = list(concealed)
    standing.remove(winning)
    bonus = draw(st.lists(st.integers(34, 41), unique=True, max_size=4))
    ways = ["discard", "discard", "self_draw"]
    if any(m["kind"] == "kong" for m in melds):
        ways.append("kong_replacement")
    if bonus:
        ways.append("flower_replacement")
    if winning not in standing and winning not in pung_kinds:
        ways.append("robbing_kong")
    return {
        "rules": "chinese",
        "concealed": format_tiles_in_order(standing),
        "melds": melds,
        "winning_tile": format_tiles([winning]),
        "win_by": draw(st.sampled_from(ways)),
        "seat_wind": draw(st.sampled_from(SEATS)),
        "round_wind": draw(st.sampled_from(SEATS)),
        "bonus": format_tiles(bonus),
        "moments": draw(st.lists(st.sampled_from(["last_tile", "fourth_tile", "first_round"]), unique=True)),
    }


def summary(result) -> tuple:
    return result.valid, result.total, result.items, result.reason


@pytest.mark.slow
@settings(max_examples=scaled(100), deadline=None)
@given(complete_hands(), st.randoms(use_true_random=False))
def test_scoring_ignores_the_order_tiles_are_written_in(data, random):
    first = RULES.score(HandSituation.from_dict(data))
    shuffled = dict(data)
    tiles = list(HandSituation.from_dict(data).concealed)
    random.shuffle(tiles)
    shuffled["concealed"] = format_tiles_in_order(tiles)
    shuffled["melds"] = random.sample(data["melds"], len(data["melds"]))
    assert summary(RULES.score(HandSituation.from_dict(shuffled))) == summary(first)


@pytest.mark.slow
@settings(max_examples=scaled(100), deadline=None)
@given(complete_hands())
def test_an_own_flower_never_lowers_the_total(data):
    situation = HandSituation.from_dict(data)
    before = RULES.score(situation)
    own = SEATS.index(data["seat_wind"]) + 1  # flower k and season k belong to seat k
    for bonus_tile in (Tile.parse(f"{own}f"), Tile.parse(f"{own + 4}f")):
        if bonus_tile in situation.bonus:
            continue
        more = dict(data, bonus=format_tiles(situation.bonus + (bonus_tile,)))
        after = RULES.score(HandSituation.from_dict(more))
        assert after.total >= before.total
        assert after.valid == before.valid


@settings(max_examples=scaled(100), deadline=None)
@given(complete_hands())
def test_every_generated_hand_is_a_winning_shape_and_adds_up(data):
    result = RULES.score(HandSituation.from_dict(data))
    assert result.reason is None or not result.reason.startswith("not a winning hand")
    values = sum(item.value for item in result.items)
    flowers = len(HandSituation.from_dict(data).bonus)
    if result.valid:
        assert result.total == values >= 3 + flowers
    else:
        assert result.total == 0 and result.reason == f"needs 3 points not counting flowers, has {values - flowers}"


@settings(max_examples=scaled(80), deadline=None)
@given(complete_hands())
def test_result_survives_to_dict(data):
    situation = HandSituation.from_dict(data)
    result = RULES.score(situation)
    as_json = json.loads(json.dumps(result.to_dict()))
    assert as_json["total"] == result.total and as_json["valid"] == result.valid
    assert [(i["name"], i["value"]) for i in as_json["items"]] == [(i.name, i.value) for i in result.items]
    again = RULES.score(HandSituation.from_dict(situation.to_dict()))
    assert summary(again) == summary(result)


@settings(max_examples=scaled(100), deadline=None)
@given(
    winner=st.sampled_from([None, *SEATS]),
    win_by=st.sampled_from(["discard", "self_draw", "kong_replacement", "flower_replacement", "robbing_kong"]),
    discarder=st.sampled_from(SEATS),
    total=st.integers(3, 500),
)
def test_payments_sum_to_zero(winner, win_by, discarder, total):
    data = {"rules": "chinese", "winner": winner, "win_by": win_by, "scores": {}}
    if winner is not None:
        data["scores"] = {winner: total}
        if win_by in ("discard", "robbing_kong"):
            data["discarder"] = discarder if discarder != winner else SEATS[(SEATS.index(winner) + 1) % 4]
    payments = settle(Settlement.from_dict(data))
    assert sum(payments.values()) == 0
    if winner is not None:
        # Three losers pay the minimum 3 each; the hand total once (discarder) or three times (self-draw).
        assert payments[winner] == 9 + (total if win_by in ("discard", "robbing_kong") else 3 * total)


WAIT_ITEMS = {"Edge Wait", "Closed Wait", "Single Wait"}


def completing_kinds(situation: HandSituation) -> list[int]:
    """Brute force over the 34 kinds: those that complete the 13 standing tiles, leaving out kinds the
    player already holds all four of, standing or declared (no fifth copy), and counting every other
    kind whatever the table shows."""
    standing = [0] * 34
    for tile in situation.concealed:
        standing[tile] += 1
    held = list(standing)
    for meld in situation.melds:
        for tile in meld.tiles:
            held[tile] += 1
    completing = []
    for kind in range(34):
        if held[kind] >= 4:
            continue
        standing[kind] += 1
        if RULES.is_complete(standing, len(situation.melds)):
            completing.append(kind)
        standing[kind] -= 1
    return completing


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(st.one_of(complete_hands(), complete_hands(four_of_a_kind=True)))
def test_a_wait_point_is_earned_exactly_when_one_kind_can_come(data):
    """On hands with one split and no special reading: a wait point is earned exactly when the winning
    tile stands at an edge, in the middle of a chow or in the eye, and it is the only kind that can
    complete the hand (a kind the player holds four of cannot come)."""
    situation = HandSituation.from_dict(data)
    counts = situation.counts()
    splits = decompositions(counts, situation.melds)
    revealed = sum(meld.open for meld in situation.melds) == 4 and data["win_by"] in ("discard", "robbing_kong")
    assume(len(splits) == 1 and not revealed and not is_nine_gates(counts))
    assume(situation.melds or not is_seven_pairs(counts, four_as_two_pairs=True))
    shaped = any(reading.wait in ("edge", "closed", "pair") for reading in readings(splits[0], situation.winning_tile))
    result = RULES.score(situation)
    earned = bool(WAIT_ITEMS & {item.name for item in result.items})
    assert earned == (shaped and completing_kinds(situation) == [int(situation.winning_tile)])
