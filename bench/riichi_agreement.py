"""How often each computer player chooses what strong players chose: real Tenhou games, turn by turn.

Every Phoenix-room game of ``tests/data/tenhou`` (the public corpus the Tenhou replay tests play) is
played again at Sparrow's table through the one face (``sparrow.game.hands``): each hand is dealt
from its recorded wall and its log is played onto it a decision at a time. At every turn where the
player had a real choice of discard (at least two kinds of tile to let go, not yet in riichi) and
discarded, each level's bot is shown that seat's observation, the one it would have at the table,
and asked what it would do. Counted:

* **discard**: the share of those turns where the bot discards the same kind of tile the player did
  (a red five and a plain one count as the same);
* **riichi**: of the turns where the player declared riichi, the share where the bot declares too
  (with any tile); and of the turns where the bot could and the player did not, the share where the
  bot declares anyway.

Besides the three levels, ``evaluator`` is the bare evaluator (``sparrow.bots.evaluator``): its best
discard, riichi when it may and it values riichi above dama. The peer in the same run is the outside greedy player every Riichi AI starts from, on the PyPI
``mahjong`` package's shanten alone: the discard that leaves the lowest shanten, then the most unseen
tiles that lower it, riichi whenever it may. Its figure and each level's ratio to it are printed.
The issue "An Expert that good players respect" aims at 60% for Expert; supervised networks trained
on such games reach about three in four.

    .venv/bin/python bench/riichi_agreement.py              # every Phoenix game of the corpus
    .venv/bin/python bench/riichi_agreement.py --games 7    # the first seven
    .venv/bin/python bench/riichi_agreement.py --json agreement.json
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import os
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from _common import positive_int  # noqa: E402
from peers.mahjong_greedy import MahjongGreedy  # noqa: E402

from sparrow.bots import LEVELS, get_bot  # noqa: E402
from sparrow.bots.evaluator import evaluate_discards  # noqa: E402
from sparrow.core.tiles import parse_tile  # noqa: E402
from sparrow.formats.mjai import read_mjai  # noqa: E402
from sparrow.game import Action, ActionKind, Observation, Phase, ReplayError  # noqa: E402
from sparrow.game.hands import Hand, from_hand_start, replay_onto  # noqa: E402
from sparrow.play.riichi_mjai import replay_game  # noqa: E402
from sparrow.rules.riichi.presets import match_options  # noqa: E402

PEER = "greedy (mahjong package)"
CORPUS = Path(__file__).resolve().parent.parent / "tests" / "data" / "tenhou"
# Tenhou's table codes of the Phoenix room with red fives: 00a9 the hanchan, 00a1 the east-only game.
PHOENIX = ("-00a9-", "-00a1-")

Chooser = Callable[[Observation], Action]


@dataclass(frozen=True, slots=True)
class Turn:
    """A turn with a real choice: the seat's observation and what the player did with it."""

    observation: Observation
    discarded: int  # the kind the player let go
    riichi: bool  # declared with it
    at: int = 0  # the place of the player's discard in the hand's log


@dataclass(slots=True)
class Tally:
    turns: int = 0
    same_discard: int = 0
    player_riichi: int = 0
    same_riichi: int = 0
    could_riichi: int = 0  # turns where the bot could declare and the player did not
    extra_riichi: int = 0
    seconds: float = 0.0
    kinds: dict[str, int] = field(default_factory=dict)
    times: list[float] = field(default_factory=list)  # each decision's seconds, for the 95th percentile

    def add(self, turn: Turn, chosen: Action) -> None:
        self.turns += 1
        if chosen.kind is ActionKind.DISCARD and chosen.tile is not None and int(chosen.tile) == turn.discarded:
            self.same_discard += 1
        declared = chosen.kind is ActionKind.DISCARD and chosen.riichi
        if turn.riichi:
            self.player_riichi += 1
            self.same_riichi += declared
        elif any(action.riichi for action in turn.observation.legal_actions):
            self.could_riichi += 1
            self.extra_riichi += declared

    def to_dict(self) -> dict[str, Any]:
        return {
            "turns": self.turns,
            "discard": _share(self.same_discard, self.turns),
            "discard_interval": _interval(self.same_discard, self.turns),
            "riichi_when_player_did": _share(self.same_riichi, self.player_riichi),
            "riichi_when_player_did_not": _share(self.extra_riichi, self.could_riichi),
            "player_riichi_turns": self.player_riichi,
            "ms_per_decision": round(1000 * self.seconds / self.turns, 2) if self.turns else None,
            "ms_p95": round(1000 * sorted(self.times)[int(0.95 * (len(self.times) - 1))], 2) if self.times else None,
        }


def _share(part: int, whole: int) -> float | None:
    return round(100 * part / whole, 1) if whole else None


def _interval(part: int, whole: int) -> list[float] | None:
    """A 95% interval of a share (Wilson's), in percent."""
    if not whole:
        return None
    z = 1.96
    p = part / whole
    centre = (p + z * z / (2 * whole)) / (1 + z * z / whole)
    half = z * math.sqrt(p * (1 - p) / whole + z * z / (4 * whole * whole)) / (1 + z * z / whole)
    return [round(100 * (centre - half), 1), round(100 * (centre + half), 1)]


