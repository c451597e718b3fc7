"""Riichi hanchan with random players: Sparrow's table against riichienv's (Rust), in the same run.

Each side plays ``--games`` whole hanchan (Tenhou's rules, red fives) with players that choose
uniformly among the legal actions: Sparrow's ``RiichiMatch`` and riichienv's ``RiichiEnv`` with its
``RandomAgent``. Time is CPU time on one core (bench/_common.py pins the process), the seeds fixed.
The target of the Riichi issue is at least 0.5x riichienv's games a second.

    .venv/bin/python bench/riichi_speed.py --games 50
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import describe_machine, limit_thread_pools, pin_to_one_core, positive_int  # noqa: E402

from sparrow.game.riichi.match import RiichiMatch  # noqa: E402


def sparrow(games: int) -> tuple[float, int]:
    rng = random.Random(1)
    hands = 0
    began = time.process_time()
    for game in range(games):
        match = RiichiMatch(game)
        while not match.over:
            hand = match.next_hand()
            while not hand.over:
                seat = hand.to_act[0]
                hand.apply(rng.choice(hand.legal_actions(seat)))
            match.record(hand)
            hands += 1
    return time.process_time() - began, hands


def riichienv(games: int) -> float:
    from riichienv import GameRule, RiichiEnv
    from riichienv.agents import RandomAgent

    began = time.process_time()
    for game in range(games):
        env = RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou(), seed=game)
        observations = env.reset()
        agents = [RandomAgent(game * 4 + seat) for seat in range(4)]
        while not env.done():
            observations = env.step({seat: agents[seat].act(obs) for seat, obs in observations.items()})
    return time.process_time() - began


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=positive_int, default=50, help="hanchan each side plays (50)")
    options = parser.parse_args()
    limit_thread_pools()
    pinned = pin_to_one_core()
    machine = describe_machine(pinned)
    print(f"Python {machine['python']} on {machine['processor']}, load average {machine['load_average_1min']}")
    ours, hands = sparrow(options.games)
    theirs = riichienv(options.games)
    print(f"  Sparrow    {options.games / ours:7.2f} hanchan/s  ({hands} hands, {ours:.2f} s CPU)")
    print(f"  riichienv  {options.games / theirs:7.2f} hanchan/s  ({theirs:.2f} s CPU)")
    print(f"  ratio Sparrow/riichienv {theirs / ours:.2f}x (target 0.5x)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
