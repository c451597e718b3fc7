"""``N_``: marks a text for the message catalogue without translating it (gettext's usual name)."""

from __future__ import annotations

__all__ = ["N_"]


def N_(text: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """``text`` itself; message extraction collects every literal passed to it."""
    return text
