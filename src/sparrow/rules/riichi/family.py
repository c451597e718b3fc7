"""Riichi as a registered family (``get_ruleset("riichi")``): hand situations scored by the exact
scorer, settlements, the scoring table and the options, through the seams every family offers.

A situation names Riichi's facts as ``core.family_facts`` reads them: ``dora`` and ``ura_dora``
(the indicators), ``honba``, ``riichi_sticks``, red fives as ``0m``/``0p``/``0s`` in the tiles, and the
moments ``riichi``, ``double_riichi``, ``ippatsu``, ``last_tile`` (haitei on a tsumo, houtei on a ron),
``heavenly`` (tenhou) and ``earthly`` (chiihou on a tsumo, renhou on a ron); ``win_by`` is
``kong_replacement`` for rinshan kaihou and ``robbing_kong`` for chankan. The table itself is not the
shared engine's: a Riichi game is played by ``sparrow.game.riichi`` (its own state machine).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from sparrow.core.analysis import Forms
from sparrow.core.messages import quote
from sparrow.core.situation import HandSituation, SituationError
from sparrow.core.tiles import SEATS
from sparrow.i18n.markers import N_
from sparrow.rules.ranks import RankLadder
from sparrow.rules.riichi.hand import (
    DEFAULT_OPTIONS,
    NotWinningError,
    NoYakuError,
    RiichiError,
    RiichiHand,
)
from sparrow.rules.riichi.points import hand_points, payments
from sparrow.rules.riichi.presets import ABORTIVE_DRAWS, DEFAULT_PRESET, PRESETS, MatchOptions, match_options
from sparrow.rules.riichi.ranks import RIICHI_LADDER
from sparrow.rules.riichi.scorer import score
from sparrow.rules.riichi.yaku import scoring_table
from sparrow.rules.ruleset import MatchChoice, RulesError, Ruleset, ScoreResult, ScoringTable, Settlement, TableRules

__all__ = ["Riichi", "riichi_hand", "match_of", "table_rows", "OPTION_HELP"]

# The options are the match's (a preset's values, flat), the scorer's among them; ``preset`` names
# the set the others start from, and an option given beside it overrides the preset's value.
_DEFAULTS: Mapping[str, Any] = {"preset": DEFAULT_PRESET, **PRESETS[DEFAULT_PRESET]}
OPTION_HELP: Mapping[str, str] = {
    "preset": f"the named option set the others start from: {', '.join(PRESETS)}",
    "length": "hanchan (East and South rounds) or tonpuu (East only)",
    "start_points": "each player's points at the start",
    "return_points": "the points results are reckoned from; the top player takes the difference x4 (oka)",
    "uma": "the bonus by place, first to fourth, in thousands",
    "split_ties": "tied players share their places' uma (false: the earlier seat from the first dealer ranks higher)",
    "red_fives": "red fives in the set, one a suit (0 or 3); each counts one han",
    "double_ron": "two players may win on one discard (false: head bump, the nearest wins)",
    "triple_ron": "three winners on one discard: abortive, allowed or head_bump",
    "nagashi_mangan": "an exhaustive draw with only terminal and honour discards, none called, pays mangan",
    "busting": "a player below zero ends the match",
    "agari_yame": "the last dealer, leading, may stop after a win",
    "tenpai_yame": "the last dealer, leading, may stop after a drawn hand in tenpai",
    "west_extension": "play on into the West round while nobody has west_target",
    "west_target": "the points that end an extended match",
    "nine_terminals": "abortive draw: nine kinds of terminals and honours in the first draw",
    "four_winds": "abortive draw: the same wind discarded by all four players first",
    "four_kongs": "abortive draw: four kans by more than one player",
    "four_riichi": "abortive draw: all four players in riichi",
    "leftover_sticks_to_top": "riichi sticks left on the table at the end go to the top player",
    "wait_on_own_fourth": "a wait on a kind whose four copies the player holds counts as a wait",
    "pao": "yakuman whose last set's feeder pays (daisangen, daisuushii, suukantsu)",
    "pao_scope": "what the feeder answers for on a hand of several yakuman: hand (all of it) or yakuman (its own)",
    "open_tanyao": "all simples (tanyao) counts with open sets too (kuitan)",
    "kiriage": "4 han 30 fu and 3 han 60 fu are rounded up to mangan",
    "kazoe_yakuman": "13 han or more of ordinary yaku is a yakuman (false: sanbaiman)",
    "double_yakuman": "13-wait kokushi, tanki suuankou, 9-wait chuuren and daisuushii count two yakuman",
    "renhou": "a non-dealer's ron before the first draw: none, mangan (a 5-han yaku) or yakuman",
    "double_wind_pair_fu": "fu for a pair of the wind that is both seat and round wind (4 or 2)",
}


def match_of(options: Mapping[str, Any] | None) -> MatchOptions:
    """The match options ``options`` name: a preset and overrides (raises :class:`RulesError`)."""
    given = dict(options or {})
    preset = given.pop("preset", DEFAULT_PRESET)
    if not isinstance(preset, str):
        raise RulesError(f"option 'preset' of riichi must be str, got {quote(preset)}")
    return match_options(preset, given)


_ONLY_WINS = "only the winner's hand is scored in riichi: this one has no winning tile"
# RiichiHand's field names in its errors, as the situation names them.
_FIELD_OF_FACT = {
    "dora_indicators": "dora",
    "ura_dora_indicators": "ura_dora",
    "aka": "concealed",
    "rinshan": "win_by",
    "chankan": "win_by",
    "dealer": "seat_wind",
    **{name: "moments" for name in ("riichi", "ippatsu", "haitei", "houtei", "tenhou", "chiihou", "renhou")},
}
# Every value of a hand below the limits (base points fu x 2^(han+2)) and the limits', to read a
# winner's total back into who pays what (:meth:`Riichi.settle`).
_BASES = sorted(
    {fu << (han + 2) for han in range(1, 5) for fu in (20, 25, *range(30, 120, 10)) if fu << (han + 2) <= 2000}
    | {2000, 3000, 4000, 6000, *(8000 * n for n in range(1, 7))}
)


def riichi_hand(situation: HandSituation, options: Mapping[str, Any] | None = None) -> RiichiHand:
    """The scorer's hand of a winning situation whose tiles ``situation.check()`` has passed (raises
    :class:`SituationError` naming the field)."""
    if situation.winning_tile is None:
        raise SituationError("winning_tile", "riichi scores a winning hand: give the tile that completed it")
    if situation.bonus:
        raise SituationError("bonus", "riichi is played without flowers and seasons")
    win_by = situation.win_by
    if win_by == "flower_replacement":
        raise SituationError("win_by", "riichi is played without flowers and seasons: no flower replacement")
    moments = situation.moments
    tsumo = win_by in ("self_draw", "kong_replacement")
    facts = situation.facts
    given = options if options is not None else situation.options
    scoring = match_of(given).scoring if given else DEFAULT_OPTIONS
    red = situation.red_fives
    if any(red) and not scoring.aka_dora:
        raise SituationError("concealed", "red fives are not in play under these options (option red_fives)")
    try:
        return RiichiHand(
            situation.concealed,
            situation.winning_tile,
            situation.melds,
            tsumo=tsumo,
            seat_wind=situation.seat_wind,
            round_wind=situation.round_wind,
            riichi="riichi" in moments,
            double_riichi="double_riichi" in moments,
            ippatsu="ippatsu" in moments,
            haitei="last_tile" in moments and tsumo,
            houtei="last_tile" in moments and not tsumo,
            rinshan=win_by == "kong_replacement",
            chankan=win_by == "robbing_kong",
            tenhou="heavenly" in moments,
            chiihou="earthly" in moments and tsumo,
            renhou="earthly" in moments and not tsumo,
            dora_indicators=facts.get("dora", ()),
            ura_dora_indicators=facts.get("ura_dora", ()),
            aka=red,
            honba=facts.get("honba", 0),
            riichi_sticks=facts.get("riichi_sticks", 0),
            options=scoring,
        )
    except RiichiError as error:
        raise _situation_error(error) from None


# The presets by the names their players know them by (the same in every language).
_PRESET_NAMES = {"tenhou": "Tenhou", "mahjong-soul": "Mahjong Soul", "m-league": "M-League", "wrc": "WRC"}


def _situation_error(error: RiichiError) -> SituationError:
    message = str(error).split(": ", 1)[1] if ": " in str(error) else str(error)
    return SituationError(_FIELD_OF_FACT.get(error.field, error.field), message)


class Riichi(Ruleset):
    """Japanese Riichi mahjong, Tenhou's ranked rules by default (docs/rules/riichi.md)."""

    name: ClassVar[str] = "riichi"
    title: ClassVar[str] = "Riichi (Japanese mahjong)"
    summary: ClassVar[str] = (
        "Japanese mahjong as Tenhou's ranked game plays it: yaku and dora, han and fu, riichi, furiten; "
        "a hand needs one yaku."
    )
    defaults: ClassVar[Mapping[str, Any]] = _DEFAULTS
    option_help: ClassVar[Mapping[str, str]] = OPTION_HELP
    limit_unit: ClassVar[str] = "base points"
    bars_swap_calls: ClassVar[bool] = True  # kuikae
    presets: ClassVar[Mapping[str, Mapping[str, Any]]] = PRESETS
    # What the faces show of it (its score sheet is a kind of its own: ``sparrow.sheets.riichi``).
    order: ClassVar[int] = 50
    short_name: ClassVar[str] = "Riichi"
    sheet_rows: ClassVar[str] = "games"
    sheet_label: ClassVar[str] = N_("Riichi: one row per game, with uma and oka")
    sheet_order: ClassVar[int | None] = 60  # after the score app's own rules (seed 000)
    sheet_chombo: ClassVar[int | None] = 20  # 20,000 points after uma: 20 rank points (rules/riichi.md, Chombo)
    log_formats: ClassVar[tuple[str, ...]] = ("mjai",)
    play_label: ClassVar[str] = N_("Riichi (Japanese, Tenhou rules)")
    play_intro: ClassVar[str] = N_(
        "Build four sets and a pair, or seven pairs, with at least one yaku: call chi, pon and kan on discards,"
        " declare riichi when your closed hand is ready, and win by ron or tsumo. Dora and red fives add han."
    )
    rank_ladder: ClassVar[RankLadder | None] = RIICHI_LADDER  # kyu and dan between people
    # A hand's score reads only these of a whole match's options (the preset has a field of its own).
    calculator_options: ClassVar[tuple[str, ...] | None] = (
        "preset", "red_fives", "open_tanyao", "kiriage", "kazoe_yakuman", "double_yakuman", "renhou",
        "double_wind_pair_fu", "wait_on_own_fourth",
    )  # fmt: skip
    option_labels: ClassVar[Mapping[str, str]] = {
        "preset": N_("Preset"),
        "red_fives": N_("Red fives in the set (0 or 3)"),
        "open_tanyao": N_("Tanyao with open sets (kuitan)"),
        "kiriage": N_("Kiriage mangan (4 han 30 fu, 3 han 60 fu)"),
        "kazoe_yakuman": N_("13 han or more is a yakuman (kazoe)"),
        "double_yakuman": N_("Double yakuman count two"),
        "renhou": N_("Renhou (a non-dealer's ron before the first draw)"),
        "double_wind_pair_fu": N_("Fu for a pair of the double wind"),
        "wait_on_own_fourth": N_("A wait on a tile you hold four of counts"),
    }
    option_values: ClassVar[Mapping[str, Mapping[Any, str]]] = {
        # the presets by their own names, in any language
        "preset": {name: _PRESET_NAMES.get(name, name) for name in PRESETS},
        "renhou": {"none": N_("Not played"), "mangan": N_("Mangan"), "yakuman": N_("Yakuman")},
    }
    match_choices: ClassVar[tuple[MatchChoice, ...]] = (
        (
            "preset",
            N_("Rules of"),
            (
                ("tenhou", N_("Tenhou (ranked game)")),
                ("mahjong-soul", N_("Mahjong Soul")),
                ("m-league", N_("M-League")),
                ("wrc", N_("World Riichi Championship")),
            ),
        ),
        (
            "length",
            N_("Match length"),
            (("hanchan", N_("East and South rounds (hanchan)")), ("tonpuu", N_("East round only (tonpuusen)"))),
        ),
    )

    def resolve_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        super().resolve_options(options)  # the names and types
        match = match_of(options)  # the values, on top of the preset
        return {"preset": (options or {}).get("preset", DEFAULT_PRESET), **match.to_dict()}

    def placement_bonus(self, options: Mapping[str, Any] | None = None) -> tuple[int, ...]:
        # The uma, in thousands, and the oka to the top (final_results reckons a match by both).
        match = match_of(options)
        bonus = [1000 * uma for uma in match.uma]
        bonus[0] += match.oka
        return tuple(bonus)

    def procedure(self, options: Mapping[str, Any] | None = None) -> list[tuple[str, str]]:
        return table_rows(match_of(options))

    def table(self, options: Mapping[str, Any] | None = None) -> TableRules:
        match = match_of(options)
        return TableRules(
            bonus_tiles=False,
            break_dice=2,
            dead_wall="fixed",
            rotation="dealer_keeps",
            rob_added_kong=True,
            hands_in_match=8 if match.length == "hanchan" else 4,
            engine="riichi",
        )

    def forms(self, options: Mapping[str, Any] | None = None) -> Forms:
        # Seven different pairs (four of a kind is not two pairs) and thirteen orphans.
        return Forms(seven_pairs=True, thirteen_orphans=True, four_as_two_pairs=False)

    def score(self, situation: HandSituation) -> ScoreResult:
        situation.check()
        if situation.winning_tile is None:
            return ScoreResult("riichi", False, 0, reason=_ONLY_WINS)
        hand = riichi_hand(situation)
        try:
            return score(hand).to_score_result()
        except (NotWinningError, NoYakuError) as error:
            reason = str(error).split(": ", 1)[1]
            return ScoreResult("riichi", False, 0, reason=reason)
        except RiichiError as error:
            raise _situation_error(error) from None

    def win_value(self, situation: HandSituation) -> int:
        situation.check()
        if situation.winning_tile is None:
            return 0
        hand = riichi_hand(situation)
        try:
            return score(hand).points
        except (NotWinningError, NoYakuError):
            return 0
        except RiichiError as error:
            raise _situation_error(error) from None

    def scoring_table(self) -> ScoringTable:
        return scoring_table()

    def settle(self, settlement: Settlement) -> dict[str, int]:
        """Who pays the winner's ``scores`` total (the hand's value before honba and riichi sticks, as
        :meth:`score` gives it). East deals. A drawn hand pays nothing here: the noten payments need
        who was ready, which the table and the score sheet know."""
        result = dict.fromkeys(SEATS, 0)
        winner = settlement.winner
        if winner is None:
            return result
        self.resolve_options(settlement.options)
        total = settlement.scores[winner]
        dealer = winner == "E"
        tsumo = settlement.win_by in ("self_draw", "kong_replacement")
        if settlement.win_by == "flower_replacement":
            raise SituationError("win_by", "riichi is played without flowers and seasons: no flower replacement")
        base = next((b for b in _BASES if hand_points(b, dealer, tsumo) == total), None)
        if base is None:
            how = ("the dealer's " if dealer else "a non-dealer's ") + ("tsumo" if tsumo else "ron")
            raise SituationError(f"scores.{winner}", f"{total:,} is not the value of any riichi hand won by {how}")
        paid = payments(base, dealer, tsumo, 0, 0)
        if not tsumo:
            assert settlement.discarder is not None
            result[settlement.discarder] = -paid.ron
        else:
            for seat in SEATS:
                if seat != winner:
                    result[seat] = -(paid.non_dealer if dealer or seat != "E" else paid.dealer)
        result[winner] = -sum(result.values())
        return result