def game_files(games: int | None) -> list[Path]:
    files = sorted(path for path in CORPUS.glob("*.mjai.jsonl.gz") if any(code in path.name for code in PHOENIX))
    return files[:games] if games else files


def hand_logs(path: Path) -> Iterator[list[dict[str, Any]]]:
    """Each hand of one Tenhou game as Sparrow's own log of it (the mjai log played at its table)."""
    text = gzip.decompress(path.read_bytes()).decode("utf-8")
    for hand in replay_game(read_mjai(text), match_options("tenhou")):
        yield hand.state.events


def turns_of(events: Sequence[dict[str, Any]]) -> Iterator[Turn]:
    """The turns of one hand where its player had a real choice of discard, and what they did."""
    hand: Hand = from_hand_start(events[0])
    upto = len(hand.events)
    while not hand.is_over and upto < len(events):
        if hand.phase is Phase.TURN and len(hand.events) == upto:
            turn = _turn_now(hand, events[upto])
            if turn is not None:
                yield Turn(turn.observation, turn.discarded, turn.riichi, upto)
        upto += 1
        try:
            replay_onto(hand, events[:upto])
        except ReplayError:
            continue  # this beginning stops inside what the table does by itself
        upto = len(hand.events)


def _turn_now(hand: Hand, next_event: dict[str, Any]) -> Turn | None:
    if next_event.get("event") != "discard":
        return None  # a win, a kan or nine terminals: no discard to compare
    seat = hand.to_act[0]
    observation = hand.observation(seat)
    kinds = {int(action.tile) for action in observation.legal_actions if action.kind is ActionKind.DISCARD}
    if len(kinds) < 2:
        return None  # in riichi, or one kind to let go: nothing to choose
    tile = next_event["tile"]
    kind = int(parse_tile(tile.replace("0", "5")))  # a red five is a five of its suit
    return Turn(observation, kind, bool(next_event.get("riichi")))


def greedy() -> Chooser:
    """The outside peer (``peers.mahjong_greedy``): the ``mahjong`` package's shanten and acceptance,
    riichi whenever it may."""
    peer = MahjongGreedy()
    return lambda observation: peer.act(observation, observation.legal_actions)


def by_evaluator(observation: Observation) -> Action:
    """The evaluator's best discard (``sparrow.bots.evaluator``), declaring riichi with it when it may
    and riichi is worth more than dama (``DiscardValue.declares``)."""
    best = evaluate_discards(observation)[0]
    discards = [a for a in observation.legal_actions if a.kind is ActionKind.DISCARD and a.tile == best.tile]
    declaring = [a for a in discards if a.riichi] if best.declares else []
    return (declaring or [a for a in discards if not a.riichi] or discards)[0]


def players(names: Sequence[str]) -> dict[str, Chooser]:
    every: dict[str, Callable[[], Chooser]] = {
        level: (lambda level=level: get_bot(level, seed=1).act) for level in LEVELS
    }
    every["evaluator"] = lambda: by_evaluator
    every[PEER] = greedy
    return {name: every[name]() for name in names}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=positive_int, default=None, help="the first N Phoenix games (default: all)")
    parser.add_argument("--json", metavar="FILE", help="also write the figures as JSON")
    parser.add_argument(
        "--players",
        default=",".join([*LEVELS, "evaluator", PEER]),
        help="whom to ask, comma-separated (default: every level, the evaluator alone and the greedy peer)",
    )
    options = parser.parse_args(argv)
    files = game_files(options.games)
    choosers = players([name.strip() for name in options.players.split(",")])
    tallies = {name: Tally() for name in choosers}
    for path in files:
        for events in hand_logs(path):
            for turn in turns_of(events):
                for name, choose in choosers.items():
                    started = time.perf_counter()
                    chosen = choose(turn.observation)
                    spent = time.perf_counter() - started
                    tallies[name].seconds += spent
                    tallies[name].times.append(spent)
                    tallies[name].add(turn, chosen)
    figures = {name: tally.to_dict() for name, tally in tallies.items()}
    peer = figures[PEER]["discard"] if PEER in figures else None
    print(f"{len(files)} Phoenix-room games of {CORPUS.relative_to(CORPUS.parents[2])}")
    print(
        f"{'player':26} {'turns':>6} {'same discard':>13} {'95% interval':>14} {'vs greedy':>9} "
        f"{'riichi as player':>17} {'riichi unasked':>15} {'ms/turn':>8} {'p95 ms':>7}"
    )
    for name, row in figures.items():
        low, high = row["discard_interval"] or (0, 0)
        ratio = f"{row['discard'] / peer:.2f}x" if peer and row["discard"] is not None else "—"
        print(
            f"{name:26} {row['turns']:>6} {row['discard']:>12}% {f'{low}-{high}%':>14} {ratio:>9} "
            f"{row['riichi_when_player_did']!s:>16}% {row['riichi_when_player_did_not']!s:>14}% "
            f"{row['ms_per_decision']!s:>8} {row['ms_p95']!s:>7}"
        )
    if options.json:
        Path(options.json).write_text(json.dumps({"games": len(files), "players": figures}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
