"""Real Tenhou games (tests/data/tenhou, origins and licences in its README.md), converted to mjai by
public converters, played again at Sparrow's table under the ``tenhou`` preset: every action must be
legal there and every hand must end with the scores the log gives.

Most files are in the converters' dialect (mjai-reviewer's ``convlog``, as Mortal reads it); the
``gimite-*`` files are the same games as gimite's original mjai writes them (no scores or sticks on
``start_kyoku``, reasons on the draws). Two of the converter's own test hands cannot be played, for
reasons in the logs themselves; they are held to exactly those reasons.
"""

from __future__ import annotations

import gzip
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparrow.cli.app import app
from sparrow.formats.mjai import Ankan, Chi, Daiminkan, Hora, Kakan, Pon, ReachAccepted, StartKyoku, read_mjai
from sparrow.play.riichi_mjai import MjaiReplayError, ReplayedHand, replay_game, score_differences
from sparrow.rules.riichi.presets import match_options

CORPUS = Path(__file__).parent / "data" / "tenhou"
FILES = sorted(CORPUS.glob("*.mjai.jsonl*"))
TENHOU = match_options("tenhou")
# The converter's test hands that no table plays: the name, and what is wrong in the log.
UNPLAYABLE = {
    "convlog-confusing_nakis_2": "five 5s in one hand (made up to test the converter)",
    "convlog-confusing_nakis_1": "the win leaves out the riichi stick accepted in the hand",
}


def _name(path: Path) -> str:
    return path.name.split(".mjai.")[0]


def _text(path: Path) -> str:
    return gzip.decompress(path.read_bytes()).decode("utf-8") if path.suffix == ".gz" else path.read_text("utf-8")


_REPLAYED: dict[str, list[ReplayedHand]] = {}


def _replayed(path: Path) -> list[ReplayedHand]:
    if path.name not in _REPLAYED:
        _REPLAYED[path.name] = replay_game(read_mjai(_text(path)), TENHOU)
    return _REPLAYED[path.name]


PLAYABLE = [path for path in FILES if _name(path) not in UNPLAYABLE]


@pytest.mark.parametrize("path", PLAYABLE, ids=_name)
def test_every_hand_of_a_real_game_ends_with_the_logs_scores(path):
    hands = _replayed(path)
    assert len(hands) == sum(isinstance(event, StartKyoku) for event in read_mjai(_text(path)))
    assert score_differences(hands) == []


def test_the_unplayable_test_hands_fail_for_their_own_reasons():
    with pytest.raises(MjaiReplayError, match=r"hand 1 \(East 1\): a draw: a fifth 5s"):
        replay_game(read_mjai(_text(CORPUS / "convlog-confusing_nakis_2.mjai.jsonl")), TENHOU)
    hands = replay_game(read_mjai(_text(CORPUS / "convlog-confusing_nakis_1.mjai.jsonl")), TENHOU)
    (difference,) = score_differences(hands)
    # The winner (seat 0) is 1,000 short in the log: the stick seat 2 paid went nowhere.
    assert [got - expected for got, expected in zip(difference.replayed, difference.expected)] == [1000, 0, 0, 0]


def _features() -> Counter[str]:
    """What the playable files hold, counted from their events and from Sparrow's replay of them."""
    found: Counter[str] = Counter()
    for path in PLAYABLE:
        events = read_mjai(_text(path))
        hands = _replayed(path)
        # A whole game as Tenhou played it: not a converter's test hand, a second dialect or a cut game.
        whole = not _name(path).startswith(("convlog-", "gimite-")) and "partial" not in _name(path)
        starts = [event for event in events if isinstance(event, StartKyoku)]
        found["hands"] += len(hands)
        if whole and (any(start.bakaze == "S" for start in starts) or min(hands[-1].expected_scores) < 0):
            found["hanchan"] += 1
        for kind in (ReachAccepted, Chi, Pon, Daiminkan, Ankan, Kakan):
            found[kind.TYPE] += sum(isinstance(event, kind) for event in events)
        found["busted"] += min(hands[-1].expected_scores) < 0
        for hand in hands:
            result = hand.state.result
            assert result is not None
            if result.abort:
                found[result.abort] += 1
            found["double ron"] += len(result.wins) == 2
            found["pao"] += any(win.liability is not None for win in result.wins)
        found["double ron in the log"] += sum(
            isinstance(a, Hora) and isinstance(b, Hora) for a, b in zip(events, events[1:])
        )
    return found


def test_the_corpus_holds_thirty_hanchan_and_every_rare_ending():
    found = _features()
    assert found["hanchan"] >= 30 and found["hands"] >= 500
    for kind in ("reach_accepted", "chi", "pon", "daiminkan", "ankan", "kakan"):
        assert found[kind] > 0, kind
    for abort in ("nine_terminals", "four_winds", "four_riichi", "four_kongs", "triple_ron"):
        assert found[abort] > 0, abort
    assert found["double ron"] == found["double ron in the log"] > 0
    assert found["pao"] > 0 and found["busted"] > 0


def _gimite_twins() -> list[tuple[Path, Path]]:
    return [
        (CORPUS / path.name.removeprefix("gimite-"), path)
        for path in FILES
        if path.name.startswith("gimite-") and (CORPUS / path.name.removeprefix("gimite-")).exists()
    ]


@pytest.mark.parametrize(("convlog", "gimite"), _gimite_twins(), ids=lambda p: _name(p))
def test_a_game_in_gimites_dialect_plays_as_the_same_game_in_the_converters(convlog, gimite):
    starts = [event for event in read_mjai(_text(gimite)) if isinstance(event, StartKyoku)]
    assert all(start.scores is None and start.kyotaku is None for start in starts)
    assert [hand.scores for hand in _replayed(gimite)] == [hand.scores for hand in _replayed(convlog)]
    assert [hand.label for hand in _replayed(gimite)] == [hand.label for hand in _replayed(convlog)]


def test_there_are_games_in_both_dialects():
    assert len(_gimite_twins()) >= 5 and len(PLAYABLE) >= 70


def test_sparrow_log_convert_takes_a_real_game(tmp_path):
    game = CORPUS / "2019103023gm-00a9-0000-f90e0fe9.mjai.jsonl.gz"  # double ron, nine terminals, pao, a bust
    source = tmp_path / "game.mjai.jsonl"
    source.write_text(_text(game))
    done = CliRunner().invoke(app, ["log", "convert", str(source), "-o", str(tmp_path / "game.jsonl")])
    assert done.exit_code == 0, done.output
    assert (tmp_path / "game.jsonl").read_text().count('"event":"hand_start"') == len(_replayed(game))
