import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparrow.cli import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, list(args))


def test_analyze_a_14_tile_hand_lists_every_discard():
    result = run("analyze", "123m456p789s1122z5z")
    assert result.exit_code == 0, result.output
    assert "shanten 0 (ready)" in result.output
    first_row = next(line for line in result.output.splitlines() if "5z" in line and "12z" in line)
    assert first_row.split("│")[1:5] == [" 5z      ", " 0       ", " 12z            ", " 4     "]


def test_analyze_json_for_machines():
    result = run("analyze", "123m456p789s1122z5z", "--json")
    data = json.loads(result.output)
    assert data["shanten"] == 0
    assert data["discards"][0] == {"discard": "5z", "shanten": 0, "accepted": "12z", "accepted_count": 4}
    assert len(data["discards"]) == 12


def test_analyze_a_13_tile_hand_shows_its_waits():
    result = run("analyze", "1112345678999m", "--json")
    assert json.loads(result.output) == {
        "tiles": "1112345678999m",
        "shanten": 0,
        "accepted": "123456789m",
        "accepted_count": 4 * 9 - 3 - 1 * 7 - 3,
    }
    assert "waits: 123456789m" in run("analyze", "1112345678999m").output


def test_visible_tiles_and_declared_melds():
    data = json.loads(run("analyze", "23m456p789s11z", "--melds", "1", "--visible", "1m4m4m", "--json").output)
    assert data["accepted"] == "14m" and data["accepted_count"] == 3 + 2


def test_four_identical_tiles_are_one_pair_by_default():
    # Seven pairs: 1111m is one pair, so five pairs and six kinds: 6 - 5 + (7 - 6) = 2.
    data = json.loads(run("analyze", "1111m3344p5566s7z", "--json").output)
    assert data["shanten"] == 2


def test_bad_input_is_one_line_and_exit_code_2():
    for args, fragment in [
        (("analyze", "123m456p789s112z9x"), "unknown character 'x' at position 17"),
        (("analyze", "123m"), "has 3 tiles"),
        (("analyze", "11111m23456789p"), "more than four copies of 1m"),
        (("analyze", "123m456p789s1122z", "--visible", "1z1z1z"), "more than four copies of 1z"),
        (("analyze", "123m456p789s112z1f"), "flowers and seasons"),
        (("analyze", "123m456p789s1122z", "--rules", "klaverjas"), "unknown ruleset 'klaverjas'"),
    ]:
        result = run(*args)
        assert result.exit_code == 2, (args, result.output)
        lines = [line for line in result.output.splitlines() if line.strip()]
        assert len(lines) == 1 and fragment in lines[0] and "Traceback" not in result.output


@pytest.mark.slow
def test_the_installed_command_reports_errors_without_a_traceback():
    executable = Path(sys.executable).with_name("sparrow")
    result = subprocess.run([str(executable), "analyze", "0m"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == "error: '0m' at position 0 in '0m': there is no tile 0"
    assert result.stdout == ""


# ---------------------------------------------------------------------------- a ruleset's own shapes
#
# Seed 000, Wind Snake (1000 points): tiles 1 through 9 of one suit, one tile of each wind, one extra
# tile (1-9 or a wind). 123456789m1234z is ready for it on any of the nine characters or four winds:
# 13 kinds, each with three copies unseen = 39. The plain shapes see three runs and four lone winds: two
# tiles from ready (a pair and a fourth set), accepting only the winds.


def analyze_json(*args):
    result = run("analyze", *args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_a_13_tile_hand_ready_for_an_nts_snake_is_ready_under_nts():
    assert analyze_json("123456789m1234z", "--rules", "nts") == {
        "tiles": "123456789m1234z",
        "shanten": 0,
        "accepted": "123456789m1234z",
        "accepted_count": 39,
    }
    plain = analyze_json("123456789m1234z")  # no --rules: the plain shapes, as before
    assert plain["shanten"] == 2 and plain["accepted"] == "1234z"
    hkos = analyze_json("123456789m1234z", "--rules", "hkos")  # no snakes in Hong Kong
    assert hkos["shanten"] == 2


def test_visible_tiles_count_against_the_rulesets_waits():
    data = analyze_json("123456789m1234z", "--rules", "nts", "--visible", "1z1z5m")
    assert data["shanten"] == 0 and data["accepted_count"] == 39 - 2 - 1


def test_a_hand_one_wind_short_of_the_snake_is_not_ready():
    # A dragon instead of the North wind: no snake (Dragon Snake needs all three dragons and a wind pair).
    data = analyze_json("123456789m1235z", "--rules", "nts")
    assert data["shanten"] == 2 and data["shanten"] == analyze_json("123456789m1235z")["shanten"]


def test_a_complete_nts_snake_of_14_tiles_is_complete():
    data = analyze_json("123456789m12344z", "--rules", "nts")
    assert data["shanten"] == -1
    best = data["discards"][0]
    assert best == {"discard": "4z", "shanten": 0, "accepted": "123456789m1234z", "accepted_count": 39}
    assert analyze_json("123456789m12344z")["shanten"] > 0  # the plain shapes do not know it


def test_each_discard_of_14_tiles_is_judged_by_the_rulesets_waits():
    data = analyze_json("123456789m1234z5z", "--rules", "nts")
    assert data["shanten"] == 0
    by_tile = {d["discard"]: d for d in data["discards"]}
    assert by_tile["5z"] == {"discard": "5z", "shanten": 0, "accepted": "123456789m1234z", "accepted_count": 39}
    assert data["discards"][0] == by_tile["5z"]  # the ready discard first
    # Discarding a wind breaks the snake: the plain figure (three runs, three winds and a dragon) stands.
    assert by_tile["1z"]["shanten"] == 2
    plain = analyze_json("123456789m1234z5z")
    assert {d["discard"]: d["shanten"] for d in plain["discards"]}["5z"] == 2


def test_the_table_output_under_nts_says_ready_and_lists_the_waits():
    result = run("analyze", "123456789m1234z", "--rules", "nts")
    assert result.exit_code == 0
    assert "shanten 0 (ready)" in result.output
    assert "waits: 123456789m1234z (39 left)" in result.output
