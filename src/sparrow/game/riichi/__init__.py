"""One hand of Riichi (Japanese mahjong, Tenhou's ranked rules by default) as a state machine.

:class:`RiichiHandState` deals a hand from a seed (or a recorded wall), lists each seat's legal
actions and applies them, records the game-log events, and ends with a :class:`RiichiHandResult`
scored by :mod:`sparrow.rules.riichi` and settled by :func:`sparrow.rules.riichi.match.settle`.
:func:`replay` rebuilds a hand from its events; :func:`observation` is what one seat may see.

The events follow ``game-log.md`` (seats as winds of the hand, tiles as faces, ``0p`` a red five):
``hand_start`` (options, seed, dice, dealer, honba, sticks, scores and the whole ``wall``), ``deal``,
``dora`` (each indicator turned over), ``draw`` (``live`` or ``replacement``), ``discard`` (with
``riichi`` and ``tsumogiri``), ``riichi`` (the stick paid), ``claim`` (``call`` chi, pon,
daiminkan, or ``kind`` win), ``kong`` (concealed or added), ``rob``, ``win``, ``exhausted``
(tenpai and nagashi seats), ``abort`` (its kind) and ``hand_end`` (the settlement).
"""

from sparrow.game.riichi.actions import (
    IllegalRiichiActionError,
    RiichiAction,
    RiichiActionError,
    RiichiActionKind,
    RiichiHandOverError,
)
from sparrow.game.riichi.match import RiichiMatch
from sparrow.game.riichi.replay import ReplayError, replay
from sparrow.game.riichi.result import RiichiHandResult, RiichiWin
from sparrow.game.riichi.seat import RiichiMeld, RiichiSeat, RiverTile
from sparrow.game.riichi.state import RiichiHandState
from sparrow.game.riichi.tiles import face_name, parse_face
from sparrow.game.riichi.view import observation, seat_events

__all__ = [
    "RiichiHandState",
    "RiichiAction",
    "RiichiActionKind",
    "RiichiActionError",
    "IllegalRiichiActionError",
    "RiichiHandOverError",
    "RiichiHandResult",
    "RiichiMatch",
    "RiichiWin",
    "RiichiMeld",
    "RiichiSeat",
    "RiverTile",
    "ReplayError",
    "replay",
    "observation",
    "seat_events",
    "face_name",
    "parse_face",
]
