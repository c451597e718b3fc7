"""The computer players of the families played on a table of their own (``TableRules.engine``), by
engine: :class:`~sparrow.bots.Bot` hands them every decision of such a family's hand, so one
``get_bot(level, seed)`` plays every family."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from sparrow.bots.riichi import RiichiPlayer
from sparrow.game.actions import Action
from sparrow.game.views import Observation

__all__ = ["OwnTablePlayer", "OWN_TABLE_PLAYERS"]


class OwnTablePlayer(Protocol):
    def act(self, observation: Observation) -> Action: ...


OWN_TABLE_PLAYERS: dict[str, Callable[[str, int], OwnTablePlayer]] = {"riichi": RiichiPlayer}
