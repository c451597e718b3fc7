"""A Riichi hand with the table's one face: the :class:`~sparrow.game.HandState` face every family
shows (seats named by their winds of the hand, :class:`~sparrow.game.Action`, the typed
:class:`~sparrow.game.Observation`, :class:`~sparrow.game.HandResult`, the same game log).

:class:`RiichiHand` holds a :class:`~sparrow.game.riichi.RiichiHandState` (Riichi's own rules:
dora, riichi and ippatsu, the three furiten, kuikae, several rons, abortive draws, honba and sticks)
and speaks for it. What only Riichi shows is in the observation's ``family`` field
(:class:`RiichiView`) and the result's ``family`` field (the
:class:`~sparrow.game.riichi.RiichiHandResult`). An action is Riichi's own once translated:

=====================  =============================================================
the one ``Action``     Riichi's
=====================  =============================================================
``discard`` (+flags)   a discard; ``red`` the red five, ``riichi`` declares with it
``win``                tsumo on a turn, ron on a discard or a kan open to robbing
``chow`` from a tile   chi: the run's lowest tile; ``red`` takes the red five from the hand
``pung``               pon; ``red`` takes the red five from the hand
``kong``               daiminkan (the open kan on a discard)
``concealed_kong``     ankan
``added_kong``         kakan
``abortive_draw``      nine terminals (kyuushu kyuuhai) on the first turn
``pass``               pass
=====================  =============================================================
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any

from sparrow.core.hand import Meld, MeldKind
from sparrow.core.tiles import KINDS, SEATS, Tile
from sparrow.game.actions import (
    Action,
    ActionKind,
    HandOverError,
    IllegalActionError,
    NotYourTurnError,
)
from sparrow.game.events import upgrade_log
from sparrow.game.hand_base import Phase
from sparrow.game.result import HandResult
from sparrow.game.riichi.actions import IllegalRiichiActionError, RiichiAction, RiichiActionKind
from sparrow.game.riichi.base import HandBase
from sparrow.game.riichi.family_view import RiichiView, view_of
from sparrow.game.riichi.replay import ReplayError as RiichiReplayError
from sparrow.game.riichi.replay import replay
from sparrow.game.riichi.result import RiichiHandResult
from sparrow.game.riichi.state import RiichiHandState
from sparrow.game.riichi.tiles import FACE_KINDS, RED_FACE, kind_of
from sparrow.game.riichi.view import moment, seat_events
from sparrow.game.views import Observation, TableView
from sparrow.rules import ScoreResult
from sparrow.rules.riichi.family import match_of
from sparrow.rules.riichi.match import Standing
from sparrow.rules.riichi.presets import MatchOptions

__all__ = ["RiichiHand", "RiichiView", "shared_action"]

# A tile id's kind as a Tile (ids 0-135, four a kind): read for every tile of every observation.
_TILE_OF = tuple(KINDS[tile >> 2] for tile in range(136))
_PHASES = {"turn": Phase.TURN, "claims": Phase.CLAIMS, "chankan": Phase.ROB, "over": Phase.OVER}
_MELD_KINDS = {"chi": MeldKind.CHOW, "pon": MeldKind.PUNG}
_DEFAULT_PLAYERS = {"E": "East", "S": "South", "W": "West", "N": "North"}
_NO_BONUS: Mapping[str, tuple[Tile, ...]] = MappingProxyType({wind: () for wind in SEATS})
_SIMPLE = {
    RiichiActionKind.TSUMO: ActionKind.WIN,
    RiichiActionKind.RON: ActionKind.WIN,
    RiichiActionKind.DAIMINKAN: ActionKind.KONG,
    RiichiActionKind.KYUUSHU: ActionKind.ABORTIVE_DRAW,
    RiichiActionKind.PASS: ActionKind.PASS,
}
_KANS = {RiichiActionKind.ANKAN: ActionKind.CONCEALED_KONG, RiichiActionKind.KAKAN: ActionKind.ADDED_KONG}


# The one Action of each Riichi action the tables listed, by the action, the dealer (which names the
# seat's wind) and for a chi the kind claimed: a few thousand at most, kept for the process.
_SHARED: dict[tuple[RiichiAction, int, int], Action] = {}


def shared_action(action: RiichiAction, state: HandBase) -> Action:
    """``action`` (listed by ``state`` now) as the one :class:`Action`, its seat named by its wind."""
    claimed = state.last_discard >> 2 if action.kind is RiichiActionKind.CHI and state.last_discard is not None else -1
    key = (action, state.dealer, claimed)
    found = _SHARED.get(key)
    if found is None:
        found = _SHARED[key] = _translate(action, state)
    return found


def _translate(action: RiichiAction, state: HandBase) -> Action:
    wind = state.winds[action.seat]
    kind = action.kind
    if kind is RiichiActionKind.DISCARD:
        face = action.tile
        assert face is not None
        return Action(ActionKind.DISCARD, wind, KINDS[FACE_KINDS[face]], face >= RED_FACE, action.riichi)
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return Action(simple, wind)
    if kind in _KANS:
        assert action.tile is not None
        return Action(_KANS[kind], wind, KINDS[FACE_KINDS[action.tile]])
    red = any(face >= RED_FACE for face in action.tiles)
    if kind is RiichiActionKind.PON:
        return Action(ActionKind.PUNG, wind, None, red)
    assert state.last_discard is not None  # a chi is on the discard
    lowest = min(FACE_KINDS[action.tiles[0]], FACE_KINDS[action.tiles[1]], int(kind_of(state.last_discard)))
    return Action(ActionKind.CHOW, wind, KINDS[lowest], red)


class RiichiHand:
    """One Riichi hand behind the one face (see the module docstring).

    ``RiichiHand(options, seed)`` deals a first hand (East 1, the preset's start points);
    :meth:`from_standing` the next hand of a match, :meth:`from_hand_start` a recorded one.
    ``options`` are the Riichi match options (a preset name under ``preset`` and any of its
    fields)."""

    rules = "riichi"

    def __init__(
        self,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        *,
        players: Mapping[str, str] | None = None,
        state: RiichiHandState | None = None,
    ) -> None:
        if state is None:
            match_options = match_of(options)
            names = None if players is None else [players[wind] for wind in SEATS]
            state = RiichiHandState(seed, options=match_options, players=names)
        self.state = state
        start = state.events[0]
        recorded = start.get("players")
        self.players: Mapping[str, str] = MappingProxyType(dict(recorded or _DEFAULT_PLAYERS))
        self.options: Mapping[str, Any] = MappingProxyType(dict(start["options"]))
        self.seed = state.seed
        self._legal_key: tuple[int, int, int] | None = None
        self._legal: tuple[Action, ...] = ()
        self._own_legal: tuple[RiichiAction, ...] = ()
        # The one Action of each of Riichi's actions listed this hand but a chi's (whose Action names
        # the kind claimed), by the id of the table's own action (kept with it, so the id stays its).
        self._shared: dict[int, tuple[RiichiAction, Action]] = {}
        self._forget_views()

    def _forget_views(self) -> None:
        # The parts of an observation every seat sees alike, kept between observations while they
        # stand (each with the key it was built for): rebuilt only when the table changed them.
        self._rivers: dict[int, tuple[tuple[int, int, bool], tuple[Tile, ...]]] = {}
        self._melds_view: tuple[tuple[object, ...], Mapping[str, tuple[Meld, ...]]] | None = None
        self._parts: tuple[int, tuple[Any, Any, Any]] | None = None
        self._scores_view: Mapping[str, int] = MappingProxyType(self.totals)

    @classmethod
    def from_standing(
        cls,
        standing: Standing,
        seed: int | None = None,
        options: MatchOptions | None = None,
        players: Sequence[str] | None = None,
    ) -> RiichiHand:
        """The next hand of a match from its standing; ``players`` by chair 0-3."""
        return cls(state=RiichiHandState.from_standing(standing, seed, options or MatchOptions(), players))

    @classmethod
    def from_hand_start(cls, event: Mapping[str, Any]) -> RiichiHand:
        return cls(state=RiichiHandState.from_hand_start(event))

    # --- the face every family shows ------------------------------------------------------------

    @property
    def seats(self) -> tuple[str, ...]:
        return SEATS

    @property
    def round_wind(self) -> str:
        return SEATS[self.state.round_wind]

    @property
    def is_over(self) -> bool:
        return self.state.phase == "over"

    @property
    def phase(self) -> Phase:
        return _PHASES[self.state.phase]

    @property
    def to_act(self) -> tuple[str, ...]:
        winds = self.state.winds
        return tuple(winds[chair] for chair in self.state.to_act)

    @property
    def events(self) -> list[dict[str, Any]]:
        return self.state.events

    @property
    def totals(self) -> dict[str, int]:
        """The seats' points before the hand, by wind."""
        state = self.state
        return {state.winds[chair]: points for chair, points in enumerate(state.start_scores)}

    def legal_actions(self, seat: str) -> list[Action]:
        """Exactly what ``seat`` may do now (empty when the table does not wait for it)."""
        return list(self._legal_of(self._chair(seat)))

    def _legal_of(self, chair: int) -> tuple[Action, ...]:
        state = self.state
        key = (chair, len(state.events), len(state.responses))
        if key != self._legal_key:
            own = self._own_legal = tuple(state._legal_now(chair))
            shared = self._shared
            legal = []
            for action in own:
                found = shared.get(id(action))
                if found is not None and found[0] is action:
                    legal.append(found[1])
                    continue
                one = shared_action(action, state)
                if action.kind is not RiichiActionKind.CHI:
                    shared[id(action)] = (action, one)
                legal.append(one)
            self._legal = tuple(legal)
            self._legal_key = key
        return self._legal

    def apply(self, action: Action) -> RiichiHand:
        """Do ``action`` (in place) and return this hand; an illegal one raises an
        :class:`~sparrow.game.IllegalActionError` and changes nothing."""
        if not isinstance(action, Action):
            raise TypeError(f"apply() takes an Action, got {type(action).__name__}")
        state = self.state
        if state.phase == "over":
            raise HandOverError(action, "the hand is over")
        chair = self._chair(action.seat)
        if chair not in state.to_act:
            raise NotYourTurnError(action, f"the table is not waiting for {action.seat} now")
        legal = self._legal_of(chair)
        found = -1
        for index, shared in enumerate(legal):
            if shared is action:  # one the table listed: the usual case, found without comparing
                found = index
                break
        else:
            if action in legal:
                found = legal.index(action)
        if found < 0:
            shown = ", ".join(str(a) for a in legal)
            raise IllegalActionError(action, f"not legal now; legal are: {shown}")
        listed = self._own_legal[found]
        try:
            state.apply(listed)
        except IllegalRiichiActionError as error:  # listed as legal, so never expected
            raise IllegalActionError(action, str(error)) from None
        return self

    def observation(self, seat: str) -> Observation:
        """What ``seat`` sees now: the shared fields, and Riichi's own in ``family``."""
        state = self.state
        chair = self._chair(seat)
        winds = state.winds
        phase = _PHASES[state.phase]
        claim_tile: Tile | None = None
        claim_from: str | None = None
        if phase is Phase.CLAIMS and state.last_discard is not None:
            claim_tile, claim_from = _TILE_OF[state.last_discard], winds[state.turn]
        elif phase is Phase.ROB and state.kakan_tile is not None:
            claim_tile, claim_from = _TILE_OF[state.kakan_tile], winds[state.turn]
        if phase is Phase.TURN:
            to_act: tuple[str, ...] = (winds[state.turn],)
        else:
            to_act = (seat,) if chair in state.to_act else ()
        legal = self._legal_of(chair) if to_act and to_act[0] == seat else ()
        melds, rivers, hand_sizes = self._table_parts()
        standing = tuple(sorted(state.seats[chair].hand))
        kept = moment(state, chair, standing)
        drawn = None if kept[3] is None else _TILE_OF[kept[3]]
        return Observation(
            seat=seat,
            rules=self.rules,
            options=self.options,
            round_wind=self.round_wind,
            players=self.players,
            scores=self._scores_view,
            phase=phase,
            turn=winds[state.turn],
            to_act=to_act,
            hand=tuple([_TILE_OF[t] for t in standing]),  # ids sort as their kinds do
            drawn=drawn,
            melds=melds,
            bonus=_NO_BONUS,
            discards=rivers,
            hand_sizes=hand_sizes,
            live_wall=state.live_count,
            replacement_tiles=4 - state.rinshan_drawn,
            claim_tile=claim_tile,
            claim_from=claim_from,
            dead=(),
            legal_actions=legal,
            family=view_of(kept, self._own_legal if legal else ()),
        )

    def _table_parts(self) -> tuple[Mapping[str, tuple[Meld, ...]], Mapping[str, tuple[Tile, ...]], Mapping[str, int]]:
        """Every seat's declared sets, river and number of standing tiles, by wind (E first): what
        every seat sees alike. Every tile that moves is logged, so they stand while the log does."""
        state = self.state
        kept = self._parts
        if kept is not None and kept[0] == len(state.events):
            return kept[1]
        seats = state.seats
        chairs = [(state.dealer + i) % 4 for i in range(4)]  # seat wind i sits in chair dealer + i
        # A set changes only by being added, or a pon replaced by its kakan; building one costs more
        # than comparing them, so the sets are kept while they stand.
        melds_key = tuple([tuple(seat.melds) for seat in seats])
        if self._melds_view is None or self._melds_view[0] != melds_key:
            built = MappingProxyType({wind: self._melds(chairs[i]) for i, wind in enumerate(SEATS)})
            self._melds_view = (melds_key, built)
        river = self._river
        parts = (
            self._melds_view[1],
            MappingProxyType(
                {"E": river(chairs[0]), "S": river(chairs[1]), "W": river(chairs[2]), "N": river(chairs[3])}
            ),
            MappingProxyType(
                {
                    "E": len(seats[chairs[0]].hand),
                    "S": len(seats[chairs[1]].hand),
                    "W": len(seats[chairs[2]].hand),
                    "N": len(seats[chairs[3]].hand),
                }
            ),
        )
        self._parts = (len(state.events), parts)
        return parts

    def _river(self, chair: int) -> tuple[Tile, ...]:
        # A river only grows, and a tile in it is called only while it is the last one: a river seen
        # before with the same length and the same last call is the same.
        river = self.state.seats[chair].river
        key = (chair, len(river), river[-1].called if river else False)
        kept = self._rivers.get(chair)
        if kept is None or kept[0] != key:
            kept = self._rivers[chair] = (key, tuple([_TILE_OF[item.tile] for item in river if not item.called]))
        return kept[1]

    def _melds(self, chair: int) -> tuple[Meld, ...]:
        winds = self.state.winds
        melds = []
        for meld in self.state.seats[chair].melds:
            kind = _MELD_KINDS.get(meld.kind, MeldKind.KONG)
            tiles = tuple(sorted(_TILE_OF[t] for t in meld.tiles))
            source = None if meld.source is None else winds[meld.source]
            melds.append(Meld(kind, tiles, meld.kind != "ankan", source))
        return tuple(melds)

    @property
    def result(self) -> HandResult | None:
        """How the hand ended, once it is over: the shared fields (the first winner, the payments by
        seat wind, the next dealer and round wind) and Riichi's own result in ``family``."""
        ended = self.state.result
        if ended is None:
            return None
        return _shared_result(ended, self.state)

    def seat_events(self, seat: str | None, start: int = 0) -> list[dict[str, Any]]:
        """The log from event ``start`` as ``seat`` sees it live (None: a spectator): no wall, no
        other seat's dealt or drawn tiles; once the hand is over the deal is shown whole."""
        return seat_events(self.state.events[start:], seat, over=self.is_over)

    def table_view(self) -> TableView:
        """Where every tile is (the referee's view, for tests, tools and the end of a hand), by kind."""
        state = self.state
        seats = range(4)
        return TableView(
            wall=tuple(_TILE_OF[t] for t in (*state.live_wall(), *state.dead_wall())),
            hands={state.winds[c]: tuple(sorted(_TILE_OF[t] for t in state.seats[c].hand)) for c in seats},
            melds={state.winds[c]: self._melds(c) for c in seats},
            bonus=_NO_BONUS,
            discards={state.winds[c]: self._river(c) for c in seats},
        )

    def score_cards(self) -> dict[str, ScoreResult]:
        """Once over, each winner's score card, by wind."""
        ended = self.state.result
        if ended is None:
            return {}
        return {self.state.winds[win.seat]: win.score.to_score_result() for win in ended.wins}

    def replay_onto(self, events: Sequence[Mapping[str, Any]]) -> RiichiHand:
        """Play the decisions of this hand's log (``events``, from its ``hand_start``; it may stop
        before the end) onto this hand, dealt the same way and played so far as the log goes (freshly
        dealt, or at an earlier point of the same log); raises :class:`~sparrow.game.ReplayError`
        when the log is not this hand's or does not go on from where the hand is. The hand is played
        in place: after an error it stands where the log stopped replaying (as the shared table's)."""
        from sparrow.game.replay import ReplayError

        events = upgrade_log(events)  # a log of an older version as one of version 3, which the hand writes
        if not events or dict(events[0]) != self.state.events[0]:
            raise ReplayError("the log does not start with this hand's deal")
        # The hand goes on from where it is (a replay drawn a step at a time plays each step once),
        # so the log must go on from there, as at the shared table.
        mine = self.state.events
        # Compared as replay() compares: fields the table does not write are allowed in a log.
        written = [{key: value for key, value in event.items() if key in own} for event, own in zip(events, mine)]
        if len(mine) > len(events) or written != mine:
            raise ReplayError("the log does not go on from where this hand is")
        try:
            self.state = replay(events, partial=True, onto=self.state)
        except RiichiReplayError as error:
            raise ReplayError(str(error)) from None
        self._legal_key = None
        self._forget_views()
        return self

    def _chair(self, seat: str) -> int:
        if seat not in SEATS:
            raise ValueError(f"unknown seat {seat!r} (expected one of E, S, W, N)")
        return self.state.seat_of(seat)

    def __repr__(self) -> str:
        return f"<RiichiHand {self.round_wind}{self.state.dealer + 1} phase={self.state.phase}>"


def _shared_result(ended: RiichiHandResult, state: HandBase) -> HandResult:
    winds = state.winds
    first = ended.wins[0] if ended.wins else None
    if first is None:
        win_by = None
    elif first.source is None:
        win_by = "kong_replacement" if state.drawn_rinshan else "self_draw"
    else:
        # A kan robbed ends the hand while its tile is still open to the table (robbed_kan stays set
        # after every kan, so it does not tell).
        win_by = "robbing_kong" if state.kakan_tile is not None else "discard"
    after = ended.after
    points = {wind: 0 for wind in SEATS}
    for win in ended.wins:
        points[winds[win.seat]] = win.score.points
    return HandResult(
        winner=None if first is None else winds[first.seat],
        discarder=None if ended.loser is None or not ended.wins else winds[ended.loser],
        win_by=win_by,
        situation=None,
        score=None if first is None else first.score.to_score_result(),
        scores=points,
        payments={winds[chair]: delta for chair, delta in enumerate(ended.deltas)},
        next_dealer="E" if ended.settlement.renchan else "S",
        next_round_wind=None if after.finished else SEATS[after.round_wind],
        family=ended,
        other_winners=tuple(winds[win.seat] for win in ended.wins[1:]),
        ending=_ending(ended, state),
    )


def _ending(ended: RiichiHandResult, state: HandBase) -> str | None:
    if ended.kind == "exhaustive":
        ready = [state.winds[seat] for seat in sorted(ended.tenpai, key=lambda s: state.winds[s] != "E")]
        return "The wall is empty: " + (f"ready {', '.join(ready)}." if ready else "nobody is ready.")
    if ended.kind == "abortive":
        return f"An abortive draw: {(ended.abort or '').replace('_', ' ')}."
    return None
