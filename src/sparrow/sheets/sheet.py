"""A score sheet as a value: its players, ruleset and options, and the rows typed so far.

Everything else — each row's seating and round wind, payments, points, running totals, the
standings, who deals next, whether the match is over — is recomputed from the rows, so adding,
undoing or editing a row is making a new sheet with other rows. Every operation returns a new
:class:`Sheet` or raises :class:`~sparrow.sheets.errors.SheetError` and changes nothing.

``sheet.to_dict()`` is the Sheet of ``docs/spec/web-api.md``; :meth:`Sheet.from_dict` reads it back
(the JSON export and import).
"""

from __future__ import annotations

import dataclasses
import unicodedata
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from sparrow.i18n.markers import N_
from sparrow.rules import RulesError, get_ruleset, ruleset_names
from sparrow.sheets.chombo import chombo_penalty, chombo_points, is_chombo, parse_chombo
from sparrow.sheets.errors import SheetError
from sparrow.sheets.riichi import (
    RiichiStanding,
    game_values,
    match_of,
    match_summary,
    number,
    parse_game,
    riichi_options,
    riichi_standings,
)
from sparrow.sheets.rows import FREE, Entry, Turn, check_in_turn, parse_entry, row_values
from sparrow.sheets.seating import Position, Rotation, by_games, default_length, lengths, own_sheet
from sparrow.sheets.standings import Standing, standings

if TYPE_CHECKING:
    from sparrow.rules.riichi import MatchOptions

__all__ = ["Sheet", "Row", "create_sheet", "sheet_rules", "sheet_label", "sheet_order", "MAX_NAME", "MAX_TITLE"]

MAX_NAME = 32  # characters in a player's name
MAX_TITLE = 120


def sheet_rules() -> list[str]:
    """The rulesets a sheet can follow: every family with sheet lengths (``Ruleset.sheet_lengths``:
    a row a hand) or whose sheet keeps a row a game (``Ruleset.sheet_rows``: Riichi's, with places,
    uma and oka, :mod:`sparrow.sheets.riichi`), then ``free``."""
    families = [
        name for name in ruleset_names() if get_ruleset(name).sheet_lengths or get_ruleset(name).sheet_rows == "games"
    ]
    return families + [FREE]


# How the pages name the free sheet, and where the new-sheet form lists it among the families
# (``Ruleset.order``): last.
_OWN_LABELS = {FREE: N_("Free sheet")}
_OWN_ORDER = {FREE: 70}


def sheet_label(rules: str) -> str:
    """How the pages name a sheet of ``rules`` (an English message id): ``Ruleset.sheet_label``, else
    the family's title."""
    if rules in _OWN_LABELS:
        return _OWN_LABELS[rules]
    if rules not in ruleset_names():
        return rules
    family = get_ruleset(rules)
    return family.sheet_label or family.title


def sheet_order(rules: str) -> int:
    """Where the new-sheet form lists ``rules`` (``Ruleset.sheet_order``, else its ``order``)."""
    if rules in _OWN_ORDER:
        return _OWN_ORDER[rules]
    family = get_ruleset(rules)
    return family.order if family.sheet_order is None else family.sheet_order


@dataclass(frozen=True, slots=True)
class Row:
    """A row as the sheet shows it: the entry and what the sheet computed for it."""

    n: int
    entry: Entry
    turn: Turn
    payments: Mapping[str, int] | None
    points: Mapping[str, int]  # riichi: each player's result with uma and oka (exact fractions)
    totals: Mapping[str, int]
    places: Mapping[str, int] | None = None  # riichi: each player's place in the game
    hand: int | None = None  # the hand's (riichi: the game's) number; None for a chombo row, which is no hand

    def to_dict(self, free: bool, by_games: bool = False) -> dict[str, Any]:
        if self.entry.chombo is not None:  # a penalty outside the hands (sheets.chombo)
            show = number if by_games else int
            return {
                "n": self.n,
                "hand": None,
                "chombo": self.entry.chombo,
                "points": {name: show(value) for name, value in self.points.items()},
                "totals": {name: show(value) for name, value in self.totals.items()},
            }
        if self.places is not None:  # a riichi game
            return {
                "n": self.n,
                "hand": self.hand,
                "scores": dict(self.entry.scores),
                "first_dealer": self.entry.first_dealer,
                "places": dict(self.places),
                "points": {name: number(value) for name, value in self.points.items()},
                "totals": {name: number(value) for name, value in self.totals.items()},
            }
        data: dict[str, Any] = {"n": self.n, "hand": self.hand, **self.entry.to_dict(free)}
        if free:
            data["scores"] = dict(self.entry.scores)
        data["round_wind"] = self.turn.round_wind
        data["dealer"] = self.turn.dealer
        data["seats"] = dict(self.turn.seats)
        data["payments"] = dict(self.payments) if self.payments is not None else None
        data["points"] = dict(self.points)
        data["totals"] = dict(self.totals)
        return data


