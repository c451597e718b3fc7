"""A table for several people: the game of a room, with bots in the chairs nobody took.

A :class:`RoomTable` holds a match of a ruleset (any family's, through the one face: ``new_match`` and
the ``Hand`` protocol, Riichi's included), the people by chair and a built-in bot for every other
chair. It is the referee of a game between people: it checks that whoever acts sits at the table and is
asked now, that the action is legal, and that it was chosen from the table as it stands (the number of
events the person had seen); then it plays the bots, and the people who are away, until a person who is
here must decide or the hand ends. Nothing here does I/O or reads a clock: time comes in as ``now``.

* **Events are numbered** over the whole match (the referee's log, finished hands then the one in
  play), so a client that lost its connection asks for what followed the last number it saw and
  misses or repeats nothing (:meth:`events`). Each person gets the events as their seat sees them
  (``seat_view``), a spectator as nobody's seat (``spectator_view``): never another seat's concealed
  tiles, nor the wall.
* **Time and absence.** A person asked to decide is waited for ``turn_seconds`` (None: for ever).
  A person who left (:meth:`leave`) is played by their stand-in, a built-in bot of the room's
  level, at the bots' pace until :meth:`come_back`; so is one who let a decision pass its time
  (:meth:`expire`): whoever misses a turn is away from then on, not waited for again turn by turn.
* **Replayable**: everything follows from the seed and the decisions in the log, whoever took them;
  :meth:`from_log` rebuilds the table as it stood.
* A decision a person has no real choice in is made for them, as Tenhou and Mahjong Soul do: a lone
  pass, or a lone discard (Riichi's tsumogiri after riichi). The shared engine never offers a lone
  pass, but it can offer a lone discard (HKOS, Chinese: four sets and a pair after a draw that is no
  win there, nor a kong), which is then made for the person too.

    room = RoomTable("hkos", seed=7, chairs=["ann", None, "bob", None])
    room.start(now=0.0)
    room.asked(now=0.0)                      # {"ann": [...legal actions...]} or bob's
    room.act("ann", {"action": "discard", "tile": "5p"}, seen=room.event_count, now=1.0)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sparrow.bots import LEVELS, Bot, get_bot
from sparrow.game.actions import Action, ActionKind, IllegalActionError
from sparrow.game.events import dumps, split_hands
from sparrow.game.hands import Hand, new_match, replay_onto
from sparrow.game.replay import ReplayError
from sparrow.game.state import Observation
from sparrow.play.progress import MatchProgress
from sparrow.play.table import HandOutcome
from sparrow.rules import get_ruleset

__all__ = ["RoomTable", "RoomClock", "RoomError", "Numbered"]


class RoomError(ValueError):
    """An action the referee refuses (who, when or what); the table is unchanged."""


@dataclass(frozen=True, slots=True)
class Numbered:
    """One event of the match as a viewer sees it, with its number in the referee's log (from 0)."""

    number: int
    event: dict[str, Any]


class RoomClock:
    """Who is here and how long a person is waited for: what every room's table (this module's and
    Riichi's) keeps beside its match. A subclass sets ``people``, ``away``, ``turn_seconds`` and
    ``_asked_at``, and gives ``hand_over``, ``seat_of`` (raising :class:`RoomError` for someone not at
    the table) and ``_advance(now)``, which plays the stand-ins of the people away."""

    people: tuple[str, ...]
    away: set[str]
    turn_seconds: float | None
    _asked_at: dict[str, float]  # a person waited for, since when

    hand_over: bool

    def seat_of(self, person: str) -> str | None:
        raise NotImplementedError

    def _advance(self, now: float) -> None:
        raise NotImplementedError

    def deadline(self, person: str) -> float | None:
        """When the person's pending decision passes to their stand-in (None: no limit, or not asked)."""
        since = self._asked_at.get(person)
        if since is None or self.turn_seconds is None:
            return None
        return since + self.turn_seconds

    def leave(self, person: str, now: float) -> None:
        """The person has gone: their stand-in plays for them until they come back."""
        self.seat_of(person)
        self.away.add(person)
        self._asked_at.pop(person, None)
        if not self.hand_over:
            self._advance(now)

    def come_back(self, person: str, now: float) -> None:
        """The person is back: their decisions are theirs again, from the next one asked."""
        self.seat_of(person)
        self.away.discard(person)
        if not self.hand_over:
            self._advance(now)

    def expire(self, now: float) -> list[str]:
        """Whoever let a decision pass its time at ``now`` is away from now on: their stand-in takes
        that decision and every later one at once, until they come back (someone gone does not
        come back at their next turn, and a table waiting ``turn_seconds`` a turn for them would
        crawl). Returns who they were."""
        overdue = [name for name in self._asked_at if (limit := self.deadline(name)) is not None and now >= limit]
        if not overdue or self.hand_over:
            return []
        for name in overdue:
            self.away.add(name)
            self._asked_at.pop(name, None)
        self._advance(now)
        return overdue

    def _waiting_for(self, asked: set[str] | None, now: float) -> None:
        """The people the table now waits for (None: the hand is over): each one's time runs from
        when they were first asked, and stops for anyone no longer asked."""
        if asked is None:
            self._asked_at.clear()
            return
        for name in list(self._asked_at):
            if name not in asked:
                del self._asked_at[name]
        for name in asked:
            self._asked_at.setdefault(name, now)

    def _here(self, name: str) -> bool:
        return name in self.people and name not in self.away


