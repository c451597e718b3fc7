"""The Riichi computer players (``sparrow.bots.riichi``) at a real Riichi table (``sparrow.game.riichi``):
they only ever choose legal actions and every hand ends; Normal folds to the safest tile against a
riichi when it is far from ready, and calls only for a yaku; the danger of a tile reads genbutsu,
no-chance, suji and the honours seen as a player does."""

from __future__ import annotations

import pytest

from sparrow.bots.riichi import LEVELS, RiichiBot, danger
from sparrow.core.analysis import shanten
from sparrow.core.tiles import Tile
from sparrow.game.riichi import RiichiActionKind, RiichiHandState, observation
from sparrow.game.riichi.tiles import face_kind, parse_face


def _kind(name: str) -> int:
    return int(face_kind(parse_face(name)))


def _threat(river: list[str]) -> dict:
    return {"seat": 1, "wind": "S", "riichi": True, "melds": [], "discards": [{"tile": t} for t in river]}


def test_the_danger_of_a_tile_reads_like_a_player():
    seen = [0] * 34
    threat = _threat(["4m", "1z"])
    assert danger(_kind("4m"), threat, seen) == 0  # genbutsu
    assert danger(_kind("1m"), threat, seen) < danger(_kind("1p"), threat, seen)  # 1m is suji of 4m
    assert danger(_kind("7m"), threat, seen) < danger(_kind("7p"), threat, seen)  # 7m too
    assert danger(_kind("5p"), threat, seen) > danger(_kind("9p"), threat, seen)  # middle tiles are worst
    seen[_kind("2z")] = 3
    assert danger(_kind("2z"), threat, seen) == 1  # three seen: only a single wait can take it
    seen[_kind("2s")] = 4  # all four 2s seen: no run can wait on 1s
    assert danger(_kind("1s"), threat, seen) <= 1


def _play(seed: int, levels: list[str], check=None) -> RiichiHandState:
    state = RiichiHandState(seed)
    bots = [RiichiBot(level, seed * 4 + i) for i, level in enumerate(levels)]
    for _ in range(3000):
        if state.over:
            return state
        seat = state.to_act[0]
        seen = observation(state, seat)
        legal = state.legal_actions(seat)
        action = bots[seat].act(seen, legal)
        assert action in legal
        if check is not None:
            check(levels[seat], seen, legal, action)
        state.apply(action)
    raise AssertionError(f"hand {seed} did not end")


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_plays_whole_hands_with_legal_actions_and_tiles_kept(level):
    ends = set()
    for seed in range(12):
        state = _play(seed, [level] * 4)
        assert sorted(state.all_tiles()) == list(range(136))
        ends.add(next(e["event"] for e in reversed(state.events) if e["event"] in ("win", "exhausted", "abort")))
    assert "win" in ends  # the players do win hands, not only draw them


def _counts(names):
    counts = [0] * 34
    for name in names:
        counts[_kind(name)] += 1
    return counts


def _seen(seen, hand):
    """The copies of each kind a seat can see: its hand, the rivers, the sets, the indicators."""
    names = list(hand) + list(seen["dora_indicators"])
    for other in seen["seats"]:
        names += [d["tile"] for d in other["discards"] if not d.get("called")]
        names += [name for meld in other["melds"] for name in meld["tiles"]]
    return [min(4, count) for count in _counts(names)]


