"""Riichi games written in mjai (``sparrow.formats.mjai``) played again on Sparrow's Riichi table
(``sparrow.game.riichi``): every action must be legal at Sparrow's table, and every hand must end
as the log says, with the same scores.

An mjai log does not record the wall, only the tiles as they came: the dealt hands, each draw, the
dora indicators shown and, at a riichi win, the ura dora. :func:`wall_of` puts each of those where
Sparrow's wall keeps it (``sparrow.game.riichi.tiles``: the deal from the front, live draws in
order, replacement tiles from the end, the indicators at their fixed places) and fills the places
nobody saw with the tiles left; Sparrow then deals that wall and is told each decision of the log.
Claims nobody made are passes; a riichi is the discard that follows ``reach``.

Besides riichienv's and Mortal's logs, two dialects are read. The converters' (mjai-reviewer's
``convlog``, which turns Tenhou's logs into mjai) writes a declared draw as a ``ryukyoku`` without a
reason: it is read as the abortive draw the table allows at that moment (nine terminals right after
a draw, three rons on a discard), and refused, naming the hand, when none fits. It also leaves out
the fourth ``reach_accepted`` of a four-riichi draw, whose stick Tenhou takes. gimite's original
mjai leaves ``scores`` and ``kyotaku`` out of ``start_kyoku``: they follow from the hands before.
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
from sparrow.rules.riichi import MatchOptions, dora_of
from sparrow.seats.mjai import to_mjai

__all__ = [
    "MjaiReplayError",
    "ReplayedHand",
    "ScoreDifference",
    "score_differences",
    "label_of",
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

STICK = 1000
_KANS = (Ankan, Kakan, Daiminkan)
_CALLS = (Chi, Pon, Daiminkan)


class MjaiReplayError(ValueError):
    """The log does not play at Sparrow's table: the message names the hand, the event and why."""


@dataclass(frozen=True, slots=True)
class ReplayedHand:
    """One hand of the log, played again: Sparrow's state at its end and the scores the log gives."""

    state: RiichiHandState
    expected_scores: tuple[int, ...]
    label: str = ""  # "East 2, 1 honba", as the log's start_kyoku names the hand
    expected_sticks: int = 0  # the riichi sticks on the table after the hand, as the log gives them

    @property
    def scores(self) -> tuple[int, ...]:
        """The scores at the end of the hand as Sparrow settled it, seat by seat."""
        end = self.state.events[-1]["scores"]
        return tuple(end[self.state.wind_name(seat)] for seat in range(4))

    @property
    def agrees(self) -> bool:
        return self.scores == self.expected_scores


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