def _forced(hand: Hand, seat: str) -> Action | None:
    """A person's only possible decision, made for them: a lone pass, or a lone discard."""
    legal = hand.legal_actions(seat)
    if len(legal) == 1 and legal[0].kind in (ActionKind.PASS, ActionKind.DISCARD):
        return legal[0]
    return None


class RoomTable(RoomClock, MatchProgress):
    """A match with people in some chairs and bots in the others. See the module docstring."""

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
        if level not in LEVELS:
            raise RoomError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
        self.rules = rules
        self.seed = seed
        self.options = dict(options or {})
        self.level = level
        self.turn_seconds = turn_seconds
        seats = get_ruleset(rules).table(self.options).seats
        if len(chairs) != seats:
            raise RoomError(f"this table has {seats} chairs, {len(chairs)} were given")
        people = [name for name in chairs if name is not None]
        if len(set(people)) != len(people):
            raise RoomError("a person takes one chair only")
        bot_names = iter(f"{level.capitalize()} {i}" for i in range(1, seats + 1))
        names = [name if name is not None else next(bot_names) for name in chairs]
        if set(people) & (set(names) - set(people)):
            raise RoomError("a person may not take a bot's name")
        self.people = tuple(people)
        self.match = new_match(rules, seed, self.options, names)
        rng = random.Random(f"sparrow-room/{seed}")
        # Every chair has a bot: the player of a bot's chair, and the stand-in of a person's.
        self.bots: dict[str, Bot] = {name: get_bot(level, rng.getrandbits(32)) for name in names}
        self.away: set[str] = set()
        self.hand: Hand | None = None
        self._log: list[dict[str, Any]] = []  # the finished hands' events
        self._finished: list[tuple[int, Hand]] = []  # each finished hand, with its first event's number
        self.results: list[HandOutcome] = []  # every finished hand, in order
        self._asked_at: dict[str, float] = {}  # a person waited for, since when
        # The decisions taken in the claim window open now: the log shows them only once it closes.
        self._pending: list[Action] = []

    # ------------------------------------------------------------------ reading

    @property
    def event_count(self) -> int:
        """How many events the match has so far: the number the next one will have."""
        return len(self._log) + (len(self.hand.events) if self.hand is not None and not self.hand.is_over else 0)

    def seat_of(self, person: str) -> str | None:
        """The person's seat wind in the current hand (None before the first deal)."""
        if person not in self.people:
            raise RoomError(f"{person!r} does not sit at this table")
        if self.hand is None:
            return None
        return next(seat for seat, name in self.hand.players.items() if name == person)

    @property
    def live_wall(self) -> int | None:
        """The tiles left to draw in the hand in play (everyone at a table sees it)."""
        hand = self.hand
        return None if hand is None else hand.observation(hand.seats[0]).live_wall

    def public_family(self) -> dict[str, Any] | None:
        """What the family's own view shows everyone at the table (a spectator too: Riichi's rivers with
        their marks, the sets, the dora indicators, honba, sticks, riichi, the points), without any
        seat's own tiles; None for a family without one, or before the first deal."""
        hand = self.hand
        if hand is None:
            return None
        family = hand.observation(hand.seats[0]).family
        if family is None:
            return None
        public = family.to_dict()
        for private in ("hand", "drawn", "furiten", "seat", "wind"):
            public.pop(private, None)
        return public

    def observation(self, person: str) -> Observation:
        """The current hand as ``person``'s seat sees it, with its legal actions."""
        seat = self.seat_of(person)
        if seat is None or self.hand is None:
            raise RoomError("no hand has been dealt yet")
        return self.hand.observation(seat)

    def events(self, viewer: str | None, since: int = 0) -> list[Numbered]:
        """The events numbered ``since`` and after, as ``viewer`` sees them: a person at the table
        (their seat's view, hand by hand) or None, a spectator. A number beyond the match's events is
        refused: the client is ahead of the table it asks about."""
        if not isinstance(since, int) or isinstance(since, bool) or since < 0:
            raise RoomError(f"an event number is a whole number from 0, got {since!r}")
        if since > self.event_count:
            raise RoomError(f"event {since} has not happened: the table is at event {self.event_count}")
        if viewer is not None and viewer not in self.people:
            raise RoomError(f"{viewer!r} does not sit at this table")
        shown: list[Numbered] = []
        # Only the hands that reach ``since`` are viewed (a live viewer asks for the last few), each by
        # its family's own view of a seat (``Hand.seat_events``).
        hands = [(start, hand) for start, hand in self._finished if start + len(hand.events) > since]
        if self.hand is not None and not self.hand.is_over:
            hands.append((len(self._log), self.hand))
        for start, hand in hands:
            seat = None if viewer is None else next(s for s, name in hand.players.items() if name == viewer)
            for offset, event in enumerate(hand.seat_events(seat)):
                if start + offset >= since:
                    shown.append(Numbered(start + offset, event))
        return shown

    def asked(self) -> dict[str, list[Action]]:
        """The people here the table waits for, with their legal actions."""
        hand = self.hand
        if hand is None or hand.is_over:
            return {}
        waiting = {}
        for seat in hand.to_act:
            name = hand.players[seat]
            if name in self.people and name not in self.away:
                waiting[name] = hand.legal_actions(seat)
        return waiting

    # ------------------------------------------------------------------ playing

    def start(self, now: float) -> None:
        """Deal the first hand and play the bots up to the first person's decision."""
        if self.hand is not None or self.match.hands_played:
            raise RoomError("the match has already started")
        self.next_hand(now)

    def next_hand(self, now: float) -> None:
        """Deal the next hand of the match and play the bots up to the first person's decision."""
        if not self.hand_over:
            raise RoomError("the hand is still in play")
        if self.match.is_over:
            raise RoomError("the match is over")
        self.hand = self.match.next_hand()
        self._advance(now)

    def act(self, person: str, action: Action | Mapping[str, Any], seen: int | None, now: float) -> None:
        """``person``'s decision. ``seen``: how many events the person had seen when choosing (None:
        not checked); a decision made on an older table is refused, as is one out of turn, from a
        seat that is not the person's, or not legal now. Nothing changes when it is refused."""
        hand = self.hand
        if hand is None or hand.is_over:
            raise RoomError("no hand is in play")
        seat = self.seat_of(person)
        assert seat is not None
        if seen is not None and seen != self.event_count:
            raise RoomError(
                f"this decision was made at event {seen}, but the table is at event {self.event_count}: look again"
            )
        if seat not in hand.to_act:
            raise RoomError(f"it is not {person}'s decision now")
        if not isinstance(action, Action):
            data = dict(action)
            if data.setdefault("seat", seat) != seat:
                raise RoomError(f"{person} sits {seat}, not {data['seat']}")
            try:
                action = Action.from_dict(data)
            except ValueError as error:
                raise RoomError(f"not an action: {error}") from None
        if action.seat != seat:
            raise RoomError(f"{person} sits {seat}, not {action.seat}")
        try:
            self._apply(action)
        except IllegalActionError as error:
            raise RoomError(f"not allowed now: {error}") from None
        self._asked_at.pop(person, None)
        self._advance(now)

    def _advance(self, now: float) -> None:
        """Play the bots' and the absent people's decisions until only people here are waited for."""
        hand = self.hand
        assert hand is not None
        while not hand.is_over:
            waiting = [seat for seat in hand.to_act if not self._here(hand.players[seat])]
            if not waiting:
                forced = next((only for seat in hand.to_act if (only := _forced(hand, seat)) is not None), None)
                if forced is None:
                    break
                self._apply(forced)
                continue
            seat = waiting[0]
            self._apply(self.bots[hand.players[seat]].act(hand.observation(seat)))
        if hand.is_over:
            self._record(hand)
        self._waiting_for(None if hand.is_over else {hand.players[seat] for seat in hand.to_act}, now)

    def _apply(self, action: Action) -> None:
        hand = self.hand
        assert hand is not None
        before = len(hand.events)
        hand.apply(action)
        if len(hand.events) == before and not hand.is_over:
            self._pending.append(action)  # a claim or a pass, held until the window closes
        else:
            self._pending.clear()

    def pending(self) -> list[dict[str, Any]]:
        """The decisions taken in the claim window open now (they are not in :meth:`log` yet): keep
        them with the log, and give them back to :meth:`from_log`."""
        return [action.to_dict() for action in self._pending]

    def _record(self, hand: Hand) -> None:
        self._finished.append((len(self._log), hand))
        super()._record(hand)
        assert hand.result is not None
        self.results.append(HandOutcome(dict(hand.players), hand.result))

    # ------------------------------------------------------------------ resuming

    def catch_up(
        self, events: Sequence[Mapping[str, Any]], pending: Sequence[Mapping[str, Any]] = (), *, now: float = 0.0
    ) -> bool:
        """Bring the table forward to the end of ``events`` and ``pending`` (a later :meth:`log` and
        :meth:`pending` of the same room, saved by another process) by playing only what is new:
        the same table :meth:`from_log` would build, without replaying the whole match. False when
        they do not continue this table (another history, or a claim window this copy saw
        otherwise): the table is then spoiled, and the caller builds it again from the log."""
        mine = self.event_count
        if len(events) < mine:
            return False
        if mine:
            last = self.hand.events[-1] if self.hand is not None and not self.hand.is_over else self._log[-1]
            if dumps([events[mine - 1]]) != dumps([last]):
                return False
        try:
            if len(events) > mine:
                self._play_on(events)
            elif [dict(a) for a in pending[: len(self._pending)]] != self.pending():
                return False
            held = len(self._pending)
            if self.hand is not None and not self.hand.is_over:
                for action in pending[held:]:
                    self._apply(Action.from_dict(dict(action)))
                self._advance(now)
        except (ReplayError, ValueError, IllegalActionError):
            return False
        return True

    def _play_on(self, events: Sequence[Mapping[str, Any]]) -> None:
        """Play the events past this table's (the hand in play goes on, then any new hands)."""
        in_play = self.hand is not None and not self.hand.is_over
        hands = split_hands(events[len(self._log) :])
        for number, hand_events in enumerate(hands):
            if number or not in_play:
                self.hand = self.match.next_hand()
            assert self.hand is not None
            # The decisions held in the claim window are in the hand already; the log now shows it closed.
            replay_onto(self.hand, hand_events)
            self._pending.clear()
            if self.hand.is_over:
                self._record(self.hand)
            elif number != len(hands) - 1:
                raise ReplayError(f"hand {number + 1} of the new events stops before its end but is not the last")

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
    ) -> RoomTable:
        """The table as it stood at the end of ``events`` (its :meth:`log`) and the decisions of the
        claim window then open (its :meth:`pending`). Who is away is not in the log: everyone is
        here again, and a decision asked is waited for from ``now``."""
        room = cls(rules, seed, chairs, options, level=level, turn_seconds=turn_seconds)
        room._replay(events)
        if room.hand is not None and not room.hand.is_over:
            try:
                for action in pending:
                    room._apply(Action.from_dict(dict(action)))
            except (ValueError, IllegalActionError) as error:
                raise RoomError(f"the pending decisions do not fit the log: {error}") from None
            room._advance(now)
        return room