def test_normal_folds_against_a_riichi_and_calls_only_for_a_yaku():
    folds = calls = 0

    def check(level, seen, legal, action):
        nonlocal folds, calls
        me = seen["seats"][seen["seat"]]
        hand = list(seen["hand"]) + (
            [seen["drawn"]] if seen.get("drawn") and len(seen["hand"]) + 3 * len(me["melds"]) == 13 else []
        )
        counts = _counts(hand)
        threats = [o for o in seen["seats"] if o["seat"] != seen["seat"] and o["riichi"]]
        if action.kind is RiichiActionKind.DISCARD and threats and not me["riichi"]:
            best = min(
                shanten(counts[:t] + [counts[t] - 1] + counts[t + 1 :], len(me["melds"]))
                for t in range(34)
                if counts[t]
            )
            if best >= 2:
                visible = _seen(seen, hand)
                risk = [
                    max(danger(int(face_kind(a.tile)), t, visible) for t in threats)
                    for a in legal
                    if a.kind is RiichiActionKind.DISCARD
                ]
                chosen = max(danger(int(face_kind(action.tile)), t, visible) for t in threats)
                if min(risk) == 0:
                    assert chosen == 0, "a genbutsu was there to discard"
                    folds += 1
        if action.kind in (RiichiActionKind.PON, RiichiActionKind.CHI):
            calls += 1
            called = _kind(seen["last_discard"])
            kept = counts
            for face in action.tiles:
                kept[int(face_kind(face))] -= 1
            value = {31, 32, 33, 27 + "ESWN".index(seen["wind"]), 27 + "ESWN".index(seen["round_wind"])}
            value_set = any(
                len({_kind(n) for n in m["tiles"]}) == 1 and _kind(m["tiles"][0]) in value for m in me["melds"]
            )
            simples = all(Tile(t).is_simple for t in range(34) if kept[t]) and Tile(called).is_simple
            assert called in value or value_set or simples, (seen["hand"], action)

    for seed in range(40):
        _play(seed, ["normal"] * 4, check)
    assert folds > 0 and calls > 0  # both situations came up


def test_the_readme_example_plays_a_hand_to_its_settlement():
    hand = RiichiHandState(seed=7)
    bots = [RiichiBot("normal", seat) for seat in range(4)]
    while not hand.over:
        seat = hand.to_act[0]
        hand.apply(bots[seat].act(observation(hand, seat), hand.legal_actions(seat)))
    end = hand.events[-1]
    assert end["event"] == "hand_end" and sum(end["scores"].values()) + 1000 * end["sticks"] == 100_000


def test_expert_opens_a_hand_only_with_a_yaku_in_sight_after_its_next_discard():
    """Expert calls more than Normal (all simples with one terminal or honour still to let go, a value
    pair kept): after every call and the discard that follows it, its hand still holds a yaku in
    sight: all simples (its sets and every tile kept), a value honour's set, or a value pair."""
    opened = {}  # seat -> True once it called, until its next discard is checked
    checked = 0

    def check(level, seen, legal, action):
        nonlocal checked
        seat = seen["seat"]
        if action.kind in (RiichiActionKind.PON, RiichiActionKind.CHI):
            opened[seat] = True
            return
        if action.kind is not RiichiActionKind.DISCARD or not opened.pop(seat, False):
            return
        me = seen["seats"][seat]
        hand = list(seen["hand"]) + ([seen["drawn"]] if seen.get("drawn") else [])
        counts = _counts(hand)
        counts[int(face_kind(action.tile))] -= 1
        shown = [_kind(name) for meld in me["melds"] for name in meld["tiles"]]
        values = {31, 32, 33, 27 + "ESWN".index(seen["wind"]), 27 + "ESWN".index(seen["round_wind"])}
        simples = all(Tile(k).is_simple for k in shown) and all(Tile(k).is_simple for k in range(34) if counts[k])
        value_set = any(shown.count(k) >= 3 for k in values) or any(counts[k] >= 2 for k in values)
        assert simples or value_set, (seen["hand"], me["melds"], action)
        checked += 1

    for seed in range(60):
        _play(seed, ["expert"] * 4, check)
    assert checked > 20  # Expert calls, and every call was checked


def test_normal_discards_by_the_evaluator_at_its_setting_among_its_fastest_discards():
    """At the one table Normal lets go of the discard the evaluator values most at Normal's setting,
    among those that keep its hand fastest (when it neither folds nor sheds tiles for an open yaku)."""
    from sparrow.bots.evaluator import NORMAL, evaluate_discards
    from sparrow.game import deal
    from tests.riichi_turns import discards_played

    checked = 0
    for seed in range(6):
        for seen, view, action in discards_played(deal("riichi", None, seed), "normal", seed):
            if not view.riichi and not view.own_melds:
                values = evaluate_discards(seen, NORMAL)
                fastest = min(value.shanten for value in values)
                mine = next(value for value in values if value.tile == action.tile)
                assert mine.shanten == fastest
                assert mine.value == max(value.value for value in values if value.shanten == fastest)
                checked += 1
    assert checked > 100
