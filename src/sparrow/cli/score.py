"""``sparrow score``: score hands typed in the compact notation or read as hand-situation JSON, with a
score card that explains every point."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from sparrow.cli.analyze import ruleset_discards
from sparrow.cli.batch import run_batch
from sparrow.cli.common import InputError, console, fail, input_errors
from sparrow.cli.text import DISPLAY, tiles_text, value_text
from sparrow.core.analysis import shanten
from sparrow.core.situation import SELF_DRAWN, HandSituation
from sparrow.core.tiles import format_tiles, tile_counts
from sparrow.formats.batches import dumps as _dumps
from sparrow.formats.contract import INPUT_ERRORS as _INPUT_ERRORS
from sparrow.formats.contract import input_message as _input_message
from sparrow.formats.contract import score_input as _score_one
from sparrow.formats.contract import score_json_line as _score_json_line
from sparrow.formats.contract import score_line as _score_line
from sparrow.rules import Ruleset, ScoreResult, get_ruleset

__all__ = ["register", "score"]

_NOTATION_HELP = """
--hand takes the compact notation: standing tiles, declared sets, the
winning tile and settings, separated by spaces, e.g.

    nts: 78s55z [777z] (1111s) [345p] +9s* round=S bonus=1f6f

  nts:            the ruleset (or give --rules)
  78s55z          the standing tiles, without the winning tile
  [777z] [345p]   open sets: a pung, kong [1111s] or chow
  (1111s)         a concealed kong
  +9s / +9s*      the winning tile: on a discard / self-drawn
                  (no +tile: a hand that did not win)
  seat=E round=S  seat wind and round wind (default E)
  win_by=...      kong_replacement, flower_replacement, robbing_kong
  bonus=1f6f      flowers 1f-4f and seasons 5f-8f set out
  moments=a,b     last_tile, fourth_tile, heavenly, earthly,
                  first_round, kong_on_kong
  name=value      a ruleset option, e.g. flowers=false (true/false,
                  a whole number in ASCII digits, else text)

--seat, --round, --self-draw, --win-by, --bonus, --moment and
--option set the same things; a setting given twice must agree.
"""


def _show_score(data: Any, result: ScoreResult) -> None:
    """A score card: the hand as read, one row per item with its value, the arithmetic and the total.
    A hand that does not win says why; one that is not complete, how far it is (its shanten)."""
    from sparrow.formats.compact import format_compact

    situation = HandSituation.from_dict(data)
    ruleset = get_ruleset(situation.rules)
    console.print(format_compact(situation), style="bold", soft_wrap=True, highlight=False, markup=False)
    if DISPLAY["glyphs"]:
        console.print(_hand_glyphs(situation), soft_wrap=True, highlight=False, markup=False)
    table = Table(show_header=False, min_width=40)
    table.add_column("item")
    table.add_column("value", justify="right")
    for item in result.items:
        table.add_row(Text(item.name), value_text(item.kind, item.value, ruleset.limit_unit))
    if not result.items:
        table.add_row("[dim](no scoring items)[/]", "")
    table.add_section()
    if result.limit and not any(item.kind == "limit" for item in result.items):
        table.add_row("limit hand", Text(result.limit))
    if result.arithmetic:
        table.add_row(Text(result.arithmetic), "")
    table.add_row("[bold]total[/]", f"[bold]{result.total}[/]")
    console.print(table)
    paid = result.details.get("payments") if result.valid else None
    if isinstance(paid, Mapping):  # Riichi: who pays the winner, honba and riichi sticks included
        console.print(Text(payments_text(paid)), soft_wrap=True, highlight=False)
    if not result.valid:
        console.print(Text("not a legal win: ", style="red") + Text(result.reason or "no reason given"))
        distance = _distance(situation, ruleset)
        if distance is not None:
            console.print(Text(distance), soft_wrap=True, highlight=False)


def payments_text(paid: Mapping[str, int]) -> str:
    """Who pays a Riichi winner how much, in words."""
    if paid["ron"]:
        text = f"the discarder pays {paid['ron']:,}"
    elif paid["dealer"]:
        text = f"the dealer pays {paid['dealer']:,}, each other player {paid['non_dealer']:,}"
    else:
        text = f"each player pays {paid['non_dealer']:,}"
    extras = []
    if paid["honba"]:
        extras.append(f"{paid['honba']:,} for honba included")
    if paid["riichi_sticks"]:
        extras.append(f"{paid['riichi_sticks']:,} in riichi sticks")
    return f"{text}{' (' + ', '.join(extras) + ')' if extras else ''}: {paid['total']:,} in all"


def _hand_glyphs(situation: HandSituation) -> str:
    """The hand as glyphs: standing tiles, the declared sets, the winning tile."""
    parts = [tiles_text(situation.concealed)]
    for meld in situation.melds:
        tiles = tiles_text(meld.tiles)
        parts.append(f"[{tiles}]" if meld.open else f"({tiles})")
    if situation.winning_tile is not None:
        parts.append("+" + tiles_text([situation.winning_tile]))
    if situation.bonus:
        parts.append(tiles_text(situation.bonus))
    return " ".join(parts)


def _distance(situation: HandSituation, ruleset: Ruleset) -> str | None:
    """For a winning tile that does not complete the hand: its shanten (how many tiles from ready
    after a discard) and the ``sparrow analyze`` command that shows which discards bring it closer.
    None when the shape is complete (the hand failed on its value, not its tiles). Counted with the
    family's default options, as ``sparrow analyze --rules`` counts, so the two agree."""
    if situation.winning_tile is None:
        return None
    standing = [*situation.concealed, situation.winning_tile]
    counts = tile_counts(standing)
    melds = len(situation.melds)
    if sum(counts) + 3 * melds != 14 or ruleset.is_complete(counts, melds):
        return None
    options = ruleset_discards(ruleset, counts, melds, ruleset.forms(), [0] * 34)
    distance = min((option.shanten for option in options), default=shanten(counts, melds, ruleset.forms()))
    ready = "ready after a discard" if distance == 0 else f"{distance} tile{'s' if distance != 1 else ''} from ready"
    command = f"sparrow analyze {format_tiles(standing)}"
    if melds:
        command += f" --melds {melds}"
    return f"shanten {distance} ({ready}): see {command} --rules {ruleset.name}"


