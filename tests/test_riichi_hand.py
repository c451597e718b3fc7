"""One hand of Riichi played by the state machine (sparrow.game.riichi).

Worked scenarios first, each on a wall laid out by hand (:func:`table` writes a ``hand_start`` with
the chosen deal, draws and dead wall, the rest of the set after them), then property tests on
random legal play from random seeds: every hand ends, the 136 tiles are all somewhere at every
moment, the events replay to the same state, and what a seat observes never depends on the tiles
hidden from it.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sparrow.game.riichi import (
    IllegalRiichiActionError,
    ReplayError,
    RiichiAction,
    RiichiActionError,
    RiichiActionKind,
    RiichiHandOverError,
    RiichiHandState,
    observation,
    replay,
)
from sparrow.game.riichi.tiles import LIVE_END, TILE_COUNT, face_kind, indicator_index, parse_face, rinshan_index
from sparrow.rules.riichi.presets import MatchOptions

K = RiichiActionKind
# Three hands of singles with no two tiles of a run within reach: they never call, win or wait.
SOUTH = "258m258p258s1z3z4z6z"
WEST = "369m369p369s2z4z5z7z"
NORTH = "147m147p147s1z2z3z6z"


def faces(text: str) -> list[str]:
    """``"123m0p"`` -> ``["1m", "2m", "3m", "0p"]``."""
    out: list[str] = []
    digits = ""
    for char in text.replace(" ", ""):
        if char.isdigit():
            digits += char
        else:
            out.extend(d + char for d in digits)
            digits = ""
    assert not digits, text
    return out


def table(
    east: str,
    south: str = SOUTH,
    west: str = WEST,
    north: str = NORTH,
    *,
    draws: str = "",
    last: str = "",
    dora: str = "",
    ura: str = "",
    kan_dora: str = "",
    rinshan: str = "",
    at: dict[int, str] | None = None,
    dealer: int = 0,
    options: MatchOptions | None = None,
    **standing: Any,
) -> RiichiHandState:
    """A hand dealt from a chosen wall: the hands by seat wind (east deals), the live draws in
    order from the dealer's first, the last live tile, the dead wall's indicators and replacement
    tiles; every other tile of the set fills the gaps in the set's order."""
    options = options or MatchOptions()
    wall: list[str | None] = [None] * TILE_COUNT
    hands = [faces(east), faces(south), faces(west), faces(north)]
    assert all(len(hand) == 13 for hand in hands), [len(h) for h in hands]
    for round_ in range(3):
        for wind in range(4):
            for k in range(4):
                wall[16 * round_ + 4 * wind + k] = hands[wind][4 * round_ + k]
    for wind in range(4):
        wall[48 + wind] = hands[wind][12]
    for index, name in enumerate(faces(draws)):
        wall[52 + index] = name
    if last:
        wall[LIVE_END - 1] = last
    for number, name in enumerate([*faces(dora), *faces(kan_dora)]):
        wall[indicator_index(number)] = name
    for number, name in enumerate(faces(ura)):
        wall[indicator_index(number) + 1] = name
    for number, name in enumerate(faces(rinshan)):
        wall[rinshan_index(number)] = name
    for index, name in (at or {}).items():
        wall[index] = name
    every = Counter({f"{rank}{suit}": 4 for suit in "mps" for rank in range(1, 10)})
    every.update({f"{rank}z": 4 for rank in range(1, 8)})
    for suit in "mps":
        every[f"5{suit}"] -= 1
        every[f"0{suit}"] = 1
    used = Counter(name for name in wall if name is not None)
    over = {name: count for name, count in used.items() if count > every[name]}
    assert not over, f"more copies than the set has: {over}"
    rest = [name for name in sorted(every) for _ in range(every[name] - used[name])]
    wall = [name if name is not None else rest.pop(0) for name in wall]
    start = RiichiHandState(0, dealer_seat=dealer, options=options, **standing).events[0]
    start = {**start, "wall": wall, "seed": None, "dice": []}
    return RiichiHandState.from_hand_start(start)


def discard(state: RiichiHandState, tile: str, riichi: bool = False) -> None:
    """The seat on turn discards ``tile``."""
    state.apply(RiichiAction.discard(state.turn, tile, riichi))


def tsumogiri(state: RiichiHandState, turns: int = 1) -> None:
    """The seat on turn discards what it drew, everyone passes on it; ``turns`` times."""
    for _ in range(turns):
        assert state.drawn is not None and state.phase == "turn"
        discard(state, state.name(state.drawn))
        pass_all(state)


def pass_all(state: RiichiHandState) -> None:
    while state.phase in ("claims", "chankan") and state.to_act:
        state.apply(RiichiAction.simple(K.PASS, state.to_act[0]))


def kinds(state: RiichiHandState, seat: int) -> set[RiichiActionKind]:
    return {action.kind for action in state.legal_actions(seat)}


