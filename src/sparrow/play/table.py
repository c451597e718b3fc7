"""A table with one person and computer players: the game loop every front end shares.

A :class:`Table` holds a match of a ruleset, the human's seat and the bots in the other seats. It runs
the bots until the human must decide (or the hand ends) and hands back a :class:`Step`: the human
seat's observation, with its legal actions, and the events since the previous step as that seat sees
them (``seat_view``: no wall, no other player's concealed or drawn tiles), so a front end can show
the bots' moves one by one. ``sparrow play`` (the terminal) and the web app both drive it::

    table = Table("casual", level="normal", seed=7)
    step = table.start()                      # the first hand dealt, bots played up to you
    while not step.match_over:
        if step.hand_over:
            step = table.next_hand()
            continue
        step = table.act(step.observation.legal_actions[0])

The human sits South in the first hand (the seats then move as the ruleset's match says: under NTS
everyone moves every game, under HKOS the deal passes). Everything is a function of the seed and the
human's decisions: bots decide from their observation and their own seed only, so a table rebuilt
from its log (:meth:`Table.from_log`) goes on exactly as it would have.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from sparrow.bots import LEVELS, Bot, get_bot
from sparrow.core.tiles import format_tiles
from sparrow.game.actions import Action, ActionKind, NotYourTurnError
from sparrow.game.hands import Hand, new_match
from sparrow.game.replay import ReplayError
from sparrow.game.state import HandResult, Observation
from sparrow.play.programs import COMMAND, PROGRAMS_BY_ENGINE, MjaiPlayer
from sparrow.play.progress import MatchProgress
from sparrow.rules import ScoreResult, get_ruleset
from sparrow.seats import (
    AgentError,
    check_outside,
    faults_of,
    is_outside,
    make_seat,
    outside_name,
    record_fallbacks,
)

__all__ = ["Table", "Step", "HandOutcome", "TableError", "HUMAN", "family_hands"]

HUMAN = "You"


class TableError(ValueError):
    """A table used out of order (an action after the hand ended, the next hand while one is on...)."""


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """A finished hand of the match: who sat where (seat wind → player name) and how it ended."""

    players: Mapping[str, str]
    result: HandResult


@dataclass(frozen=True, slots=True)
class Step:
    """What the human sees after the bots have played: the observation now, the events since the
    previous step (the human seat's view), and once the hand is over, its result and every hand."""

    observation: Observation
    events: tuple[dict[str, Any], ...]
    hand_number: int  # from 1
    hand_over: bool
    match_over: bool
    result: HandResult | None = None
    hands: Mapping[str, str] = field(default_factory=dict)  # every seat's concealed tiles, once over
    totals: Mapping[str, int] = field(default_factory=dict)  # running table scores by seat
    # Once over, the score card of every hand the family scored (the winner's, or each winner's; under
    # NTS every living loser's too), by seat.
    cards: Mapping[str, ScoreResult] = field(default_factory=dict)
    # Once over, every seat's concealed tiles as its family writes them (Riichi's red fives "0p"), by
    # seat (:func:`family_hands`); empty for the families that write them as ``hands`` does.
    family_hands: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def seat(self) -> str:
        return self.observation.seat


def family_hands(hand: Hand) -> dict[str, tuple[str, ...]]:
    """Every seat's concealed tiles as its family writes them, by seat: each seat's own view of the
    family (``Observation.family.hand_names()``, a red five ``0p``), read once the hand is over and
    nothing is hidden any more; empty for a family with no view of its own, or while in play."""
    if not hand.is_over:
        return {}
    own = {seat: hand.observation(seat).family for seat in hand.players}
    return {seat: tuple(view.hand_names()) for seat, view in own.items() if view is not None}


def _called(kind: str | None, level: str) -> str:
    """What a chair is called after what sits in it: a level (``Expert``), an outside player's name
    (``random_bot.py``, ``Greedy``), else the table's level."""
    if kind in LEVELS:
        return kind.capitalize()
    if kind is not None and is_outside(kind):
        return outside_name(kind)
    return level.capitalize()


class Table(MatchProgress):
    """A match with one human seat and bots in the others. See the module docstring."""

    def __init__(
        self,
        rules: str,
        level: str = "normal",
        seed: int = 0,
        options: Mapping[str, Any] | None = None,
        *,
        human: str = HUMAN,
        opponents: Sequence[str] | None = None,
        own_programs: bool = False,
        label: str | None = None,
        forced: bool = False,
        _seating: Mapping[str, str] | None = None,
    ) -> None:
        """``own_programs``: each outside program (``cmd:``) is this table's alone, stopped by
        :meth:`close` (a server's tables, many at once); else one per process and seat is shared.
        ``label``: the other chairs are named ``label 1``, ``label 2``...; by default each after what
        sits in it: its level (``Normal 1``), or an outside player's name (``random_bot.py 2``).
        ``forced``: a decision the human has no real choice in is made for them, as Tenhou and Mahjong
        Soul do: a lone pass, or a lone discard (Riichi's tsumogiri after riichi, when neither a win
        nor a kan is offered). The shared engine never offers a lone pass, but it can offer a lone
        discard (HKOS, Chinese: four sets and a pair after a draw that is no win there, say below the
        minimum, nor a kong): that discard is then made for the person too."""
        if level not in LEVELS:
            raise TableError(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TableError(f"the seed must be a whole number, got {seed!r}")
        self.rules = rules
        self.level = level
        self.seed = seed
        self.options = dict(options or {})
        seats = get_ruleset(rules).table(self.options).seats
        # The human sits South in the first hand: find the chair that dice make East, and sit one to
        # its right. The dice come from the seed alone, so a trial match tells where East will be.
        trial = new_match(rules, seed, self.options, [f"{i}" for i in range(seats)])
        east = trial.players.index(trial.first_dealer)
        mine = (east + 1) % seats
        kinds = dict(zip(((mine + offset) % seats for offset in range(1, seats)), opponents or ()))
        chairs: list[str] = []
        for chair in range(seats):
            number = chair + (chair < mine)  # the other chairs are numbered 1, 2, 3 round the table
            chairs.append(human if chair == mine else f"{label or _called(kinds.get(chair), level)} {number}")
        if _seating is not None:
            # A log's names (its first hand's seats): the chairs keep them, whoever sits there now.
            named = [
                _seating.get(wind, "") for wind, _ in sorted(trial.seating().items(), key=lambda item: int(item[1]))
            ]
            if len(set(named)) == seats and all(named) and named[mine] == human:
                chairs = named
        self.human = human
        self.forced = forced
        self.opponents = tuple(opponents) if opponents is not None else None  # as given: take_back seats them again
        self.label = label
        self.match = new_match(rules, seed, self.options, chairs)
        rng = random.Random(f"sparrow-table/{seed}")
        self.bots: dict[str, Bot] = {name: get_bot(level, rng.getrandbits(32)) for name in chairs if name != human}
        # Seats taken by other players than the built-in bots (``cmd:...``, ``module:Class``): the
        # chairs after the human's, in order, as ``opponents`` names them; the rest stay bots.
        self.seated: dict[str, Any] = {}
        self._faults_at_deal: dict[str, Any] = {}  # the outside seats' faults when this hand was dealt
        self.own_programs = own_programs
        self._log: list[dict[str, Any]] = []  # finished hands' events (an mjai bot reads them too)
        engine = get_ruleset(rules).table(self.options).engine
        others = [name for name in chairs[chairs.index(human) + 1 :] + chairs[: chairs.index(human)]]
        for place, (name, kind) in enumerate(zip(others, opponents or ())):
            if kind in LEVELS:
                self.bots[name] = get_bot(kind, self.bots[name].seed)
            elif is_outside(kind):
                try:
                    check_outside(kind)
                except AgentError as error:
                    raise TableError(str(error)) from None
                program = PROGRAMS_BY_ENGINE.get(engine) if kind.startswith(COMMAND) else None
                if program is not None:  # Riichi's cmd: is an mjai bot, the match's own
                    self.seated[name] = program(kind, chairs.index(name), self._log)
                else:
                    self.seated[name] = make_seat(kind, self.bots[name].seed, place, shared=not own_programs)
            else:
                raise TableError(f"unknown opponent {kind!r} (a level, 'cmd:PROGRAM' or module:Class)")
        if opponents is not None and len(opponents) > len(others):
            raise TableError(f"this table has {len(others)} other seats, {len(opponents)} opponents were named")
        self.hand: Hand | None = None
        self.results: list[HandOutcome] = []  # every finished hand, in order
        self._seen = 0  # events of the current hand already handed to the human

    def close(self) -> None:
        """Stop the outside programs this table owns (``own_programs``); a shared one stays."""
        for seat in self.seated.values():
            close = getattr(seat, "close", None)
            if close is not None and (self.own_programs or isinstance(seat, MjaiPlayer)):
                close()

    # ------------------------------------------------------------------ reading

    @property
    def hand_number(self) -> int:
        """The current hand's number, from 1 (0 before the first deal)."""
        return self.match.hands_played + (1 if self.hand is not None and not self.hand.is_over else 0)

    @property
    def human_seat(self) -> str:
        """The human's seat wind in the current hand."""
        if self.hand is None:
            return next(seat for seat, name in self.match.seating().items() if name == self.human)
        return next(seat for seat, name in self.hand.players.items() if name == self.human)

    def finished_log(self) -> list[dict[str, Any]]:
        """The referee's log of the hands that are over."""
        return list(self._log)

    def view(self) -> Step:
        """The whole of the current hand as the human sees it (events from its start)."""
        self._seen = 0
        return self._step()

    # ------------------------------------------------------------------ playing

    def start(self) -> Step:
        """Deal the first hand and play the bots up to the human's first decision."""
        if self.hand is not None or self.match.hands_played:
            raise TableError("the match has already started")
        return self.next_hand()

    def next_hand(self) -> Step:
        """Deal the next hand of the match and play the bots up to the human's first decision."""
        if not self.hand_over:
            raise TableError("the hand is still in play")
        if self.match.is_over:
            raise TableError("the match is over")
        self.hand = self.match.next_hand()
        self._faults_at_deal = faults_of(self._outside_by_seat())
        self._seen = 0
        return self._advance()

    def act(self, action: Action | Mapping[str, Any]) -> Step:
        """The human's decision (an :class:`Action`, or its JSON form; the seat may be left out). An
        action that is not legal now raises an ``IllegalActionError`` (or ``InvalidActionError`` when
        malformed) and changes nothing."""
        hand = self.hand
        if hand is None or hand.is_over:
            raise TableError("no hand is in play: deal the next one")
        seat = self.human_seat
        if not isinstance(action, Action):
            data = dict(action)
            data.setdefault("seat", seat)
            action = Action.from_dict(data)
        if action.seat != seat:
            raise NotYourTurnError(action, f"you play the {seat} seat in this hand")
        hand.apply(action)  # an illegal action raises its specific reason and changes nothing
        return self._advance()

    def _advance(self) -> Step:
        """Let the bots decide until the human must (or the hand is over)."""
        hand = self.hand
        assert hand is not None
        human_seat = self.human_seat
        while not hand.is_over:
            waiting = hand.to_act
            bots = [seat for seat in waiting if seat != human_seat]
            if not bots:
                only = self._forced(hand, human_seat)
                if only is None:
                    break  # only the human is left to decide
                hand.apply(only)
                continue
            seat = bots[0]
            name = hand.players[seat]
            if name in self.seated:  # an outside player: the referee's checks are in its seat
                hand.apply(self.seated[name].choose(hand, seat, hand.legal_actions(seat)))
            else:
                hand.apply(self.bots[name].act(hand.observation(seat)))
        if hand.is_over:
            if self.seated:
                # Why an outside seat's decisions fell to the built-in bot, in the log's hand_end.
                record_fallbacks(hand, self._faults_at_deal, self._outside_by_seat())
            self._record(hand)
            if self.match.is_over:
                # A program told the whole match (an mjai bot) is told how it ended.
                for seat in self.seated.values():
                    end_match = getattr(seat, "end_match", None)
                    if end_match is not None:
                        end_match(self._log)
        return self._step()

    def _forced(self, hand: Hand, seat: str) -> Action | None:
        """The human's only possible decision, when the table makes it for them (``forced``)."""
        if not self.forced:
            return None
        legal = hand.legal_actions(seat)
        if len(legal) == 1 and legal[0].kind in (ActionKind.PASS, ActionKind.DISCARD):
            return legal[0]
        return None

    def _outside_by_seat(self) -> dict[str, Any]:
        hand = self.hand
        if hand is None or not self.seated:
            return {}
        return {seat: self.seated[name] for seat, name in hand.players.items() if name in self.seated}

    def _record(self, hand: Hand) -> None:
        super()._record(hand)
        assert hand.result is not None
        self.results.append(HandOutcome(dict(hand.players), hand.result))

    def _step(self) -> Step:
        hand = self.hand
        if hand is None:
            raise TableError("no hand has been dealt yet")
        seat = self.human_seat
        shown = hand.seat_events(seat, self._seen)
        self._seen = len(hand.events)
        result = hand.result
        hands: dict[str, str] = {}
        if result is not None:
            hands = {s: format_tiles(tiles) for s, tiles in hand.table_view().hands.items()}
        totals = {s: self.match.totals[name] for s, name in hand.players.items()}
        return Step(
            observation=hand.observation(seat),
            events=tuple(shown),
            hand_number=self.match.hands_played + (0 if hand.is_over else 1),
            hand_over=hand.is_over,
            match_over=hand.is_over and self.match.is_over,
            result=result,
            hands=hands,
            totals=totals,
            cards=hand.score_cards() if result is not None else {},
            family_hands=family_hands(hand) if result is not None else {},
        )

    # ------------------------------------------------------------------ taking back

    def take_back(self) -> Table:
        """The table as it stood when the human last decided in this hand, before that decision and
        the replies to it (a practice app's "take back"): the log cut there and played again, so the
        same wall deals the same tiles and the bots, who decide from what they see and their own seed,
        answer as they did. A decision the table made for the human (``forced``) is not one: the cut
        goes back to the decision before it. A hand that is over is open again at the decision that
        ended it. Raises :class:`TableError` when the human has not decided anything in this hand.

        A returned table is a new one (this one is left as it was, for the caller to close): every
        cut is tried from the latest back, and the first at which the rebuilt table waits for the
        human, with nothing played for anyone since the cut, is the human's last decision. Knowing
        no event's meaning, this holds for every family's log alike."""
        hand = self.hand
        if hand is None:
            raise TableError("nothing to take back: no hand has been dealt yet")
        events = list(hand.events)
        before = self._log[: len(self._log) - len(events)] if hand.is_over else list(self._log)
        for cut in range(len(events) - 1, 0, -1):
            try:
                table = Table.from_log(
                    self.rules,
                    self.level,
                    self.seed,
                    before + events[:cut],
                    self.options,
                    human=self.human,
                    opponents=self.opponents,
                    own_programs=self.own_programs,
                    label=self.label,
                    forced=self.forced,
                )
            except ReplayError:  # the table goes on by itself from there (a draw): nobody decided
                continue
            rebuilt = table.hand
            if (
                rebuilt is not None
                and not rebuilt.is_over
                and len(rebuilt.events) == cut
                and table.human_seat in rebuilt.to_act
            ):
                return table
            table.close()
        raise TableError("nothing to take back: you have not made a decision in this hand yet")

    # ------------------------------------------------------------------ resuming

    @classmethod
    def from_log(
        cls,
        rules: str,
        level: str,
        seed: int,
        events: Sequence[Mapping[str, Any]],
        options: Mapping[str, Any] | None = None,
        *,
        human: str = HUMAN,
        opponents: Sequence[str] | None = None,
        own_programs: bool = False,
        label: str | None = None,
        forced: bool = False,
    ) -> Table:
        """The table as it stood at the end of ``events`` (its :meth:`log`): every hand is dealt again
        from the seed and its logged decisions are played onto it. The chairs keep the names the log
        gives them (an outside player's, even when ``opponents`` seats another now). Raises
        ``ReplayError`` when the log does not belong to this table."""
        first = events[0].get("players") if events else None
        table = cls(
            rules,
            level,
            seed,
            options,
            human=human,
            opponents=opponents,
            own_programs=own_programs,
            label=label,
            forced=forced,
            _seating=first if isinstance(first, Mapping) else None,
        )
        try:
            table._replay(events)
        except Exception:
            table.close()  # an outside program started for it must not outlive a table never used
            raise
        table._seen = len(table.hand.events) if table.hand is not None else 0
        if table.hand is not None and not table.hand.is_over:
            table._advance()  # bots owing a decision (a claim window open when the log was written)
        return table
