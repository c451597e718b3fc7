"""What every rule family provides (the registry that finds one by name is :mod:`sparrow.rules`).

A family is one module (``nts``, ``hkos``, ``chinese``, ``casual``) defining a :class:`Ruleset`
subclass: its named options with defaults, its table procedure (:class:`TableRules`), a scorer for
hand situations and a settlement. The engine, the CLI, bots and the web app only use this surface.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, ClassVar

from sparrow.core.analysis import Forms, shanten
from sparrow.core.messages import field_name, nearest, quote
from sparrow.core.situation import EXTRA_FIELDS, WIN_BY, HandSituation, SituationError, check_fields, field_value
from sparrow.core.tiles import KINDS, SEATS, Tile
from sparrow.rules.ranks import RankLadder

__all__ = [
    "ScoreItem",
    "ScoringEntry",
    "ScoringSection",
    "ScoringTable",
    "ScoreResult",
    "TableRules",
    "Settlement",
    "SETTLEMENT_FIELDS",
    "Ruleset",
    "RulesError",
    "ScoresError",
    "MatchChoice",
]


class RulesError(ValueError):
    """Unknown ruleset or option, or an option of the wrong type."""


class ScoresError(RulesError):
    """Hand scores no hand of the family can have (:meth:`Ruleset.check_scores`): a sentence naming
    the field at fault, kept as a template with named values so that the catalogue translates it
    exactly (``sparrow.i18n.translate_error``); ``str(error)`` is the English ``field: message``."""

    def __init__(self, field: str, template: str, **params: Any) -> None:
        self.field = field
        self.template = template
        self.params = params
        super().__init__(f"{field}: {template.format(**params)}")


# One choice before a match against the computer: (option, label, ((value, label), ...)), no values
# for a yes/no option; the labels are catalogue texts.
MatchChoice = tuple[str, str, tuple[tuple[Any, str], ...]]


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One line of a score card: ``kind`` is points, doubling, faan, fan or limit."""

    name: str
    kind: str
    value: int

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "value": self.value}


@dataclass(frozen=True, slots=True)
class ScoringEntry:
    """One row of a family's scoring table: the scorer makes its score card lines from these rows
    (:meth:`item`), and ``sparrow rules`` lists them, so the two cannot disagree.

    ``name`` is the line as the score card writes it; a part that varies from hand to hand is a
    ``{field}`` (``Open pung of {tile}``). ``value`` is None where the value itself varies (``note``
    then says how)."""

    name: str
    kind: str  # points, doubling, faan, fan or limit, as ScoreItem.kind
    value: int | None
    note: str = ""
    each: bool = False  # the value is counted once for each of something (the note says what)

    def item(self, **fields: str) -> ScoreItem:
        """The score card line of this row, its ``{field}`` parts filled in."""
        assert self.value is not None, self.name
        return ScoreItem(self.name.format(**fields) if fields else self.name, self.kind, self.value)

    def matches(self, item: ScoreItem) -> bool:
        """Whether a score card line was made from this row (its name, kind and value)."""
        if item.kind != self.kind:
            return False
        if self.value is not None:
            if self.each and (item.value < self.value or item.value % self.value):
                return False
            if not self.each and item.value != self.value:
                return False
        pattern = "".join(
            ".+" if part.startswith("{") else re.escape(part) for part in re.split(r"(\{\w+\})", self.name) if part
        )
        return re.fullmatch(pattern, item.name) is not None

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.kind, "value": self.value, "each": self.each, "note": self.note}


@dataclass(frozen=True, slots=True)
class ScoringSection:
    """A group of rows of a scoring table (the base points, the doublings, the limit hands...)."""

    title: str
    entries: tuple[ScoringEntry, ...]
    note: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "note": self.note, "entries": [entry.to_dict() for entry in self.entries]}