def last_events(state: RiichiHandState, count: int) -> list[str]:
    return [event["event"] for event in state.events[-count:]]


# --- riichi, its stick, ippatsu ------------------------------------------------------------------------


def test_riichi_pays_its_stick_when_the_discard_passes_and_ippatsu_tsumo_wins():
    state = table("123m456m789m23p55s", draws="7z 5z 5z 7z 1z 7z 5z 2z 4p", dora="9s", ura="1p")
    tsumogiri(state, 4)  # everyone's first go-around
    riichi = RiichiAction.discard(0, "1z", riichi=True)
    assert riichi in state.legal_actions(0)
    state.apply(riichi)
    pass_all(state)
    assert state.events[-2]["event"] == "riichi" and state.events[-3] == {
        "event": "discard",
        "seat": "E",
        "tile": "1z",
        "riichi": True,
        "tsumogiri": True,
    }
    assert state.scores[0] == 24000 and state.accepted_riichi == [0] and state.seats[0].ippatsu
    tsumogiri(state, 3)
    assert state.legal_actions(0)[0] == RiichiAction.simple(K.TSUMO, 0)
    state.apply(RiichiAction.simple(K.TSUMO, 0))
    result = state.result
    assert result is not None and result.kind == "tsumo"
    (win,) = result.wins
    assert {"riichi", "ippatsu", "menzen_tsumo", "pinfu", "ittsu"} <= set(win.score.yaku_keys)
    assert "double_riichi" not in win.score.yaku_keys
    assert "ura" in win.score.yaku_keys and state.events[-2]["ura_indicators"] == ["1p"]  # 2p is ura dora
    reasons = [(t.reason, t.payer, t.payee, t.points) for t in result.settlement.transfers]
    assert ("riichi", 0, None, 1000) in reasons and ("sticks", None, 0, 1000) in reasons
    assert result.riichi == (0,)
    assert result.deltas[0] == win.score.points  # the stick came back
    assert last_events(state, 2) == ["win", "hand_end"]


def test_riichi_needs_1000_points_and_a_closed_hand():
    state = table("123m456m789m23p55s", draws="7z", scores=(900, 33100, 33000, 33000))
    assert not any(action.riichi for action in state.legal_actions(0))
    state = table("123m456m789m23p55s", draws="7z")
    assert RiichiAction.discard(0, "7z", riichi=True) in state.legal_actions(0)
    assert RiichiAction.discard(0, "1m", riichi=True) not in state.legal_actions(0)  # not tenpai after it


def test_a_riichi_discard_ronned_pays_no_stick():
    state = table("123m456m789m23p55s", west="234m567m234p67s88s", draws="0s")
    state.apply(RiichiAction.discard(0, "0s", riichi=True))
    assert state.to_act == (2,) and K.RON in kinds(state, 2)
    state.apply(RiichiAction.simple(K.RON, 2))
    result = state.result
    assert result is not None and result.kind == "ron" and result.riichi == ()
    assert state.scores[0] == 25000
    assert all(t.reason != "riichi" for t in result.settlement.transfers)


def _riichi_then_draw(east: str) -> RiichiHandState:
    state = table(east, north=NORTH.replace("147m", "247m"), draws="7z 2z 4z 7z 1m")
    state.apply(RiichiAction.discard(0, "7z", riichi=True))
    pass_all(state)
    tsumogiri(state, 3)
    return state


def test_after_riichi_a_closed_kan_only_when_the_waits_stay():
    state = _riichi_then_draw("111m234p567s789s5z")
    assert RiichiAction.kan(K.ANKAN, 0, "1m") in state.legal_actions(0)
    state = _riichi_then_draw("11123m456p789s99s")  # waits 1m 4m 6s 9s; less with 1111m as a kan
    assert state.waits_of(0, without=state.drawn) == {0, 3, 23, 26}
    assert K.ANKAN not in kinds(state, 0) and K.TSUMO in kinds(state, 0)


# --- furiten -------------------------------------------------------------------------------------------


def test_permanent_furiten_a_wait_in_ones_own_discards():
    state = table("123m456m789m2p55s1z", draws="4p 5z 5z 7z 3p 1p")
    tsumogiri(state, 4)  # East throws the 4p it will wait on
    discard(state, "1z")  # now waiting on 1p-4p
    assert state.waits_of(0) == {9, 12} and state.is_furiten(0)
    pass_all(state)
    tsumogiri(state)  # South throws 1p
    assert state.events[-1]["event"] == "draw" and state.events[-1]["seat"] == "W"  # nobody was asked


