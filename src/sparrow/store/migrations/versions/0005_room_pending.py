"""Rooms keep the decisions taken in an open claim window (they are in the log only once it closes).

Revision ID: 0005
Revises: 0004
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.add_column(sa.Column("pending", sa.Text, nullable=False, server_default="[]"))


def downgrade() -> None:
    with op.batch_alter_table("rooms") as batch:
        batch.drop_column("pending")