@dataclass(frozen=True, slots=True)
class ScoringTable:
    """Everything a family scores, as data: ``sections`` of rows, ``totals`` (how the items become
    the hand's total, one sentence a line) and ``conversion`` (a table of the family's own from a
    count to points, such as HKOS's faan table, as (count, points) pairs; empty if none)."""

    sections: tuple[ScoringSection, ...]
    totals: tuple[str, ...] = ()
    conversion: tuple[tuple[str, int], ...] = ()

    @property
    def entries(self) -> tuple[ScoringEntry, ...]:
        return tuple(entry for section in self.sections for entry in section.entries)

    def entry_of(self, item: ScoreItem) -> ScoringEntry | None:
        """The row a score card line was made from, or None."""
        return next((entry for entry in self.entries if entry.matches(item)), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "sections": [section.to_dict() for section in self.sections],
            "totals": list(self.totals),
            "conversion": [{"count": count, "points": points} for count, points in self.conversion],
        }


@dataclass(frozen=True, slots=True)
class ScoreResult:
    rules: str
    valid: bool
    total: int
    items: tuple[ScoreItem, ...] = ()
    reason: str | None = None
    limit: str | None = None
    details: Mapping[str, Any] = field(default_factory=dict)
    arithmetic: str = ""  # how the total was reached, for people: "34 × 2² = 136"

    def __post_init__(self) -> None:
        # Results are values: scorers may hand out one result for equal hands, so details are read-only.
        if not isinstance(self.details, MappingProxyType):
            object.__setattr__(self, "details", MappingProxyType(dict(self.details)))

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules,
            "valid": self.valid,
            "reason": self.reason,
            "total": self.total,
            "items": [item.to_dict() for item in self.items],
            "limit": self.limit,
            "details": dict(self.details),
        }


@dataclass(frozen=True, slots=True)
class TableRules:
    """How the table is set up and run under a ruleset (used by ``sparrow.game``)."""

    bonus_tiles: bool  # 144 tiles with flowers and seasons, else 136
    break_dice: int  # dice rolled for the wall break (2 or 3)
    dead_wall: str  # "fixed" (14 set aside, not refilled), "reserve" (14 kept back as play goes), "none"
    rotation: str  # "seats" (NTS: every seat moves each game), "dealer_keeps" (HKOS), "pass" (chinese), "none"
    prevailing_wind_by_dice: bool = False  # NTS: the prevailing wind is rolled every game
    rob_added_kong: bool = True  # another player may win on a tile added to an exposed pung
    false_win: str = "refused"  # "dead_hand" (NTS) or "refused" (the claim is not accepted)
    chow: bool = True
    hands_in_match: int = 16
    seats: int = 4  # HKOS may be played by three (E, S, W: no North)
    removed_tiles: tuple[Tile, ...] = ()  # kinds taken out of the set, every copy (HKOS three players)
    seats_by_dice: bool = True  # East is chosen by dice at the start of a match (not in the casual game)
    break_roller: str = "east"  # who rolls for the wall break: "east", or NTS's "prevailing_wind" player
    round_wind: str = "rounds"  # "rounds" (moves once every seat has dealt), "dice" (NTS) or "east" (casual)
    scores_losers: bool = False  # every player's hand is scored at the end (NTS), not only the winner's
    # Bonus tiles at the deal are set out seat by seat, E, S, W, N. A replacement that is itself a bonus
    # tile is set out and replaced at once, within the same seat's turn ("immediate", NTS), or waits for
    # that seat's turn in the next pass round the table ("next_pass").
    bonus_chain: str = "next_pass"
    # "shared": sparrow.game plays it; a family with a table of its own names its engine here ("riichi":
    # sparrow.game.riichi), and the shared engine refuses it.
    engine: str = "shared"


MAX_HAND_TOTAL = 10**12  # far above any family's limit; keeps absurd input out of the arithmetic


