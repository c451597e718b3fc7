"""``sparrow play``: reading what the player types, and whole games driven through the input stream."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sparrow.cli.play import describe_event, hint_lines, parse_command, shown_hand
from sparrow.game.actions import Action, ActionKind
from sparrow.game.state import HandState, Phase
from sparrow.play.table import Table
from tests.cli_support import run_sparrow

SPARROW = str(Path(sys.executable).with_name("sparrow"))


def _turn_observation():
    table = Table("casual", "normal", 5)
    return table.start().observation


def test_a_tile_or_its_number_discards_it():
    obs = _turn_observation()
    assert obs.phase is Phase.TURN
    hand = shown_hand(obs)
    assert parse_command("1", obs).action == Action.discard("S", hand[0])
    assert parse_command(str(len(hand)), obs).action == Action.discard("S", hand[-1])
    assert parse_command(f" {hand[2]} ", obs).action == Action.discard("S", hand[2])
    assert hand[-1] == obs.drawn  # the tile just drawn is shown (and numbered) last


@pytest.mark.parametrize("typed", ["0", "99", "xx", "8z", "١", "c", "p", ""])
def test_bad_keys_get_a_one_line_hint(typed):
    command = parse_command(typed, _turn_observation())
    assert command.action is None and command.error and "\n" not in command.error


def test_requests():
    obs = _turn_observation()
    assert parse_command("h", obs).request == "hint"
    assert parse_command("?", obs).request == "help"
    assert parse_command("q", obs).request == "quit"


def test_claims_read_from_the_keys():
    # A claim window: South may chow 3p two ways, pung it, or pass.
    obs = _turn_observation()
    legal = (Action.chow("S", "2p"), Action.chow("S", "3p"), Action.pung("S"), Action.pass_("S"))
    import dataclasses

    claim = dataclasses.replace(obs, phase=Phase.CLAIMS, legal_actions=legal, drawn=None)
    assert parse_command("", claim).action == Action.pass_("S")
    assert parse_command("n", claim).action == Action.pass_("S")
    assert parse_command("p", claim).action == Action.pung("S")
    assert parse_command("c2", claim).action == Action.chow("S", "3p")
    assert parse_command("c 2p", claim).action == Action.chow("S", "2p")  # only 234p holds a 2p
    assert parse_command("c 5p", claim).action == Action.chow("S", "3p")  # only 345p holds a 5p
    assert "which run" in parse_command("c 4p", claim).error  # both runs hold a 4p
    assert "c1" in parse_command("c", claim).error
    assert parse_command("w", claim).error  # no win on offer
    assert parse_command("5p", claim).error  # no discarding now


def test_the_hint_gives_shanten_and_per_discard_the_useful_tiles():
    lines = hint_lines(_turn_observation())
    assert lines[0].startswith("shanten") or lines[0].startswith("complete")
    assert any("discard" in line and "unseen" in line for line in lines[1:])


def test_events_read_as_sentences():
    state = HandState("casual", seed=3)
    names = {"E": "Ann", "S": "You", "W": "Cy", "N": "Di"}
    state.apply(state.legal_actions("E")[0])
    lines = [describe_event(e, names, "S") for e in state.events]
    assert any(line and line.startswith("Ann (E) discards") for line in lines)


def _run(stdin: str, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, COLUMNS="100", TERM="dumb")
    return subprocess.run([SPARROW, "play", *args], input=stdin, capture_output=True, text=True, timeout=300, env=env)


@pytest.mark.slow
def test_a_scripted_hand_to_its_end():
    """Discard the first tile every turn, pass on every claim: the hand ends, every hand is shown,
    the score card or the drawn hand, and the payments; the casual match is one hand, so it ends."""
    script = "1\n\n" * 150
    done = _run(script, "--rules", "casual", "--level", "easy", "--seed", "4")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "hand over" in out and "payments" in out
    assert "scores" in out or "drawn hand" in out
    assert "The match is over." in out
    assert "Traceback" not in out + done.stderr


@pytest.mark.slow
def test_bad_keys_and_the_hint_in_a_real_game():
    done = _run("zz\n0\nh\n?\nq\n", "--seed", "9")
    assert done.returncode == 0
    assert "is not a tile or a key" in done.stdout
    assert "there is no tile number 0" in done.stdout
    assert "shanten" in done.stdout
    assert "Keys:" in done.stdout
    assert "Traceback" not in done.stdout + done.stderr


@pytest.mark.slow
def test_a_match_goes_on_to_the_next_hand():
    """HKOS: after the first hand, Enter deals the next one."""
    script = ("1\n\n" * 120) + "\n" + ("1\n\n" * 5) + "q\n"
    done = _run(script, "--rules", "hkos", "--level", "normal", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("· hand 2 ·") >= 1


@pytest.mark.parametrize(
    "args, said",
    [
        (["--level", "grandmaster"], "unknown level"),
        (["--rules", "mcr"], "unknown ruleset"),
        (["--seed", "٣"], "ASCII digits"),
        (["--delay", "soon"], "--delay"),
    ],
)
def test_bad_command_lines_are_one_line(args, said):
    done = run_sparrow("play", *args)
    assert done.returncode == 2
    assert said in done.stderr and done.stderr.count("\n") == 1


@pytest.mark.slow
def test_end_of_input_ends_the_game_quietly():
    done = _run("")
    assert done.returncode == 0 and "Traceback" not in done.stderr


def test_kinds_of_actions_are_covered_by_the_keys():
    # Every kind a human may be offered has a key in the prompt.
    from sparrow.cli.play import choices_text

    obs = _turn_observation()
    import dataclasses

    legal = (
        Action.win("S"),
        Action.concealed_kong("S", "5p"),
        Action.discard("S", obs.hand[0]),
    )
    text = choices_text(dataclasses.replace(obs, legal_actions=legal))
    assert "w = win" in text and "k = kong 5p" in text and "discard" in text
    assert ActionKind.WIN in {a.kind for a in legal}
