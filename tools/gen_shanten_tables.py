"""Generate the per-suit distance tables that ``sparrow.core.analysis`` ships.

For every pattern of one suit (nine counts 0-4, at most 14 tiles) and of the honours (seven counts,
no chows), the table holds the exact number of tiles that must be drawn so that the pattern contains
m sets and p pairs (m = 0..4, p = 0..1), never using a fifth copy of a tile. A whole hand's shanten
number is then a min-plus combination of four such vectors (see ``sparrow.core.analysis``).

The dynamic programme walks the positions of the suit once for all patterns together (numpy), with
the state (chows started two positions back, chows started one position back, sets, pairs).

Run: ``.venv/bin/python tools/gen_shanten_tables.py`` (needs numpy; about half a minute).
"""

from __future__ import annotations

import itertools
import struct
import sys
import zlib
from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent.parent / "src" / "sparrow" / "data" / "shanten_tables.bin"
INF = 99


def patterns(length: int) -> np.ndarray:
    grid = np.array(list(itertools.product(range(5), repeat=length)), dtype=np.int16)
    return grid[grid.sum(axis=1) <= 14]


def distances(hands: np.ndarray, chows: bool) -> np.ndarray:
    """(N, 10) array: entry 2*m + p is the draws needed for m sets and p pairs."""
    count, length = hands.shape
    # state (a, b, m, p) -> cost array
    states: dict[tuple[int, int, int, int], np.ndarray] = {(0, 0, 0, 0): np.zeros(count, dtype=np.int16)}
    for position in range(length):
        have = hands[:, position]
        next_states: dict[tuple[int, int, int, int], np.ndarray] = {}
        max_chows = 4 if chows and position <= length - 3 else 0
        for (a, b, m, p), cost in states.items():
            for c in range(max_chows + 1):
                for pung in (0, 1):
                    for pair in (0, 1):
                        need = a + b + c + 3 * pung + 2 * pair
                        sets = m + c + pung
                        pairs = p + pair
                        if need > 4 or sets > 4 or pairs > 1:
                            continue
                        new_cost = cost + np.maximum(0, need - have)
                        key = (b, c, sets, pairs)
                        if key in next_states:
                            np.minimum(next_states[key], new_cost, out=next_states[key])
                        else:
                            next_states[key] = new_cost
        states = next_states
    result = np.full((count, 10), INF, dtype=np.int16)
    for (_a, b, m, p), cost in states.items():
        if b != 0:
            continue
        column = 2 * m + p
        np.minimum(result[:, column], cost, out=result[:, column])
    return result


def encode(hands: np.ndarray, vectors: np.ndarray, interned: dict[bytes, int]) -> bytes:
    ids = np.empty(len(hands), dtype=np.uint16)
    for row, vector in enumerate(vectors):
        key = vector.astype(np.uint8).tobytes()
        ids[row] = interned.setdefault(key, len(interned))
    keys = hands.astype(np.uint8).tobytes()
    return struct.pack("<II", len(hands), hands.shape[1]) + keys + ids.tobytes()


def convolve(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Min-plus convolution of two vectors: the best split of m sets and p pairs between two groups."""
    out = [INF] * 10
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            m, p = i // 2 + j // 2, i % 2 + j % 2
            if m <= 4 and p <= 1:
                out[2 * m + p] = min(out[2 * m + p], x + y, INF)
    return tuple(out)


def close_under_convolution(vectors: list[tuple[int, ...]]) -> list[list[int]]:
    """Extend ``vectors`` until convolving any two gives a vector already there; return the id table."""
    ids = {v: i for i, v in enumerate(vectors)}
    table: dict[tuple[int, int], int] = {}
    done = 0
    while done < len(vectors):
        done = len(vectors)
        for i in range(done):
            for j in range(done):
                if (i, j) in table:
                    continue
                v = convolve(vectors[i], vectors[j])
                if v not in ids:
                    ids[v] = len(vectors)
                    vectors.append(v)
                table[i, j] = ids[v]
    n = len(vectors)
    return [[table[i, j] for j in range(n)] for i in range(n)]


def main() -> int:
    interned: dict[bytes, int] = {}
    blobs = []
    for length, chows in ((9, True), (7, False)):
        hands = patterns(length)
        vectors = distances(hands, chows)
        blobs.append(encode(hands, vectors, interned))
        print(f"{'suit' if chows else 'honour'} patterns: {len(hands)}", file=sys.stderr)
    vectors = [tuple(v) for v in interned]  # insertion order = id order
    print(f"distinct table vectors: {len(vectors)}", file=sys.stderr)
    table = close_under_convolution(vectors)
    assert len(vectors) < 256
    vector_blob = struct.pack("<I", len(vectors)) + b"".join(bytes(v) for v in vectors)
    vector_blob += b"".join(bytes(row) for row in table)
    print(f"vectors closed under convolution: {len(vectors)}", file=sys.stderr)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(zlib.compress(b"".join(blobs) + vector_blob, 9))
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
