"""Alembic's entry point: run the migrations on the connection that ``sparrow.store.database`` hands in."""

from __future__ import annotations

from alembic import context

from sparrow.store.tables import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
