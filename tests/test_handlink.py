"""The calculator's hand in a URL (sparrow.formats.handlink): a shared link reopens exactly the same hand."""

from __future__ import annotations

import random
from urllib.parse import parse_qs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.core.situation import HandSituation, SituationError
from sparrow.formats.compact import parse_compact
from sparrow.formats.handlink import hand_from_query, hand_from_query_string, hand_query, hand_query_string
from sparrow.rules.generate import random_complete_situation
from tests.scale import scaled

OPTIONS = {
    "nts": [{}],
    "hkos": [{}, {"minimum": 0}, {"seven_pairs": True, "responsibility": "full"}, {"flowers": False}],
    "chinese": [{}],
    "casual": [{}, {"max_fan": 6, "rotate": True}],
}


def test_the_seed_hand_as_parameters():
    situation = parse_compact("nts: 23m456p88s777z [111z] +1m* seat=E round=S")
    assert hand_query(situation) == {
        "rules": "nts",
        "hand": "23m456p88s777z [111z] +1m*",
        "seat": "E",
        "round": "S",
    }
    query = hand_query_string(situation)
    assert query == "rules=nts&hand=23m456p88s777z+%5B111z%5D+%2B1m%2A&seat=E&round=S"
    assert hand_from_query_string("?" + query) == situation


def test_options_moments_bonus_and_ways_of_winning_travel_in_the_link():
    situation = parse_compact(
        "hkos: 123m456p789s5z (2222s) +5z* win_by=kong_replacement bonus=2f6f minimum=0 seven_pairs=true"
    )
    params = hand_query(situation)
    assert params["win_by"] == "kong_replacement" and params["bonus"] == "26f"
    assert params["o.minimum"] == "0" and params["o.seven_pairs"] == "true"
    again = hand_from_query(params)
    assert again == situation and again.options == {"minimum": 0, "seven_pairs": True}


def test_other_parameters_of_the_page_are_ignored():
    situation = parse_compact("casual: 123m456p789s11z22z +2z")
    params = {**hand_query(situation), "lang": "nl"}
    assert hand_from_query(params) == situation


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("hand=123m", "rules"),
        ("rules=nts", "hand"),
        ("rules=nts&hand=123m456p789s11z22z+%2B2z+seat%3DS", "hand"),
        ("rules=nts&hand=123m456p789s11z22z+%2B2z&seat=X", "seat"),
        ("rules=nts&hand=123m456p789s11z22z+%2B2z*&win_by=discard", "win_by"),
        ("rules=nts&hand=123m456p789s11z22z+%2B2z&seat=E&seat=S", "seat"),
        ("rules=hkos&hand=123m456p789s11z22z+%2B2z&o.=1", "options"),
        ("rules=hkos&hand=123m456p789s11z22z+%2B2z&o.minimum=-1", "options"),
        ("rules=nts&hand=123m456p789s11z2z+%2B2z", "concealed"),
        ("rules=nts&hand=123m456p789s11z22z+%2B9z", "hand"),
        ("rules=mcr&hand=123m", "rules"),
        ("rules=nts&hand=123m456p789s11z22z+%2B2z&moments=lucky", "moments"),
    ],
)
def test_a_malformed_link_names_the_parameter(query, field):
    with pytest.raises((SituationError, ValueError)) as error:
        hand_from_query_string(query)
    assert str(error.value).startswith(f"{field}: ") or getattr(error.value, "field", None) == field


@settings(max_examples=scaled(100), deadline=None)
@given(st.sampled_from(sorted(OPTIONS)), st.integers(0, 2**32), st.booleans(), st.data())
def test_round_trip_through_the_url(rules, seed, winning, data):
    options = data.draw(st.sampled_from(OPTIONS[rules]))
    generated = random_complete_situation(random.Random(seed), rules, options=options, winning=winning)
    situation = HandSituation.from_dict(generated.to_dict())  # stored canonically, as any reader does
    assert hand_from_query(hand_query(situation)) == situation
    assert hand_from_query(parse_qs(hand_query_string(situation))) == situation
