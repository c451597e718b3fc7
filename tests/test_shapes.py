from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.core.analysis import Forms, waits
from sparrow.core.hand import Meld
from sparrow.core.shapes import (
    CHOW,
    completing_tiles,
    decompositions,
    is_nine_gates,
    is_regular_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    readings,
    regular_splits,
)
from sparrow.core.tiles import Tile, parse_tiles, tile_counts
from tests.scale import scaled
from tests.strategies import complete_hands


def counts(text):
    return tile_counts(parse_tiles(text))


def splits(text, melds=()):
    return sorted(str(d) for d in decompositions(counts(text), melds))


def test_every_split_into_four_sets_and_a_pair():
    # 111222333m is three pungs or three identical chows.
    assert splits("111222333m456p99s") == ["111m 222m 333m 456p 99s", "123m 123m 123m 456p 99s"]


def test_the_pair_is_chosen_where_the_rest_splits():
    assert splits("11123m456p789s777z") == ["123m 456p 789s 777z 11m"]
    assert splits("11123456789995m") == ["111m 234m 678m 999m 55m"]


def test_declared_melds_are_kept_as_they_are():
    melds = [Meld.pung("7z"), Meld.kong("1s", open=False)]
    result = decompositions(counts("123m456p55z"), melds)
    assert [str(d) for d in result] == ["[777z] (1111s) 123m 456p 55z"]
    assert result[0].groups[0].declared and not result[0].groups[0].concealed
    assert result[0].groups[1].declared and result[0].groups[1].concealed


def test_incomplete_or_miscounted_hands_have_no_split():
    assert decompositions(counts("123m456p789s1234z")) == []
    assert decompositions(counts("123m456p789s11z")) == []  # 11 tiles, no melds
    assert not is_regular_complete(counts("123m456p789s1122z"))


def test_readings_place_the_winning_tile_and_name_the_wait():
    tile = Tile.parse
    (hand,) = decompositions(counts("123m456p789s11z") + [0] * 0, [Meld.pung("7z")])
    assert {(str(r.completed_group()), r.wait) for r in readings(hand, tile("3m"))} == {("123m", "edge")}
    assert {r.wait for r in readings(hand, tile("5p"))} == {"closed"}
    assert {r.wait for r in readings(hand, tile("4p"))} == {"two_sided"}
    assert {r.wait for r in readings(hand, tile("7s"))} == {"edge"}
    assert {r.wait for r in readings(hand, tile("1z"))} == {"pair"}
    assert readings(hand, tile("7z")) == []  # a declared meld never holds the winning tile
    (pungs,) = decompositions(counts("111222m456p11z"), [Meld.pung("7z")])
    assert {r.wait for r in readings(pungs, tile("2m"))} == {"pung"}


def test_special_forms():
    assert is_seven_pairs(counts("1122m3344p5566s77z"))
    assert not is_seven_pairs(counts("1111m3344p5566s77z"))
    assert is_seven_pairs(counts("1111m3344p5566s77z"), four_as_two_pairs=True)
    assert not is_seven_pairs(counts("1122m3344p5566s7z"))
    assert is_thirteen_orphans(counts("19m19p19s12345677z"))
    assert not is_thirteen_orphans(counts("19m19p19s12345678z".replace("8z", "7z")[:-2] + "1m"))
    assert not is_thirteen_orphans(counts("19m19p29s12345677z"))
    assert is_nine_gates(counts("11123456789995m"))
    assert is_nine_gates(counts("11112345678999p"))
    assert not is_nine_gates(counts("11123456788995m"))  # 9 only twice
    assert not is_nine_gates(counts("1112345678999m1p"))


@settings(max_examples=scaled(100))
@given(complete_hands(max_melds=4))
def test_generated_complete_hands_always_have_a_split(hand):
    standing, melds = hand
    result = decompositions(standing, melds)
    assert result
    for decomposition in result:
        assert len(decomposition.sets) == 4
        rebuilt = [0] * 34
        for group in decomposition.groups:
            if not group.declared:
                for t in group.tiles:
                    rebuilt[t] += 1
        assert rebuilt == standing


# ---------------------------------------------------------------------------- the core splitter


def code_splits(text):
    """regular_splits as a set of (sorted set codes, pair), for comparisons that ignore order."""
    return {(tuple(sorted(sets)), pair) for sets, pair in regular_splits(counts(text))}


