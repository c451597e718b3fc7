"""The quick reading of a batch line (``quick_situation``, ``score_line``, ``score_json_line``) against the
ordinary one.

``sparrow score --json`` reads a well-formed line the quick way and everything else the ordinary way, so
the two must agree: wherever the quick way gives a situation or a result line, the ordinary way gives the
same situation or the same line (and raises nothing); wherever the ordinary way says a fault, the quick
way gives None. Documents here are generated hands, then mutated: fields taken away, renamed, of the
wrong type (bools where strings or ints belong, huge numbers, nested junk), tile notation written in
other orders or wrong, sets with unknown fields, impossible ways of winning.
"""

import json
import random
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sparrow.cli import app
from sparrow.core.messages import HugeNumber
from sparrow.core.situation import MELD_FIELDS, SITUATION_FIELDS, HandSituation
from sparrow.core.tiles import Tile, TileError, format_tiles, parse_tiles
from sparrow.formats.batches import dumps
from sparrow.formats.contract import INPUT_ERRORS, input_message, score_input, score_json_line, score_line, with_id
from sparrow.formats.quick import quick_situation
from sparrow.rules.generate import random_complete_situation
from tests.scale import scaled

RULESETS = ("nts", "hkos", "chinese", "casual")
FIELDS = sorted(SITUATION_FIELDS | {"id", "comment"})

