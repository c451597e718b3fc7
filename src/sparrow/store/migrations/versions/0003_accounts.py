"""Accounts as their owners expect: each session's device (its User-Agent), the devices known to an
account, and failed sign-ins counted by address and username (the old per-username counts go).

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("sessions") as batch:
        batch.add_column(sa.Column("user_agent", sa.String(200), nullable=True))
    op.create_table(
        "devices",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
    )
    op.create_index("ix_devices_user_id", "devices", ["user_id"])
    op.execute(sa.text("DELETE FROM login_failures"))


def downgrade() -> None:
    op.drop_table("devices")
    with op.batch_alter_table("sessions") as batch:
        batch.drop_column("user_agent")
