"""The storage layer: the migrations make exactly the tables the code uses, on SQLite and PostgreSQL,
and starting again on an existing database changes nothing."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from sparrow.play.room import RoomTable
from sparrow.store import DatabaseError, Store, connect
from sparrow.store.rooms import StaleRoomError
from sparrow.store.tables import metadata
from tests.web_support import BACKENDS, Player, database_url, make_app


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


@pytest.mark.slow
def test_the_migrations_make_the_tables_the_code_uses(url):
    store = Store(url)
    try:
        with store.engine.connect() as db:
            assert compare_metadata(MigrationContext.configure(db), metadata) == []
        token, _ = store.new_session()
        again = Store(url)  # a second start on the same database: migrations are a no-op
        assert again.session(token) is not None
        again.close()
    finally:
        store.close()


def test_unknown_databases_are_refused():
    with pytest.raises(DatabaseError, match="unsupported database 'mysql'"):
        connect("mysql://somebody@localhost/db")
    with pytest.raises(DatabaseError, match="not a database URL"):
        connect("not a url")


def test_an_unexpected_failure_is_a_sentence_without_a_traceback(tmp_path_factory, monkeypatch):
    for url in database_url("sqlite", tmp_path_factory):
        app = make_app(url)
        player = Player(app)
        game = player.new_game()["id"]

        def broken(*args, **kwargs):
            raise RuntimeError("secret internals")

        monkeypatch.setattr(app.state.games, "view", broken)
        client = TestClient(app, raise_server_exceptions=False)
        client.cookies = player.client.cookies
        answer = client.get(f"/api/games/{game}")
        assert answer.status_code == 500
        assert answer.json() == {"detail": "The server failed to answer this request."}
        app.state.store.close()


def test_a_rooms_log_grows_by_appending_and_an_older_copy_reads_only_the_new_events(url):
    """Each change appends its new events to the stored log; a process holding an older copy reads
    the room from that copy on and gets the same record as a whole read, non-ASCII names included."""
    store = Store(url)
    try:
        record = store.create_room("r" * 22, "host", "casual", {}, "easy", None, 5, 4)
        chairs = [{"name": "Zoë", "session": "s1"}, None, None, None]
        opened = store.save_room(record, chairs=chairs)
        table = RoomTable("casual", 5, ["Zoë", None, None, None])  # a name that is not ASCII
        table.start(now=0.0)
        first = store.save_room(opened, log=table.log(), status="playing")
        table.act("Zoë", table.asked()["Zoë"][0], seen=table.event_count, now=0.0)
        events = table.log()
        old_copy = first
        second = store.save_room(first, log=events, pending=[{"action": "pass", "seat": "S"}])
        for seen in (record, opened, old_copy, second):
            after = store.room_after(seen)
            assert after == store.room(record.id) == second
        assert second.log == tuple(events) and second.log_length == store.room(record.id).log_length
        # A save from a copy that is not the latest is refused and writes nothing.
        with pytest.raises(StaleRoomError):
            store.save_room(first, log=events)
        assert store.room(record.id) == second
        assert store.room_after(second) == second
    finally:
        store.close()
