"""``sparrow simulate``: registered on the main app by :func:`register` (filled in with the table engine)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the simulate command to ``app``."""
