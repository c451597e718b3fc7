"""One row of a score sheet: what is typed for a hand (an :class:`Entry`), checked and put in its
canonical form, and what the row then adds to the sheet.

Three kinds of row:

* a ruleset row ``{"winner", "win_by", "discarder", "scores": {name: n}}``: the hand scores, whose
  payments the ruleset's own ``settle`` computes (NTS also takes ``dead`` and the ``round_wind``
  rolled for the game; HKOS the winner's ``faan``);
* a free row ``{"points": {name: n}}`` (a ``winner`` may be named): points typed and summed;
* a drawn hand ``{"drawn": true}``: a row of zeros.

Names are the sheet's player names; the seat each player had in the hand comes from the sheet's
rotation (``sparrow.sheets.seating``), so a row never names seats. What a row takes and how its
scores are checked is the family's (the registry's ``Ruleset`` and its ``TableRules``), never asked
by its name.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from sparrow.core.situation import SituationError
from sparrow.core.tiles import SEATS
from sparrow.rules import Ruleset, ScoresError, Settlement, get_ruleset, settle
from sparrow.sheets.checks import MAX_FAAN, check_scores
from sparrow.sheets.errors import SheetError
from sparrow.sheets.hands import parse_hands

__all__ = ["Entry", "Turn", "parse_entry", "check_in_turn", "row_values", "MAX_POINTS", "FREE"]

FREE = "free"
MAX_POINTS = 10**12  # far above any real count; keeps absurd input out of the arithmetic
_DISCARD_WINS = frozenset({"discard", "robbing_kong"})

# The fields a row may carry, by kind of sheet; a row read back from an export also carries the
# values the sheet computed, which are recomputed and so ignored (``derived``).
_RULESET_FIELDS = ("drawn", "winner", "win_by", "discarder", "scores", "faan", "dead", "round_wind", "hands")
_FREE_FIELDS = ("drawn", "winner", "points")
RULESET_DERIVED = ("n", "hand", "payments", "points", "totals", "dealer", "seats")
FREE_DERIVED = (
    "n",
    "hand",
    "payments",
    "scores",
    "totals",
    "dealer",
    "seats",
    "round_wind",
    "win_by",
    "discarder",
    "dead",
)


@dataclass(frozen=True, slots=True)
class Entry:
    """A row as typed, checked and canonical: ``scores`` holds the hand scores of a ruleset row (every
    player for NTS, the winner alone elsewhere) or, on a free sheet, every player's typed points."""

    drawn: bool = False
    winner: str | None = None
    win_by: str | None = None
    discarder: str | None = None
    scores: Mapping[str, int] = field(default_factory=dict)
    dead: tuple[str, ...] = ()
    round_wind: str | None = None  # NTS: the prevailing wind rolled for the game, if entered
    faan: int | None = None  # HKOS: the winner's faan, which the sheet turns into points (seed 003)
    hands: Mapping[str, str] = field(default_factory=dict)  # name -> hand in the notation (sheets.hands)
    first_dealer: str | None = None  # riichi: the game's first dealer, if not the sheet's first player
    chombo: str | None = None  # a chombo row (sheets.chombo): the offender; no hand was played

    @property
    def is_hand(self) -> bool:
        """Whether the row records a hand (or a riichi game), not a penalty outside the hands."""
        return self.chombo is None

    def __post_init__(self) -> None:
        for name in ("scores", "hands"):
            value = getattr(self, name)
            if not isinstance(value, MappingProxyType):
                object.__setattr__(self, name, MappingProxyType(dict(value)))

    def to_dict(self, free: bool) -> dict[str, Any]:
        """The typed fields (the export writes them; ``parse_entry`` reads them back)."""
        if self.chombo is not None:
            return {"chombo": self.chombo}
        if free:
            return {"drawn": self.drawn, "winner": self.winner, "points": dict(self.scores)}
        return {
            "drawn": self.drawn,
            "winner": self.winner,
            "win_by": self.win_by,
            "discarder": self.discarder,
            "dead": list(self.dead),
            "scores": dict(self.scores),
            "faan": self.faan,
            "round_wind": self.round_wind,
            "hands": dict(self.hands),
        }


@dataclass(frozen=True, slots=True)
class Turn:
    """Where the table stands before a hand: who sits in which seat and the round wind (None where it
    is rolled every game, as in NTS, or unknown, as on a free sheet)."""

    seats: Mapping[str, str]  # player name -> seat wind; empty on a free sheet
    round_wind: str | None
    dealer: str | None


# ---------------------------------------------------------------------------- reading a row


