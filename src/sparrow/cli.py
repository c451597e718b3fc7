"""The ``sparrow`` command: a thin shell over the core. Bad input prints one line and exits 2."""

from __future__ import annotations

import gc
import inspect
import json
import sys
from collections.abc import Callable, Iterator
from functools import wraps
from typing import Annotated, Any, NoReturn, TypeVar

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from sparrow.analysis import Discard, Forms, accepted_tiles, discard_options, shanten, unseen_count
from sparrow.cli_input import (
    Item,
    NotWritableError,
    read_chunks,
    read_items,
    stdin_chunks,
    whole_number,
)
from sparrow.cli_input import dumps as _dumps
from sparrow.cli_text import DISPLAY, terminal_shows_glyphs, tiles_text, value_text
from sparrow.contract import INPUT_ERRORS as _INPUT_ERRORS
from sparrow.contract import NO_ID as _NO_ID
from sparrow.contract import id_of as _id_of
from sparrow.contract import input_message as _input_message
from sparrow.contract import score_input as _score_one
from sparrow.contract import score_json_line as _score_json_line
from sparrow.contract import score_line as _score_line
from sparrow.contract import settle_input as _settle_one
from sparrow.hand import HandError
from sparrow.messages import quote
from sparrow.rules import Ruleset, ScoreResult, get_ruleset
from sparrow.situation import SELF_DRAWN, HandSituation, SituationError
from sparrow.tiles import SEATS, TileError, format_tiles, parse_tiles, tile_counts

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


def _version(value: bool) -> None:
    if value:
        from sparrow import __version__

        print(f"sparrow {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    glyphs: Annotated[
        bool | None,
        typer.Option(
            "--glyphs/--ascii",
            help="Show tiles as Unicode mahjong glyphs, or as text (123m). Default: glyphs on a UTF-8 terminal.",
            show_default=False,
        ),
    ] = None,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version and exit.")
    ] = False,
) -> None:
    """Sparrow mahjong: analyse hands, score and settle them, and play or simulate games."""
    DISPLAY["glyphs"] = terminal_shows_glyphs() if glyphs is None else glyphs


class InputError(Exception):
    """Bad input from the command line: reported in one line, exit code 2."""


def fail(message: str) -> NoReturn:
    errors.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
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


