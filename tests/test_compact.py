"""The compact hand notation: ``nts: 78s55z [777z] (1111s) [345p] +9s* seat=E round=S bonus=1f6f``."""

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import TileError, parse_tiles
from sparrow.formats.compact import (
    CompactError,
    compact_fields,
    format_compact,
    parse_compact,
    parse_option,
    parse_option_value,
)
from sparrow.rules import RulesError, get_ruleset
from sparrow.rules.generate import random_complete_situation
from tests.scale import scaled

RULESETS = ("nts", "hkos", "chinese", "casual")


# ---------------------------------------------------------------------------- reading


def test_the_contract_hand_with_every_kind_of_part():
    # The contract's example, with the standing tiles cut to what three declared sets leave room for:
    # 78s + 9s is a chow, 55z the pair; 4 + 1 + 3 + 4 + 3 = 15 tiles = 14 + one kong.
    situation = parse_compact("nts: 78s55z [777z] (1111s) [345p] +9s seat=E round=S bonus=1f6f moments=last_tile")
    assert situation.to_dict() == {
        "rules": "nts",
        "concealed": "78s55z",
        "melds": [
            {"kind": "pung", "tiles": "777z", "open": True},
            {"kind": "kong", "tiles": "1111s", "open": False},
            {"kind": "chow", "tiles": "345p", "open": True},
        ],
        "winning_tile": "9s",
        "win_by": "discard",
        "seat_wind": "E",
        "round_wind": "S",
        "bonus": "16f",
        "moments": ["last_tile"],
    }


def test_the_same_hand_as_the_json_form():
    json_form = {
        "rules": "hkos",
        "concealed": "123s456s99s111z77z",
        "winning_tile": "7z",
        "win_by": "self_draw",
        "seat_wind": "E",
        "round_wind": "E",
        "bonus": "2f",
    }
    compact = parse_compact("hkos: 123s456s99s111z77z +7z* bonus=2f")
    assert compact.to_dict() == HandSituation.from_dict(json_form).to_dict()


@pytest.mark.parametrize(
    ("part", "kind", "is_open"),
    [
        ("[123m]", "chow", True),
        ("[312m]", "chow", True),  # the tiles of a set may be written in any order
        ("[555p]", "pung", True),
        ("[5555p]", "kong", True),  # an open kong: claimed, or added to an exposed pung
        ("(5555p)", "kong", False),
    ],
)
def test_the_kind_of_a_declared_set_is_told_by_its_tiles(part, kind, is_open):
    fields = compact_fields(f"casual: 11z {part}")
    assert fields["melds"] == [{"kind": kind, "tiles": fields["melds"][0]["tiles"], "open": is_open}]


def test_spaces_between_parts_are_optional_around_brackets_and_plus():
    spaced = parse_compact("nts: 78s55z [777z] (1111s) [345p] +9s*")
    tight = parse_compact("nts:78s55z[777z](1111s)[543p]+9s*")
    loose = parse_compact("nts: 78s 55z [ 777z ] ( 1111s ) [3p 45p] +9s*")
    assert spaced.to_dict() == tight.to_dict() == loose.to_dict()


def test_standing_tiles_may_be_written_in_several_groups_and_any_order():
    one = parse_compact("casual: 123m456p789s11z22z +2z")
    several = parse_compact("casual: 1z 321m 654p 1z 987s 22z +2z")
    assert one.to_dict() == several.to_dict()


def test_a_star_after_the_winning_tile_means_self_drawn():
    assert parse_compact("casual: 123m456p789s11z22z +2z*").win_by == "self_draw"
    assert parse_compact("casual: 123m456p789s11z22z +2z").win_by == "discard"


def test_win_by_names_the_self_drawn_way_that_the_star_leaves_open():
    situation = parse_compact("nts: 123m456p11z22z (3333s) +2z* win_by=kong_replacement")
    assert situation.win_by == "kong_replacement"
    assert parse_compact("hkos: 123m456p789s11z22z +2z win_by=robbing_kong").win_by == "robbing_kong"


def test_no_winning_tile_is_a_hand_that_did_not_win():
    situation = parse_compact("nts: 123m456p789s11z22z seat=W")
    assert situation.winning_tile is None
    assert situation.seat_wind == "W"


def test_the_ruleset_may_come_from_the_caller_but_not_contradict_the_text():
    assert parse_compact("123m456p789s11z22z +2z", rules="casual").rules == "casual"
    assert parse_compact("casual: 123m456p789s11z22z +2z", rules="casual").rules == "casual"
    with pytest.raises(CompactError, match="rules: the hand says 'casual' but the ruleset given is 'nts'"):
        parse_compact("casual: 123m456p789s11z22z +2z", rules="nts")
    with pytest.raises(CompactError, match="rules: say which ruleset"):
        parse_compact("123m456p789s11z22z +2z")


