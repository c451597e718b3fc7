"""The Riichi match around a scored hand: the standing between hands (:class:`Standing`), how a hand
ends (:class:`Tsumo`, :class:`Ron`, :class:`ExhaustiveDraw`, :class:`AbortiveDraw`), its settlement
(:func:`settle`, giving a :class:`HandResult` with the next standing) and the match's final results
with uma and oka (:func:`final_results`).

A pure module: no I/O, no randomness. Seats are 0-3 in turn order, seat 0 the first dealer (chiicha),
so the dealer of hand *n* of a wind is seat *n - 1*. The points on the table (the four scores and the
riichi sticks, 1,000 each) never change: every settlement only moves points. The hand values come from
the scorer (:func:`sparrow.rules.riichi.score`, its ``base``); the payment arithmetic is
:func:`sparrow.rules.riichi.points.payments`. docs/rules/riichi.md ("The table") records the choices.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from sparrow.core.messages import quote
from sparrow.rules.riichi.points import MANGAN, payments
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.rules.riichi.scorer import RiichiScore
from sparrow.rules.ruleset import RulesError

__all__ = [
    "MatchError",
    "Standing",
    "Liability",
    "Win",
    "Tsumo",
    "Ron",
    "ExhaustiveDraw",
    "AbortiveDraw",
    "Outcome",
    "Transfer",
    "HandResult",
    "FinalResult",
    "settle",
    "play",
    "final_results",
    "ranking",
    "DEFAULT_MATCH",
]

SEATS = 4
WINDS = ("East", "South", "West", "North")
STICK = 1000  # a riichi declaration
HONBA_RON = 300  # per honba counter, from the discarder; 100 from each payer on tsumo
HONBA_TSUMO = 100
NOTEN_TOTAL = 3000
DEFAULT_MATCH = MatchOptions()


class MatchError(RulesError):
    """A settlement that cannot be (a seat out of range, a winner who is the loser, a rule that is off):
    the one-line message names the problem."""


def _seat(name: str, seat: object) -> int:
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < SEATS:
        raise MatchError(f"{name} must be a seat 0-3, got {quote(seat)}")
    return seat


def ranking(scores: Sequence[int]) -> tuple[int, ...]:
    """The seats from first place down; a tie goes to the seat earlier from the first dealer."""
    return tuple(sorted(range(SEATS), key=lambda seat: (-scores[seat], seat)))


@dataclass(frozen=True, slots=True)
class Standing:
    """The state between hands: the scores, the round wind (0 East, 1 South, 2 West) and hand number
    (1-4), the honba counters and the riichi sticks on the table; ``finished`` once the match is over."""

    scores: tuple[int, int, int, int]
    round_wind: int = 0
    hand_number: int = 1
    honba: int = 0
    sticks: int = 0
    finished: bool = False
    end_reason: str | None = None

    def __post_init__(self) -> None:
        scores = tuple(self.scores)
        if len(scores) != SEATS or not all(isinstance(s, int) and not isinstance(s, bool) for s in scores):
            raise MatchError(f"scores must be four whole numbers, got {quote(self.scores)}")
        object.__setattr__(self, "scores", scores)
        if not 0 <= self.round_wind < len(WINDS):
            raise MatchError(f"round_wind must be 0-3 (East to North), got {quote(self.round_wind)}")
        if not 1 <= self.hand_number <= SEATS:
            raise MatchError(f"hand_number must be 1-4, got {quote(self.hand_number)}")
        if self.honba < 0 or self.sticks < 0:
            raise MatchError(f"honba and sticks cannot be negative, got {self.honba} and {self.sticks}")

    @classmethod
    def start(cls, options: MatchOptions = DEFAULT_MATCH) -> Standing:
        """East 1, no honba, every seat on the starting points."""
        points = options.start_points
        return cls((points, points, points, points))

    @property
    def dealer(self) -> int:
        return self.hand_number - 1

    @property
    def label(self) -> str:
        """``"South 3"``, with ``", 2 honba"`` when there are counters."""
        text = f"{WINDS[self.round_wind]} {self.hand_number}"
        return f"{text}, {self.honba} honba" if self.honba else text

    @property
    def table_points(self) -> int:
        """The scores and the riichi sticks together: the same before and after every settlement."""
        return sum(self.scores) + STICK * self.sticks

    def ranking(self) -> tuple[int, ...]:
        return ranking(self.scores)


@dataclass(frozen=True, slots=True)
class Liability:
    """Pao: ``seat`` fed the set that made ``yaku`` (daisangen, daisuushii, suukantsu) certain.
    ``base`` is that yakuman's share of the winner's base points (8,000 a yakuman); under the option
    ``pao_scope: hand`` (Tenhou) the liable seat answers for the whole win instead."""

    seat: int
    yaku: str
    base: int = 8000


@dataclass(frozen=True, slots=True)
class Win:
    """One winner and the base points of the hand (``RiichiScore.base``); ``score``, when given,
    is checked against the seat (dealer or not) and the way of winning."""

    winner: int
    base: int
    liability: Liability | None = None
    score: RiichiScore | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_score(cls, winner: int, score: RiichiScore, liability: Liability | None = None) -> Win:
        return cls(winner, score.base, liability, score)


@dataclass(frozen=True, slots=True)
class Tsumo:
    win: Win


@dataclass(frozen=True, slots=True)
class Ron:
    """One discard and everyone who called ron on it (one to three wins, in any order)."""

    loser: int
    wins: tuple[Win, ...]

    def __post_init__(self) -> None:
        wins = (self.wins,) if isinstance(self.wins, Win) else tuple(self.wins)
        object.__setattr__(self, "wins", wins)


@dataclass(frozen=True, slots=True)
class ExhaustiveDraw:
    """The wall ran out: the seats in tenpai, and those with nagashi mangan."""

    tenpai: frozenset[int] = frozenset()
    nagashi: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        object.__setattr__(self, "tenpai", frozenset(self.tenpai))
        object.__setattr__(self, "nagashi", frozenset(self.nagashi))


@dataclass(frozen=True, slots=True)
class AbortiveDraw:
    """nine_terminals, four_winds, four_kongs, four_riichi (or triple_ron, which :class:`Ron` makes)."""

    kind: str


Outcome = Tsumo | Ron | ExhaustiveDraw | AbortiveDraw


@dataclass(frozen=True, slots=True)
class Transfer:
    """Points moved: ``payer`` or ``payee`` None is the table (riichi sticks). ``reason`` is one of
    riichi, ron, tsumo, pao, honba, sticks, noten, nagashi, leftover."""

    payer: int | None
    payee: int | None
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class HandResult:
    """A settled hand: who was paid (after head bump), every transfer, each seat's change (riichi
    sticks included), whether the dealer repeats, and the standing after it (the next hand's, or the
    finished match's, leftover sticks already given)."""

    before: Standing
    outcome: Outcome
    riichi: tuple[int, ...]
    winners: tuple[int, ...]
    transfers: tuple[Transfer, ...]
    deltas: tuple[int, int, int, int]
    renchan: bool
    after: Standing


@dataclass(frozen=True, slots=True)
class FinalResult:
    """One seat's end of the match: its place (1-4, ties by seat order), its points, and its result
    in thousands: (points - return) / 1000 + uma, plus the oka for the top (shared when tied under
    ``split_ties``). Exact, as a fraction; :attr:`text` prints it to one decimal."""

    seat: int
    place: int
    points: int
    result: Fraction

    @property
    def text(self) -> str:
        tenths = round(self.result * 10)
        sign = "-" if tenths < 0 else "+"
        return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


# --- settling one hand -----------------------------------------------------------------------------


class _Ledger:
    def __init__(self) -> None:
        self.transfers: list[Transfer] = []

    def pay(self, payer: int | None, payee: int | None, points: int, reason: str) -> None:
        if points:
            self.transfers.append(Transfer(payer, payee, points, reason))

    def deltas(self) -> list[int]:
        deltas = [0] * SEATS
        for item in self.transfers:
            if item.payer is not None:
                deltas[item.payer] -= item.points
            if item.payee is not None:
                deltas[item.payee] += item.points
        return deltas

    def sticks(self) -> int:
        """The change in the riichi sticks on the table, in sticks."""
        points = sum(t.points for t in self.transfers if t.payee is None) - sum(
            t.points for t in self.transfers if t.payer is None
        )
        return points // STICK


def _check_win(win: Win, dealer: int, tsumo: bool, options: MatchOptions) -> None:
    _seat("winner", win.winner)
    if isinstance(win.base, bool) or not isinstance(win.base, int) or win.base <= 0:
        raise MatchError(f"a win's base points must be a positive whole number, got {quote(win.base)}")
    if win.score is not None:
        if win.score.base != win.base:
            raise MatchError(f"seat {win.winner}: base {win.base} differs from its score's {win.score.base}")
        if win.score.hand.is_dealer != (win.winner == dealer):
            raise MatchError(
                f"seat {win.winner}: the hand was scored as {'dealer' if win.score.hand.is_dealer else 'non-dealer'}"
            )
        if win.score.hand.tsumo != tsumo:
            raise MatchError(f"seat {win.winner}: the hand was scored as {'tsumo' if win.score.hand.tsumo else 'ron'}")
    liability = win.liability
    if liability is not None:
        _seat("the liable seat", liability.seat)
        if liability.yaku not in options.pao:
            raise MatchError(f"pao for {quote(liability.yaku)} is off in these rules")
        if liability.seat == win.winner:
            raise MatchError(f"seat {win.winner} cannot be liable for its own win")
        if not 0 < liability.base <= win.base:
            raise MatchError(f"the liable base {liability.base} must be positive and at most the win's {win.base}")


def _liable_base(win: Win, liability: Liability, options: MatchOptions) -> int:
    """The part of the win's base the liable seat answers for: the whole hand, or its yakuman alone
    (``pao_scope``)."""
    return win.base if options.pao_scope == "hand" else liability.base


def _pay_ron(ledger: _Ledger, win: Win, loser: int, dealer: bool, honba: int, options: MatchOptions) -> None:
    liability = win.liability
    if liability is None or liability.seat == loser:
        ledger.pay(loser, win.winner, payments(win.base, dealer, False, 0, 0).ron, "ron")
        ledger.pay(loser, win.winner, HONBA_RON * honba, "honba")
        return
    # The discarder and the liable seat share the liable part; the rest is the discarder's, the
    # honba the liable seat's (Tenhou).
    liable_base = _liable_base(win, liability, options)
    liable_value = payments(liable_base, dealer, False, 0, 0).ron
    half = liable_value // 2
    rest = win.base - liable_base
    ledger.pay(loser, win.winner, (payments(rest, dealer, False, 0, 0).ron if rest else 0) + half, "ron")
    ledger.pay(liability.seat, win.winner, liable_value - half, "pao")
    ledger.pay(liability.seat, win.winner, HONBA_RON * honba, "honba")


def _pay_tsumo(ledger: _Ledger, win: Win, dealer_seat: int, honba: int, options: MatchOptions) -> None:
    winner = win.winner
    dealer = winner == dealer_seat
    base = win.base
    liability = win.liability
    if liability is not None:
        # The liable seat pays the liable part as if it had dealt in, and every honba.
        liable_base = _liable_base(win, liability, options)
        ledger.pay(liability.seat, winner, payments(liable_base, dealer, False, 0, 0).ron, "pao")
        ledger.pay(liability.seat, winner, HONBA_RON * honba, "honba")
        base -= liable_base
        honba = 0
    if base:
        split = payments(base, dealer, True, 0, 0)
        for seat in range(SEATS):
            if seat != winner:
                ledger.pay(seat, winner, split.dealer if seat == dealer_seat else split.non_dealer, "tsumo")
    for seat in range(SEATS):
        if seat != winner:
            ledger.pay(seat, winner, HONBA_TSUMO * honba, "honba")


def _nearest(loser: int, wins: Iterable[Win]) -> list[Win]:
    """The wins in turn order from the discarder: the first is nearest."""
    return sorted(wins, key=lambda win: (win.winner - loser) % SEATS)


def settle(
    standing: Standing,
    outcome: Outcome,
    riichi: Iterable[int] = (),
    options: MatchOptions = DEFAULT_MATCH,
) -> HandResult:
    """Settle one hand: ``riichi`` are the seats whose riichi declaration stood this hand (1,000 each
    into the sticks, before the win takes them). Returns the payments and the next standing."""
    if standing.finished:
        raise MatchError("the match is over: no hand can be settled")
    declared = tuple(riichi)
    for seat in declared:
        _seat("a riichi seat", seat)
    if len(set(declared)) != len(declared):
        raise MatchError(f"a seat declares riichi once a hand, got {list(declared)}")
    ledger = _Ledger()
    for seat in declared:
        if options.busting and standing.scores[seat] < STICK:  # without busting, riichi may go below zero
            raise MatchError(f"seat {seat} has {standing.scores[seat]} points: riichi needs {STICK}")
        ledger.pay(seat, None, STICK, "riichi")
    sticks = standing.sticks + len(declared)
    dealer = standing.dealer
    winners: tuple[int, ...] = ()
    win = False
    if isinstance(outcome, Ron):
        loser = _seat("the discarder", outcome.loser)
        wins = _nearest(loser, outcome.wins)
        if not 1 <= len(wins) <= 3:
            raise MatchError(f"a discard is won by one to three seats, got {len(wins)}")
        for item in wins:
            _check_win(item, dealer, False, options)
            if item.winner == loser:
                raise MatchError(f"seat {loser} cannot win on its own discard")
        if len({item.winner for item in wins}) != len(wins):
            raise MatchError("a seat wins once on a discard")
        # Three rons under "abortive" are sanchahou: no payment, honba +1, the dealer and the sticks stay.
        if len(wins) < 3 or options.triple_ron != "abortive":
            if len(wins) > 1 and (not options.double_ron or (len(wins) == 3 and options.triple_ron == "head_bump")):
                wins = wins[:1]  # atamahane: only the nearest in turn order wins
            for index, item in enumerate(wins):
                _pay_ron(ledger, item, loser, item.winner == dealer, standing.honba if index == 0 else 0, options)
            ledger.pay(None, wins[0].winner, STICK * sticks, "sticks")
            winners = tuple(item.winner for item in wins)
            win = True
    elif isinstance(outcome, Tsumo):
        _check_win(outcome.win, dealer, True, options)
        _pay_tsumo(ledger, outcome.win, dealer, standing.honba, options)
        ledger.pay(None, outcome.win.winner, STICK * sticks, "sticks")
        winners = (outcome.win.winner,)
        win = True
    elif isinstance(outcome, ExhaustiveDraw):
        _exhaustive(ledger, outcome, dealer, options)
    elif isinstance(outcome, AbortiveDraw):
        if outcome.kind == "triple_ron":
            raise MatchError("a triple ron is settled as a Ron with three wins")
        if not options.abortive(outcome.kind):
            raise MatchError(f"the abortive draw {outcome.kind} is off in these rules")
        if outcome.kind == "four_riichi" and len(declared) != SEATS:
            raise MatchError(f"four riichi needs all four seats in riichi this hand, got {list(declared)}")
    else:
        raise MatchError(f"unknown outcome {quote(outcome)}")
    renchan = dealer in winners if win else _dealer_stays(outcome, dealer)
    return _advance(standing, outcome, declared, winners, ledger, renchan, win, options)


def _exhaustive(ledger: _Ledger, outcome: ExhaustiveDraw, dealer: int, options: MatchOptions) -> None:
    for seat in outcome.tenpai | outcome.nagashi:
        _seat("a tenpai or nagashi seat", seat)
    if outcome.nagashi:
        if not options.nagashi_mangan:
            raise MatchError("nagashi mangan is off in these rules")
        # Paid as a mangan tsumo without honba, in place of the noten payments.
        for seat in sorted(outcome.nagashi):
            split = payments(MANGAN, seat == dealer, True, 0, 0)
            for other in range(SEATS):
                if other != seat:
                    ledger.pay(other, seat, split.dealer if other == dealer else split.non_dealer, "nagashi")
        return
    tenpai = len(outcome.tenpai)
    if 0 < tenpai < SEATS:
        share = NOTEN_TOTAL // (tenpai * (SEATS - tenpai))  # 1,000, 750 or 1,000 from each noten to each tenpai
        for payer in range(SEATS):
            if payer not in outcome.tenpai:
                for payee in sorted(outcome.tenpai):
                    ledger.pay(payer, payee, share, "noten")


def _dealer_stays(outcome: Outcome, dealer: int) -> bool:
    if isinstance(outcome, ExhaustiveDraw):
        return dealer in outcome.tenpai
    return True  # an abortive draw (a triple ron included)


# --- the match's course ----------------------------------------------------------------------------


def _advance(
    standing: Standing,
    outcome: Outcome,
    declared: tuple[int, ...],
    winners: tuple[int, ...],
    ledger: _Ledger,
    renchan: bool,
    win: bool,
    options: MatchOptions,
) -> HandResult:
    deltas = ledger.deltas()
    scores = [score + delta for score, delta in zip(standing.scores, deltas)]
    sticks = standing.sticks + ledger.sticks()
    honba = standing.honba + 1 if renchan or not win else 0
    reason = _end_reason(standing, outcome, scores, renchan, win, options)
    if reason is not None:
        if options.leftover_sticks_to_top and sticks:
            top = ranking(scores)[0]
            ledger.pay(None, top, STICK * sticks, "leftover")
            scores[top] += STICK * sticks
            deltas[top] += STICK * sticks
            sticks = 0
        after = Standing(_four(scores), standing.round_wind, standing.hand_number, honba, sticks, True, reason)
    elif renchan:
        after = Standing(_four(scores), standing.round_wind, standing.hand_number, honba, sticks)
    elif standing.hand_number < SEATS:
        after = Standing(_four(scores), standing.round_wind, standing.hand_number + 1, honba, sticks)
    else:
        after = Standing(_four(scores), standing.round_wind + 1, 1, honba, sticks)
    return HandResult(standing, outcome, declared, winners, tuple(ledger.transfers), _four(deltas), renchan, after)


def _four(values: list[int]) -> tuple[int, int, int, int]:
    return (values[0], values[1], values[2], values[3])


def _end_reason(
    standing: Standing,
    outcome: Outcome,
    scores: list[int],
    renchan: bool,
    win: bool,
    options: MatchOptions,
) -> str | None:
    """Why the match ends after this hand, or None when it goes on."""
    if options.busting and min(scores) < 0:
        return "busting"
    final_wind = 1 if options.length == "hanchan" else 0
    extra = standing.round_wind > final_wind  # the West (or South) extension: sudden death
    if extra and max(scores) >= options.west_target:
        return "target reached"
    if standing.hand_number < SEATS or standing.round_wind < final_wind:
        return None
    if renchan:
        dealer = standing.dealer
        leading = ranking(scores)[0] == dealer
        reached = not options.west_extension or scores[dealer] >= options.west_target
        if leading and reached:
            if win and options.agari_yame:
                return "agari-yame"
            if isinstance(outcome, ExhaustiveDraw) and options.tenpai_yame:
                return "tenpai-yame"
        return None
    if not extra and options.west_extension and max(scores) < options.west_target:
        return None  # into the next wind
    return "last hand"


def play(
    hands: Iterable[tuple[Outcome, Iterable[int]]],
    options: MatchOptions = DEFAULT_MATCH,
    standing: Standing | None = None,
) -> tuple[HandResult, ...]:
    """Settle hands in order, each an outcome and its riichi seats, from the start (or ``standing``);
    a hand after the end is refused."""
    current = standing if standing is not None else Standing.start(options)
    results: list[HandResult] = []
    for outcome, riichi in hands:
        result = settle(current, outcome, riichi, options)
        results.append(result)
        current = result.after
    return tuple(results)


# --- the end of the match --------------------------------------------------------------------------


def final_results(standing: Standing, options: MatchOptions = DEFAULT_MATCH) -> tuple[FinalResult, ...]:
    """The results in place order: (points - return) / 1000 + uma, the oka to the top. On a finished
    match with the sticks given out they sum to zero; on a match still going they are provisional."""
    order = ranking(standing.scores)
    bonus = [Fraction(uma) for uma in options.uma]
    bonus[0] += Fraction(options.oka, 1000)
    shares = list(bonus)
    if options.split_ties:
        place = 0
        while place < SEATS:
            end = place
            while end + 1 < SEATS and standing.scores[order[end + 1]] == standing.scores[order[place]]:
                end += 1
            average = sum(bonus[place : end + 1], Fraction(0)) / (end - place + 1)
            for tied in range(place, end + 1):
                shares[tied] = average
            place = end + 1
    return tuple(
        FinalResult(
            seat,
            place + 1,
            standing.scores[seat],
            Fraction(standing.scores[seat] - options.return_points, 1000) + shares[place],
        )
        for place, seat in enumerate(order)
    )
