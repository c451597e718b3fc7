"""``sparrow play`` writes tiles in its running text as players write them: the log of what happened
and the line of the tile open to claims say "discards Red Dragon", "sets out Flower 2", never the
notation ("7z", "2f"), at every family's table."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from sparrow.cli.play import describe_event
from sparrow.core.tiles import TILE_CODES, tile_name

SPARROW = str(Path(sys.executable).with_name("sparrow"))
# A tile in the notation: a digit and a suit letter on their own ("5p", "4f"), or a run of them ("345s").
NOTATION = re.compile(r"\b\d+[mpszf]\b")
# The sentences of the log and of the tile open to claims (the grid and the hand rows are drawings).
SENTENCE = re.compile(r"\b(discards?|sets? out|claims?|draw|dora indicator|robs?|wins? on|discarded)\b")


def test_every_tile_has_a_name_and_a_red_five_says_it_is_red():
    names = {code: tile_name(code) for code in TILE_CODES}
    assert names["7z"] == "Red Dragon" and names["3s"] == "3 Bamboo" and names["4f"] == "Flower 4"
    assert names["0p"] == "Red 5 Circles" and names["5p"] == "5 Circles"
    assert len(set(names.values())) == len(names)  # no two tiles read alike
    assert not any(NOTATION.search(name) for name in names.values())


@pytest.mark.parametrize(
    ("event", "said"),
    [
        ({"event": "discard", "seat": "E", "tile": "7z"}, "Ann (E) discards Red Dragon"),
        ({"event": "bonus", "seat": "S", "tile": "2f"}, "You set out Flower 2"),
        ({"event": "claim", "seat": "W", "from": "E", "kind": "chow", "meld": "345s", "tile": "3s"},
         "Cy (W) claims a chow: 3 Bamboo, 4 Bamboo, 5 Bamboo"),
        ({"event": "claim", "seat": "W", "from": "E", "kind": "pung", "meld": ["5p", "0p", "5p"], "tile": "0p"},
         "Cy (W) claims a pung: 5 Circles, Red 5 Circles"),
        ({"event": "dora", "indicator": "9m"}, "A new dora indicator: 9 Characters"),
    ],
)  # fmt: skip
def test_events_name_their_tiles(event, said):
    names = {"E": "Ann", "S": "You", "W": "Cy", "N": "Di"}
    assert describe_event(event, names, "S") == said


def _play(*args: str) -> str:
    env = dict(os.environ, COLUMNS="120", TERM="dumb")
    # Discard the first tile every turn, pass on every claim, to the end of the hand.
    done = subprocess.run(
        [SPARROW, "--ascii", "play", *args], input="1\n\n" * 150, capture_output=True, text=True, timeout=300, env=env
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("rules", ["hkos", "riichi"])
def test_a_real_game_writes_no_notation_in_its_sentences(rules):
    out = _play("--rules", rules, "--level", "easy", "--seed", "7")
    sentences = [line for line in out.splitlines() if SENTENCE.search(line) and not re.search("[│┃║|]", line)]
    # (what to type is the notation: the keys' help, "c = chow 123m", and the answer to a key that is none)
    sentences = [line for line in sentences if " = " not in line and "type a tile" not in line]
    assert len(sentences) > 20, out[-2000:]
    wrong = [line for line in sentences if NOTATION.search(line)]
    assert not wrong, wrong[:5]
    named = set(re.findall(r"(?:discards|discard) ([A-Z][\w ]+?|\d [A-Z]\w+)$", "\n".join(sentences), re.M))
    assert named & {tile_name(code) for code in TILE_CODES}, sentences[:10]
