"""Scripted hands on walls built for the purpose: claims and their priority, chows only from the left,
kongs and robbing, special moments, dead hands, illegal actions.

``hand_start_for`` builds a ``hand_start`` event whose wall deals the hands a test asks for: the deal
takes the front of the wall in packets (E, S, W, N, four at a time, three times, then one each and
East's fourteenth; E, S, W at a three-player table), live draws continue from the front, replacements
come from the back.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from sparrow.core.situation import HandSituation
from sparrow.core.tiles import SEATS, Tile, parse_tiles
from sparrow.game.actions import (
    Action,
    ActionKind,
    HandOverError,
    IllegalActionError,
    InvalidClaimError,
    InvalidWinError,
    NotYourTurnError,
    TileNotHeldError,
    WrongMomentError,
)
from sparrow.game.events import tiles_in_order_text
from sparrow.game.procedures import procedure
from sparrow.game.replay import replay
from sparrow.game.state import HandState, Phase
from sparrow.game.wall import deal_order
from sparrow.rules import get_ruleset

# ---------------------------------------------------------------------------- building walls

_PLAYERS = {"E": "Ann", "S": "Bob", "W": "Cy", "N": "Di"}


def hand_start_for(
    rules: str,
    hands: dict[str, str],
    *,
    draws: str = "",
    replacements: str = "",
    last_live: str = "",
    options: dict[str, Any] | None = None,
    round_wind: str = "E",
) -> dict[str, Any]:
    """A hand_start event dealing ``hands`` (seat -> 13 tiles, 14 for E; unnamed seats get filler),
    then ``draws`` as the next live tiles, ``replacements`` as the replacement tiles (first taken
    first) and ``last_live`` as the last tiles of the live wall (its very last tile last).

    Filler is every other tile of the set in a fixed scrambled order, bonus tiles kept to the middle
    of the wall so that they turn up only where a test puts them."""
    options = options or {}
    proc = procedure(rules, options)
    deal = deal_order(len(proc.seats))
    pool = Counter(proc.tiles)
    size = sum(pool.values())

    def take(text: str) -> list[Tile]:
        tiles = parse_tiles(text, as_set=False)
        for tile in tiles:
            if pool[tile] == 0:
                raise AssertionError(f"the scenario uses more than four {tile}")
            pool[tile] -= 1
        return tiles

    wall: list[Tile | None] = [None] * size
    for seat, text in hands.items():
        tiles = take(text)
        positions = [i for i, s in enumerate(deal) if SEATS[s] == seat]
        assert len(tiles) == len(positions), f"{seat} is dealt {len(positions)} tiles, not {len(tiles)}"
        for position, tile in zip(positions, tiles):
            wall[position] = tile
    for offset, tile in enumerate(take(draws)):
        wall[len(deal) + offset] = tile
    for offset, tile in enumerate(take(replacements)):
        wall[size - 1 - offset] = tile
    if last_live:
        tiles = take(last_live)
        end = size - (14 if proc.table.dead_wall != "none" else 0)
        for offset, tile in enumerate(tiles):
            wall[end - len(tiles) + offset] = tile
    rest = [t for t in sorted(pool.elements()) if not t.is_bonus]
    random.Random(7).shuffle(rest)
    bonus = [t for t in sorted(pool.elements()) if t.is_bonus]
    empty = [i for i, tile in enumerate(wall) if tile is None]
    # bonus tiles go to the middle of the empty places, away from the deal and both ends
    middle = len(empty) // 2 - len(bonus) // 2
    for i, tile in zip(empty[middle : middle + len(bonus)], bonus):
        wall[i] = tile
    for i, tile in zip([i for i in empty if wall[i] is None], rest):
        wall[i] = tile
    assert all(tile is not None for tile in wall)
    return {
        "event": "hand_start",
        "rules": rules,
        "options": options,
        "seed": None,
        "round_wind": round_wind,
        "dealer": "E",
        "players": {seat: _PLAYERS[seat] for seat in proc.seats},
        "dice": [],
        "wall": tiles_in_order_text(wall),  # type: ignore[arg-type]
    }


def start(rules: str, hands: dict[str, str], **kwargs: Any) -> HandState:
    return HandState.from_hand_start(hand_start_for(rules, hands, **kwargs))


def fingerprint(state: HandState) -> Any:
    """Everything observable about a state, to check that an illegal action changed nothing."""
    return (
        [dict(e) for e in state.events],
        state.phase,
        state.turn,
        state.to_act,
        state.table_view(),
        {seat: state.legal_actions(seat) for seat in state.seats},
        {seat: state.observation(seat).to_dict() for seat in state.seats},
    )


def pass_all(state: HandState) -> None:
    """Everyone asked about the open tile passes (nothing to do on somebody's turn)."""
    if state.phase in (Phase.CLAIMS, Phase.ROB):
        for seat in list(state.to_act):
            state.apply(Action.pass_(seat))


def event_names(state: HandState, since: int = 0) -> list[str]:
    return [e["event"] for e in state.events[since:]]


# ---------------------------------------------------------------------------- claims on one discard
#
# East's first discard is 5p. South (on East's right, so East is on South's left) can chow it with 4p6p,
# West can pung it with 5p5p, North wins on it (a single wait on 5p after four sets).

CLAIM_HANDS = {
    "E": "189m59p19s1234567z",
    "S": "22335566m46p477z",
    "W": "55p223344s667s12z",
    "N": "123456789m234s5p",
}


def claims_table() -> HandState:
    state = start("casual", CLAIM_HANDS)
    state.apply(Action.discard("E", "5p"))
    return state


def test_every_seat_that_can_use_the_discard_is_asked_nearest_first():
    state = claims_table()
    assert state.phase is Phase.CLAIMS
    assert state.to_act == ["S", "W", "N"]
    assert state.legal_actions("S") == [Action.chow("S", "4p"), Action.pass_("S")]
    assert state.legal_actions("W") == [Action.pung("W"), Action.pass_("W")]
    assert state.legal_actions("N") == [Action.win("N"), Action.pass_("N")]
    assert state.legal_actions("E") == []


def test_a_win_beats_a_pung_and_a_chow_whatever_the_order_of_the_calls():
    state = claims_table()
    state.apply(Action.chow("S", "4p")).apply(Action.pung("W"))
    assert state.phase is Phase.CLAIMS  # North has not spoken yet
    state.apply(Action.win("N"))
    assert state.is_over
    claim, win, end = state.events[-3:]
    assert claim == {"event": "claim", "seat": "N", "kind": "win", "tile": "5p", "from": "E", "meld": None}
    assert win["seat"] == "N" and win["from"] == "E"
    assert win["situation"]["winning_tile"] == "5p" and win["situation"]["win_by"] == "discard"
    assert "earthly" in win["situation"]["moments"]  # on the dealer's very first discard
    assert state.result.winner == "N" and state.result.discarder == "E"
    assert end["event"] == "hand_end" and sum(end["payments"].values()) == 0


def test_a_pung_beats_a_chow_and_takes_the_turn():
    state = claims_table()
    state.apply(Action.pass_("N")).apply(Action.chow("S", "4p")).apply(Action.pung("W"))
    assert state.events[-1] == {
        "event": "claim",
        "seat": "W",
        "kind": "pung",
        "tile": "5p",
        "from": "E",
        "meld": "555p",
    }
    assert state.phase is Phase.TURN and state.turn == "W"
    # after a claim: discard only (no win, no kong, no draw)
    assert {a.kind for a in state.legal_actions("W")} == {ActionKind.DISCARD}
    view = state.observation("W")
    assert [str(m) for m in view.melds["W"]] == ["555p"] and view.melds["W"][0].source == "E"
    assert view.drawn is None and len(view.hand) == 11
    assert view.discards["E"] == ()  # the claimed tile left the discard pile


def test_a_chow_is_made_when_nobody_wants_more():
    state = claims_table()
    for action in (Action.chow("S", "4p"), Action.pass_("W"), Action.pass_("N")):
        state.apply(action)
    assert state.events[-1]["kind"] == "chow" and state.events[-1]["meld"] == "456p"
    assert state.turn == "S"


def test_nobody_claims_and_the_next_seat_draws():
    state = claims_table()
    pass_all(state)
    assert state.events[-1]["event"] == "draw" and state.events[-1]["seat"] == "S"
    assert state.events[-1]["source"] == "live"
    assert state.phase is Phase.TURN and state.turn == "S"


NEAREST_HANDS = {
    "E": "189m59p19s1234567z",
    "S": "234678m345678s5p",
    "W": "19p19s111234567z",
    "N": "123456789m234s5p",
}


@pytest.mark.parametrize("order", [("N", "S"), ("S", "N")])
def test_two_wins_on_one_discard_the_nearest_after_the_discarder_wins_alone(order):
    state = start("casual", NEAREST_HANDS)
    state.apply(Action.discard("E", "5p"))
    assert state.to_act == ["S", "N"]
    for seat in order:
        state.apply(Action.win(seat))
    assert state.result.winner == "S"
    assert [e["seat"] for e in state.events if e["event"] == "win"] == ["S"]


def test_the_farther_winner_wins_when_the_nearer_passes():
    state = start("casual", NEAREST_HANDS)
    state.apply(Action.discard("E", "5p")).apply(Action.pass_("S")).apply(Action.win("N"))
    assert state.result.winner == "N"


def test_a_chow_only_from_the_player_on_your_left():
    state = claims_table()
    before = fingerprint(state)
    for seat in ("W", "N"):
        assert all(a.kind is not ActionKind.CHOW for a in state.legal_actions(seat))
        with pytest.raises(InvalidClaimError, match="only be claimed from the player on your left"):
            state.apply(Action.chow(seat, "4p"))
    assert fingerprint(state) == before


def test_a_chow_needs_the_other_two_tiles_and_a_pung_a_pair():
    state = claims_table()
    before = fingerprint(state)
    with pytest.raises(TileNotHeldError, match="needs 34p"):
        state.apply(Action.chow("S", "3p"))
    with pytest.raises(InvalidClaimError, match="does not use 5p"):
        state.apply(Action.chow("S", "1p"))
    with pytest.raises(TileNotHeldError, match="a pung needs two 5p"):
        state.apply(Action.pung("S"))
    with pytest.raises(TileNotHeldError, match="a kong needs three 5p"):
        state.apply(Action.kong("W"))
    assert fingerprint(state) == before


# ---------------------------------------------------------------------------- illegal actions


def test_illegal_actions_raise_specific_errors_and_change_nothing():
    state = start("casual", CLAIM_HANDS)
    before = fingerprint(state)
    cases = [
        (Action.discard("E", "2p"), TileNotHeldError, "does not hold 2p"),
        (Action.discard("S", "2m"), NotYourTurnError, "E's turn"),
        (Action.pung("W"), NotYourTurnError, "E's turn"),  # claiming out of turn
        (Action.pung("E"), WrongMomentError, "on your own turn"),
        (Action.pass_("E"), WrongMomentError, "on your own turn"),
        (Action.concealed_kong("E", "1z"), TileNotHeldError, "all four 1z"),
        (Action.added_kong("E", "1z"), TileNotHeldError, "no exposed pung of 1z"),
        (Action.win("E"), InvalidWinError, "not a winning hand"),
    ]
    for action, error, message in cases:
        with pytest.raises(error, match=message):
            state.apply(action)
        assert fingerprint(state) == before, action
    assert all(issubclass(error, IllegalActionError) for _, error, _ in cases)

    state.apply(Action.discard("E", "5p"))
    before = fingerprint(state)
    cases = [
        (Action.discard("S", "2m"), WrongMomentError, "being claimed"),
        (Action.pung("E"), InvalidClaimError, "your own discard"),
        (Action.win("S"), InvalidWinError, "not a winning hand with 5p"),
        (Action.pass_("E"), InvalidClaimError, "your own discard"),
    ]
    for action, error, message in cases:
        with pytest.raises(error, match=message):
            state.apply(action)
        assert fingerprint(state) == before, action
    state.apply(Action.pass_("S"))
    with pytest.raises(NotYourTurnError, match="already decided"):
        state.apply(Action.chow("S", "4p"))
    state.apply(Action.win("N")).apply(Action.pass_("W"))
    assert state.is_over
    with pytest.raises(HandOverError):
        state.apply(Action.discard("S", "2m"))


def test_a_win_short_of_the_minimum_is_refused_where_the_rules_say_so():
    # HKOS needs 3 faan: South's mixed hand won on a discard has 2 (concealed, no bonus tiles).
    hands = {
        "E": "189m59p19s1234567z",
        "S": "123m789p789s555s5p",
        "W": "55p19s111234567z",
        "N": "22335566m4466p7z",
    }
    state = start("hkos", hands)
    state.apply(Action.discard("E", "5p"))
    assert Action.win("S") not in state.legal_actions("S")
    before = fingerprint(state)
    with pytest.raises(InvalidWinError, match="faan"):
        state.apply(Action.win("S"))
    assert fingerprint(state) == before


# ---------------------------------------------------------------------------- kongs and robbing
#
# West pungs East's 5p, later draws the fourth 5p and adds it to the pung; North waits on 5p (4p6p).

ROB_HANDS = {
    "E": "189m59p19s2345677z",
    "S": "22335566m3399p1z",
    "W": "55p223344s668s12z",
    "N": "123456789m11s46p",
}
# after West's pung and discard (1z): North draws 7z, East 6z, South 5z, West the fourth 5p
ROB_DRAWS = "7z6z5z5p"


def rob_table(rules: str = "hkos", options: dict[str, Any] | None = None, hands=ROB_HANDS) -> HandState:
    state = start(rules, hands, draws=ROB_DRAWS, options=options if options is not None else {"practice": True})
    state.apply(Action.discard("E", "5p"))
    assert Action.win("N") in state.legal_actions("N")
    state.apply(Action.pass_("N")).apply(Action.pung("W"))
    state.apply(Action.discard("W", "1z"))
    pass_all(state)
    for seat, tile in (("N", "7z"), ("E", "6z"), ("S", "5z")):
        assert state.turn == seat and str(state.observation(seat).drawn) == tile
        state.apply(Action.discard(seat, tile))
        pass_all(state)
    assert state.turn == "W" and str(state.observation("W").drawn) == "5p"
    return state


def test_a_drawn_fourth_tile_may_be_added_to_the_exposed_pung_and_robbed():
    state = rob_table()
    assert Action.added_kong("W", "5p") in state.legal_actions("W")
    state.apply(Action.added_kong("W", "5p"))
    assert state.events[-1] == {"event": "kong", "seat": "W", "kind": "added", "tiles": "5555p"}
    assert state.phase is Phase.ROB and state.to_act == ["N"]
    assert state.legal_actions("N") == [Action.win("N"), Action.pass_("N")]
    state.apply(Action.win("N"))
    rob, win = state.events[-3:-1]
    assert rob == {"event": "rob", "seat": "N", "from": "W", "tile": "5p"}
    assert win["situation"]["win_by"] == "robbing_kong" and win["from"] == "W"
    assert "fourth_tile" in win["situation"]["moments"]
    assert state.result.discarder == "W"
    # the robbed kong is a pung again
    assert [m.kind.value for m in state.table_view().melds["W"]] == ["pung"]


def test_an_added_kong_that_nobody_robs_gets_its_replacement():
    state = rob_table()
    state.apply(Action.added_kong("W", "5p")).apply(Action.pass_("N"))
    assert state.events[-1]["event"] == "draw" and state.events[-1]["source"] == "replacement"
    assert state.turn == "W" and [m.kind.value for m in state.table_view().melds["W"]] == ["kong"]


def test_no_robbing_under_casual_rules():
    state = rob_table("casual", {})
    state.apply(Action.added_kong("W", "5p"))
    assert state.phase is Phase.TURN and state.events[-1]["source"] == "replacement"


@pytest.mark.parametrize(
    ("rules", "options", "north"),
    [("hkos", {"practice": True}, "123456789m11s46p"), ("nts", {}, "123456m444z11s46p")],
)
def test_a_concealed_kong_cannot_be_robbed(rules, options, north):
    # North waits on 5p with a hand that would be a legal win by robbing; West declares a concealed kong.
    hands = {
        "E": "189m49p19s2345677z",
        "S": "22335566m3399p1z",
        "W": "5555p22334s6612z",
        "N": north,
    }
    state = start(rules, hands, draws="7z", options=options)
    state.apply(Action.discard("E", "7z"))
    pass_all(state)  # South draws 7z
    state.apply(Action.discard("S", "1z"))
    pass_all(state)  # West draws its first live tile
    assert Action.concealed_kong("W", "5p") in state.legal_actions("W")
    state.apply(Action.concealed_kong("W", "5p"))
    assert state.events[-2] == {"event": "kong", "seat": "W", "kind": "concealed", "tiles": "5555p"}
    assert state.events[-1]["event"] == "draw" and state.events[-1]["source"] == "replacement"
    assert state.phase is Phase.TURN and state.turn == "W"
    assert state.table_view().melds["W"][0].open is False


def test_nts_robs_a_tile_added_to_an_open_pung():
    hands = dict(ROB_HANDS, N="123456m444z11s46p")  # own wind pung and robbing: two doublings
    state = rob_table("nts", {}, hands)
    state.apply(Action.added_kong("W", "5p"))
    assert state.to_act == ["N"]
    state.apply(Action.win("N"))
    score = state.events[-2]["score"]
    assert score["valid"] and any("rob" in item["name"].lower() for item in score["items"])


def test_a_discard_never_extends_an_exposed_pung():
    # West pungs 5p; North later throws the fourth 5p: West may not make a kong of it.
    hands = {
        "E": "189m4569p19s23456z",
        "S": "22335566m3399p1z",
        "W": "55p223344s668s12z",
        "N": "123456789m11s5p7z",
    }
    state = start("casual", hands, draws="7z")
    state.apply(Action.discard("E", "5p")).apply(Action.pung("W"))
    state.apply(Action.discard("W", "1z"))
    pass_all(state)
    assert state.turn == "N"
    state.apply(Action.discard("N", "5p"))
    assert state.phase is Phase.CLAIMS and state.to_act == ["E"]  # East could chow 4p6p
    assert state.legal_actions("W") == []
    before = fingerprint(state)
    with pytest.raises(TileNotHeldError, match="a kong needs three 5p"):
        state.apply(Action.kong("W"))
    assert fingerprint(state) == before


def test_kong_on_kong_wins_on_the_second_replacement():
    state = start("casual", {"E": "1111m2222m345678p"}, replacements="9s9s")
    assert Action.concealed_kong("E", "1m") in state.legal_actions("E")
    state.apply(Action.concealed_kong("E", "1m"))
    assert Action.win("E") not in state.legal_actions("E")
    state.apply(Action.concealed_kong("E", "2m"))
    assert Action.win("E") in state.legal_actions("E")
    state.apply(Action.win("E"))
    situation = state.events[-2]["situation"]
    assert situation["win_by"] == "kong_replacement" and situation["winning_tile"] == "9s"
    assert "kong_on_kong" in situation["moments"] and "heavenly" not in situation["moments"]


# ---------------------------------------------------------------------------- special moments


def test_heavenly_hand_is_the_dealer_winning_on_the_dealt_tiles():
    state = start("casual", {"E": "123m456m789m123p55p"})
    assert Action.win("E") in state.legal_actions("E")
    state.apply(Action.win("E"))
    situation = state.events[-2]["situation"]
    assert situation["win_by"] == "self_draw" and "heavenly" in situation["moments"]
    assert "first_round" in situation["moments"]
    assert state.events[-2]["from"] is None


LAST_TILE_HANDS = {
    "E": "123456789m11p46s7z",
    "S": "19m19p1559s12345z",
    "W": "3377m3377p3377s6z",
    "N": "123456789p22m46s",
}


def play_to_the_last_tile(state: HandState, first_discard: str = "7z", live_left: int = 0) -> HandState:
    """Everyone passes every claim and throws the tile they drew, until ``live_left`` tiles are left in
    the live wall on somebody's turn (or the hand ends)."""
    state.apply(Action.discard("E", first_discard))
    while not state.is_over:
        if state.phase is Phase.CLAIMS:
            pass_all(state)
            continue
        assert state.phase is Phase.TURN
        if state.live_wall == live_left:
            return state
        seat = state.turn
        state.apply(Action.discard(seat, state.observation(seat).drawn))
    return state


def test_a_kong_needs_a_replacement_tile():
    # Casual rules have no dead wall: North draws the very last tile, its fourth 2m, and may not kong.
    hands = dict(LAST_TILE_HANDS, E="13456789m11p469s7z", N="123456789p222m4s")
    state = play_to_the_last_tile(start("casual", hands, last_live="2m"))
    assert state.turn == "N" and state.observation("N").hand.count(Tile.parse("2m")) == 4
    assert all(a.kind is ActionKind.DISCARD for a in state.legal_actions("N"))
    before = fingerprint(state)
    with pytest.raises(InvalidClaimError, match="no tile is left to replace a kong"):
        state.apply(Action.concealed_kong("N", "2m"))
    assert fingerprint(state) == before


def test_winning_on_the_last_tile_of_the_live_wall():
    state = play_to_the_last_tile(start("casual", LAST_TILE_HANDS, last_live="5s"))
    assert state.turn == "N" and str(state.observation("N").drawn) == "5s"
    state.apply(Action.win("N"))
    situation = state.events[-2]["situation"]
    assert situation["win_by"] == "self_draw" and "last_tile" in situation["moments"]


def test_the_last_discard_can_only_be_claimed_to_win():
    state = play_to_the_last_tile(start("casual", LAST_TILE_HANDS, last_live="5s"))
    state.apply(Action.discard("N", "5s"))
    assert state.to_act == ["E"]  # South holds 5s5s but may not pung the last discard
    assert state.legal_actions("S") == []
    with pytest.raises(InvalidClaimError, match="only be claimed to win"):
        state.apply(Action.pung("S"))
    state.apply(Action.win("E"))
    situation = state.events[-2]["situation"]
    assert situation["win_by"] == "discard" and "last_tile" in situation["moments"]


# East waits on 5s with one doubling (the Red Dragon pung): too few for an NTS win on a discard. The NTS
# live wall (144 - 53 - 14 = 77 tiles) ends with South's draw, so South holds the hand that waits on 5s.
NTS_LAST_TILE_HANDS = dict(LAST_TILE_HANDS, E="123456m55z777z46s1z", S=LAST_TILE_HANDS["N"], N=LAST_TILE_HANDS["S"])


def test_nts_doubles_the_last_tile_only_when_it_is_self_drawn():
    state = play_to_the_last_tile(start("nts", NTS_LAST_TILE_HANDS, last_live="5s"), first_discard="1z")
    assert state.turn == "S" and str(state.observation("S").drawn) == "5s"
    state.apply(Action.win("S"))
    win = state.events[-2]
    assert win["situation"]["win_by"] == "self_draw" and "last_tile" in win["situation"]["moments"]
    assert {"name": "Last tile of the live wall", "kind": "doubling", "value": 1} in win["score"]["items"]


def test_nts_winning_on_the_discard_after_the_last_tile_earns_nothing():
    state = play_to_the_last_tile(start("nts", NTS_LAST_TILE_HANDS, last_live="5s"), first_discard="1z")
    state.apply(Action.discard("S", "5s"))
    # The table still names the moment (it is the discard after the last tile), but NTS has no item
    # for it: East's one doubling is not enough, so East is not offered the win and the hand is drawn.
    assert state.legal_actions("E") == []
    situation = HandSituation.from_dict(
        {
            "rules": "nts",
            "concealed": "123456m55z777z46s",
            "winning_tile": "5s",
            "win_by": "discard",
            "seat_wind": "E",
            "round_wind": "E",
            "moments": ["last_tile"],
        }
    )
    result = get_ruleset("nts").score(situation)
    assert not result.valid and "Last tile of the live wall" not in [item.name for item in result.items]
    assert event_names(state)[-2:] == ["exhausted", "hand_end"]


def test_the_hand_is_drawn_when_the_live_wall_runs_out():
    state = play_to_the_last_tile(start("casual", LAST_TILE_HANDS, last_live="5s"))
    state.apply(Action.discard("N", "5s")).apply(Action.pass_("E"))
    assert event_names(state)[-2:] == ["exhausted", "hand_end"]
    assert state.result.exhausted and state.result.payments == {s: 0 for s in SEATS}
    assert state.result.next_dealer == "E"


# ---------------------------------------------------------------------------- the HKOS reserve at the end
#
# docs/rules/hkos.md: 14 replacement tiles are kept in reserve as play goes on, so a replacement is only
# drawn while a live tile is left to take its place; the hand is drawn when only the 14 remain. Without
# flowers the live wall is 136 - 53 - 14 = 69 tiles: South draws the last one, East the one before.

RESERVE_HANDS = {"E": "13456789m11p469s7z", "S": "123456789p222m4s", "N": "19m19p1559s12345z"}


def test_hkos_no_kong_on_the_last_live_tile_the_reserve_stays_whole():
    state = play_to_the_last_tile(start("hkos", RESERVE_HANDS, last_live="2m", options={"flowers": False}))
    assert state.turn == "S" and state.observation("S").hand.count(Tile.parse("2m")) == 4
    assert state.observation("S").replacement_tiles == 14
    assert ActionKind.CONCEALED_KONG not in {a.kind for a in state.legal_actions("S")}
    before = fingerprint(state)
    with pytest.raises(InvalidClaimError, match="only the reserve is left"):
        state.apply(Action.concealed_kong("S", "2m"))
    assert fingerprint(state) == before
    state.apply(Action.discard("S", "2m"))
    pass_all(state)
    assert state.result.exhausted and len(state.table_view().wall) == 14


def test_hkos_a_kong_with_one_live_tile_left_takes_it_into_the_reserve():
    # East draws the last-but-one live tile, its fourth 2m: the kong's replacement comes from the reserve
    # and the last live tile (5s) joins it, so East's discard is the last one, open only to a win.
    hands = {"E": "222m456789p11s46s7z", "S": "19m19p1559s12345z"}
    state = play_to_the_last_tile(start("hkos", hands, last_live="2m5s", options={"flowers": False}), live_left=1)
    assert state.turn == "E" and str(state.observation("E").drawn) == "2m"
    assert Action.concealed_kong("E", "2m") in state.legal_actions("E")
    state.apply(Action.concealed_kong("E", "2m"))
    assert state.live_wall == 0 and state.observation("E").replacement_tiles == 14
    assert state.events[-1]["event"] == "draw" and state.events[-1]["source"] == "replacement"
    state.apply(Action.discard("E", state.observation("E").drawn))
    for seat in state.to_act:
        assert {a.kind for a in state.legal_actions(seat)} <= {ActionKind.WIN, ActionKind.PASS}
    pass_all(state)
    assert state.result.exhausted and len(state.table_view().wall) == 14
    assert "5s" in [str(tile) for tile in state.table_view().wall]


def test_hkos_a_flower_as_the_last_live_tile_ends_the_hand_with_the_reserve_whole():
    # Seven bonus tiles are dealt (and replaced at the deal), the eighth is put last in the live wall:
    # set out when drawn, it cannot be replaced without breaking into the reserve, so the hand is drawn.
    hands = {"E": "1f2f3f4f123m456p789s1z", "S": "5f6f7f123p456s789m1z"}
    event = hand_start_for("hkos", hands)
    wall = parse_tiles(event["wall"], as_set=False)
    last_live = len(wall) - 14 - 7 - 1  # seven replacements at the deal moved the reserve forward
    flower = wall.index(Tile.parse("8f"))
    wall[flower], wall[last_live] = wall[last_live], wall[flower]
    state = HandState.from_hand_start(dict(event, wall=tiles_in_order_text(wall)))
    assert sum(1 for e in state.events if e["event"] == "bonus") == 7
    state = play_to_the_last_tile(state, first_discard="1z")
    assert state.is_over and state.result.exhausted
    draw, bonus, exhausted = state.events[-4:-1]
    assert draw["tile"] == "8f" and draw["source"] == "live"
    assert bonus == {"event": "bonus", "seat": draw["seat"], "tile": "8f", "replacement": None}
    assert exhausted == {"event": "exhausted"}
    assert len(state.table_view().wall) == 14
    assert replay(state.events).events == state.events


# ---------------------------------------------------------------------------- the NTS dead hand


def test_a_false_mahjong_makes_a_dead_hand_and_play_goes_on():
    state = start("nts", CLAIM_HANDS | {"E": "189m59p19s1234567z"})
    state.apply(Action.win("E"))  # East cries mahjong on a hand that is nothing
    false_win = state.events[-1]
    assert false_win["event"] == "false_win" and false_win["seat"] == "E"
    assert false_win["reason"] == "not a winning hand with 7z"  # 7z: the last tile East was dealt
    assert state.phase is Phase.TURN and state.turn == "E"
    assert {a.kind for a in state.legal_actions("E")} == {ActionKind.DISCARD}
    assert state.observation("S").dead == ("E",)
    with pytest.raises(WrongMomentError, match="dead"):
        state.apply(Action.win("E"))
    # the dead hand is never asked about a discard again
    state.apply(Action.discard("E", "5p"))
    state.apply(Action.pass_("N"))
    while not state.is_over:
        if state.phase is not Phase.TURN:
            assert "E" not in state.to_act
            pass_all(state)
            continue
        seat = state.turn
        actions = state.legal_actions(seat)
        wins = [a for a in actions if a.kind is ActionKind.WIN]
        state.apply(wins[0] if wins else Action.discard(seat, state.observation(seat).drawn or actions[-1].tile))
    assert state.result.dead == ("E",)
    assert state.result.scores["E"] == 0
    assert sum(state.result.payments.values()) == 0


def test_a_false_claim_on_a_discard_makes_a_dead_hand_under_nts():
    state = start("nts", CLAIM_HANDS)
    state.apply(Action.discard("E", "5p"))
    state.apply(Action.win("W"))  # West holds 55p, not a winning hand
    assert state.events[-1]["event"] == "false_win" and state.events[-1]["seat"] == "W"
    assert state.to_act == ["S", "N"] and state.legal_actions("W") == []
    # the others' claims on the same tile still stand
    state.apply(Action.pass_("S")).apply(Action.win("N"))
    assert state.result.winner == "N" and state.result.dead == ("W",)
    assert state.result.scores["W"] == 0 and sum(state.result.payments.values()) == 0


def test_nts_earthly_hand_makes_a_win_of_a_hand_without_doublings():
    # North's four sets and 46p have no doubling: 5p later in the game would not be a legal win.
    state = start("nts", CLAIM_HANDS | {"N": "123456789m11s46p"})
    state.apply(Action.discard("E", "5p"))
    # earthly hand: a non-dealer winning on East's very first discard is a limit hand in NTS
    assert Action.win("N") in state.legal_actions("N")
    situation = HandSituation.from_dict(
        {
            "rules": "nts",
            "concealed": "123456789m11s46p",
            "winning_tile": "5p",
            "win_by": "discard",
            "seat_wind": "N",
            "round_wind": "E",
        }
    )
    assert not get_ruleset("nts").score(situation).valid  # the same hand later in the game
