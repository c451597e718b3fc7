"""Connecting to the database and bringing its schema up to date.

``DATABASE_URL`` (or the ``url`` given) names the database: ``sqlite:///path/to/file.db`` or
``postgresql+psycopg://user:password@host/dbname``. Alembic's migrations, shipped in the package,
run at every start-up, so a new or an older database is brought to the current schema before the
first request.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

__all__ = ["MIGRATION_LOCK", "DatabaseError", "connect", "migrate", "sqlite_url"]

_MIGRATIONS = Path(__file__).with_name("migrations")


class DatabaseError(ValueError):
    """A database URL that cannot be used."""


def sqlite_url(data_dir: str | Path) -> str:
    """The URL of the SQLite database in ``data_dir`` (the folder is created if need be)."""
    folder = Path(data_dir)
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(folder / 'sparrow.db').resolve()}"


def connect(url: str) -> Engine:
    """An engine for ``url`` with the schema migrated to the newest revision."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise DatabaseError(f"not a database URL: {url!r}") from None
    backend = parsed.get_backend_name()
    if backend == "sqlite":
        _owner_only(parsed.database)
        engine = create_engine(parsed, connect_args={"timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
    elif backend == "postgresql":
        if parsed.drivername == "postgresql":
            parsed = parsed.set(drivername="postgresql+psycopg")  # psycopg 3, the driver we ship
        engine = create_engine(parsed, pool_size=10, max_overflow=20, pool_pre_ping=True)
    else:
        raise DatabaseError(f"unsupported database {backend!r}: use sqlite:/// or postgresql+psycopg://")
    migrate(engine)
    return engine


def _owner_only(path: str | None) -> None:
    """The database file readable and writable by its owner only (SQLite gives its -wal and -shm
    files the same mode): games, sessions and password hashes are nobody else's business."""
    if not path or path == ":memory:" or path.startswith("file:"):
        return
    try:
        os.close(os.open(path, os.O_RDWR | os.O_CREAT, 0o600))
        for name in (path, path + "-wal", path + "-shm"):
            if os.path.exists(name):
                os.chmod(name, 0o600)
    except OSError:
        pass  # a folder that cannot be written: SQLite's own error says so in a moment


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    # WAL lets readers go on while one request writes; synchronous=NORMAL in WAL mode still keeps
    # every committed transaction when the process is killed (only a power cut can lose the last ones).
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


# The key of the PostgreSQL advisory lock the migrations hold: "Sparrow" in ASCII, a bigint no other
# program on the database is likely to pick.
MIGRATION_LOCK = int.from_bytes(b"Sparrow", "big")


def migrate(engine: Engine) -> None:
    """Apply every Alembic migration the database lacks, one process at a time.

    Several server processes may start at once on one database (``--workers``, or machines behind a
    load balancer after a deployment): without a lock each would see the database without
    ``alembic_version`` and create the same tables, and all but one would fail. So the migration
    transaction first takes a lock that lasts until it commits: on PostgreSQL a transaction-level
    advisory lock, on SQLite the database's write lock (``BEGIN IMMEDIATE``; the others wait up to
    the busy timeout). Whoever comes next finds the schema at the newest revision and does nothing.
    """
    config = Config()
    config.set_main_option("script_location", str(_MIGRATIONS))
    with engine.begin() as connection:
        backend = connection.dialect.name
        if backend == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        elif backend == "sqlite":
            # The driver opens a transaction only before the first INSERT or UPDATE (Alembic's CREATE
            # TABLE would run outside one); this one, opened by hand, holds the write lock from the start,
            # and the driver commits it with the migrations.
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
