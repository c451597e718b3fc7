"""Sparrow: a mahjong rules engine, score calculator and table for several rule families."""

from sparrow import _compiled  # noqa: F401  (first: it decides whether compiled modules may load)
from sparrow.core.hand import Hand, HandError, Meld, MeldKind
from sparrow.core.tiles import Tile, TileError, format_tiles, parse_tiles

__version__ = "0.1.0"

__all__ = ["Hand", "HandError", "Meld", "MeldKind", "Tile", "TileError", "format_tiles", "parse_tiles", "__version__"]
