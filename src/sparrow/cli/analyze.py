"""``sparrow analyze``: a hand's shanten number, and per discard the tiles it accepts and how many are left."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from sparrow.cli.common import InputError, console, input_errors
from sparrow.cli.options import whole_number
from sparrow.cli.text import tiles_text
from sparrow.core.analysis import Discard, Forms, accepted_tiles, discard_options, shanten, unseen_count
from sparrow.core.family_facts import RED_FIVE_FAMILIES, without_red_fives
from sparrow.core.tiles import format_tiles, parse_tiles, tile_counts
from sparrow.rules import Ruleset, get_ruleset

__all__ = ["register", "analyze", "ruleset_discards"]


def ruleset_discards(
    ruleset: Ruleset, counts: list[int], melds: int, forms: Forms, visible: list[int]
) -> list[Discard]:
    """``discard_options`` with the ruleset's own shapes: a discard that leaves a hand the ruleset's
    ``waits`` complete is ready (shanten 0) on those waits, whatever the shanten tables say (they do
    not know the NTS snakes, for one)."""
    options = []
    for option in discard_options(counts, melds, forms, visible):
        counts[option.tile] -= 1
        try:
            waits = ruleset.waits(counts, melds)
            if waits:
                option = Discard(option.tile, 0, tuple(waits), unseen_count(waits, counts, visible))
        finally:
            counts[option.tile] += 1
        options.append(option)
    options.sort(key=lambda d: (d.shanten, -d.unseen, d.tile))
    return options


@input_errors
def analyze(
    tiles: Annotated[
        str, typer.Argument(help="The concealed tiles in notation, e.g. 123m456p789s1122z5z (13 or 14 tiles).")
    ],
    melds: Annotated[
        int,
        typer.Option(
            "--melds", "-m", metavar="N", parser=whole_number(0, 4), help="How many sets are already declared."
        ),
    ] = 0,
    visible: Annotated[
        str,
        typer.Option(
            "--visible",
            "-v",
            metavar="TILES",
            help="Tiles seen elsewhere (discards, melds) to leave out of the counts.",
        ),
    ] = "",
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules",
            "-r",
            metavar="NAME",
            help="Use this ruleset's winning shapes (e.g. nts: its snakes), not only the plain ones.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
) -> None:
    """Shanten number, and per discard the tiles each choice accepts and how many are left.

    A 14-tile hand (13 - 3 per declared set, plus one) lists every discard; a 13-tile hand lists the
    tiles that improve it (its waits when it is ready)."""
    if rules in RED_FIVE_FAMILIES:  # riichi's red fives (0m 0p 0s) are fives to the analysis
        try:
            tiles, _ = without_red_fives(tiles, "TILES")
            visible = without_red_fives(visible, "--visible")[0] if visible else visible
        except ValueError as error:
            raise InputError(str(error)) from None
    hand = parse_tiles(tiles)
    seen = parse_tiles(visible, as_set=False) if visible else []
    if any(t.is_bonus for t in hand):
        raise InputError(f"flowers and seasons are not part of the hand to analyse: {tiles!r}")
    size = len(hand) + 3 * melds
    if size not in (13, 14):
        raise InputError(
            f"{tiles!r} has {len(hand)} tile{'s' if len(hand) != 1 else ''}; with {melds} declared"
            f" set{'s' if melds != 1 else ''} it needs {13 - 3 * melds} or {14 - 3 * melds}"
        )
    counts = tile_counts(hand)
    visible_counts = tile_counts(seen)
    for tile, count in enumerate(counts):
        if count + visible_counts[tile] > 4:
            raise InputError(f"more than four copies of {format_tiles([tile])} between the hand and --visible")
    ruleset = get_ruleset(rules) if rules is not None else None
    forms = ruleset.forms() if ruleset is not None else Forms()
    current = shanten(counts, melds, forms)
    if size == 14:
        if ruleset is None:  # the plain analysis: the shanten tables alone, fast
            options = discard_options(counts, melds, forms, visible_counts)
        else:
            options = ruleset_discards(ruleset, counts, melds, forms, visible_counts)
            complete = ruleset.is_complete(counts, melds)
            current = -1 if complete else min((o.shanten for o in options), default=current)
        if as_json:
            print(
                json.dumps(
                    {"tiles": format_tiles(hand), "shanten": current, "discards": [o.as_dict() for o in options]}
                )
            )
            return
        console.print(Text(tiles_text(hand), style="bold") + Text(f"  shanten {_describe(current)}"))
        table = Table("discard", "shanten", "accepted tiles", "count")
        for option in options:
            table.add_row(
                tiles_text([option.tile]), str(option.shanten), tiles_text(option.accepted) or "-", str(option.unseen)
            )
        console.print(table)
        return
    accepted = accepted_tiles(counts, melds, forms)
    if ruleset is not None:
        waits = ruleset.waits(counts, melds)
        if waits:  # ready under the ruleset's own shapes (an NTS snake...), on exactly these tiles
            current, accepted = 0, waits
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
    console.print(Text(tiles_text(hand), style="bold") + Text(f"  shanten {_describe(current)}"))
    console.print(Text(f"{label}: {tiles_text(accepted) or '-'} ({count} left)"))


def _describe(value: int) -> str:
    if value == -1:
        return "-1 (complete)"
    if value == 0:
        return "0 (ready)"
    return str(value)


def register(app: typer.Typer) -> None:
    """Add the analyze command to ``app``."""
    app.command()(analyze)
