"""``sparrow simulate``: computer players play hands of a ruleset, with a progress bar and a summary.

Registered on the main app by :func:`register`. Bad input prints one ``error: ...`` line on stderr and
exits with code 2.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import IO, Annotated, Any

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

__all__ = ["register", "parse_options"]


def _fail(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)  # one line, never wrapped
    return typer.Exit(2)


def _whole_number(name: str, text: str, minimum: int | None = None) -> int:
    try:
        value = int(text)
    except ValueError:
        raise _fail(f"{name} must be a whole number, got {text!r}") from None
    if minimum is not None and value < minimum:
        raise _fail(f"{name} must be {minimum} or more, got {value}")
    return value


def parse_options(items: list[str]) -> dict[str, Any]:
    """``name=value`` pairs, each value read as by every command (``sparrow.compact.parse_option``):
    ``true``/``false``, a whole number, else text. Raises ``CompactError`` (a ``ValueError``)."""
    from sparrow.compact import parse_option

    return dict(parse_option(item) for item in items)


def register(app: typer.Typer) -> None:
    """Add the simulate command to ``app``."""

    @app.command()
    def simulate(
        rules: Annotated[str, typer.Option("--rules", "-r", help="Ruleset: nts, hkos, chinese or casual.")],
        hands: Annotated[
            str, typer.Option("--hands", "-n", metavar="N", help="How many hands to play (as matches).")
        ] = "100",
        seed: Annotated[
            str, typer.Option("--seed", "-s", metavar="S", help="Seed: the same seed plays the same hands.")
        ] = "0",
        log: Annotated[
            Path | None, typer.Option("--log", help="Write the game log of every hand to this file (JSON Lines).")
        ] = None,
        players: Annotated[
            str,
            typer.Option(
                "--players",
                "-p",
                help="simple (seeded policy), random (uniformly random legal) or random-observing (random, asking for an observation each decision).",
            ),
        ] = "simple",
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option",
                "-o",
                help="A ruleset option as name=value (repeatable), e.g. practice=true: true/false, a whole"
                " number, else text.",
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print the summary as one JSON object.")] = False,
    ) -> None:
        """Play hands with computer players in every seat (four, or three with hkos -o three_players=true)
        and print a summary: wins by seat, self-draw share, drawn hands, claims and kongs made, average
        hand length and average winning score."""
        from sparrow.game.procedures import procedure
        from sparrow.rules import RulesError
        from sparrow.sim import PLAYER_KINDS
        from sparrow.sim import simulate as run

        hand_count = _whole_number("--hands", hands, minimum=1)
        seed_value = _whole_number("--seed", seed)
        try:
            options = parse_options(option or [])
            procedure(rules, options)  # unknown ruleset or option: said before anything starts
        except (RulesError, ValueError) as error:
            raise _fail(str(error)) from None
        if players not in PLAYER_KINDS:
            raise _fail(f"unknown players {players!r} (expected one of {', '.join(PLAYER_KINDS)})")
        stream: IO[str] | None = None
        if log is not None:
            try:
                stream = log.open("w", encoding="utf-8")
            except OSError as error:
                raise _fail(f"cannot write the log {str(log)!r}: {error.strerror}") from None
        console = Console(stderr=as_json)
        try:
            with Progress(
                TextColumn(f"[bold]{rules}[/]"),
                BarColumn(),
                MofNCompleteColumn(),
                TextColumn("hands"),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            ) as progress:
                task = progress.add_task("simulate", total=hand_count)

                def on_hand(events: list[dict[str, Any]]) -> None:
                    if stream is not None:
                        for event in events:
                            stream.write(json.dumps(event, ensure_ascii=False, separators=(",", ":")))
                            stream.write("\n")
                    progress.advance(task)

                summary = run(rules, hand_count, seed_value, players=players, options=options, on_hand=on_hand)
        except (RulesError, ValueError) as error:
            raise _fail(str(error)) from None
        finally:
            if stream is not None:
                stream.close()
        if as_json:
            print(json.dumps(summary.to_dict()))
            return
        _print_summary(Console(), summary, log)


def _print_summary(console: Console, summary: Any, log: Path | None) -> None:
    options = ", ".join(f"{k}={v}" for k, v in summary.options.items())
    title = f"{summary.rules}{f' ({options})' if options else ''}: {summary.hands} hands, {summary.players} players"
    table = Table(title=title, show_header=True)
    table.add_column("")
    table.add_column("value", justify="right")
    for seat, count in summary.wins_by_seat.items():
        share = count / summary.hands if summary.hands else 0.0
        table.add_row(f"wins by {seat}", f"{count} ({share:.1%})")
    table.add_row("self-drawn share of wins", f"{summary.self_draw_share:.1%}")
    drawn_share = summary.drawn_hands / summary.hands if summary.hands else 0.0
    table.add_row("drawn hands", f"{summary.drawn_hands} ({drawn_share:.1%})")
    table.add_row("claims (chow, pung, kong)", str(summary.claims))
    table.add_row("kongs made", str(summary.kongs))
    table.add_row("kongs robbed", str(summary.robbed_kongs))
    table.add_row("false wins (dead hands)", str(summary.false_wins))
    table.add_row("average hand length (turns)", f"{summary.average_hand_length:.1f}")
    table.add_row("average winning score", f"{summary.average_winning_score:.1f}")
    table.add_row("matches", str(summary.matches))
    table.add_row("time", f"{summary.elapsed:.2f} s ({summary.hands_per_second:,.0f} hands/s)")
    console.print(table)
    if log is not None:
        console.print(f"game log: {log}")