def wall_of(
    start: StartKyoku, events: Sequence[MjaiEvent], red_fives: int = 3, held: frozenset[int] = frozenset()
) -> list[int]:
    """The wall of one hand (tile ids in Sparrow's draw order) from what its log shows. An ura dora
    indicator the log does not show is, when it can be, a tile whose dora is none of the kinds in
    ``held`` (the winners' tiles): a hidden indicator then changes no score."""
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
    for number in range(5) if held else ():
        place = ura_index(number)
        neutral = [tile_id for tile_id in rest if int(dora_of(tile_id // 4)) not in held]
        if wall[place] is None and neutral:
            wall[place] = neutral[-1]
            rest.remove(neutral[-1])
    return [slot if slot is not None else rest.pop() for slot in wall]


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


def replay_hand(
    hand: Sequence[MjaiEvent],
    options: MatchOptions | None = None,
    scores: Sequence[int] | None = None,
    sticks: int | None = None,
) -> ReplayedHand:
    """Play one hand of the log (``start_kyoku`` to ``end_kyoku``) at Sparrow's table. ``scores``
    and ``sticks`` are those at its start when its start_kyoku leaves them out (gimite's mjai).

    A riichi winner's ura dora indicators that the log does not show (a converted Tenhou double ron
    can lose them) are unknown: the hand is played once to learn the winners' tiles, then again with
    those places holding tiles that make none of them dora."""
    start = hand[0]
    if not isinstance(start, StartKyoku):
        raise MjaiReplayError("a hand starts with start_kyoku")
    options = options or MatchOptions()
    given = start.scores if start.scores is not None else scores
    if given is None:
        raise MjaiReplayError("start_kyoku has no scores, and no earlier hand gives them")
    table = start.kyotaku if start.kyotaku is not None else sticks or 0
    played = _play(hand, start, options, given, table, wall_of(start, hand[1:], options.red_fives))
    result = played.state.result
    if result is not None and result.wins and _ura_hidden(hand):
        held = frozenset(
            int(kind)
            for win in result.wins
            for kind in (*win.score.hand.concealed, win.score.hand.winning_tile)
            + tuple(kind for meld in win.score.hand.melds for kind in meld.tiles)
        )
        played = _play(hand, start, options, given, table, wall_of(start, hand[1:], options.red_fives, held))
    return played


def _ura_hidden(hand: Sequence[MjaiEvent]) -> bool:
    """Whether a winner whose riichi stood shows no ura dora indicator in the log."""
    accepted = {event.actor for event in hand if isinstance(event, ReachAccepted)}
    return any(
        isinstance(event, Hora) and event.actor in accepted and not (event.ura_markers or event.uradora_markers)
        for event in hand
    )


def _play(
    hand: Sequence[MjaiEvent],
    start: StartKyoku,
    options: MatchOptions,
    given: Sequence[int],
    table: int,
    wall: list[int],
) -> ReplayedHand:
    state = RiichiHandState(
        None,
        dealer_seat=start.oya,
        round_wind="ESWN".index(start.bakaze),
        honba=start.honba,
        sticks=table,
        scores=list(given),
        options=options,
        wall=wall,
    )
    expected = list(given)
    sticks = table
    declaring: set[int] = set()
    unaccepted: int | None = None  # a riichi whose discard passed with no reach_accepted (yet)
    for number, event in enumerate(hand[1:], 1):
        what = f"event {number} ({event.TYPE})"
        # A claim or a ron answers the discard; what only tells (the stick accepted, a dora shown)
        # leaves the window open; a draw may answer it too (three rons: _draw passes for the others);
        # anything else means nobody took the tile.
        answers = isinstance(event, Ryukyoku) or (
            isinstance(event, (*_CALLS, Hora)) and getattr(event, "actor", None) != getattr(event, "target", None)
        )
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
            unaccepted = event.actor if event.actor in declaring else None
            declaring.discard(event.actor)
        elif isinstance(event, ReachAccepted):
            expected[event.actor] -= STICK
            sticks += 1
            unaccepted = None
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
            sticks = 0
            if kind is RiichiActionKind.RON and not _another_hora(hand, number):
                _pass_all(state)
        elif isinstance(event, Ryukyoku):
            if not state.over:
                _draw(state, event, what)
            result = state.result
            if unaccepted is not None and result is not None and result.abort == "four_riichi":
                # The converters leave out the fourth riichi's reach_accepted; Tenhou takes its stick.
                expected[unaccepted] -= STICK
                sticks += 1
            _add(expected, event.deltas)
        elif isinstance(event, EndKyoku):
            break
    if not state.over:
        raise MjaiReplayError("the log's hand ended, but Sparrow's table is still in play")
    end = state.events[-1]
    if end.get("finished") and not any(isinstance(e, Hora) for e in hand):
        # The match ends on a draw: the sticks left on the table go to the top player (Tenhou), which
        # an mjai log's deltas do not show.
        top = max(range(4), key=lambda seat: (expected[seat], -seat))  # a tie: the seat first from the first dealer
        expected[top] += STICK * sticks
        sticks = 0
    return ReplayedHand(state, tuple(expected), label_of(start), sticks)


# How writers name the abortive draws a player declares, when they name them.
_NINE_TERMINALS = frozenset({"kyushu_kyuhai", "kyushukyuhai", "kyuushu_kyuuhai", "kyushu"})
_TRIPLE_RON = frozenset({"sanchaho", "sanchahou", "triple_ron", "sanchahoora"})


def _draw(state: RiichiHandState, event: Ryukyoku, what: str) -> None:
    """End the hand as the log's ``ryukyoku`` says, reading a draw without a reason (the
    converters write nine terminals and triple ron so) as the one the table allows here."""
    reason = event.reason
    # An abortive draw pays nothing: a bare ryukyoku whose deltas move points is the wall's end.
    pays = any(event.deltas or ())
    if state.phase == "turn":
        # Nine terminals: the reason names it, or a bare ryukyoku right after a draw that allows it.
        kyuushu = RiichiAction.simple(RiichiActionKind.KYUUSHU, state.turn)
        if reason in _NINE_TERMINALS or (reason is None and not pays and kyuushu in state.legal_actions(state.turn)):
            _apply(state, kyuushu, what)
    else:
        rons = [
            seat
            for seat in state.to_act
            if RiichiAction.simple(RiichiActionKind.RON, seat) in state.legal_actions(seat)
        ]
        if len(rons) == 3 and ((reason is None and not pays) or reason in _TRIPLE_RON):
            for seat in rons:  # three rons on one discard: the table aborts the hand (or pays them)
                _apply(state, RiichiAction.simple(RiichiActionKind.RON, seat), what)
        _pass_all(state)  # nobody took the tile: four winds, four riichi, four kans or the wall's end
    if not state.over:
        why = f" ({reason})" if reason else ""
        raise MjaiReplayError(
            f"{what}: the log draws the hand here{why}, but no draw fits at Sparrow's table"
            f" ({'seat ' + str(state.turn) + ' to play' if state.phase == 'turn' else 'after a discard'},"
            f" {state.live_count} tiles left to draw)"
        )


WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def label_of(start: StartKyoku) -> str:
    """The hand as players name it: ``"East 2"``, with ``", 1 honba"`` when there are counters."""
    text = f"{WIND_NAMES[start.bakaze]} {start.kyoku}"
    return f"{text}, {start.honba} honba" if start.honba else text


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
    """Every hand of an mjai game played again at Sparrow's table (see :func:`replay_hand`). A hand
    whose start_kyoku has no scores (gimite's mjai) starts from the start points, or from the scores
    the log gave at the end of the hand before."""
    options = options or MatchOptions()
    replayed: list[ReplayedHand] = []
    scores: Sequence[int] = (options.start_points,) * 4
    sticks = 0
    for index, hand in enumerate(_hands(events), 1):
        start = hand[0]
        name = f"hand {index} ({label_of(start)})" if isinstance(start, StartKyoku) else f"hand {index}"
        try:
            replayed.append(replay_hand(hand, options, scores, sticks))
        except MjaiReplayError as error:
            raise MjaiReplayError(f"{name}: {error}") from None
        scores, sticks = replayed[-1].expected_scores, replayed[-1].expected_sticks
    return replayed


@dataclass(frozen=True, slots=True)
class ScoreDifference:
    """A hand that played to its end at Sparrow's table with other scores than the log's."""

    number: int
    label: str
    expected: tuple[int, ...]
    replayed: tuple[int, ...]

    def __str__(self) -> str:
        return (
            f"hand {self.number} ({self.label}): the log's scores {list(self.expected)},"
            f" Sparrow's {list(self.replayed)}"
        )


def score_differences(hands: Sequence[ReplayedHand]) -> list[ScoreDifference]:
    """The hands whose scores at the end differ from the log's, in order."""
    return [
        ScoreDifference(number, hand.label, hand.expected_scores, hand.scores)
        for number, hand in enumerate(hands, 1)
        if not hand.agrees
    ]