@dataclass(frozen=True, slots=True)
class Settlement:
    """The facts of one finished hand, as ``sparrow settle`` reads them."""

    rules: str
    winner: str | None
    win_by: str | None
    discarder: str | None
    scores: Mapping[str, int]
    options: Mapping[str, Any] = field(default_factory=dict)
    dead: frozenset[str] = frozenset()  # NTS: seats with a dead hand (score 0, settle as losers)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settlement:
        if not isinstance(data, Mapping):
            raise SituationError("settlement", f"expected a JSON object, got {type(data).__name__}")
        rules = data.get("rules")
        check_fields(data, _SETTLEMENT_KEYS)
        if not isinstance(rules, str):
            raise SituationError("rules", "is required and must be a ruleset name")
        if "winner" not in data:  # a forgotten winner must not settle as a drawn hand
            raise SituationError("winner", "is required: the winner's seat E, S, W or N, or null for a drawn hand")
        winner = data["winner"]
        if winner is not None and winner not in SEATS:
            raise SituationError("winner", f"expected E, S, W, N or null, got {quote(winner)}")
        win_by = data.get("win_by")
        if winner is not None and (not isinstance(win_by, str) or win_by not in WIN_BY):
            raise SituationError("win_by", f"expected one of {', '.join(WIN_BY)}, got {quote(win_by)}")
        if winner is None and win_by is not None and win_by not in WIN_BY:
            raise SituationError("win_by", f"expected one of {', '.join(WIN_BY)} or null, got {quote(win_by)}")
        discarder = data.get("discarder")
        if winner is not None and win_by in ("discard", "robbing_kong"):
            if not isinstance(discarder, str) or discarder not in SEATS:
                raise SituationError(
                    "discarder", f"a win on a discard needs the discarder's seat, got {quote(discarder)}"
                )
            if discarder == winner:
                raise SituationError("discarder", "the winner cannot be the discarder")
        elif discarder is not None:
            raise SituationError("discarder", "only a win on a discard or a robbed kong has a discarder")
        scores = data.get("scores")
        if scores is None:
            scores = {}
        if not isinstance(scores, Mapping):
            raise SituationError("scores", f"must map seats E, S, W, N to hand totals, got {quote(scores)}")
        for key in scores:
            if key not in SEATS:
                raise SituationError(f"scores.{field_name(key)}", "unknown seat; the seats are E, S, W and N")
        for seat, value in scores.items():
            if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= MAX_HAND_TOTAL:
                shown = "a larger number" if isinstance(value, int) and value > MAX_HAND_TOTAL else quote(value)
                raise SituationError(
                    f"scores.{seat}", f"must be a whole number of points from 0 to {MAX_HAND_TOTAL:,}, got {shown}"
                )
        if winner is not None and winner not in scores:
            raise SituationError("scores", f"needs the winner's ({winner}) total")
        dead = field_value(data, "dead", list, "a list of seats", [])
        if any(not isinstance(s, str) or s not in SEATS for s in dead) or len(set(dead)) != len(dead):
            raise SituationError("dead", f"must list seats E, S, W, N, each once, got {quote(dead)}")
        options = field_value(data, "options", Mapping, "an object of named options", {})
        return cls(rules, winner, win_by if winner else None, discarder, dict(scores), dict(options), frozenset(dead))


SETTLEMENT_FIELDS = frozenset({"rules", "options", "winner", "win_by", "discarder", "scores", "dead"})
_SETTLEMENT_KEYS = SETTLEMENT_FIELDS | EXTRA_FIELDS


