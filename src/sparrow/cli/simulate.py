"""``sparrow simulate``: the simulation lab on the command line (:mod:`sparrow.play.lab`), every
family's.

Computer players play hands of a ruleset on every core, with a progress bar, and the command prints
per player the win rate, deal-in rate, self-draw share, average winning score and net score per hand,
each rate with its 95% confidence interval, and the drawn-hand rate. Registered on the main app by
:func:`register`. Bad input prints one ``error: ...`` line on stderr and exits with code 2. A second
table gives each player minus the mean of the others, paired hand by hand (board by board with
``--duplicate``). ``--log`` is written hand by hand as the run goes; Ctrl-C keeps it (exit code 130).

A family the lab measures on whole games (:func:`sparrow.play.lab.whole_games`: Riichi) plays
``--hands N`` whole matches, and its table shows each player's result with uma and oka (with its
interval), its average place and riichi rate beside the figures per hand; its ``--json`` gives the
figures per match.
"""

from __future__ import annotations

import json
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from sparrow.cli.options import whole_number
from sparrow.cli.text import counted

__all__ = ["register", "parse_options"]


def _fail(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)  # one line, never wrapped
    return typer.Exit(2)


def parse_options(items: list[str]) -> dict[str, Any]:
    """``name=value`` pairs, each value read as by every command (``sparrow.formats.compact.parse_option``):
    ``true``/``false``, a whole number, else text. Raises ``CompactError`` (a ``ValueError``)."""
    from sparrow.formats.compact import parse_option

    return dict(parse_option(item) for item in items)


