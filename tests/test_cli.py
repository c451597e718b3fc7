"""``sparrow score`` and ``sparrow settle``: input forms, output forms and exit codes of the contract."""

import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparrow.cli import app
from sparrow.core.situation import HandSituation
from sparrow.formats.compact import format_compact
from sparrow.rules import score as score_situation
from sparrow.rules.generate import random_complete_situation
from tests.cli_support import run_sparrow

runner = CliRunner()
SPARROW = Path(sys.executable).with_name("sparrow")

# The seeds' worked hands, checked by hand against the sources:
# NTS (seed 000): two chows, open East pung 4, concealed Red Dragon pung 8, pair of 8 Bamboo 0, Mahjong 20,
# self-drawn 2 = 34 base points; Red Dragon pung and own wind (East, the prevailing wind being South) are two
# doublings: 34 x 2 x 2 = 136. The winning 1m completes 23m, which also waits on 4m: no "only possible tile".
NTS_136 = "nts: 23m456p88s777z [111z] +1m* seat=E round=S"
# HKOS (seed 003) Alice: bamboos with an East pung (seat and round wind), a Red Dragon pung and a bamboo pair,
# self-drawn, a bonus tile that is not hers: 3 + 1 + 1 + 1 + 1 = 7 faan = 48 points.
HKOS_ALICE = "hkos: 123s456s99s111z77z +7z* seat=E round=E bonus=2f"
# HKOS Ben: all chows, nothing claimed, won on a discard, his own flower: 3 faan = 8 points.
HKOS_BEN = "hkos: 123m456p789s234s5m +5m seat=S round=E bonus=2f"
# Ben's hand with the first chow claimed and someone else's flower: only all chows, 1 faan of the 3 needed.
HKOS_TOO_SMALL = "hkos: 456p789s234s5m [123m] +5m seat=S round=E bonus=1f"


def run(*args, stdin=None):
    return runner.invoke(app, list(args), input=stdin)


def json_lines(output):
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def situation_json(compact_text):
    from sparrow.formats.compact import parse_compact

    return parse_compact(compact_text).to_dict()


