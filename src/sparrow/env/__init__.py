"""Environments for reinforcement learning: a Sparrow table as a PettingZoo AEC environment
(:class:`MahjongEnv`, every seat an agent) and as a Gymnasium environment for one seat against the
built-in bots (:class:`SingleSeatEnv`), for every family (Riichi too: its own planes and action
rows, chosen by the observation's family field). The observation planes and the action tables are
in :mod:`sparrow.env.encoding`, the rewards in :mod:`sparrow.env.rewards`; ``docs/env.md`` describes
them.

They need numpy, PettingZoo and Gymnasium (installed with Sparrow). The environments sit in the play
layer: they drive the game and the bots, and no shell."""

from __future__ import annotations

from sparrow.env.aec import EnvError, MahjongEnv, env, raw_env
from sparrow.env.encoding import (
    LAYOUTS,
    N_ACTIONS,
    PLANES,
    RIICHI,
    RIICHI_ACTIONS,
    RIICHI_PLANES,
    SHARED,
    Layout,
    action_index,
    action_mask,
    describe_action,
    encode,
    index_action,
    layout_of,
)
from sparrow.env.gym import OPPONENTS, SingleSeatEnv
from sparrow.env.rewards import PLACEMENT_UMA, REWARDS, placement_rewards

__all__ = [
    "MahjongEnv",
    "SingleSeatEnv",
    "EnvError",
    "env",
    "raw_env",
    "N_ACTIONS",
    "PLANES",
    "RIICHI_ACTIONS",
    "RIICHI_PLANES",
    "Layout",
    "SHARED",
    "RIICHI",
    "LAYOUTS",
    "layout_of",
    "OPPONENTS",
    "REWARDS",
    "PLACEMENT_UMA",
    "placement_rewards",
    "action_index",
    "index_action",
    "action_mask",
    "describe_action",
    "encode",
]
