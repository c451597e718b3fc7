"""The table: walls and dice, one hand of play as a state machine, matches, the game log and replays.

The usual entry points::

    from sparrow.game import deal, new_match, replay_hand

    hand = deal("hkos", seed=7)          # any family: deal("riichi", seed=7) too
    while not hand.is_over:
        seat = hand.to_act[0]
        hand.apply(hand.legal_actions(seat)[0])
    hand.result, hand.events

``deal`` gives the family's hand behind the one face (:class:`Hand`): :class:`HandState` for the
families the shared engine plays, Riichi's own state machine behind the same face for Riichi.
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
from sparrow.game.hands import Hand, MatchFace, deal, from_hand_start, new_match, replay_hand
from sparrow.game.match import Match, MatchError
from sparrow.game.replay import ReplayError, replay, replay_match, replay_states
from sparrow.game.state import HandResult, HandSetupError, HandState, Observation, Phase, TableView

__all__ = [
    "Action",
    "Hand",
    "MatchFace",
    "deal",
    "from_hand_start",
    "new_match",
    "replay_hand",
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
