"""The one parser of every integer option of every command: ASCII digits only (an optional ``-``
first), so ``٣``, ``1_000``, `` 3`` and ``+3`` are refused although Python's ``int`` takes them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import typer

from sparrow.core.messages import quote

__all__ = ["whole_number", "MAX_DIGITS"]

MAX_DIGITS = 40  # of a whole number on the command line


def whole_number(minimum: int | None = None, maximum: int | None = None) -> Callable[[Any], int]:
    """A Typer ``parser`` for an integer option: ASCII digits, ``-`` allowed before them, within the bounds.

    ``typer.Option("--hands", parser=whole_number(minimum=1))``. A bad value is click's ``BadParameter``:
    ``error: Invalid value for '--hands' / '-n': must be a whole number in ASCII digits, got '٣'``."""

    def parse(value: Any) -> int:
        if isinstance(value, int) and not isinstance(value, bool):  # the default, already a number
            return value
        text = str(value)
        digits = text[1:] if text.startswith("-") else text
        if not (digits.isascii() and digits.isdigit()):
            raise typer.BadParameter(f"must be a whole number in ASCII digits, got {quote(text, 40)}")
        if len(digits) > MAX_DIGITS:
            raise typer.BadParameter(f"must be a whole number of at most {MAX_DIGITS} digits, got {len(digits):,}")
        number = int(text)
        if minimum is not None and number < minimum:
            raise typer.BadParameter(f"must be {minimum} or more, got {number}")
        if maximum is not None and number > maximum:
            raise typer.BadParameter(f"must be {maximum} or less, got {number}")
        return number

    return parse
