"""One log dialect, versioned (docs/spec/game-log.md, "Versions"): every family's ``hand_start`` says
``"version": 3`` and names its dealer by seat wind; Riichi's gives its scores by seat wind and the
hand's number in its round, from which its chair follows, and every other event names seats by wind too
(a ``riichi`` event's scores, the ``hand_end``'s next dealer). Logs of versions 1 and 2 (the frozen
corpora, written before, and what the store held) still replay exactly, read through ``upgrade_log``,
which the store's migrations 0007 and 0008 agree with byte for byte; converting to mjai and back still
agrees."""

from __future__ import annotations

import importlib
import json
import random

import pytest
from typer.testing import CliRunner

from sparrow.cli.app import app
from sparrow.formats.mjai import read_mjai
from sparrow.game import from_hand_start, replay_hand
from sparrow.game.events import LOG_VERSION, LogError, dumps, loads, split_hands, upgrade_event, upgrade_log
from sparrow.game.hands import new_match, replay_onto
from sparrow.game.replay import ReplayError, replay
from sparrow.game.riichi import RiichiHandState
from sparrow.game.riichi.replay import ReplayError as RiichiReplayError
from sparrow.game.riichi.replay import replay as replay_riichi
from sparrow.game.state import HandSetupError, HandState
from sparrow.play.riichi_mjai import to_mjai
from sparrow.rules.riichi.match import Standing
from tests.corpora import ROOM_GAMES, SIMULATIONS, WEB_GAMES, frozen

CORPORA = [spec.name for spec in (*SIMULATIONS, *WEB_GAMES, *ROOM_GAMES)]
RIICHI_CORPORA = [spec.name for spec in (*SIMULATIONS, *WEB_GAMES, *ROOM_GAMES) if spec.rules == "riichi"]
SHARED_CORPORA = [name for name in CORPORA if name not in RIICHI_CORPORA]
migration = importlib.import_module("sparrow.store.migrations.versions.0007_log_version_2")
migration_3 = importlib.import_module("sparrow.store.migrations.versions.0008_log_version_3")
runner = CliRunner()


def frozen_events(name: str) -> list[dict]:
    return [json.loads(line) for line in frozen(name)[0].splitlines()]


# ------------------------------------------------------------------------------------------ writing


@pytest.mark.parametrize("rules", ["nts", "hkos", "chinese", "casual"])
def test_the_shared_table_writes_version_3(rules):
    start = HandState(rules, seed=5).events[0]
    assert list(start)[:2] == ["event", "version"] and start["version"] == LOG_VERSION == 3
    assert start["dealer"] == "E" and set(start["totals"]) == set(start["players"])
    assert loads(dumps([start])) == [start]


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_riichis_hand_start_names_its_dealer_by_wind_and_its_hand_by_number(dealer):
    scores = (31000, 24000, 18000, 27000)
    standing = Standing(scores, round_wind=1, hand_number=dealer + 1, honba=2, sticks=1)
    state = RiichiHandState.from_standing(standing, seed=7, players=["Ann", "Bob", "Cy", "Di"])
    start = state.events[0]
    assert list(start)[:2] == ["event", "version"] and start["version"] == 3
    assert start["dealer"] == "E" and start["hand"] == dealer + 1 and start["round_wind"] == "S"
    # Every seat named by its wind: the scores and the players, the dealer's chair East.
    assert list(start["scores"]) == ["E", "S", "W", "N"]
    assert start["scores"] == {state.winds[chair]: scores[chair] for chair in range(4)}
    assert start["players"] == {state.winds[chair]: name for chair, name in enumerate(["Ann", "Bob", "Cy", "Di"])}
    assert start["scores"]["E"] == scores[dealer] and start["players"]["E"] == ["Ann", "Bob", "Cy", "Di"][dealer]
    # The recorded start rebuilds the very hand: the same dealer, scores, names and events.
    again = RiichiHandState.from_hand_start(start)
    assert again.dealer == dealer and again.start_scores == scores
    assert again.events == state.events and again.snapshot() == state.snapshot()
    assert upgrade_event(start) is start  # version 3 already: nothing to change


def test_a_riichi_hand_start_that_does_not_fit_is_refused():
    start = RiichiHandState(seed=3).events[0]
    for wrong, message in (
        ({"hand": 5}, "hand_start.hand must be"),
        ({"hand": None}, "hand_start.hand must be"),
        ({"dealer": "S"}, "hand_start.dealer must be E"),
        ({"scores": [25000] * 4}, "hand_start.scores must map"),
        ({"version": 4}, "hand_start.version must be a log version 1 to 3"),
    ):
        with pytest.raises(ValueError, match=message):
            RiichiHandState.from_hand_start(start | wrong)
        with pytest.raises(RiichiReplayError):
            replay_riichi([start | wrong])


