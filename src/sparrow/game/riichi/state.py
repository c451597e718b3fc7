"""One hand of Riichi as a state machine: :class:`RiichiHandState`.

Made from a seed (the set shuffled and broken by the dice, as :mod:`sparrow.game.wall` does), or
from a recorded ``hand_start`` event (:meth:`RiichiHandState.from_hand_start`: the wall as written,
no randomness). The deal, the first dora indicator and the dealer's first draw happen at once; then
:meth:`~RiichiHandState.legal_actions` lists what a seat may do and :meth:`~RiichiHandState.apply`
does it (an illegal action raises :class:`~sparrow.game.riichi.actions.IllegalRiichiActionError`
and changes nothing). :attr:`~RiichiHandState.to_act` are the seats the table waits for: the seat
whose turn it is, or every seat offered a claim that has not answered (all answer, then the
priorities decide). Every step appends an event to :attr:`~RiichiHandState.events`; when the hand
is over, :attr:`~RiichiHandState.result` holds its :class:`~sparrow.game.riichi.result.RiichiHandResult`.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.core.tiles import SEATS
from sparrow.game.events import LOG_VERSION, upgrade_event
from sparrow.game.riichi.actions import IllegalRiichiActionError, RiichiAction, RiichiHandOverError
from sparrow.game.riichi.calls import CallsMixin
from sparrow.game.riichi.seat import RiichiSeat
from sparrow.game.riichi.tiles import (
    TILE_COUNT,
    face_table,
    name_table,
    names,
    red_ids,
    shuffled_wall,
    wall_from_names,
)
from sparrow.game.wall import Roll
from sparrow.rules.riichi.match import Standing
from sparrow.rules.riichi.presets import MatchOptions

__all__ = ["RiichiHandState"]

DEFAULT_OPTIONS = MatchOptions()


class RiichiHandState(CallsMixin):
    """One Riichi hand (see the module docstring). ``dealer_seat`` is 0-3, ``round_wind`` 0 East to
    3 North; ``scores`` the four seats' points before the hand, ``sticks`` the riichi sticks left
    on the table and ``honba`` the counters; ``players`` names by seat, for the record. ``wall``
    (tile ids 0-135 in draw order, see :mod:`~sparrow.game.riichi.tiles`) replaces the shuffle."""

    def __init__(
        self,
        seed: int | None = None,
        *,
        dealer_seat: int = 0,
        round_wind: int = 0,
        honba: int = 0,
        sticks: int = 0,
        scores: Sequence[int] | None = None,
        options: MatchOptions = DEFAULT_OPTIONS,
        wall: Sequence[int] | None = None,
        dice: Sequence[Roll] = (),
        players: Sequence[str] | None = None,
    ) -> None:
        if not 0 <= dealer_seat < 4 or not 0 <= round_wind < 4:
            raise ValueError(f"dealer_seat and round_wind are 0-3, got {dealer_seat} and {round_wind}")
        if honba < 0 or sticks < 0:
            raise ValueError(f"honba and sticks cannot be negative, got {honba} and {sticks}")
        start = tuple(scores) if scores is not None else (options.start_points,) * 4
        if len(start) != 4:
            raise ValueError(f"scores are four numbers, got {list(start)}")
        if players is not None and len(players) != 4:
            raise ValueError(f"players are four names, by seat, got {list(players)}")
        self.seed = seed
        self.options = options
        self.dealer = dealer_seat
        self.winds = tuple(SEATS[(seat - dealer_seat) % 4] for seat in range(4))
        self.round_wind = round_wind
        self.honba = honba
        self.sticks = sticks
        self.start_scores = (start[0], start[1], start[2], start[3])
        self.scores = list(start)
        self.red = red_ids(options.red_fives)
        self.faces = face_table(self.red)
        self.tile_names = name_table(self.red)
        self.waits_cache = [None, None, None, None]
        self._legal_key: tuple[int, int, int] | None = None
        self._legal: list[RiichiAction] = []
        rolls: list[Roll] = list(dice)
        if wall is None:
            tiles, rolls = shuffled_wall(random.Random(seed))
        else:
            tiles = list(wall)
            if sorted(tiles) != list(range(TILE_COUNT)):
                raise ValueError("a wall holds each of the 136 tile ids once")
        self.wall = tiles
        self.front = 0
        self.kans = 0
        self.rinshan_drawn = 0
        self.dora_count = 0
        self.pending_dora = 0
        self.seats = [RiichiSeat() for _ in range(4)]
        self.turn = dealer_seat
        self.phase = "turn"
        self.drawn = None
        self.drawn_rinshan = False
        self.calls_made = False
        self.last_discard = self.discarder = self.kakan_tile = self.robbed_kan = None
        self.offers = {}
        self.responses = {}
        self.accepted_riichi = []
        self.events = []
        self.result = None
        self.emit(
            "hand_start",
            version=LOG_VERSION,
            rules="riichi",
            options=options.to_dict(),
            seed=seed,
            round_wind=SEATS[round_wind],
            dealer=SEATS[0],  # the dealer sits East; ``hand`` says in which chair (the hand's number - 1)
            hand=dealer_seat + 1,
            players=None if players is None else {self.wind_name(s): players[s] for s in range(4)},
            honba=honba,
            sticks=sticks,
            scores={wind: self.start_scores[self.seat_of(wind)] for wind in SEATS},
            dice=[roll.to_dict() for roll in rolls],
            wall=names(self.wall, self.red),
        )
        self._deal()

    @classmethod
    def from_hand_start(cls, event: Mapping[str, Any]) -> RiichiHandState:
        """The hand a recorded ``hand_start`` begins, from its wall (no randomness); a log of version 1
        (the dealer a chair, the scores a list by chair) is read in version 3, which the hand writes."""
        if event.get("event") != "hand_start" or event.get("rules") != "riichi":
            raise ValueError("expected a riichi hand_start event")
        event = upgrade_event(event)  # a LogError (a ValueError) for a version this code does not know
        if event.get("dealer") != SEATS[0]:
            raise ValueError(f"hand_start.dealer must be E, got {event.get('dealer')!r}")
        number = event.get("hand")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 4:
            raise ValueError(f"hand_start.hand must be the hand's number in its round, 1-4, got {number!r}")
        dealer = number - 1
        recorded = dict(event["options"])
        # A log written before the option pao_scope existed was played with the liable seat answering
        # for its yakuman alone, whatever the preset: it replays so.
        recorded.setdefault("pao_scope", "yakuman")
        options = MatchOptions.from_mapping(recorded)
        red = red_ids(options.red_fives)
        return cls(
            event.get("seed"),
            dealer_seat=dealer,
            round_wind=SEATS.index(event["round_wind"]),
            honba=int(event["honba"]),
            sticks=int(event["sticks"]),
            scores=_by_chair(event["scores"], dealer),
            options=options,
            wall=wall_from_names(event["wall"], red),
            dice=[Roll.from_dict(roll) for roll in event.get("dice", ())],
            players=_players(event.get("players"), dealer),
        )

    @classmethod
    def from_standing(
        cls,
        standing: Standing,
        seed: int | None = None,
        options: MatchOptions = DEFAULT_OPTIONS,
        players: Sequence[str] | None = None,
    ) -> RiichiHandState:
        """The next hand of a match: its dealer, round wind, honba, sticks and scores from the
        standing (``RiichiHandResult.after`` of the hand before, or ``Standing.start``)."""
        if standing.finished:
            raise ValueError("the match is over: no hand follows")
        return cls(
            seed,
            dealer_seat=standing.dealer,
            round_wind=standing.round_wind,
            honba=standing.honba,
            sticks=standing.sticks,
            scores=standing.scores,
            options=options,
            players=players,
        )

    def _deal(self) -> None:
        order = [(self.dealer + k) % 4 for k in range(4)]
        for _ in range(3):
            for seat in order:
                for _ in range(4):
                    self.seats[seat].hand.append(self.wall[self.front])
                    self.front += 1
        for seat in order:
            self.seats[seat].hand.append(self.wall[self.front])
            self.front += 1
        self.emit("deal", hands={self.wind_name(s): names(self.seats[s].hand, self.red) for s in range(4)})
        self._reveal_dora()
        self._draw(self.dealer)

    # --- the public face -------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def to_act(self) -> tuple[int, ...]:
        """The seats whose decision the table waits for."""
        if self.phase == "over":
            return ()
        if self.phase == "turn":
            return (self.turn,)
        return tuple(seat for seat in self.offers if seat not in self.responses)

    def legal_actions(self, seat: int) -> list[RiichiAction]:
        """Exactly what ``seat`` may do now (empty when the table does not wait for it)."""
        return list(self._legal_now(seat))

    def _legal_now(self, seat: int) -> list[RiichiAction]:
        """The legal actions of ``seat``, listed once per decision: a player asks for them and
        :meth:`apply` checks its choice against them. Every step of the hand writes an event or
        records an answer, so the number of both tells whether the list is still the current one."""
        key = (seat, len(self.events), len(self.responses))
        if key == self._legal_key:
            return self._legal
        if self.phase == "over" or seat not in self.to_act:
            actions: list[RiichiAction] = []
        elif self.phase == "turn":
            actions = self._turn_actions(seat)
        else:
            actions = self._claim_actions(seat)
        self._legal_key = key
        self._legal = actions
        return actions

    def apply(self, action: RiichiAction) -> None:
        """Do ``action``; an illegal one raises and changes nothing."""
        if self.phase == "over":
            raise RiichiHandOverError(action, "the hand is over")
        if action.seat not in self.to_act:
            raise IllegalRiichiActionError(action, f"the table is not waiting for seat {action.seat} ({self.phase})")
        legal = self._legal_now(action.seat)
        for listed in legal:
            if listed is action:  # one the table listed: the usual case, found without comparing
                break
        else:
            if action not in legal:
                shown = ", ".join(str(a) for a in legal)
                raise IllegalRiichiActionError(action, f"not legal now; legal are: {shown}")
        if self.phase == "turn":
            self._apply_turn(action)
        else:
            self._answer(action)

    def all_tiles(self) -> list[int]:
        """Every tile id, wherever it is (hands, melds, rivers not called, live and dead walls): the
        136 ids once each, at every moment."""
        tiles = [*self.live_wall(), *self.dead_wall()]
        for player in self.seats:
            tiles.extend(player.hand)
            tiles.extend(t for meld in player.melds for t in meld.tiles)
            tiles.extend(item.tile for item in player.river if not item.called)
        return tiles

    def snapshot(self) -> dict[str, Any]:
        """The whole state as plain values, tiles by face (two states are the same hand at the same
        point when their snapshots are equal; which plain copy of a kind is where does not count)."""
        n = self.name
        return {
            "wall": names(self.wall, self.red),
            "front": self.front,
            "kans": self.kans,
            "rinshan_drawn": self.rinshan_drawn,
            "dora_count": self.dora_count,
            "pending_dora": self.pending_dora,
            "seats": [
                {
                    "hand": sorted(n(t) for t in p.hand),
                    "melds": [
                        (m.kind, sorted(n(t) for t in m.tiles), None if m.called is None else n(m.called), m.source)
                        for m in p.melds
                    ],
                    "river": [(n(r.tile), r.tsumogiri, r.riichi, r.called) for r in p.river],
                    "flags": (
                        p.drew,
                        p.riichi,
                        p.riichi_pending,
                        p.double_riichi,
                        p.ippatsu,
                        p.temporary_furiten,
                        p.riichi_furiten,
                        sorted(p.kuikae),
                    ),
                }
                for p in self.seats
            ],
            "turn": self.turn,
            "phase": self.phase,
            "drawn": None if self.drawn is None else n(self.drawn),
            "scores": list(self.scores),
            "riichi": list(self.accepted_riichi),
            "offers": {s: [a.to_dict() for a in acts] for s, acts in self.offers.items()},
            "responses": {s: a.to_dict() for s, a in self.responses.items()},
            "result": None if self.result is None else (self.result.kind, self.result.deltas, self.result.abort),
        }


def _players(names: Mapping[str, str] | None, dealer: int) -> list[str] | None:
    """Recorded names (seat wind to name) by seat 0-3."""
    if names is None:
        return None
    return [str(names[SEATS[(seat - dealer) % 4]]) for seat in range(4)]


def _by_chair(scores: Mapping[str, int], dealer: int) -> list[int]:
    """Recorded scores (seat wind to points) by seat 0-3."""
    if not isinstance(scores, Mapping):
        raise ValueError(f"hand_start.scores must map the seat winds to points, got {scores!r}")
    return [int(scores[SEATS[(seat - dealer) % 4]]) for seat in range(4)]
