"""Riichi hanchan with random players: Sparrow's table against riichienv's (Rust), in the same run.

Each side plays ``--games`` whole hanchan (Tenhou's rules, red fives) with players that choose
uniformly among the legal actions: Sparrow's ``RiichiMatch`` and riichienv's ``RiichiEnv`` with its
``RandomAgent``. Sparrow plays twice: with random players that choose straight from
``legal_actions``, and with *observing* players that also build their seat's
``sparrow.game.riichi.observation`` at every decision, as riichienv's agents are handed an
observation at every step (the same moves, the cost of looking added). Time is CPU time on one core
(bench/_common.py pins the process), the seeds fixed. The targets of the Riichi issue are at least
0.5x riichienv's hanchan a second with random players and 0.4x with observing ones.

This times Riichi's own state machine directly (``RiichiMatch``), under the one face every table uses:
``bench/simulate.py`` times Riichi through the one face (``new_match("riichi")``, the one
``Observation`` and ``Action``) against riichienv, which is what the players, the lab and the
environments pay (docs/performance.md, "Riichi through the one face").

``--repeat`` runs the three one after another that many times and reports each run's figures and
the median ratio: on a shared machine the load changes from second to second, and three engines
timed side by side, again and again, are compared under the same load.

    .venv/bin/python bench/riichi_speed.py --games 20 --repeat 3
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import describe_machine, limit_thread_pools, pin_to_one_core, positive_int  # noqa: E402

TARGETS = {"random": 0.5, "observing": 0.4}  # Sparrow / riichienv, hanchan a second


def sparrow(games: int, observing: bool = False) -> tuple[float, int]:
    """Play ``games`` hanchan; the CPU seconds they took and the hands played."""
    from sparrow.game.riichi import observation
    from sparrow.game.riichi.match import RiichiMatch

    rng = random.Random(1)
    hands = 0
    began = time.process_time()
    for game in range(games):
        match = RiichiMatch(game)
        while not match.over:
            hand = match.next_hand()
            while not hand.over:
                seat = hand.to_act[0]
                if observing:
                    observation(hand, seat)
                hand.apply(rng.choice(hand.legal_actions(seat)))
            match.record(hand)
            hands += 1
    return time.process_time() - began, hands


def riichienv(games: int) -> float:
    """Play ``games`` hanchan of riichienv with its random agents; the CPU seconds they took."""
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
    parser.add_argument("--repeat", type=positive_int, default=1, help="timed runs of the three (1)")
    options = parser.parse_args()
    limit_thread_pools()
    pinned = pin_to_one_core()
    machine = describe_machine(pinned)
    print(f"Python {machine['python']} on {machine['processor']}, load average {machine['load_average_1min']}")
    sparrow(1)  # warm-up, untimed: the first hand loads the shanten tables
    riichienv(1)
    games = options.games
    ratios: dict[str, list[float]] = {label: [] for label in TARGETS}
    for run in range(options.repeat):
        ours, hands = sparrow(games)
        looking, _ = sparrow(games, observing=True)
        theirs = riichienv(games)
        if options.repeat > 1:
            print(f" run {run + 1}")
        print(f"  Sparrow            {games / ours:7.2f} hanchan/s  ({hands} hands, {ours:.2f} s CPU)")
        print(f"  Sparrow observing  {games / looking:7.2f} hanchan/s  ({looking:.2f} s CPU)")
        print(f"  riichienv          {games / theirs:7.2f} hanchan/s  ({theirs:.2f} s CPU)")
        ratios["random"].append(theirs / ours)
        ratios["observing"].append(theirs / looking)
    for label, values in ratios.items():
        value = sorted(values)[(len(values) - 1) // 2]  # the median (the lower middle one of an even count)
        verdict = "meets" if value >= TARGETS[label] else "BELOW"
        runs = f" (runs: {', '.join(f'{v:.2f}' for v in values)})" if len(values) > 1 else ""
        print(f"  ratio Sparrow/riichienv, {label:<9} {value:.2f}x (target {TARGETS[label]}x: {verdict}){runs}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
