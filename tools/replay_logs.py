"""Replay game logs through the engine and check that it writes them again byte for byte.

    python tools/replay_logs.py hands.jsonl [more.jsonl ...]

Each file is a log as ``sparrow simulate --log`` writes it: JSON Lines, one event a line, the hands of
its matches one after the other. Every hand is dealt again from its ``hand_start`` (the wall as
recorded), every decision of the log is played, and the events the engine produces are written as the
command writes them; the result must be the file, byte for byte. Prints one line per file (hands,
events, whether it matched) and exits 1 on the first difference, naming its line. This is how a change
that must not change behaviour (a refactor) is checked against logs written before it.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from sparrow.game.events import split_hands  # noqa: E402  (from this checkout's sources)
from sparrow.game.replay import replay  # noqa: E402


def _line(event: dict) -> str:
    return json.dumps(event, ensure_ascii=False, separators=(",", ":"))


def check(path: Path) -> tuple[int, int, int | None]:
    """(hands, events, the first line that differs or None)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    events = [json.loads(line) for line in lines]
    number = 0
    hands = split_hands(events)
    for hand in hands:
        written = [_line(event) for event in replay(hand).events]
        for offset, text in enumerate(written):
            if number + offset >= len(lines) or lines[number + offset] != text:
                return len(hands), len(events), number + offset + 1
        number += len(written)
    return len(hands), len(events), None if number == len(lines) else number + 1


def main(paths: list[str]) -> int:
    if not paths:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    for name in paths:
        hands, events, differs = check(Path(name))
        if differs is not None:
            print(f"{name}: {hands} hands, {events} events: differs at line {differs}")
            return 1
        print(f"{name}: {hands} hands, {events} events: replayed byte for byte")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