def test_other_settings_are_ruleset_options_with_their_types():
    situation = parse_compact("hkos: 123m456p789s11z22z +2z flowers=false minimum=0 practice=true")
    assert situation.options == {"flowers": False, "minimum": 0, "practice": True}
    assert isinstance(situation.options["minimum"], int)


def test_several_moments_separated_by_commas():
    situation = parse_compact("nts: 123m456p789s11z22z +2z moments=last_tile,fourth_tile")
    assert situation.moments == {"last_tile", "fourth_tile"}


# ---------------------------------------------------------------------------- errors name the text


@pytest.mark.parametrize(
    ("text", "field", "says"),
    [
        ("nts: 123m [12m] +1z", "hand", "'[12m]' at position 10 in 'nts: 123m [12m] +1z': a chow has 3 tiles, not 2"),
        ("nts: 123m [124m] +1z", "hand", "'[124m]' at position 10"),  # not a run
        ("nts: 123m [1z2z3z] +1z", "hand", "'[1z2z3z]' at position 10"),  # honours make no chow
        ("nts: 123m (111s) +1z", "hand", "'(111s)' at position 10 in 'nts: 123m (111s) +1z': only a kong"),
        ("nts: 123m [123m", "hand", "'[' at position 10 in 'nts: 123m [123m' is never closed"),
        ("nts: 123m ]", "hand", "']' at position 10"),
        ("nts: 0m", "hand", "'0m' at position 5 in 'nts: 0m': there is no tile 0"),
        ("nts: 123m 8z", "hand", "'8z' at position 10"),
        ("nts: 12m3", "hand", "digits at position 8 in 'nts: 12m3' have no suit letter after them"),
        ("nts: [77 7z]", "hand", "digits at position 6 in 'nts: [77 7z]' have no suit letter after them"),
        ("nts: m1", "hand", "suit letter 'm' at position 5"),
        ("nts: 1x", "hand", "unknown character 'x' at position 6"),
        ("nts: 11111m", "hand", "more than four copies of 1m"),
        ("nts: 123m1f", "hand", "flowers and seasons (1f) do not stand in the hand; write them as bonus=1f"),
        ("nts: 123m +1z +2z", "hand", "a second winning tile '+2z' at position 14"),
        ("nts: 123m +12z", "hand", "'+12z' at position 10 in 'nts: 123m +12z': the winning tile is one tile"),
        ("nts: 123m +5f", "hand", "a flower or season cannot complete a hand"),
        ("nts: 1m seat=X", "seat", "'seat=X' at position 8 in 'nts: 1m seat=X': expected one of E, S, W, N"),
        ("nts: 1m round=east", "round", "'round=east' at position 8"),
        ("nts: 1m seat=E seat=S", "seat", "seat is given twice"),
        ("nts: 1m +1z win_by=mahjong", "win_by", "expected one of discard, self_draw"),
        ("nts: 1m +1z* win_by=discard", "win_by", "'*' says self-drawn but win_by=discard"),
        ("nts: 1m win_by=self_draw", "win_by", "needs a winning tile"),
        ("nts: 1m +1z bonus=1f9f", "bonus", "'9f' at position 20"),
        ("nts: 1m +1z bonus=1f1m", "bonus", "only flowers and seasons (1f-8f) are bonus tiles, not 1m"),
        ("nts: 1m +1z bonus=1f1f", "bonus", "more than one copy of 1f"),
        ("nts: 1m +1z moments=last_tile,lucky", "moments", "unknown moment 'lucky'"),
        ("nts: 1m +1z flowers=true flowers=false", "options", "the option 'flowers' is given twice"),
        ("nts: 1m =3", "hand", "'=3' at position 8 in 'nts: 1m =3': write a setting as key=value"),
        ("n t: 1m", "hand", "unknown character 'n' at position 0"),
    ],
)
def test_malformed_text_is_one_error_naming_the_part_and_its_position(text, field, says):
    with pytest.raises(CompactError) as caught:
        compact_fields(text)
    assert caught.value.field == field
    assert str(caught.value).startswith(f"{field}: ")
    assert says in str(caught.value)


HAND = "nts: 123m {} +1z"