def parse_entry(
    data: Any, rules: str, players: Sequence[str], options: Mapping[str, Any], turn: Turn, *, imported: bool = False
) -> Entry:
    """The canonical :class:`Entry` of ``data``, or :class:`SheetError` naming the field at fault.
    ``turn`` is the table before this hand; ``imported`` ignores the values an export adds to a row."""
    if not isinstance(data, Mapping):
        raise SheetError("row", "expected a JSON object, got {kind}", kind=_kind(data))
    free = rules == FREE
    known = _FREE_FIELDS if free else _RULESET_FIELDS
    derived = (FREE_DERIVED if free else RULESET_DERIVED) if imported else ()
    for key in data:
        if key not in known and key not in derived:
            if not free and key == "points":
                raise SheetError(
                    "points",
                    "a {rules} sheet takes the winner, how the hand was won and the scores, not points",
                    rules=rules,
                )
            if free and key in ("scores", "win_by", "discarder"):
                raise SheetError(
                    key, "a free sheet takes each player's points: {example}", example='{"points": {name: n}}'
                )
            raise SheetError(str(key), "is not a field of a row (fields: {fields})", fields=", ".join(known))
    drawn = data.get("drawn", False)
    if drawn is None:
        drawn = False
    if not isinstance(drawn, bool):
        raise SheetError("drawn", "must be true or false, got {value}", value=_show(drawn))
    if drawn:
        return _drawn(data, rules, players, options, turn, free)
    if free:
        return _free(data, players)
    return _ruleset_row(data, rules, players, options, turn)


def _drawn(
    data: Mapping[str, Any], rules: str, players: Sequence[str], options: Mapping[str, Any], turn: Turn, free: bool
) -> Entry:
    for key in ("winner", "win_by", "discarder", "faan"):
        if data.get(key) is not None:
            raise SheetError(key, "a drawn hand has no winner, way of winning or discarder")
    values = data.get("points" if free else "scores")
    if isinstance(values, Mapping):
        scored = any(value != 0 for value in values.values())
    else:
        scored = values is not None
    if scored:
        raise SheetError("points" if free else "scores", "a drawn hand scores nothing: leave the points out")
    if data.get("dead"):
        raise SheetError("dead", "a drawn hand has no dead hands to settle")
    round_wind = None if free else _round_wind(data, _rolled(rules, options), turn)
    hands = {} if free else parse_hands(data.get("hands"), rules, players)
    return Entry(drawn=True, round_wind=round_wind, hands=hands)


def _free(data: Mapping[str, Any], players: Sequence[str]) -> Entry:
    winner = _player(data, "winner", players, required=False)
    points = data.get("points")
    if not isinstance(points, Mapping):
        raise SheetError("points", "must map player names to whole numbers, e.g. {example}", example='{"Ann": 25}')
    values = _numbers(points, "points", players, minimum=-MAX_POINTS)
    return Entry(winner=winner, scores={name: values.get(name, 0) for name in players})


def _ruleset_row(
    data: Mapping[str, Any], rules: str, players: Sequence[str], options: Mapping[str, Any], turn: Turn
) -> Entry:
    family = get_ruleset(rules)
    table = family.table(options)
    winner = _player(data, "winner", players, required=True)
    assert winner is not None
    win_by = data.get("win_by")
    ways = family.win_ways
    if win_by is None:
        raise SheetError("win_by", "say how the hand was won: one of {ways}", ways=", ".join(ways))
    if not isinstance(win_by, str) or win_by not in ways:
        raise SheetError("win_by", "expected one of {ways}, got {value}", ways=", ".join(ways), value=_show(win_by))
    discarder = _player(data, "discarder", players, required=False)
    if win_by in _DISCARD_WINS:
        if discarder is None:
            raise SheetError("discarder", "a win on a discard or a robbed kong needs the discarder's name")
        if discarder == winner:
            raise SheetError("discarder", "the winner cannot be the discarder")
    elif discarder is not None:
        raise SheetError("discarder", "only a win on a discard or a robbed kong has a discarder")
    dead = _dead(data, table.false_win == "dead_hand", players, winner)
    faan = _faan(data, family, options)
    scores_data = data.get("scores")
    if scores_data is None and faan is not None:
        scores_data = {}
    if not isinstance(scores_data, Mapping):
        raise SheetError("scores", "must map player names to hand scores, e.g. {example}", example='{"Ann": 48}')
    scores = _numbers(scores_data, "scores", players, minimum=0)
    if table.scores_losers:
        scores = _every_score(scores, rules, players, winner, dead)
    else:
        if faan is not None:
            scores = _faan_points(scores, family, winner, faan)
        scores = _winner_only(scores, family, winner, options)
        if faan is None and family.faan_minimum(options) is not None:
            faan = _faan_of(family, scores[winner])
    return Entry(
        winner=winner,
        win_by=win_by,
        discarder=discarder,
        scores=scores,
        dead=dead,
        round_wind=_round_wind(data, table.prevailing_wind_by_dice, turn),
        faan=faan,
        hands=parse_hands(data.get("hands"), rules, players),
    )


