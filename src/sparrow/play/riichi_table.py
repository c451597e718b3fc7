"""A Riichi match with one person and three computer players, decision by decision: the web table's.

:class:`RiichiTable` is to Riichi what :class:`~sparrow.play.table.Table` is to the other families.
It holds a :class:`~sparrow.game.riichi.match.RiichiMatch`, plays the computer players until the
person must decide (or the hand ends) and answers what that seat may see: its
:func:`~sparrow.game.riichi.view.observation`, its legal actions and the hand's events as the seat
sees them (:func:`~sparrow.game.riichi.view.seat_events`: no wall, no other hand). The person sits
South in the first hand, the chair after the first dealer's.

Everything is a function of the seed and the person's decisions. A computer player decides with a
generator seeded by the match seed, the hand and the decision's place in the hand, never with one
that runs on from decision to decision: so a table rebuilt from its log (:meth:`RiichiTable.from_log`,
the hands replayed with no bot asked) goes on exactly as the one that wrote the log would have.

Outside mjai bots may take the other chairs (``opponents``): each reads the match as mjai messages
at its decisions, and a computer player takes a decision it fails (counted, and logged with its
reason in the hand's ``hand_end``, ``fallbacks``); once the match is over it is sent the rest of the
match and ``end_game``.

A decision the person has no real choice in is made for them, as Tenhou and Mahjong Soul do: the
tsumogiri after riichi when nothing else (tsumo, a kan) is possible, and a pass that is the only
answer offered.
"""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from sparrow.bots.riichi import LEVELS, RiichiBot
from sparrow.game.events import LogError, upgrade_event, upgrade_log
from sparrow.game.riichi import (
    IllegalRiichiActionError,
    RiichiAction,
    RiichiActionError,
    RiichiActionKind,
    RiichiHandState,
    observation,
)
from sparrow.game.riichi.match import RiichiMatch
from sparrow.game.riichi.replay import ReplayError, replay
from sparrow.game.riichi.view import seat_events
from sparrow.rules.riichi.family import match_of
from sparrow.seats import faults_of, outside_name, record_fallbacks
from sparrow.seats.mjai import MjaiProcess, MjaiSeat

__all__ = [
    "RiichiTable",
    "RiichiProgress",
    "RiichiTableError",
    "HUMAN",
    "HUMAN_SEAT",
    "decision_bot",
    "forced_decision",
    "replay_hands",
]

HUMAN = "You"
HUMAN_SEAT = 1  # the chair after the first dealer's: South in the first hand


class RiichiTableError(ValueError):
    """The table used out of order (an action once the hand is over, the next hand while one is on)."""


def _plain(value: Any) -> Any:
    """As JSON gives it back (tuples as lists): how a stored log compares with a fresh deal."""
    return json.loads(json.dumps(value))


class RiichiProgress:
    """What every Riichi table (this one, and a room's) reads of its match: the hands dealt so far,
    the one in play last. A subclass sets ``match``, ``hand`` and ``hands``."""

    match: RiichiMatch
    hand: RiichiHandState | None
    hands: list[RiichiHandState]

    @property
    def hand_over(self) -> bool:
        return self.hand is None or self.hand.over

    @property
    def match_over(self) -> bool:
        return self.hand_over and self.match.over

    @property
    def hand_number(self) -> int:
        """The current hand's number from 1 (0 before the first deal)."""
        return len(self.hands)

    def log(self) -> list[dict[str, Any]]:
        """The referee's log of every hand so far, the one in play included."""
        return [event for hand in self.hands for event in hand.events]


