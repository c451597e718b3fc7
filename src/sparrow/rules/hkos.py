"""Hong Kong Old Style (seeds 003 and 004, ``docs/rules/hkos.md``).

Only the winner scores. The winning hand's faan are counted on its highest-scoring reading and
turned into points by the faan table (0 faan = 1 point ... 10 faan or more = 128, the limit); a
hand needs the minimum (3 faan by default) to win. Settlement turns the winner's points into
payments: the discarder pays double and the others single, or everybody pays double on a
self-draw. The practice profile of seed 004 (option ``practice``) lets any complete hand win for
one point and settles nothing.

Why the scorer is short: in this family no item depends on where the winning tile sits or on the
wait, and the honours split only one way, so the only choices between splits of a regular hand
are "all chows" and "all pungs" (which exclude each other). Both are answered by direct tests on
the counts instead of enumerating decompositions; seven pairs (an option) is the one other reading
that can compete, and the two are compared.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Final

from sparrow.core.analysis import Forms, regular_shanten
from sparrow.core.hand import MeldKind
from sparrow.core.shapes import check_tile_counts, is_seven_pairs, is_thirteen_orphans
from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import BONUS_TILES, SEATS, Tile, parse_tiles
from sparrow.i18n.markers import N_
from sparrow.rules.ruleset import (
    MatchChoice,
    RulesError,
    Ruleset,
    ScoreItem,
    ScoreResult,
    ScoresError,
    ScoringEntry,
    ScoringSection,
    ScoringTable,
    Settlement,
    TableRules,
)

__all__ = ["HKOS", "FAAN_POINTS", "LIMIT_FAAN", "faan_to_points"]

# The faan table of seed 003, from 0 faan (only reachable below the usual minimum) to the limit.
FAAN_POINTS: tuple[int, ...] = (1, 2, 4, 8, 16, 24, 32, 48, 64, 96, 128)
LIMIT_FAAN = 10

_WIND_OF_SEAT = {"E": 27, "S": 28, "W": 29, "N": 30}
_WIND_NAME = {27: "East", 28: "South", 29: "West", 30: "North"}
_DRAGONS = (31, 32, 33)  # white, green, red
_DRAGON_NAME = {31: "White Dragon", 32: "Green Dragon", 33: "Red Dragon"}
_SUIT_NAME = ("Characters", "Circles", "Bamboo")
_DISCARD_WINS = frozenset({"discard", "robbing_kong"})  # robbing the kong scores as a win on a discard
_RESPONSIBILITY = ("half", "full")
# The three-player game takes out the 2-8 of characters (seed 003) and, with the North seat, North's
# flower and season (4f, 8f): 108 + 6 = 114 tiles, three walls of 19 stacks (docs/rules/hkos.md).
_THREE_PLAYER_REMOVED: tuple[Tile, ...] = tuple(parse_tiles("2345678m48f"))
_NORTH_BONUS = frozenset(parse_tiles("48f"))


# The scoring table of seed 003: the scorer makes every score card line from these rows, and
# ``sparrow rules hkos`` lists them. In the order a player counts them.
_FAAN = "faan"
_TABLE = {
    "mixed_one_suit": ScoringEntry("Mixed one suit ({suit})", _FAAN, 3, "one suit and honours"),
    "pure_one_suit": ScoringEntry("Pure one suit ({suit})", _FAAN, 7, "one suit, no honours"),
    "seven_pairs": ScoringEntry(
        "Seven pairs", _FAAN, 4, "seven pairs, nothing declared (only with option seven_pairs)"
    ),
    "all_pungs": ScoringEntry("All pungs", _FAAN, 3, "four pungs or kongs and a pair"),
    "all_chows": ScoringEntry("All chows", _FAAN, 1, "four chows and a pair that scores nothing"),
    "seat_wind": ScoringEntry("Seat wind ({wind})", _FAAN, 1, "a pung or kong of the seat wind"),
    "round_wind": ScoringEntry("Round wind ({wind})", _FAAN, 1, "a pung or kong of the round wind"),
    "great_three_dragons": ScoringEntry(
        "Great three dragons", _FAAN, 8, "pungs or kongs of all three dragons (instead of the dragon pungs)"
    ),
    "little_three_dragons": ScoringEntry(
        "Little three dragons", _FAAN, 5, "two dragon pungs and a dragon pair (instead of the dragon pungs)"
    ),
    "dragon_pung": ScoringEntry("Dragon pung ({dragon})", _FAAN, 1, "a pung or kong of a dragon, each"),
    "self_drawn": ScoringEntry("Self-drawn", _FAAN, 1, "the winning tile self-drawn (a replacement tile counts)"),
    "concealed": ScoringEntry(
        "Concealed hand", _FAAN, 1, "nothing claimed, won on a discard (option concealed_self_draw: also self-drawn)"
    ),
    "own_bonus": ScoringEntry("Own {bonus} ({tile})", _FAAN, 1, "the player's own flower or season, each"),
    "no_bonus": ScoringEntry("No bonus tiles", _FAAN, 1, "no flower or season set out (only with option flowers)"),
}
_LIMITS = {
    "thirteen_orphans": ScoringEntry(
        "Thirteen orphans", "limit", LIMIT_FAAN, "one of each terminal and honour, and one more of them"
    ),
    "great_four_winds": ScoringEntry("Great four winds", "limit", LIMIT_FAAN, "pungs or kongs of all four winds"),
    "all_honours": ScoringEntry("All honours", "limit", LIMIT_FAAN, "honours only"),
}
_PRACTICE_WIN = ScoringEntry("Practice win", "points", 1, "option practice: any complete hand, instead of the faan")
_SELF_DRAWN_ITEM = _TABLE["self_drawn"].item()
_CONCEALED_ITEM = _TABLE["concealed"].item()
_NO_BONUS_ITEM = _TABLE["no_bonus"].item()
# The lines that name a suit or a bonus tile, made once (a score card line is a value): every hand
# the bots weigh is scored, and filling in a line's name is Python string work.
_ONE_SUIT_ITEMS = tuple(
    (_TABLE["pure_one_suit"].item(suit=name), _TABLE["mixed_one_suit"].item(suit=name)) for name in _SUIT_NAME
)
_OWN_BONUS_ITEMS = {
    tile: _TABLE["own_bonus"].item(bonus="flower" if tile < 38 else "season", tile=tile.name) for tile in BONUS_TILES
}
_ALL_PUNGS_ITEM = _TABLE["all_pungs"].item()
_ALL_CHOWS_ITEM = _TABLE["all_chows"].item()
_SEVEN_PAIRS_ITEM = _TABLE["seven_pairs"].item()
_GREAT_THREE_DRAGONS_ITEM = _TABLE["great_three_dragons"].item()
_LITTLE_THREE_DRAGONS_ITEM = _TABLE["little_three_dragons"].item()
_SEAT_WIND_ITEM = {tile: _TABLE["seat_wind"].item(wind=name) for tile, name in _WIND_NAME.items()}
_ROUND_WIND_ITEM = {tile: _TABLE["round_wind"].item(wind=name) for tile, name in _WIND_NAME.items()}
_DRAGON_PUNG_ITEM = {tile: _TABLE["dragon_pung"].item(dragon=name) for tile, name in _DRAGON_NAME.items()}


def faan_to_points(faan: int) -> int:
    """Points for a number of faan: the seed's table, 128 from 10 faan up."""
    if faan < 0:
        raise ValueError(f"faan cannot be negative, got {faan}")
    return FAAN_POINTS[min(faan, LIMIT_FAAN)]