def test_temporary_furiten_after_passing_a_ron_until_ones_next_discard():
    state = table("123m456m789m23p55s", draws="1z 5z 4p 1p 2z 1p")
    tsumogiri(state, 2)
    discard(state, "4p")  # West
    assert state.to_act == (0,) and K.RON in kinds(state, 0)
    state.apply(RiichiAction.simple(K.PASS, 0))
    assert state.seats[0].temporary_furiten and state.is_furiten(0)
    discard(state, "1p")  # North: East may chi it, not ron it
    assert state.to_act == (0,) and kinds(state, 0) == {K.CHI, K.PASS}
    pass_all(state)
    tsumogiri(state)  # East's own discard ends the furiten
    assert not state.is_furiten(0)
    discard(state, "1p")  # South
    assert K.RON in kinds(state, 0)
    state.apply(RiichiAction.simple(K.RON, 0))
    result = state.result
    assert result is not None and result.kind == "ron" and result.loser == 1
    assert {"pinfu", "ittsu"} <= set(result.wins[0].score.yaku_keys)


def test_a_winning_tile_let_pass_without_a_yaku_is_furiten_too():
    # East waits on 1s-4s with a pung of 6s: 4s makes all simples, 1s no yaku at all. The furiten
    # rule looks at the waits, not at the yaku: letting 1s pass (it could not ron it) makes East
    # furiten until its own next discard, so North's 4s in the same go-around is no ron either.
    state = table("234m456p666s55m23s", draws="1z 5z 1s 4s 2z")
    tsumogiri(state, 2)
    discard(state, "1s")  # West
    assert K.RON not in kinds(state, 0)  # no yaku on 1s: nothing to take
    pass_all(state)
    assert state.seats[0].temporary_furiten and state.is_furiten(0)
    discard(state, "4s")  # North: East may chi it, not ron it
    assert K.RON not in kinds(state, 0)
    pass_all(state)
    tsumogiri(state)  # East's own discard ends the furiten
    assert not state.is_furiten(0)


def test_riichi_furiten_lasts_the_hand_but_tsumo_still_wins_and_double_riichi():
    state = table("123m456m789m23p55s", draws="1z 4p 5z 7z 2z 5z 1p 7z 1p")
    state.apply(RiichiAction.discard(0, "1z", riichi=True))  # the first turn: double riichi
    pass_all(state)
    discard(state, "4p")  # South
    assert state.to_act == (0,) and kinds(state, 0) == {K.RON, K.PASS}
    state.apply(RiichiAction.simple(K.PASS, 0))
    assert state.seats[0].riichi_furiten
    tsumogiri(state, 2)
    assert state.legal_actions(0) == [RiichiAction.discard(0, "2z")]  # after riichi, only tsumogiri
    tsumogiri(state, 2)
    assert state.is_furiten(0)
    discard(state, "1p")  # West
    assert state.phase == "turn" and state.turn == 3  # East was not asked
    tsumogiri(state)
    state.apply(RiichiAction.simple(K.TSUMO, 0))
    result = state.result
    assert result is not None
    keys = set(result.wins[0].score.yaku_keys)
    assert {"double_riichi", "menzen_tsumo", "pinfu", "ittsu"} <= keys and "ippatsu" not in keys


def test_a_hand_with_no_yaku_is_not_offered_ron():
    state = table("234m456p789s13m11z", draws="5z 2m")
    tsumogiri(state)
    assert 1 in state.waits_of(0)
    discard(state, "2m")  # South throws East's wait: no yaku on a ron, so East is not asked
    assert state.phase == "turn" and state.turn == 2
    # ...but it let a winning tile pass: furiten until its own next discard (the rule looks at the
    # waits, not at the yaku; docs/rules/riichi.md)
    assert state.is_furiten(0)


def test_a_hand_with_no_yaku_is_not_offered_tsumo():
    state = table("56m234p678p33s79s1z", draws="7z 7z 5z 3z 4z 2z 1z 8s")
    tsumogiri(state, 3)
    discard(state, "4m")  # North
    state.apply(RiichiAction.chi(0, "5m", "6m"))
    discard(state, "1z")
    pass_all(state)
    tsumogiri(state, 3)
    assert state.name(state.drawn or 0) == "8s" and 25 in state.waits_of(0, without=state.drawn)
    assert K.TSUMO not in kinds(state, 0)  # open, a 9s in it: no yaku


# --- several rons, chankan -----------------------------------------------------------------------------


def test_double_ron_pays_both_winners_and_the_honba_to_the_nearest():
    state = table(
        "147m147p147s1z2z3z6z",
        SOUTH,
        "234m567m234p67s88s",
        "345m678p345s46s88p",
        draws="5z 7z",
        honba=1,
    )
    tsumogiri(state)
    discard(state, "5s")  # South's 5s: West (tanyao pinfu) and North (tanyao) both win on it
    assert set(state.to_act) == {2, 3}
    state.apply(RiichiAction.simple(K.RON, 3))
    state.apply(RiichiAction.simple(K.RON, 2))
    result = state.result
    assert result is not None and result.kind == "ron" and [w.seat for w in result.wins] == [2, 3]
    honba = [t for t in result.settlement.transfers if t.reason == "honba"]
    assert [(t.payer, t.payee, t.points) for t in honba] == [(1, 2, 300)]
    assert result.deltas[1] == -(result.deltas[2] + result.deltas[3])
    assert [e["event"] for e in state.events[-6:]] == ["discard", "claim", "win", "claim", "win", "hand_end"]


