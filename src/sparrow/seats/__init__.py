"""The seats: who may sit at a table, and how the referee talks to them (``docs/agents.md``).

An :class:`Agent` answers its seat's observation with one of the legal actions. The built-in bots,
a Python class of your own (``module:Class``) and a program of any language over the JSON-lines
protocol of ``docs/protocol.md`` (``cmd:...``) all sit through it; :func:`make_seat` makes the lab's
player for a ``--players`` entry.
"""

from __future__ import annotations

import atexit
import os
import re
import shlex
from collections import Counter
from collections.abc import Mapping
from typing import Any, Protocol

from sparrow.seats.agents import Agent, AgentError, BotAgent, Seat, load_agent
from sparrow.seats.process import DEFAULT_TIME_LIMIT, PROTOCOL_VERSION, ProcessAgent

__all__ = [
    "Agent",
    "AgentError",
    "BotAgent",
    "Seat",
    "ProcessAgent",
    "PROTOCOL_VERSION",
    "DEFAULT_TIME_LIMIT",
    "load_agent",
    "is_outside",
    "outside_name",
    "check_outside",
    "make_seat",
    "faults_of",
    "record_fallbacks",
]

COMMAND = "cmd:"

# The programs a process keeps running, by (command, the player's place in --players): started once,
# reused from match to match (starting a program for each one-hand casual match would cost more than
# playing it), stopped when the process ends.
_PROGRAMS: dict[tuple[str, int], ProcessAgent] = {}


def is_outside(kind: str) -> bool:
    """Whether a --players entry names an outside player: ``cmd:...`` or ``module:Class``."""
    return kind.startswith(COMMAND) or ":" in kind


# Words of a command that name what runs the program, not the program: skipped when naming it.
_RUNNERS = re.compile(r"(python|pypy|sh|bash|dash|zsh|node|deno|bun|ruby|perl|php|java|lua|Rscript|env)[0-9.]*(\.exe)?")


def outside_name(kind: str) -> str:
    """What an outside player is called at a table: its class for ``module:Class`` (``Greedy``), the
    file of its program for ``cmd:...`` (``random_bot.py`` for ``cmd:python3 examples/random_bot.py``:
    the first word that is not an interpreter, an option or a setting)."""
    if not kind.startswith(COMMAND):
        return kind.rpartition(":")[2] or kind
    command = kind[len(COMMAND) :]
    try:
        words = shlex.split(command)
    except ValueError:  # unbalanced quotes: check_outside refuses it, but it may still be named
        words = command.split()
    names = [os.path.basename(word) for word in words if not word.startswith("-") and "=" not in word]
    return next((name for name in names if name and not _RUNNERS.fullmatch(name)), names[0] if names else "program")


def check_outside(kind: str) -> None:
    """Refuse an outside player that cannot sit, in one line (:class:`AgentError`): an empty command,
    a module path that does not import."""
    if kind.startswith(COMMAND):
        if not kind[len(COMMAND) :].strip():
            raise AgentError("cmd: names no command")
        return
    load_agent(kind)


def faults_of(players: Mapping[str, Any]) -> dict[str, Counter[str]]:
    """Each seat's faults so far, by reason (empty for a built-in bot), to compare after a hand."""
    return {seat: Counter(getattr(player, "faults", None) or ()) for seat, player in players.items()}


class _Logged(Protocol):
    """A hand with a game log: a ``HandState``, or Riichi's ``RiichiHandState``."""

    @property
    def events(self) -> list[dict[str, Any]]: ...


def record_fallbacks(state: _Logged, before: Mapping[str, Counter[str]], players: Mapping[str, Any]) -> int:
    """Write into the finished hand's ``hand_end`` event why decisions fell to the built-in bot in
    this hand: ``"fallbacks": {seat: {reason: count}}`` (a field the game log allows; readers and
    replays ignore it), only when some did. ``players``: by seat as the log names seats (a wind),
    each with its ``faults`` (a ``ProcessAgent``, a ``Seat``, Riichi's ``MjaiSeat``). Returns how
    many fell."""
    fell: dict[str, dict[str, int]] = {}
    for seat, now in faults_of(players).items():
        new = now - before.get(seat, Counter())
        if new:
            fell[seat] = dict(sorted(new.items()))
    if fell and state.events and state.events[-1].get("event") == "hand_end":
        state.events[-1] = {**state.events[-1], "fallbacks": fell}
    return sum(sum(reasons.values()) for reasons in fell.values())


def make_seat(kind: str, seed: int, player: int = 0, *, shared: bool = True) -> Any:
    """The lab's player for an outside --players entry (``cmd:...`` or ``module:Class``).

    A program is started once per process and seat and kept for every match this process plays
    (``shared``); with ``shared=False`` it is the caller's own (a web game's), to ``close()``."""
    if kind.startswith(COMMAND) and not shared:
        own = ProcessAgent(kind[len(COMMAND) :].strip(), seed=seed)
        own.reseed(seed)  # the match message, written before the program's first event
        return own
    if kind.startswith(COMMAND):
        key = (kind, player)
        program = _PROGRAMS.get(key)
        if program is None:
            program = _PROGRAMS[key] = ProcessAgent(kind[len(COMMAND) :].strip(), seed=seed)
        program.reseed(seed)
        return program
    return Seat(load_agent(kind, seed), seed=seed)


@atexit.register
def _close_programs() -> None:
    for program in _PROGRAMS.values():
        program.close()
    _PROGRAMS.clear()
