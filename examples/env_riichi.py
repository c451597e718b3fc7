#!/usr/bin/env python3
"""One seat of a Riichi table in the Gymnasium environment, against Sparrow's bots (docs/env.md).

The learner here is a stand-in that takes a win when it may, declares riichi when it may, and else
discards at random: put your policy in ``choose``. Each episode is a whole match (East-only by
default) and the reward is the placement at its end, Riichi's final result with uma and oka:

    python examples/env_riichi.py                      # 3 East-only matches against the normal bots
    python examples/env_riichi.py --matches 10 --length hanchan --opponents expert
"""

from __future__ import annotations

import argparse

import numpy as np

from sparrow.env import SingleSeatEnv, describe_action
from sparrow.env.encoding import RED_DISCARD, RED_RIICHI_DISCARD, RIICHI_DISCARD, WIN


def choose(observation: dict[str, np.ndarray], rng: np.random.Generator) -> int:
    """The learner's action: an index of the mask (the planes, ``observation["observation"]``, are
    what a trained policy would read)."""
    mask = observation["action_mask"]
    if mask[WIN]:
        return WIN
    riichi = [*range(RIICHI_DISCARD, RED_DISCARD), *range(RED_RIICHI_DISCARD, RED_RIICHI_DISCARD + 3)]
    declared = [index for index in riichi if mask[index]]
    if declared:
        return int(rng.choice(declared))
    return int(rng.choice(np.flatnonzero(mask)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=3)
    parser.add_argument("--length", choices=("tonpuu", "hanchan"), default="tonpuu")
    parser.add_argument("--opponents", default="normal", help="easy, normal, expert or random")
    parser.add_argument("--seed", type=int, default=1)
    options = parser.parse_args()
    table = SingleSeatEnv(
        "riichi",
        seat="E",
        opponents=options.opponents,
        options={"length": options.length},
        seed=options.seed,
        hands=None,
        reward="placement",
    )
    rng = np.random.default_rng(options.seed)
    places = []
    for match in range(options.matches):
        observation, info = table.reset(seed=options.seed + match)
        done, total, riichi = False, 0.0, 0
        while not done:
            action = choose(observation, rng)
            riichi += "riichi" in describe_action(action)
            observation, reward, done, _, info = table.step(action)
            total += reward
        final = table.table.match.final()[info["agent"]]
        places.append(final.place)
        hands = table.table.match.hands_played
        print(
            f"match {match + 1}: {hands} hands, {riichi} riichi declared, "
            f"place {final.place} with {final.points} points: {total:+.1f}"
        )
    print(f"mean place {sum(places) / len(places):.2f} over {len(places)} matches")


if __name__ == "__main__":
    main()
