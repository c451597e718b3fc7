"""Reading a stored log back: the events of a hand (a game's) or of a match (a room's).

A family played by the shared engine writes the game-log contract, which :func:`loads` checks on
reading. A family with a table of its own (``TableRules.engine``, Riichi's today) writes its own
events, which the contract does not describe: those are read as plain JSON lines and checked where
they are used, by replaying them (the table rebuilt from a log must write the very same events).
The registry says which is which, so the store never asks for a family by name.

Every log is read in the version of the log the tables write (``docs/spec/game-log.md``,
"Versions"): the migration 0007 rewrote the stored logs of version 1, and any log of version 1 met
since is upgraded as it is read.
"""

from __future__ import annotations

import json
from typing import Any

from sparrow.game.events import loads, upgrade_log
from sparrow.rules import RulesError, get_ruleset

__all__ = ["events_of", "hand_events"]


def _shared_engine(rules: object) -> bool:
    if not isinstance(rules, str):
        return True  # not a family's log at all: the contract's reader names what is wrong
    try:
        return get_ruleset(rules).table().engine == "shared"
    except RulesError:
        return True


def events_of(text: str, rules: str) -> list[dict[str, Any]]:
    """The events of a log written by a table of ``rules``."""
    if _shared_engine(rules):
        return upgrade_log(loads(text))
    return upgrade_log([json.loads(line) for line in text.splitlines() if line.strip()])


def hand_events(text: str) -> list[dict[str, Any]]:
    """The events of a stored hand, whose first event (``hand_start``) names its family."""
    first, _, _ = text.partition("\n")
    try:
        start = json.loads(first) if first.strip() else {}
    except json.JSONDecodeError:
        start = {}
    rules = start.get("rules") if isinstance(start, dict) else None
    return events_of(text, rules) if isinstance(rules, str) else upgrade_log(loads(text))