# ------------------------------------------------------------------------------------------ upgrading


def test_a_riichi_hand_start_of_version_1_is_upgraded_field_by_field():
    old = {
        "event": "hand_start",
        "rules": "riichi",
        "options": {},
        "seed": 1,
        "round_wind": "E",
        "dealer": 2,
        "players": {"W": "P1", "N": "P2", "E": "P3", "S": "P4"},
        "honba": 1,
        "sticks": 0,
        "scores": [10, 20, 30, 40],
        "dice": [],
        "wall": [],
    }
    new = upgrade_event(old)
    assert list(new) == [
        "event", "version", "rules", "options", "seed", "round_wind", "dealer", "hand", "players", "honba",
        "sticks", "scores", "dice", "wall",
    ]  # fmt: skip
    assert new["dealer"] == "E" and new["hand"] == 3 and new["version"] == 3
    assert new["scores"] == {"E": 30, "S": 40, "W": 10, "N": 20}  # chair 2 deals: chair 0 sits West
    assert new["players"] == old["players"] and old["dealer"] == 2  # the old event is left as it was
    assert upgrade_event(new) is new
    assert upgrade_event(old | {"version": 1}) == new


def test_a_shared_hand_start_of_version_1_only_gains_its_version():
    start = HandState("hkos", seed=9).events[0]
    old = {key: value for key, value in start.items() if key != "version"}
    assert upgrade_event(old) == start and list(upgrade_event(old)) == list(start)
    assert loads(dumps([old])) == [old]  # a log of version 1 still reads
    assert upgrade_event(start | {"version": 2}) == start  # version 2: only its version changes
    with pytest.raises(LogError, match="hand_start.version must be a log version 1 to 3, got 4"):
        loads(dumps([start | {"version": 4}]))
    with pytest.raises(HandSetupError, match="version"):
        HandState.from_hand_start(start | {"version": 4})
    with pytest.raises(ReplayError, match="version"):
        replay([start | {"version": 4}])


def _migrated(text: str) -> str:
    """A stored log of version 1 through the store's migrations 0007 and 0008."""
    return migration_3._log(migration._log(text, migration._to_version_2), migration_3._to_version_3)


def _migrated_back(text: str) -> str:
    """A stored log of version 3 down through the migrations 0008 and 0007."""
    return migration._log(migration_3._log(text, migration_3._to_version_2), migration._to_version_1)


@pytest.mark.parametrize("name", CORPORA)
def test_upgrading_a_frozen_log_changes_only_what_named_chairs_and_is_undone_by_the_migrations_downgrade(name):
    old = frozen_events(name)
    new = upgrade_log(old)
    assert len(new) == len(old)
    chair = None
    for before, after in zip(old, new, strict=True):
        if before["event"] == "hand_start":
            assert "version" not in before and after["version"] == 3
            assert after["dealer"] == "E"
            if before["rules"] == "riichi":
                assert after["hand"] == before["dealer"] + 1 and set(after["scores"]) == {"E", "S", "W", "N"}
                chair = before["dealer"]
            else:
                assert {key: value for key, value in after.items() if key != "version"} == before
                chair = None
        elif chair is not None and before["event"] == "riichi":
            assert list(after["scores"]) == ["E", "S", "W", "N"] and list(after) == list(before)
            assert [after["scores"]["ESWN"[(seat - chair) % 4]] for seat in range(4)] == before["scores"]
        elif chair is not None and before["event"] == "hand_end":
            assert after["next_dealer"] == "ESWN"[(before["next_dealer"] - chair) % 4]
            assert {key: value for key, value in after.items() if key != "next_dealer"} == {
                key: value for key, value in before.items() if key != "next_dealer"
            }
        else:
            assert after is before
    # The migrations' own copies of the change agree byte for byte, and their downgrades give the
    # log of version 1 back exactly.
    text = dumps(old)
    assert _migrated(text) == dumps(new)
    assert _migrated_back(dumps(new)) == text
    again = upgrade_log(new)
    assert all(a is b for a, b in zip(again, new, strict=True))  # a log of version 3: nothing to change


