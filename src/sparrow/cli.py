"""The ``sparrow`` command: a thin shell over the core. Bad input prints one line and exits 2."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from functools import wraps
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.table import Table

from sparrow.analysis import Forms, accepted_tiles, discard_options, shanten, unseen_count
from sparrow.hand import HandError
from sparrow.situation import SituationError
from sparrow.tiles import TileError, format_tiles, parse_tiles, tile_counts

app = typer.Typer(
    name="sparrow",
    help="Sparrow mahjong: analyse hands, score and settle them, and play or simulate games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console()
errors = Console(stderr=True)

F = TypeVar("F", bound=Callable[..., Any])


@app.callback()
def _root() -> None:
    """Sparrow mahjong: analyse hands, score and settle them, and play or simulate games."""


class InputError(Exception):
    """Bad input from the command line: reported in one line, exit code 2."""


def fail(message: str) -> NoReturn:
    errors.print(f"error: {message}", markup=False, highlight=False)
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


def _forms(rules: str | None) -> Forms:
    if rules is None:
        return Forms()
    from sparrow.rules import get_ruleset

    return get_ruleset(rules).forms()


@app.command()
@input_errors
def analyze(
    tiles: Annotated[
        str, typer.Argument(help="The concealed tiles in notation, e.g. 123m456p789s1122z5z (13 or 14 tiles).")
    ],
    melds: Annotated[int, typer.Option("--melds", "-m", min=0, max=4, help="How many sets are already declared.")] = 0,
    visible: Annotated[
        str, typer.Option("--visible", "-v", help="Tiles seen elsewhere (discards, melds) to leave out of the counts.")
    ] = "",
    rules: Annotated[
        str | None, typer.Option("--rules", "-r", help="Use this ruleset's winning forms (e.g. nts, casual).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
) -> None:
    """Shanten number, and per discard the tiles each choice accepts and how many are left.

    A 14-tile hand (13 - 3 per declared set, plus one) lists every discard; a 13-tile hand lists the
    tiles that improve it (its waits when it is ready)."""
    hand = parse_tiles(tiles)
    seen = parse_tiles(visible, as_set=False) if visible else []
    if any(t.is_bonus for t in hand):
        raise InputError(f"flowers and seasons are not part of the hand to analyse: {tiles!r}")
    size = len(hand) + 3 * melds
    if size not in (13, 14):
        raise InputError(
            f"{tiles!r} has {len(hand)} tiles; with {melds} declared set(s) it needs {13 - 3 * melds} or {14 - 3 * melds}"
        )
    counts = tile_counts(hand)
    visible_counts = tile_counts(seen)
    for tile, count in enumerate(counts):
        if count + visible_counts[tile] > 4:
            raise InputError(f"more than four copies of {format_tiles([tile])} between the hand and --visible")
    forms = _forms(rules)
    current = shanten(counts, melds, forms)
    if size == 14:
        options = discard_options(counts, melds, forms, visible_counts)
        if as_json:
            print(
                json.dumps(
                    {"tiles": format_tiles(hand), "shanten": current, "discards": [o.as_dict() for o in options]}
                )
            )
            return
        console.print(f"[bold]{format_tiles(hand)}[/]  shanten {_describe(current)}")
        table = Table("discard", "shanten", "accepted tiles", "count")
        for option in options:
            table.add_row(
                str(option.tile), str(option.shanten), format_tiles(option.accepted) or "-", str(option.unseen)
            )
        console.print(table)
        return
    accepted = accepted_tiles(counts, melds, forms)
    count = unseen_count(accepted, counts, visible_counts)
    if as_json:
        print(
            json.dumps(
                {
                    "tiles": format_tiles(hand),
                    "shanten": current,
                    "accepted": format_tiles(accepted),
                    "accepted_count": count,
                }
            )
        )
        return
    label = "waits" if current == 0 else "accepted tiles"
    console.print(f"[bold]{format_tiles(hand)}[/]  shanten {_describe(current)}")
    console.print(f"{label}: {format_tiles(accepted) or '-'} ({count} left)")


def _describe(value: int) -> str:
    if value == -1:
        return "-1 (complete)"
    if value == 0:
        return "0 (ready)"
    return str(value)


def _register_more_commands() -> None:
    from sparrow import cli_simulate

    cli_simulate.register(app)


_register_more_commands()


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
