"""Hypothesis strategies for tiles and complete hands, shared by the core's tests."""

from __future__ import annotations

from hypothesis import strategies as st

from sparrow.core.hand import Meld
from sparrow.core.tiles import KINDS, Tile

SUITED = [t for t in KINDS if t.is_suited]
CHOW_STARTS = [t for t in SUITED if t.rank <= 7]


@st.composite
def tile_lists(draw, max_size: int = 14) -> list[Tile]:
    """A collection of real tiles: at most four of a kind, at most one of a bonus tile."""
    pool = [t for t in KINDS for _ in range(4)] + [Tile(i) for i in range(34, 42)]
    indices = draw(st.lists(st.integers(0, len(pool) - 1), unique=True, max_size=max_size))
    return [pool[i] for i in indices]


@st.composite
def complete_hands(draw, max_melds: int = 0) -> tuple[list[int], list[Meld]]:
    """A complete regular hand: (34 counts of the standing tiles, declared melds).

    Set i starts from kind ``(choice + 9 * i) % 34`` so that the simplest example is already valid
    (hypothesis shrinks towards zeros)."""
    total = [0] * 34
    sets: list[list[Tile]] = []
    for i in range(4):
        chow = draw(st.booleans())
        choice = draw(st.integers(0, 33))
        for step in range(34):
            kind = KINDS[(choice + 9 * i + step) % 34]
            if chow and kind.is_suited and kind.rank <= 7:
                tiles = [kind, Tile(kind + 1), Tile(kind + 2)]
            elif not chow:
                tiles = [kind] * 3
            else:
                continue
            if all(total[t] + tiles.count(t) <= 4 for t in tiles):
                break
        sets.append(tiles)
        for t in tiles:
            total[t] += 1
    choice = draw(st.integers(0, 33))
    pair = next(KINDS[(choice + step) % 34] for step in range(34) if total[(choice + step) % 34] <= 2)
    total[pair] += 2
    declared = draw(st.integers(0, max_melds))
    melds = [Meld("chow" if s[0] != s[1] else "pung", tuple(s)) for s in sets[:declared]]
    for meld in melds:
        for t in meld.tiles:
            total[t] -= 1
    return total, melds
