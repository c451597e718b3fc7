"""The computer players of the families played on a table of their own (``TableRules.engine``), by
engine: :class:`~sparrow.bots.Bot` hands them every decision of such a family's hand, so one
``get_bot(level, seed)`` plays every family."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from sparrow.bots.riichi import RiichiPlayer
from sparrow.game.actions import Action
from sparrow.game.views import Observation
from sparrow.rules import get_ruleset

__all__ = ["OwnTablePlayer", "OwnTablePlayerKind", "OWN_TABLE_PLAYERS", "own_table_player"]


class OwnTablePlayer(Protocol):
    """A computer player of one such family: ``kind(level, seed)`` is seeded once and draws its
    randomness decision after decision (a seat of a simulated match); ``kind.for_decision(level,
    seed, observation)`` is the player of that one decision, seeded by where the hand stands."""

    def act(self, observation: Observation) -> Action: ...


class OwnTablePlayerKind(Protocol):
    def __call__(self, level: str, seed: int) -> OwnTablePlayer: ...
    def for_decision(self, level: str, seed: int, observation: Observation) -> OwnTablePlayer: ...


OWN_TABLE_PLAYERS: dict[str, OwnTablePlayerKind] = {"riichi": RiichiPlayer}


def own_table_player(rules: str, options: Mapping[str, Any] | None, level: str, seed: int) -> OwnTablePlayer | None:
    """The computer player of ``level`` seeded once, for a family played on a table of its own; None
    for the families :class:`~sparrow.bots.Bot` plays itself."""
    kind = OWN_TABLE_PLAYERS.get(get_ruleset(rules).table(options).engine)
    return None if kind is None else kind(level, seed)
