"""Migrations 0007 and 0008 on real stored logs, old -> new: a database at revision 0006 holding games
and rooms as the server stored them before the log said its version (the frozen corpora's web and room
games, every family, Riichi's with its dealer as a chair and its scores as a list), moved to 0007 (the
logs of version 2 the server stored until 0008) and started on by the server of now. The stored
hand_starts are rewritten in version 3, and in Riichi's hands the riichi and hand_end lines that named
chairs, exactly as ``upgrade_log`` reads them; nothing else changes. Every game and room replays, its
log, each hand's replay and the account's export are served, and a Riichi game's log still converts to
mjai that plays again with the same scores. Each downgrade gives its logs back byte for byte, and
upgrading again gives the same logs as the first time, on SQLite and PostgreSQL."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.config import Config
from sqlalchemy import create_engine, insert, select, update
from typer.testing import CliRunner

import sparrow.store.database
from sparrow.cli.app import app as cli
from sparrow.formats.mjai import read_mjai
from sparrow.game.events import dumps, split_hands, upgrade_log
from sparrow.play.riichi_mjai import replay_game
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.store import tables
from sparrow.store.rooms import rooms
from tests.corpora import ROOM_GAMES, SEED, WEB_GAMES, ApiGame, frozen
from tests.web_support import BACKENDS, Player, database_url, make_app

MIGRATIONS = Path(sparrow.store.database.__file__).with_name("migrations")
BEFORE = "0006"  # the revision before the logs said their version
VERSION_2 = "0007"  # the revision whose logs are of version 2
HOST = "host-of-the-room"
runner = CliRunner()


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


def alembic(url: str, revision: str, *, down: bool = False) -> None:
    engine = create_engine(url)
    try:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            (command.downgrade if down else command.upgrade)(config, revision)
    finally:
        engine.dispose()


def game_id(spec: ApiGame) -> str:
    return f"old-{spec.name}"


def hands_of(text: str) -> list[str]:
    """A game's log (JSON Lines) cut into its hands' texts, each as the store kept it: one row a hand."""
    hands: list[str] = []
    for line in text.splitlines(keepends=True):
        if json.loads(line)["event"] == "hand_start":
            hands.append("")
        hands[-1] += line
    return hands


def store_the_old_way(url: str) -> dict[tuple[str, Any], str]:
    """The corpora's web games (one row a hand) and room games (one row a match) stored at revision
    0006, as the server of then stored them; returns each stored log by its row."""
    stored: dict[tuple[str, Any], str] = {}
    now = time.time()  # rooms left longer than a while are abandoned: these were played just now
    engine = create_engine(url)
    try:
        with engine.begin() as db:
            for spec in WEB_GAMES:
                hands = hands_of(frozen(spec.name)[0])
                db.execute(
                    insert(tables.games).values(
                        id=game_id(spec), session_id="a guest of then", user_id=None, rules=spec.rules,
                        level=spec.level, options=json.dumps(spec.options, sort_keys=True), seed=SEED, ranked=True,
                        version=len(hands) * 10, hand_number=len(hands), hand_over=True, match_over=False,
                        created_at=now, updated_at=now,
                    )
                )  # fmt: skip
                for number, text in enumerate(hands, start=1):
                    db.execute(
                        insert(tables.game_hands).values(game_id=game_id(spec), number=number, log=text, over=True)
                    )
                    stored[("game", (game_id(spec), number))] = text
            for spec in ROOM_GAMES:
                # The corpus holds the room's events with their fields sorted; the store wrote them compact.
                text = dumps(json.loads(line) for line in frozen(spec.name)[0].splitlines())
                db.execute(
                    insert(rooms).values(
                        id=game_id(spec), host_session=HOST, rules=spec.rules,
                        options=json.dumps(spec.options, sort_keys=True), level=spec.level, turn_seconds=None,
                        seed=SEED, chairs=json.dumps([{"name": "Ann", "session": HOST}, None, None, None]),
                        status="playing", log=text, pending="[]", version=7, created_at=now, updated_at=now,
                    )
                )  # fmt: skip
                stored[("room", game_id(spec))] = text
    finally:
        engine.dispose()
    return stored


def stored_logs(url: str) -> dict[tuple[str, Any], str]:
    engine = create_engine(url)
    try:
        with engine.connect() as db:
            games = db.execute(select(tables.game_hands.c.game_id, tables.game_hands.c.number, tables.game_hands.c.log))
            logs: dict[tuple[str, Any], str] = {("game", (row.game_id, row.number)): row.log for row in games}
            for row in db.execute(select(rooms.c.id, rooms.c.log)):
                logs[("room", row.id)] = row.log
    finally:
        engine.dispose()
    return logs


def assert_upgraded(old: str, new: str) -> None:
    """``new`` is ``old`` read in version 3 (``upgrade_log``): the lines the upgrade changes (every
    hand_start, Riichi's riichi and hand_end lines) with the same fields in the same order, written
    compact, and every other line byte for byte as it was."""
    old_lines, new_lines = old.splitlines(keepends=True), new.splitlines(keepends=True)
    assert len(old_lines) == len(new_lines) and new.endswith("\n")
    events = [json.loads(line) for line in old_lines]
    starts = 0
    for before, after, event, upgraded in zip(old_lines, new_lines, events, upgrade_log(events), strict=True):
        if upgraded is event:
            assert after == before
            continue
        assert json.loads(after) == upgraded and list(json.loads(after)) == list(upgraded)
        assert after == json.dumps(upgraded, ensure_ascii=False, separators=(",", ":")) + "\n"
        if upgraded["event"] == "hand_start":
            starts += 1
            assert upgraded["version"] == 3 and upgraded["dealer"] == "E"
            if upgraded["rules"] == "riichi":
                assert 1 <= upgraded["hand"] <= 4 and set(upgraded["scores"]) == {"E", "S", "W", "N"}
        else:
            assert upgraded["event"] in ("riichi", "hand_end")
    assert starts >= 1


@pytest.mark.slow
def test_the_stored_logs_move_to_version_3_and_every_game_and_room_still_plays(url, tmp_path):
    alembic(url, BEFORE)
    old = store_the_old_way(url)
    assert any('"dealer":0,' in text and '"rules":"riichi"' in text for text in old.values())
    alembic(url, VERSION_2)
    middle = stored_logs(url)  # as the server stored them at version 2
    assert all('"version":2,' in text and '"version":3' not in text for text in middle.values())
    assert any('"event":"riichi","seat":' in text and '"scores":[' in text for text in middle.values())

    # The server of now starts on the old database: the migrations run first.
    application = make_app(url)
    try:
        new = stored_logs(url)
        assert set(new) == set(old)
        for row, text in old.items():
            assert_upgraded(text, new[row])

        player = Player(application)
        assert player.sign_up("player_of_old").status_code == 201
        store = application.state.store
        with store.engine.begin() as db:
            user = db.execute(select(tables.users.c.id)).scalar_one()
            db.execute(update(tables.games).values(user_id=user, session_id=None))

        for spec in WEB_GAMES:
            frozen_log = [json.loads(line) for line in frozen(spec.name)[0].splitlines()]
            hands = split_hands(frozen_log)
            answer = player.get(f"/api/games/{game_id(spec)}")
            assert answer.status_code == 200, f"{spec.name}: {answer.text}"
            view = answer.json()
            assert view["hand_number"] == len(hands) and view["hand_over"]
            log = player.get(f"/api/games/{game_id(spec)}/log")
            assert log.status_code == 200, f"{spec.name}: {log.text}"
            assert log.text == dumps(upgrade_log(frozen_log))
            for number in range(1, len(hands) + 1):
                replay = player.get(f"/api/games/{game_id(spec)}/hands/{number}/replay")
                assert replay.status_code == 200, f"{spec.name} hand {number}: {replay.text}"
            if spec.rules == "riichi":
                assert_converts_to_mjai(log.text, spec, tmp_path)

        exported = json.loads(player.get("/api/account/export").content)
        by_id = {game["id"]: game for game in exported["games"]}
        assert set(by_id) == {game_id(spec) for spec in WEB_GAMES}
        for spec in WEB_GAMES:
            hands = split_hands(upgrade_log(json.loads(line) for line in frozen(spec.name)[0].splitlines()))
            assert [hand["log"] for hand in by_id[game_id(spec)]["hands"]] == hands

        for spec in ROOM_GAMES:
            record = store.room(game_id(spec))
            assert record is not None
            assert list(record.log) == upgrade_log(json.loads(line) for line in frozen(spec.name)[0].splitlines())
            answer = player.get(f"/api/rooms/{game_id(spec)}")  # the room's table rebuilt from its log
            assert answer.status_code == 200, f"{spec.name}: {answer.text}"
            room = answer.json()
            assert room["status"] == "playing" and room["hand_over"], spec.name
    finally:
        application.state.store.close()

    # Down to 0007, then 0006: the logs as they were, byte for byte; up again: as after the first upgrade.
    alembic(url, VERSION_2, down=True)
    assert stored_logs(url) == middle
    alembic(url, BEFORE, down=True)
    assert stored_logs(url) == old
    alembic(url, "head")
    assert stored_logs(url) == new


def assert_converts_to_mjai(text: str, spec: ApiGame, folder: Path) -> None:
    """The exported log converts to mjai, which plays again at Sparrow's table with the log's scores."""
    source, target = folder / f"{spec.name}.jsonl", folder / f"{spec.name}.mjai.jsonl"
    source.write_text(text)
    done = runner.invoke(cli, ["log", "convert", str(source), "-o", str(target)])
    assert done.exit_code == 0, done.output
    options = MatchOptions.from_mapping(json.loads(text.partition("\n")[0])["options"])  # as the game was played
    hands = replay_game(read_mjai(target.read_text()), options)
    assert hands and all(hand.agrees for hand in hands)


def test_the_migration_changes_nothing_in_an_empty_database(url):
    alembic(url, BEFORE)
    alembic(url, "head")
    assert stored_logs(url) == {}
    alembic(url, BEFORE, down=True)
    assert stored_logs(url) == {}