@dataclass(frozen=True)
class _State:
    rows: tuple[Row, ...]
    position: Position
    complete: bool


@dataclass(frozen=True)
class Sheet:
    """A score sheet. Make one with :func:`create_sheet` (or :meth:`from_dict`); change it with
    :meth:`add_row`, :meth:`undo`, :meth:`edit_row` and :meth:`end`, each returning a new sheet."""

    rules: str
    players: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""
    length: str = "open"
    entries: tuple[Entry, ...] = ()
    ended: bool = False  # "End match" was pressed (the match may also be complete by its length)
    id: str | None = None
    origin: str | None = None  # an imported copy: the id of the sheet it was exported from (one match)

    def __post_init__(self) -> None:
        if not isinstance(self.options, MappingProxyType):
            object.__setattr__(self, "options", MappingProxyType(dict(self.options)))

    # -- what the rows make

    @cached_property
    def rotation(self) -> Rotation:
        return Rotation(self.rules, self.options, self.players, self.length)

    @cached_property
    def _state(self) -> _State:
        return _replay(self, self.entries)

    @property
    def rows(self) -> tuple[Row, ...]:
        return self._state.rows

    @property
    def free(self) -> bool:
        return self.rules == FREE

    @property
    def riichi(self) -> bool:
        """A sheet of whole games (a row a game, places, uma and oka: ``Ruleset.sheet_rows``)."""
        return by_games(self.rules)

    @property
    def every_hand_scored(self) -> bool:
        """Whether every player's hand is scored, not only the winner's (NTS: ``TableRules.scores_losers``)."""
        return not own_sheet(self.rules) and get_ruleset(self.rules).table().scores_losers

    @property
    def counts_faan(self) -> bool:
        """Whether the rows record the winner's faan (HKOS but its practice profile: ``Ruleset.faan_minimum``)."""
        return not own_sheet(self.rules) and get_ruleset(self.rules).faan_minimum(self.options) is not None

    @property
    def table_points(self) -> bool:
        """Whether the standings give table points by place (NTS: ``Ruleset.sheet_table_points``)."""
        return not own_sheet(self.rules) and get_ruleset(self.rules).sheet_table_points

    @property
    def chombo(self) -> int | None:
        """What a chombo row takes off the offender's total (the family's ``Ruleset.sheet_chombo``: NTS
        points, Riichi rank points); None where the sheet has no chombo row."""
        return chombo_penalty(self.rules)

    @property
    def hands(self) -> int:
        """The hands (riichi: the games) entered: every row but the chombo rows."""
        return sum(1 for entry in self.entries if entry.is_hand)

    @cached_property
    def match(self) -> MatchOptions:
        """A riichi sheet's match options: its preset with the overrides."""
        return match_of(self.options)

    @property
    def totals(self) -> dict[str, int]:
        rows = self._state.rows
        return dict(rows[-1].totals) if rows else dict.fromkeys(self.players, 0)

    @property
    def complete(self) -> bool:
        """Whether the match has reached its chosen length."""
        return self._state.complete

    @property
    def over(self) -> bool:
        return self.ended or self._state.complete

    @property
    def next_turn(self) -> Turn | None:
        """The seating of the next hand to be entered; None once the match is over."""
        return None if self.over else self.rotation.turn(self._state.position)

    @property
    def dealer(self) -> str | None:
        turn = self.next_turn
        return turn.dealer if turn is not None else None

    @property
    def round_wind(self) -> str | None:
        turn = self.next_turn
        return turn.round_wind if turn is not None else None

    def standings(self) -> list[Standing] | list[RiichiStanding]:
        if self.riichi:
            places = [row.places for row in self.rows if row.places is not None]
            return riichi_standings(self.players, self.totals, places)
        mahjongs = dict.fromkeys(self.players, 0)
        deal_ins = None if self.free else dict.fromkeys(self.players, 0)
        for entry in self.entries:
            if entry.winner is not None:
                mahjongs[entry.winner] += 1
            if deal_ins is not None and entry.discarder is not None:
                deal_ins[entry.discarder] += 1
        return standings(self.players, self.totals, mahjongs, deal_ins, over=self.over, table_points=self.table_points)

    # -- changes

    def add_row(self, data: Any) -> Sheet:
        """The sheet with the row ``data`` added after the last."""
        if self.over and not is_chombo(data):  # a penalty may still be written once the match is over
            raise SheetError("sheet", "the match is over: no more rows can be added")
        entry = self._parse(data, self._state.position)
        return dataclasses.replace(self, entries=self.entries + (entry,))

    def undo(self) -> Sheet:
        """The sheet without its last row. A match ended by hand is open again: the hand it ended on
        is being entered anew."""
        if not self.entries:
            raise SheetError("rows", "the sheet has no rows to undo")
        return dataclasses.replace(self, entries=self.entries[:-1], ended=False)

    def edit_row(self, n: int, data: Any) -> Sheet:
        """The sheet with row ``n`` (counting from 1) replaced by ``data``; every later row is
        recomputed (and checked again where its place in the match matters)."""
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(self.entries):
            raise SheetError("n", "there is no row {n}: the sheet has {count} rows", n=n, count=len(self.entries))
        entry = self._parse(data, _position_before(self, n))
        entries = self.entries[: n - 1] + (entry,) + self.entries[n:]
        edited = dataclasses.replace(self, entries=entries)
        edited._state  # noqa: B018 - replays and checks every later row now, so a refused edit raises here
        return edited

    def end(self) -> Sheet:
        """The sheet with its match ended ("End match"); ending an ended match changes nothing."""
        return self if self.ended else dataclasses.replace(self, ended=True)

    def _parse(self, data: Any, position: Position, imported: bool = False) -> Entry:
        if is_chombo(data):
            return Entry(chombo=parse_chombo(data, self.rules, self.players, imported=imported))
        if self.riichi:
            return parse_game(data, self.players, self.match, imported=imported)
        turn = self.rotation.turn(position)
        entry = parse_entry(data, self.rules, self.players, self.options, turn, imported=imported)
        check_in_turn(entry, self.rules, self.options, turn)
        return entry

    # -- JSON

    def to_dict(self) -> dict[str, Any]:
        """The Sheet of the web API contract (and the JSON export)."""
        return {
            "id": self.id,
            "origin": self.origin,
            "rules": self.rules,
            "title": self.title,
            "players": list(self.players),
            "options": dict(self.options),
            "length": self.length,
            "rows": [row.to_dict(self.free, self.riichi) for row in self.rows],
            "totals": {name: number(value) for name, value in self.totals.items()} if self.riichi else self.totals,
            "dealer": self.dealer,
            "round_wind": self.round_wind,
            "over": self.over,
            "ended": self.ended,
            "standings": [standing.to_dict() for standing in self.standings()],
            "chombo": self.chombo,
        } | ({"match": match_summary(self.match)} if self.riichi else {})

    @classmethod
    def from_dict(cls, data: Any) -> Sheet:
        """A sheet from its JSON form (an export): the players, options and typed rows are read and
        checked again, and everything else is recomputed from them."""
        if not isinstance(data, Mapping):
            raise SheetError("sheet", "expected a JSON object, got {kind}", kind=type(data).__name__)
        sheet = create_sheet(
            data.get("rules"),
            data.get("players"),
            options=data.get("options"),
            title=data.get("title"),
            length=data.get("length"),
            id=data.get("id"),
        )
        rows = data.get("rows", [])
        if not isinstance(rows, list):
            raise SheetError("rows", "must be a list of rows")
        # The table's position is carried from row to row (not replayed from the first row for each
        # one): reading a sheet takes time in proportion to its rows.
        rotation = sheet.rotation
        position = rotation.start()
        entries = []
        for index, row in enumerate(rows):
            if rotation.complete(position) and not is_chombo(row):
                raise SheetError(f"rows[{index}]", "the match is over before this row")
            try:
                entry = sheet._parse(row, position, imported=True)
            except SheetError as error:
                raise SheetError(f"rows[{index}].{error.field}", error.template, **error.params) from None
            entries.append(entry)
            if entry.is_hand:
                position = rotation.after(position, entry)
        sheet = dataclasses.replace(sheet, entries=tuple(entries))
        ended = data.get("ended", False)
        if not isinstance(ended, bool):
            raise SheetError("ended", "must be true or false")
        origin = data.get("origin")
        if origin is not None and (not isinstance(origin, str) or len(origin) > MAX_TITLE):
            raise SheetError("origin", "must be text or null")
        return dataclasses.replace(sheet, ended=ended, origin=origin)


