"""How the command line writes things for people: values in the family's units, counts in the
singular for one, and tiles as Unicode glyphs or in the notation (the global ``--glyphs/--ascii``)."""

from __future__ import annotations

import sys
from collections.abc import Iterable

from sparrow.core.tiles import Tile, format_tiles, format_tiles_in_order

__all__ = ["DISPLAY", "counted", "value_text", "terminal_shows_glyphs", "tiles_text"]

# Set for each run by the root callback of ``sparrow``: glyphs when standard output is a UTF-8
# terminal, unless ``--glyphs`` or ``--ascii`` says otherwise.
DISPLAY = {"glyphs": False}


# How a value of each kind of score card line reads: (one, more than one).
_UNITS = {
    "points": ("point", "points"),
    "doubling": ("doubling", "doublings"),
    "faan": ("faan", "faan"),
    "fan": ("fan", "fan"),
}


def counted(number: int, one: str, many: str | None = None) -> str:
    """``1 hand``, ``2 hands``: a number and its noun, in the singular for exactly one."""
    return f"{number} {one if number == 1 else (many or one + 's')}"


def value_text(kind: str, value: int, limit_unit: str = "points") -> str:
    """``1 point``, ``2 doublings``, ``3 faan``; a limit hand in the family's own unit:
    ``10 faan (limit)`` under HKOS, ``2000 points (limit)`` under NTS."""
    if kind == "limit":
        one, many = _UNITS.get(limit_unit, (limit_unit, limit_unit))
        return f"{value} {one if value == 1 else many} (limit)"
    one, many = _UNITS.get(kind, (kind, kind))
    return f"{value} {one if value == 1 else many}"


def terminal_shows_glyphs() -> bool:
    """Whether standard output is a terminal that takes UTF-8 (and so, most likely, the glyphs)."""
    stdout = sys.stdout
    encoding = (getattr(stdout, "encoding", None) or "").lower().replace("-", "").replace("_", "")
    try:
        return encoding == "utf8" and stdout.isatty()
    except (AttributeError, ValueError):  # a replaced or closed stream
        return False


def tiles_text(tiles: Iterable[int], *, in_order: bool = False) -> str:
    """Tiles for people: glyphs when they are on (sorted, or ``in_order``), else the notation."""
    if DISPLAY["glyphs"]:
        shown = list(tiles) if in_order else sorted(tiles)
        return "".join(Tile(int(tile)).glyph for tile in shown)
    return format_tiles_in_order(tiles) if in_order else format_tiles(tiles)
