"""Ratings between people: each signed-in player's rating per family, and what each rated room match
changed (one row per match and player, unique: a match never counts twice).

Revision ID: 0010
Revises: 0009
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ratings",
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("rules", sa.String(16), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("matches", sa.Integer, nullable=False),
        sa.Column("rank_step", sa.Integer, nullable=True),
        sa.Column("rank_points", sa.Integer, nullable=True),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_ratings_rules", "ratings", ["rules"])
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), nullable=False),
        sa.Column("user_id", sa.Integer, sa.ForeignKey("users.id", ondelete="CASCADE"), nullable=False),
        sa.Column("rules", sa.String(16), nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("seats", sa.Integer, nullable=False),
        sa.Column("had_left", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=False),
        sa.Column("sigma_before", sa.Float, nullable=False),
        sa.Column("mu_after", sa.Float, nullable=False),
        sa.Column("sigma_after", sa.Float, nullable=False),
        sa.Column("rank_step_before", sa.Integer, nullable=True),
        sa.Column("rank_points_before", sa.Integer, nullable=True),
        sa.Column("rank_step_after", sa.Integer, nullable=True),
        sa.Column("rank_points_after", sa.Integer, nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.UniqueConstraint("match_id", "user_id", name="uq_rating_changes_match_user"),
    )
    op.create_index("ix_rating_changes_user", "rating_changes", ["user_id", "rules", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_user", "rating_changes")
    op.drop_table("rating_changes")
    op.drop_index("ix_ratings_rules", "ratings")
    op.drop_table("ratings")