def test_head_bump_pays_only_the_nearest_winner():
    state = table(
        "147m147p147s1z2z3z6z",
        SOUTH,
        "234m567m234p67s88s",
        "345m678p345s46s88p",
        draws="5z 7z",
        options=MatchOptions(double_ron=False, triple_ron="head_bump"),
    )
    tsumogiri(state)
    discard(state, "5s")
    state.apply(RiichiAction.simple(K.RON, 2))
    state.apply(RiichiAction.simple(K.RON, 3))
    result = state.result
    assert result is not None and [w.seat for w in result.wins] == [2] and result.deltas[3] == 0


def _triple(options: MatchOptions) -> RiichiHandState:
    state = table(
        "123m406m789m1z1z1z5s",
        SOUTH,
        "234m567m234p67s88s",
        "345m678p345s46s88p",
        draws="7z 7z",
        options=options,
    )
    tsumogiri(state)
    discard(state, "5s")  # South: East (a double East pung), West and North all win on it
    assert set(state.to_act) == {0, 2, 3}
    for seat in (0, 2, 3):
        state.apply(RiichiAction.simple(K.RON, seat))
    return state


def test_triple_ron_is_an_abortive_draw_by_default():
    result = _triple(MatchOptions()).result
    assert result is not None and result.kind == "abortive" and result.abort == "triple_ron"
    assert result.wins == () and result.deltas == (0, 0, 0, 0)
    assert result.settlement.renchan and result.after.honba == 1


def test_triple_ron_pays_three_winners_when_allowed():
    result = _triple(MatchOptions(triple_ron="allowed")).result
    assert result is not None and result.kind == "ron" and [w.seat for w in result.wins] == [2, 3, 0]
    assert sum(result.deltas) == 0 and result.deltas[1] < 0


def test_chankan_robs_an_added_kan():
    state = table(
        "33p147m47p147s1z2z6z",
        "123m456m789s24p99p",
        "369m69p369s2z4z5z7z3z",
        NORTH,
        draws="5z 7z 6z 3p 7z 5z 6z 3p",
    )
    tsumogiri(state, 3)
    discard(state, "3p")  # North: South waits on 3p but has no yaku on a plain ron
    assert state.to_act == (0,) and K.RON not in kinds(state, 0)
    assert K.PON in kinds(state, 0)
    state.apply(RiichiAction.pon(0, "3p", "3p"))
    assert RiichiAction.discard(0, "3p") not in state.legal_actions(0)
    discard(state, "1z")
    pass_all(state)
    tsumogiri(state, 3)
    kakan = RiichiAction.kan(K.KAKAN, 0, "3p")
    assert kakan in state.legal_actions(0)
    state.apply(kakan)
    assert state.phase == "chankan" and state.to_act == (1,)
    state.apply(RiichiAction.simple(K.RON, 1))
    result = state.result
    assert result is not None and result.kind == "ron" and result.loser == 0
    assert "chankan" in result.wins[0].score.yaku_keys
    assert [e["event"] for e in state.events[-5:]] == ["kong", "rob", "claim", "win", "hand_end"]


def test_thirteen_orphans_may_rob_a_closed_kan():
    state = table("111z34m67p34s67s8p8m", "19m19p19s234567z9m", WEST, "2578m258p258s3z4z6z", draws="1z")
    state.apply(RiichiAction.kan(K.ANKAN, 0, "1z"))
    assert state.phase == "chankan" and state.to_act == (1,)
    state.apply(RiichiAction.simple(K.RON, 1))
    result = state.result
    assert result is not None and result.wins[0].score.yakuman and "kokushi" in result.wins[0].score.yaku_keys


def test_a_closed_kan_nobody_can_rob_stands():
    state = table("111z34m67p34s67s8p8m", SOUTH.replace("1z", "5z"), WEST, NORTH.replace("1z", "7z"), draws="1z")
    state.apply(RiichiAction.kan(K.ANKAN, 0, "1z"))
    assert state.phase == "turn" and state.drawn is not None and state.dora_count == 2


# --- kans and the dora --------------------------------------------------------------------------------