def _total(profile: _Profile, reading: _Reading) -> int:
    """The points of a winning hand's best reading: 1 for any win under the practice option, else
    the table's points for its faan, or 0 below the minimum (no win)."""
    if profile.practice:
        return 1
    return FAAN_POINTS[min(reading.faan, LIMIT_FAAN)] if reading.faan >= profile.minimum else 0


@dataclass(frozen=True, slots=True)
class _Profile:
    """The resolved named options, as attributes (read on every hand, so no dict lookups)."""

    flowers: bool
    practice: bool
    minimum: int
    seven_pairs: bool
    concealed_self_draw: bool
    three_dice_break: bool
    short_match: bool
    three_players: bool
    responsibility: str


class _Reading:
    """The faan of one way to read a winning hand."""

    # Not a dataclass: one is made for every hand scored, and a written-out __init__ compiles to
    # native code (sparrow._compiled). Final: readings are shared (_LIMIT_READINGS).
    __slots__ = ("items", "faan", "limit")

    def __init__(self, items: tuple[ScoreItem, ...], faan: int, limit: str | None = None) -> None:
        self.items: Final = items
        self.faan: Final = faan
        self.limit: Final = limit

    def __repr__(self) -> str:
        return f"_Reading({self.items!r}, {self.faan}, {self.limit!r})"