def _faan(data: Mapping[str, Any], family: Ruleset, options: Mapping[str, Any]) -> int | None:
    """The winner's faan as typed, where the family's sheet counts faan and turns them into points
    (``Ruleset.faan_table``: HKOS, seed 003)."""
    value = data.get("faan")
    if value is None:
        return None
    if not family.faan_table:
        raise SheetError("faan", "only a Hong Kong Old Style sheet counts faan: enter the points")
    minimum = family.faan_minimum(options)
    if minimum is None:
        raise SheetError("faan", "the practice profile counts no faan: a win is 1 point")
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_FAAN:
        raise SheetError("faan", "must be a whole number of faan, 0 or more, got {value}", value=_show(value))
    if value < minimum:
        raise SheetError(
            "faan", "a winning hand needs {minimum} faan at this table, not {value}", minimum=minimum, value=value
        )
    return value


def _faan_points(scores: dict[str, int], family: Ruleset, winner: str, faan: int) -> dict[str, int]:
    """The winner's points from the faan (``Ruleset.faan_points``); points typed as well must be the same."""
    points = family.faan_points(faan)
    typed = scores.get(winner)
    if typed is not None and typed != points:
        raise SheetError(
            f"scores.{winner}", "{faan} faan are {points} points, not {value}", faan=faan, points=points, value=typed
        )
    return {**scores, winner: points}


def _faan_of(family: Ruleset, points: int) -> int | None:
    """The faan a number of points stands for (None if it is not on the family's table)."""
    table = family.faan_table
    return table.index(points) if points in table else None


def _rolled(rules: str, options: Mapping[str, Any]) -> bool:
    """Whether the prevailing wind is rolled every game (NTS: ``TableRules.prevailing_wind_by_dice``)."""
    return get_ruleset(rules).table(options).prevailing_wind_by_dice


def _player(data: Mapping[str, Any], key: str, players: Sequence[str], *, required: bool) -> str | None:
    name = data.get(key)
    if name is None:
        if required:
            raise SheetError(key, "name the {role}: one of {players}", role=key, players=", ".join(players))
        return None
    if not isinstance(name, str) or name not in players:
        raise SheetError(
            key,
            "{name} is not a player of this sheet (players: {players})",
            name=_show(name),
            players=", ".join(players),
        )
    return name


def _numbers(values: Mapping[Any, Any], key: str, players: Sequence[str], minimum: int) -> dict[str, int]:
    checked = {}
    for name, value in values.items():
        if name not in players:
            raise SheetError(
                key,
                "{name} is not a player of this sheet (players: {players})",
                name=_show(name),
                players=", ".join(players),
            )
        if value is None:
            continue
        if not isinstance(value, int) or isinstance(value, bool) or not minimum <= value <= MAX_POINTS:
            if minimum < 0:
                raise SheetError(f"{key}.{name}", "must be a whole number, got {value}", value=_show(value))
            raise SheetError(
                f"{key}.{name}", "must be a whole number of points, 0 or more, got {value}", value=_show(value)
            )
        checked[name] = value
    return checked


def _dead(data: Mapping[str, Any], dead_hands: bool, players: Sequence[str], winner: str) -> tuple[str, ...]:
    """The players with a dead hand, where a false win makes one (NTS: ``TableRules.false_win``)."""
    dead = data.get("dead")
    if not dead:
        return ()
    if not dead_hands:
        raise SheetError("dead", "only NTS has dead hands")
    if not isinstance(dead, list) or any(name not in players for name in dead) or len(set(dead)) != len(dead):
        raise SheetError("dead", "must list players of this sheet, each once, got {value}", value=_show(dead))
    if winner in dead:
        raise SheetError("dead", "{name} won the hand and cannot have a dead hand", name=winner)
    return tuple(name for name in players if name in dead)


