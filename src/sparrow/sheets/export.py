"""A sheet written out: JSON (the Sheet itself, which :func:`import_json` reads back) and CSV (for a
spreadsheet: one line per row with what it added to each player, then the totals).
"""

from __future__ import annotations

import csv
import io
import json
from typing import Any

from sparrow.sheets.errors import SheetError
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


def export_csv(sheet: Sheet) -> str:
    """One line per row: its number, dealer, round wind, winner, way of winning and discarder, the
    points it added to each player (for NTS also each hand score), then a line of totals."""
    players = list(sheet.players)
    hands = sheet.rules == "nts"  # every player's hand is scored: worth its own columns
    header = ["n", "dealer", "round_wind", "winner", "win_by", "discarder", *players]
    if hands:
        header += [f"{name} hand" for name in players]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_safe(cell) for cell in header)
    for row in sheet.rows:
        entry = row.entry
        winner = "drawn" if entry.drawn else entry.winner
        line: list[Any] = [row.n, row.turn.dealer, row.turn.round_wind, winner, entry.win_by, entry.discarder]
        line += [row.points[name] for name in players]
        if hands:
            line += [entry.scores.get(name, 0) for name in players]
        writer.writerow("" if cell is None else _safe(cell) for cell in line)
    totals = sheet.totals
    writer.writerow(["total", "", "", "", "", "", *(totals[name] for name in players)])
    return out.getvalue()


def _safe(cell: Any) -> Any:
    """Text that a spreadsheet would run as a formula (a name typed as ``=SUM(...)``) is quoted."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell
