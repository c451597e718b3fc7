"""The ruleset registry, named options, and the hand-situation contract's input errors and round-trip.

Every error here must be a clear message naming what is wrong (the field of the situation, the
unknown ruleset or option), never a traceback from deep inside.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from sparrow.core.family_facts import FAMILY_MOMENTS
from sparrow.core.situation import MOMENTS, WIN_BY, HandSituation, SituationError
from sparrow.core.tiles import BONUS_TILES, KINDS, SEATS, format_tiles
from sparrow.rules import RulesError, Ruleset, get_ruleset, ruleset_names, score

FAMILIES = ["casual", "chinese", "hkos", "nts", "riichi"]

# A complete casual hand: 123m 456p 789s 234s 99m.
GOOD: dict[str, Any] = {
    "rules": "casual",
    "concealed": "123m456p789s234s9m",
    "melds": [],
    "winning_tile": "9m",
    "win_by": "discard",
    "seat_wind": "S",
    "round_wind": "E",
}


def bad_field(**changes: Any) -> str:
    """The field named by the SituationError that ``GOOD`` with ``changes`` raises."""
    with pytest.raises(SituationError) as error:
        HandSituation.from_dict({**GOOD, **changes})
    assert str(error.value).startswith(error.value.field + ": ")
    assert len(str(error.value)) > len(error.value.field) + 10  # says more than the field name
    return error.value.field


# ---------------------------------------------------------------------------- the registry


def test_the_registry_lists_the_five_families() -> None:
    assert ruleset_names() == FAMILIES


@pytest.mark.parametrize("name", FAMILIES)
def test_each_family_is_found_by_name_with_its_defaults(name: str) -> None:
    ruleset = get_ruleset(name)
    assert isinstance(ruleset, Ruleset) and ruleset.name == name and ruleset.title
    assert isinstance(ruleset.defaults, Mapping)
    assert ruleset.resolve_options(None) == dict(ruleset.defaults)
    assert ruleset.table() is not None  # the defaults make a table


def test_named_options_from_the_rules_pages() -> None:
    assert get_ruleset("casual").defaults["max_fan"] == 5
    assert get_ruleset("casual").defaults["rotate"] is False
    hkos = get_ruleset("hkos").defaults
    assert hkos["flowers"] is True and hkos["practice"] is False and hkos["minimum"] == 3


def test_unknown_ruleset() -> None:
    with pytest.raises(RulesError, match=r"unknown ruleset 'mcr' \(known: casual, chinese, hkos, nts, riichi\)"):
        get_ruleset("mcr")


def test_scoring_a_situation_of_an_unknown_ruleset() -> None:
    situation = HandSituation.from_dict({**GOOD, "rules": "mcr"})
    with pytest.raises(RulesError, match="unknown ruleset 'mcr'"):
        score(situation)


@pytest.mark.parametrize("name", FAMILIES)
def test_unknown_option(name: str) -> None:
    with pytest.raises(RulesError, match=rf"unknown option 'colour' for {name} \(options: "):
        get_ruleset(name).resolve_options({"colour": "red"})


def test_unknown_option_names_the_known_ones() -> None:
    with pytest.raises(RulesError, match=r"\(options: hands, max_fan, rotate\)"):
        score(HandSituation.from_dict({**GOOD, "options": {"max_fans": 6}}))


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"max_fan": "6"}, "option 'max_fan' of casual must be int, got '6'"),
        ({"max_fan": True}, "option 'max_fan' of casual must be int, got True"),
        ({"max_fan": 6.0}, "option 'max_fan' of casual must be int, got 6.0"),
        ({"rotate": 1}, "option 'rotate' of casual must be bool, got 1"),
        ({"rotate": "yes"}, "option 'rotate' of casual must be bool, got 'yes'"),
    ],
)
def test_option_of_the_wrong_type(options: dict[str, Any], expected: str) -> None:
    with pytest.raises(RulesError) as error:
        get_ruleset("casual").resolve_options(options)
    assert str(error.value) == expected


def test_options_of_the_right_type_override_the_defaults() -> None:
    assert get_ruleset("casual").resolve_options({"max_fan": 7}) == {"max_fan": 7, "rotate": False, "hands": 1}


# ---------------------------------------------------------------------------- malformed situations


def test_a_good_situation_passes() -> None:
    assert HandSituation.from_dict(GOOD).is_win


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"concealed": "123m456p789s234s9x"}, "concealed"),  # unknown suit letter
        ({"concealed": "123m456p789s234s9"}, "concealed"),  # digits without a suit
        ({"concealed": "023m456p789s234s9m"}, "concealed"),  # no tile 0
        ({"concealed": 123}, "concealed"),  # not a string
        ({"winning_tile": "8z"}, "winning_tile"),  # there are seven honours
        ({"winning_tile": "99m"}, "winning_tile"),  # two tiles
        ({"bonus": "9f"}, "bonus"),
        ({"melds": [{"kind": "pung", "tiles": "77x", "open": True}]}, "melds[0].tiles"),
    ],
)
def test_malformed_tiles_name_the_field(changes: dict[str, Any], field: str) -> None:
    assert bad_field(**changes) == field


@pytest.mark.parametrize(
    "changes",
    [
        {"concealed": "123m456p789s234s"},  # 13 tiles with the winning tile, a win needs 14
        {"concealed": "123m456p789s234s99m"},  # 15 with the winning tile
        {"concealed": "1111m456p789s234s", "winning_tile": "1m"},  # five 1m
        {"concealed": "456p789s234s", "melds": [{"kind": "kong", "tiles": "1111m", "open": True}]},  # 14, needs 15
        {"concealed": "11m456p789s34s9m", "melds": [{"kind": "pung", "tiles": "111m", "open": True}]},  # five 1m
    ],
)
def test_an_impossible_tile_count_names_the_concealed_tiles(changes: dict[str, Any]) -> None:
    assert bad_field(**changes) == "concealed"


def test_more_than_four_copies_in_one_text() -> None:
    assert bad_field(concealed="11111m56p789s234s9m") == "concealed"


@pytest.mark.parametrize("tiles", ["135m", "123z", "899m", "1m2p3s"])
def test_a_chow_that_is_not_a_run(tiles: str) -> None:
    meld = {"kind": "chow", "tiles": tiles, "open": True}
    assert bad_field(concealed="456p789s234s9m", melds=[meld]) == "melds[0]"


@pytest.mark.parametrize(
    ("meld", "field"),
    [
        ({"kind": "triple", "tiles": "777z", "open": True}, "melds[0].kind"),
        ({"kind": "pung", "tiles": "777z", "open": "yes"}, "melds[0].open"),
        ({"kind": "pung", "tiles": "777z", "open": False}, "melds[0]"),  # only a kong is concealed
        ({"kind": "pung", "tiles": "778z", "open": True}, "melds[0].tiles"),
        ({"kind": "pung", "tiles": "776z", "open": True}, "melds[0]"),  # not three alike
        ("777z", "melds[0]"),
    ],
)
def test_bad_melds_name_the_meld(meld: Any, field: str) -> None:
    assert bad_field(concealed="456p789s234s9m", melds=[meld]) == field


def test_a_bonus_tile_in_the_hand() -> None:
    assert bad_field(concealed="123m456p789s234s1f") == "concealed"
    assert bad_field(winning_tile="5f") == "winning_tile"
    assert bad_field(bonus="1z") == "bonus"  # and a playing tile among the bonus tiles


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"win_by": "tsumo"}, "win_by"),
        ({"moments": ["blessing_of_heaven"]}, "moments"),
        ({"moments": "last_tile"}, "moments"),
        ({"seat_wind": "X"}, "seat_wind"),
        ({"round_wind": "east"}, "round_wind"),
        ({"rules": None}, "rules"),
        ({"options": ["max_fan"]}, "options"),
        ({"melds": "777z"}, "melds"),
    ],
)
def test_other_bad_fields(changes: dict[str, Any], field: str) -> None:
    assert bad_field(**changes) == field


def test_a_situation_must_be_an_object() -> None:
    with pytest.raises(SituationError) as error:
        HandSituation.from_dict(["casual"])  # type: ignore[arg-type]
    assert error.value.field == "situation"


# ---------------------------------------------------------------------------- round-trip


@st.composite
def situations(draw: st.DrawFn) -> dict[str, Any]:
    """A hand situation with a consistent tile count (not necessarily a complete hand), as JSON."""
    left = [4] * 34
    melds = []
    for _ in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        if kind == "chow":
            start = draw(st.sampled_from([t for t in KINDS if t.is_suited and t.rank <= 7]))
            tiles = [start, KINDS[start + 1], KINDS[start + 2]]
        else:
            tiles = [draw(st.sampled_from(KINDS))] * (4 if kind == "kong" else 3)
        if any(left[t] < tiles.count(t) for t in tiles):
            continue
        for t in tiles:
            left[t] -= 1
        is_open = kind != "kong" or draw(st.booleans())
        melds.append({"kind": kind, "tiles": format_tiles(tiles), "open": is_open})
    pool = [t for t in KINDS for _ in range(left[t])]
    winning = draw(st.booleans())
    size = (14 if winning else 13) - 3 * len(melds)
    chosen = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    tiles = [pool[i] for i in chosen]
    winning_tile = str(tiles.pop()) if winning else None
    data: dict[str, Any] = {"rules": draw(st.sampled_from(FAMILIES))}
    if draw(st.booleans()):
        data["options"] = {"max_fan": draw(st.integers(0, 9))}
    bonus = draw(st.lists(st.sampled_from(BONUS_TILES), unique=True, max_size=4))
    # Only ways of winning that the hand makes possible (a kong for its replacement, a flower for its).
    possible = [w for w in WIN_BY if w != "kong_replacement" or any(m["kind"] == "kong" for m in melds)]
    possible = [w for w in possible if w != "flower_replacement" or bonus]
    plain = ("last_tile", "fourth_tile", "first_round", "riichi")
    plain_moments = [m for m in FAMILY_MOMENTS.get(data["rules"], MOMENTS) if m in plain]
    data.update(
        concealed=format_tiles(tiles),
        melds=melds,
        winning_tile=winning_tile,
        win_by=draw(st.sampled_from(possible)),
        seat_wind=draw(st.sampled_from(SEATS)),
        round_wind=draw(st.sampled_from(SEATS)),
        bonus=format_tiles(bonus),
        moments=sorted(draw(st.sets(st.sampled_from(plain_moments), max_size=3))) if winning else [],
    )
    return data


@given(situations())
def test_to_dict_and_from_dict_round_trip(data: dict[str, Any]) -> None:
    situation = HandSituation.from_dict(data)
    assert situation.to_dict() == data
    assert HandSituation.from_dict(situation.to_dict()) == situation


def test_every_family_is_found_whichever_module_was_imported_first():
    code = "import sparrow.rules.chinese\nfrom sparrow.rules import ruleset_names\nprint(','.join(ruleset_names()))"
    output = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert output.strip() == "casual,chinese,hkos,nts,riichi"


def test_score_results_are_read_only_values():
    result = score(HandSituation.from_dict(GOOD))
    with pytest.raises(TypeError):
        result.details["fan"] = 99  # type: ignore[index]