def test_regular_splits_codes_pungs_by_tile_and_chows_by_first_tile_plus_chow():
    # 111222333m is three pungs (1m 2m 3m = tiles 0, 1, 2) or three chows from 1m; 456p is the
    # chow from 4p (tile 12); the pair is 7z (tile 33).
    assert code_splits("111222333m456p77z") == {((0, 1, 2, 12 + CHOW), 33), ((CHOW, CHOW, CHOW, 12 + CHOW), 33)}
    # The codes come group by group (characters, circles, bamboo, honours), so unsorted here.
    assert regular_splits(counts("123m456p789s11177z")) == [((CHOW, 12 + CHOW, 24 + CHOW, 27), 33)]


def test_regular_splits_need_exactly_one_pair():
    assert regular_splits(counts("1122m3344p5566s77z")) == []  # seven pairs is not sets and a pair
    assert regular_splits(counts("11m22p345s678s999s")) == []  # two pairs
    assert regular_splits(counts("123m456p789s111z")) == []  # no pair
    assert regular_splits(counts("123m456p789s1112z")) == []  # a single left over


def brute_force_splits(standing):
    """Every (sorted set codes, pair): pick the pair first, then take the lowest tile left as a
    pung or as the start of a chow, over the whole hand at once."""
    found = set()

    def take(work, sets, pair):
        lowest = next((t for t in range(34) if work[t]), None)
        if lowest is None:
            found.add((tuple(sorted(sets)), pair))
            return
        if work[lowest] >= 3:
            take(work[:lowest] + [work[lowest] - 3] + work[lowest + 1 :], sets + [lowest], pair)
        if lowest < 27 and lowest % 9 <= 6 and work[lowest + 1] and work[lowest + 2]:
            rest = [c - (lowest <= t <= lowest + 2) for t, c in enumerate(work)]
            take(rest, sets + [lowest + CHOW], pair)

    for pair in range(34):
        if standing[pair] >= 2:
            take([c - 2 * (t == pair) for t, c in enumerate(standing)], [], pair)
    return found


@settings(max_examples=scaled(100))
@given(complete_hands(max_melds=4))
def test_regular_splits_agree_with_decompositions_and_a_brute_force(hand):
    standing, melds = hand
    splits = regular_splits(standing)
    assert {(tuple(sorted(sets)), pair) for sets, pair in splits} == brute_force_splits(standing)
    assert len(set(splits)) == len(splits)
    as_groups = set()
    for sets, pair in splits:
        assert len(sets) == 4 - len(melds)
        groups = [("chow", code - CHOW) if code >= CHOW else ("pung", code) for code in sets] + [("pair", pair)]
        as_groups.add(tuple(sorted(groups)))
    from_decompositions = {
        tuple(sorted((g.kind, int(g.tile)) for g in d.groups if not g.declared))
        for d in decompositions(standing, melds)
    }
    assert as_groups == from_decompositions


def test_completing_tiles_worked_examples():
    tiles = completing_tiles
    assert tiles(counts("123m456p789s1122z")) == [27, 28]  # either pair becomes a pung: 1z or 2z
    assert tiles(counts("2345m456p789s111z")) == [1, 4]  # 2m or 5m: 234m 55m or 22m 345m
    assert tiles(counts("123m456p789s12z")) == []  # two singles: not one tile short
    # Four 1m held: only a fifth copy would pair them, so the hand waits on nothing real; a scorer
    # that ignores availability may still count it.
    assert tiles(counts("1111m456p789s123s")) == []
    assert tiles(counts("1111m456p789s123s"), allow_fifth_copy=True) == [0]


@settings(max_examples=scaled(100))
@given(complete_hands(max_melds=4), st.integers(0, 13), st.integers(0, 33), st.booleans())
def test_completing_tiles_agree_with_the_shanten_tables(hand, drop, swap_in, swap):
    standing, melds = hand
    held = [t for t in range(34) for _ in range(standing[t])]
    before = list(standing)
    before[held[drop % len(held)]] -= 1
    if swap and before[swap_in] < 4:  # a tile for another: often no longer one tile short
        before[held[(drop + 1) % len(held)]] -= 1
        before[swap_in] += 1
    regular_only = Forms(seven_pairs=False, thirteen_orphans=False)
    assert completing_tiles(before) == [int(t) for t in waits(before, len(melds), regular_only)]
    with_fifth = completing_tiles(before, allow_fifth_copy=True)
    assert [t for t in with_fifth if before[t] < 4] == completing_tiles(before)
