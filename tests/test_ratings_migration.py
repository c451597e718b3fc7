"""Migration 0010: the ratings tables appear on a database at 0009 holding an account, take one change
per (match, player) and refuse a second, go with the downgrade and come back, on SQLite and PostgreSQL."""

from __future__ import annotations

import time

import pytest
from sqlalchemy import create_engine, insert, inspect, select
from sqlalchemy.exc import IntegrityError

from sparrow.store import tables
from sparrow.store.ratings import rating_changes, ratings
from tests.test_store_migration import alembic
from tests.web_support import BACKENDS, database_url


@pytest.fixture(params=BACKENDS)
def url(request, tmp_path_factory):
    yield from database_url(request.param, tmp_path_factory)


def change(user_id: int) -> dict:
    return {
        "match_id": "room-1", "user_id": user_id, "rules": "riichi", "place": 1, "seats": 4, "had_left": False,
        "mu_before": 25.0, "sigma_before": 8.3, "mu_after": 27.0, "sigma_after": 8.0, "rank_step_before": 0,
        "rank_points_before": 0, "rank_step_after": 1, "rank_points_after": 0, "created_at": time.time(),
    }  # fmt: skip


def test_the_ratings_tables_come_and_go_and_a_match_counts_once(url):
    alembic(url, "0009")
    engine = create_engine(url)
    try:
        with engine.begin() as db:
            user = db.execute(
                insert(tables.users).values(
                    username="Ann", username_key="ann", password_hash="x", created_at=time.time()
                )
            ).inserted_primary_key[0]
        assert not {"ratings", "rating_changes"} & set(inspect(engine).get_table_names())
        alembic(url, "0010")
        assert {"ratings", "rating_changes"} <= set(inspect(engine).get_table_names())
        with engine.begin() as db:
            db.execute(insert(rating_changes).values(**change(user)))
            db.execute(
                insert(ratings).values(
                    user_id=user, rules="riichi", mu=27.0, sigma=8.0, matches=1, rank_step=1, rank_points=0,
                    updated_at=time.time(),
                )
            )  # fmt: skip
        with pytest.raises(IntegrityError), engine.begin() as db:
            db.execute(insert(rating_changes).values(**change(user)))  # the same match for the same player
        with engine.connect() as db:
            assert len(db.execute(select(rating_changes)).all()) == 1
        alembic(url, "0009", down=True)
        assert not {"ratings", "rating_changes"} & set(inspect(engine).get_table_names())
        alembic(url, "head")
        assert {"ratings", "rating_changes"} <= set(inspect(engine).get_table_names())
    finally:
        engine.dispose()
