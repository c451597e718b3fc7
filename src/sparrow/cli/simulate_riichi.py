"""``sparrow simulate --rules riichi``: whole Riichi matches with players in every seat
(:mod:`sparrow.play.riichi_lab`), measured per player by the match's own figures: the result with uma
and oka, the average place and points, and per hand the win, deal-in and riichi rates.

``--hands N`` counts matches here (hanchan, or East-only games with ``-o length=tonpuu``): Riichi
players are ranked on whole games, not single hands. ``--log`` writes every hand of every match, match
after match (each hand's ``hand_start`` names its match seed), as the run goes; ``--ray`` plays the
matches on Ray, with the same result as a local run. ``--json`` prints the shape of the other
families' result (``version``, ``seeds``, intervals as both ends, ``null`` where there is none).
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
    *,
    ray_workers: int | None = None,
) -> None:
    from sparrow.game.events import write_jsonl
    from sparrow.play.executors import LabClusterError, check_cluster, ray_executor
    from sparrow.play.riichi_lab import MatchRecord, check_players, run_lab
    from sparrow.rules import RulesError
    from sparrow.rules.riichi.family import match_of

    try:
        names = check_players(players.split(","))
        match = match_of(options)
        if duplicate and matches % 4:
            raise ValueError(f"--duplicate plays boards of four matches: give --hands a multiple of 4, got {matches}")
        if ray is not None:
            check_cluster(ray)
    except (RulesError, ValueError, LabClusterError) as error:
        raise _fail(str(error)) from None
    stream = None
    if log is not None:
        try:
            stream = log.open("w", encoding="utf-8")
        except OSError as error:
            raise _fail(f"cannot write the log {str(log)!r}: {error.strerror}") from None
    written = 0
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

            def played(record: MatchRecord) -> None:
                nonlocal written
                if stream is not None:  # written as the run goes: an interrupted run keeps what it played
                    write_jsonl(record.log, stream)
                    stream.flush()
                    written += 1
                progress.advance(task)

            result = run_lab(
                names,
                matches,
                seed,
                options=match.to_dict(),
                duplicate=duplicate,
                workers=workers,
                progress=played,
                keep_logs=stream is not None,
                executor=ray_executor(ray, ray_workers) if ray is not None else None,
            )
    except (RulesError, ValueError, LabClusterError) as error:
        raise _fail(str(error)) from None
    except KeyboardInterrupt:
        kept = f": the log {str(log)!r} keeps the {written} matches played" if log is not None else ""
        print(f"interrupted{kept}", file=sys.stderr)
        raise typer.Exit(130) from None
    finally:
        if stream is not None:
            stream.close()
    elapsed = time.perf_counter() - started
    if as_json:
        data = result.to_dict()
        data["workers"] = workers
        if ray is not None:
            data["ray"] = ray
        data["elapsed_seconds"] = round(elapsed, 3)
        print(json.dumps(data))
        return
    where = f"Ray ({ray})" if ray is not None else f"{workers} worker{'s' if workers != 1 else ''}"
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
        if figures.fallbacks:  # an outside bot that answered wrong, late or not at all
            decisions = f"{figures.fallbacks} decision{'s' if figures.fallbacks != 1 else ''}"
            console.print(
                f"{figures.player}: {decisions} taken by the built-in player (the warnings above say why)",
                highlight=False,
            )
    console.print(
        "result: points less the return, in thousands, with uma and oka, per match; win, deal-in and riichi"
        f" per hand. {elapsed:.1f} s on {where}.",
        highlight=False,
    )
    if log is not None:
        console.print(f"game log: {log}")
