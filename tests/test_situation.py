"""Validation of the hand situation and settlement input beyond the tile checks."""

import json

import pytest

import sparrow
from sparrow.core.situation import HandSituation, SituationError
from sparrow.formats.compact import parse_compact
from sparrow.rules import Settlement
from tests.cli_support import run_sparrow

BASE = {"rules": "casual", "concealed": "123m456p789s11z22z", "winning_tile": "2z"}


def error_of(data, build=HandSituation.from_dict):
    with pytest.raises(SituationError) as error:
        build(data)
    return error.value.field, str(error.value)


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"melds": [{"kind": [], "tiles": "777z"}]}, "melds[0].kind"),
        ({"melds": [{"kind": 3, "tiles": "777z"}]}, "melds[0].kind"),
        ({"win_by": False}, "win_by"),
        ({"win_by": ""}, "win_by"),
        ({"win_by": []}, "win_by"),
        ({"melds": ""}, "melds"),
        ({"melds": {}}, "melds"),
        ({"moments": ""}, "moments"),
        ({"moments": {}}, "moments"),
        ({"moments": [["last_tile"]]}, "moments"),
        ({"options": []}, "options"),
        ({"options": ""}, "options"),
        ({"seat_wind": 1}, "seat_wind"),
    ],
)
def test_a_value_of_the_wrong_type_is_an_error_naming_the_field(change, field):
    assert error_of({**BASE, **change})[0] == field


def test_absent_or_null_optional_fields_take_their_defaults():
    situation = HandSituation.from_dict({**BASE, "bonus": None, "melds": None, "moments": None, "win_by": None})
    assert (situation.bonus, situation.melds, situation.moments, situation.win_by) == ((), (), frozenset(), "discard")
    assert situation.seat_wind == "E" and situation.round_wind == "E"


@pytest.mark.parametrize(
    ("change", "field", "message"),
    [
        ({"win_by": "kong_replacement"}, "win_by", "needs a declared kong"),
        ({"rules": "nts", "win_by": "flower_replacement"}, "win_by", "needs a flower or season"),
        ({"win_by": "self_draw", "moments": ["kong_on_kong"]}, "moments", "two declared kongs"),
        ({"win_by": "self_draw", "seat_wind": "S", "moments": ["heavenly"]}, "moments", "dealer's self-drawn"),
        ({"win_by": "discard", "moments": ["heavenly"]}, "moments", "dealer's self-drawn"),
        ({"win_by": "discard", "moments": ["earthly"]}, "moments", "non-dealer's win"),
        ({"seat_wind": "S", "win_by": "self_draw", "moments": ["earthly"]}, "moments", "non-dealer's win"),
        ({"winning_tile": None, "moments": ["last_tile"]}, "moments", "describe a win"),
    ],
)
def test_impossible_ways_of_winning_are_refused_for_every_family(change, field, message):
    for rules in ("nts", "hkos", "chinese", "casual"):
        found, text = error_of({**BASE, "rules": rules, **change})
        assert found == field and message in text, (rules, text)


def test_possible_ways_of_winning_are_accepted():
    kong = {"melds": [{"kind": "kong", "tiles": "1111s", "open": False}], "concealed": "123m456p11z22z"}
    HandSituation.from_dict({**BASE, **kong, "win_by": "kong_replacement"})
    HandSituation.from_dict({**BASE, "rules": "nts", "bonus": "3f", "win_by": "flower_replacement"})
    HandSituation.from_dict({**BASE, "win_by": "self_draw", "moments": ["heavenly"]})
    HandSituation.from_dict({**BASE, "seat_wind": "W", "moments": ["earthly"]})


