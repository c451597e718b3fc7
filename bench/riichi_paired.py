"""Two versions of Riichi's players compared match by match, on the very same boards.

``sparrow simulate -r riichi --duplicate`` gives each player's mean result with its interval, but
two runs of it (one per version of the code) are compared only by their means. This plays the same
whole matches the lab plays (its boards and rotations, seeded alike) and writes each match's result
for the first player, so that two runs can be paired: where a change touches a few hands, most
matches play out the same, and the paired difference is far narrower than the two intervals.

    PYTHONPATH=/path/to/version-a/src .venv/bin/python bench/riichi_paired.py play -n 800 --seed 21 -o a.json
    PYTHONPATH=/path/to/version-b/src .venv/bin/python bench/riichi_paired.py play -n 800 --seed 21 -o b.json
    .venv/bin/python bench/riichi_paired.py compare a.json b.json

``play`` takes the lab's ``--players`` (default ``expert,normal,normal,normal``) and plays on two
processes. ``compare`` prints each run's mean result and place for the first player and the paired
difference (A less B) with its 95% interval, and how many matches differ.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
from multiprocessing import Pool

from _common import positive_int, seed_value

from sparrow.play.lab import Chunk, play_chunk, whole_game_chunks


def _first_player(chunk: Chunk) -> list[float]:
    game = play_chunk(chunk).game
    assert game is not None
    return [chunk.index, chunk.rotation, game.results[0], game.places[0]]


def play(matches: int, seed: int, players: tuple[str, ...], out: str) -> None:
    with Pool(2) as pool:
        chunks = list(whole_game_chunks("riichi", (), players, seed, matches, duplicate=True))
        rows = pool.map(_first_player, chunks, chunksize=4)
    with open(out, "w") as file:
        json.dump({"seed": seed, "players": players, "matches": rows}, file)
    print(f"{len(rows)} matches written to {out}")


def compare(first: str, second: str) -> None:
    runs = []
    for path in (first, second):
        with open(path) as file:
            runs.append({(row[0], row[1]): row for row in json.load(file)["matches"]})
    a, b = runs
    boards = sorted(set(a) & set(b))
    for name, run in (("A", a), ("B", b)):
        results = [run[key][2] for key in boards]
        places = [run[key][3] for key in boards]
        print(f"{name}: result {statistics.mean(results):+.2f}, place {statistics.mean(places):.3f}")
    for label, column in (("result", 2), ("place", 3)):
        differences = [a[key][column] - b[key][column] for key in boards]
        mean = statistics.mean(differences)
        half = 1.96 * statistics.stdev(differences) / math.sqrt(len(differences))
        print(f"A - B {label}: {mean:+.3f} ({mean - half:+.3f} to {mean + half:+.3f})")
    touched = sum(1 for key in boards if a[key][2] != b[key][2])
    print(f"{len(boards)} matches paired, {touched} differ")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    played = commands.add_parser("play", help="play the matches and write each one's result")
    played.add_argument("-n", "--matches", type=positive_int, default=800, help="matches, 4 a board (800)")
    played.add_argument("--seed", type=seed_value, default=21, help="the run's seed, as the lab's (21)")
    played.add_argument("-p", "--players", default="expert,normal,normal,normal", help="the lab's players")
    played.add_argument("-o", "--out", required=True, help="the JSON file to write")
    compared = commands.add_parser("compare", help="pair two runs match by match")
    compared.add_argument("first")
    compared.add_argument("second")
    options = parser.parse_args()
    if options.command == "play":
        play(options.matches, options.seed, tuple(options.players.split(",")), options.out)
    else:
        compare(options.first, options.second)


if __name__ == "__main__":
    main()
