"""The match rules of Riichi around a scored hand (:class:`MatchOptions`) and the named presets.

Tenhou's ranked game (4 players, hanchan, red fives) is the default. A preset is a plain dict of
option values (:data:`PRESETS`); :func:`match_options` reads one, with overrides, into a checked
:class:`MatchOptions`. The hand scorer's own choices (kiriage, kazoe yakuman, double yakuman, the
double-wind pair) travel with it as ``scoring``, a :class:`~sparrow.rules.riichi.hand.RiichiOptions`.
docs/rules/riichi.md ("The table") says where each preset's values come from.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from sparrow.core.messages import quote
from sparrow.rules.riichi.hand import RiichiOptions
from sparrow.rules.ruleset import RulesError

__all__ = [
    "MatchOptionError",
    "MatchOptions",
    "PRESETS",
    "DEFAULT_PRESET",
    "LENGTHS",
    "TRIPLE_RON_CHOICES",
    "PAO_YAKU",
    "PAO_SCOPES",
    "ABORTIVE_DRAWS",
    "match_options",
]

LENGTHS = ("hanchan", "tonpuu")  # East and South rounds; East only
TRIPLE_RON_CHOICES = ("abortive", "allowed", "head_bump")
PAO_YAKU = ("daisangen", "daisuushii", "suukantsu")
# What a liable seat answers for when the hand holds more than its yakuman: the whole hand (Tenhou)
# or only the yakuman it made certain, the rest paid as usual.
PAO_SCOPES = ("hand", "yakuman")
ABORTIVE_DRAWS = ("nine_terminals", "four_winds", "four_kongs", "four_riichi")
RED_FIVES = (0, 3)
# The scorer's options a preset may set (red fives are `red_fives`, which also sets aka_dora).
SCORING_KEYS = ("open_tanyao", "kiriage", "kazoe_yakuman", "double_yakuman", "renhou", "double_wind_pair_fu")


def _is(value: object, kind: type) -> bool:
    """``isinstance``, but a bool is not an int here."""
    return isinstance(value, kind) and (kind is bool or not isinstance(value, bool))


class MatchOptionError(RulesError):
    """A match option that cannot be: an unknown name, a wrong type or a value out of range (one line)."""


@dataclass(frozen=True, slots=True)
class MatchOptions:
    """The rules of a Riichi match, Tenhou's ranked game by default. Points are table points; ``uma``
    is in thousands, first to fourth place."""

    length: str = "hanchan"
    start_points: int = 25000
    return_points: int = 30000  # the points each player is reckoned against; the top takes the difference x4 (oka)
    uma: tuple[int, int, int, int] = (20, 10, -10, -20)
    split_ties: bool = False  # False: a tie goes to the earlier seat from the first dealer; True: tied players share
    red_fives: int = 3
    double_ron: bool = True  # False: head bump (atamahane), only the winner nearest the discarder's turn wins
    triple_ron: str = "abortive"  # "abortive" (sanchahou), "allowed", "head_bump"
    nagashi_mangan: bool = True
    busting: bool = True  # a score below zero ends the match (exactly zero plays on)
    agari_yame: bool = True  # the last dealer may stop after a win when leading
    tenpai_yame: bool = True  # ... and after a drawn hand in tenpai
    west_extension: bool = True  # sudden death into the next wind while nobody has west_target
    west_target: int = 30000
    nine_terminals: bool = True  # abortive draws that the rules know
    four_winds: bool = True
    four_kongs: bool = True
    four_riichi: bool = True
    leftover_sticks_to_top: bool = True
    pao: tuple[str, ...] = ("daisangen", "daisuushii")
    pao_scope: str = "hand"  # "hand": the liable seat answers for the whole win; "yakuman": only for its yakuman
    # A wait on a kind whose four copies the player holds itself (standing or in its sets) is no wait:
    # not tenpai, no riichi on it (Tenhou). True counts it (riichienv's engine does).
    wait_on_own_fourth: bool = False
    scoring: RiichiOptions = field(default_factory=RiichiOptions)

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            default = item.default if item.name != "scoring" else RiichiOptions()
            if isinstance(default, tuple):
                kind = type(default[0])
                if not isinstance(value, tuple) or not all(_is(part, kind) for part in value):
                    raise MatchOptionError(
                        f"riichi option {item.name} must be a list like {list(default)}, got {quote(value)}"
                    )
            elif not _is(value, type(default)):
                raise MatchOptionError(
                    f"riichi option {item.name} must be {type(default).__name__}, got {quote(value)}"
                )
        self._check_values()

    def _check_values(self) -> None:
        if self.length not in LENGTHS:
            raise MatchOptionError(
                f"riichi option length must be one of {', '.join(LENGTHS)}, got {quote(self.length)}"
            )
        if self.triple_ron not in TRIPLE_RON_CHOICES:
            raise MatchOptionError(
                f"riichi option triple_ron must be one of {', '.join(TRIPLE_RON_CHOICES)}, got {quote(self.triple_ron)}"
            )
        if not self.double_ron and self.triple_ron == "allowed":
            raise MatchOptionError("riichi option triple_ron cannot be allowed when double_ron is off")
        if len(self.uma) != 4 or sum(self.uma) != 0:
            raise MatchOptionError(f"riichi option uma must be four numbers summing to 0, got {list(self.uma)}")
        if list(self.uma) != sorted(self.uma, reverse=True):
            raise MatchOptionError(f"riichi option uma must run from first place down, got {list(self.uma)}")
        for name in ("start_points", "return_points", "west_target"):
            value = getattr(self, name)
            if value <= 0 or value % 100:
                raise MatchOptionError(f"riichi option {name} must be a positive multiple of 100, got {value}")
        if self.return_points < self.start_points:
            raise MatchOptionError(
                f"riichi option return_points ({self.return_points}) is below start_points ({self.start_points})"
            )
        if self.red_fives not in RED_FIVES:
            raise MatchOptionError(f"riichi option red_fives must be 0 or 3, got {self.red_fives}")
        if self.scoring.aka_dora != (self.red_fives > 0):
            raise MatchOptionError("riichi scoring option aka_dora must agree with red_fives")
        if self.pao_scope not in PAO_SCOPES:
            raise MatchOptionError(
                f"riichi option pao_scope must be one of {', '.join(PAO_SCOPES)}, got {quote(self.pao_scope)}"
            )
        for yaku in self.pao:
            if yaku not in PAO_YAKU:
                raise MatchOptionError(f"riichi option pao names {quote(yaku)}: known are {', '.join(PAO_YAKU)}")

    @property
    def oka(self) -> int:
        """What the top player takes from the others' returns, in points."""
        return 4 * (self.return_points - self.start_points)

    def abortive(self, kind: str) -> bool:
        """Whether an abortive draw of this kind is in the rules ("triple_ron" follows ``triple_ron``)."""
        if kind == "triple_ron":
            return self.triple_ron == "abortive"
        if kind not in ABORTIVE_DRAWS:
            raise MatchOptionError(
                f"unknown abortive draw {quote(kind)} (known: {', '.join((*ABORTIVE_DRAWS, 'triple_ron'))})"
            )
        return bool(getattr(self, kind))

    def to_dict(self) -> dict[str, Any]:
        """The options as a flat dict of plain values, as :data:`PRESETS` writes them."""
        values: dict[str, Any] = {}
        for item in fields(self):
            if item.name == "scoring":
                continue
            value = getattr(self, item.name)
            values[item.name] = list(value) if isinstance(value, tuple) else value
        scoring = self.scoring.to_dict()
        values.update({key: scoring[key] for key in SCORING_KEYS})
        return values

    @classmethod
    def from_mapping(cls, options: Mapping[str, Any] | None) -> MatchOptions:
        """Options by name (match and scorer options together, flat), the defaults for the rest."""
        options = dict(options or {})
        match_names = {item.name for item in fields(cls)} - {"scoring"}
        known = match_names | set(SCORING_KEYS)
        for key in options:
            if key not in known:
                raise MatchOptionError(f"unknown riichi option {quote(key, 40)} (options: {', '.join(sorted(known))})")
        values: dict[str, Any] = {}
        for key in match_names & options.keys():
            value = options[key]
            if isinstance(value, list) and isinstance(_DEFAULTS[key], tuple):
                value = tuple(value)
            values[key] = value
        red_fives = values.get("red_fives", _DEFAULTS["red_fives"])
        scoring = {key: options[key] for key in SCORING_KEYS if key in options}
        scoring["aka_dora"] = isinstance(red_fives, int) and not isinstance(red_fives, bool) and red_fives > 0
        try:
            values["scoring"] = RiichiOptions.from_mapping(scoring)
        except RulesError as error:
            raise MatchOptionError(str(error)) from None
        return cls(**values)


