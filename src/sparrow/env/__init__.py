"""Environments for reinforcement learning: a Sparrow table as a PettingZoo AEC environment
(:class:`MahjongEnv`, every seat an agent) and as a Gymnasium environment for one seat against the
built-in bots (:class:`SingleSeatEnv`). The observation planes and the fixed action table are in
:mod:`sparrow.env.encoding`; ``docs/env.md`` describes them.

They need numpy, PettingZoo and Gymnasium (installed with Sparrow). The environments sit in the play
layer: they drive the game and the bots, and no shell."""

from __future__ import annotations

from sparrow.env.aec import EnvError, MahjongEnv, env, raw_env
from sparrow.env.encoding import N_ACTIONS, PLANES, action_index, action_mask, describe_action, encode, index_action
from sparrow.env.gym import OPPONENTS, SingleSeatEnv

__all__ = [
    "MahjongEnv",
    "SingleSeatEnv",
    "EnvError",
    "env",
    "raw_env",
    "N_ACTIONS",
    "PLANES",
    "OPPONENTS",
    "action_index",
    "index_action",
    "action_mask",
    "describe_action",
    "encode",
]
