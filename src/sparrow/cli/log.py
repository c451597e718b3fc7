"""``sparrow log convert``: a Riichi game's log from Sparrow's form to mjai's, or back.

Sparrow's log is JSON Lines of ``event`` objects (``docs/spec/game-log.md``, Riichi's events in
``sparrow.game.riichi``); mjai's is JSON Lines of ``type`` messages (``sparrow.formats.mjai``). Which
one a file holds is read from its first line. From mjai, every hand is played again at Sparrow's
table, so a log that does not fit the rules is refused, naming the hand and the event.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from sparrow.cli.common import InputError, console, errors, input_errors
from sparrow.formats.mjai import read_mjai, write_mjai
from sparrow.game.events import dumps, upgrade_log
from sparrow.play.riichi_mjai import replay_game, score_differences, to_mjai
from sparrow.rules import get_ruleset, ruleset_names
from sparrow.rules.riichi import DEFAULT_PRESET, PRESETS, match_options

__all__ = ["register", "convert"]

log_app = typer.Typer(help="Convert game logs (Riichi: Sparrow's log and mjai).", no_args_is_help=True)
FORMATS = ("mjai", "sparrow")


def _read(file: str | None) -> str:
    if file in (None, "-"):
        return sys.stdin.read()
    path = Path(file)
    if not path.is_file():
        raise InputError(f"no such file: {file}")
    return path.read_text(encoding="utf-8")


def _kind_of(text: str) -> str:
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        message = json.loads(first)
    except ValueError:
        raise InputError("line 1 is not JSON: a log is JSON Lines (Sparrow's events or mjai messages)") from None
    if isinstance(message, dict) and "type" in message:
        return "mjai"
    if isinstance(message, dict) and "event" in message:
        return "sparrow"
    raise InputError('line 1 is neither a Sparrow event ("event") nor an mjai message ("type")')


@log_app.command()
@input_errors
def convert(
    file: Annotated[str | None, typer.Argument(help="The log; '-' or none: standard input.")] = None,
    to: Annotated[
        str | None, typer.Option("--to", help="mjai or sparrow (default: the other one of the input).")
    ] = None,
    out: Annotated[str | None, typer.Option("--out", "-o", help="Write here instead of standard output.")] = None,
    preset: Annotated[
        str,
        typer.Option("--preset", help=f"The rules an mjai log is played under: {', '.join(PRESETS)}."),
    ] = DEFAULT_PRESET,
    riichienv: Annotated[
        bool,
        typer.Option(
            "--riichienv", help="Play an mjai log under riichienv's rules (a wait on one's own fourth tile counts)."
        ),
    ] = False,
    keep_differences: Annotated[
        bool,
        typer.Option(
            "--keep-differences",
            help="Convert an mjai log even when hands end with other scores than the log's (each is still reported).",
        ),
    ] = False,
) -> None:
    """Convert a Riichi game's log between Sparrow's form and mjai's."""
    text = _read(file)
    given = _kind_of(text)
    wanted = to or ("sparrow" if given == "mjai" else "mjai")
    if wanted not in FORMATS:
        raise InputError(f"--to: expected mjai or sparrow, got {wanted!r}")
    if wanted == given:
        result = text
    elif given == "mjai":
        options = match_options(preset, {"wait_on_own_fourth": True} if riichienv else None)
        hands = replay_game(read_mjai(text), options)
        differences = score_differences(hands)
        if differences:
            found = "; ".join(str(difference) for difference in differences[:5])
            if len(differences) > 5:
                found += f"; and {len(differences) - 5} more"
            summary = (
                f"{len(differences)} of {len(hands)} hands end with other scores at Sparrow's table than in the log"
            )
            if not keep_differences:
                raise InputError(f"{summary}, so nothing was converted (--keep-differences converts anyway): {found}")
            errors.print(f"warning: {summary}: {found}", markup=False, highlight=False, soft_wrap=True)
        result = dumps(event for hand in hands for event in hand.state.events)
    else:
        events = [json.loads(line) for line in text.splitlines() if line.strip()]
        rules = events[0].get("rules") if events else None
        speaking = [name for name in ruleset_names() if "mjai" in get_ruleset(name).log_formats]
        if rules not in speaking:
            raise InputError(
                f"only a game of {' or '.join(get_ruleset(name).short_name or name for name in speaking)} converts to mjai; this log's hand_start says rules: {rules}"
            )
        # A log of several matches (sparrow simulate --log) becomes one mjai game after another.
        result = "".join(write_mjai(to_mjai(match)) for match in _matches(events))
    if out is None:
        console.file.write(result)
    else:
        Path(out).write_text(result, encoding="utf-8")


def _matches(events: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The matches of a Riichi log, in order. A match begins with the only hand of it dealt in the
    East round by chair 0 with no honba: after a draw or a dealer's win the honba counts on, and chair
    0 deals again only in a later round."""
    matches: list[list[dict[str, Any]]] = []
    for event in upgrade_log(events):  # a log of version 1 as one of version 2: East 1 is hand 1
        first = event.get("event") == "hand_start" and (
            event.get("round_wind"),
            event.get("hand"),
            event.get("honba"),
        ) == ("E", 1, 0)
        if first or not matches:
            matches.append([])
        matches[-1].append(event)
    return matches


def register(app: typer.Typer) -> None:
    """Add ``sparrow log`` (with ``convert``) to ``app``."""
    app.add_typer(log_app, name="log")