def test_kan_dora_at_once_for_a_closed_kan_after_the_discard_for_an_open_one():
    state = table(
        "1111s369m69p36s2z5z",
        SOUTH,
        "777z258m25p258s1z3z",
        "479m479p47s1z2z3z4z5z",
        draws="7z",
        dora="9m",
        kan_dora="8m 8s",
        rinshan="4z 6z",
    )
    assert [e["indicator"] for e in state.events if e["event"] == "dora"] == ["9m"]
    state.apply(RiichiAction.kan(K.ANKAN, 0, "1s"))
    assert last_events(state, 3) == ["kong", "dora", "draw"]
    assert state.events[-1] == {"event": "draw", "seat": "E", "tile": "4z", "source": "replacement"}
    assert state.events[-2]["indicator"] == "8m" and state.live_count == 69 - 1
    discard(state, "7z")
    assert K.DAIMINKAN in kinds(state, 2)
    assert state.to_act == (2,)
    state.apply(RiichiAction.simple(K.DAIMINKAN, 2))
    assert last_events(state, 2) == ["claim", "draw"] and state.events[-1]["tile"] == "6z"
    assert state.dora_count == 2
    tsumogiri(state)
    discards = [i for i, e in enumerate(state.events) if e["event"] == "discard"]
    assert state.events[discards[-1] + 1] == {"event": "dora", "indicator": "8s"}
    assert state.dora_count == 3 and state.kans == 2
    assert sorted(state.all_tiles()) == list(range(TILE_COUNT))


def test_rinshan_tsumo_on_the_replacement_tile():
    north = NORTH.replace("147s", "247s")
    state = table("1111s234m567p78s5z", north=north, draws="5z", rinshan="9s", kan_dora="3m")
    state.apply(RiichiAction.kan(K.ANKAN, 0, "1s"))
    assert state.drawn_rinshan and K.TSUMO in kinds(state, 0)
    state.apply(RiichiAction.simple(K.TSUMO, 0))
    result = state.result
    assert result is not None and "rinshan" in result.wins[0].score.yaku_keys
    assert "dora" in result.wins[0].score.yaku_keys  # the kan dora 4m, turned over at once


def test_tenhou_on_the_dealers_first_draw():
    state = table("123m456m789m23p55s", draws="4p")
    state.apply(RiichiAction.simple(K.TSUMO, 0))
    assert state.result is not None and "tenhou" in state.result.wins[0].score.yaku_keys


def test_kuikae_is_refused_after_a_chi():
    state = table("4m567m23p78p236s2z5z", draws="7z 7z 5z 9m")
    tsumogiri(state, 3)
    discard(state, "4m")  # North
    chi = RiichiAction.chi(0, "5m", "6m")
    assert chi in state.legal_actions(0)
    state.apply(chi)
    legal = {a.tile for a in state.legal_actions(0) if a.kind is K.DISCARD}
    assert parse_face("4m") not in legal and parse_face("7m") not in legal  # the called kind and its suji
    before = state.snapshot()
    with pytest.raises(IllegalRiichiActionError):
        discard(state, "7m")
    assert state.snapshot() == before
    discard(state, "2z")


# --- abortive and exhaustive draws ----------------------------------------------------------------------


def test_nine_terminals_on_the_first_uninterrupted_turn():
    state = table("19m19p19s1234z234m", draws="5m", honba=1)
    assert K.KYUUSHU in kinds(state, 0)
    state.apply(RiichiAction.simple(K.KYUUSHU, 0))
    result = state.result
    assert result is not None and result.kind == "abortive" and result.abort == "nine_terminals"
    assert result.deltas == (0, 0, 0, 0) and result.settlement.renchan and result.after.honba == 2
    assert state.events[-2] == {"event": "abort", "kind": "nine_terminals", "seat": "E"}
    with pytest.raises(RiichiHandOverError):
        state.apply(RiichiAction.simple(K.PASS, 1))


def test_nine_terminals_only_on_the_first_turn():
    state = table("19m19p19s1234z234m", draws="5m 5z 5z 7z 6m")
    tsumogiri(state, 4)
    assert K.KYUUSHU not in kinds(state, 0)


def test_four_winds_abort():
    state = table("1z234m567p11s9s9p8m2z", draws="7z 7z 1z 5z")
    discard(state, "1z")
    pass_all(state)
    discard(state, "1z")
    pass_all(state)
    tsumogiri(state)
    discard(state, "1z")
    pass_all(state)
    result = state.result
    assert result is not None and result.abort == "four_winds"
    assert state.events[-2] == {"event": "abort", "kind": "four_winds"}


def test_four_riichi_abort_after_the_fourth_stick():
    state = table(
        "123m456m789m23p55s",
        "234m567m234p67s88s",
        "345m678p345s46s88p",
        "678m567p678s99s22z",
        draws="1z 4z 3z 3z",
    )
    for _ in range(4):
        assert state.drawn is not None
        state.apply(RiichiAction.discard(state.turn, state.name(state.drawn), riichi=True))
        pass_all(state)
    result = state.result
    assert result is not None and result.abort == "four_riichi" and result.riichi == (0, 1, 2, 3)
    assert result.deltas == (-1000, -1000, -1000, -1000) and result.after.sticks == 4
    assert all(state.seats[s].double_riichi for s in range(4))


