"""What every command shares: the consoles, and bad input as one line on stderr with exit code 2."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, NoReturn, TypeVar

import typer
from rich.console import Console

from sparrow.core.hand import HandError
from sparrow.core.situation import SituationError
from sparrow.core.tiles import TileError

__all__ = ["console", "errors", "InputError", "fail", "input_errors"]

console = Console()
errors = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


class InputError(Exception):
    """Bad input from the command line: reported in one line, exit code 2."""


def fail(message: str) -> NoReturn:
    errors.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
    raise typer.Exit(2)


def input_errors(function: F) -> F:
    """Turn every input error of the core into one line on stderr and exit code 2."""

    @wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return function(*args, **kwargs)
        except (InputError, TileError, HandError, SituationError, ValueError) as error:
            fail(str(error))

    return wrapper  # type: ignore[return-value]