def register(app: typer.Typer) -> None:
    """Add the simulate command to ``app``."""

    @app.command()
    def simulate(
        rules: Annotated[str, typer.Option("--rules", "-r", help="Ruleset: nts, hkos, chinese, casual or riichi.")],
        players: Annotated[
            str,
            typer.Option(
                "--players",
                "-p",
                metavar="KINDS",
                help="The players, in seat order: easy, normal or expert (the bots), simple or random,"
                " 'cmd:PROGRAM ARGS' (an outside bot over docs/protocol.md) or module:Class (a Python agent);"
                " comma-separated (expert,normal,normal,normal) or one kind for every seat.",
            ),
        ] = "normal",
        hands: Annotated[
            int,
            typer.Option(
                "--hands",
                "-n",
                metavar="N",
                parser=whole_number(minimum=1),
                help="How many hands to play, exactly (as matches; with --duplicate a multiple of the seats)."
                " Riichi: how many whole matches (hanchan).",
            ),
        ] = 100,
        seed: Annotated[
            int,
            typer.Option(
                "--seed", "-s", metavar="S", parser=whole_number(), help="Seed: the same seed plays the same hands."
            ),
        ] = 0,
        workers: Annotated[
            int | None,
            typer.Option(
                "--workers",
                "-w",
                metavar="K",
                parser=whole_number(minimum=1),
                help="Processes to play on (default: every core). The result is the same for any K."
                " With --ray: tasks in play at once (default: the cluster's CPUs).",
            ),
        ] = None,
        ray: Annotated[
            str | None,
            typer.Option(
                "--ray",
                metavar="[ADDRESS]",
                help="Play the hands on Ray: alone, a Ray started on this machine for the run; or the"
                " address of a running cluster (auto, HOST:6379, ray://HOST:10001). The same hands, log"
                # "\\[" is a bracket: Rich, which draws the help, would take "[ray]" for markup and drop it.
                " and result as a local run. Needs the ray package (pip install 'sparrow-mahjong\\[ray]').",
            ),
        ] = None,
        duplicate: Annotated[
            bool,
            typer.Option(
                "--duplicate",
                help="Play every deal once per rotation of the players (luck of the deal cancels out);"
                " intervals are then over boards.",
            ),
        ] = False,
        log: Annotated[
            Path | None, typer.Option("--log", help="Write the game log of every hand to this file (JSON Lines).")
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="A ruleset option as name=value (repeatable), e.g. practice=true: true/false, a whole"
                " number, else text.",
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the result as one JSON object.")] = False,
    ) -> None:
        """Play hands with computer players in every seat (four, or three with hkos -o three_players=true)
        and measure them: per player the win rate, deal-in rate, self-draw share, average winning score
        and net score per hand, with 95% confidence intervals, and the drawn-hand rate. Seats rotate
        every match."""
        import os
        import time

        from sparrow.play.executors import LabClusterError, check_cluster, ray_executor
        from sparrow.play.lab import LabError, check_hands, dealt_options, parse_players, run_lab, whole_games
        from sparrow.rules import RulesError, get_ruleset

        hand_count, seed_value = hands, seed
        worker_count = workers if workers is not None else os.cpu_count() or 1
        executor = ray_executor(ray, workers) if ray is not None else None
        try:
            given = parse_options(option or [])
            seats = get_ruleset(rules).table(given).seats  # unknown ruleset or option: said before anything starts
            options = dealt_options(rules, given)  # a preset's every option: the result names them all
            kinds = parse_players(players, seats)
            unit = "matches" if whole_games(rules) else "hands"
            check_hands(hand_count, seats, duplicate, unit)  # before the log file is opened
            if ray is not None:
                check_cluster(ray)
        except (RulesError, LabError, LabClusterError, ValueError) as error:
            raise _fail(str(error)) from None
        stream: IO[str] | None = None
        if log is not None:
            try:
                stream = log.open("w", encoding="utf-8")
            except OSError as error:
                raise _fail(f"cannot write the log {str(log)!r}: {error.strerror}") from None
        console = Console(stderr=as_json)
        started = time.perf_counter()
        written = 0

        def write_hand(events: tuple[dict[str, Any], ...]) -> None:
            # Each hand as it joins the result, flushed: an interrupted run keeps every hand written.
            nonlocal written
            assert stream is not None
            stream.write("".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n" for e in events))
            stream.flush()
            written += 1

        try:
            with Progress(
                TextColumn(f"[bold]{rules}[/]"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn(unit),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            ) as progress:
                task = progress.add_task("simulate", total=hand_count)
                result = run_lab(
                    rules,
                    kinds,
                    hand_count,
                    seed_value,
                    workers=worker_count,
                    duplicate=duplicate,
                    options=options,
                    on_progress=lambda done: progress.advance(task, done),
                    on_log=write_hand if stream is not None else None,
                    executor=executor,
                )
        except (RulesError, LabError, LabClusterError, ValueError) as error:
            raise _fail(str(error)) from None
        except KeyboardInterrupt:
            kept = f": the log {str(log)!r} keeps the {counted(written, 'hand')} played" if log is not None else ""
            print(f"interrupted{kept}", file=sys.stderr)
            raise typer.Exit(130) from None
        finally:
            if stream is not None:
                stream.close()
        if as_json:
            data = result.to_dict()
            data["workers"] = worker_count
            if ray is not None:
                data["ray"] = ray
            data["elapsed_seconds"] = round(result.elapsed, 3)
            print(json.dumps(data))
            return
        where = f"Ray ({ray})" if ray is not None else counted(worker_count, "worker")
        _print_result(Console(), result, log, time.perf_counter() - started, where, given)


def _plus_minus(value: float, interval: tuple[float, float], scale: float, sign: bool = False) -> str:
    shown = f"{value * scale:+.1f}" if sign else f"{value * scale:.1f}"
    half = (interval[1] - interval[0]) / 2 * scale
    if not math.isfinite(half):
        return f"{shown} ±?"  # one unit: no interval
    return f"{shown} ±{half:.1f}"


def _columns(whole_games: bool) -> list[tuple[str, Callable[[Any], str]]]:
    """The table's columns: (header, a player's cell). A run of whole games shows each player's result
    with uma and oka, place and riichi rate (Riichi's figures) before its figures per hand."""
    per_game: list[tuple[str, Callable[[Any], str]]] = [
        ("result", lambda stats: _plus_minus(stats.games.result, stats.games.result_ci, 1, sign=True)),
        ("place", lambda stats: f"{stats.games.place:.2f}"),
    ]
    per_hand: list[tuple[str, Callable[[Any], str]]] = [
        ("win %", lambda stats: _plus_minus(stats.win_rate, stats.win_rate_ci, 100)),
        ("deal-in %", lambda stats: _plus_minus(stats.deal_in_rate, stats.deal_in_rate_ci, 100)),
    ]
    if whole_games:
        per_hand.append(("riichi %", lambda stats: f"{stats.riichi_rate * 100:.1f}"))
        per_hand.append(("calls %", lambda stats: f"{stats.call_rate * 100:.1f}"))
    else:
        per_hand += [
            ("self-drawn", lambda stats: f"{stats.self_draw_share:.0%}"),
            ("average win", lambda stats: f"{stats.average_win:.1f}"),
        ]
    per_hand.append(("net per hand", lambda stats: _plus_minus(stats.net_per_hand, stats.net_per_hand_ci, 1)))
    return [*(per_game if whole_games else []), *per_hand]


def _print_result(
    console: Console, result: Any, log: Path | None, elapsed: float, where: str, given: dict[str, Any]
) -> None:
    """The run as tables. ``given``: the options as the command was given them (a family with presets
    plays by many more, which ``--json`` lists)."""
    options = ", ".join(f"{k}={v}" for k, v in given.items())
    mode = ", duplicate" if result.duplicate else ""
    played = f"{counted(len(result.games), 'match', 'matches')}, " if result.whole_games else ""
    title = f"{result.rules}{f' ({options})' if options else ''}: {played}{counted(result.hands, 'hand')}{mode}"
    table = Table(title=title, show_header=True)
    table.add_column("player")
    columns = _columns(result.whole_games)
    for header, _ in columns:
        table.add_column(header, justify="right")
    for stats in result.stats:
        table.add_row(f"{stats.player} {stats.level}", *(cell(stats) for _, cell in columns))
    console.print(table)
    unit = result.interval_unit
    paired = Table(show_header=True)
    paired.add_column("player")
    paired.add_column("win %", justify="right")
    paired.add_column("deal-in %", justify="right")
    paired.add_column("net per hand", justify="right")
    for stats in result.stats:
        if not stats.vs_others:
            continue
        cells = []
        for measure, scale in (("win_rate", 100), ("deal_in_rate", 100), ("net_per_hand", 1)):
            difference, low, high = stats.vs_others[measure]
            cells.append(_plus_minus(difference, (low, high), scale, sign=True))
        paired.add_row(f"{stats.player} {stats.level}", *cells)
    console.print(f"each player minus the mean of the others, paired {unit} by {unit}:", highlight=False)
    console.print(paired)
    # A duplicate run of hands counts its boards; a run of whole games every match it played.
    boards = result.duplicate and not result.whole_games
    console.print(
        f"drawn hands {result.drawn_rate:.1%}"
        f" · {counted(result.matches, 'board') if boards else counted(result.matches, 'match', 'matches')}"
        f" · {result.average_turns:.1f} turns a hand"
        f" · {result.claims_per_hand:.2f} claims a hand",
        highlight=False,
    )
    if result.whole_games:
        console.print(
            "result: final points less the return, in thousands, with uma and oka, per match; place: the"
            " average, 1 the top; riichi %: hands in which the player's riichi stood;"
            " calls %: hands in which it claimed a set",
            highlight=False,
        )
    units = counted(len(result.units), unit, "matches" if unit == "match" else None)
    console.print(
        f"± is half the width of the 95% confidence interval, Student's t over {units} (--json gives both ends)",
        highlight=False,
    )
    console.print(
        f"time {elapsed:.1f} s on {where}, {result.hands / elapsed:,.0f} hands/s",
        highlight=False,
    )
    for stats in result.stats:
        if stats.fallbacks:  # an outside seat that answered wrong, late or not at all
            console.print(
                f"player {stats.player} ({stats.level}): {counted(stats.fallbacks, 'decision')} taken by the"
                " built-in bot (the warnings above say why)",
                highlight=False,
            )
    if log is not None:
        console.print(f"game log: {log}")
