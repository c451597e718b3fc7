"""``sparrow settle``: what each seat gains or loses for finished hands (JSON or JSON Lines)."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.table import Table

from sparrow.cli.batch import run_batch
from sparrow.cli.common import console, input_errors
from sparrow.core.tiles import SEATS
from sparrow.formats.contract import settle_input as _settle_one

__all__ = ["register", "settle"]


_WON_HOW = {
    "discard": "on {discarder}'s discard",
    "robbing_kong": "by robbing {discarder}'s kong",
    "self_draw": "by self-draw",
    "kong_replacement": "on a kong replacement tile",
    "flower_replacement": "on a flower replacement tile",
}


def _show_settlement(data: Any, payments: dict[str, int]) -> None:
    winner = data.get("winner")
    if winner is None:
        heading = f"{data['rules']}: drawn hand"
    else:
        how = _WON_HOW.get(data.get("win_by"), "").format(discarder=data.get("discarder"))
        heading = f"{data['rules']}: {winner} wins {how}"
    console.print(heading, style="bold", soft_wrap=True, highlight=False, markup=False)
    table = Table()
    table.add_column("seat")
    table.add_column("hand total", justify="right")
    table.add_column("payment", justify="right")
    scores = data.get("scores") or {}
    dead = set(data.get("dead") or ())
    for seat in SEATS:
        amount = payments[seat]
        style = "green" if amount > 0 else "red" if amount < 0 else ""
        label = seat + (" (winner)" if seat == winner else " (dead hand)" if seat in dead else "")
        total = str(scores[seat]) if seat in scores else "-"
        table.add_row(label, total, f"[{style}]{amount:+d}[/]" if style else "0")
    console.print(table)


@input_errors
def settle(
    file: Annotated[
        str | None, typer.Argument(help="A JSON settlement, or JSON Lines of them; '-' or none: standard input.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON result a line, in input order.")] = False,
) -> None:
    """Settle finished hands: what each seat gains or loses (sums to zero).

    Reads one JSON object or JSON Lines from FILE or standard input:

        {"rules": "nts", "winner": "S", "win_by": "discard",
         "discarder": "W", "scores": {"E": 40, "S": 136, "W": 8, "N": 0}}

    (winner null for a drawn hand). With --json, prints
    {"payments": {"E": ..., "S": ..., "W": ..., "N": ...}} a line.
    Exit code 0 with a result, 2 on malformed input."""
    run_batch(file, _settle_one, lambda payments: {"payments": payments}, _show_settlement, as_json)


def register(app: typer.Typer) -> None:
    """Add the settle command to ``app``."""
    app.command()(settle)
