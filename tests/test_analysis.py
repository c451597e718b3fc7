import itertools
import random

from hypothesis import given, settings

from sparrow.core.analysis import (
    Forms,
    accepted_tiles,
    discard_options,
    regular_shanten,
    seven_pairs_shanten,
    shanten,
    thirteen_orphans_shanten,
    unseen_count,
    waits,
)
from sparrow.core.tiles import KINDS, format_tiles, parse_tiles, tile_counts
from tests.scale import scaled
from tests.strategies import complete_hands


def counts(text):
    return tile_counts(parse_tiles(text))


def wait_text(text, melds=0, forms=None):
    return format_tiles(waits(counts(text), melds, forms or Forms()))


def test_shanten_of_known_hands():
    assert shanten(counts("123m456p789s1122z5z")) == 0
    assert shanten(counts("123m456p789s11z22z")) == 0
    assert shanten(counts("123m456p789s11222z")) == -1
    assert shanten(counts("147m258p369s1234z")) == 6  # no two tiles work together: regular 8 - ... seven pairs 6
    assert regular_shanten(counts("147m258p369s1234z")) == 8
    assert seven_pairs_shanten(counts("147m258p369s1234z")) == 6
    assert thirteen_orphans_shanten(counts("147m258p369s1234z")) == 7  # 1m 9s 1234z: six kinds, no pair


def test_declared_melds_reduce_the_sets_needed():
    assert shanten(counts("456p11z"), melds=3) == -1
    assert shanten(counts("456p1z"), melds=3) == 0
    assert shanten(counts("46p1z2z"), melds=3) == 1
    assert shanten(counts("11z"), melds=4) == -1
    assert shanten(counts("1z"), melds=4) == 0


def test_waits_of_famous_shapes():
    assert wait_text("1112345678999m") == "123456789m"  # nine gates: all nine
    assert wait_text("19m19p19s1234567z") == "19m19p19s1234567z"  # thirteen orphans, 13-sided
    assert wait_text("19m19p19s1234566z") == "7z"
    assert wait_text("1122m3344p5566s7z") == "7z"  # seven pairs
    assert wait_text("1122m3344p5566s7z", forms=Forms(seven_pairs=False)) == ""
    assert wait_text("23m456p789s11z", melds=1) == "14m"
    assert wait_text("123m456p789s1z", melds=1) == "1z"


def test_a_tile_all_four_of_which_are_held_is_no_wait():
    # 1111m with three sets: the only completing tile would be a fifth 1m.
    assert wait_text("1111m234p567p789s") == ""
    assert shanten(counts("1111m234p567p789s")) == 1
    # Seven pairs: four identical tiles are one pair unless the rules say otherwise.
    assert wait_text("1111m3344p5566s7z") == ""
    assert wait_text("1111m3344p5566s7z", forms=Forms(four_as_two_pairs=True)) == "7z"


def test_accepted_tiles_of_a_one_away_hand():
    # 23m 456p 789s 1122z 5z: 1m/4m make a set, 1z/2z a pung; both leave the hand ready.
    assert format_tiles(accepted_tiles(counts("23m456p789s1122z5z"))) == "14m12z"


