"""Rooms saved by a server before Riichi played in the one room may hold the decisions of an open
claim window in Riichi's own form (``{"seat": 2, "action": "pass"}``: the chair as a number, the
calls named ``ron``/``pon``/``chi`` with ``tiles``), which the one room's table cannot read. Their
``pending`` is cleared: the table is built from the log alone, the bots answer again as they did and a
person is asked again. Every other room keeps its ``pending`` byte for byte. The downgrade changes
nothing (the decisions cleared are asked again; they are not kept anywhere).

The test of a line is written out here, not imported: a migration does what it did when it was
written, whatever the code does later (tests/test_store_migration_0009.py).

Revision ID: 0009
Revises: 0008
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None

BATCH = 200  # rows read at a time

_rooms = sa.table("rooms", sa.column("id", sa.String), sa.column("pending", sa.Text))


def _of_old_riichi(text: str) -> bool:
    """Whether a room's stored ``pending`` holds a decision naming its seat by a number (Riichi's chair)."""
    try:
        pending: Any = json.loads(text)
    except (TypeError, ValueError):
        return False  # not ours to mend: left as it is, for the reader to refuse
    return isinstance(pending, list) and any(
        isinstance(action, dict) and isinstance(action.get("seat"), int) and not isinstance(action.get("seat"), bool)
        for action in pending
    )


def upgrade() -> None:
    connection = op.get_bind()
    last: str | None = None
    while True:
        query = sa.select(_rooms.c.id, _rooms.c.pending).where(_rooms.c.pending != "[]").order_by(_rooms.c.id)
        if last is not None:
            query = query.where(_rooms.c.id > last)
        rows = connection.execute(query.limit(BATCH)).all()
        if not rows:
            return
        for row in rows:
            if _of_old_riichi(row.pending):
                connection.execute(sa.update(_rooms).where(_rooms.c.id == row.id).values(pending="[]"))
        last = rows[-1].id


def downgrade() -> None:
    pass  # the decisions cleared are not kept: nothing to give back
