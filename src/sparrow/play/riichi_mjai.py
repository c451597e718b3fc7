"""Riichi games written in mjai (``sparrow.formats.mjai``) played again on Sparrow's Riichi table
(``sparrow.game.riichi``): every action must be legal at Sparrow's table, and every hand must end
as the log says, with the same scores.

An mjai log does not record the wall, only the tiles as they came: the dealt hands, each draw, the
dora indicators shown and, at a riichi win, the ura dora. :func:`wall_of` puts each of those where
Sparrow's wall keeps it (``sparrow.game.riichi.tiles``: the deal from the front, live draws in
order, replacement tiles from the end, the indicators at their fixed places) and fills the places
nobody saw with the tiles left; Sparrow then deals that wall and is told each decision of the log.
Claims nobody made are passes; a riichi is the discard that follows ``reach``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sparrow.formats.mjai import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndKyoku,
    Hora,
    Kakan,
    MjaiEvent,
    MjaiTile,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartKyoku,
    Tsumo,
)
from sparrow.game.riichi import RiichiAction, RiichiActionKind, RiichiHandState
from sparrow.game.riichi.tiles import (
    RED_FACE,
    RED_KINDS,
    TILE_COUNT,
    indicator_index,
    red_ids,
    rinshan_index,
    ura_index,
)
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.seats.mjai import to_mjai

__all__ = [
    "MjaiReplayError",
    "ReplayedHand",
    "RIICHIENV",
    "wall_of",
    "replay_hand",
    "replay_game",
    "face_of_mjai",
    "to_mjai",
]

# riichienv's rules (``GameRule.default_tenhou``) where they differ from Tenhou's as Sparrow plays them:
# a wait on a kind whose four copies the player holds itself counts (tenpai at the draw, riichi).
RIICHIENV = MatchOptions(wait_on_own_fourth=True)

_KANS = (Ankan, Kakan, Daiminkan)
_CALLS = (Chi, Pon, Daiminkan)


class MjaiReplayError(ValueError):
    """The log does not play at Sparrow's table: the message names the hand, the event and why."""


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One hand of the log, played again: Sparrow's state at its end and the scores the log gives."""

    state: RiichiHandState
    expected_scores: tuple[int, ...]


def face_of_mjai(tile: MjaiTile) -> int:
    if tile.tile is None:
        raise MjaiReplayError("a hidden tile (?) in a log that should show every tile")
    kind = int(tile.tile)
    return RED_FACE + RED_KINDS.index(kind) if tile.red else kind


def _deal_places(dealer: int) -> dict[int, list[int]]:
    """The wall's places each seat's dealt tiles come from (three rounds of four, then one each)."""
    places: dict[int, list[int]] = {seat: [] for seat in range(4)}
    order = [(dealer + k) % 4 for k in range(4)]
    front = 0
    for _ in range(3):
        for seat in order:
            places[seat] += list(range(front, front + 4))
            front += 4
    for seat in order:
        places[seat].append(front)
        front += 1
    return places


def wall_of(start: StartKyoku, events: Sequence[MjaiEvent], red_fives: int = 3) -> list[int]:
    """The wall of one hand (tile ids in Sparrow's draw order) from what its log shows."""
    red = red_ids(red_fives)
    pools: dict[int, list[int]] = {}
    for kind in range(34):
        pools[kind] = [4 * kind + k for k in range(4) if 4 * kind + k not in red]
    for face, tile_id in zip(range(RED_FACE, RED_FACE + 3), sorted(red), strict=False):
        pools[face] = [tile_id]
    wall: list[int | None] = [None] * TILE_COUNT

    def put(place: int, tile: MjaiTile, what: str) -> None:
        face = face_of_mjai(tile)
        if not pools.get(face):
            raise MjaiReplayError(f"{what}: a fifth {tile}, or a red five the rules do not have")
        if wall[place] is not None:
            raise MjaiReplayError(f"{what}: the wall's place {place} is taken twice")
        wall[place] = pools[face].pop()

    for seat, places in _deal_places(start.oya).items():
        for place, tile in zip(places, start.tehais[seat], strict=True):
            put(place, tile, f"the deal of seat {seat}")
    put(indicator_index(0), start.dora_marker, "the first dora indicator")
    front, replacements, indicators, previous = 52, 0, 1, None
    for event in events:
        if isinstance(event, Tsumo):
            if isinstance(previous, _KANS):
                put(rinshan_index(replacements), event.pai, "a replacement draw")
                replacements += 1
            else:
                put(front, event.pai, "a draw")
                front += 1
        elif isinstance(event, Dora):
            put(indicator_index(indicators), event.dora_marker, "a kan dora indicator")
            indicators += 1
        elif isinstance(event, Hora):
            for number, marker in enumerate(event.ura_markers or event.uradora_markers or ()):
                if wall[ura_index(number)] is None:
                    put(ura_index(number), marker, "an ura dora indicator")
        if not isinstance(event, Dora):
            previous = event
    rest = [tile_id for pool in pools.values() for tile_id in pool]
    rest.sort()
    filled = []
    for place in wall:
        filled.append(place if place is not None else rest.pop())
    return filled


def _hands(events: Sequence[MjaiEvent]) -> list[list[MjaiEvent]]:
    hands: list[list[MjaiEvent]] = []
    for event in events:
        if isinstance(event, StartKyoku):
            hands.append([event])
        elif hands and not isinstance(hands[-1][-1], EndKyoku):
            hands[-1].append(event)
    return hands