def _hand_fields(
    hand: str,
    rules: str | None,
    seat: str | None,
    round_wind: str | None,
    self_draw: bool,
    win_by: str | None,
    bonus: str | None,
    moments: list[str] | None,
    options: list[str] | None,
) -> dict[str, Any]:
    """The hand-situation fields of a --hand string with the flags merged in (a field set both in
    the string and by a flag must agree)."""
    from sparrow.formats.compact import compact_fields, parse_option

    fields = compact_fields(hand, rules)

    def merge(name: str, flag: str, value: Any) -> None:
        if value is None:
            return
        if name in fields and fields[name] != value:
            raise InputError(f"{flag}: {value!r} contradicts the hand, which says {fields[name]!r}")
        fields[name] = value

    merge("seat_wind", "--seat", seat)
    merge("round_wind", "--round", round_wind)
    merge("bonus", "--bonus", bonus)
    if moments:
        fields["moments"] = sorted(set(fields.get("moments", [])) | set(moments))
    if self_draw or win_by is not None:
        if "winning_tile" not in fields:
            raise InputError("--self-draw/--win-by: the hand has no winning tile (+tile)")
        wanted = win_by or "self_draw"
        if self_draw and wanted not in SELF_DRAWN:
            raise InputError(f"--self-draw contradicts --win-by {wanted}")
        current = fields.get("win_by")
        # '*' in the hand says self-drawn; --win-by may say which self-drawn way it was.
        if current is not None and current != wanted and not (current == "self_draw" and wanted in SELF_DRAWN):
            raise InputError(f"--win-by: {wanted!r} contradicts the hand, which says {current!r}")
        fields["win_by"] = wanted
    for text in options or []:
        key, value = parse_option(text)
        fields.setdefault("options", {})[key] = value
    return fields


@input_errors
def score(
    file: Annotated[
        str | None, typer.Argument(help="A JSON hand situation, or JSON Lines of them; '-' or none: standard input.")
    ] = None,
    hand: Annotated[
        str | None,
        typer.Option("--hand", "-H", metavar="HAND", help="Type the hand in the compact notation instead (see below)."),
    ] = None,
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", "-r", metavar="NAME", help="The ruleset for --hand: nts, hkos, chinese, casual or riichi."
        ),
    ] = None,
    seat: Annotated[
        str | None, typer.Option("--seat", metavar="WIND", help="Seat wind for --hand: E, S, W or N.")
    ] = None,
    round_wind: Annotated[
        str | None, typer.Option("--round", metavar="WIND", help="Round (prevailing) wind for --hand.")
    ] = None,
    self_draw: Annotated[bool, typer.Option("--self-draw", help="The winning tile was self-drawn.")] = False,
    win_by: Annotated[
        str | None,
        typer.Option(
            "--win-by", metavar="HOW", help="discard, self_draw, kong_replacement, flower_replacement or robbing_kong."
        ),
    ] = None,
    bonus: Annotated[
        str | None, typer.Option("--bonus", metavar="TILES", help="Flowers and seasons set out, e.g. 1f6f.")
    ] = None,
    moment: Annotated[
        list[str] | None,
        typer.Option("--moment", metavar="MOMENT", help="A special moment, e.g. last_tile (repeat for more)."),
    ] = None,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", metavar="NAME=VALUE", help="A ruleset option (repeatable).")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON result a line, in input order.")] = False,
) -> None:
    """Score hands: every item that applies, the arithmetic and the total.

    Reads hand situations as JSON (docs/spec/hand-situation.md) from
    FILE or standard input: one object, or JSON Lines (one a line).
    Or type one hand with --hand. Exit code 0 with a result (also for a
    hand that is not a legal win), 2 on malformed input."""
    hand_flags = {
        "--rules": rules,
        "--seat": seat,
        "--round": round_wind,
        "--win-by": win_by,
        "--bonus": bonus,
        "--moment": moment,
        "--option": option,
        "--self-draw": self_draw or None,
    }
    if hand is None:
        given = [flag for flag, value in hand_flags.items() if value]
        if given:
            raise InputError(f"{given[0]}: only applies to a hand typed with --hand")
        run_batch(file, _score_one, ScoreResult.to_dict, _show_score, as_json, _score_line, _score_json_line)
        return
    if file is not None:
        raise InputError("FILE: give either a FILE of hand situations or --hand, not both")
    fields = _hand_fields(hand, rules, seat, round_wind, self_draw, win_by, bonus, moment, option)
    try:
        result = _score_one(fields)
        output = _dumps(result.to_dict()) if as_json else None
    except _INPUT_ERRORS as error:
        fail(_input_message(error))
    if output is not None:
        print(output)
    else:
        _show_score(fields, result)


def register(app: typer.Typer) -> None:
    """Add the score command to ``app``."""
    app.command(epilog=_NOTATION_HELP)(score)
