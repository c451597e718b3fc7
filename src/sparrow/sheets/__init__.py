"""Score sheets for real tables: rows typed per hand, the ruleset's rotation and settlement, running
totals and standings (``docs/sheets.md``). Pure values: no I/O; the web app stores and serves them.

    >>> from sparrow.sheets import create_sheet
    >>> sheet = create_sheet("hkos", ["Alice", "Ben", "Cara", "Dev"])
    >>> sheet = sheet.add_row({"winner": "Alice", "win_by": "self_draw", "scores": {"Alice": 48}})
    >>> sheet.totals
    {'Alice': 48, 'Ben': 0, 'Cara': 0, 'Dev': 0}
"""

from sparrow.sheets.errors import SheetError
from sparrow.sheets.export import export_csv, export_json, import_json
from sparrow.sheets.rows import Entry, Turn
from sparrow.sheets.seating import default_length, length_label, lengths
from sparrow.sheets.sheet import Row, Sheet, create_sheet, sheet_label, sheet_order, sheet_rules
from sparrow.sheets.standings import TABLE_POINTS, Standing

__all__ = [
    "Sheet",
    "Row",
    "Entry",
    "Turn",
    "Standing",
    "SheetError",
    "create_sheet",
    "sheet_rules",
    "sheet_label",
    "sheet_order",
    "export_csv",
    "export_json",
    "import_json",
    "lengths",
    "default_length",
    "length_label",
    "TABLE_POINTS",
]
