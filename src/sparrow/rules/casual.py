"""The casual vs-computer game (seed 001, ``docs/rules/casual.md``).

A win is four sets and a pair, or seven *different* pairs held fully concealed; any such shape wins
(there is no minimum). The hand is worth ``20 × 2^fan`` with the fan capped (option ``max_fan``,
default 5), then × 1.5 when the winner is the dealer. On a discard (Ron) the discarder pays that
value; on a self-draw (Tsumo) each of the three opponents pays a third of it, rounded up.

No fan depends on where the winning tile stands or on the wait, so the "highest-scoring split" of a
hand is only a choice between two facts of its tiles: whether some split has no chow (all
triplets) and whether it is read as seven pairs instead. Both are read off the tile counts directly,
which keeps scoring to a few microseconds a hand (see ``docs/rules/casual.md``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sparrow.core.analysis import Forms, regular_shanten
from sparrow.core.analysis import waits as analysis_waits
from sparrow.core.hand import MeldKind
from sparrow.core.shapes import check_tile_counts
from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import KINDS, SEATS, Tile, format_tiles
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

__all__ = ["Casual", "BASE_VALUE"]

BASE_VALUE = 20  # a hand with no fan; doubled once per fan
FAN = "fan"

# Seven *different* pairs only (four of a kind is not two pairs), and no thirteen orphans.
_FORMS = Forms(seven_pairs=True, thirteen_orphans=False, four_as_two_pairs=False)

# Tile indexes (see sparrow.core.tiles): 1 and 9 of each suit, and the first honour.
_TERMINAL_INDEXES = (0, 8, 9, 17, 18, 26)
_FIRST_HONOUR = 27
_FIRST_DRAGON = 31
_SEAT_OF_WIND = {seat: _FIRST_HONOUR + index for index, seat in enumerate(SEATS)}
_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")

# The scoring table: the score card's lines are made from these rows (``sparrow rules casual``
# lists them). The items are built once: a ScoreItem is a frozen value, and scoring only picks among them.
_TABLE = {
    "concealed_self_draw": ScoringEntry(
        "Concealed self-draw", FAN, 1, "won by self-draw or on a kong replacement, nothing claimed"
    ),
    "all_simples": ScoringEntry("All simples", FAN, 1, "only 2 to 8 of the suits: no terminals, no honours"),
    "dragon_triplet": ScoringEntry("Honour triplet ({tile})", FAN, 1, "a triplet or kong of a dragon"),
    "round_wind_triplet": ScoringEntry(
        "Honour triplet ({tile}, round wind)", FAN, 1, "a triplet or kong of the round wind"
    ),
    "seat_wind_triplet": ScoringEntry(
        "Honour triplet ({tile}, seat wind)", FAN, 1, "a triplet or kong of the seat wind (both: 2 fan)"
    ),
    "all_triplets": ScoringEntry("All triplets", FAN, 2, "four triplets or kongs and a pair"),
    "seven_pairs": ScoringEntry("Seven pairs", FAN, 2, "seven different pairs, nothing declared"),
    "half_flush": ScoringEntry("Half flush", FAN, 2, "one suit and honours"),
    "full_flush": ScoringEntry("Full flush", FAN, 4, "one suit, no honours"),
    "all_honours": ScoringEntry("All honours", FAN, 4, "honours only"),
}
_CONCEALED_SELF_DRAW = _TABLE["concealed_self_draw"].item()
_ALL_SIMPLES = _TABLE["all_simples"].item()
_ALL_TRIPLETS = _TABLE["all_triplets"].item()
_SEVEN_PAIRS = _TABLE["seven_pairs"].item()
_HALF_FLUSH = _TABLE["half_flush"].item()
_ALL_HONOURS = _TABLE["all_honours"].item()
_FULL_FLUSH = _TABLE["full_flush"].item()
_DRAGON_TRIPLET = {tile: _TABLE["dragon_triplet"].item(tile=KINDS[tile].name) for tile in range(31, 34)}
_ROUND_WIND_TRIPLET = {tile: _TABLE["round_wind_triplet"].item(tile=KINDS[tile].name) for tile in range(27, 31)}
_SEAT_WIND_TRIPLET = {tile: _TABLE["seat_wind_triplet"].item(tile=KINDS[tile].name) for tile in range(27, 31)}

_NOT_A_WIN = "not a winning hand: the tiles form neither four sets and a pair nor seven different pairs"


MAX_MATCH_HANDS = 64  # a match against the computer of more hands than this is a mistyped number


class Casual(Ruleset):
    typical_win = 33  # an average win's total at four Expert (docs/bots.md, "The evaluator")
    name = "casual"
    title = "Casual game against the computer"
    summary = "The casual game against the computer: any complete hand wins, worth 20 × 2^fan."
    defaults: ClassVar[Mapping[str, Any]] = {"max_fan": 5, "rotate": False, "hands": 1}
    option_help: ClassVar[Mapping[str, Any]] = {
        "max_fan": "the most fan a hand counts (whole number, 0 or more)",
        "rotate": "the deal moves on (the dealer keeps it with a win) and the score runs on; false: each deal stands alone",
        "hands": f"hands in a match, 1 to {MAX_MATCH_HANDS} (with rotate, whole rounds: 4 hands is the East round)",
    }
    # What the faces show of it: listed after the score app's own rules; its score sheet after the
    # riichi and free sheets (seed 003's game); each deal of its sheet stands alone.
    order: ClassVar[int] = 40
    sheet_order: ClassVar[int | None] = 90
    short_name: ClassVar[str] = N_("Casual")
    play_label: ClassVar[str] = N_("Casual (136 tiles, no minimum)")
    play_intro: ClassVar[str] = N_(
        "Build four sets and a pair, or seven different pairs: claim discards with Chi, Pong and Kong, and win"
        " by Ron or Tsumo. Any complete hand wins."
    )
    option_labels: ClassVar[Mapping[str, str]] = {
        "max_fan": N_("Most fan counted"),
        "rotate": N_("Rotate the dealer"),
        "hands": N_("Hands in a match"),
    }
    match_choices: ClassVar[tuple[MatchChoice, ...]] = (
        ("hands", N_("Match length"), ((1, N_("One hand")), (4, N_("4 hands")), (16, N_("16 hands")))),
        ("rotate", N_("Rotate the dealer (4 hands make the East round)"), ()),
    )
    sheet_lengths: ClassVar[tuple[tuple[str, str], ...]] = (("open", N_("Open-ended")),)
    # 136 tiles and no robbing the kong (docs/rules/casual.md).
    win_ways: ClassVar[tuple[str, ...]] = ("discard", "self_draw", "kong_replacement")

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        resolved = self._options(options)
        return TableRules(
            bonus_tiles=False,
            break_dice=2,
            dead_wall="none",
            rotation="dealer_keeps" if resolved["rotate"] else "none",
            rob_added_kong=False,
            false_win="refused",
            hands_in_match=resolved["hands"],
            seats_by_dice=False,
            round_wind="east",
            bonus_chain="next_pass",  # no bonus tiles in this game: never used
        )

    # -- what wins

    def forms(self, options: Mapping[str, Any] | None = None) -> Forms:
        return _FORMS

    def has_minimum(self, options: Mapping[str, Any] | None = None) -> bool:
        return False  # any legal shape wins

    def check_dealer_win(
        self, score: int, winner: str, options: Mapping[str, Any], dealer: bool, *, field: str = "scores"
    ) -> None:
        """A hand is worth 20 × 2^fan up to the cap, × 1.5 for the dealer (docs/rules/casual.md)."""
        values = tuple(BASE_VALUE << fan for fan in range(self._options(options)["max_fan"] + 1))
        allowed = tuple(value * 3 // 2 for value in values) if dealer else values
        if score not in allowed:
            who = N_("the dealer's") if dealer else N_("a non-dealer's")
            raise ScoresError(
                f"{field}.{winner}",
                N_("{value} is not {who} casual score: one of {allowed}"),
                value=score,
                who=who,
                allowed=", ".join(str(v) for v in allowed),
            )

    def waits(self, counts: Sequence[int], melds: int = 0, options: Mapping[str, Any] | None = None) -> list[Tile]:
        # The table-driven analysis with this family's forms gives the same answer as trying each
        # tile with is_complete, at a fraction of the cost.
        return analysis_waits(counts, melds, _FORMS)

    # -- scoring

    def score(self, situation: HandSituation) -> ScoreResult:
        check_tile_counts(situation)
        options = self._options(situation.options)
        _check_equipment(situation)
        if situation.winning_tile is None:
            # Only the winner's hand is scored in this game; a loser's hand is worth nothing.
            return ScoreResult(self.name, True, 0, details={"fan": 0})
        if situation.win_by == "robbing_kong":
            return _invalid("casual has no robbing the kong: a tile added to a pung cannot be claimed")

        melds = situation.melds
        counts = situation.counts()  # standing tiles with the winning tile
        standing = bytes(counts)
        # Seven pairs needs all 14 tiles in hand (no meld), each kind exactly twice.
        seven_pairs = not melds and not standing.translate(None, b"\x00\x02")
        regular = regular_shanten(counts, len(melds)) == -1
        if not regular and not seven_pairs:
            return _invalid(_not_a_win_reason(standing, melds))

        # Hand-wide facts, over every tile including the declared melds: which kinds are present.
        present = bytearray(standing)
        for meld in melds:
            for tile in meld.tiles:
                present[tile] = 1
        has_honours = any(present[_FIRST_HONOUR:])
        suits = bool(any(present[0:9])) + bool(any(present[9:18])) + bool(any(present[18:27]))

        head: list[ScoreItem] = []  # the fans that do not depend on the split, in counting order
        if situation.win_by in ("self_draw", "kong_replacement") and not situation.has_open_meld:
            head.append(_CONCEALED_SELF_DRAW)
        if not has_honours and not any(present[i] for i in _TERMINAL_INDEXES):
            head.append(_ALL_SIMPLES)
        tail: tuple[ScoreItem, ...]
        if suits == 0:
            tail = (_ALL_HONOURS,)
        elif suits == 1:
            tail = (_HALF_FLUSH,) if has_honours else (_FULL_FLUSH,)
        else:
            tail = ()

        # The two readings. A hand that is both seven pairs and four sets and a pair holds every
        # kind twice, so its regular split has chows and no honour triplet: seven pairs scores
        # more. Both are still compared, so the rule "the player gets the best reading" is visible.
        best: list[ScoreItem] | None = None
        if regular:
            best = head + _triplet_items(standing, melds, situation.seat_wind, situation.round_wind) + list(tail)
        if seven_pairs:
            pairs_reading = [*head, _SEVEN_PAIRS, *tail]
            if best is None or _fan(pairs_reading) > _fan(best):
                best = pairs_reading
        assert best is not None

        fan = _fan(best)
        max_fan = options["max_fan"]
        scored_fan = min(fan, max_fan)
        value = BASE_VALUE << scored_fan
        dealer = situation.seat_wind == "E"
        # Every factor says what it is, as the catalogue's templates word it (i18n/terms.py).
        arithmetic = f"{BASE_VALUE} (base) × 2{str(scored_fan).translate(_SUPERSCRIPT)} ({scored_fan} fan)"
        if dealer:
            # BASE_VALUE is even, so × 1.5 is always a whole number: no rounding is ever needed.
            value = value * 3 // 2
            arithmetic += " × 1.5 (dealer)"
        arithmetic += f" = {value}"
        if situation.win_by in ("self_draw", "kong_replacement"):
            arithmetic = _self_draw_share(arithmetic, value)
        if fan > max_fan:
            arithmetic = f"{fan} fan, capped at {max_fan}: {arithmetic}"
        return ScoreResult(
            self.name,
            True,
            value,
            tuple(best),
            details={"fan": fan, "scored_fan": scored_fan, "dealer": dealer},
            arithmetic=arithmetic,
        )

    def scoring_table(self) -> ScoringTable:
        return ScoringTable(
            (ScoringSection("Fan", tuple(_TABLE.values())),),
            (
                f"A hand is worth {BASE_VALUE} × 2^fan, the fan capped at the option max_fan; the dealer"
                " (seat E) gets × 1.5.",
                "Any complete hand wins: four sets and a pair, or seven different pairs; there is no minimum.",
                "On a discard the discarder pays the value; on a self-draw each opponent pays a third of it,"
                " rounded up.",
            ),
        )

    # -- payments

    def settle(self, settlement: Settlement) -> dict[str, int]:
        self._options(settlement.options)
        payments = dict.fromkeys(SEATS, 0)
        winner = settlement.winner
        if winner is None:
            return payments  # a washout: no one scores
        win_by = settlement.win_by
        if win_by == "robbing_kong":
            raise SituationError("win_by", "casual has no robbing the kong")
        if win_by == "flower_replacement":
            raise SituationError("win_by", "casual is played without flowers, so there is no flower replacement")
        value = settlement.scores[winner]
        if win_by == "discard":
            discarder = settlement.discarder
            if discarder not in SEATS or discarder == winner:
                raise SituationError(
                    "discarder", f"a win on a discard needs another seat as discarder, got {discarder!r}"
                )
            payments[discarder] = -value
            payments[winner] = value
            return payments
        # Tsumo (a kong replacement draw is one too): each opponent pays a third, rounded up,
        # and the winner receives what is paid, so the payments still sum to zero.
        share = -(-value // 3)
        for seat in SEATS:
            payments[seat] = 3 * share if seat == winner else -share
        return payments

    # -- helpers

    def _options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        resolved = self.resolve_options(options)
        if resolved["max_fan"] < 0:
            raise RulesError(f"option 'max_fan' of casual must be 0 or more, got {resolved['max_fan']!r}")
        if not 1 <= resolved["hands"] <= MAX_MATCH_HANDS:
            raise RulesError(f"option 'hands' of casual must be 1 to {MAX_MATCH_HANDS}, got {resolved['hands']!r}")
        return resolved


def _self_draw_share(arithmetic: str, value: int) -> str:
    """The calculation with what each opponent pays on a self-draw: a third of the value, and when a
    third is no whole number, that it was rounded up (as :meth:`Casual.settle` pays it)."""
    share = -(-value // 3)
    if share * 3 == value:
        return f"{arithmetic}; self-drawn: each opponent pays {value} ÷ 3 = {share}"
    return f"{arithmetic}; self-drawn: each opponent pays {value} ÷ 3, rounded up to {share}"


def _check_equipment(situation: HandSituation) -> None:
    """This game has 136 tiles: a flower or season, or a win on a flower replacement, is bad input."""
    if situation.bonus:
        raise SituationError(
            "bonus",
            f"casual is played with 136 tiles, without flowers or seasons (got {format_tiles(situation.bonus)})",
        )
    if situation.win_by == "flower_replacement":
        raise SituationError("win_by", "casual is played without flowers, so there is no flower replacement")
    if situation.win_by == "kong_replacement" and not situation.kong_count:
        raise SituationError("win_by", "a win on a kong replacement needs a declared kong")


def _triplet_items(standing: bytes, melds: Sequence[Any], seat_wind: str, round_wind: str) -> list[ScoreItem]:
    """Honour triplets (in the order of the tiles) and all triplets, for the four-sets-and-a-pair reading.

    Honours never form chows, so in a complete hand three of an honour standing are a triplet.
    """
    honour_sets = [tile for tile in range(_FIRST_HONOUR, 34) if standing[tile] == 3]
    has_declared_chow = False
    for meld in melds:
        if meld.kind is MeldKind.CHOW:
            has_declared_chow = True
        elif meld.tiles[0] >= _FIRST_HONOUR:
            honour_sets.append(meld.tiles[0])
    items = []
    round_tile = _SEAT_OF_WIND[round_wind]
    seat_tile = _SEAT_OF_WIND[seat_wind]
    for tile in sorted(honour_sets):
        if tile >= _FIRST_DRAGON:
            items.append(_DRAGON_TRIPLET[tile])
            continue
        # A wind that is both the round wind and the seat wind counts twice.
        if tile == round_tile:
            items.append(_ROUND_WIND_TRIPLET[tile])
        if tile == seat_tile:
            items.append(_SEAT_WIND_TRIPLET[tile])
    # All triplets: some split has no chow. In a complete hand that is exactly when no declared meld
    # is a chow and the standing tiles are threes of a kind and one pair.
    if not has_declared_chow and standing.count(2) == 1 and not standing.translate(None, b"\x00\x02\x03"):
        items.append(_ALL_TRIPLETS)
    return items


def _fan(items: Sequence[ScoreItem]) -> int:
    return sum(item.value for item in items)


def _invalid(reason: str) -> ScoreResult:
    return ScoreResult(Casual.name, False, 0, reason=reason, details={"fan": 0})


def _not_a_win_reason(standing: bytes, melds: Sequence[Any]) -> str:
    """Name the near miss a player is most likely to have made: four of a kind in seven pairs."""
    if not melds and not standing.translate(None, b"\x00\x02\x04"):
        doubled = [str(KINDS[tile]) for tile in range(34) if standing[tile] == 4]
        held = f"{doubled[0]} is held" if len(doubled) == 1 else f"{', '.join(doubled)} are each held"
        return f"not a winning hand: seven pairs must be seven different pairs, and {held} four times"
    return _NOT_A_WIN