class Ruleset:
    """Base of every rule family. Subclasses set ``name``, ``title``, ``defaults`` and override
    :meth:`score`, :meth:`settle` and :meth:`table`."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    summary: ClassVar[str] = ""  # one line on what the family is, for ``sparrow rules``
    defaults: ClassVar[Mapping[str, Any]] = {}
    option_help: ClassVar[Mapping[str, str]] = {}  # what each option does, by name (every default has one)
    limit_unit: ClassVar[str] = "points"  # what the value of a "limit" ScoreItem counts
    # The total of an average winning hand of the family (four Expert players in the lab,
    # docs/bots.md): what the evaluator prices dealing in to an opponent by. 0: not priced.
    typical_win: ClassVar[int] = 0
    # Whether a seat that calls may not let go at once the tile called, nor the one that makes the
    # same run at its other end (Riichi's kuikae): what the evaluator bars after a call it values.
    bars_swap_calls: ClassVar[bool] = False
    # Named sets of option values a club plays by (Riichi's tenhou, wrc...), chosen with option ``preset``.
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = {}

    # -- what the faces show of the family (the pages, the calculator, the score sheets): data, so that
    # no face keeps a list of families or asks which one it has. Labels are catalogue texts (English).
    order: ClassVar[int] = 100  # where the faces list the family, lowest first
    short_name: ClassVar[str] = ""  # the family in a game's title ("NTS"); its title if empty
    play_label: ClassVar[str] = ""  # the family as the home page offers it to play; not offered if empty
    play_intro: ClassVar[str] = ""  # how a hand of the family is played, in its players' words, on the home page
    option_labels: ClassVar[Mapping[str, str]] = {}  # an option as the calculator labels it
    option_values: ClassVar[Mapping[str, Mapping[Any, str]]] = {}  # an option taking words: each word's label
    calculator_options: ClassVar[tuple[str, ...] | None] = None  # the options the calculator shows (None: all)
    match_choices: ClassVar[tuple[MatchChoice, ...]] = ()  # what a player chooses before a match
    # A score sheet's match lengths with their labels, the default first; none: no sheet of the family.
    sheet_lengths: ClassVar[tuple[tuple[str, str], ...]] = ()
    sheet_order: ClassVar[int | None] = None  # where the new-sheet form lists it, if not at ``order``
    # What a row of the family's score sheet is: "hands" (one a hand, the payments of the settlement) or
    # "games" (one a whole game, the points each player ended on, then places, uma and oka: Riichi).
    sheet_rows: ClassVar[str] = "hands"
    sheet_label: ClassVar[str] = ""  # how the pages name a sheet of the family, if not by its title
    # The outside log formats the family's games convert to and from (``sparrow log convert``).
    log_formats: ClassVar[tuple[str, ...]] = ()
    # A sheet length that stands for an option's value (HKOS: "east" is short_match = true, "full" is
    # short_match = false): (option, the length when true, the length when false); None if none does.
    sheet_length_option: ClassVar[tuple[str, str, str] | None] = None
    three_player_option: ClassVar[str] = ""  # the option that seats three at the family's table, if any
    win_ways: ClassVar[tuple[str, ...]] = WIN_BY  # how a hand may be won (``HandSituation.win_by``)
    # A sheet adds the winner's points alone to the totals, not the hand's payments (HKOS, seed 003).
    sheet_winner_points: ClassVar[bool] = False
    sheet_table_points: ClassVar[bool] = False  # a sheet's standings give table points by place (NTS)
    # What a chombo (a penalty given outside the hands, by the family's tournament rules) takes off the
    # offender's total on a score sheet, in the units the sheet totals (NTS: points; Riichi: rank
    # points, thousands of table points); nobody else's total changes. None: the sheet has no chombo
    # row. The decisions are in docs/rules/<family>.md, "Chombo".
    sheet_chombo: ClassVar[int | None] = None
    # What a winner's faan are worth, from 0 faan to the limit (HKOS: seed 003's table): a sheet of the
    # family may count the winner's faan and turn them into points (:meth:`faan_points`); empty: no faan.
    faan_table: ClassVar[tuple[int, ...]] = ()
    # The ranks its players climb between people (Riichi's kyu and dan, ``rules/ranks.py``); None: none.
    rank_ladder: ClassVar[RankLadder | None] = None

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """The defaults overridden by ``options``; unknown names and wrong types are errors."""
        resolved = dict(self.defaults)
        for key, value in (options or {}).items():
            if key not in self.defaults:
                guess = nearest(key, self.defaults)
                hint = f"; did you mean {guess}?" if guess is not None else ""
                known = ", ".join(sorted(self.defaults)) or "none"
                raise RulesError(f"unknown option {quote(key, 40)} for {self.name}{hint} (options: {known})")
            default = self.defaults[key]
            if isinstance(default, bool) != isinstance(value, bool) or not isinstance(value, type(default)):
                raise RulesError(
                    f"option {quote(key, 40)} of {self.name} must be {type(default).__name__}, got {quote(value)}"
                )
            resolved[key] = value
        return resolved

    # -- the hooks a family provides

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        raise NotImplementedError

    def placement_bonus(self, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        """What each place at the end of a match is worth beyond the points, first to last, in table
        points (Riichi's uma and oka): what a player's standing at the end of a match is reckoned
        by. Empty where a match is its points alone (the default)."""
        return ()

    def procedure(self, options: Mapping[str, Any] | None = None) -> list[tuple[str, str]] | None:
        """The table procedure as (what, how) lines, for a family played on a table of its own (Riichi);
        None for the shared engine's, which :meth:`table` describes."""
        return None

    def forms(self, options: Mapping[str, Any] | None = None) -> Forms:
        """The special winning forms the shanten/waits analysis should consider."""
        return Forms()

    def has_minimum(self, options: Mapping[str, Any] | None = None) -> bool:
        """Whether some complete hands do not win under these options (a minimum of points, faan or
        doublings). Players use it to know when a hand's value decides whether it can win at all."""
        return True

    def is_complete(self, counts: Sequence[int], melds: int = 0, options: Mapping[str, Any] | None = None) -> bool:
        """Whether the standing tiles (34 counts, winning tile included) with ``melds`` declared sets
        form a winning *shape* under this family (the minimum is checked by :meth:`score`).
        Families with shapes of their own (the NTS snakes and twins) extend this."""
        return shanten(counts, melds, self.forms(options)) == -1

    def waits(self, counts: Sequence[int], melds: int = 0, options: Mapping[str, Any] | None = None) -> list[Tile]:
        """Tile kinds that would complete a 13-tile hand under this family's shapes."""
        hand = list(counts)
        result = []
        for tile in KINDS:
            if hand[tile] >= 4:
                continue
            hand[tile] += 1
            if self.is_complete(hand, melds, options):
                result.append(tile)
            hand[tile] -= 1
        return result

    def score(self, situation: HandSituation) -> ScoreResult:
        raise NotImplementedError

    def win_value(self, situation: HandSituation) -> int:
        """The total :meth:`score` gives this hand when it is a legal win, else 0: what the computer
        players weigh a candidate hand by. A family may answer without writing the score card."""
        result = self.score(situation)
        return result.total if result.valid else 0

    def prototype_value(self, situation: HandSituation) -> int:
        """What the computer players weigh a hand they imagine by: :meth:`win_value`, unless a family
        keeps a looser reading its bots have always used (HKOS values a wait on a fifth copy)."""
        return self.win_value(situation)

    def decisions(self, situation: HandSituation, result: ScoreResult) -> list[str]:
        """The decisions of the family's rules page that changed this hand's total, one sentence each
        (catalogue texts), which the calculator shows on the score card; none by default."""
        return []

    def check_scores(
        self, scores: Mapping[str, Any], winner: str | None, dead: Collection[str] = (), *, field: str = "scores"
    ) -> None:
        """Refuse hand scores no hand of the family can have, before they are settled: ``scores`` maps a
        player (a sheet's name, or a seat) to a hand score, ``winner`` is None for a drawn hand. Raises
        :class:`ScoresError` naming ``field.<player>``; accepts everything by default."""

    def faan_minimum(self, options: Mapping[str, Any] | None = None) -> int | None:
        """The faan a winning hand needs at this table, where a score sheet counts the winner's faan
        (:attr:`faan_table`); None where the table counts none (HKOS's practice profile)."""
        return 0 if self.faan_table else None

    def faan_points(self, faan: int) -> int:
        """The points ``faan`` are worth by :attr:`faan_table` (its last value from the limit up)."""
        return self.faan_table[min(faan, len(self.faan_table) - 1)]

    def check_win(self, score: int, winner: str, options: Mapping[str, Any], *, field: str = "scores") -> None:
        """Refuse a winner's hand score that no winning hand at this table can have, whoever deals (a
        score sheet's row: HKOS's faan table from the minimum, Chinese's minimum). Raises
        :class:`ScoresError` naming ``field.<winner>``; accepts everything by default."""

    def check_dealer_win(
        self, score: int, winner: str, options: Mapping[str, Any], dealer: bool, *, field: str = "scores"
    ) -> None:
        """Refuse a winner's hand score that a winning hand cannot have as the dealer's, or as another
        player's (casual: the dealer's hand is worth × 1.5): checked again when an earlier row moves the
        deal. Raises :class:`ScoresError` naming ``field.<winner>``; accepts everything by default."""

    def scoring_table(self) -> ScoringTable:
        """Every item the scorer can write, with its value: the rows the scorer itself reads."""
        raise NotImplementedError

    def settle(self, settlement: Settlement) -> dict[str, int]:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"get_ruleset({self.name!r})"
