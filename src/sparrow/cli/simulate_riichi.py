"""``sparrow simulate --rules riichi``: whole Riichi matches with players in every seat
(:mod:`sparrow.play.riichi_lab`), measured per player by the match's own figures: the result with uma
and oka, the average place and points, and per hand the win, deal-in and riichi rates.

``--hands N`` counts matches here (hanchan, or East-only games with ``-o length=tonpuu``): Riichi
players are ranked on whole games, not single hands.
"""

from __future__ import annotations

import json
import math
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

__all__ = ["simulate_riichi"]


def _fail(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


def _signed(value: float, interval: float | None = None) -> str:
    text = f"{value:+.1f}"
    if interval is not None and math.isfinite(interval):
        text += f" ± {interval:.1f}"
    return text


def simulate_riichi(
    players: str,
    matches: int,
    seed: int,
    workers: int,
    duplicate: bool,
    options: dict[str, Any],
    as_json: bool,
    log: Path | None,
    ray: str | None,
) -> None:
    from sparrow.play.riichi_lab import check_players, run_lab
    from sparrow.rules import RulesError
    from sparrow.rules.riichi.family import match_of

    try:
        if log is not None:
            raise ValueError("--log is not written for riichi yet: use sparrow play or the Python API for game logs")
        if ray is not None:
            raise ValueError("--ray does not play riichi yet: use --workers")
        names = check_players(players.split(","))
        match = match_of(options)
        if duplicate and matches % 4:
            raise ValueError(f"--duplicate plays boards of four matches: give --hands a multiple of 4, got {matches}")
    except (RulesError, ValueError) as error:
        raise _fail(str(error)) from None
    console = Console(stderr=as_json)
    started = time.perf_counter()
    try:
        with Progress(
            TextColumn("[bold]riichi[/]"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(match.length),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=console,
            transient=True,
        ) as progress:
            task = progress.add_task("simulate", total=matches)
            result = run_lab(
                names,
                matches,
                seed,
                options=match.to_dict(),
                duplicate=duplicate,
                workers=workers,
                progress=lambda record: progress.advance(task),
            )
    except (RulesError, ValueError) as error:
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        raise typer.Exit(130) from None
    elapsed = time.perf_counter() - started
    if as_json:
        data = result.to_dict()
        data["workers"] = workers
        data["elapsed_seconds"] = round(elapsed, 3)
        print(json.dumps(data))
        return
    what = f"{result.matches} {match.length}" + (" in duplicate" if duplicate else "")
    table = Table(title=f"riichi: {what}, {result.hands} hands, seed {seed}")
    for column in ("player", "result (95%)", "place", "points", "top", "last", "win", "deal-in", "riichi"):
        table.add_column(column, justify="left" if column == "player" else "right")
    for figures in result.players:
        table.add_row(
            figures.player,
            _signed(figures.result, figures.result_interval),
            f"{figures.place:.2f}",
            f"{figures.points:,.0f}",
            f"{figures.top_rate:.0%}",
            f"{figures.last_rate:.0%}",
            f"{figures.win_rate:.1%}",
            f"{figures.deal_in_rate:.1%}",
            f"{figures.riichi_rate:.1%}",
        )
    console.print(table)
    for figures in result.players:
        if figures.faults:
            console.print(
                f"{figures.player}: {figures.faults} answers refused or missing (a built-in player took them)"
            )
    console.print(
        "result: points less the return, in thousands, with uma and oka, per match; win, deal-in and riichi"
        f" per hand. {elapsed:.1f} s on {workers} worker{'s' if workers != 1 else ''}.",
        highlight=False,
    )
