"""``sparrow rules``: what each rule family plays, from the data the engine and the scorer use.

``sparrow rules`` lists the families; ``sparrow rules NAME`` shows one family's options (defaults and
meaning), its scoring table (every item the scorer can write, with its value, and the limit hands)
and its table procedure. Nothing here is a second copy: the scoring table is
:meth:`Ruleset.scoring_table`, whose rows the scorer makes its score card lines from, and the
procedure is :meth:`Ruleset.table`, which the table engine runs. Registered on the main app by
:func:`register`.
"""

from __future__ import annotations

import dataclasses
import json
import sys
import textwrap
from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sparrow.cli.text import value_text
from sparrow.core.tiles import format_tiles
from sparrow.rules import RulesError, Ruleset, TableRules, get_ruleset, ruleset_names
from sparrow.rules.ruleset import ScoringEntry, ScoringTable

__all__ = ["register", "describe_table", "family_dict"]


def _entry_value(entry: ScoringEntry, limit_unit: str) -> str:
    if entry.value is None:
        return "varies"
    text = value_text(entry.kind, entry.value, limit_unit)
    return f"{text} each" if entry.each else text


def _option_text(value: Any) -> str:
    """An option value as it is typed (``name=value``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        return json.dumps(list(value))
    return str(value)


# -- the table procedure in words, field by field of TableRules

_DEAD_WALL = {
    "fixed": "14 tiles set aside at the start, not refilled",
    "reserve": "14 tiles kept in reserve as play goes on",
    "none": "none",
}
_ROTATION = {
    "seats": "every seat moves on after each game",
    "dealer_keeps": "the dealer keeps the deal on a win or a drawn hand, else it passes",
    "pass": "the deal passes every hand",
    "none": "East deals every hand",
}
_ROUND_WIND = {
    "rounds": "moves on once every seat has dealt",
    "dice": "rolled with the dice every game",
    "east": "always East",
}
_BONUS_CHAIN = {
    "immediate": "set out and replaced at once, before the next seat",
    "next_pass": "set out and replaced on that seat's next pass round the table",
}
_FALSE_WIN = {
    "dead_hand": "makes a dead hand: that player plays on but cannot win and scores 0",
    "refused": "is refused: play goes on as if it had not been made",
}


def describe_table(table: TableRules) -> list[tuple[str, str]]:
    """The table procedure as (what, how) lines, for people."""
    seats = ", ".join(("E", "S", "W", "N")[: table.seats])
    tiles = "144, with flowers and seasons" if table.bonus_tiles else "136, no flowers or seasons"
    removed = [tile for tile in table.removed_tiles if tile < 34 or table.bonus_tiles]
    if removed:
        kept = (144 if table.bonus_tiles else 136) - sum(4 if tile < 34 else 1 for tile in removed)
        tiles = f"{kept}: the full set without {format_tiles(removed)}"
    roller = "the player at the prevailing wind" if table.break_roller == "prevailing_wind" else "East"
    match = f"{table.hands_in_match} hand{'s' if table.hands_in_match != 1 else ''}"
    if table.rotation == "dealer_keeps":
        match += " at least (more when the dealer keeps the deal)"
    rows = [
        ("players", f"{table.seats} ({seats})"),
        ("tiles", tiles),
        ("East", "chosen by dice" if table.seats_by_dice else "the first player"),
        ("wall break", f"{table.break_dice} dice, rolled by {roller}"),
        ("dead wall", _DEAD_WALL.get(table.dead_wall, table.dead_wall)),
        ("chow", "may be claimed from the player on the left" if table.chow else "cannot be claimed"),
        ("robbing an added kong", "allowed" if table.rob_added_kong else "not allowed"),
        ("a false claim to win", _FALSE_WIN.get(table.false_win, table.false_win)),
        ("round wind", _ROUND_WIND.get(table.round_wind, table.round_wind)),
        ("dealer", _ROTATION.get(table.rotation, table.rotation)),
        ("match", match),
        ("hands scored", "every player's" if table.scores_losers else "the winner's only"),
    ]
    if table.bonus_tiles:
        chain = ("a replacement that is a bonus tile (at the deal)", _BONUS_CHAIN.get(table.bonus_chain, ""))
        rows.insert(5, chain)
    return rows


def _table_dict(table: TableRules) -> dict[str, Any]:
    data = dataclasses.asdict(table)
    data["removed_tiles"] = format_tiles(table.removed_tiles)
    return data


def family_dict(ruleset: Ruleset, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Everything ``sparrow rules NAME --json`` prints."""
    resolved = ruleset.resolve_options(options)
    return {
        "name": ruleset.name,
        "title": ruleset.title,
        "summary": ruleset.summary,
        "options": [
            {"name": name, "default": default, "value": resolved[name], "meaning": ruleset.option_help.get(name, "")}
            for name, default in ruleset.defaults.items()
        ],
        "presets": {name: dict(values) for name, values in ruleset.presets.items()},
        "scoring": {**ruleset.scoring_table().to_dict(), "limit_unit": ruleset.limit_unit},
        "table": _table_dict(ruleset.table(options)),
        "procedure": [{"what": what, "how": how} for what, how in _procedure(ruleset, options)],
    }