@pytest.mark.parametrize(
    ("part", "says"),
    [
        ("0m", "'0m' at position 10 in 'nts: 123m 0m +1z': there is no tile 0"),
        ("8z", "'8z' at position 10 in 'nts: 123m 8z +1z' is not a tile"),
        ("45m9f", "'9f' at position 13 in 'nts: 123m 45m9f +1z' is not a tile"),
        ("m1", "suit letter 'm' at position 10 has no digits before it in 'nts: 123m m1 +1z'"),
        ("1x", "unknown character 'x' at position 11 in 'nts: 123m 1x +1z'"),
        ("12m3", "digits at position 13 in 'nts: 123m 12m3 +1z' have no suit letter after them"),
        ("[1m 2]", "digits at position 14 in 'nts: 123m [1m 2] +1z' have no suit letter after them"),
        ("11111m", "more than four copies of 1m at position 14 in 'nts: 123m 11111m +1z'"),
    ],
)
def test_tile_errors_are_the_tile_notations_told_at_their_place_in_the_hand(part, says):
    """The compact notation reads tiles with parse_tiles: the same message, where the part stands."""
    text = HAND.format(part)
    with pytest.raises(CompactError) as caught:
        compact_fields(text)
    assert str(caught.value) == f"hand: {says}"
    inner = part.strip("[]")
    with pytest.raises(TileError) as plain:
        parse_tiles(inner)
    if "position" in str(plain.value):
        # the words are the tile notation's own; only the position and the quoted text differ
        offset = text.index(inner)
        theirs = str(plain.value).replace(f" in {inner!r}", f" in {text!r}")
        assert theirs == re.sub(r"at position (\d+)", lambda found: f"at position {int(found[1]) - offset}", says)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("false", False),
        ("0", 0),
        ("6", 6),
        ("-2", -2),
        ("007", 7),
        ("half", "half"),
        ("null", "null"),  # no option takes null: the ruleset names the option when text is wrong
        ("1.5", "1.5"),
        ("True", "True"),
        ("1²", "1²"),  # a superscript two is a digit to str.isdigit(), not to int()
        ("٣", "٣"),  # an Arabic-Indic three likewise: only ASCII digits make a number
        ("-", "-"),
        ("9" * 5000, "9" * 5000),  # longer than Python converts: text, which no option accepts
    ],
)
def test_option_values_read_the_same_everywhere(text, value):
    assert parse_option_value(text) == value and type(parse_option_value(text)) is type(value)
    assert compact_fields(f"nts: 1m x={text}")["options"] == {"x": value}
    assert parse_option(f"x={text}") == ("x", value)


@pytest.mark.parametrize("item", ["flowers", "=true", "flowers=", ""])
def test_an_option_without_name_or_value_is_refused(item):
    with pytest.raises(CompactError, match=r"^--option: write name=value, e\.g\. --option flowers=false, got "):
        parse_option(item)


def test_a_non_ascii_digit_is_named_by_the_option_check():
    # Read as text, the value is refused by the ruleset naming the option (not int()'s own message).
    situation = parse_compact("casual: 123m456p789s11z22z +2z max_fan=1²")
    with pytest.raises(RulesError, match="option 'max_fan' of casual must be int, got '1²'"):
        get_ruleset("casual").resolve_options(situation.options)


def test_a_tile_count_that_cannot_be_a_hand_is_named_by_the_situation_check():
    with pytest.raises(SituationError, match=r"concealed: a winning hand with 0 kong\(s\) must have 14 tiles"):
        parse_compact("casual: 123m456p789s11z2z +2z")  # 12 standing tiles + the winning tile
    with pytest.raises(SituationError, match="more than four copies of 1m"):
        parse_compact("nts: 1m456p789s11z22z [111m] +1m")  # four in the pung and hand, a fifth to win


# ---------------------------------------------------------------------------- writing and round trips


def test_the_canonical_form_sorts_tiles_and_spells_out_the_defaults():
    text = "nts:  55z87s [777z] (1111s) [543p] +9s* bonus=6f1f moments=last_tile round=S"
    assert format_compact(parse_compact(text)) == (
        "nts: 78s55z [777z] (1111s) [345p] +9s* seat=E round=S bonus=16f moments=last_tile"
    )


def test_the_canonical_form_names_a_replacement_win_and_leaves_out_a_plain_discard():
    assert format_compact(parse_compact("nts: 123m456p11z22z (3333s) +2z win_by=kong_replacement")) == (
        "nts: 123m456p1122z (3333s) +2z seat=E round=E win_by=kong_replacement"
    )
    assert format_compact(parse_compact("nts: 123m456p789s11z22z +2z win_by=discard")) == (
        "nts: 123m456p789s1122z +2z seat=E round=E"
    )


def test_the_canonical_form_of_a_canonical_text_is_itself():
    for text in (
        "nts: 78s55z [777z] (1111s) [345p] +9s* seat=E round=S bonus=16f moments=last_tile",
        "hkos: 123m456p789s1122z +2z seat=N round=W win_by=robbing_kong flowers=false minimum=0",
        "casual: 123m456p789s1122z seat=S round=E",
    ):
        assert format_compact(parse_compact(text)) == text


@settings(max_examples=scaled(100), deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULESETS), winning=st.booleans())
def test_compact_to_situation_to_compact_round_trips(seed, rules, winning):
    situation = random_complete_situation(random.Random(seed), rules, winning=winning)
    text = format_compact(situation)
    again = parse_compact(text)
    assert again.to_dict() == situation.to_dict()
    assert format_compact(again) == text


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULESETS))
def test_the_fields_read_from_compact_text_are_the_json_form(seed, rules):
    situation = random_complete_situation(random.Random(seed), rules)
    assert HandSituation.from_dict(compact_fields(format_compact(situation))).to_dict() == situation.to_dict()