def _limit_reading(key: str) -> _Reading:
    item = _LIMITS[key].item()
    return _Reading((item,), item.value, item.name)


_LIMIT_READINGS = {key: _limit_reading(key) for key in _LIMITS}
_PRACTICE_READING = _Reading((_PRACTICE_WIN.item(),), 0)


def _chows_only(counts: Sequence[int], start: int) -> bool:
    """Whether the nine counts of one suit from ``start`` split into chows and nothing else.

    The lowest tile held can only start a chow, so the split, if any, is forced."""
    first, second = 0, 0  # chows already started that still need this rank
    for rank in range(9):
        need = counts[start + rank] - first - second
        if need < 0 or (need and rank > 6):
            return False
        first, second = need, first
    return first == 0 and second == 0


def _all_chows(standing: Sequence[int], valued: frozenset[int]) -> bool:
    """Whether the standing tiles split into chows and a pair that scores nothing.

    Called only when every declared meld is a chow and the hand is known to be complete."""
    honour_pair = None
    for tile in range(27, 34):
        count = standing[tile]
        if count:
            if count != 2 or honour_pair is not None:
                return False
            honour_pair = tile
    if honour_pair is not None:
        if honour_pair in valued:
            return False
        return _chows_only(standing, 0) and _chows_only(standing, 9) and _chows_only(standing, 18)
    pair_suit = None
    for start in (0, 9, 18):
        remainder = sum(standing[start : start + 9]) % 3
        if remainder == 2:
            pair_suit = start
        elif remainder == 0:
            if not _chows_only(standing, start):
                return False
        else:
            return False
    if pair_suit is None:
        return False
    work = list(standing)
    for tile in range(pair_suit, pair_suit + 9):
        if work[tile] >= 2:
            work[tile] -= 2
            if _chows_only(work, pair_suit):
                return True
            work[tile] += 2
    return False


def _all_pungs(standing: Sequence[int], has_declared_chow: bool) -> bool:
    """Four pungs or kongs and a pair: the standing tiles are threes and exactly one two.

    (Four of a kind standing is never a pung here: the fourth tile would have to sit in a chow.)"""
    if has_declared_chow:
        return False
    raw = bytes(standing)
    return raw.count(2) == 1 and not raw.count(1) and not raw.count(4)


def _arithmetic(reading: _Reading, total: int) -> str:
    if reading.limit is not None:
        return f"{reading.limit}: limit, {reading.faan} faan = {total} points"
    values = [item.value for item in reading.items]
    sum_text = " + ".join(str(v) for v in values) + f" = {reading.faan} faan" if len(values) > 1 else ""
    faan_text = sum_text or f"{reading.faan} faan"
    if reading.faan > LIMIT_FAAN:
        return f"{faan_text}, over the {LIMIT_FAAN}-faan limit = {total} points"
    return f"{faan_text} = {total} point{'s' if total != 1 else ''}"