# What earthly allows is each family's (core.family_facts.FAMILY_EARTHLY). Riichi's is chiihou or renhou:
# a non-dealer's tsumo on the first draw or ron before it, with no calls; every other family's is a
# non-dealer's win on the dealer's first discard, whatever was declared. The first two hands are possible
# under one reading and not the other, so the test fails if either family's rule reaches the other's hands.
EARTHLY_HANDS = {
    "self-drawn": "456p789s234s123m5m +5m* seat=S moments=earthly",
    "after a call": "456p789s234s5m [123m] +5m seat=S moments=earthly",
    "by the dealer": "123m456p789s234s5m +5m seat=E moments=earthly",
}
CONTRACT_EARTHLY = "moments: earthly is a non-dealer's win on the dealer's first discard"
RIICHI_EARTHLY = (
    "moments: earthly is a non-dealer's win on the first draw (chiihou) or before it (renhou), with no calls"
)
NTS_EARTHLY = f"{CONTRACT_EARTHLY} (win_by discard, nothing declared)"  # NTS's own, in rules/nts.py
OTHERS = ("nts", "hkos", "chinese", "casual")


@pytest.mark.parametrize(
    ("rules", "hand", "error"),
    [
        ("riichi", "self-drawn", None),  # chiihou
        ("riichi", "after a call", RIICHI_EARTHLY),
        ("riichi", "by the dealer", RIICHI_EARTHLY),
        *[(rules, "self-drawn", CONTRACT_EARTHLY) for rules in OTHERS],
        ("nts", "after a call", NTS_EARTHLY),
        *[(rules, "after a call", None) for rules in ("hkos", "chinese", "casual")],
        *[(rules, "by the dealer", CONTRACT_EARTHLY) for rules in OTHERS],
    ],
)
def test_earthly_is_each_family_s_own(rules, hand, error):
    text = f"{rules}: {EARTHLY_HANDS[hand]}"
    as_json = json.dumps(parse_compact(text.replace("moments=earthly", "")).to_dict() | {"moments": ["earthly"]})
    if error is None:
        sparrow.score(text)
        assert run_sparrow("score", "--hand", text).returncode == 0
        assert run_sparrow("score", "--json", stdin=as_json).returncode == 0
        return
    with pytest.raises(ValueError) as raised:
        sparrow.score(text)
    assert str(raised.value) == error
    # The command says the same in one line and exits 2, for a typed hand and for the JSON form.
    for done in (run_sparrow("score", "--hand", text), run_sparrow("score", "--json", stdin=as_json)):
        assert (done.returncode, done.stdout, done.stderr) == (2, "", f"error: {error}\n")


def test_the_same_hand_written_in_another_order_is_the_same_situation():
    assert HandSituation.from_dict(BASE) == HandSituation.from_dict({**BASE, "concealed": "22z11z987s654p321m"})


SETTLE = {"rules": "hkos", "winner": "S", "win_by": "self_draw", "scores": {"S": 8}}


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"discarder": "W"}, "discarder"),  # a self-draw has no discarder
        ({"win_by": "discard"}, "discarder"),
        ({"win_by": "discard", "discarder": "S"}, "discarder"),
        ({"win_by": "tsumo"}, "win_by"),
        ({"win_by": ["discard"]}, "win_by"),
        ({"scores": {"S": 10**4300}}, "scores.S"),
        ({"scores": {"S": -1}}, "scores.S"),
        ({"scores": {"S": 8.5}}, "scores.S"),
        ({"scores": {"X": 8}}, "scores.X"),
        ({"scores": {}}, "scores"),
        ({"winner": "Z"}, "winner"),
        ({"dead": ["Q"]}, "dead"),
        ({"dead": 0}, "dead"),
        ({"dead": ""}, "dead"),
        ({"dead": ["E", "E"]}, "dead"),
        ({"options": []}, "options"),
        ({"options": 0}, "options"),
        ({"winner": None, "win_by": "tsumo"}, "win_by"),
    ],
)
def test_settlement_input_errors_name_the_field(change, field):
    assert error_of({**SETTLE, **change}, Settlement.from_dict)[0] == field
