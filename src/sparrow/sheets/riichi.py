"""Riichi sheets: one row per game (a hanchan or a tonpuusen), as clubs and leagues keep them.

A row is every player's final table points, ``{"scores": {"Ann": 41200, ...}, "first_dealer": "Ann"}``:
whole hundreds that add up to four times the start points (the riichi sticks left on the table have
gone to the top). The sheet gives each player a place and a result with uma and oka,
``(points - return points) / 1000 + uma``, the oka to the top, by
:func:`sparrow.rules.riichi.match.final_results` and the preset's :class:`MatchOptions` (ties as the
preset says: by seat order from the first dealer, or shared under ``split_ties``). The results add up
row by row; the standings rank the players by their total, then their average place.

The sheet's options are ``{"preset": "tenhou", "uma": [20, 10, -10, -20], "start_points": 25000,
"return_points": 30000}``, the preset alone by default (``docs/sheets.md``, "Riichi sheets").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sparrow.i18n.markers import N_
from sparrow.rules.riichi import DEFAULT_PRESET, PRESETS, MatchOptionError, MatchOptions, final_results, match_options
from sparrow.rules.riichi import Standing as TableStanding
from sparrow.sheets.errors import SheetError
from sparrow.sheets.rows import Entry

__all__ = [
    "RIICHI",
    "SHEET_LABEL",
    "PRESET_LABELS",
    "preset_choices",
    "match_label",
    "OPTION_KEYS",
    "GAME_FIELDS",
    "GAME_DERIVED",
    "riichi_options",
    "match_of",
    "match_summary",
    "parse_game",
    "game_values",
    "RiichiStanding",
    "riichi_standings",
    "number",
]

RIICHI = "riichi"
SHEET_LABEL = N_("Riichi: one row per game, with uma and oka")  # how the pages name a riichi sheet
# The presets (sparrow.rules.riichi.presets), by the names their players know them by.
PRESET_LABELS = {
    "tenhou": "Tenhou",
    "mahjong-soul": "Mahjong Soul",
    "m-league": "M.League",
    "wrc": N_("World Riichi Championship (WRC)"),
}
TERMS = N_("uma {uma} · start {start} · return {ret}")
PLAYERS = 4
RIICHI_STICK = 1000  # the table points of one riichi stick
OPTION_KEYS = ("preset", "uma", "start_points", "return_points")
GAME_FIELDS = ("scores", "first_dealer")
GAME_DERIVED = ("n", "hand", "places", "points", "totals")  # an exported row's computed values, recomputed on import
MAX_TABLE_POINTS = 10_000_000  # far above any real game (400,000 is every point at a 100,000 table)


# ---------------------------------------------------------------------------- the sheet's options


def riichi_options(options: Any) -> dict[str, Any]:
    """The sheet's options checked and in canonical form: the preset (Tenhou's by default) and the
    overrides given."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise SheetError("options", "must be an object of named options")
    for key in options:
        if key not in OPTION_KEYS:
            raise SheetError(
                "options",
                "unknown option {name} for {rules} (options: {known})",
                name=_show(key),
                rules=RIICHI,
                known=", ".join(OPTION_KEYS),
            )
    preset = options.get("preset", DEFAULT_PRESET)
    if preset is None:
        preset = DEFAULT_PRESET
    if not isinstance(preset, str) or preset not in PRESETS:
        raise SheetError(
            "options.preset", "unknown preset {value} (presets: {known})", value=_show(preset), known=", ".join(PRESETS)
        )
    result: dict[str, Any] = {"preset": preset}
    uma = options.get("uma")
    if uma is not None:
        if not isinstance(uma, list | tuple) or len(uma) != PLAYERS or not all(_whole(part) for part in uma):
            raise SheetError(
                "options.uma",
                "must be four whole numbers, first place to fourth, e.g. {example}",
                example="[20, 10, -10, -20]",
            )
        if sum(uma) != 0:
            raise SheetError("options.uma", "the uma must add up to 0, got {values}", values=_listed(uma))
        if list(uma) != sorted(uma, reverse=True):
            raise SheetError("options.uma", "the uma must run from first place down, got {values}", values=_listed(uma))
        result["uma"] = list(uma)
    for key in ("start_points", "return_points"):
        value = options.get(key)
        if value is None:
            continue
        if not _whole(value) or value <= 0 or value % 100 or value > MAX_TABLE_POINTS:
            raise SheetError(f"options.{key}", "must be a positive multiple of 100, got {value}", value=_show(value))
        result[key] = value
    preset_values = PRESETS[preset]
    start = result.get("start_points", preset_values["start_points"])
    back = result.get("return_points", preset_values["return_points"])
    if back < start:
        raise SheetError(
            "options.return_points",
            "the return points ({value}) are below the start points ({start})",
            value=back,
            start=start,
        )
    try:
        match_of(result)
    except MatchOptionError as error:
        raise SheetError("options", "{detail}", detail=str(error)) from None
    return result


