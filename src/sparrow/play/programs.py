"""Outside programs at an engine that speaks its own protocol to them, by engine
(``TableRules.engine``): at Riichi an mjai bot. The lab and the table for one person seat them so;
the other engines seat programs over docs/protocol.md (:func:`sparrow.seats.make_seat`)."""

from __future__ import annotations

import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.game.actions import Action, ActionKind
from sparrow.game.hands import Hand
from sparrow.seats.mjai import MjaiProcess, MjaiSeat

__all__ = ["COMMAND", "MjaiPlayer", "PROGRAMS_BY_ENGINE"]

COMMAND = "cmd:"


class MjaiPlayer:
    """An outside program at a table whose engine speaks mjai to programs (Riichi's): an mjai bot
    (:class:`~sparrow.seats.mjai.MjaiSeat`, the referee's checks around it) sent the match so far as
    mjai messages. It answers in the family's own actions, listed in the seat's observation
    (``family.legal``, in the order of the legal actions); a decision that falls to the built-in
    choice (pass on a claim, else the last plain discard) is counted in ``faults`` with its reason.
    ``history`` is the match's finished hands, kept by the chunk; :meth:`end_match` tells the bot how
    the match ended; the program runs for one match."""

    def __init__(self, kind: str, chair: int, history: list[dict[str, Any]]) -> None:
        command = kind[len(COMMAND) :]
        self.process = MjaiProcess(shlex.split(command))
        self.seat = MjaiSeat(chair, self.process, self._fallback, name=command.strip())
        self.history = history
        self._actions: Sequence[Action] = ()

    @property
    def faults(self) -> Any:
        return self.seat.faults

    def choose(self, state: Hand, seat: str, actions: list[Action]) -> Action:
        own = tuple(getattr(state.observation(seat).family, "legal", ()))
        if len(own) != len(actions):
            raise ValueError(f"{self.seat.name}: the table lists no actions of its own for an mjai bot")
        self._actions = actions
        choice = self.seat.act([*self.history, *state.events], own)
        index = next((i for i, action in enumerate(own) if action is choice), None)
        return actions[own.index(choice) if index is None else index]

    def _fallback(self, legal: Sequence[Any]) -> Any:
        """Pass on a claim, else discard the last tile without declaring (the same place in ``legal``
        as in the legal actions)."""
        actions = self._actions
        for index, action in enumerate(actions):
            if action.kind is ActionKind.PASS:
                return legal[index]
        discards = [i for i, a in enumerate(actions) if a.kind is ActionKind.DISCARD and not a.riichi]
        return legal[discards[-1] if discards else 0]

    def end_match(self, log: Sequence[Mapping[str, Any]]) -> None:
        self.seat.finish(log)

    def close(self) -> None:
        self.process.close()


# The players of outside programs at an engine that speaks its own protocol to them, by engine
# (``TableRules.engine``); the other engines seat programs over docs/protocol.md (make_seat).
PROGRAMS_BY_ENGINE: Mapping[str, type[MjaiPlayer]] = {"riichi": MjaiPlayer}
