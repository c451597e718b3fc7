"""One seat interface: an agent sees its own seat's observation and the legal actions, and answers one.

Every kind of player sits through :class:`Agent`: the built-in bots (:class:`BotAgent`), a Python class
of your own named ``module:Class`` (:func:`load_agent`), and a program of any language speaking the line
protocol of ``docs/protocol.md`` (:class:`~sparrow.seats.process.ProcessAgent`). The referee (the lab,
the table) hands an agent nothing but ``state.observation(seat)``: never another seat's concealed tiles,
nor the wall.

:class:`Seat` puts an agent at a simulated table and is the referee's side of the bargain: an answer that
is not one of the legal actions, or an agent that fails, does not stop the table; the decision falls to a
built-in bot and the fault is counted with its reason.
"""

from __future__ import annotations

import importlib
import inspect
import os
import sys
from collections import Counter
from collections.abc import Sequence
from typing import Any, Protocol, TextIO, cast, runtime_checkable

from sparrow.bots import LEVELS, get_bot
from sparrow.game.actions import Action
from sparrow.game.state import HandState, Observation

__all__ = ["Agent", "AgentError", "BotAgent", "Seat", "load_agent"]


class AgentError(ValueError):
    """An agent that cannot be seated: a module path that does not import, a class that is no agent."""


@runtime_checkable
class Agent(Protocol):
    """What sits in a seat: one method, called at each of the seat's decisions."""

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """One of ``legal`` (the same as ``observation.legal_actions``)."""
        ...


class BotAgent:
    """A built-in bot (``easy``, ``normal``, ``expert``) as an agent."""

    def __init__(self, level: str, seed: int = 0) -> None:
        self.bot = get_bot(level, seed)

    def act(self, observation: Observation, legal: Sequence[Action]) -> Action:
        return self.bot.act(observation)


def load_agent(path: str, seed: int = 0) -> Agent:
    """The agent named ``module:Class`` (or ``module:function`` returning one), made with ``seed`` when
    its constructor takes one. Raises :class:`AgentError` in one line when it cannot be made."""
    module_name, _, attribute = path.partition(":")
    if not module_name or not attribute:
        raise AgentError(f"an agent is named module:Class, not {path!r}")
    try:
        module = _import(module_name)
    except Exception as error:  # an import error of the user's module, of whatever kind
        raise AgentError(f"agent {path!r}: module {module_name!r} does not import ({error})") from None
    made = getattr(module, attribute, None)
    if made is None:
        raise AgentError(f"agent {path!r}: module {module_name!r} has no {attribute!r}")
    try:
        takes_seed = "seed" in inspect.signature(made).parameters
    except (TypeError, ValueError):
        takes_seed = False
    agent: Agent  # once it is seen to have an act method, below
    try:
        agent = made(seed=seed) if takes_seed else made()
    except Exception as error:
        raise AgentError(f"agent {path!r} could not be made: {error}") from None
    if not callable(getattr(agent, "act", None)):
        raise AgentError(f"agent {path!r} has no act(observation, legal) method")
    return agent


def _import(module_name: str) -> Any:
    """Import ``module_name`` as Python would, then from the directory the command runs in. An
    installed ``sparrow`` command's search path starts at the folder of its own script, not at the
    working directory (as ``python -m`` would), so a module beside the user was not found. The
    directory is searched last: a file there never shadows an installed module of the same name."""
    try:
        return importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        here = os.getcwd()
        top = module_name.split(".")[0]
        if error.name != top or here in sys.path or "" in sys.path:
            raise  # not the module itself (one it imports is missing), or the directory was searched
        sys.path.append(here)
        return importlib.import_module(module_name)


class Seat:
    """An agent at a simulated table (a lab ``Player``): the referee's checks around it. An answer
    not among the legal actions, or an exception from the agent, is replaced by the built-in
    ``fallback`` bot's decision; ``faults`` counts each kind of reason, and each kind is told once,
    with the details of its first time, on ``warn`` (standard error)."""

    def __init__(self, agent: Any, fallback: str = "normal", seed: int = 0, warn: TextIO | None = None) -> None:
        if fallback not in LEVELS:
            raise AgentError(f"fallback must be one of {', '.join(LEVELS)}, not {fallback!r}")
        self.agent = agent
        self.fallback = get_bot(fallback, seed)
        self.faults: Counter[str] = Counter()
        self._warn = warn if warn is not None else sys.stderr
        self._told: set[str] = set()

    def choose(self, state: HandState, seat: str, actions: list[Action]) -> Action:
        observation = state.observation(seat)
        legal = observation.legal_actions
        try:
            answer = self.agent.act(observation, legal)
        except Exception as error:  # the agent's own failure must not stop the table
            return self._fall_back(observation, f"the agent failed: {type(error).__name__}: {error}")
        if isinstance(answer, int) and not isinstance(answer, bool) and 0 <= answer < len(legal):
            return legal[answer]  # an index into the legal list is an answer too
        if answer in legal:
            return cast(Action, answer)  # equal to a legal action: one itself
        return self._fall_back(observation, f"not a legal action: {answer!r}")

    def _fall_back(self, observation: Observation, reason: str) -> Action:
        kind = reason.split(":")[0]
        self.faults[kind] += 1
        if kind not in self._told:  # each kind of failure is said once, with its first details
            self._told.add(kind)
            name = type(self.agent).__module__ + ":" + type(self.agent).__qualname__
            print(f"sparrow: seat {observation.seat} ({name}): {reason}; a built-in bot decides", file=self._warn)
        return self.fallback.act(observation)

    def close(self) -> None:
        closing = getattr(self.agent, "close", None)
        if callable(closing):
            closing()
