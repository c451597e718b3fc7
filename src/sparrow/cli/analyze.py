"""``sparrow analyze``: a hand's shanten number, and per discard the tiles it accepts and how many are left.

With ``--situation`` (one seat's view of the table, any family: ``docs/spec/seat-view.md``) it lists
every discard with the evaluator's figures instead (:mod:`sparrow.bots.evaluator`): the chance to win,
a win's worth, the chance to deal in against each threat (a player in riichi, an opponent that looks
ready) with the reading that says so, the expected points and the reason in one line. ``--lang nl``
says it in Dutch."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.table import Table
from rich.text import Text

from sparrow.bots.evaluator import DiscardValue, evaluate_discards, places_at_stake
from sparrow.bots.evaluator import threats as threats_of
from sparrow.bots.reasons import SEAT_NAMES, reason_text
from sparrow.bots.seat_view import SeatView, kind_of, names_text
from sparrow.cli.common import InputError, console, input_errors
from sparrow.cli.options import whole_number
from sparrow.cli.text import DISPLAY, tiles_text
from sparrow.core.analysis import Discard, Forms, accepted_tiles, discard_options, shanten, unseen_count
from sparrow.core.family_facts import RED_FIVE_FAMILIES, without_red_fives
from sparrow.core.messages import quote
from sparrow.core.situation import SituationError
from sparrow.core.tiles import Tile, format_tiles, parse_tiles, tile_counts
from sparrow.i18n import LANGUAGES, N_, gettext, localize_numbers
from sparrow.rules import Ruleset, get_ruleset

__all__ = ["register", "analyze", "ruleset_discards", "situation_rows"]


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
    situation: Annotated[
        str | None,
        typer.Option(
            "--situation",
            metavar="JSON",
            help="The table as the hand's seat sees it (any family; docs/spec/seat-view.md): a JSON file, -"
            " for standard input, or the JSON itself. Lists every discard with its chance to win, worth,"
            " deal-in risk, expected points and reason.",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
    lang: Annotated[
        str,
        typer.Option("--lang", metavar="LANG", help=f"The language of the words: {', '.join(LANGUAGES)}."),
    ] = "en",
) -> None:
    """Shanten number, and per discard the tiles each choice accepts and how many are left.

    A 14-tile hand (13 - 3 per declared set, plus one) lists every discard; a 13-tile hand lists the
    tiles that improve it (its waits when it is ready). With --situation, the hand on its turn at
    the table it describes (any family): every discard valued by the evaluator, best first."""
    if lang not in LANGUAGES:
        raise InputError(f"--lang: {quote(lang)} is not a language of Sparrow's (one of {', '.join(LANGUAGES)})")
    t = gettext(lang)
    if situation is not None:
        _analyze_situation(tiles, situation, rules=rules, melds=melds, visible=visible, as_json=as_json, lang=lang)
        return
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
        console.print(Text(tiles_text(hand), style="bold") + Text(f"  {t(N_('shanten'))} {_describe(current, t)}"))
        table = Table(t(N_("discard")), t(N_("shanten")), t(N_("accepted tiles")), t(N_("count")))
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
    line = t(N_("waits: {tiles} ({count} left)")) if current == 0 else t(N_("accepted tiles: {tiles} ({count} left)"))
    console.print(Text(tiles_text(hand), style="bold") + Text(f"  {t(N_('shanten'))} {_describe(current, t)}"))
    console.print(Text(line.format(tiles=tiles_text(accepted) or "-", count=count)))


# ---------------------------------------------------------------------- --situation


def _analyze_situation(
    tiles: str, text: str, *, rules: str | None, melds: int, visible: str, as_json: bool, lang: str
) -> None:
    t = gettext(lang)

    def local(text: str) -> str:  # numbers as the language writes them (1,5% in Dutch)
        return text if lang == "en" else localize_numbers(text, lang)

    if melds:
        raise InputError("--melds: with --situation the situation's melds say which sets are declared")
    if visible:
        raise InputError("--visible: with --situation the situation's rivers, sets and dora say what is seen")
    view = situation_view(tiles, _read_situation(text), rules)
    values = evaluate_discards(view)
    counts = [0] * 34
    for name in view.hand:
        counts[kind_of(name)] += 1
    now = shanten(counts, len(view.own_melds), get_ruleset(view.rules).forms(view.options))
    # The players in riichi, or (the families without riichi) the opponents that look ready.
    threats = (
        [seat for seat in view.riichi if seat != view.seat] if view.reads_dora else threats_of(view.to_observation())
    )
    rows = situation_rows(values, t)
    if as_json:
        data = {"tiles": names_text(view.hand), "seat": view.seat, "shanten": now, "threats": threats, "discards": rows}
        print(json.dumps(data))
        return
    where = [
        f"{view.rules}",
        f"{t(N_('seat'))} {view.seat}",
        f"{t(N_('round'))} {view.round_wind}",
    ]
    if view.reads_dora:
        where.append(f"{t(N_('dora indicators'))} {' '.join(view.dora_indicators)}")
    where.append(f"{t(N_('wall'))} {view.live_wall}")
    if threats:
        label = t(N_("riichi")) if view.reads_dora else t(N_("looks ready"))
        where.append(f"{label}: " + ", ".join(t(SEAT_NAMES[seat]) for seat in threats))
    console.print(_names_shown(view.hand) + Text(f"  {t(N_('shanten'))} {_describe(now, t)}"))
    console.print(" · ".join(where), highlight=False)
    if places_at_stake(view):  # the values count the places: the standing they are read from
        standing = sorted(view.scores.items(), key=lambda item: -item[1])
        console.print(
            f"{t(N_('last hand, places at stake'))}: "
            + ", ".join(f"{t(SEAT_NAMES[seat])} {local(f'{points:,}')}" for seat, points in standing),
            highlight=False,
        )
    # The figures in a table, each discard's reason under it in a line of its own (a column would be
    # a narrow one on an 80-column terminal).
    table = Table(t(N_("discard")), t(N_("shanten")), t(N_("accepted")), t(N_("win %")), t(N_("worth")))
    for seat in threats:
        table.add_column(f"{t(N_('deal-in vs'))} {t(SEAT_NAMES[seat])}")
    table.add_column(t(N_("expected")), justify="right")
    for value, row in zip(values, rows, strict=True):
        # Each threat's chance and the reading that gives it; what adjusted it is in the reason line.
        against = {risk["seat"]: risk for risk in row["risk"]}
        risks = [
            (f"{risk['percent']:g}% {t(risk['why'])}" if risk["percent"] else t(risk["why"])) if risk else "0%"
            for risk in (against.get(seat) for seat in threats)
        ]
        table.add_row(
            _names_shown([value.name]),
            str(row["shanten"]),
            str(row["accepted"]),
            local(f"{row['win_chance']:g}"),
            local(f"{row['win_value']:,}"),
            *map(local, risks),
            local(f"{row['value']:+,}"),
        )
    console.print(table)
    for value, row in zip(values, rows, strict=True):
        # One line each, as long as it is (the terminal wraps it; a pipe gets it whole).
        console.print(Text("  ") + _names_shown([value.name]) + Text(f": {local(row['reason'])}"), soft_wrap=True)


def situation_rows(values: list[DiscardValue], t: Callable[[str], str] | None = None) -> list[dict[str, Any]]:
    """The evaluator's values as ``--json`` writes them, best first (keys: ``docs/cli.md``); the
    ``reason`` line in English, or through ``t`` (``sparrow.i18n.gettext(lang)``)."""
    return [
        {
            "discard": value.name,
            "shanten": value.shanten,
            "accepted": value.accepted,
            "waits": [str(wait) for wait in value.waits],
            "win_chance": round(100 * value.win_chance, 1),
            "win_value": round(value.win_value),
            "deal_in": round(100 * value.deal_in, 1),
            "deal_in_cost": round(value.deal_in_cost),
            "value": round(value.value),
            "dama_value": None if value.dama_value is None else round(value.dama_value),
            "risk": [danger.to_dict() for danger in value.dangers],
            "reasons": [reason.to_dict() for reason in value.reasons],
            "reason": reason_text(value.reasons) if t is None else reason_text(value.reasons, t),
        }
        for value in values
    ]


def situation_view(tiles: str, document: Any, rules: str | None = None) -> SeatView:
    """The seat's view of ``--situation``'s ``document`` with TILES as its hand (``--rules``, when
    given, as its rules); InputError or SituationError for what cannot be a real table."""
    if not isinstance(document, dict):
        raise InputError(f"--situation: expected a JSON object, got {type(document).__name__}")
    if "hand" in document:
        raise InputError("--situation: the hand is TILES, so the situation has no hand field")
    if rules is not None:
        given = document.get("rules", rules)
        if given != rules:
            raise InputError(f"--rules {rules} and the situation's rules {quote(given)} disagree")
        document = {**document, "rules": rules}
    try:
        return SeatView.from_dict({**document, "hand": tiles})
    except SituationError as error:
        if error.field == "hand":  # the hand is TILES on this command line
            raise InputError("TILES" + str(error)[len("hand") :]) from None
        raise


def _read_situation(text: str) -> Any:
    """``--situation``'s JSON: the text itself when it starts with ``{`` (or ``[``), standard input
    for ``-``, else the file it names."""
    if text.lstrip().startswith(("{", "[")):
        source = text
    elif text == "-":
        source = sys.stdin.read()
    else:
        try:
            source = Path(text).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            raise InputError(f"--situation: cannot read {quote(text)}: {reason}") from None
    try:
        return json.loads(source)
    except json.JSONDecodeError as error:
        raise InputError(f"--situation: not JSON ({error.msg} at line {error.lineno}, column {error.colno})") from None
    except RecursionError:
        raise InputError("--situation: not JSON a table can be read from (nested too deep)") from None


def _names_shown(names: Sequence[str]) -> Text:
    """Tile names for people: glyphs (a red five in red) when they are on, else the notation."""
    if not DISPLAY["glyphs"]:
        return Text(names_text(names))
    shown = Text()
    for name in names:
        shown.append(Tile(kind_of(name)).glyph, style="red" if name.startswith("0") else "")
    return shown


def _describe(value: int, t: Callable[[str], str]) -> str:
    if value == -1:
        return f"-1 ({t(N_('complete'))})"
    if value == 0:
        return f"0 ({t(N_('ready'))})"
    return str(value)


def register(app: typer.Typer) -> None:
    """Add the analyze command to ``app``."""
    app.command()(analyze)
