"""The table: walls and dice, one hand of play as a state machine, matches, the game log and replays.

The usual entry points::

    from sparrow.game import Action, HandState, Match, replay

    state = HandState("hkos", seed=7)
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(state.legal_actions(seat)[0])
    state.result, state.events
"""

from sparrow.game.actions import (
    Action,
    ActionKind,
    HandOverError,
    IllegalActionError,
    InvalidActionError,
    InvalidClaimError,
    InvalidWinError,
    NotYourTurnError,
    TileNotHeldError,
    WrongMomentError,
)
from sparrow.game.events import LogError
from sparrow.game.match import Match, MatchError
from sparrow.game.replay import ReplayError, replay, replay_match, replay_states
from sparrow.game.state import HandResult, HandSetupError, HandState, Observation, Phase, TableView

__all__ = [
    "Action",
    "ActionKind",
    "HandOverError",
    "HandResult",
    "HandSetupError",
    "HandState",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidClaimError",
    "InvalidWinError",
    "LogError",
    "Match",
    "MatchError",
    "NotYourTurnError",
    "Observation",
    "Phase",
    "ReplayError",
    "TableView",
    "TileNotHeldError",
    "WrongMomentError",
    "replay",
    "replay_match",
    "replay_states",
]