junk = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.sampled_from([0, 1, -1, 2**63, 2**64 + 1, 10**30])
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.builds(HugeNumber, st.integers(min_value=4301, max_value=10**6))
    | st.text(max_size=12)
    | st.sampled_from(["", " ", "E", "S", "x", "nts", "hkos", "1m", "8z", "0m", "1f", "pung", "kong", "chow"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=8,
)

# Tile notation as people write it, well or not: other orders, spaces, letters without digits, no tiles.
tile_texts = st.sampled_from(
    [
        "",
        " ",
        "1m",
        "9m",
        "7z",
        "8z",
        "0p",
        "1f",
        "9f",
        "11111m",
        "1m1m",
        "m",
        "1",
        "1m 2m",
        "2m1m",
        "123m456p789s11z",
        "456p123m789s11z",
        "11z123m456p789s",
        "321m654p987s11z",
        "123m456p789s11z1f",
        "1f2f",
        "2f1f",
        "1f1f",
        "12345678f",
        "111m222m333m444m55m",
        "1m" * 200,
        "١m",
    ]
) | st.text(alphabet="123456789mpszf 0", max_size=20)


def _mutate(document: dict, data: st.DataObject) -> dict:
    choice = data.draw(st.integers(min_value=0, max_value=13), label="mutation")
    field = data.draw(st.sampled_from(FIELDS), label="field")
    if choice == 0:
        document.pop(field, None)
    elif choice == 1:
        document[field] = data.draw(junk, label="junk")
    elif choice == 2:
        document[field] = data.draw(tile_texts, label="tiles")
    elif choice == 3:  # a misspelt or unknown field
        document[data.draw(st.sampled_from([field.upper(), field + "s", "winer", "bonus_tiles", "", "0"]))] = 1
    elif choice == 4 and isinstance(document.get("melds"), list) and document["melds"]:
        chosen = data.draw(st.sampled_from(document["melds"]), label="meld")
        meld = dict(chosen) if isinstance(chosen, dict) else {}
        key = data.draw(st.sampled_from(sorted(MELD_FIELDS | {"source", "Open"})), label="meld field")
        meld[key] = data.draw(junk | tile_texts | st.sampled_from(["chow", "pung", "kong", True, False, 1, 0]))
        document["melds"] = [*document["melds"], meld][-4:]
    elif choice == 5:
        document["melds"] = data.draw(junk, label="melds")
    elif choice == 6:
        document["moments"] = data.draw(
            st.lists(st.sampled_from(["last_tile", "heavenly", "earthly", "kong_on_kong", "first_round", "x", 1]))
            | junk,
            label="moments",
        )
    elif choice == 7:
        document["win_by"] = data.draw(
            st.sampled_from(["discard", "self_draw", "kong_replacement", "flower_replacement", "robbing_kong", "x"])
        )
    elif choice == 8:
        document[data.draw(st.sampled_from(["seat_wind", "round_wind"]))] = data.draw(
            st.sampled_from(["E", "S", "W", "N", "e", "", None, 0, True, ["E"]])
        )
    elif choice == 9:
        document["options"] = data.draw(
            st.dictionaries(
                st.sampled_from(["flowers", "minimum", "x"]), st.booleans() | st.integers(-3, 100) | st.text()
            )
            | junk,
            label="options",
        )
    elif choice == 10:
        document["rules"] = data.draw(st.sampled_from(["nts", "hkos", "chinese", "casual", "NTS", "x", ""]) | junk)
    elif choice == 11:
        document["winning_tile"] = data.draw(tile_texts | junk, label="winning tile")
    else:  # tiles changed for others (a fifth copy, a flower in the hand, a tile as bonus...)
        field = data.draw(st.sampled_from(["concealed", "concealed", "bonus", "winning_tile"]), label="tiles of")
        if not isinstance(document.get(field), str):
            return document
        try:
            tiles = parse_tiles(document[field], as_set=False)
        except TileError:
            return document
        if choice == 12 and tiles:
            tile = data.draw(
                st.sampled_from(tiles) | st.builds(Tile, st.integers(0, 41) | st.integers(34, 41)), label="tile"
            )
            for _ in range(data.draw(st.integers(min_value=1, max_value=4), label="copies")):
                tiles[data.draw(st.integers(min_value=0, max_value=len(tiles) - 1), label="position")] = tile
        # ... and the tiles written one by one, in an order of their own, or as format_tiles writes them
        order = data.draw(st.permutations(tiles), label="order") if data.draw(st.booleans()) else sorted(tiles)
        document[field] = "".join(str(tile) for tile in order) if data.draw(st.booleans()) else format_tiles(order)
    return document


@st.composite
def documents(draw) -> dict:
    """A generated hand's JSON form, maybe with an id and a comment, mutated a few times (or not at all)."""
    seed = draw(st.integers(min_value=0, max_value=10**9), label="seed")
    document = random_complete_situation(random.Random(seed), draw(st.sampled_from(RULESETS))).to_dict()
    if draw(st.booleans()):
        document["id"] = draw(junk, label="id")
    if draw(st.booleans()):
        document["comment"] = draw(st.text(alphabet=string.printable + "é中", max_size=10))
    if draw(st.booleans()):  # the fields in another order
        keys = draw(st.permutations(list(document)))
        document = {key: document[key] for key in keys}
    data = draw(st.data())
    for _ in range(draw(st.integers(min_value=0, max_value=3), label="mutations")):
        document = _mutate(document, data)
    return document


def ordinary_line(document: object) -> str | None:
    """The ordinary way's result line, or None when it says a fault."""
    try:
        return dumps(with_id(document, score_input(document).to_dict()))
    except INPUT_ERRORS:
        return None


@pytest.mark.slow
@settings(max_examples=scaled(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_the_quick_reading_agrees_with_from_dict(document):
    quick = quick_situation(document)
    try:
        expected = HandSituation.from_dict(document)
    except INPUT_ERRORS:
        assert quick is None, document
        return
    if quick is not None:
        assert quick == expected
        assert repr(quick) == repr(expected)
        assert type(quick.options) is dict and quick.options is not document.get("options")


@pytest.mark.slow
@settings(max_examples=scaled(180), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents())
def test_the_quick_result_line_is_the_ordinary_one(document):
    line = score_line(document)
    expected = ordinary_line(document)
    if line is not None:
        assert line.decode("utf-8") == expected + "\n"
    if expected is None:
        assert line is None


@pytest.mark.slow
@settings(max_examples=scaled(180), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(documents(), st.sampled_from([{}, {"indent": None, "separators": (",", ":")}, {"sort_keys": True}]))
def test_the_result_of_a_line_as_read_is_the_ordinary_one(document, layout):
    """The batch reader's quick way takes the line's bytes (``score_json_line``, decoded by msgspec): its
    line is the ordinary way's for the value json reads there, and it says nothing where that one faults."""
    try:
        text = json.dumps(document, ensure_ascii=False, allow_nan=False, default=str, **layout)
    except (ValueError, TypeError):
        return  # not a line JSON can hold
    line = score_json_line(text.encode("utf-8"))
    expected = ordinary_line(json.loads(text))
    if line is not None:
        assert expected is not None, f"the quick way answered a line the ordinary way refuses: {text}"
        assert line.decode("utf-8") == expected + "\n"


def test_generated_hands_take_the_quick_way():
    """The common case is quick: every generated hand, written as the batch writer writes it (this test
    fails if the quick way turns down well-formed lines, which would only be slow, not wrong)."""
    rng = random.Random(10)
    for number in range(400):
        document = random_complete_situation(rng, RULESETS[number % 4]).to_dict()
        assert quick_situation(document) == HandSituation.from_dict(document)
        assert score_line(json.loads(json.dumps(document))) is not None
        assert score_json_line(json.dumps(document).encode()) == score_line(document)


@pytest.mark.slow
@settings(max_examples=scaled(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(documents(), min_size=2, max_size=12))
def test_a_batch_of_mixed_lines_is_answered_line_by_line_as_before(batch):
    """Through the command: good lines' results and bad lines' errors, in order, as the ordinary way says
    them (a line JSON cannot hold, such as a huge number, is left out of the batch)."""
    lines, expected = [], []
    for document in batch:
        try:
            text = json.dumps(document, ensure_ascii=False, allow_nan=False, default=str)
        except (ValueError, TypeError):
            continue
        value = json.loads(text)
        if any(isinstance(v, float) for v in _leaves(value)):
            continue  # a float's writing is json's, not the contract's concern here
        lines.append(text)
        number = len(lines)
        try:
            expected.append(dumps(with_id(value, score_input(value).to_dict())))
        except INPUT_ERRORS as error:
            failure = {"error": f"line {number}: {input_message(error)}"}
            if isinstance(value, dict) and "id" in value:
                failure["id"] = value["id"]
            expected.append(dumps(failure))
    if len(lines) < 2:
        return
    result = CliRunner().invoke(app, ["score", "--json"], input="\n".join(lines) + "\n")
    assert result.stdout.split("\n") == [*expected, ""]  # not splitlines: a string may hold a U+0085
    assert result.exit_code == (2 if any(line.startswith('{"error"') for line in expected) else 0)


def _leaves(value):
    if isinstance(value, dict):
        for item in value.values():
            yield from _leaves(item)
    elif isinstance(value, list):
        for item in value:
            yield from _leaves(item)
    else:
        yield value


@pytest.mark.parametrize(
    "change",
    [
        {"win_by": "kong_replacement"},  # no kong among the sets
        {"win_by": "flower_replacement", "bonus": ""},  # no bonus tile to replace
        {"moments": ["last_tile"], "winning_tile": None},  # a moment without a win
        {"seat_wind": "X"},
        {"round_wind": 1},
        {"win_by": "robbed"},
        {"moments": ["first_round", "last_tile"]},
        {"winning_tile": "8z"},
        {"bonus": "9f"},
        {"concealed": "11111m2345p"},  # a fifth copy
        {"concealed": "111m222p333s4448z"},  # no tile 8z, in notation the quick reading reads group by group
        {"concealed": "4448z111m222p333s"},  # ... and out of suit order
        {"concealed": "111m222p333s4441f"},  # a bonus tile among the standing tiles
    ],
)
def test_each_fault_of_the_win_goes_the_ordinary_way(change):
    """Faults the random documents meet only now and then, each on its own: the quick reading declines
    the line and the ordinary reading names the fault, or both read the same hand."""
    rng = random.Random(3)
    hand = random_complete_situation(rng, "hkos").to_dict()
    while hand.get("melds") or hand.get("moments") or hand.get("win_by", "discard") != "discard":
        hand = random_complete_situation(rng, "hkos").to_dict()
    assert quick_situation(hand) is not None  # the hand itself goes the quick way
    document = {**hand, **change}
    quick = quick_situation(document)
    try:
        expected = HandSituation.from_dict(document)
    except INPUT_ERRORS:
        assert quick is None and score_line(document) is None
    else:
        assert quick == expected
    assert (score_line(document) is None) == (ordinary_line(document) is None) or quick is None
