"""The stored game logs in the log's version 2 (docs/spec/game-log.md, "Versions"): every stored
``hand_start`` (a game's hands, a room's match) says ``"version": 2``, and Riichi's gives its dealer as
the seat wind ``"E"`` with ``hand``, the hand's number in its round (the dealer's chair + 1), and its
scores by seat wind, where version 1 gave the dealer's chair (0-3) and the scores as a list by chair.
Only the ``hand_start`` lines are written again; every other line keeps its bytes. The downgrade
writes them back as version 1 had them.

The change of a line is written out here, not imported: a migration does what it did when it was
written, whatever the code does later (``sparrow.game.events.upgrade_event`` reads such a log the
same way; tests/test_store_migration.py checks that they agree).

Revision ID: 0007
Revises: 0006
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sparrow.store.migrations.stored_logs import rewrite_logs

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None

WINDS = ("E", "S", "W", "N")


def upgrade() -> None:
    rewrite_logs(lambda log: _log(log, _to_version_2))


def downgrade() -> None:
    rewrite_logs(lambda log: _log(log, _to_version_1))


def _to_version_2(event: dict[str, Any]) -> dict[str, Any] | None:
    """A ``hand_start`` of version 1 in version 2 (None: it is not one, nothing to change)."""
    if event.get("version", 1) != 1:
        return None
    dealer = event.get("dealer")
    chair = dealer if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < 4 else None
    upgraded: dict[str, Any] = {}
    for key, value in event.items():
        if key == "version":
            continue
        if key == "dealer" and chair is not None:
            upgraded["dealer"] = "E"
            upgraded["hand"] = chair + 1
        elif key == "scores" and chair is not None and isinstance(value, list) and len(value) == 4:
            upgraded["scores"] = {wind: value[(chair + index) % 4] for index, wind in enumerate(WINDS)}
        else:
            upgraded[key] = value
        if key == "event":
            upgraded["version"] = 2
    return upgraded


def _to_version_1(event: dict[str, Any]) -> dict[str, Any] | None:
    """A ``hand_start`` of version 2 as version 1 wrote it (None: it is not one)."""
    if event.get("version") != 2:
        return None
    number = event.get("hand")
    chair = number - 1 if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= 4 else None
    old: dict[str, Any] = {}
    for key, value in event.items():
        if key == "version" or (key == "hand" and chair is not None):
            continue
        if key == "dealer" and chair is not None:
            old["dealer"] = chair
        elif key == "scores" and chair is not None and isinstance(value, dict) and set(value) == set(WINDS):
            old["scores"] = [value[WINDS[(seat - chair) % 4]] for seat in range(4)]
        else:
            old[key] = value
    return old


def _line(text: str, change: Callable[[dict[str, Any]], dict[str, Any] | None]) -> str:
    """One line of a stored log, changed if it is a ``hand_start`` that ``change`` changes (written
    as the store writes every event: compact, not ASCII-escaped)."""
    if '"hand_start"' not in text:
        return text
    try:
        event = json.loads(text)
    except json.JSONDecodeError:
        return text  # not an event: left as it is, for the reader to refuse
    if not isinstance(event, dict) or event.get("event") != "hand_start":
        return text
    changed = change(event)
    if changed is None:
        return text
    return json.dumps(changed, ensure_ascii=False, separators=(",", ":"))


def _log(text: str, change: Callable[[dict[str, Any]], dict[str, Any] | None]) -> str:
    return "\n".join(_line(line, change) for line in text.split("\n"))