class RiichiTable(RiichiProgress):
    """See the module docstring. ``level``: every computer player's (``easy``, ``normal``, ``expert``);
    ``options``: the family's options (a ``preset`` and overrides, :func:`match_of`)."""

    rules = "riichi"

    def __init__(
        self,
        level: str = "normal",
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        label: str | None = None,
        opponents: Sequence[str] | None = None,
        _names: Sequence[str] | None = None,
    ) -> None:
        """``opponents``: who sits in the chairs after the person's, in order: a level, or
        ``cmd:PROGRAM`` (an outside mjai bot, its program this table's until :meth:`close`; when it
        fails a decision, a computer player of ``level`` takes it). The rest are of ``level``.
        ``label``: the other chairs are named ``label 1``, ``label 2``...; by default each after what
        sits in it (``Expert 2``, or an outside bot's program, ``mjai_bot.py 3``)."""
        if level not in LEVELS:
            raise RiichiTableError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RiichiTableError(f"the seed must be a whole number, got {seed!r}")
        self.level = level
        self.seed = seed
        self.options = dict(options or {})
        kinds = list(opponents or ())
        sitting = {(HUMAN_SEAT + offset) % 4: kind for offset, kind in enumerate(kinds, start=1)}
        numbers = iter(range(1, 4))
        self.names = [
            HUMAN if chair == HUMAN_SEAT else f"{label or _called(sitting.get(chair), level)} {next(numbers)}"
            for chair in range(4)
        ]
        if _names is not None and len(_names) == 4 and _names[HUMAN_SEAT] == HUMAN and len(set(_names)) == 4:
            self.names = [str(name) for name in _names]  # a log's names (from_log), whoever sits there now
        self.human = HUMAN
        self.human_seat = HUMAN_SEAT
        self.match = RiichiMatch(seed, match_of(self.options), self.names)
        self.levels = dict.fromkeys(range(4), level)  # each computer chair's level
        self.seated: dict[int, MjaiSeat] = {}  # the chairs of outside bots
        self._programs: list[MjaiProcess] = []  # their programs, stopped by close()
        self._faults_at_deal: dict[str, Any] = {}  # the outside bots' faults when this hand was dealt
        if len(kinds) > 3:
            raise RiichiTableError(f"this table has 3 other chairs, {len(kinds)} opponents were named")
        try:
            for offset, kind in enumerate(kinds, start=1):
                self._seat((HUMAN_SEAT + offset) % 4, kind)
        except RiichiTableError:
            self.close()
            raise
        self.hand: RiichiHandState | None = None
        self.hands: list[RiichiHandState] = []  # every hand dealt, the one in play last

    def _seat(self, chair: int, kind: str) -> None:
        if kind in LEVELS:
            self.levels[chair] = kind
            return
        command = shlex.split(kind[4:]) if kind.startswith("cmd:") else []
        if not command:
            raise RiichiTableError(f"unknown opponent {kind!r} (a level or cmd:PROGRAM, an mjai bot)")
        try:
            process = MjaiProcess(command)
        except OSError as error:
            raise RiichiTableError(f"cannot start {kind[4:].strip()!r}: {error.strerror or error}") from None

        def fallback(legal: Sequence[RiichiAction]) -> RiichiAction:
            hand = self._current()
            return self._bot(chair, hand).act(observation(hand, chair), legal)

        self._programs.append(process)
        self.seated[chair] = MjaiSeat(chair, process, fallback, name=kind[4:].strip())

    def close(self) -> None:
        """Stop the outside bots' programs (a table rebuilt later starts them again)."""
        for program in self._programs:
            program.close()

    # ------------------------------------------------------------------ reading

    def observation(self) -> dict[str, Any]:
        """The person's view of the hand now: :func:`observation` with ``legal_actions`` (what the
        person may do now, as JSON) and ``to_act`` (whether the table waits for them)."""
        hand = self._current()
        seen = observation(hand, HUMAN_SEAT)
        legal = hand.legal_actions(HUMAN_SEAT) if HUMAN_SEAT in hand.to_act else []
        seen["legal_actions"] = [action.to_dict() for action in legal]
        seen["names"] = list(self.names)
        return seen

    def events(self) -> list[dict[str, Any]]:
        """The hand's events as the person's seat sees them."""
        hand = self._current()
        return seat_events(hand.events, hand.winds[HUMAN_SEAT], over=hand.over)

    def _current(self) -> RiichiHandState:
        if self.hand is None:
            raise RiichiTableError("no hand has been dealt yet")
        return self.hand

    # ------------------------------------------------------------------ playing

    def start(self) -> None:
        """Deal the first hand and play the computer players up to the person's first decision."""
        if self.hands:
            raise RiichiTableError("the match has already started")
        self.next_hand()

    def next_hand(self) -> None:
        if not self.hand_over:
            raise RiichiTableError("the hand is still in play")
        if self.match.over:
            raise RiichiTableError("the match is over")
        self.hand = self.match.next_hand()
        self.hands.append(self.hand)
        self._faults_at_deal = faults_of(self._outside_by_wind(self.hand))
        self._advance()

    def act(self, data: Mapping[str, Any] | RiichiAction) -> None:
        """The person's decision (a :class:`RiichiAction` or its JSON form, the seat may be left out).
        One that is not legal now raises (``IllegalRiichiActionError``, ``RiichiActionError`` when
        malformed) and changes nothing."""
        hand = self.hand
        if hand is None or hand.over:
            raise RiichiTableError("no hand is in play: deal the next one")
        if isinstance(data, RiichiAction):
            action = data
        else:
            fields = dict(data)
            fields.setdefault("seat", HUMAN_SEAT)
            if fields["seat"] != HUMAN_SEAT:
                raise RiichiActionError(f"you play seat {HUMAN_SEAT} (the chair you sit in), not {fields['seat']!r}")
            action = RiichiAction.from_dict(fields)
        if HUMAN_SEAT not in hand.to_act:
            raise IllegalRiichiActionError(action, "it is not your decision now")
        hand.apply(action)  # checked against the legal actions: a wrong one changes nothing
        self._advance()

    def _advance(self) -> None:
        """The computer players decide until the person must (or the hand is over)."""
        hand = self._current()
        while not hand.over:
            waiting = hand.to_act
            bots = [seat for seat in waiting if seat != HUMAN_SEAT]
            if bots:
                seat = bots[0]
                legal = hand.legal_actions(seat)
                outside = self.seated.get(seat)
                if outside is not None:  # the bot reads the match so far as mjai messages
                    hand.apply(outside.act(self.log(), legal))
                else:
                    hand.apply(self._bot(seat, hand).act(observation(hand, seat), legal))
                continue
            forced = self._forced(hand)
            if forced is None:
                break
            hand.apply(forced)
        if hand.over:
            if self.seated:  # why an outside bot's decisions fell to a computer player, in hand_end
                record_fallbacks(hand, self._faults_at_deal, self._outside_by_wind(hand))
            self.match.record(hand)
            if self.match.over:
                for outside in self.seated.values():
                    outside.finish(self.log())

    def _outside_by_wind(self, hand: RiichiHandState) -> dict[str, MjaiSeat]:
        return {hand.wind_name(chair): seat for chair, seat in self.seated.items()}

    def _bot(self, seat: int, hand: RiichiHandState) -> RiichiBot:
        return decision_bot(self.levels[seat], "sparrow-riichi-table", self.seed, len(self.hands), hand, seat)

    @staticmethod
    def _forced(hand: RiichiHandState) -> RiichiAction | None:
        return forced_decision(hand, HUMAN_SEAT)

    # ------------------------------------------------------------------ resuming

    @classmethod
    def from_log(
        cls,
        level: str,
        seed: int,
        events: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
        *,
        label: str | None = None,
        opponents: Sequence[str] | None = None,
    ) -> RiichiTable:
        """The table as it stood at the end of ``events`` (its :meth:`log`): every hand dealt again
        from the seed and its recorded decisions replayed (an outside bot is asked nothing until
        its next decision, when it reads the whole match). The chairs keep the names the log gives
        them. Raises ``ReplayError`` when the log does not belong to this table."""
        table = cls(level, seed, options, label=label, opponents=opponents, _names=_names_of(events))
        try:
            table.hands = replay_hands(table.match, events)
        except ReplayError:
            table.close()
            raise
        table.hand = table.hands[-1] if table.hands else None
        if table.hand is not None and not table.hand.over:
            table._advance()  # computer players owing an answer (a claim half answered when saved)
        return table


