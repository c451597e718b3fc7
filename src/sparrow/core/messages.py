"""Small helpers for error messages about input: quote a value briefly, name the nearest known word.

A message quotes at most :data:`QUOTE_LIMIT` characters of the input (a 10 MB field must not come back
as a 10 MB line), and never fails itself (an int of thousands of digits cannot be printed by Python).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

__all__ = ["QUOTE_LIMIT", "HugeNumber", "quote", "field_name", "nearest", "unknown_name"]

QUOTE_LIMIT = 80


class HugeNumber:
    """A JSON number of more digits than Python converts (4,300): kept as its size, so a message can
    name the field that holds it instead of failing in the JSON reader."""

    __slots__ = ("digits",)
    LIMIT = 4300

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"a number of {self.digits:,} digits"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HugeNumber) and other.digits == self.digits

    def __hash__(self) -> int:
        return hash(("HugeNumber", self.digits))


def quote(value: Any, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)``, cut to ``limit`` characters (ending in ``…``) when longer."""
    if isinstance(value, str) and len(value) > limit:
        head = value[:limit]  # repr of the head only: a 10 MB string is not copied
        text = repr(head)
        while len(text) + 1 > limit:  # escapes make a repr longer than its text
            head = head[: len(head) - (len(text) + 1 - limit)]
            text = repr(head)
        return text[:-1] + "…" + text[-1]  # 'abc…': the quote is closed
    try:
        text = repr(value)
    except ValueError:  # an int of more digits than Python prints
        return "a number of thousands of digits"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def field_name(name: Any) -> str:
    """A field name for a message: as written when it is short and plain, else quoted briefly."""
    if isinstance(name, str) and 0 < len(name) <= 40 and name.isprintable() and " " not in name:
        return name
    return quote(name, 40)


def nearest(name: Any, known: Iterable[str]) -> str | None:
    """The known name closest to ``name`` (a misspelling), or None when none is close."""
    if not isinstance(name, str) or len(name) > 64:
        return None
    lowered = name.lower()
    candidates = sorted(known)
    for candidate in candidates:  # the same letters in another case or with/without underscores
        if candidate.replace("_", "") == lowered.replace("_", "").replace("-", ""):
            return candidate
    found = difflib.get_close_matches(lowered, candidates, n=1, cutoff=0.6)
    return found[0] if found else None


def unknown_name(name: Any, known: Iterable[str], what: str) -> str:
    """``unknown field; did you mean winner?`` or, when nothing is close, the list of known names."""
    names = sorted(known)
    guess = nearest(name, names)
    if guess is not None:
        return f"unknown {what}; did you mean {guess}?"
    return f"unknown {what} (known: {', '.join(names)})"
