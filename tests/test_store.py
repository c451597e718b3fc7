"""The storage layer: the migrations make exactly the tables the code uses, on SQLite and PostgreSQL,
and starting again on an existing database changes nothing."""

from __future__ import annotations

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from fastapi.testclient import TestClient

from sparrow.store import DatabaseError, Store, connect
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