def _ruleset_discards(
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


@app.command()
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
            options = _ruleset_discards(ruleset, counts, melds, forms, visible_counts)
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


# ---------------------------------------------------------------------------- score and settle

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


def _open_input(file: str | None, before_read: Callable[[], object]) -> Iterator[bytes]:
    """The input's bytes as they arrive: FILE, or standard input when FILE is '-' or absent.
    ``before_read`` runs before each read that may wait: the output so far is flushed, so a producer that
    pauses sees the results so far."""
    if file is None or file == "-":
        if sys.stdin.isatty():
            raise InputError("no input: give a FILE, pipe JSON into standard input, or type a hand with --hand")
        return stdin_chunks(before_read)
    try:
        handle = open(file, "rb")  # noqa: SIM115 - closed by the generator below when the input ends
    except OSError as error:
        raise InputError(f"FILE: cannot read {quote(file)}: {error.strerror or error}") from None

    def chunks() -> Iterator[bytes]:
        with handle:
            yield from read_chunks(handle, before_read)

    return chunks()


class _Results:
    """Result lines of a batch held until the input is read again or a line is written another way: then
    written at once, in order. Standard output is flushed before every read that may wait, as before, so
    a producer that waits for a result gets it; only the many small writes of a long batch are saved."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []  # UTF-8, each ending in a line break

    def write_all(self) -> None:
        """Write the lines held (standard output keeps them in its buffer until flushed)."""
        if self.lines:
            text = b"".join(self.lines).decode()
            self.lines.clear()
            sys.stdout.write(text)

    def flush(self) -> None:
        self.write_all()
        sys.stdout.flush()


def _run(
    file: str | None,
    process: Callable[[Any], Any],
    as_json: Callable[[Any], dict[str, Any]],
    show: Callable[[Any, Any], None],
    json_output: bool,
    quick: Callable[[Any], bytes | None] | None = None,
    quick_line: Callable[[bytes], bytes | None] | None = None,
) -> None:
    """Process one JSON document or JSON Lines as a stream (``sparrow.cli_input``); exit 2 if any input
    was malformed. One value on one line is a document: its error is one line on stderr. ``quick`` gives
    the JSON line of the first value when well-formed, and ``quick_line`` that of any later line as read
    (None: the line is read, and ``process`` and ``as_json`` do it, with the messages); the same line
    either way, only sooner."""
    results = _Results()
    if not json_output:
        quick = quick_line = None
    # A line after the first that ``quick_line`` answers comes as its result line (bytes), else as an Item.
    items = read_items(_open_input(file, results.flush), quick_line)
    first = next(items, None)
    if first is None:
        raise InputError("input: empty; expected a JSON object or JSON Lines (one object a line)")
    assert not isinstance(first, bytes)  # the first line is always read as an Item
    outcome = _outcome(first, process, as_json, json_output, quick)
    if first.document:
        _single(first, outcome, show)
        return
    written = False
    if json_output and outcome[0] is None:
        sys.stdout.write(outcome[2] + "\n")  # the same line whether the input is one line or many
        written = True
    second = next(items, None)  # waits for the next line (the output so far is flushed first)
    if second is None:
        if not written:
            _single(first, outcome, show)
        return
    # A batch: what exists by now (modules, tables) outlives it, so the collector need not look at it again
    # on each full collection while the batch runs. A line's objects die with it, but for the entries the
    # caches keep: the youngest objects are looked at after 20,000 new ones rather than 700, which a
    # batch's memory does not notice. Both are undone at the end (main() may run in a longer process).
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    failed = False
    item: Item | bytes | None = second
    held = results.lines
    try:
        if not written:
            failed |= _write_line(first, outcome, show, json_output)
        while item is not None:
            if type(item) is bytes:
                held.append(item)
                item = next(items, None)
                continue
            results.write_all()  # the lines before this one first
            failed |= _write_line(item, _outcome(item, process, as_json, json_output), show, json_output)
            item = next(items, None)
    finally:
        results.write_all()
        gc.set_threshold(*threshold)
        gc.unfreeze()
    if failed:
        raise typer.Exit(2)


def _outcome(
    item: Item,
    process: Callable[[Any], Any],
    as_json: Callable[[Any], dict[str, Any]],
    json_output: bool,
    quick: Callable[[Any], bytes | None] | None = None,
) -> tuple[str | None, Any, str | None]:
    """(error message, result, the result's JSON line when ``json_output``) of one item."""
    if item.error is not None:
        return item.error, None, None
    data = item.value
    if quick is not None:
        line = quick(data)
        if line is not None:
            return None, None, line[:-1].decode()
    try:
        result = process(data)
        if not json_output:
            return None, result, None
        output = as_json(result)
        key = _id_of(data)
        if key is not _NO_ID:
            output = {"id": key, **output}
        # Written inside the try: a result that cannot be written is this line's error.
        try:
            return None, result, _dumps(output)
        except NotWritableError:
            if key is not _NO_ID:
                _dumps_id(key)
            raise
    except _INPUT_ERRORS as error:
        return _input_message(error), None, None


def _dumps_id(key: Any) -> None:
    """Raise an error naming ``id`` when it is what cannot be written back (a number of 5,000 digits)."""
    try:
        _dumps(key)
    except NotWritableError:
        raise SituationError("id", f"cannot be copied into the result: {quote(key)}") from None


def _single(item: Item, outcome: tuple[str | None, Any, str | None], show: Callable[[Any, Any], None]) -> None:
    message, result, line = outcome
    if message is not None:
        fail(message)
    if line is not None:
        sys.stdout.write(line + "\n")
    else:
        show(item.value, result)


def _write_line(
    item: Item, outcome: tuple[str | None, Any, str | None], show: Callable[[Any, Any], None], json_output: bool
) -> bool:
    """Write one line's result or error in a batch; True for an error."""
    message, result, line = outcome
    if message is None:
        if line is not None:
            sys.stdout.write(line + "\n")
        else:
            key = _id_of(item.value)
            console.rule(f"line {item.line}" + (f" (id {quote(key, 40)})" if key is not _NO_ID else ""), style="dim")
            show(item.value, result)
        return False
    message = f"line {item.line}: {message}"
    if json_output:
        error: dict[str, Any] = {"error": message}
        key = _id_of(item.value)
        if key is not _NO_ID:
            error["id"] = key  # after the error: a line that is an error always starts with {"error"
        try:
            text = _dumps(error)
        except NotWritableError:
            text = _dumps({"error": message})
        sys.stdout.write(text + "\n")
    else:
        console.print(Text("error: ", style="red") + Text(message), soft_wrap=True)
    return True


# -- the score card


def _show_score(data: Any, result: ScoreResult) -> None:
    """A score card: the hand as read, one row per item with its value, the arithmetic and the total.
    A hand that does not win says why; one that is not complete, how far it is (its shanten)."""
    from sparrow.compact import format_compact

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
    if not result.valid:
        console.print(Text("not a legal win: ", style="red") + Text(result.reason or "no reason given"))
        distance = _distance(situation, ruleset)
        if distance is not None:
            console.print(Text(distance), soft_wrap=True, highlight=False)


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
    options = _ruleset_discards(ruleset, counts, melds, ruleset.forms(), [0] * 34)
    distance = min((option.shanten for option in options), default=shanten(counts, melds, ruleset.forms()))
    ready = "ready after a discard" if distance == 0 else f"{distance} tile{'s' if distance != 1 else ''} from ready"
    command = f"sparrow analyze {format_tiles(standing)}"
    if melds:
        command += f" --melds {melds}"
    return f"shanten {distance} ({ready}): see {command} --rules {ruleset.name}"


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
    from sparrow.compact import compact_fields, parse_option

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


@app.command(epilog=_NOTATION_HELP)
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
        typer.Option("--rules", "-r", metavar="NAME", help="The ruleset for --hand: nts, hkos, chinese, casual."),
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

    Reads hand situations as JSON (shared/spec/hand-situation.md) from
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
        _run(file, _score_one, ScoreResult.to_dict, _show_score, as_json, _score_line, _score_json_line)
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


@app.command()
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
    _run(file, _settle_one, lambda payments: {"payments": payments}, _show_settlement, as_json)


def _register_more_commands() -> None:
    from sparrow import cli_play, cli_rules, cli_serve, cli_simulate

    cli_rules.register(app)
    cli_simulate.register(app)
    cli_play.register(app)
    cli_serve.register(app)


_register_more_commands()


# ---------------------------------------------------------------------------- help that reads well


def _reflow(text: str) -> str:
    """Join the lines of each paragraph, so that the help wraps at the terminal's width instead of
    breaking sentences where the source did. Indented lines (examples, tables) are kept as written."""
    paragraphs = []
    for paragraph in inspect.cleandoc(text).split("\n\n"):
        lines = paragraph.split("\n")
        if any(line.startswith(" ") for line in lines):
            paragraphs.append(paragraph)
        else:
            paragraphs.append(" ".join(line.strip() for line in lines))
    return "\n\n".join(paragraphs)


def _short_help(text: str) -> str:
    """The line in the list of commands: the first paragraph, up to its first colon when it is long."""
    first = text.split("\n\n")[0]
    if len(first) > 100 and ": " in first:
        first = first.split(": ")[0] + "."
    return first


def _tidy_help() -> None:
    """Every command's help: paragraphs reflowed, a short line in the list of commands; and two
    changes to how Typer (0.29) shows parameters: no type after a flag (``--json <bool>``: a flag
    takes no value) or an argument (its name says it), and an option's value named after the option
    (``--rules RULES``) unless it has a metavar. Usage lines name arguments in capitals
    (``TILES``, ``[FILE]``), not ``{tiles}``."""
    from typer.core import TyperArgument, TyperOption

    for info in app.registered_commands:
        help_text = info.help or inspect.getdoc(info.callback) or ""
        info.help = _reflow(help_text)
        info.short_help = info.short_help or _short_help(info.help)
        if info.epilog:
            info.epilog = _reflow(info.epilog)

    def option_type(self: TyperOption, ctx: Any) -> str | None:
        if self.is_flag or self.count:
            return None
        if self.metavar is not None:
            return self.metavar
        return (self.name or "value").upper() + ("..." if self.nargs != 1 else "")

    def argument_type(self: TyperArgument, ctx: Any) -> str | None:
        return None

    def usage_name(self: TyperArgument) -> str:
        name = self.metavar or (self.name or "").upper()
        name += "..." if self.nargs != 1 else ""
        return name if self.required else f"[{name}]"

    def argument_name(self: TyperArgument) -> str:
        return (self.metavar or (self.name or "").upper()) + ("..." if self.nargs != 1 else "")

    TyperOption.display_type_rich = option_type  # type: ignore[method-assign]
    TyperArgument.display_type_rich = argument_type  # type: ignore[method-assign]
    TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign]
    TyperArgument.display_name_raw = property(argument_name)  # type: ignore[assignment,method-assign]


_tidy_help()


def main(argv: list[str] | None = None) -> None:
    """The ``sparrow`` command. Usage errors (an unknown option, a missing argument, a value out of
    range) are one line on stderr, ``error: ...``, and exit code 2, as every other bad input."""
    args = sys.argv[1:] if argv is None else list(argv)
    if not args:
        app(args=args, prog_name="sparrow")  # no_args_is_help: Typer shows the help
        return
    try:
        code = app(args=args, prog_name="sparrow", standalone_mode=False)
    except typer.TyperException as error:  # click's UsageError, BadParameter, NoSuchOption...
        sys.stderr.write(f"error: {_one_line(error.format_message())}{_help_hint(error)}\n")
        sys.exit(getattr(error, "exit_code", 2))
    except typer.Abort:
        sys.exit(1)
    except KeyboardInterrupt:
        sys.exit(130)
    sys.exit(code if isinstance(code, int) else 0)


def _one_line(message: str) -> str:
    return " ".join(message.split())


def _help_hint(error: Exception) -> str:
    context = getattr(error, "ctx", None)
    path = getattr(context, "command_path", None)
    return f" (see {path} --help)" if path else ""


if __name__ == "__main__":
    main()
