"""Real Tenhou games of tests/data played again at Sparrow's table, a turn at a time: what the
evaluator and the reading tests walk through, and a typed-in table those tests share."""

from __future__ import annotations

import gzip
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sparrow.formats.mjai import read_mjai
from sparrow.game import Phase, ReplayError
from sparrow.game.hands import Hand, from_hand_start, replay_onto
from sparrow.play.riichi_mjai import replay_game
from sparrow.rules.riichi.presets import match_options

CORPUS = Path(__file__).resolve().parent / "data" / "tenhou"

# A seat's view typed in (docs/spec/seat-view.md): East declared riichi on its sixth discard, 6z;
# South, the seat seen, is on its turn.
TABLE: dict[str, Any] = {
    "rules": "riichi",
    "seat": "S",
    "round_wind": "E",
    "dora": "3m",
    "live_wall": 40,
    "rivers": {"E": "1z9m2p7s1p6z", "S": "9s1m4z8p", "W": "2z9p1s7z", "N": "3z8m5z9s"},
    "riichi": {"E": 5},
}


def tenhou_turns(games: int) -> Iterator[tuple[Hand, list[dict[str, Any]], int]]:
    """Every turn of the first ``games`` Tenhou games: the hand at that moment, the hand's whole
    log, and where in it the hand stands (the next event is the turn's decision)."""
    for path in sorted(CORPUS.glob("*.mjai.jsonl.gz"))[:games]:
        text = gzip.decompress(path.read_bytes()).decode("utf-8")
        for played in replay_game(read_mjai(text), match_options("tenhou")):
            events = played.state.events
            hand = from_hand_start(events[0])
            upto = len(hand.events)
            while not hand.is_over and upto < len(events):
                if hand.phase is Phase.TURN and len(hand.events) == upto:
                    yield hand, events, upto
                upto += 1
                try:
                    replay_onto(hand, events[:upto])
                except ReplayError:
                    continue
                upto = len(hand.events)