def match_of(options: Mapping[str, Any]) -> MatchOptions:
    """The :class:`MatchOptions` of a sheet's (checked) options: the preset with the overrides."""
    overrides = {key: options[key] for key in OPTION_KEYS[1:] if key in options}
    return match_options(options.get("preset", DEFAULT_PRESET), overrides)


def match_summary(match: MatchOptions) -> dict[str, Any]:
    """What a riichi Sheet's ``match`` tells its page: the numbers the results are reckoned with."""
    return {
        "uma": list(match.uma),
        "start_points": match.start_points,
        "return_points": match.return_points,
        "oka": number(Fraction(match.oka, 1000)),
        "split_ties": match.split_ties,
    }


# ---------------------------------------------------------------------------- how the pages name it


def preset_choices(translate: Any) -> list[dict[str, Any]]:
    """The presets for the new-sheet form, Tenhou's (the default) first: each with its label and terms."""
    return [
        {
            "name": name,
            "label": translate(PRESET_LABELS.get(name, name)),
            "terms": _terms(translate, match_summary(match_options(name))),
        }
        for name in PRESETS
    ]


def match_label(translate: Any, options: Mapping[str, Any], match: Mapping[str, Any]) -> str:
    """A riichi sheet's preset and terms, as the pages name its length (``match`` its match summary)."""
    preset = options.get("preset", DEFAULT_PRESET)
    return f"{translate(PRESET_LABELS.get(preset, preset))}: {_terms(translate, match)}"


def _terms(translate: Any, match: Mapping[str, Any]) -> str:
    uma = "/".join(f"{value:+d}" if value else "0" for value in match["uma"])
    return translate(TERMS).format(uma=uma, start=match["start_points"], ret=match["return_points"])


# ---------------------------------------------------------------------------- one game


def parse_game(data: Any, players: Sequence[str], match: MatchOptions, *, imported: bool = False) -> Entry:
    """A game row checked: every player's final table points (whole hundreds, adding up to four times
    the start points) and, if given, the game's first dealer. ``scores`` of the :class:`Entry` holds the
    points in the sheet's order of players."""
    if not isinstance(data, Mapping):
        raise SheetError("row", "expected a JSON object, got {kind}", kind=type(data).__name__)
    for key in data:
        if key in GAME_FIELDS or (imported and key in GAME_DERIVED):
            continue
        if key in ("points", "winner", "win_by", "discarder", "drawn", "faan"):
            raise SheetError(
                str(key),
                "a riichi sheet has one row per game: each player's final table points, e.g. {example}",
                example='{"scores": {"Ann": 41200, "Ben": 28900, "Cara": 19700, "Dev": 10200}}',
            )
        raise SheetError(str(key), "is not a field of a row (fields: {fields})", fields=", ".join(GAME_FIELDS))
    scores = data.get("scores")
    if not isinstance(scores, Mapping):
        raise SheetError(
            "scores",
            "must map every player to their final table points, e.g. {example}",
            example='{"Ann": 41200, "Ben": 28900, "Cara": 19700, "Dev": 10200}',
        )
    checked: dict[str, int] = {}
    for name, value in scores.items():
        if name not in players:
            raise SheetError(
                "scores",
                "{name} is not a player of this sheet (players: {players})",
                name=_show(name),
                players=", ".join(players),
            )
        if value is None:
            continue
        if not _whole(value) or abs(value) > MAX_TABLE_POINTS:
            raise SheetError(
                f"scores.{name}", "must be a whole number of table points, got {value}", value=_show(value)
            )
        if value % 100:
            raise SheetError(
                f"scores.{name}",
                "{value} is not a multiple of 100: table points are counted in hundreds",
                value=value,
            )
        checked[name] = value
    missing = [name for name in players if name not in checked]
    if missing:
        raise SheetError(
            "scores",
            "a game row needs every player's final table points: enter those of {names}",
            names=", ".join(missing),
        )
    total = sum(checked.values())
    expected = PLAYERS * match.start_points
    if total != expected:
        values = {
            "total": total,
            "expected": expected,
            "start": match.start_points,
            "difference": abs(total - expected),
        }
        if total > expected:
            raise SheetError(
                "scores",
                "the final scores add up to {total}, not {expected} (4 × {start} start points): {difference} too many",
                **values,
            )
        if values["difference"] % RIICHI_STICK == 0:  # riichi sticks left on the table at the end
            raise SheetError(
                "scores",
                "the final scores add up to {total}, not {expected}: {difference} in riichi sticks left on the table"
                " is missing from the totals; the sticks go to the first place, so add them to the top player's points",
                **values,
            )
        raise SheetError(
            "scores",
            "the final scores add up to {total}, not {expected} (4 × {start} start points): {difference} too few",
            **values,
        )
    first = data.get("first_dealer")
    if first is not None and (not isinstance(first, str) or first not in players):
        raise SheetError(
            "first_dealer",
            "{name} is not a player of this sheet (players: {players})",
            name=_show(first),
            players=", ".join(players),
        )
    if first == players[0]:
        first = None  # the default: the sheet's first player deals first
    return Entry(scores={name: checked[name] for name in players}, first_dealer=first)