class HKOS(Ruleset):
    typical_win = 16  # an average win's total at four Expert (docs/bots.md, "The evaluator")
    name = "hkos"
    title = "Hong Kong Old Style"
    summary = "Hong Kong Old Style: only the winner scores, faan turned into points, 3 faan to win."
    limit_unit = "faan"
    defaults: ClassVar[Mapping[str, Any]] = {
        "flowers": True,  # 144 tiles with flowers and seasons; false: 136 tiles, no bonus faan
        "practice": False,  # seed 004's practice profile: any complete hand wins 1 point, no payments
        "minimum": 3,  # faan needed to win
        "seven_pairs": False,  # seven pairs wins, for 4 faan
        "concealed_self_draw": False,  # the concealed faan also on a self-draw
        "three_dice_break": True,  # seed 004's three-dice wall break; false: seed 003's two dice
        "short_match": False,  # the East round only
        "three_players": False,  # no North seat, no chow claims, 2-8 of characters removed
        "responsibility": "half",  # "half": discarder pays double, others single; "full": discarder pays all
    }
    option_help: ClassVar[Mapping[str, str]] = {
        "flowers": "144 tiles with flowers and seasons; false: 136 tiles, no faan for bonus tiles",
        "practice": "seed 004's practice profile: any complete hand wins 1 point, no payments",
        "minimum": "faan needed to win (0 or more)",
        "seven_pairs": "seven pairs wins, for 4 faan",
        "concealed_self_draw": "the concealed faan also on a self-draw, not only on a discard",
        "three_dice_break": "seed 004's three-dice wall break; false: seed 003's two dice",
        "short_match": "the East round only (4 hands at least instead of 16)",
        "three_players": "three players E, S, W: no chow claims, 2-8 of characters and 4f 8f removed",
        "responsibility": "half: the discarder pays double, the others single; full: the discarder pays for all",
    }
    # What the faces show of it.
    order: ClassVar[int] = 20
    short_name: ClassVar[str] = "HKOS"
    play_label: ClassVar[str] = N_("Hong Kong Old Style (3-faan minimum)")
    play_intro: ClassVar[str] = N_(
        "Build four sets and a pair worth at least 3 faan: claim discards with Chi, Pong and Kong, and win by"
        " Ron or Tsumo. Only the winner scores; flowers and seasons add faan."
    )
    option_labels: ClassVar[Mapping[str, str]] = {
        "flowers": N_("Flowers and seasons in play (144 tiles)"),
        "practice": N_("Practice profile: any complete hand wins 1 point"),
        "minimum": N_("Faan needed to win"),
        "seven_pairs": N_("Seven pairs wins (4 faan)"),
        "concealed_self_draw": N_("Concealed faan also on a self-draw"),
        "three_dice_break": N_("Three dice for the wall break"),
        "short_match": N_("East round only"),
        "three_players": N_("Three players"),
        "responsibility": N_("Who pays for a discard"),
    }
    option_values: ClassVar[Mapping[str, Mapping[Any, str]]] = {
        "responsibility": {
            "half": N_("Half: the discarder pays double, the others single"),
            "full": N_("Full: the discarder pays for everyone"),
        },
    }
    match_choices: ClassVar[tuple[MatchChoice, ...]] = (
        (
            "short_match",
            N_("Match length"),
            ((False, N_("Four rounds (16 hands at least)")), (True, N_("East round only (4 hands at least)"))),
        ),
        ("minimum", N_("Faan needed to win"), ((3, N_("3 faan")), (1, N_("1 faan")), (0, N_("No minimum")))),
        ("seven_pairs", N_("Seven pairs wins (4 faan)"), ()),
        ("flowers", N_("Flowers and seasons in play (144 tiles)"), ()),
    )
    # A sheet's match: four rounds (seed 003), the East round only, or open-ended.
    sheet_lengths: ClassVar[tuple[tuple[str, str], ...]] = (
        ("full", N_("Full game (four rounds)")),
        ("east", N_("East round only")),
        ("open", N_("Open-ended")),
    )
    # The East round only is the option short_match; three play with the option three_players.
    sheet_length_option: ClassVar[tuple[str, str, str] | None] = ("short_match", "east", "full")
    three_player_option: ClassVar[str] = "three_players"
    # A sheet counts the winner's faan and writes their points, not the payments (seed 003).
    faan_table: ClassVar[tuple[int, ...]] = FAAN_POINTS
    sheet_winner_points: ClassVar[bool] = True

    def __init__(self) -> None:
        self._profiles: dict[tuple[tuple[str, type, Any], ...], _Profile] = {}
        self._default_profile = self._build_profile({})

    # -- options

    def _profile(self, options: Mapping[str, Any] | None) -> _Profile:
        """The options resolved and checked; cached, since a batch repeats the same few."""
        if not options:
            return self._default_profile
        try:
            # The type is in the key: 1 == True, and {"flowers": 1} must not find {"flowers": True}'s profile.
            sorted_options = tuple(sorted((name, type(value), value) for name, value in options.items()))
            key: tuple[tuple[str, type, Any], ...] | None = sorted_options
            cached = self._profiles.get(sorted_options)
        except TypeError:  # an unhashable value: let resolve_options name the problem
            key, cached = None, None
        if cached is not None:
            return cached
        profile = self._build_profile(options)
        if key is not None and len(self._profiles) < 256:
            self._profiles[key] = profile
        return profile

    def _build_profile(self, options: Mapping[str, Any]) -> _Profile:
        resolved = self.resolve_options(options)
        if resolved["minimum"] < 0:
            raise RulesError(f"option 'minimum' of hkos must be 0 or more faan, got {resolved['minimum']}")
        if resolved["responsibility"] not in _RESPONSIBILITY:
            raise RulesError(
                f"option 'responsibility' of hkos must be 'half' or 'full', got {resolved['responsibility']!r}"
            )
        return _Profile(**resolved)

    # -- the table and the winning shapes

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        profile = self._profile(options)
        seats = 3 if profile.three_players else 4
        rounds = 1 if profile.short_match else 4
        return TableRules(
            bonus_tiles=profile.flowers,
            break_dice=3 if profile.three_dice_break else 2,
            dead_wall="reserve",
            rotation="dealer_keeps",
            rob_added_kong=True,
            false_win="refused",
            chow=not profile.three_players,
            hands_in_match=seats * rounds,  # every seat deals at least once per round
            seats=seats,
            removed_tiles=_THREE_PLAYER_REMOVED if profile.three_players else (),
            # docs/rules/hkos.md: bonus tiles are replaced "E, S, W, N in turn, repeatedly": in passes.
            bonus_chain="next_pass",
        )

    def forms(self, options: Mapping[str, Any] | None = None) -> Forms:
        """Thirteen orphans always wins (a limit hand); seven pairs only with its option."""
        return Forms(seven_pairs=self._profile(options).seven_pairs, thirteen_orphans=True, four_as_two_pairs=False)

    def has_minimum(self, options: Mapping[str, Any] | None = None) -> bool:
        profile = self._profile(options)
        return profile.minimum > 0 and not profile.practice

    # -- a score sheet's winner

    def faan_minimum(self, options: Mapping[str, Any] | None = None) -> int | None:
        """The option ``minimum`` (3 faan by default; the limit's at most); the practice profile counts no faan."""
        profile = self._profile(options)
        return None if profile.practice else min(profile.minimum, LIMIT_FAAN)

    def check_win(self, score: int, winner: str, options: Mapping[str, Any], *, field: str = "scores") -> None:
        """A winning hand scores the faan table's points from the minimum up (1 in practice)."""
        minimum = self.faan_minimum(options)
        allowed = (1,) if minimum is None else FAAN_POINTS[minimum:]
        if score not in allowed:
            raise ScoresError(
                f"{field}.{winner}",
                N_("{value} is not a score of this HKOS table: a winning hand scores one of {allowed}"),
                value=score,
                allowed=", ".join(str(v) for v in allowed),
            )

    # -- scoring

    def score(self, situation: HandSituation) -> ScoreResult:
        profile, found = self._assess(situation)
        if found is None:
            # Only the winner scores: a losing hand is a row of zeros on the sheet.
            return ScoreResult(self.name, True, 0, details={"faan": 0}, arithmetic="only the winner scores: 0 points")
        if isinstance(found, str):
            return ScoreResult(self.name, False, 0, reason=found, details={"faan": 0})
        reading = found
        if profile.practice:
            return ScoreResult(
                self.name, True, 1, reading.items, details={"faan": 0}, arithmetic="practice win = 1 point"
            )
        if reading.faan < profile.minimum:
            return ScoreResult(
                self.name,
                False,
                0,
                reading.items,
                reason=f"needs {profile.minimum} faan, has {reading.faan}",
                details={"faan": reading.faan},
                arithmetic=f"{reading.faan} faan, below the minimum of {profile.minimum}: no win",
            )
        total = _total(profile, reading)
        return ScoreResult(
            self.name,
            True,
            total,
            reading.items,
            limit=reading.limit,
            details={"faan": reading.faan},
            arithmetic=_arithmetic(reading, total),
        )

    def win_value(self, situation: HandSituation) -> int:
        # score()'s total without its card.
        check_tile_counts(situation)
        return self.prototype_value(situation)

    def prototype_value(self, situation: HandSituation) -> int:
        # The bots value every candidate hand this way. A wait on a tile whose four copies the hand
        # already holds is valued as if the wall could still give it, as the bots always have: the
        # bots weigh each wait by the copies left, and refusing it here would change their play.
        profile, found = self._assess(situation, checked=False)
        if found is None or isinstance(found, str):
            return 0
        return _total(profile, found)

    def _assess(self, situation: HandSituation, checked: bool = True) -> tuple[_Profile, _Reading | str | None]:
        """The options, and the hand's reading that scores most: None for a hand with no winning
        tile (a loser's), a reason for one that is not a winning shape, the practice win's line
        under the practice option."""
        if checked:
            check_tile_counts(situation)
        profile = self._profile(situation.options)
        if not profile.flowers or profile.three_players:
            _check_table(situation, profile)
        winning_tile = situation.winning_tile
        if winning_tile is None:
            return profile, None

        standing = [0] * 34
        for tile in situation.concealed:
            standing[tile] += 1
        standing[winning_tile] += 1
        melds = situation.melds

        regular = regular_shanten(standing, len(melds)) == -1
        seven_pairs = orphans = False
        if not melds:
            seven_pairs = is_seven_pairs(standing)
            orphans = not regular and is_thirteen_orphans(standing)
        if not (regular or orphans or (seven_pairs and profile.seven_pairs)):
            if seven_pairs:
                return (
                    profile,
                    "not a winning hand: seven pairs does not win under these rules (option seven_pairs is off)",
                )
            return profile, "not a winning hand: the tiles do not make four sets and a pair"
        if profile.practice:
            return profile, _PRACTICE_READING
        return profile, self._best_reading(situation, profile, standing, regular, orphans, seven_pairs)

    def _best_reading(
        self,
        situation: HandSituation,
        profile: _Profile,
        standing: list[int],
        regular: bool,
        orphans: bool,
        seven_pairs: bool,
    ) -> _Reading:
        if orphans:
            return _LIMIT_READINGS["thirteen_orphans"]

        every = list(standing)
        has_declared_chow = False
        open_meld = False
        for meld in situation.melds:
            if meld.kind is MeldKind.CHOW:
                has_declared_chow = True
            if meld.open:
                open_meld = True
            for tile in meld.tiles:
                every[tile] += 1

        suits = [any(every[start : start + 9]) for start in (0, 9, 18)]
        suit_count = suits.count(True)
        has_honours = any(every[27:34])

        # Items that do not depend on how the hand is split, in the order a player counts them
        # after the hand's patterns: the way it was won, then the bonus tiles.
        suit_items: tuple[ScoreItem, ...] = ()
        if suit_count == 1:
            suit_items = (_ONE_SUIT_ITEMS[suits.index(True)][1 if has_honours else 0],)
        win_items = []
        self_drawn = situation.win_by not in _DISCARD_WINS
        if self_drawn:
            win_items.append(_SELF_DRAWN_ITEM)
        if not open_meld and (not self_drawn or profile.concealed_self_draw):
            win_items.append(_CONCEALED_ITEM)
        if profile.flowers:
            bonus = situation.bonus
            if bonus:
                seat = situation.seat_wind
                for tile in sorted(bonus):
                    if tile.seat == seat:
                        win_items.append(_OWN_BONUS_ITEMS[tile])
            else:
                win_items.append(_NO_BONUS_ITEM)
        tail = tuple(win_items)
        tail_faan = sum(item.value for item in tail) + sum(item.value for item in suit_items)

        best: _Reading | None = None
        if seven_pairs and profile.seven_pairs:
            if suit_count == 0:
                best = _LIMIT_READINGS["all_honours"]
            else:
                best = _Reading(suit_items + (_SEVEN_PAIRS_ITEM,) + tail, tail_faan + _SEVEN_PAIRS_ITEM.value)
        if not regular:
            assert best is not None
            return best

        seat_wind = _WIND_OF_SEAT[situation.seat_wind]
        round_wind = _WIND_OF_SEAT[situation.round_wind]
        if every[27] >= 3 and every[28] >= 3 and every[29] >= 3 and every[30] >= 3:
            return _LIMIT_READINGS["great_four_winds"]
        if suit_count == 0:
            return _LIMIT_READINGS["all_honours"]

        items = list(suit_items)
        if _all_pungs(standing, has_declared_chow):
            items.append(_ALL_PUNGS_ITEM)
        elif (not has_honours or every[27:34].count(0) == 6) and all(
            meld.kind is MeldKind.CHOW for meld in situation.melds
        ):
            valued = frozenset(_DRAGONS) | {seat_wind, round_wind}
            if _all_chows(standing, valued):
                items.append(_ALL_CHOWS_ITEM)
        if has_honours:
            # Honours never run, so a count of three or four is a pung or kong and two is the pair.
            if every[seat_wind] >= 3:
                items.append(_SEAT_WIND_ITEM[seat_wind])
            if every[round_wind] >= 3:
                items.append(_ROUND_WIND_ITEM[round_wind])
            dragon_pungs = [d for d in _DRAGONS if every[d] >= 3]
            if len(dragon_pungs) == 3:
                items.append(_GREAT_THREE_DRAGONS_ITEM)
            elif len(dragon_pungs) == 2 and any(every[d] == 2 for d in _DRAGONS):
                items.append(_LITTLE_THREE_DRAGONS_ITEM)
            else:
                items.extend(_DRAGON_PUNG_ITEM[dragon] for dragon in dragon_pungs)
        faan = tail_faan + sum(item.value for item in items[len(suit_items) :])
        items.extend(tail)
        regular_reading = _Reading(tuple(items), faan)
        if best is None or regular_reading.faan >= best.faan:
            return regular_reading
        return best

    def scoring_table(self) -> ScoringTable:
        return ScoringTable(
            (
                ScoringSection("Faan", tuple(_TABLE.values())),
                ScoringSection(
                    "Limit hands", tuple(_LIMITS.values()), f"worth the limit, {LIMIT_FAAN} faan, and nothing else"
                ),
                ScoringSection("Practice", (_PRACTICE_WIN,)),
            ),
            (
                "The faan of the reading that scores most are added up and turned into points by the table"
                f" of points; {LIMIT_FAAN} faan or more score the limit, {FAAN_POINTS[LIMIT_FAAN]} points.",
                "A hand needs the minimum (option minimum, 3 faan by default) to win; only the winner scores.",
                "On a discard the discarder pays double and the others single (option responsibility: full, the"
                " discarder pays for all); on a self-draw everybody pays double.",
            ),
            tuple(
                (f"{faan} faan" if faan < LIMIT_FAAN else f"{faan}+ faan", points)
                for faan, points in enumerate(FAAN_POINTS)
            ),
        )

    # -- settlement

    def settle(self, settlement: Settlement) -> dict[str, int]:
        profile = self._profile(settlement.options)
        seats = SEATS[:3] if profile.three_players else SEATS
        if profile.three_players:
            for field_name in ("winner", "discarder"):
                if getattr(settlement, field_name) == "N":
                    raise SituationError(field_name, "there is no North seat in the three-player game")
        payments = dict.fromkeys(seats, 0)
        winner = settlement.winner
        if winner is None or profile.practice:
            return payments  # a drawn hand pays nothing; practice hands are not paid for
        points = settlement.scores[winner]
        losers = [seat for seat in seats if seat != winner]
        if settlement.win_by in _DISCARD_WINS:
            discarder = settlement.discarder
            if discarder not in losers:
                raise SituationError("discarder", f"a win on a discard needs the discarder's seat, got {discarder!r}")
            if profile.responsibility == "full":
                # The discarder takes on what the whole table would have paid for the discard.
                payments[discarder] = -(2 * points + (len(losers) - 1) * points)
            else:
                for seat in losers:
                    payments[seat] = -2 * points if seat == discarder else -points
        else:
            for seat in losers:
                payments[seat] = -2 * points
        payments[winner] = -sum(payments[seat] for seat in losers)
        return payments


