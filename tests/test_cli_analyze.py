import json
import subprocess
import sys
from pathlib import Path

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


def test_the_installed_command_reports_errors_without_a_traceback():
    executable = Path(sys.executable).with_name("sparrow")
    result = subprocess.run([str(executable), "analyze", "0m"], capture_output=True, text=True)
    assert result.returncode == 2
    assert result.stderr.strip() == "error: '0m' at position 0 in '0m': there is no tile 0"
    assert result.stdout == ""