def game_values(
    entry: Entry, players: Sequence[str], match: MatchOptions
) -> tuple[dict[str, int], dict[str, Fraction]]:
    """Each player's place and result (with uma and oka, exact) in the game ``entry`` records. The seats
    run round the table in the sheet's order from the first dealer (seat 0): without ``split_ties`` a
    tie goes to the earlier seat; with it, the tied players share the better place and the uma."""
    first = players.index(entry.first_dealer) if entry.first_dealer is not None else 0
    seats = [players[(first + i) % PLAYERS] for i in range(PLAYERS)]
    results = final_results(TableStanding(tuple(entry.scores[name] for name in seats)), match)  # type: ignore[arg-type]
    places = {seats[result.seat]: result.place for result in results}
    if match.split_ties:
        for name in seats:
            places[name] = 1 + sum(1 for other in seats if entry.scores[other] > entry.scores[name])
    values = {seats[result.seat]: result.result for result in results}
    return {name: places[name] for name in players}, {name: values[name] for name in players}


# ---------------------------------------------------------------------------- the standings


@dataclass(frozen=True, slots=True)
class RiichiStanding:
    player: str
    place: int  # players level on total and average place (and first places) share it
    total: Fraction  # the rank points: the results added up
    games: int
    average_place: Fraction | None  # None before the first game
    places: tuple[int, int, int, int]  # how many firsts, seconds, thirds and fourths

    @property
    def games_won(self) -> int:
        return self.places[0]

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "place": self.place,
            "total": number(self.total),
            "games": self.games,
            "average_place": number(self.average_place),
            "places": list(self.places),
            "games_won": self.games_won,
            "mahjongs": None,
            "deal_ins": None,
            "table_points": None,
        }


def riichi_standings(
    players: Sequence[str], totals: Mapping[str, Fraction | int], places: Sequence[Mapping[str, int]]
) -> list[RiichiStanding]:
    """Every player's standing, best first: the most rank points, then the better (lower) average
    place, then the most first places; players level on all three share the place."""
    counts = {name: [0, 0, 0, 0] for name in players}
    for game in places:
        for name, place in game.items():
            counts[name][place - 1] += 1
    games = len(places)

    def average(name: str) -> Fraction | None:
        if not games:
            return None
        return Fraction(sum(place * count for place, count in enumerate(counts[name], 1)), games)

    def key(name: str) -> tuple[Fraction, Fraction, int]:
        return (-Fraction(totals[name]), average(name) or Fraction(0), -counts[name][0])

    ordered = sorted(players, key=lambda name: (key(name), players.index(name)))
    result: list[RiichiStanding] = []
    for index, name in enumerate(ordered):
        place = index + 1
        if index and key(ordered[index - 1]) == key(name):
            place = result[-1].place
        c = counts[name]
        result.append(
            RiichiStanding(name, place, Fraction(totals[name]), games, average(name), (c[0], c[1], c[2], c[3]))
        )
    return result


# ---------------------------------------------------------------------------- wording


def number(value: Fraction | int | None) -> int | float | None:
    """A result as a JSON number: whole as an int, else to two decimals (tenths are exact)."""
    if value is None:
        return None
    value = Fraction(value)
    if value.denominator == 1:
        return int(value)
    return round(float(value), 2)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _listed(values: Sequence[Any]) -> str:
    return "[" + ", ".join(str(value) for value in values) + "]"


def _show(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:59] + "…"