_DEFAULTS: dict[str, Any] = {item.name: item.default for item in fields(MatchOptions) if item.name != "scoring"}

DEFAULT_PRESET = "tenhou"

# Each preset writes every option out, so it reads without the defaults at hand.
PRESETS: dict[str, dict[str, Any]] = {
    # Tenhou's ranked four-player hanchan with red fives.
    "tenhou": {
        "length": "hanchan",
        "start_points": 25000,
        "return_points": 30000,
        "uma": [20, 10, -10, -20],
        "split_ties": False,
        "red_fives": 3,
        "double_ron": True,
        "triple_ron": "abortive",
        "nagashi_mangan": True,
        "busting": True,
        "agari_yame": True,
        "tenpai_yame": True,
        "west_extension": True,
        "west_target": 30000,
        "nine_terminals": True,
        "four_winds": True,
        "four_kongs": True,
        "four_riichi": True,
        "leftover_sticks_to_top": True,
        "wait_on_own_fourth": False,
        "pao": ["daisangen", "daisuushii"],
        "pao_scope": "hand",
        "open_tanyao": True,
        "kiriage": False,
        "kazoe_yakuman": True,
        "double_yakuman": False,
        "renhou": "none",
        "double_wind_pair_fu": 4,
    },
    # Mahjong Soul (Jantama) ranked: results reckoned from the start (no oka), triple ron stands.
    "mahjong-soul": {
        "length": "hanchan",
        "start_points": 25000,
        "return_points": 25000,
        "uma": [15, 5, -5, -15],
        "split_ties": False,
        "red_fives": 3,
        "double_ron": True,
        "triple_ron": "allowed",
        "nagashi_mangan": True,
        "busting": True,
        "agari_yame": True,
        "tenpai_yame": True,
        "west_extension": True,
        "west_target": 30000,
        "nine_terminals": True,
        "four_winds": True,
        "four_kongs": True,
        "four_riichi": True,
        "leftover_sticks_to_top": True,
        "wait_on_own_fourth": False,
        "pao": ["daisangen", "daisuushii"],
        "pao_scope": "yakuman",
        "open_tanyao": True,
        "kiriage": False,
        "kazoe_yakuman": True,
        "double_yakuman": True,
        "renhou": "none",
        "double_wind_pair_fu": 4,
    },
    # M.League: a full hanchan always (no busting, no stopping early, no abortive draws), head bump.
    "m-league": {
        "length": "hanchan",
        "start_points": 25000,
        "return_points": 30000,
        "uma": [30, 10, -10, -30],
        "split_ties": True,
        "red_fives": 3,
        "double_ron": False,
        "triple_ron": "head_bump",
        "nagashi_mangan": True,
        "busting": False,
        "agari_yame": False,
        "tenpai_yame": False,
        "west_extension": False,
        "west_target": 30000,
        "nine_terminals": False,
        "four_winds": False,
        "four_kongs": False,
        "four_riichi": False,
        "leftover_sticks_to_top": True,
        "wait_on_own_fourth": False,
        "pao": ["daisangen", "daisuushii", "suukantsu"],
        "pao_scope": "yakuman",
        "open_tanyao": True,
        "kiriage": True,
        "kazoe_yakuman": False,
        "double_yakuman": False,
        "renhou": "none",
        "double_wind_pair_fu": 2,
    },
    # The World Riichi Championship rules: 30,000 start and return, no red fives, no abortive draws.
    "wrc": {
        "length": "hanchan",
        "start_points": 30000,
        "return_points": 30000,
        "uma": [15, 5, -5, -15],
        "split_ties": True,
        "red_fives": 0,
        "double_ron": False,
        "triple_ron": "head_bump",
        "nagashi_mangan": False,
        "busting": False,
        "agari_yame": False,
        "tenpai_yame": False,
        "west_extension": False,
        "west_target": 30000,
        "nine_terminals": False,
        "four_winds": False,
        "four_kongs": False,
        "four_riichi": False,
        "leftover_sticks_to_top": True,
        "wait_on_own_fourth": False,
        "pao": ["daisangen", "daisuushii"],
        "pao_scope": "yakuman",
        "open_tanyao": True,
        "kiriage": False,
        "kazoe_yakuman": False,
        "double_yakuman": False,
        "renhou": "mangan",
        "double_wind_pair_fu": 2,
    },
}


def match_options(preset: str = DEFAULT_PRESET, overrides: Mapping[str, Any] | None = None) -> MatchOptions:
    """A preset by name, with ``overrides`` (option name to value) on top: ``match_options("wrc", {"red_fives": 3})``."""
    if preset not in PRESETS:
        raise MatchOptionError(f"unknown riichi preset {quote(preset, 40)} (presets: {', '.join(PRESETS)})")
    return MatchOptions.from_mapping({**PRESETS[preset], **(overrides or {})})