# ---------------------------------------------------------------------------- making a sheet


def create_sheet(
    rules: Any,
    players: Any,
    *,
    options: Any = None,
    title: Any = None,
    length: Any = None,
    id: str | None = None,
) -> Sheet:
    """A new, empty sheet. ``rules`` is a ruleset name or ``free``; ``players`` the names in their
    order round the table, the first dealing first (East); ``length`` one of the ruleset's
    :func:`~sparrow.sheets.seating.lengths` (default its first). Every argument is checked: a wrong
    one is a :class:`SheetError` naming it."""
    known = sheet_rules()
    if not isinstance(rules, str) or rules not in known:
        raise SheetError(
            "rules", "unknown ruleset {value} (known: {known})", value=_quoted(rules), known=", ".join(known)
        )
    options = _options(rules, options)
    # A length that is an option's value (HKOS: the East round only is short_match = true).
    tied = None if own_sheet(rules) else get_ruleset(rules).sheet_length_option
    if tied is not None and length == tied[1]:
        if options.get(tied[0]) is False:
            raise SheetError("length", "the East round only contradicts the option short_match = false")
        options[tied[0]] = True
    if length is None:
        length = tied[1] if tied is not None and options.get(tied[0]) else default_length(rules)
    allowed = lengths(rules)
    if not isinstance(length, str) or length not in allowed:
        raise SheetError(
            "length",
            "a {rules} sheet is {allowed}, not {value}",
            rules=rules,
            allowed=", ".join(allowed),
            value=_quoted(length),
        )
    if tied is not None and length == tied[2] and options.get(tied[0]):
        raise SheetError("length", "a full game contradicts the option short_match = true (the East round only)")
    names = _players(rules, players, options)
    if title is None:
        title = ""
    if not isinstance(title, str) or len(title) > MAX_TITLE or not _printable(title):
        raise SheetError("title", "must be text of at most {limit} characters", limit=MAX_TITLE)
    if id is not None and not isinstance(id, str):
        raise SheetError("id", "must be text or null")
    return Sheet(rules, names, options, title.strip(), length, id=id)


