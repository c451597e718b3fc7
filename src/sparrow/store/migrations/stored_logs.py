"""What the data migrations of the stored game logs share: every stored log (a game's hands, one row a
hand, and a room's match, one row a room) read a page at a time and written back where it changed.

Each migration keeps its own change of a log (it must do what it did when it was written, whatever
the code does later); how the rows are walked does not change a log, so it is written once here."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

__all__ = ["rewrite_logs"]

BATCH = 200  # rows read and written at a time

_game_hands = sa.table(
    "game_hands", sa.column("game_id", sa.String), sa.column("number", sa.Integer), sa.column("log", sa.Text)
)
_rooms = sa.table("rooms", sa.column("id", sa.String), sa.column("log", sa.Text))


def _pages(connection: sa.Connection, table: Any, keys: tuple[str, ...]) -> Iterator[Sequence[Any]]:
    """The rows of ``table`` (its keys and log), ``BATCH`` at a time in the order of ``keys``: each
    page starts after the last row of the one before, so rows written meanwhile are not read twice."""
    columns = [table.c[name] for name in keys]
    last: tuple[Any, ...] | None = None
    while True:
        query = sa.select(*columns, table.c.log).order_by(*columns).limit(BATCH)
        if last is not None:
            if len(columns) == 1:
                query = query.where(columns[0] > last[0])
            else:
                query = query.where(sa.or_(columns[0] > last[0], sa.and_(columns[0] == last[0], columns[1] > last[1])))
        rows = connection.execute(query).all()
        if not rows:
            return
        yield rows
        last = tuple(rows[-1][: len(keys)])


def rewrite_logs(change: Callable[[str], str]) -> None:
    """Every stored log through ``change`` (a log's text to its new text), written back if it changed."""
    connection = op.get_bind()
    for table, keys in ((_game_hands, ("game_id", "number")), (_rooms, ("id",))):
        for rows in _pages(connection, table, keys):
            for row in rows:
                log = change(row.log)
                if log != row.log:
                    where = [table.c[name] == getattr(row, name) for name in keys]
                    connection.execute(sa.update(table).where(*where).values(log=log))