def test_pao_the_seat_that_fed_the_third_dragon_pays_half_the_ron():
    state = table("55z66z77z123m44p78s", draws="1z 5z 2z 7z 1z 9s")
    tsumogiri(state)
    for dragon, throw in (("5z", "1m"), ("6z", "2m"), ("7z", "3m")):
        discard(state, dragon)  # South
        state.apply(RiichiAction.pon(0, dragon, dragon))
        discard(state, throw)
        pass_all(state)
    tsumogiri(state)  # South
    discard(state, "9s")  # West
    state.apply(RiichiAction.simple(K.RON, 0))
    result = state.result
    assert result is not None and "daisangen" in result.wins[0].score.yaku_keys
    liability = result.wins[0].liability
    assert liability is not None and liability.seat == 1
    transfers = {(t.reason, t.payer): t.points for t in result.settlement.transfers}
    assert transfers[("ron", 2)] == 24000 and transfers[("pao", 1)] == 24000


def play_out(state: RiichiHandState) -> None:
    """Tsumogiri and pass until the hand ends."""
    while not state.over:
        if state.phase == "turn":
            assert state.drawn is not None
            discard(state, state.name(state.drawn))
        else:
            pass_all(state)


def test_exhaustive_draw_pays_noten_to_the_tenpai_dealer():
    state = table("123m456m789m23p55s", draws="1z")
    play_out(state)
    result = state.result
    assert result is not None and result.kind == "exhaustive"
    assert result.tenpai == frozenset({0}) and result.nagashi == frozenset()
    assert result.deltas == (3000, -1000, -1000, -1000) and result.settlement.renchan
    assert state.events[-2] == {"event": "exhausted", "tenpai": ["E"], "nagashi": []}
    assert state.live_count == 0
    draws = [e for e in state.events if e["event"] == "draw"]
    assert len(draws) == 70


def test_nagashi_mangan_at_the_exhaustive_draw():
    # North draws the 4th, 8th ... 68th live tiles: all terminals and honours nobody calls.
    orphans = faces("1111s999s999p111z222z3z")
    state = table("123m456m789m23p55s", north="2345678m234567p", at={52 + 3 + 4 * k: orphans[k] for k in range(17)})
    play_out(state)
    result = state.result
    assert result is not None and result.kind == "exhaustive" and 3 in result.nagashi
    assert result.deltas[3] == 8000 and result.deltas[0] == -4000


def test_haitei_tsumo_on_the_last_tile():
    state = table(NORTH, "123m456m789m23p55s", WEST, "258m258p258s1z3z4z6z", last="4p")
    while state.live_count > 0 or state.turn != 1:
        assert state.phase == "turn" and state.drawn is not None
        if state.live_count == 0:
            break
        discard(state, state.name(state.drawn))
        pass_all(state)
    assert state.turn == 1 and state.live_count == 0 and state.name(state.drawn or 0) == "4p"
    state.apply(RiichiAction.simple(K.TSUMO, 1))
    result = state.result
    assert result is not None and "haitei" in result.wins[0].score.yaku_keys


# --- actions as values --------------------------------------------------------------------------------


def test_actions_round_trip_and_refuse_malformed_input():
    for action in (
        RiichiAction.discard(2, "0p", riichi=True),
        RiichiAction.chi(1, "4m", "0m"),
        RiichiAction.kan(K.ANKAN, 3, "0s"),
        RiichiAction.simple(K.RON, 0),
    ):
        assert RiichiAction.from_dict(action.to_dict()) == action
    assert RiichiAction.kan(K.ANKAN, 3, "0s").tile == parse_face("5s")
    assert RiichiAction.discard(2, "0p").to_dict() == {"seat": 2, "action": "discard", "tile": "0p"}
    for bad in ({"seat": 4, "action": "pass"}, {"seat": 0, "action": "fly"}, {"seat": 0, "action": "discard"}):
        with pytest.raises(RiichiActionError):
            RiichiAction.from_dict(bad)
    with pytest.raises(RiichiActionError):
        RiichiAction(K.PON, 0, tiles=(1,))


def test_an_illegal_action_changes_nothing():
    state = RiichiHandState(7)
    before = state.snapshot()
    events = len(state.events)
    for action in (RiichiAction.simple(K.TSUMO, 1), RiichiAction.simple(K.PASS, 0), RiichiAction.simple(K.RON, 0)):
        with pytest.raises(IllegalRiichiActionError):
            state.apply(action)
    assert state.snapshot() == before and len(state.events) == events


# --- properties of random play -----------------------------------------------------------------------