def _every_score(
    scores: dict[str, int], rules: str, players: Sequence[str], winner: str, dead: Sequence[str]
) -> dict[str, int]:
    """Every player's hand score, where every hand is scored (``TableRules.scores_losers``: NTS settles
    between all four); a dead hand scores 0. The checks of the values are those of ``POST /api/settle``
    too (:func:`~sparrow.sheets.checks.check_scores`)."""
    missing = [name for name in players if name not in scores and name not in dead]
    if missing:
        raise SheetError(
            "scores", "NTS settles between all players: enter the hand score of {names}", names=", ".join(missing)
        )
    check_scores(rules, scores, winner, dead)
    return {name: 0 if name in dead else scores[name] for name in players}


def _winner_only(scores: dict[str, int], family: Ruleset, winner: str, options: Mapping[str, Any]) -> dict[str, int]:
    """Only the winner's score counts here (HKOS writes the winner's points; Chinese and casual
    payments come from the winner's total): others must be absent or 0, and the winner's one a winning
    hand at this table can have (``Ruleset.check_win``)."""
    for name, value in scores.items():
        if name != winner and value != 0:
            raise SheetError(
                f"scores.{name}",
                "only the winner scores under {rules}: leave the others out or write 0",
                rules=family.name,
            )
    if winner not in scores:
        raise SheetError("scores", "enter the winner's ({name}) score", name=winner)
    value = scores[winner]
    try:
        family.check_win(value, winner, options)
    except ScoresError as error:
        raise SheetError(error.field, error.template, **error.params) from None
    return {winner: value}


def _round_wind(data: Mapping[str, Any], rolled: bool, turn: Turn) -> str | None:
    """The prevailing wind rolled for this game, where it is rolled every game (``rolled``, NTS:
    stored with the row; may be left out). Elsewhere the sheet knows the round wind from its rotation;
    a different one typed is refused."""
    value = data.get("round_wind")
    if value is None:
        return None
    if value not in SEATS:
        raise SheetError("round_wind", "expected one of E, S, W, N, got {value}", value=_show(value))
    if rolled:
        return value
    if value != turn.round_wind:
        raise SheetError(
            "round_wind",
            "this hand is played with round wind {wind} (the sheet follows the rotation), not {value}",
            wind=turn.round_wind,
            value=value,
        )
    return None


# ---------------------------------------------------------------------------- a row in its place


def check_in_turn(entry: Entry, rules: str, options: Mapping[str, Any], turn: Turn) -> None:
    """The checks that depend on where the row falls in the match (a row is checked again when an
    earlier row is edited): whether the winner dealt (``Ruleset.check_dealer_win``: a casual hand is
    worth more when the dealer wins it)."""
    if rules == FREE or entry.winner is None:
        return
    try:
        get_ruleset(rules).check_dealer_win(
            entry.scores[entry.winner], entry.winner, options, turn.dealer == entry.winner
        )
    except ScoresError as error:
        raise SheetError(error.field, error.template, **error.params) from None


def row_values(
    entry: Entry, rules: str, players: Sequence[str], options: Mapping[str, Any], turn: Turn
) -> tuple[dict[str, int] | None, dict[str, int]]:
    """The row's payments (the ruleset's settlement; None on a free sheet) and its points: what it
    adds to each player's total. NTS, Chinese and casual sheets add the payments; HKOS writes the
    winner's points only (seed 003, ``Ruleset.sheet_winner_points``); a free sheet adds the points typed."""
    zero = dict.fromkeys(players, 0)
    if rules == FREE:
        return None, {**zero, **entry.scores}
    if entry.drawn:
        return dict(zero), dict(zero)
    seat = turn.seats
    assert entry.winner is not None
    settlement = Settlement(
        rules,
        seat[entry.winner],
        entry.win_by,
        seat[entry.discarder] if entry.discarder is not None else None,
        {seat[name]: value for name, value in entry.scores.items()},
        dict(options),
        frozenset(seat[name] for name in entry.dead),
    )
    try:
        by_seat = settle(settlement)
    except SituationError as error:  # every input was checked above: this is a gap in those checks
        raise SheetError("row", "{detail}", detail=str(error)) from None
    payments = {name: by_seat.get(seat[name], 0) for name in players}
    if get_ruleset(rules).sheet_winner_points:
        return payments, {**zero, entry.winner: entry.scores[entry.winner]}
    return payments, payments


# ---------------------------------------------------------------------------- wording


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    return {list: "a list", str: "text", type(None): "null"}.get(type(value), type(value).__name__)


def _show(value: Any) -> str:
    """A value as the message shows it: short, quoted when it is text."""
    shown = repr(value) if isinstance(value, str) else _json_like(value)
    return shown if len(shown) <= 60 else shown[:59] + "…"


def _json_like(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value)