def table_rows(match: MatchOptions) -> list[tuple[str, str]]:
    """The table procedure of a match, as (what, how) lines for people (``sparrow rules riichi``)."""
    uma = " / ".join(f"{value:+d}" for value in match.uma)
    aborts = [name.replace("_", " ") for name in ABORTIVE_DRAWS if match.abortive(name)]
    if match.triple_ron == "abortive":
        aborts.append("three rons")
    return [
        ("players", "4 (E, S, W, N)"),
        ("tiles", "136" + (", three of them red fives (0m 0p 0s)" if match.red_fives else ", no red fives")),
        ("dead wall", "14 tiles: the dora indicators, a kan dora for each kan, ura dora for a riichi winner"),
        ("match", "East and South rounds (hanchan)" if match.length == "hanchan" else "the East round only (tonpuu)"),
        ("points", f"{match.start_points:,} each at the start, results reckoned from {match.return_points:,}"),
        ("uma", f"{uma} (thousands, first to fourth)" + (", ties share" if match.split_ties else "")),
        ("riichi", "a closed ready hand, 1,000 points and at least four tiles left in the wall"),
        ("a hand needs", "one yaku (dora are not yaku); furiten: no ron on a wait discarded"),
        ("dealer", "keeps the deal on a win and when ready at a draw; each keep adds a honba (300)"),
        ("on one discard", ("two may win" if match.double_ron else "head bump: the nearest wins")),
        ("abortive draws", ", ".join(aborts) or "none"),
        (
            "exhaustive draw",
            "the ready players take 3,000 from the others"
            + (", nagashi mangan counts" if match.nagashi_mangan else ""),
        ),
        (
            "the end",
            ("a player below zero ends it; " if match.busting else "")
            + ("the leading last dealer may stop" if match.agari_yame else "every hand is played"),
        ),
    ]


def _check_option_names() -> None:
    names = set(_DEFAULTS)
    if names != set(OPTION_HELP):
        raise AssertionError(f"every riichi option needs its help line: {quote(sorted(names ^ set(OPTION_HELP)))}")


_check_option_names()