def _options(rules: str, options: Any) -> dict[str, Any]:
    if by_games(rules):
        return riichi_options(options)
    if options is None:
        return {}
    if not isinstance(options, Mapping):
        raise SheetError("options", "must be an object of named options")
    if rules == FREE:
        if options:
            raise SheetError("options", "a free sheet has no options")
        return {}
    ruleset = get_ruleset(rules)
    for key, value in options.items():
        if key not in ruleset.defaults:
            known = ", ".join(sorted(ruleset.defaults)) or "none"
            raise SheetError(
                "options",
                "unknown option {name} for {rules} (options: {known})",
                name=_quoted(key),
                rules=rules,
                known=known,
            )
        default = ruleset.defaults[key]
        if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, type(default)):
            raise SheetError(
                f"options.{key}", "must be {kind}, got {value}", kind=_type_word(default), value=_quoted(value)
            )
    try:
        ruleset.table(options)  # the family's own checks of the values (a negative minimum...)
    except RulesError as error:
        raise SheetError("options", "{detail}", detail=str(error)) from None
    return dict(options)


def _players(rules: str, players: Any, options: Mapping[str, Any]) -> tuple[str, ...]:
    if rules == FREE:
        counts: tuple[int, ...] = (3, 4)
    elif by_games(rules):
        counts = (4,)  # the four-player game: the presets' uma and oka are for four
    else:
        counts = (get_ruleset(rules).table(options).seats,)
    wanted = " or ".join(str(c) for c in counts)
    if not isinstance(players, list | tuple) or len(players) not in counts:
        got = len(players) if isinstance(players, list | tuple) else 0
        if got == 3 and not own_sheet(rules) and get_ruleset(rules).three_player_option:
            raise SheetError("players", "three players play HKOS with the option three_players = true")
        raise SheetError(
            "players", "a {rules} sheet needs {wanted} players' names, got {got}", rules=rules, wanted=wanted, got=got
        )
    names: list[str] = []
    for index, name in enumerate(players):
        if not isinstance(name, str) or not name.strip() or len(name.strip()) > MAX_NAME or not _printable(name):
            raise SheetError(f"players[{index}]", "a name is 1 to {limit} printable characters", limit=MAX_NAME)
        name = name.strip()
        if name.casefold() in (other.casefold() for other in names):
            raise SheetError(
                f"players[{index}]", "{name} is given twice: every player needs a name of their own", name=_quoted(name)
            )
        names.append(name)
    return tuple(names)


