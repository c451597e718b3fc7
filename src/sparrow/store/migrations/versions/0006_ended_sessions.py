"""Sessions that ended are remembered until their cookies could no longer come back, and the server
keeps a secret that signs the guest cookies it hands out (shared by every server process).

Revision ID: 0006
Revises: 0005
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ended_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("ended_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ended_sessions_ended_at", "ended_sessions", ["ended_at"])
    op.create_table(
        "server_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(128), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("server_secrets")
    op.drop_index("ix_ended_sessions_ended_at", "ended_sessions")
    op.drop_table("ended_sessions")
