"""``sparrow log convert`` and the mjai export: a match Sparrow played (four Normal players) is
written as mjai, read by riichienv's own replay without error, and played again at Sparrow's table
with the same scores; riichienv's logs convert to Sparrow's and back; bad input is one line, exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparrow.bots.riichi import RiichiBot
from sparrow.cli.app import app
from sparrow.formats.mjai import read_mjai, write_mjai
from sparrow.game.events import dumps
from sparrow.game.riichi import observation
from sparrow.game.riichi.match import RiichiMatch
from sparrow.play.riichi_mjai import RIICHIENV, replay_game, to_mjai
from sparrow.rules.riichi.presets import MatchOptions

SAMPLE = sorted((Path(__file__).parent / "data" / "riichienv").glob("*.jsonl"))[0]
runner = CliRunner()


def _match(seed: int) -> RiichiMatch:
    match = RiichiMatch(seed, MatchOptions(length="tonpuu"))
    bots = [RiichiBot("normal", seed * 4 + s) for s in range(4)]
    while not match.over:
        hand = match.next_hand()
        while not hand.over:
            seat = hand.to_act[0]
            hand.apply(bots[seat].act(observation(hand, seat), hand.legal_actions(seat)))
        match.record(hand)
    return match


def _same_scores(hands) -> bool:
    return all(hand.agrees for hand in hands)


@pytest.mark.parametrize("seed", [1, 2])
def test_a_match_sparrow_played_is_mjai_that_riichienv_reads_and_sparrow_plays_again(seed, tmp_path):
    match = _match(seed)
    assert match.over and match.hands_played >= 4
    source = tmp_path / "match.jsonl"
    source.write_text(dumps(match.log))
    target = tmp_path / "match.mjai.jsonl"
    done = runner.invoke(app, ["log", "convert", str(source), "--out", str(target)])
    assert done.exit_code == 0, done.output
    events = read_mjai(target.read_text())
    back = replay_game(events)
    assert len(back) == match.hands_played and _same_scores(back)
    final = json.loads(target.read_text().splitlines()[-1])
    assert final == {"type": "end_game", "scores": list(match.standing.scores)}
    riichienv = pytest.importorskip("riichienv")
    replay = riichienv.MjaiReplay.from_jsonl(str(target))
    assert replay.num_rounds() == match.hands_played
    for kyoku in replay.take_kyokus():
        list(kyoku.take_win_result_contexts())  # riichienv scores every win again from the log


def test_riichienvs_log_converts_to_sparrows_and_back(tmp_path):
    done = runner.invoke(app, ["log", "convert", str(SAMPLE), "--riichienv"])
    assert done.exit_code == 0, done.output
    events = [json.loads(line) for line in done.stdout.splitlines()]
    assert events[0]["event"] == "hand_start" and events[0]["rules"] == "riichi"
    again = to_mjai(events)
    assert _same_scores(replay_game(again, RIICHIENV))
    assert write_mjai(again).count('"type":"start_kyoku"') == SAMPLE.read_text().count('"type":"start_kyoku"')


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ("not json\n", "line 1 is not JSON"),
        ('{"kind": 1}\n', "neither a Sparrow event"),
        ('{"type": "dahai"}\n', 'missing field "actor"'),
        ('{"event": "hand_start", "rules": "hkos"}\n', "only a game of Riichi converts"),
    ],
)
def test_bad_logs_are_one_line_and_exit_2(stdin, message):
    done = runner.invoke(app, ["log", "convert", "-"], input=stdin)
    assert done.exit_code == 2 and message in done.output and "Traceback" not in done.output


def _with_a_wrong_win(text: str) -> str:
    """The log with its first win paying 100 points more than the rules give."""
    lines = text.splitlines()
    index = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "hora")
    message = json.loads(lines[index])
    message["deltas"][message["actor"]] += 100
    message["deltas"][message["target"] if message["target"] != message["actor"] else (message["actor"] + 1) % 4] -= 100
    lines[index] = json.dumps(message)
    return "\n".join(lines) + "\n"


def test_a_log_whose_scores_differ_from_the_replay_is_reported_not_converted(tmp_path):
    source = tmp_path / "wrong.mjai.jsonl"
    source.write_text(_with_a_wrong_win(SAMPLE.read_text()))
    target = tmp_path / "out.jsonl"
    done = runner.invoke(app, ["log", "convert", str(source), "--riichienv", "-o", str(target)])
    assert done.exit_code == 2 and not target.exists()
    assert "1 of " in done.output and "hands end with other scores at Sparrow's table than in the log" in done.output
    assert "hand 1 (East 1): the log's scores [" in done.output and "Sparrow's [" in done.output
    assert "Traceback" not in done.output
    kept = runner.invoke(app, ["log", "convert", str(source), "--riichienv", "--keep-differences", "-o", str(target)])
    assert kept.exit_code == 0 and "warning: 1 of " in kept.output and target.read_text().startswith('{"event"')


def test_the_preset_an_mjai_log_is_played_under_is_named():
    done = runner.invoke(app, ["log", "convert", str(SAMPLE), "--preset", "tenhuo"])
    assert done.exit_code == 2 and "unknown riichi preset 'tenhuo'" in done.output
