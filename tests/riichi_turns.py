"""Riichi hands played to their end at the one table, turn by turn, for tests that look at each
decision a level made (the players' own observations, nothing more)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sparrow.bots.riichi import RiichiPlayer
from sparrow.bots.seat_view import SeatView
from sparrow.game import Action, ActionKind, Observation


def discards_played(hand: Any, level: str, seed: int) -> Iterator[tuple[Observation, SeatView, Action]]:
    """Each discard of ``hand`` played by four ``level`` players seeded ``seed``: the seat's
    observation, its seat view and the discard (applied once the test has looked at it)."""
    players = {seat: RiichiPlayer(level, seed) for seat in hand.seats}
    while not hand.is_over:
        seen = hand.observation(hand.to_act[0])
        action = players[seen.seat].act(seen)
        if action.kind is ActionKind.DISCARD:
            yield seen, SeatView.from_observation(seen), action
        hand.apply(action)
