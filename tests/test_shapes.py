from hypothesis import given, settings

from sparrow.hand import Meld
from sparrow.shapes import (
    decompositions,
    is_nine_gates,
    is_regular_complete,
    is_seven_pairs,
    is_thirteen_orphans,
    readings,
)
from sparrow.tiles import Tile, parse_tiles, tile_counts
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


@settings(max_examples=300)
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
