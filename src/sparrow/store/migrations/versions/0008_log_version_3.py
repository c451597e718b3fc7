"""The stored game logs in the log's version 3 (docs/spec/game-log.md, "Versions"): every event names
seats by their winds of the hand. Every stored ``hand_start`` says ``"version": 3``; in Riichi's hands
(whose ``hand_start`` gives ``hand``, the dealer's chair + 1) the ``riichi`` event's ``scores``, a list
by chair in version 2, become a mapping by seat wind (E first), and the ``hand_end``'s ``next_dealer``,
a chair in version 2, becomes that chair's seat wind in the hand. Only those lines are written again;
every other line keeps its bytes. The downgrade writes them back as version 2 had them.

The change of a line is written out here, not imported: a migration does what it did when it was
written, whatever the code does later (``sparrow.game.events.upgrade_log`` reads such a log the same
way; tests/test_store_migration.py and tests/test_log_dialect.py check that they agree).

Revision ID: 0008
Revises: 0007
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from sparrow.store.migrations.stored_logs import rewrite_logs

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

WINDS = ("E", "S", "W", "N")

# What one line becomes: given the event and the dealer's chair of its hand (None where the hand's
# dealer sits in no chair: the shared families'), the changed event, or None for no change.
Change = Callable[[dict[str, Any], int | None], dict[str, Any] | None]


def upgrade() -> None:
    rewrite_logs(lambda log: _log(log, _to_version_3))


def downgrade() -> None:
    rewrite_logs(lambda log: _log(log, _to_version_2))


def _chair_of(start: dict[str, Any]) -> int | None:
    number = start.get("hand")
    return number - 1 if isinstance(number, int) and not isinstance(number, bool) and 1 <= number <= 4 else None


def _to_version_3(event: dict[str, Any], chair: int | None) -> dict[str, Any] | None:
    """A line of a log of version 2 in version 3 (None: nothing to change)."""
    kind = event.get("event")
    if kind == "hand_start":
        return _with(event, "version", 3) if event.get("version") == 2 else None
    if chair is None:
        return None
    if kind == "riichi":
        scores = event.get("scores")
        if isinstance(scores, list) and len(scores) == 4:
            return _with(event, "scores", {wind: scores[(chair + index) % 4] for index, wind in enumerate(WINDS)})
    elif kind == "hand_end":
        following = event.get("next_dealer")
        if isinstance(following, int) and not isinstance(following, bool) and 0 <= following < 4:
            return _with(event, "next_dealer", WINDS[(following - chair) % 4])
    return None


def _to_version_2(event: dict[str, Any], chair: int | None) -> dict[str, Any] | None:
    """A line of a log of version 3 as version 2 wrote it (None: nothing to change)."""
    kind = event.get("event")
    if kind == "hand_start":
        return _with(event, "version", 2) if event.get("version") == 3 else None
    if chair is None:
        return None
    if kind == "riichi":
        scores = event.get("scores")
        if isinstance(scores, dict) and set(scores) == set(WINDS):
            return _with(event, "scores", [scores[WINDS[(seat - chair) % 4]] for seat in range(4)])
    elif kind == "hand_end":
        following = event.get("next_dealer")
        if following in WINDS:
            return _with(event, "next_dealer", (WINDS.index(following) + chair) % 4)
    return None


def _with(event: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
    changed = dict(event)  # the same fields in the same order
    changed[key] = value
    return changed


def _log(text: str, change: Change) -> str:
    """A stored log with its lines changed, hand by hand (each ``hand_start`` says which chair deals
    until the next one; a line is written as the store writes every event: compact, not
    ASCII-escaped)."""
    lines = text.split("\n")
    chair: int | None = None
    for index, line in enumerate(lines):
        if not any(f'"{kind}"' in line for kind in ("hand_start", "riichi", "hand_end")):
            continue
        try:
            event = json.loads(line)
        except json.JSONDecodeError:
            continue  # not an event: left as it is, for the reader to refuse
        if not isinstance(event, dict):
            continue
        if event.get("event") == "hand_start":
            # Both versions give the hand's number the same way: the chair is read before the change.
            chair = _chair_of(event) if event.get("version") in (2, 3) else None
        changed = change(event, chair)
        if changed is not None:
            lines[index] = json.dumps(changed, ensure_ascii=False, separators=(",", ":"))
    return "\n".join(lines)
