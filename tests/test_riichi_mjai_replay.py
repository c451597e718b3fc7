"""Games played by riichienv, as its mjai logs, played again at Sparrow's Riichi table
(``sparrow.play.riichi_mjai``): every action is legal there and every hand ends with the same
scores; a log that does not fit is refused, naming the hand and the event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sparrow.formats.mjai import read_mjai
from sparrow.play.riichi_mjai import RIICHIENV, MjaiReplayError, replay_game

SAMPLES = sorted((Path(__file__).parent / "data" / "riichienv").glob("*.jsonl"))


def _same_scores(events) -> int:
    hands = replay_game(events, RIICHIENV)
    for number, hand in enumerate(hands, 1):
        end = hand.state.events[-1]
        got = tuple(end["scores"][hand.state.wind_name(seat)] for seat in range(4))
        assert got == hand.expected_scores, f"hand {number}"
    return len(hands)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_each_sample_game_plays_again_with_the_same_scores(path):
    assert _same_scores(read_mjai(path.read_text())) >= 4


def test_a_discard_of_a_tile_not_held_is_refused_naming_the_hand_and_event():
    lines = SAMPLES[0].read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "dahai")
    message = json.loads(lines[index])
    message["pai"] = "C" if message["pai"] != "C" else "P"  # a red dragon the player does not hold
    lines[index] = json.dumps(message)
    with pytest.raises(MjaiReplayError, match=r"hand 1: event \d+ \(dahai\)"):
        replay_game(read_mjai("\n".join(lines)), RIICHIENV)


@pytest.mark.slow
def test_a_hundred_new_riichienv_hanchan_play_again_identically(tmp_path):
    """Fresh games from riichienv itself (tools/riichienv_games.py), two seeds."""
    pytest.importorskip("riichienv")
    import subprocess
    import sys

    root = Path(__file__).resolve().parent.parent
    hands = 0
    for seed in (21, 22):
        out = tmp_path / str(seed)
        subprocess.run(
            [
                sys.executable,
                str(root / "tools" / "riichienv_games.py"),
                "--games",
                "50",
                "--seed",
                str(seed),
                "--out",
                str(out),
            ],
            check=True,
            capture_output=True,
        )
        for path in sorted(out.glob("*.jsonl")):
            hands += _same_scores(read_mjai(path.read_text()))
    assert hands >= 100 * 8
