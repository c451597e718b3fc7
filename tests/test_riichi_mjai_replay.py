"""Games played by riichienv, as its mjai logs, played again at Sparrow's Riichi table
(``sparrow.play.riichi_mjai``): every action is legal there and every hand ends with the same
scores; a log that does not fit is refused, naming the hand and the event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sparrow.formats.mjai import StartKyoku, read_mjai
from sparrow.play.riichi_mjai import RIICHIENV, MjaiReplayError, replay_game, score_differences

SAMPLES = sorted((Path(__file__).parent / "data" / "riichienv").glob("*.jsonl"))


def _same_scores(events) -> int:
    hands = replay_game(events, RIICHIENV)
    for number, hand in enumerate(hands, 1):
        assert hand.scores == hand.expected_scores, f"hand {number}"
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
    with pytest.raises(MjaiReplayError, match=r"hand 1 \(East 1\): event \d+ \(dahai\)"):
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


# --- the dialects of other writers -------------------------------------------------------------------


def _without_scores(text: str) -> str:
    """The log as gimite's original mjai writes it: start_kyoku without scores."""
    lines = []
    for line in text.splitlines():
        message = json.loads(line)
        if message["type"] == "start_kyoku":
            del message["scores"]
        lines.append(json.dumps(message))
    return "\n".join(lines)


@pytest.mark.parametrize("path", SAMPLES[:2], ids=lambda p: p.stem)
def test_gimites_mjai_start_kyoku_without_scores_plays_the_same(path):
    with_scores = replay_game(read_mjai(path.read_text()), RIICHIENV)
    events = read_mjai(_without_scores(path.read_text()))
    assert all(e.scores is None for e in events if isinstance(e, StartKyoku))
    without = replay_game(events, RIICHIENV)
    assert [h.expected_scores for h in without] == [h.expected_scores for h in with_scores]
    assert [h.scores for h in without] == [h.scores for h in with_scores]
    assert all(h.agrees for h in without)


# The dealer's hand in a nine-terminals hand: 1m 9m 1p 9p 1s 9s E S W, and N drawn, ten kinds.
NINE_KINDS = ["1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "2m", "3m", "4m", "6m"]
OTHERS = [
    ["2p", "3p", "4p", "6p", "7p", "2s", "3s", "4s", "6s", "7s", "8s", "2m", "3m"],
    ["2p", "3p", "4p", "6p", "7p", "2s", "3s", "4s", "6s", "7s", "8s", "4m", "6m"],
    ["2p", "3p", "4p", "6p", "7p", "2s", "3s", "4s", "6s", "7s", "8s", "7m", "7m"],
]


def _nine_terminals_hand(*after_the_deal: dict) -> list[str]:
    start = {
        "type": "start_kyoku", "bakaze": "E", "kyoku": 2, "honba": 1, "kyotaku": 0, "oya": 1,
        "scores": [25000] * 4, "dora_marker": "8m", "tehais": [OTHERS[0], NINE_KINDS, OTHERS[1], OTHERS[2]],
    }  # fmt: skip
    messages = [{"type": "start_game"}, start, *after_the_deal, {"type": "end_kyoku"}, {"type": "end_game"}]
    return [json.dumps(message) for message in messages]


def test_a_bare_ryukyoku_after_a_draw_that_allows_it_is_nine_terminals():
    """The converters (mjai-reviewer's convlog) write kyuushu kyuuhai as a ryukyoku without a reason
    right after the draw."""
    lines = _nine_terminals_hand(
        {"type": "tsumo", "actor": 1, "pai": "N"}, {"type": "ryukyoku", "deltas": [0, 0, 0, 0]}
    )
    (hand,) = replay_game(read_mjai(lines))
    assert hand.state.result is not None and hand.state.result.abort == "nine_terminals"
    assert hand.agrees and hand.scores == (25000,) * 4
    named = _nine_terminals_hand(
        {"type": "tsumo", "actor": 1, "pai": "N"}, {"type": "ryukyoku", "reason": "kyushukyuhai"}
    )
    assert replay_game(read_mjai(named))[0].state.result.abort == "nine_terminals"


def test_a_bare_ryukyoku_that_no_draw_explains_is_refused_naming_the_hand():
    # After the dealer's discard nobody may declare nine terminals: the next player has drawn nothing.
    lines = _nine_terminals_hand(
        {"type": "tsumo", "actor": 1, "pai": "N"},
        {"type": "dahai", "actor": 1, "pai": "N", "tsumogiri": True},
        {"type": "tsumo", "actor": 2, "pai": "5p"},
        {"type": "ryukyoku", "deltas": [0, 0, 0, 0]},
    )
    with pytest.raises(MjaiReplayError) as caught:
        replay_game(read_mjai(lines))
    message = str(caught.value)
    assert message.startswith("hand 1 (East 2, 1 honba): event 4 (ryukyoku): the log draws the hand here")
    assert "no draw fits" in message and "seat 2 to play" in message


def test_a_hand_whose_scores_differ_from_the_log_is_named_with_both():
    lines = SAMPLES[0].read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if json.loads(line)["type"] == "hora")
    message = json.loads(lines[index])
    message["deltas"] = [
        delta + (100 if seat == message["actor"] else 0) for seat, delta in enumerate(message["deltas"])
    ]
    message["deltas"][message["target"]] -= 100
    lines[index] = json.dumps(message)
    hands = replay_game(read_mjai("\n".join(lines)), RIICHIENV)
    (difference,) = score_differences(hands)
    number = difference.number
    assert not hands[number - 1].agrees and all(h.agrees for h in hands[: number - 1])
    assert difference.expected[message["actor"]] == difference.replayed[message["actor"]] + 100
    assert str(difference).startswith(f"hand {number} ({hands[number - 1].label}): the log's scores [")