def _pass_all(state: RiichiHandState) -> None:
    """Every seat still asked about the tile passes."""
    for seat in list(state.to_act):
        if state.phase != "turn" and not state.over:
            state.apply(RiichiAction.simple(RiichiActionKind.PASS, seat))


def _apply(state: RiichiHandState, action: RiichiAction, what: str) -> None:
    try:
        state.apply(action)
    except ValueError as error:
        raise MjaiReplayError(f"{what}: {error}") from None


def replay_hand(hand: Sequence[MjaiEvent], options: MatchOptions | None = None) -> ReplayedHand:
    """Play one hand of the log (``start_kyoku`` to ``end_kyoku``) at Sparrow's table."""
    start = hand[0]
    if not isinstance(start, StartKyoku):
        raise MjaiReplayError("a hand starts with start_kyoku")
    options = options or MatchOptions()
    state = RiichiHandState(
        None,
        dealer_seat=start.oya,
        round_wind="ESWN".index(start.bakaze),
        honba=start.honba,
        sticks=start.kyotaku,
        scores=list(start.scores),
        options=options,
        wall=wall_of(start, hand[1:], options.red_fives),
    )
    expected = list(start.scores)
    declaring: set[int] = set()
    for number, event in enumerate(hand[1:], 1):
        what = f"event {number} ({event.TYPE})"
        # A claim or a ron answers the discard; what only tells (the stick accepted, a dora shown)
        # leaves the window open; anything else means nobody took the tile.
        answers = isinstance(event, (*_CALLS, Hora)) and getattr(event, "actor", None) != getattr(event, "target", None)
        tells = isinstance(event, (ReachAccepted, Dora))
        if state.phase != "turn" and not state.over and not answers and not tells:
            _pass_all(state)  # nobody took the tile
        if isinstance(event, Tsumo):
            if state.over or state.turn != event.actor or state.drawn is None:
                raise MjaiReplayError(f"{what}: Sparrow's table does not give seat {event.actor} a draw now")
            if state.face(state.drawn) != face_of_mjai(event.pai):
                raise MjaiReplayError(f"{what}: Sparrow drew {state.name(state.drawn)} for seat {event.actor}")
        elif isinstance(event, Reach):
            declaring.add(event.actor)
        elif isinstance(event, Dahai):
            face = face_of_mjai(event.pai)
            _apply(state, RiichiAction.discard(event.actor, face, riichi=event.actor in declaring), what)
            declaring.discard(event.actor)
        elif isinstance(event, ReachAccepted):
            expected[event.actor] -= 1000
        elif isinstance(event, (Chi, Pon)):
            first, second = (face_of_mjai(t) for t in event.consumed)
            make = RiichiAction.chi if isinstance(event, Chi) else RiichiAction.pon
            _apply(state, make(event.actor, first, second), what)
            _pass_all(state)
        elif isinstance(event, Daiminkan):
            _apply(state, RiichiAction.simple(RiichiActionKind.DAIMINKAN, event.actor), what)
            _pass_all(state)
        elif isinstance(event, Ankan):
            _apply(state, RiichiAction(RiichiActionKind.ANKAN, event.actor, tile=_plain(event.consumed[0])), what)
        elif isinstance(event, Kakan):
            _apply(state, RiichiAction(RiichiActionKind.KAKAN, event.actor, tile=_plain(event.pai)), what)
        elif isinstance(event, Hora):
            kind = RiichiActionKind.TSUMO if event.actor == event.target else RiichiActionKind.RON
            _apply(state, RiichiAction.simple(kind, event.actor), what)
            _add(expected, event.deltas)
            if kind is RiichiActionKind.RON and not _another_hora(hand, number):
                _pass_all(state)
        elif isinstance(event, Ryukyoku):
            if event.reason in ("kyushu_kyuhai", "kyushukyuhai") and not state.over:
                _apply(state, RiichiAction.simple(RiichiActionKind.KYUUSHU, state.turn), what)
            _add(expected, event.deltas)
        elif isinstance(event, EndKyoku):
            break
    if not state.over:
        raise MjaiReplayError("the log's hand ended, but Sparrow's table is still in play")
    end = state.events[-1]
    if end.get("finished") and not any(isinstance(e, Hora) for e in hand):
        # The match ends on a draw: the sticks left on the table go to the top player (Tenhou), which
        # an mjai log's deltas do not show.
        left = start.kyotaku + sum(isinstance(e, ReachAccepted) for e in hand)
        top = max(range(4), key=lambda seat: (expected[seat], -seat))  # a tie: the seat first from the first dealer
        expected[top] += 1000 * left
    return ReplayedHand(state, tuple(expected))


def _plain(tile: MjaiTile) -> int:
    if tile.tile is None:
        raise MjaiReplayError("a hidden tile (?) where the log must show it")
    return int(tile.tile)


def _add(expected: list[int], deltas: Sequence[int] | None) -> None:
    for seat, delta in enumerate(deltas or ()):
        expected[seat] += delta


def _another_hora(hand: Sequence[MjaiEvent], number: int) -> bool:
    return number + 1 < len(hand) and isinstance(hand[number + 1], Hora)


def replay_game(events: Sequence[MjaiEvent], options: MatchOptions | None = None) -> list[ReplayedHand]:
    """Every hand of an mjai game played again at Sparrow's table (see :func:`replay_hand`)."""
    replayed = []
    for index, hand in enumerate(_hands(events), 1):
        try:
            replayed.append(replay_hand(hand, options))
        except MjaiReplayError as error:
            raise MjaiReplayError(f"hand {index}: {error}") from None
    return replayed
