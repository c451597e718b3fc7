"""Rooms where people play each other: one row a room (its chairs, state and the match's log).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "rooms",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("host_session", sa.String(64), nullable=False),
        sa.Column("rules", sa.String(16), nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("level", sa.String(16), nullable=False),
        sa.Column("turn_seconds", sa.Float, nullable=True),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("chairs", sa.Text, nullable=False),
        sa.Column("status", sa.String(12), nullable=False),
        sa.Column("log", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_rooms_host_session", "rooms", ["host_session"])


def downgrade() -> None:
    op.drop_table("rooms")
