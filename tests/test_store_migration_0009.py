"""Migration 0009 on a real stored room: a Riichi room saved with a claim window open, its pending
decisions written back in the form the server kept before Riichi came to the one room (Riichi's
chairs as numbers). The upgrade clears them (the room then opens with no warning: the table is
built from its log, its person asked again); every other room's pending decisions, of the form of
now or none, keep their bytes. The downgrade changes nothing. On SQLite and PostgreSQL."""

from __future__ import annotations

import json
import logging

import pytest
from sqlalchemy import create_engine, select, update

from sparrow.store.rooms import rooms
from tests.test_store_migration import alembic
from tests.test_web_room_old_pending import WINDS, a_room_with_a_claim_window_open
from tests.web_support import BACKENDS, Player, database_url, make_app


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


def stored_pending(url: str) -> dict[str, str]:
    engine = create_engine(url)
    try:
        with engine.connect() as db:
            return {row.id: row.pending for row in db.execute(select(rooms.c.id, rooms.c.pending))}
    finally:
        engine.dispose()


def set_pending(url: str, room_id: str, text: str) -> None:
    engine = create_engine(url)
    try:
        with engine.begin() as db:
            db.execute(update(rooms).where(rooms.c.id == room_id).values(pending=text))
    finally:
        engine.dispose()


def test_the_old_riichi_pending_decisions_are_cleared_and_no_other(url, caplog):
    app = make_app(url)  # at the head: two rooms with a claim window open
    try:
        ann = Player(app)
        old_room, pending = a_room_with_a_claim_window_open(app, ann)
        new_room, _ = a_room_with_a_claim_window_open(app, ann)
        asked = ann.get(f"/api/rooms/{old_room}").json()["asked"]
        cookies = dict(ann.client.cookies)
    finally:
        app.state.store.close()
    alembic(url, "0008", down=True)
    old = [
        {"seat": WINDS.index(action["seat"]), **{k: v for k, v in action.items() if k != "seat"}} for action in pending
    ]
    set_pending(url, old_room, json.dumps(old))
    before = stored_pending(url)
    assert all(isinstance(action["seat"], int) for action in json.loads(before[old_room]))
    assert before[new_room] != "[]"

    alembic(url, "head")
    after = stored_pending(url)
    assert after[old_room] == "[]"
    assert {room: text for room, text in after.items() if room != old_room} == {
        room: text for room, text in before.items() if room != old_room
    }

    app = make_app(url)
    try:
        again = Player(app)
        again.client.cookies.clear()
        again.client.cookies.update(cookies)
        with caplog.at_level(logging.WARNING, logger="sparrow.rooms"):
            answer = again.get(f"/api/rooms/{old_room}")
            assert again.get(f"/api/rooms/{new_room}").status_code == 200
        assert answer.status_code == 200, answer.text
        assert answer.json()["asked"] == asked
        assert not [record for record in caplog.records if record.name == "sparrow.rooms"]
    finally:
        app.state.store.close()

    alembic(url, "0008", down=True)
    assert stored_pending(url) == after


def test_the_migration_changes_nothing_in_an_empty_database(url):
    alembic(url, "0008")
    alembic(url, "head")
    assert stored_pending(url) == {}
    alembic(url, "0008", down=True)
    assert stored_pending(url) == {}