# ---------------------------------------------------------------------- what every Riichi table shares


def _names_of(events: Sequence[Mapping[str, Any]]) -> list[str] | None:
    """The players' names by seat (0-3) that a log's first hand_start gives (seat wind to name; the
    dealer, East, sits in the chair of the hand's number in its round, less one)."""
    try:
        start = upgrade_event(events[0]) if events else {}
    except LogError:
        return None  # a version this code does not know: the replay says so
    players, number = start.get("players"), start.get("hand")
    if not isinstance(players, Mapping) or not isinstance(number, int) or not 1 <= number <= 4:
        return None
    return [str(players.get("ESWN"[(seat - number + 1) % 4], "")) for seat in range(4)]


def _called(kind: str | None, level: str) -> str:
    """What a chair is called after what sits in it: a level (``Expert``), an outside bot's program,
    else the table's level."""
    if kind in LEVELS:
        return kind.capitalize()
    if kind is not None and kind.startswith("cmd:"):
        return outside_name(kind)
    return level.capitalize()


def decision_bot(level: str, table: str, seed: int, hand_number: int, hand: RiichiHandState, seat: int) -> RiichiBot:
    """The computer player for one decision, seeded by where the decision is (the table's kind and
    seed, the hand, the event it follows, the seat), not by the decisions before it: see the module
    docstring."""
    place = f"{table}/{seed}/{hand_number}/{len(hand.events)}/{seat}"
    return RiichiBot(level, random.Random(place).getrandbits(62))