# -- printing


def _print_family(console: Console, ruleset: Ruleset, options: Mapping[str, Any]) -> None:
    console.print(Text(f"{ruleset.name}: {ruleset.title}", style="bold"))
    console.print(Text(ruleset.summary), highlight=False)
    console.print()
    console.print(Text("Options", style="bold"))
    if ruleset.defaults:
        table = Table("option", "default", "meaning")
        for name, default in ruleset.defaults.items():
            shown = _option_text(default)
            if name in options:
                shown += f" (now {_option_text(options[name])})"
            table.add_row(name, shown, Text(ruleset.option_help.get(name, "")))
        console.print(table)
    else:
        console.print("none")
    if ruleset.presets:
        console.print()
        console.print(Text("Presets (option preset; the default's values are above)", style="bold"))
        presets = Table("preset", "differs from the default in")
        for preset, values in ruleset.presets.items():
            changed = [
                f"{key}={_option_text(value)}" for key, value in values.items() if ruleset.defaults.get(key) != value
            ]
            presets.add_row(preset, Text(", ".join(changed) or "(the default)"))
        console.print(presets)
    console.print()
    _print_scoring(console, ruleset.scoring_table(), ruleset.limit_unit)
    console.print()
    console.print(Text("Table procedure" + (" (with these options)" if options else ""), style="bold"))
    procedure = Table(show_header=False)
    procedure.add_column("what")
    procedure.add_column("how")
    for what, how in _procedure(ruleset, options):
        procedure.add_row(what, Text(how))
    console.print(procedure)


def _procedure(ruleset: Ruleset, options: Mapping[str, Any] | None) -> list[tuple[str, str]]:
    own = ruleset.procedure(options)
    return own if own is not None else describe_table(ruleset.table(options))


def _print_scoring(console: Console, scoring: ScoringTable, limit_unit: str) -> None:
    console.print(Text("Scoring", style="bold"))
    for section in scoring.sections:
        console.print(Text(section.title + (f": {section.note}" if section.note else ""), style="italic"))
        table = Table()
        table.add_column("item")
        table.add_column("value", justify="right")
        notes = any(entry.note for entry in section.entries)
        if notes:
            table.add_column("when")
        for entry in section.entries:
            row = [Text(entry.name), Text(_entry_value(entry, limit_unit))]
            table.add_row(*row, Text(entry.note)) if notes else table.add_row(*row)
        console.print(table)
    if scoring.totals:
        console.print()
        console.print(Text("The total", style="bold"))
        for line in scoring.totals:
            wrapped = textwrap.fill(line, width=max(console.width, 40), initial_indent="- ", subsequent_indent="  ")
            console.print(Text(wrapped), highlight=False)
    if scoring.conversion:
        console.print(Text("The table of points", style="italic"))
        table = Table()
        table.add_column("count")
        table.add_column("points", justify="right")
        for count, points in scoring.conversion:
            table.add_row(count, str(points))
        console.print(table)


def _about_options(message: str) -> bool:
    return "option" in message or "preset" in message


def _fail(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)  # one line, never wrapped
    return typer.Exit(2)


def register(app: typer.Typer) -> None:
    """Add the rules command to ``app``."""

    @app.command()
    def rules(
        name: Annotated[
            str | None,
            typer.Argument(
                metavar="FAMILY", help="A rule family: nts, hkos, chinese, casual or riichi. None: list them."
            ),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option(
                "--option", "-o", metavar="NAME=VALUE", help="Show the table procedure with this option (repeatable)."
            ),
        ] = None,
        as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    ) -> None:
        """The rule families; with FAMILY, its options, scoring table and table procedure.

        Listed from the data the scorer and the table engine use."""
        from sparrow.cli.common import console
        from sparrow.formats.compact import parse_option

        if name is None:
            if option:
                raise _fail("--option: give a FAMILY too, e.g. sparrow rules hkos -o three_players=true")
            families = [get_ruleset(family) for family in ruleset_names()]
            if as_json:
                print(json.dumps([{"name": f.name, "title": f.title, "summary": f.summary} for f in families]))
                return
            table = Table("family", "what it is")
            for family in families:
                table.add_row(family.name, Text(family.summary))
            console.print(table)
            console.print("Details: sparrow rules FAMILY, e.g. sparrow rules hkos", highlight=False)
            return
        try:
            ruleset = get_ruleset(name)
            options = dict(parse_option(text) for text in option or [])
            _procedure(ruleset, options)  # checks the options as the table engine would
            data = family_dict(ruleset, options) if as_json else None
        except RulesError as error:
            raise _fail(f"{'options' if option and _about_options(str(error)) else 'FAMILY'}: {error}") from None
        except ValueError as error:
            raise _fail(str(error)) from None
        if data is not None:
            print(json.dumps(data, ensure_ascii=False))
            return
        _print_family(console, ruleset, options)