def _printable(text: str) -> bool:
    return not any(unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp") for char in text)


def _type_word(default: Any) -> str:
    if isinstance(default, bool):
        return "true or false"
    if isinstance(default, int):
        return "a whole number"
    return "text"


def _quoted(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:59] + "…"


# ---------------------------------------------------------------------------- replaying the rows


def _replay(sheet: Sheet, entries: Sequence[Entry]) -> _State:
    """Every row's seating, payments, points and totals, in order, and the position after them.
    A row that no longer fits where it stands (after an edit of an earlier row) is an error naming it."""
    rotation = sheet.rotation
    position = rotation.start()
    totals: dict[str, Any] = dict.fromkeys(sheet.players, 0)  # riichi: exact fractions
    rows = []
    hands = 0  # the hands (games) so far: a chombo row is none
    last_hand = max((index + 1 for index, entry in enumerate(entries) if entry.is_hand), default=0)
    for index, entry in enumerate(entries):
        n = index + 1
        turn = rotation.turn(position)
        if entry.chombo is not None:  # a penalty: no hand, the deal stays where it is
            points = chombo_points(sheet.rules, sheet.players, entry.chombo)
            for name, value in points.items():
                totals[name] += value
            rows.append(Row(n, entry, turn, None, points, dict(totals)))
            continue
        hands += 1
        if sheet.riichi:
            places, results = game_values(entry, sheet.players, sheet.match)
            for name, result in results.items():
                totals[name] += result
            rows.append(Row(n, entry, turn, None, results, dict(totals), places, hands))  # type: ignore[arg-type]
            position = rotation.after(position, entry)
            continue
        try:
            check_in_turn(entry, sheet.rules, sheet.options, turn)
        except SheetError as error:
            raise SheetError(
                f"rows[{index}]", "row {n} no longer fits: {detail}", n=n, detail=f"{error.field}: {error.message}"
            ) from None
        payments, points = row_values(entry, sheet.rules, sheet.players, sheet.options, turn)
        for name, value in points.items():
            totals[name] += value
        if rotation.wind == "dice":  # NTS: the row was played with the wind rolled for it
            turn = dataclasses.replace(turn, round_wind=entry.round_wind)
        rows.append(Row(n, entry, turn, payments, points, dict(totals), hand=hands))
        position = rotation.after(position, entry)
        if rotation.complete(position) and n < last_hand:  # chombo rows may follow the match's end
            raise SheetError(
                f"rows[{index}]",
                "with this change the match ends at row {n}, before the last row ({count}): undo the rows after it first",
                n=n,
                count=last_hand,
            )
    return _State(tuple(rows), position, rotation.complete(position))


def _position_before(sheet: Sheet, n: int) -> Position:
    """The table before row ``n``."""
    rotation = sheet.rotation
    position = rotation.start()
    for entry in sheet.entries[: n - 1]:
        if entry.is_hand:
            position = rotation.after(position, entry)
    return position