def _isolation(state: RiichiHandState, seat: int, face: int) -> int:
    """How alone the tile is in the hand: 3 an honour single, 2 a suited single with nothing within
    two, 1 a suited tile with neighbours, 0 a pair or more."""
    kind = int(face_kind(face))
    counts = state.seats[seat].kind_counts()
    if counts[kind] >= 2:
        return 0
    if kind >= 27:
        return 3
    low, high = max(kind - 2, kind // 9 * 9), min(kind + 2, kind // 9 * 9 + 8)
    return 1 if any(counts[k] for k in range(low, high + 1) if k != kind) else 2


def _choose(state: RiichiHandState, seat: int, rng: random.Random) -> RiichiAction:
    """A legal action, played the way a weak player would: win when it can, call now and then,
    keep tenpai (declaring riichi often), else throw the most isolated tile."""
    legal = state.legal_actions(seat)
    assert legal
    wins = [a for a in legal if a.kind in (K.TSUMO, K.RON)]
    if wins and rng.random() < 0.85:
        return wins[0]
    if state.phase != "turn":
        calls = [a for a in legal if a.kind not in (K.PASS, K.RON)]
        return rng.choice(calls) if calls and rng.random() < 0.3 else RiichiAction.simple(K.PASS, seat)
    others = [a for a in legal if a.kind in (K.ANKAN, K.KAKAN, K.KYUUSHU)]
    if others and rng.random() < 0.4:
        return rng.choice(others)
    discards = [a for a in legal if a.kind is K.DISCARD]
    held = {state.face(t): t for t in state.seats[seat].hand}
    keeping = [a for a in discards if a.tile is not None and state.waits_of(seat, without=held[a.tile])]
    if keeping:
        riichi = [a for a in keeping if a.riichi]
        return rng.choice(riichi if riichi and rng.random() < 0.7 else keeping)
    if rng.random() < 0.2:
        return rng.choice(legal)
    plain = [a for a in discards if not a.riichi and a.tile is not None]
    best = max(_isolation(state, seat, a.tile) for a in plain if a.tile is not None)
    return rng.choice([a for a in plain if a.tile is not None and _isolation(state, seat, a.tile) == best])


def random_hand(
    seed: int, choices: int, keep: bool = True, each: Callable[[RiichiHandState], None] | None = None
) -> tuple[RiichiHandState, list[RiichiHandState]]:
    """Play a hand from ``seed`` with random legal actions (see :func:`_choose`); return it and
    (when ``keep``) a copy of the state after every step; ``each`` is called after every step."""
    rng = random.Random(choices)
    options = (MatchOptions(), MatchOptions(triple_ron="allowed"), MatchOptions(double_ron=False))[seed % 3]
    state = RiichiHandState(seed, dealer_seat=seed % 4, honba=seed % 3, sticks=seed % 2, options=options)
    states = [copy.deepcopy(state)]
    steps = 0
    while not state.over:
        state.apply(_choose(state, rng.choice(state.to_act), rng))
        if keep:
            states.append(copy.deepcopy(state))
        if each is not None:
            each(state)
        steps += 1
        assert steps < 2000  # 70 draws, 4 kans, and each discard answered by at most 3 seats
    return state, states


SEEDS = st.integers(min_value=0, max_value=2**32 - 1)


@settings(max_examples=25, deadline=None)
@given(SEEDS, SEEDS)
def test_random_play_always_ends_with_a_settled_result(seed, choices):
    state, _ = random_hand(seed, choices, keep=False)
    result = state.result
    assert result is not None and state.events[-1]["event"] == "hand_end"
    after = result.settlement.after
    assert sum(after.scores) + 1000 * after.sticks == 100000 + 1000 * (seed % 2)
    assert state.legal_actions(0) == [] and state.to_act == ()


@settings(max_examples=25, deadline=None)
@given(SEEDS, SEEDS)
def test_the_136_tiles_are_all_somewhere_at_every_moment(seed, choices):
    def conserved(state: RiichiHandState) -> None:
        tiles = state.all_tiles()
        assert len(tiles) == TILE_COUNT and set(tiles) == set(range(TILE_COUNT))
        assert len(state.dead_wall()) == 14

    state, _ = random_hand(seed, choices, keep=False, each=conserved)
    conserved(state)


@settings(max_examples=25, deadline=None)
@given(SEEDS, SEEDS)
def test_replaying_the_events_rebuilds_the_same_state(seed, choices):
    state, _ = random_hand(seed, choices, keep=False)
    rebuilt = replay(state.events)
    assert rebuilt.snapshot() == state.snapshot()
    assert rebuilt.events == state.events


def _hidden_shuffled(state: RiichiHandState, seat: int, rng: random.Random) -> RiichiHandState:
    """The same table with every tile hidden from ``seat`` (the others' standing tiles, the live
    wall, the unrevealed dead wall) dealt anew among those places."""
    other = copy.deepcopy(state)
    shown = set(range(indicator_index(0), indicator_index(other.dora_count), 2))
    dead = [i for i in range(other.live_end, TILE_COUNT - other.rinshan_drawn) if i not in shown]
    places = list(range(other.front, other.live_end)) + dead
    pool = [other.wall[i] for i in places]
    for s in range(4):
        if s != seat:
            pool.extend(other.seats[s].hand)
    rng.shuffle(pool)
    for i in places:
        other.wall[i] = pool.pop()
    for s in range(4):
        if s != seat:
            size = len(other.seats[s].hand)
            other.seats[s].hand = [pool.pop() for _ in range(size)]
    assert not pool
    return other


@settings(max_examples=15, deadline=None)
@given(SEEDS, SEEDS)
def test_no_observation_shows_another_seats_concealed_tiles(seed, choices):
    rng = random.Random(seed)
    steps = [0]

    def hidden_stays_hidden(state: RiichiHandState) -> None:
        steps[0] += 1
        if steps[0] % 8:
            return
        for seat in range(4):
            seen = observation(state, seat)
            assert observation(_hidden_shuffled(state, seat, rng), seat) == seen
            assert Counter(seen["hand"]) == Counter(state.name(t) for t in state.seats[seat].hand)
            for other in seen["seats"]:
                assert "hand" not in other

    random_hand(seed, choices, keep=False, each=hidden_stays_hidden)


def test_a_partial_record_replays_to_the_hand_in_play():
    state, states = random_hand(3, 3)
    for during in [s for s in states[1:-1] if not s.responses][::5]:  # answers are written as a claim closes
        rebuilt = replay(during.events, partial=True)
        assert rebuilt.snapshot() == during.snapshot() and not rebuilt.over
    with pytest.raises(ReplayError):
        replay(states[len(states) // 2].events)  # a hand in play is no whole record


def test_the_next_hand_follows_the_standing():
    first = table("123m456m789m23p55s", draws="4p", players=["ann", "bo", "cy", "di"])
    first.apply(RiichiAction.simple(K.TSUMO, 0))
    assert first.result is not None and first.result.settlement.renchan
    after = first.result.after
    second = RiichiHandState.from_standing(after, seed=5, players=["ann", "bo", "cy", "di"])
    assert second.dealer == 0 and second.honba == 1 and second.scores == list(after.scores)
    assert second.events[0]["players"] == {"E": "ann", "S": "bo", "W": "cy", "N": "di"}
    assert replay(first.events).snapshot() == first.snapshot()


def test_a_seed_deals_the_same_hand_and_the_wall_is_recorded():
    first, second = RiichiHandState(42), RiichiHandState(42)
    assert first.events == second.events
    start = first.events[0]
    assert start["event"] == "hand_start" and len(start["wall"]) == TILE_COUNT
    assert Counter(start["wall"])["0p"] == 1 and Counter(start["wall"])["5p"] == 3
    assert [e["event"] for e in first.events] == ["hand_start", "deal", "dora", "draw"]
    assert sum(len(h) for h in first.events[1]["hands"].values()) == 52
    no_red = RiichiHandState(42, options=MatchOptions.from_mapping({"red_fives": 0}))
    assert "0p" not in no_red.events[0]["wall"]
    assert all(face_kind(parse_face(name)) < 34 for name in start["wall"])


def test_pao_the_seat_whose_discard_made_the_fourth_kan_pays_a_suukantsu_tsumo():
    """M-League's liability for suukantsu: the fourth kan called on a discard makes its discarder
    pay the whole yakuman of a tsumo (three closed kans, then a daiminkan, then the rinshan win)."""
    options = MatchOptions(pao=("daisangen", "daisuushii", "suukantsu"))

    def dealt() -> RiichiHandState:
        return table(
            "111m222m333m444s5p",
            "789p789s1234567z",
            "789m69p6s1234567z",
            "5569m8p8s1234567z",
            draws="1m 4s",
            rinshan="2m 3m 1p 5p",
            options=options,
        )

    def play(state: RiichiHandState) -> None:
        for _ in range(2):
            state.apply(next(a for a in state.legal_actions(0) if a.kind is K.ANKAN))
        state.apply(next(a for a in state.legal_actions(0) if a.kind is K.ANKAN))  # 3m, the rinshan 1p in hand
        discard(state, "1p")
        pass_all(state)
        discard(state, "4s")  # South
        state.apply(next(a for a in state.legal_actions(0) if a.kind is K.DAIMINKAN))
        state.apply(RiichiAction.simple(K.TSUMO, 0))

    state = dealt()
    play(state)
    result = state.result
    assert result is not None and "suukantsu" in result.wins[0].score.yaku_keys
    liability = result.wins[0].liability
    assert liability is not None and liability.seat == 1 and liability.yaku == "suukantsu"
    assert result.deltas[1] < 0 and result.deltas[2] == result.deltas[3] == 0  # South pays it all
    # Without the rule in the options, the three others pay the tsumo as usual.
    options = MatchOptions()
    state = dealt()
    play(state)
    assert state.result is not None and state.result.wins[0].liability is None
    assert all(delta < 0 for delta in state.result.deltas[1:])