def forced_decision(hand: RiichiHandState, seat: int) -> RiichiAction | None:
    """The seat's only possible decision, made for a person: a lone pass, or the tsumogiri after riichi."""
    legal = hand.legal_actions(seat)
    if len(legal) != 1:
        return None
    only = legal[0]
    if only.kind is RiichiActionKind.PASS:
        return only
    if only.kind is RiichiActionKind.DISCARD and hand.seats[seat].riichi:
        return only
    return None


def replay_hands(match: RiichiMatch, events: Sequence[Mapping[str, Any]]) -> list[RiichiHandState]:
    """Every hand of ``events`` (a log of ``match``'s tables) dealt again by ``match`` and its recorded
    decisions replayed, the finished ones recorded in the match; the last may be in play. Raises
    ``ReplayError`` naming the hand when the log is not this match's. A log of version 1 replays as
    one of version 2, which the hands write."""
    recorded: list[list[Mapping[str, Any]]] = []
    try:
        events = upgrade_log(events)
    except LogError as error:
        raise ReplayError(str(error)) from None
    for event in events:
        if event.get("event") == "hand_start":
            recorded.append([])
        elif not recorded:
            raise ReplayError("the log does not begin with a hand_start")
        recorded[-1].append(event)
    hands: list[RiichiHandState] = []
    for number, hand_events in enumerate(recorded, start=1):
        if match.over:
            raise ReplayError(f"hand {number}: the match was over before it")
        dealt = match.next_hand()
        if _plain(dealt.events[0]) != _plain(hand_events[0]):
            raise ReplayError(f"hand {number}: its deal is not this table's (another seed or options)")
        last = number == len(recorded)
        try:
            hand = replay(hand_events, partial=last)
        except ReplayError as error:
            raise ReplayError(f"hand {number}: {error}") from None
        if hand.over and hand_events[-1].get("fallbacks") and hand.events[-1].get("event") == "hand_end":
            # Why an outside bot's decisions fell (a field only the table that played the hand knew).
            hand.events[-1] = {**hand.events[-1], "fallbacks": hand_events[-1]["fallbacks"]}
        hands.append(hand)
        if hand.over:
            match.record(hand)
        elif not last:
            raise ReplayError(f"hand {number} stops before its end but is not the last")
    return hands
