"""A sheet written out: JSON (the Sheet itself, which :func:`import_json` reads back) and CSV (for a
spreadsheet: one line per row with what it added to each player, then the totals).
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from sparrow.i18n import DEFAULT_LANGUAGE, N_, gettext
from sparrow.sheets.errors import SheetError
from sparrow.sheets.riichi import number
from sparrow.sheets.sheet import Sheet

__all__ = ["export_json", "import_json", "export_csv", "MAX_IMPORT"]

MAX_IMPORT = 2_000_000  # characters: far above any sheet of a few evenings


def export_json(sheet: Sheet) -> str:
    """The sheet's JSON form (``Sheet.to_dict()``), one document."""
    return json.dumps(sheet.to_dict(), ensure_ascii=False, indent=1)


def import_json(text: str | bytes) -> Sheet:
    """The sheet a JSON export describes, every row checked and recomputed. Malformed input is a
    :class:`SheetError` naming what is wrong."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise SheetError("file", "is not UTF-8 text") from None
    if len(text) > MAX_IMPORT:
        raise SheetError("file", "is too large for a score sheet ({size} characters)", size=len(text))
    try:
        data: Any = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise SheetError("file", "is not JSON: {detail}", detail=str(error)[:120]) from None
    return Sheet.from_dict(data)


# The CSV's headers and words, in the catalogue (the export follows the page's language).
CSV_WORDS = {
    "n": N_("Hand"),
    "dealer": N_("Dealer"),
    "round_wind": N_("Round wind"),
    "winner": N_("Winner"),
    "win_by": N_("How it was won"),
    "discarder": N_("Discarder"),
    "hand": N_("{name} hand score"),
    "faan": N_("Faan"),
    "total": N_("Totals"),
    "drawn": N_("drawn"),
    "dead": N_("dead"),
    "game": N_("Game"),
    "first_dealer": N_("First dealer"),
    "final": N_("{name} final points"),
    "place": N_("{name} place"),
    "result": N_("{name} result"),
    "chombo": N_("Chombo: {name}"),
}
RIICHI_COLUMNS = (("game", "first_dealer"), ("final", "place", "result"))
WIN_BY_WORDS = {
    "discard": N_("On a discard"),
    "self_draw": N_("Self-drawn"),
    "kong_replacement": N_("On a kong replacement"),
    "flower_replacement": N_("On a flower replacement"),
    "robbing_kong": N_("Robbing a kong"),
}


def export_csv(sheet: Sheet, lang: str = DEFAULT_LANGUAGE) -> str:
    """One line per row: its number, dealer, round wind, winner, way of winning and discarder, the
    points it added to each player (for NTS also each hand score, a dead hand marked as such; for HKOS
    the winner's faan), then a line of totals. Headers and words in ``lang``."""
    _ = gettext(lang)
    if sheet.riichi:
        return _riichi_csv(sheet, _)
    players = list(sheet.players)
    hands = sheet.every_hand_scored  # every player's hand is scored (NTS): worth its own columns
    faan = sheet.counts_faan  # the winner's faan (HKOS): a column of its own
    header = [_(CSV_WORDS[key]) for key in ("n", "dealer", "round_wind", "winner", "win_by", "discarder")]
    header += players
    if hands:
        header += [_(CSV_WORDS["hand"]).format(name=name) for name in players]
    if faan:
        header.append(_(CSV_WORDS["faan"]))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_safe(cell) for cell in header)
    for row in sheet.rows:
        entry = row.entry
        if entry.chombo is not None:  # a penalty, no hand: its line says whose, then what it took
            penalty: list[Any] = [_(CSV_WORDS["chombo"]).format(name=entry.chombo), "", "", "", "", ""]
            penalty += [row.points[name] for name in players]
            writer.writerow(_safe(cell) for cell in penalty)
            continue
        winner = _(CSV_WORDS["drawn"]) if entry.drawn else entry.winner
        how = _(WIN_BY_WORDS[entry.win_by]) if entry.win_by in WIN_BY_WORDS else entry.win_by
        line: list[Any] = [row.hand, row.turn.dealer, row.turn.round_wind, winner, how, entry.discarder]
        line += [row.points[name] for name in players]
        if hands:
            line += [_(CSV_WORDS["dead"]) if name in entry.dead else entry.scores.get(name, 0) for name in players]
        if faan:
            line.append(entry.faan)
        writer.writerow("" if cell is None else _safe(cell) for cell in line)
    totals = sheet.totals
    writer.writerow([_(CSV_WORDS["total"]), "", "", "", "", "", *(totals[name] for name in players)])
    return out.getvalue()


def _riichi_csv(sheet: Sheet, _: Any) -> str:
    """A riichi sheet: one line per game with the first dealer, then per player the final points, the
    place and the result with uma and oka; the last line the totals of the results."""
    players = list(sheet.players)
    first, per_player = RIICHI_COLUMNS
    header = [_(CSV_WORDS[key]) for key in first]
    for key in per_player:
        header += [_(CSV_WORDS[key]).format(name=name) for name in players]
    header += players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_safe(cell) for cell in header)
    for row in sheet.rows:
        if row.entry.chombo is not None:  # a penalty after a game: only the results and totals it changes
            penalty: list[Any] = [_(CSV_WORDS["chombo"]).format(name=row.entry.chombo), ""]
            penalty += [""] * (2 * len(players))  # no final points, no places
            penalty += [number(row.points[name]) for name in players]
            penalty += [number(row.totals[name]) for name in players]
            writer.writerow(_safe(cell) for cell in penalty)
            continue
        assert row.places is not None
        line: list[Any] = [row.hand, row.entry.first_dealer or players[0]]
        line += [row.entry.scores[name] for name in players]
        line += [row.places[name] for name in players]
        line += [number(row.points[name]) for name in players]
        line += [number(row.totals[name]) for name in players]
        writer.writerow(_safe(cell) for cell in line)
    totals = sheet.totals
    writer.writerow(
        [_(CSV_WORDS["total"]), "", *([""] * (3 * len(players))), *(number(totals[name]) for name in players)]
    )
    return out.getvalue()


def _safe(cell: Any) -> Any:
    """Text that a spreadsheet would run as a formula (a name typed as ``=SUM(...)``) is quoted."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell
