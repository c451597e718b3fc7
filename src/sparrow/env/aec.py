"""The PettingZoo AEC environment: every seat of a Sparrow table is an agent.

``MahjongEnv(rules, options, seed, hands=1)`` plays one hand per episode (``hands=1``, the default),
``hands=n`` hands, or the whole match of the family (``hands=None``), for every family: the hands
and matches come from :func:`sparrow.game.deal`'s one face (:func:`~sparrow.game.new_match`), and
what differs between families (Riichi's planes and action rows) from the observation's ``family``
field (:func:`sparrow.env.encoding.layout_of`). The agents are the *players*, ``player_0`` ...
``player_3`` (``player_0`` ... ``player_2`` at HKOS's three-player table), in their order round the
table; each hand the match seats them (the seat wind of each is in its info, under ``"seat"``, and in
its observation). The acting agent is the one whose decision the engine waits on: on a turn the
seat to play; while a discard is open to claims each asked seat in turn, nearest after the discarder
first (the engine's ``to_act``), and the claims are settled once all have spoken.

Rewards (``reward=``): ``"settlement"`` (the default), at the end of each hand every agent is given
its seat's payment (``HandResult.payments``) times ``reward_scale``; ``"placement"``, at the end of
the episode alone, its placement (:mod:`sparrow.env.rewards`: Riichi's final result with uma and
oka, a fixed uma by place for the other families) times ``reward_scale``. Every other step rewards
nothing. An episode ends (every agent terminated) when its last hand ends; nothing is ever truncated.

Observations are built from the hand's ``observation(seat)`` alone (see :mod:`sparrow.env.encoding`
for the planes and the action tables): never another seat's concealed tiles or the wall.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from sparrow.env.encoding import SHARED, Layout, action_index, action_mask, describe_action, index_action, layout_of
from sparrow.env.rewards import REWARDS, placement_rewards, places
from sparrow.game import Hand, MatchFace, deal, new_match
from sparrow.game.actions import Action
from sparrow.game.views import Observation

__all__ = ["MahjongEnv", "raw_env", "env", "observation_space", "EnvError"]


class EnvError(ValueError):
    """An action the environment cannot take: outside the table, or not legal now."""


def observation_space(layout: Layout = SHARED) -> spaces.Dict:
    """The space of one agent's observation in ``layout`` (the shared families' by default): the
    planes and the action mask."""
    return spaces.Dict(
        {
            "observation": spaces.Box(0.0, 1.0, shape=(layout.planes, 34), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(layout.actions,), dtype=np.int8),
        }
    )


def table_layout(rules: str, options: Mapping[str, Any] | None = None) -> tuple[int, Layout]:
    """How many players sit at a table of ``rules`` and the layout of its observations: read from a
    hand dealt for the purpose (its seats, and its first observation's ``family`` field)."""
    hand = deal(rules, options, 0)
    seats = hand.seats
    return len(seats), layout_of(hand.observation(seats[0]))


class MahjongEnv(AECEnv):
    """A Sparrow table as a PettingZoo AEC environment (see the module docstring)."""

    metadata: dict[str, Any] = {
        "name": "sparrow_mahjong_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: str = "casual",
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        hands: int | None = 1,
        reward: str = "settlement",
        reward_scale: float = 1.0,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool) or hands < 1):
            raise EnvError(f"hands is a number of at least 1, or None for the whole match; got {hands!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise EnvError(f"render_mode is one of {', '.join(self.metadata['render_modes'])} or None")
        if reward not in REWARDS:
            raise EnvError(f"reward is one of {', '.join(REWARDS)}, got {reward!r}")
        self.rules = rules
        self.options = dict(options or {})
        self.hands = hands
        self.reward = reward
        self.reward_scale = float(reward_scale)
        self.render_mode = render_mode
        count, self.layout = table_layout(rules, self.options)
        self.possible_agents = [f"player_{i}" for i in range(count)]
        space = observation_space(self.layout)
        self.observation_spaces = {agent: space for agent in self.possible_agents}
        self.action_spaces = {agent: spaces.Discrete(self.layout.actions) for agent in self.possible_agents}
        self._seeds = random.Random(seed)
        self._encoder = self.layout.encoder()
        self._match: MatchFace | None = None
        self._hand: Hand | None = None
        self._seat_of: dict[str, str] = {}
        self._player_of: dict[str, str] = {}
        self.hands_played = 0
        self._paid = False
        self._payments: dict[str, int] = {}
        self.agents: list[str] = []

    # -- spaces

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the table, for tools and wrappers (the agents see only their observations)

    @property
    def hand(self) -> Hand:
        """The hand in play (or the last one, once the episode is over)."""
        if self._hand is None:
            raise EnvError("reset() the environment first")
        return self._hand

    @property
    def match(self) -> MatchFace:
        if self._match is None:
            raise EnvError("reset() the environment first")
        return self._match

    def seat_of(self, agent: str) -> str:
        """The seat wind ``agent`` holds in the hand in play."""
        return self._seat_of[agent]

    def seat_player(self, seat: str) -> str:
        """The agent holding ``seat`` in the hand in play."""
        return self._player_of[seat]

    def engine_observation(self, agent: str) -> Observation:
        """``agent``'s :class:`~sparrow.game.Observation` of the hand in play (what a bot reads)."""
        return self.hand.observation(self._seat_of[agent])

    def index_action(self, index: int, agent: str | None = None) -> Action:
        """The engine's :class:`Action` at ``index`` of this table's action table, for ``agent`` (by
        default the acting agent) in the hand in play (whether it is legal is not checked)."""
        return index_action(index, self._seat_of[agent or self.agent_selection], self.layout.actions)

    # -- the AEC protocol

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """Deal a new episode. ``seed`` restarts the sequence of deals (the same seed, the same hands);
        without it the next deals of the sequence begun at construction are played."""
        if seed is not None:
            self._seeds = random.Random(seed)
        self._match = new_match(self.rules, self._seeds.getrandbits(52), self.options, players=self.possible_agents)
        self._encoder = self.layout.encoder()
        self.hands_played = 0
        self._paid = False
        self.agents = list(self.possible_agents)
        self._payments = {agent: 0 for agent in self.agents}
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self._deal()
        self._select()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        hand = self._hand
        if hand is None:
            raise EnvError("reset() the environment first")
        observation = hand.observation(self._seat_of[agent])
        return {
            "observation": self._encoder.encode(observation),
            "action_mask": action_mask(observation.legal_actions, self.layout.actions),
        }

    def action_mask(self, agent: str) -> np.ndarray:
        """The action mask of ``agent`` alone (cheaper than :meth:`observe` when the planes are not needed)."""
        return action_mask(self.hand.legal_actions(self._seat_of[agent]), self.layout.actions)

    def step(self, action: int | np.integer | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise EnvError(f"{agent} must act: None is only for an agent whose episode is over")
        index = int(action)
        seat = self._seat_of[agent]
        move = _legal_move(self.hand, seat, index)
        if move is None:
            what = describe_action(index) if 0 <= index < self.layout.actions else f"index {index}"
            raise EnvError(f"action {index} ({what}) is not a legal action of {agent} ({seat}) now")
        self._play(agent, move)

    def play(self, move: Action) -> None:
        """Step with the engine's :class:`Action` for the acting agent (its seat must be the acting seat)."""
        agent = self.agent_selection
        if self.terminations[agent] or self._player_of.get(move.seat) != agent:
            raise EnvError(f"{move} is not a legal action of {agent} now")
        legal = _legal_move(self.hand, move.seat, action_index(move))
        if legal is None:
            raise EnvError(f"{move} is not a legal action of {agent} now")
        self._play(agent, legal)

    def _play(self, agent: str, move: Action) -> None:
        hand = self.hand
        self._cumulative_rewards[agent] = 0.0
        hand.apply(move)
        rewards = self.rewards
        if self._paid:  # only the end of a hand pays: the other steps leave the rewards at zero
            for name in rewards:
                rewards[name] = 0.0
            self._paid = False
        if hand.is_over:
            match = self.match
            result = match.record(hand)
            self.hands_played += 1
            scale = self.reward_scale
            settles = self.reward == "settlement"
            for seat, payment in result.payments.items():
                player = self._player_of[seat]
                self._payments[player] += payment
                if settles:
                    rewards[player] = payment * scale
                    self._paid = True
            if match.is_over or (self.hands is not None and self.hands_played >= self.hands):
                if not settles:
                    for player, value in placement_rewards(match).items():
                        rewards[player] = value * scale
                    self._paid = True
                place = places(match)
                for name in self.agents:
                    self.terminations[name] = True
                    self.infos[name] = {
                        **self.infos[name],
                        "totals": dict(match.totals),
                        "payments": dict(self._payments),
                        "place": place[name],
                    }
                self._accumulate_rewards()
                return
            self._deal()
            self._accumulate_rewards()
        self._select()

    def _deal(self) -> None:
        hand = self._hand = self.match.next_hand()
        self._player_of = dict(hand.players)
        self._seat_of = {player: seat for seat, player in hand.players.items()}
        self.infos = {agent: {"seat": self._seat_of[agent], "hand": self.hands_played} for agent in self.agents}

    def _select(self) -> None:
        self.agent_selection = self._player_of[self.hand.to_act[0]]

    # -- showing it

    def render(self) -> str | None:
        """The public table (discards, melds, wall left) and whose decision it is: no concealed tiles."""
        if self.render_mode is None:
            return None
        if self._hand is None:
            return None
        hand = self._hand
        view = hand.observation(hand.seats[0])
        lines = [f"{self.rules} hand {self.hands_played + 1}, {hand.phase}, live wall {view.live_wall}"]
        marks: dict[str, str] = {}
        if view.family is not None:
            # What the family shows beside the table, as far as every seat sees the same (public).
            panels = [hand.observation(seat).family.panel() for seat in hand.seats]  # type: ignore[union-attr]
            lines.extend(
                f"  {label}: {value}" for label, value in panels[0] if all((label, value) in p for p in panels)
            )
            marks = view.family.seat_marks()
        for seat in hand.seats:
            melds = " ".join("".join(str(t) for t in meld.tiles) for meld in view.melds[seat])
            pile = " ".join(str(t) for t in view.discards[seat])
            mark = f" ({marks[seat]})" if seat in marks else ""
            lines.append(
                f"  {seat} {self._player_of[seat]}{mark}: holds {view.hand_sizes[seat]}  sets [{melds}]  [{pile}]"
            )
        if self.agents and not self.terminations.get(self.agent_selection, True):
            lines.append(f"  waiting for {self.agent_selection} ({self._seat_of[self.agent_selection]})")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def _legal_move(hand: Hand, seat: str, index: int) -> Action | None:
    """The engine's legal action of ``seat`` at ``index`` of the action table, or None."""
    for move in hand.legal_actions(seat):
        if action_index(move) == index:
            return move
    return None


def raw_env(
    rules: str = "casual",
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    **kwargs: Any,
) -> MahjongEnv:
    """The environment without PettingZoo's wrappers (the PettingZoo convention's ``raw_env``)."""
    return MahjongEnv(rules, options, seed, **kwargs)


def env(
    rules: str = "casual",
    options: Mapping[str, Any] | None = None,
    seed: int | None = None,
    **kwargs: Any,
) -> AECEnv:
    """The environment in PettingZoo's usual wrappers: an illegal action raises, the order is checked."""
    from pettingzoo.utils import wrappers

    wrapped: AECEnv = raw_env(rules, options, seed, **kwargs)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)
