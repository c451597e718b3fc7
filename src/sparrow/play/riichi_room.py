"""A Riichi table for several people: the game of a Riichi room, computer players in the chairs nobody took.

:class:`RiichiRoomTable` is to Riichi what :class:`~sparrow.play.room.RoomTable` is to the other
families, and answers the rooms of the web app through the same methods, so a room does not care which
family it plays. It is the referee: whoever acts must sit at the table and be asked now, the action
must be legal, and it must have been chosen from the table as it stands (the number of events the
person had seen). Then the computer players, and the people who are away, play until a person who
is here must decide or the hand ends. Nothing here does I/O or reads a clock: time comes in as ``now``.

* **Chairs are seats.** A Riichi hand names its seats by chair (0-3, the first dealer in chair 0)
  and gives each a wind for the hand; :meth:`seat_of` answers the wind, as a room shows it.
* **Events are numbered** over the whole match, so a client that lost its connection asks for what
  followed the last number it saw (:meth:`events`): a person gets them as their seat sees them, a
  spectator as nobody's seat (no dealt tiles, no draws) until the hand is over.
* **Replayable.** Every computer decision, a person's stand-in's too, is made by a bot seeded by where
  the decision is (:func:`~sparrow.play.riichi_table.decision_bot`), so a table rebuilt from its log
  and the answers of the claim window then open (:meth:`from_log`) goes on as the one that wrote them.
* As at the table against the computer, a decision a person has no real choice in is made for them:
  a lone pass, the tsumogiri after riichi.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.bots.riichi import LEVELS
from sparrow.game.events import dumps
from sparrow.game.riichi import (
    IllegalRiichiActionError,
    RiichiAction,
    RiichiActionError,
    RiichiHandState,
    observation,
)
from sparrow.game.riichi.match import RiichiMatch
from sparrow.game.riichi.view import seat_events
from sparrow.play.riichi_table import RiichiProgress, decision_bot, forced_decision, replay_hands
from sparrow.play.room import Numbered, RoomClock, RoomError
from sparrow.rules.riichi.family import match_of

__all__ = ["RiichiRoomTable"]

_SEATS = 4
_BOTS = "sparrow-riichi-room"  # the computer players' seeds: see decision_bot


class RiichiRoomTable(RoomClock, RiichiProgress):
    """A Riichi match with people in some chairs. ``rules`` is always ``"riichi"`` (the signature is
    :class:`~sparrow.play.room.RoomTable`'s); ``chairs``: a person's name or None, by chair."""

    rules = "riichi"

    def __init__(
        self,
        rules: str,
        seed: int,
        chairs: Sequence[str | None],
        options: Mapping[str, Any] | None = None,
        *,
        level: str = "normal",
        turn_seconds: float | None = None,
    ) -> None:
        if rules != "riichi":
            raise RoomError(f"a Riichi table plays riichi, not {rules!r}")
        if level not in LEVELS:
            raise RoomError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
        if len(chairs) != _SEATS:
            raise RoomError(f"this table has {_SEATS} chairs, {len(chairs)} were given")
        people = [name for name in chairs if name is not None]
        if len(set(people)) != len(people):
            raise RoomError("a person takes one chair only")
        bot_names = iter(f"{level.capitalize()} {i}" for i in range(1, _SEATS + 1))
        names = [name if name is not None else next(bot_names) for name in chairs]
        if set(people) & (set(names) - set(people)):
            raise RoomError("a person may not take a bot's name")
        self.seed = seed
        self.options = dict(options or {})
        self.level = level
        self.turn_seconds = turn_seconds
        self.names = names
        self.people = tuple(people)
        self.match = RiichiMatch(seed, match_of(self.options), names)
        self.away: set[str] = set()
        self.hand: RiichiHandState | None = None
        self.hands: list[RiichiHandState] = []  # every hand dealt, the one in play last
        self._asked_at: dict[str, float] = {}  # a person waited for, since when
        # The answers given in the claim window open now: the log shows them only once it closes.
        self._pending: list[RiichiAction] = []

    # ------------------------------------------------------------------ reading

    @property
    def event_count(self) -> int:
        """How many events the match has so far: the number the next one will have."""
        return sum(len(hand.events) for hand in self.hands)

    @property
    def live_wall(self) -> int | None:
        """The tiles left to draw in the hand (everyone at a table sees it)."""
        return None if self.hand is None else self.hand.live_count

    def chair_of(self, person: str) -> int:
        if person not in self.people:
            raise RoomError(f"{person!r} does not sit at this table")
        return self.names.index(person)

    def seat_of(self, person: str) -> str | None:
        """The person's wind in the current hand (None before the first deal)."""
        chair = self.chair_of(person)
        return None if self.hand is None else self.hand.winds[chair]

    def observation(self, person: str | None) -> dict[str, Any]:
        """The current hand as ``person``'s chair sees it, with the legal actions they are asked now
        (``legal_actions``, as JSON) and every chair's name; None, a spectator's: chair 0's side of
        the table with no concealed tile (``hand`` empty, no draw)."""
        hand = self.hand
        if hand is None:
            raise RoomError("no hand has been dealt yet")
        if person is None:
            seen = observation(hand, 0)
            seen |= {"hand": [], "drawn": None, "furiten": False, "legal_actions": []}
        else:
            chair = self.chair_of(person)
            seen = observation(hand, chair)
            asked = self.asked().get(person, [])
            seen["legal_actions"] = [action.to_dict() for action in asked]
        seen["names"] = list(self.names)
        return seen

    def hand_events(self, person: str | None) -> list[dict[str, Any]]:
        """The current hand's events as ``person``'s seat sees them (None: a spectator)."""
        hand = self.hand
        if hand is None:
            return []
        wind = None if person is None else hand.winds[self.chair_of(person)]
        return seat_events(hand.events, wind, over=hand.over)

    def events(self, viewer: str | None, since: int = 0) -> list[Numbered]:
        """The events numbered ``since`` and after, as ``viewer`` sees them (a person at the table,
        or None: a spectator). A number beyond the match's events is refused."""
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise RoomError(f"an event number is a whole number from 0, got {since!r}")
        if since > self.event_count:
            raise RoomError(f"event {since} has not happened: the table is at event {self.event_count}")
        chair = None if viewer is None else self.chair_of(viewer)
        shown: list[Numbered] = []
        start = 0
        for hand in self.hands:
            count = len(hand.events)
            if start + count > since:
                wind = None if chair is None else hand.winds[chair]
                for offset, event in enumerate(seat_events(hand.events, wind, over=hand.over)):
                    if start + offset >= since:
                        shown.append(Numbered(start + offset, event))
            start += count
        return shown

    def asked(self) -> dict[str, list[RiichiAction]]:
        """The people here the table waits for, with their legal actions."""
        hand = self.hand
        if hand is None or hand.over:
            return {}
        return {self.names[chair]: hand.legal_actions(chair) for chair in hand.to_act if self._here(self.names[chair])}

    def pending(self) -> list[dict[str, Any]]:
        """The answers given in the claim window open now (not in :meth:`log` yet): keep them with
        the log and give them back to :meth:`from_log`."""
        return [action.to_dict() for action in self._pending]

    # ------------------------------------------------------------------ playing

    def start(self, now: float) -> None:
        """Deal the first hand and play the computer players up to the first person's decision."""
        if self.hands:
            raise RoomError("the match has already started")
        self.next_hand(now)

    def next_hand(self, now: float) -> None:
        if not self.hand_over:
            raise RoomError("the hand is still in play")
        if self.match.over:
            raise RoomError("the match is over")
        self.hand = self.match.next_hand()
        self.hands.append(self.hand)
        self._pending.clear()
        self._advance(now)

    def act(self, person: str, action: RiichiAction | Mapping[str, Any], seen: int | None, now: float) -> None:
        """``person``'s decision. ``seen``: how many events the person had seen when choosing (None:
        not checked). Refused, and nothing changes, when it was made on an older table, out of turn,
        for another chair, or is not legal now."""
        hand = self.hand
        if hand is None or hand.over:
            raise RoomError("no hand is in play")
        chair = self.chair_of(person)
        if seen is not None and seen != self.event_count:
            raise RoomError(
                f"this decision was made at event {seen}, but the table is at event {self.event_count}: look again"
            )
        if chair not in hand.to_act:
            raise RoomError(f"it is not {person}'s decision now")
        if not isinstance(action, RiichiAction):
            data = dict(action)
            if data.setdefault("seat", chair) != chair:
                raise RoomError(f"{person} sits in chair {chair}, not {data['seat']!r}")
            try:
                action = RiichiAction.from_dict(data)
            except (RiichiActionError, ValueError, TypeError) as error:
                raise RoomError(f"not an action: {error}") from None
        if action.seat != chair:
            raise RoomError(f"{person} sits in chair {chair}, not {action.seat}")
        try:
            self._apply(action)
        except IllegalRiichiActionError as error:
            raise RoomError(f"not allowed now: {error}") from None
        self._asked_at.pop(person, None)
        self._advance(now)

    def _bot_choice(self, hand: RiichiHandState, chair: int) -> RiichiAction:
        bot = decision_bot(self.level, _BOTS, self.seed, len(self.hands), hand, chair)
        return bot.act(observation(hand, chair), hand.legal_actions(chair))

    def _advance(self, now: float) -> None:
        """Play the computer players', the absent people's and the forced decisions until only
        people here are waited for."""
        hand = self.hand
        assert hand is not None
        while not hand.over:
            waiting = [chair for chair in hand.to_act if not self._here(self.names[chair])]
            if waiting:
                self._apply(self._bot_choice(hand, waiting[0]))
                continue
            forced = next((f for chair in hand.to_act if (f := forced_decision(hand, chair)) is not None), None)
            if forced is None:
                break
            self._apply(forced)
        if hand.over:
            self.match.record(hand)
        self._waiting_for(None if hand.over else {self.names[chair] for chair in hand.to_act}, now)

    def _apply(self, action: RiichiAction) -> None:
        hand = self.hand
        assert hand is not None
        before = len(hand.events)
        hand.apply(action)
        if len(hand.events) == before and not hand.over:
            self._pending.append(action)  # an answer to a claim window, held until it closes
        else:
            self._pending.clear()

    # ------------------------------------------------------------------ resuming

    def catch_up(
        self, events: Sequence[Mapping[str, Any]], pending: Sequence[Mapping[str, Any]] = (), *, now: float = 0.0
    ) -> bool:
        """Whether ``events`` and ``pending`` (a later :meth:`log` and :meth:`pending` of the same room)
        are this table's as it stands. A Riichi table is not brought forward event by event: when they
        are newer the caller rebuilds it with :meth:`from_log` (a Riichi match replays in milliseconds)."""
        return dumps(events) == dumps(self.log()) and [dict(a) for a in pending] == self.pending()

    @classmethod
    def from_log(
        cls,
        rules: str,
        seed: int,
        chairs: Sequence[str | None],
        events: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
        *,
        level: str = "normal",
        turn_seconds: float | None = None,
        now: float = 0.0,
        pending: Sequence[Mapping[str, Any]] = (),
    ) -> RiichiRoomTable:
        """The table as it stood at the end of ``events`` (its :meth:`log`) and the answers of the
        claim window then open (its :meth:`pending`). Who is away is not in the log: everyone is here
        again, and a decision asked is waited for from ``now``. Raises ``ReplayError`` (of
        ``sparrow.game.riichi.replay``) when the log is
        not this table's, :class:`RoomError` when the answers do not fit it."""
        room = cls(rules, seed, chairs, options, level=level, turn_seconds=turn_seconds)
        room.hands = replay_hands(room.match, events)
        room.hand = room.hands[-1] if room.hands else None
        if room.hand is not None and not room.hand.over:
            try:
                for action in pending:
                    room._apply(RiichiAction.from_dict(dict(action)))
            except (RiichiActionError, IllegalRiichiActionError, ValueError) as error:
                raise RoomError(f"the pending decisions do not fit the log: {error}") from None
            room._advance(now)
        return room