def test_the_migrations_rewrite_the_lines_that_named_chairs_only():
    text = dumps(frozen_events("web-riichi-normal"))
    version_2 = migration._log(text, migration._to_version_2)
    for old, new in zip(text.splitlines(), version_2.splitlines(), strict=True):
        if '"hand_start"' in old:
            assert json.loads(new) == upgrade_event(json.loads(old)) | {"version": 2}
        else:
            assert new == old
    assert migration._log(version_2, migration._to_version_2) == version_2
    assert migration._log(version_2, migration._to_version_1) == text
    version_3 = migration_3._log(version_2, migration_3._to_version_3)
    changed = {
        json.loads(old)["event"] for old, new in zip(version_2.splitlines(), version_3.splitlines()) if old != new
    }
    assert changed == {"hand_start", "riichi", "hand_end"}
    assert migration_3._log(version_3, migration_3._to_version_3) == version_3
    assert migration_3._log(version_3, migration_3._to_version_2) == version_2
    for broken in ('not json, a "hand_start"\n', '{"event":"riichi","scores":[1,2,3,4]}\n'):
        assert migration._log(broken, migration._to_version_2) == broken
        assert migration_3._log(broken, migration_3._to_version_3) == broken  # no hand says who deals


# ------------------------------------------------------------------------------------------ replaying


@pytest.mark.parametrize("name", RIICHI_CORPORA)
def test_a_riichi_log_of_version_1_replays_to_the_same_hands_written_in_version_3(name):
    for hand in split_hands(frozen_events(name)):
        state = replay_riichi(hand)
        assert state.over and state.events == upgrade_log(hand)
        assert replay_hand(hand).events == state.events  # through the one face too
        fresh = from_hand_start(hand[0])
        assert replay_onto(fresh, hand).events == state.events
        dealt = RiichiHandState.from_hand_start(hand[0])
        assert dealt.snapshot() == RiichiHandState.from_hand_start(upgrade_event(hand[0])).snapshot()


@pytest.mark.parametrize("name", SHARED_CORPORA)
def test_a_shared_log_of_version_1_replays_to_the_same_hands_written_in_version_3(name):
    for hand in split_hands(frozen_events(name))[:4]:
        state = replay(hand)
        assert state.events == upgrade_log(hand)
        fresh = HandState.from_hand_start(hand[0])
        assert replay_onto(fresh, hand).events == state.events


def test_a_riichi_match_of_version_1_goes_on_through_the_one_face():
    """A match's table rebuilt from a log of version 1 (every hand dealt again from the match's seed
    and its decisions played onto it) writes the same log in version 3."""
    from sparrow.play.table import Table

    old = frozen_events("web-riichi-normal")
    table = Table.from_log("riichi", "normal", 2026, old, {"length": "tonpuu"})
    try:
        assert table.match_over and table.log() == upgrade_log(old)
        assert "" not in table.match.players and len(set(table.match.players)) == 4
    finally:
        table.close()
    match = new_match("riichi", 3, {"length": "tonpuu"})
    hand = match.next_hand()
    rng = random.Random(3)
    while not hand.is_over:
        seat = hand.to_act[0]
        hand.apply(rng.choice(hand.legal_actions(seat)))
    log = hand.events
    old_form = [json.loads(line) for line in _migrated_back(dumps(log)).splitlines()]
    assert old_form[0]["dealer"] == 0 and isinstance(old_form[0]["scores"], list)
    assert isinstance(old_form[-1]["next_dealer"], int)
    again = new_match("riichi", 3, {"length": "tonpuu"}).next_hand()
    assert replay_onto(again, old_form).events == log


# ------------------------------------------------------------------------------------------ mjai


@pytest.mark.parametrize("name", ["simulate-riichi-normal", "simulate-riichi-expert-normal-easy-random"])
def test_a_log_of_either_version_converts_to_the_same_mjai_and_back(name, tmp_path):
    old = frozen_events(name)
    assert to_mjai(old) == to_mjai(upgrade_log(old))
    source, target = tmp_path / "old.jsonl", tmp_path / "game.mjai.jsonl"
    source.write_text(dumps(old))
    done = runner.invoke(app, ["log", "convert", str(source), "-o", str(target)])
    assert done.exit_code == 0, done.output
    assert read_mjai(target.read_text()) == to_mjai(upgrade_log(old))
    back = runner.invoke(app, ["log", "convert", str(target)])
    assert back.exit_code == 0, back.output
    events = [json.loads(line) for line in back.stdout.splitlines()]
    starts = [event for event in events if event["event"] == "hand_start"]
    assert len(starts) == sum(event["event"] == "hand_start" for event in old)
    assert all(start["version"] == 3 and start["dealer"] == "E" for start in starts)
    assert to_mjai(events) == to_mjai(old)
