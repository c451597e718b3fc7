"""A Gymnasium single-agent environment: one seat learns, the built-in bots play the others.

``SingleSeatEnv(rules, seat="S", opponents="normal")``: the learner plays the player who holds
``seat`` in the first hand of each episode (over several hands the seats move on as the family's
match says; that player stays the learner). ``opponents`` is a bot level ("easy", "normal",
"expert"), ``"random"`` (uniform among the legal actions), or one of those per other seat in table
order. Between two of the learner's decisions the opponents play, so ``step`` returns at the
learner's next decision or at the end of the episode.

The observation and the action table are the AEC environment's (:mod:`sparrow.env.encoding`: the
family's layout, Riichi's with its own planes and action rows); the reward of a step is the learner's
settlement (its payment at the end of each hand, times ``reward_scale``), or with
``reward="placement"`` its placement at the end of the episode (:mod:`sparrow.env.rewards`). The
opponents are :func:`sparrow.bots.get_bot`'s players, which play every family. An action the mask
forbids is not played: with ``illegal_action="penalty"`` (the default) the state stays as it was and
the step's reward is ``illegal_penalty``, with ``info`` saying ``"illegal": True``; with ``"raise"``
it raises :class:`~sparrow.env.aec.EnvError`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from sparrow.bots import LEVELS, get_bot
from sparrow.env.aec import EnvError, MahjongEnv, observation_space

__all__ = ["SingleSeatEnv", "OPPONENTS"]

OPPONENTS = (*LEVELS, "random")


class _RandomOpponent:
    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Any) -> Any:
        legal = observation.legal_actions
        return legal[int(self._rng.random() * len(legal))]


class SingleSeatEnv(gymnasium.Env):
    """One learning seat against built-in bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        rules: str = "casual",
        seat: str = "S",
        opponents: str | Sequence[str] = "normal",
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        hands: int | None = 1,
        reward: str = "settlement",
        reward_scale: float = 1.0,
        illegal_action: str = "penalty",
        illegal_penalty: float = -1.0,
        render_mode: str | None = None,
    ) -> None:
        self._table = MahjongEnv(
            rules, options, seed, hands=hands, reward=reward, reward_scale=reward_scale, render_mode=render_mode
        )
        seats = self._table_seats()
        if seat not in seats:
            raise EnvError(f"seat is one of {', '.join(seats)} at this table, got {seat!r}")
        levels = (opponents,) * (len(seats) - 1) if isinstance(opponents, str) else tuple(opponents)
        if len(levels) != len(seats) - 1 or any(level not in OPPONENTS for level in levels):
            raise EnvError(
                f"opponents is one of {', '.join(OPPONENTS)}, or one per other seat ({len(seats) - 1}); got {opponents!r}"
            )
        if illegal_action not in ("penalty", "raise"):
            raise EnvError(f"illegal_action is 'penalty' or 'raise', got {illegal_action!r}")
        self.rules = rules
        self.seat = seat
        self.opponents = levels
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.render_mode = render_mode
        self.observation_space = observation_space(self._table.layout)
        self.action_space = spaces.Discrete(self._table.layout.actions)
        self._learner = ""
        self._bots: dict[str, Any] = {}
        self._last: dict[str, np.ndarray] | None = None

    def _table_seats(self) -> tuple[str, ...]:
        return ("E", "S", "W", "N")[: len(self._table.possible_agents)]

    @property
    def table(self) -> MahjongEnv:
        """The AEC environment underneath (for tools; the learner sees only its observations)."""
        return self._table

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        table = self._table
        table.reset(seed=seed)
        self._seat_bots()
        # A hand can end before the learner's first decision (a win on the deal's first draw): such
        # an episode is not one the learner can act in, so the next deal of the sequence is played.
        self._play_opponents()
        while self._done():
            table.reset()
            self._seat_bots()
            self._play_opponents()
        return self._observe(), self._info()

    def _seat_bots(self) -> None:
        """The learner for this episode and a bot for every other player, seeded from the deal (the
        same reset seed, the same opponents' decisions)."""
        table = self._table
        self._learner = table.seat_player(self.seat)
        bot_seeds = random.Random(table.hand.seed)
        others = [agent for agent in table.possible_agents if agent != self._learner]
        self._bots = {}
        for agent, level in zip(others, self.opponents):
            bot_seed = bot_seeds.getrandbits(32)
            self._bots[agent] = _RandomOpponent(bot_seed) if level == "random" else get_bot(level, bot_seed)

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        table = self._table
        if self._done():
            raise EnvError("the episode is over: reset() first")
        index = int(action)
        mask = self._last["action_mask"] if self._last is not None else table.action_mask(self._learner)
        if not 0 <= index < len(mask) or not mask[index]:
            if self.illegal_action == "raise":
                raise EnvError(f"action {index} is not legal now")
            info = self._info()
            info["illegal"] = True
            return self._observe(), self.illegal_penalty, False, False, info
        table.step(index)
        reward = float(table.rewards[self._learner])
        reward += self._play_opponents()
        done = self._done()
        return self._observe(), reward, done, False, self._info()

    def _done(self) -> bool:
        return self._table.terminations.get(self._learner, True)

    def _play_opponents(self) -> float:
        """Let the bots play until the learner decides or the episode ends; the learner's rewards meanwhile."""
        table = self._table
        learner = self._learner
        reward = 0.0
        while not table.terminations[learner] and table.agent_selection != learner:
            agent = table.agent_selection
            move = self._bots[agent].act(table.engine_observation(agent))
            table.play(move)
            reward += float(table.rewards[learner])
        return reward

    def _observe(self) -> dict[str, np.ndarray]:
        observation = self._table.observe(self._learner)
        self._last = observation
        return observation

    def _info(self) -> dict[str, Any]:
        info = dict(self._table.infos.get(self._learner, {}))
        info["agent"] = self._learner
        return info

    def render(self) -> str | None:
        return self._table.render() if self.render_mode == "ansi" else None

    def close(self) -> None:
        self._table.close()