def test_every_discard_with_its_accepted_tiles_and_unseen_count():
    options = discard_options(counts("123m456p789s1122z5z"))
    best = options[0]
    assert (str(best.tile), best.shanten, format_tiles(best.accepted), best.unseen) == ("5z", 0, "12z", 4)
    assert {str(o.tile) for o in options} == {"1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "1z", "2z", "5z"}
    one_m = next(o for o in options if str(o.tile) == "1m")
    assert (one_m.shanten, format_tiles(one_m.accepted), one_m.unseen) == (1, "14m12z", 3 + 4 + 2 + 2 + 1)
    # Tiles seen on the table are not counted: three more East winds are visible.
    visible = counts("1z")
    assert discard_options(counts("123m456p789s1122z5z"), visible=visible)[0].unseen == 1 + 2


def test_unseen_count():
    assert unseen_count(parse_tiles("14m"), counts("23m"), counts("4m44m")) == 4 + 1


@settings(max_examples=scaled(100))
@given(complete_hands(max_melds=4))
def test_complete_hands_have_shanten_minus_one(hand):
    standing, melds = hand
    assert shanten(standing, len(melds)) == -1
    assert regular_shanten(standing, len(melds)) == -1


@settings(max_examples=scaled(100))
@given(complete_hands(max_melds=4))
def test_removing_any_tile_from_a_complete_hand_leaves_it_waiting_on_that_tile(hand):
    standing, melds = hand
    for tile in KINDS:
        if standing[tile]:
            standing[tile] -= 1
            assert shanten(standing, len(melds)) == 0
            assert tile in waits(standing, len(melds))
            standing[tile] += 1


def test_waits_agree_with_adding_every_tile_and_checking_completion():
    rng = random.Random(7)
    wall = [t for t in KINDS if t.suit == "m" for _ in range(4)]  # one suit: many ready hands
    ready = 0
    for _ in range(3000):
        hand = tile_counts(rng.sample(wall, 13))
        expected = []
        for tile in KINDS:
            if hand[tile] < 4:
                hand[tile] += 1
                if shanten(hand) == -1:
                    expected.append(tile)
                hand[tile] -= 1
        assert waits(hand) == expected
        ready += bool(expected)
    assert ready > 300


def _reference_suit_distance(pattern, sets, pairs, chows=True):
    """Fewest tiles to add so that ``pattern`` contains ``sets`` sets and ``pairs`` pairs, by brute
    force over every target (no fifth copies)."""
    length = len(pattern)
    groups = [("pung", i) for i in range(length)]
    if chows:
        groups += [("chow", i) for i in range(length - 2)]
    best = 99
    for chosen in itertools.combinations_with_replacement(groups, sets):
        base = [0] * length
        for kind, i in chosen:
            if kind == "pung":
                base[i] += 3
            else:
                base[i] += 1
                base[i + 1] += 1
                base[i + 2] += 1
        for pair in range(length) if pairs else [None]:
            target = list(base)
            if pair is not None:
                target[pair] += 2
            if max(target) > 4:
                continue
            best = min(best, sum(max(0, t - h) for t, h in zip(target, pattern)))
    return best


def test_shipped_tables_match_a_brute_force_reference():
    from sparrow.core.analysis import _load

    tables = _load()
    rng = random.Random(11)
    for _ in range(25):
        size = rng.randint(0, 14)
        pattern = [0] * 9
        while sum(pattern) < size:
            i = rng.randrange(9)
            if pattern[i] < 4:
                pattern[i] += 1
        vector = tables.vectors[tables.suit[bytes(pattern)]]
        for sets in range(3):
            for pairs in (0, 1):
                assert vector[2 * sets + pairs] == _reference_suit_distance(pattern, sets, pairs), pattern
    for _ in range(25):
        pattern = [rng.randint(0, 4) for _ in range(7)]
        if sum(pattern) > 14:
            continue
        vector = tables.vectors[tables.honour[bytes(pattern)]]
        for sets in range(5):
            for pairs in (0, 1):
                expected = _reference_suit_distance(pattern, sets, pairs, chows=False)
                assert vector[2 * sets + pairs] == expected, pattern


def test_a_fourteen_tile_one_suit_hand_can_be_asked_what_it_accepts():
    # Bots ask this of a 14-tile hand before they discard; one suit then has 14 tiles and one more
    # would pass the tables' limit (it used to raise KeyError).
    # No characters tile can join a group already of 14, and a lone tile of another suit or an honour
    # lowers nothing: the answer is empty, not an error.
    counts = tile_counts(parse_tiles("12234556667789m"))
    assert sum(counts) == 14
    assert accepted_tiles(counts, 0) == []