def _check_table(situation: HandSituation, profile: _Profile) -> None:
    """Tiles and seats that cannot occur at a table with these options are input errors."""
    if not profile.flowers:
        if situation.bonus:
            raise SituationError("bonus", "no flowers or seasons are in play (option flowers is false)")
        if situation.win_by == "flower_replacement":
            raise SituationError("win_by", "there are no flower replacements without flowers (option flowers is false)")
    if profile.three_players:
        if situation.seat_wind == "N":
            raise SituationError("seat_wind", "there is no North seat in the three-player game")
        if any(tile in _NORTH_BONUS for tile in situation.bonus):
            raise SituationError("bonus", "North's flower and season (4f, 8f) are not used in the three-player game")
        removed = "the 2-8 of characters are not used in the three-player game"
        if any(1 <= tile <= 7 for tile in situation.concealed):
            raise SituationError("concealed", removed)
        if situation.winning_tile is not None and 1 <= situation.winning_tile <= 7:
            raise SituationError("winning_tile", removed)
        for index, meld in enumerate(situation.melds):
            if meld.kind is MeldKind.CHOW:
                raise SituationError(f"melds[{index}]", "chows cannot be claimed in the three-player game")
            if 1 <= meld.tiles[0] <= 7:
                raise SituationError(f"melds[{index}]", removed)