def expect_input_error(result, field):
    """Exit code 2 and exactly one line on stderr, ``error: <field>...``, never a traceback."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith(f"error: {field}"), lines[0]
    assert "Traceback" not in result.output
    return lines[0]


# ---------------------------------------------------------------------------- score: typed hands


def test_score_card_of_the_nts_worked_example():
    result = run("score", "--hand", NTS_136)
    assert result.exit_code == 0, result.output
    assert "34 × 2² = 136" in result.stdout
    total_row = next(line for line in result.stdout.splitlines() if "total" in line)
    assert "136" in total_row


def test_score_card_lists_every_item_with_its_value_then_the_arithmetic_and_total():
    result = run("score", "--hand", HKOS_ALICE)
    assert result.exit_code == 0, result.output
    expected = score_situation(HandSituation.from_dict(situation_json(HKOS_ALICE)))
    assert expected.total == 48
    lines = result.stdout.splitlines()
    rows = [line for line in lines if "│" in line]
    # One row per item, in the result's order, each with its value and unit.
    for row, item in zip(rows, expected.items):
        assert item.name in row
        assert f"{item.value} faan" in row
    assert expected.arithmetic and any(expected.arithmetic in line for line in lines)
    assert "48" in next(line for line in lines if "total" in line)


def test_score_json_of_a_typed_hand_is_the_result_to_dict():
    result = run("score", "--hand", HKOS_BEN, "--json")
    assert result.exit_code == 0, result.output
    (data,) = json_lines(result.stdout)
    assert data["total"] == 8 and data["valid"] is True and data["details"] == {"faan": 3}
    assert data == score_situation(HandSituation.from_dict(situation_json(HKOS_BEN))).to_dict()


def test_flags_say_the_same_as_settings_in_the_hand():
    by_flags = run(
        "score", "--rules", "nts", "--hand", "23m456p88s777z [111z] +1m", "--seat", "E", "--round", "S", "--self-draw"
    )
    by_text = run("score", "--hand", NTS_136)
    assert by_flags.exit_code == 0, by_flags.output
    assert by_flags.stdout == by_text.stdout
    with_options = run(
        "score",
        "-r",
        "hkos",
        "-H",
        "123m456p789s234s5m +5m",
        "--seat",
        "S",
        "--bonus",
        "2f",
        "-o",
        "minimum=0",
        "--json",
    )
    assert json_lines(with_options.stdout)[0]["total"] == 8


def test_moments_and_win_by_flags():
    result = run(
        "score",
        "--hand",
        "nts: 23m456p88s777z [111z] +1m seat=E round=S",
        "--win-by",
        "self_draw",
        "--moment",
        "last_tile",
        "--json",
    )
    assert result.exit_code == 0, result.output
    situation = situation_json("nts: 23m456p88s777z [111z] +1m* seat=E round=S moments=last_tile")
    assert json_lines(result.stdout)[0] == score_situation(HandSituation.from_dict(situation)).to_dict()


def test_a_hand_below_the_minimum_exits_0_with_valid_false_and_the_reason():
    result = run("score", "--hand", HKOS_TOO_SMALL, "--json")
    assert result.exit_code == 0, result.output
    (data,) = json_lines(result.stdout)
    assert data["valid"] is False and data["total"] == 0 and data["reason"]
    card = run("score", "--hand", HKOS_TOO_SMALL)
    assert card.exit_code == 0
    assert f"not a legal win: {data['reason']}" in card.stdout


def test_help_documents_the_compact_notation():
    result = run("score", "--help")
    assert result.exit_code == 0
    for text in ("[777z]", "(1111s)", "+9s*", "seat=E", "bonus=1f6f", "moments=", "flowers=false"):
        assert text in result.stdout


# ---------------------------------------------------------------------------- score: JSON input


def test_one_object_from_stdin_a_file_or_dash(tmp_path):
    situation = situation_json(HKOS_BEN)
    text = json.dumps(situation, indent=2)  # one object may span lines
    path = tmp_path / "hand.json"
    path.write_text(text)
    outputs = [
        run("score", "--json", stdin=text),
        run("score", "-", "--json", stdin=text),
        run("score", str(path), "--json"),
    ]
    for result in outputs:
        assert result.exit_code == 0, result.output
        assert json_lines(result.stdout) == [score_situation(HandSituation.from_dict(situation)).to_dict()]


def test_one_object_without_json_prints_a_score_card():
    result = run("score", stdin=json.dumps(situation_json(HKOS_ALICE)))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == format_compact(HandSituation.from_dict(situation_json(HKOS_ALICE)))
    assert "total" in result.stdout


def test_a_batch_gives_one_line_per_input_line_in_order():
    rng = random.Random(7)
    situations = [random_complete_situation(rng, rules) for rules in ("nts", "hkos", "chinese", "casual") * 5]
    stdin = "".join(json.dumps(s.to_dict()) + "\n" for s in situations)
    result = run("score", "--json", stdin=stdin)
    assert result.exit_code == 0, result.output
    assert json_lines(result.stdout) == [score_situation(s).to_dict() for s in situations]


def test_a_malformed_line_in_a_batch_gives_an_error_line_and_exit_2_but_the_rest_is_scored():
    good = situation_json(HKOS_BEN)
    lines = [
        json.dumps(good),
        '{"rules": "hkos", "concealed": ',  # not JSON
        json.dumps({**good, "concealed": "123m456p789s234s"}),  # 13 + 1 tiles... minus the pair: 12 + 1
        "",  # blank lines are skipped
        json.dumps({**good, "rules": "mcr"}),
        json.dumps(good),
    ]
    result = run("score", "--json", stdin="\n".join(lines) + "\n")
    assert result.exit_code == 2
    out = json_lines(result.stdout)
    assert len(out) == 5
    assert out[0] == out[4] == score_situation(HandSituation.from_dict(good)).to_dict()
    assert out[1] == {"error": out[1]["error"]} and out[1]["error"].startswith("line 2: input: not valid JSON")
    assert out[2]["error"].startswith("line 3: concealed: a winning hand with 0 kong(s) must have 14 tiles")
    assert out[3]["error"].startswith("line 5: rules: unknown ruleset 'mcr'")


def test_a_batch_whose_first_line_is_cut_short_is_still_a_batch():
    good = json.dumps(situation_json(HKOS_BEN))
    result = run("score", "--json", stdin=f'{{"rules": "hkos", "concealed": "123m"\n{good}\n{good}\n')
    assert result.exit_code == 2
    out = json_lines(result.stdout)
    assert len(out) == 3
    assert out[0]["error"].startswith("line 1: input: not valid JSON")
    assert out[1]["total"] == out[2]["total"] == 8


def test_a_malformed_object_over_several_lines_is_one_error():
    # As a person lays it out, with each set on a line of its own - and the rules key in single quotes.
    text = """{
  'rules': "nts",
  "concealed": "23m456p88s777z",
  "melds": [
    {"kind": "pung", "tiles": "111z", "open": true}
  ],
  "winning_tile": "1m",
  "win_by": "self_draw"
}
"""
    expect_input_error(run("score", "--json", stdin=text), "input: not valid JSON")


def test_a_malformed_line_in_a_readable_batch_is_reported_in_place():
    good = json.dumps(situation_json(HKOS_BEN))
    result = run("score", stdin=f"{good}\n[1, 2]\n{good}\n")
    assert result.exit_code == 2
    assert "error: line 2: situation: expected a JSON object" in result.stdout
    assert result.stdout.count("total") == 2


@pytest.mark.slow
def test_a_big_batch_runs_in_one_process_quickly():
    rng = random.Random(11)
    situations = [random_complete_situation(rng, "casual") for _ in range(3000)]
    stdin = "".join(json.dumps(s.to_dict()) + "\n" for s in situations)
    started = time.perf_counter()
    result = run("score", "--json", stdin=stdin)
    elapsed = time.perf_counter() - started
    assert result.exit_code == 0
    assert len(result.stdout.splitlines()) == 3000
    assert elapsed < 10  # about 0.3 s here; the bound only catches per-line re-imports or re-creation


# ---------------------------------------------------------------------------- score: bad input


BAD_SITUATIONS = [
    ({"concealed": "123m"}, "rules"),
    ({"rules": "hkos", "winning_tile": "5m"}, "concealed: is required"),
    ({"rules": "hkos", "concealed": "123m456p789s234s", "winning_tile": "5m"}, "concealed"),  # 13 + 1 + 1 tiles
    ({"rules": "hkos", "concealed": "123m456p789s5m", "melds": [{"kind": "chow", "tiles": "235s"}]}, "melds[0]"),
    ({"rules": "hkos", "concealed": "123m456p789s234s1f", "winning_tile": "5m"}, "concealed"),  # bonus in hand
    ({"rules": "hkos", "concealed": "123m456p789s234s5m", "winning_tile": "5m", "bonus": "5m"}, "bonus"),
    ({"rules": "mahjong", "concealed": "123m456p789s234s5m", "winning_tile": "5m"}, "rules: unknown ruleset"),
    ({**situation_json(HKOS_BEN), "options": {"flowerz": False}}, "options: unknown option 'flowerz'"),
    ({**situation_json(HKOS_BEN), "options": {"minimum": "three"}}, "options: option 'minimum'"),
    ({**situation_json(HKOS_BEN), "options": [1]}, "options"),
    ({**situation_json(HKOS_BEN), "win_by": "ron"}, "win_by"),
    ({**situation_json(HKOS_BEN), "seat_wind": "X"}, "seat_wind"),
    ({**situation_json(HKOS_BEN), "winning_tile": "5x"}, "winning_tile"),
    ({**situation_json(HKOS_BEN), "moments": ["lucky"]}, "moments"),
    ({**situation_json(HKOS_BEN), "melds": [{"kind": "pair", "tiles": "55m"}]}, "melds[0].kind"),
    ([1, 2, 3], "situation"),
]


@pytest.mark.slow
@pytest.mark.parametrize(("situation", "field"), BAD_SITUATIONS)
def test_bad_input_is_one_line_naming_the_field_and_exit_2(situation, field):
    expect_input_error(run("score", stdin=json.dumps(situation)), field)
    # The same in --json mode: one object in, one error line out on stderr.
    expect_input_error(run("score", "--json", stdin=json.dumps(situation)), field)


@pytest.mark.parametrize(
    ("stdin", "field"),
    [
        ('{"rules": "nts", "concealed": }', "input: not valid JSON"),
        ("{\n  'rules': 'nts'\n}\n", "input: not valid JSON"),  # a malformed object over several lines
        ("", "input: empty"),
        ("   \n\n", "input: empty"),
    ],
)
def test_malformed_json_is_one_line_and_exit_2(stdin, field):
    expect_input_error(run("score", stdin=stdin), field)


@pytest.mark.parametrize(
    ("args", "field"),
    [
        (["--hand", "nts: 123m [12m] +1z"], "hand: '[12m]' at position 10"),
        (["--hand", "123m456p789s234s5m +5m"], "rules: say which ruleset"),
        (["--hand", "hkos: 123m456p789s234s +5m"], "concealed"),
        (["--hand", "hkos: 123m456p789s234s1f +5m"], "hand: '123m456p789s234s1f'"),
        (["--hand", "mcr: 123m456p789s234s5m +5m"], "rules: unknown ruleset 'mcr'"),
        (["--hand", HKOS_BEN, "--option", "flowerz=false"], "options: unknown option 'flowerz'"),
        (["--hand", HKOS_BEN, "--option", "flowers"], "--option: write name=value"),
        (["--hand", HKOS_BEN, "--seat", "E"], "--seat: 'E' contradicts the hand, which says 'S'"),
        (["--hand", HKOS_ALICE, "--win-by", "discard"], "--win-by: 'discard' contradicts the hand"),
        (["--hand", "hkos: 123m456p789s234s55m", "--self-draw"], "--self-draw/--win-by: the hand has no winning"),
        (["--seat", "S"], "--seat: only applies to a hand typed with --hand"),
        (["does-not-exist.json"], "FILE: cannot read 'does-not-exist.json'"),
        (["x.json", "--hand", HKOS_BEN], "FILE: give either"),
    ],
)
def test_bad_command_lines_are_one_line_and_exit_2(args, field):
    expect_input_error(run("score", *args), field)


@pytest.mark.slow
def test_bad_input_through_the_installed_command():
    bad = subprocess.run(
        [str(SPARROW), "score", "--json"],
        input=json.dumps(
            {"rules": "hkos", "concealed": "123m456p789s5m", "melds": [{"kind": "chow", "tiles": "235s"}]}
        ),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("error: melds[0]: a chow must be three consecutive tiles")
    assert len(bad.stderr.splitlines()) == 1 and "Traceback" not in bad.stderr

    good = subprocess.run(
        [str(SPARROW), "score", "--hand", HKOS_ALICE, "--json"], capture_output=True, text=True, timeout=60
    )
    assert good.returncode == 0, good.stderr
    assert json.loads(good.stdout)["total"] == 48

    batch = subprocess.run(
        [str(SPARROW), "settle", "--json", "-"],
        input='{"rules": "hkos", "winner": "S", "win_by": "self_draw", "scores": {"S": 8}}\nnot json\n',
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert batch.returncode == 2
    assert [json.loads(line) for line in batch.stdout.splitlines()] == [
        {"payments": {"E": -16, "S": 48, "W": -16, "N": -16}},
        {"error": "line 2: input: not valid JSON: Expecting value at column 1"},
    ]


# ---------------------------------------------------------------------------- settle


def test_settle_the_nts_worked_example():
    # docs/rules/nts.md: East wins with 136; South 32, West 28, North 8. Each loser pays East 2 x 136 = 272;
    # between losers (no East among them, single): W pays S 4, N pays S 24, N pays W 20.
    settlement = {"rules": "nts", "winner": "E", "win_by": "self_draw", "scores": {"E": 136, "S": 32, "W": 28, "N": 8}}
    result = run("settle", "--json", stdin=json.dumps(settlement))
    assert result.exit_code == 0, result.output
    assert json_lines(result.stdout) == [{"payments": {"E": 816, "S": -244, "W": -256, "N": -316}}]


@pytest.mark.parametrize(
    ("settlement", "payments"),
    [
        # HKOS: on a discard the discarder pays double, the other two single; on a self-draw all pay double.
        (
            {"rules": "hkos", "winner": "S", "win_by": "discard", "discarder": "W", "scores": {"S": 8}},
            (-8, 32, -16, -8),
        ),
        ({"rules": "hkos", "winner": "S", "win_by": "self_draw", "scores": {"S": 8}}, (-16, 48, -16, -16)),
        # Chinese: every loser pays the minimum 3; the discarder also pays the total: 3-point hand = 6 + 3 + 3.
        (
            {"rules": "chinese", "winner": "N", "win_by": "discard", "discarder": "E", "scores": {"N": 3}},
            (-6, -3, -3, 12),
        ),
        # Casual: Ron - the discarder pays the whole value; Tsumo - each opponent pays a third, rounded up.
        (
            {"rules": "casual", "winner": "E", "win_by": "discard", "discarder": "N", "scores": {"E": 60}},
            (60, 0, 0, -60),
        ),
        ({"rules": "casual", "winner": "S", "win_by": "self_draw", "scores": {"S": 40}}, (-14, 42, -14, -14)),
        # A drawn hand pays nothing.
        ({"rules": "nts", "winner": None, "scores": {"E": 10, "S": 20, "W": 30, "N": 40}}, (0, 0, 0, 0)),
    ],
)
def test_settle_per_family(settlement, payments):
    result = run("settle", "--json", stdin=json.dumps(settlement))
    assert result.exit_code == 0, result.output
    assert json_lines(result.stdout) == [{"payments": dict(zip("ESWN", payments))}]


def test_settle_prints_a_table_without_json():
    settlement = {"rules": "hkos", "winner": "S", "win_by": "discard", "discarder": "W", "scores": {"S": 8}}
    result = run("settle", stdin=json.dumps(settlement))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == "hkos: S wins on W's discard"
    assert "+32" in result.stdout and "-16" in result.stdout


def test_settle_a_batch_with_a_malformed_line():
    lines = [
        {"rules": "hkos", "winner": "S", "win_by": "self_draw", "scores": {"S": 8}},
        {"rules": "hkos", "winner": "S", "win_by": "discard", "scores": {"S": 8}},  # who discarded?
        {"rules": "hkos", "winner": "S", "win_by": "discard", "discarder": "S", "scores": {"S": 8}},
        {"rules": "hkos", "winner": "E", "win_by": "self_draw", "scores": {"S": 8}},
        {"rules": "hkos", "winner": "E", "win_by": "self_draw", "scores": {"E": -8}},
        {"rules": "hkos", "winner": "E", "win_by": "self_draw", "scores": {"E": 8}, "options": {"bogus": 1}},
    ]
    result = run("settle", "--json", stdin="".join(json.dumps(line) + "\n" for line in lines))
    assert result.exit_code == 2
    out = json_lines(result.stdout)
    assert out[0] == {"payments": {"E": -16, "S": 48, "W": -16, "N": -16}}
    assert out[1]["error"].startswith("line 2: discarder: a win on a discard needs the discarder's seat")
    assert out[2]["error"].startswith("line 3: discarder: the winner cannot be the discarder")
    assert out[3]["error"].startswith("line 4: scores: needs the winner's (E) total")
    assert out[4]["error"].startswith("line 5: scores.E: must be a whole number of points")
    assert out[5]["error"].startswith("line 6: options: unknown option 'bogus'")


def test_settle_bad_single_object():
    expect_input_error(run("settle", stdin='{"rules": "hkos", "winner": "Q"}'), "winner")
    expect_input_error(run("settle", stdin='{"rules": "go", "winner": null}'), "rules: unknown ruleset 'go'")


# ---------------------------------------------------------------------------- the user's guide
# Its examples are run by tests/test_docs.py, with those of README.md and the other guides.


# ---------------------------------------------------------------------------- input that breaks parsers

DEEP = "[" * 100_000  # deeper than Python's JSON reader recurses


@pytest.mark.slow
@pytest.mark.parametrize("command", ["score", "settle"])
def test_deeply_nested_json_is_one_error_line_not_a_traceback(command):
    done = subprocess.run([str(SPARROW), command], input=DEEP + "\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        "error: input: not a hand: JSON nested too deeply (arrays or objects within each other thousands of levels)"
    ]
    closed = "[" * 50_000 + "]" * 50_000  # well-formed, but as deep
    expect_input_error(run(command, stdin=closed), "input: not a hand: JSON nested too deeply")


def test_a_deeply_nested_line_of_a_batch_is_that_lines_error():
    good = {"rules": "hkos", "winner": "S", "win_by": "self_draw", "scores": {"S": 8}}
    deep_object = '{"rules": ' + "[" * 50_000 + "]" * 50_000 + "}"
    stdin = f"{json.dumps(good)}\n{deep_object}\n{json.dumps(good)}\n"
    result = run("settle", "--json", stdin=stdin)
    assert result.exit_code == 2
    out = json_lines(result.stdout)
    payments = {"payments": {"E": -16, "S": 48, "W": -16, "N": -16}}
    assert out == [
        payments,
        {
            "error": "line 2: input: not a hand: JSON nested too deeply (arrays or objects "
            "within each other thousands of levels)"
        },
        payments,
    ]


def test_a_result_too_large_to_write_is_that_lines_error_and_the_batch_goes_on(monkeypatch):
    """Python refuses to print an int of more than 4,300 digits: on line 1 that used to stop the batch."""
    import sparrow.cli.settle as cli

    real = cli._settle_one
    calls = []

    def first_one_absurd(data):
        calls.append(data)
        payments = real(data)
        return {seat: value * 10**4400 for seat, value in payments.items()} if len(calls) == 1 else payments

    monkeypatch.setattr(cli, "_settle_one", first_one_absurd)
    line = {"rules": "hkos", "winner": "S", "win_by": "self_draw", "scores": {"S": 8}}
    result = run("settle", "--json", stdin=(json.dumps(line) + "\n") * 3)
    assert result.exit_code == 2
    out = json_lines(result.stdout)
    assert len(out) == 3
    assert out[0]["error"].startswith("line 1: output: the result cannot be written as JSON: ")
    assert out[1] == out[2] == {"payments": {"E": -16, "S": 48, "W": -16, "N": -16}}
    calls.clear()
    expect_input_error(run("settle", "--json", stdin=json.dumps(line)), "output: the result cannot be written")


# ---------------------------------------------------------------------------- option values


@pytest.mark.parametrize(
    ("args", "field"),
    [
        # Before the value was tried with int() and failed with int()'s message, naming nothing.
        (["--hand", "nts: 123m max_fan=1²"], "concealed: a non-winning hand with 0 kong(s) must have 13 tiles"),
        (["--hand", "casual: 123m456p789s11z22z +2z max_fan=1²"], "options: option 'max_fan' of casual must be int"),
        (["--hand", "casual: 123m456p789s11z22z +2z", "--option", "max_fan=٣"], "options: option 'max_fan'"),
        (["--hand", "casual: 123m456p789s11z22z +2z", "--option", "rotate=null"], "options: option 'rotate'"),
    ],
)
def test_option_values_that_are_not_plain_numbers_are_named_by_the_option_check(args, field):
    message = expect_input_error(run("score", *args), field)
    assert "invalid literal" not in message


def test_score_and_simulate_read_option_values_alike():
    """One reading for every command: 'null' and '1.5' are text (no option takes them), 'true' a boolean."""
    for value, shown in (("null", "'null'"), ("1.5", "'1.5'"), ("3", "3")):
        scored = run("score", "--hand", HKOS_BEN, "--option", f"practice={value}")
        simulated = run("simulate", "--rules", "hkos", "--hands", "1", "--option", f"practice={value}")
        said = "option 'practice' of hkos must be bool, got " + shown
        assert expect_input_error(scored, "options: ").endswith(said)
        assert simulated.exit_code == 2 and simulated.stderr.strip().endswith(said)
    assert run("score", "--hand", HKOS_BEN, "--option", "practice=true", "--json").exit_code == 0
    assert run("simulate", "-r", "hkos", "-n", "1", "-o", "practice=true", "--json").exit_code == 0


# ---------------------------------------------------------------------------- usage errors


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["analyze", "123m", "--melds", "9"], "Invalid value for '--melds' / '-m'"),
        (["analyze", "123m456p789s1122z", "--bogus"], "No such option: --bogus"),
        (["analyze"], "Missing argument"),
        (["analyze", "123m", "456p"], "unexpected extra argument(s) (456p)"),
        (["score", "--bogus"], "No such option: --bogus"),
        (["score", "--hand"], "Option '--hand' requires an argument"),
        (["settle", "--jsn"], "No such option: --jsn"),
        (["simulate"], "Missing option '--rules'"),
        (["nonsense"], "No such command 'nonsense'"),
    ],
)
def test_usage_errors_are_one_line_and_exit_2(args, says):
    done = run_sparrow(*args)  # the installed command's own path: test_bad_input_through_the_installed_command
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("error: ") and says in lines[0], lines[0]
    assert "╭" not in done.stderr and "Usage:" not in done.stderr


@pytest.mark.slow
def test_help_and_no_arguments_still_show_the_help():
    for args in (["--help"], ["analyze", "--help"], ["score", "--help"], ["simulate", "--help"]):
        done = subprocess.run([str(SPARROW), *args], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, (args, done.stderr)
        assert "Usage: sparrow" in done.stdout and done.stderr == ""
    bare = subprocess.run([str(SPARROW)], capture_output=True, text=True, timeout=60)
    assert bare.returncode == 2 and "Usage: sparrow" in bare.stdout and "analyze" in bare.stdout
