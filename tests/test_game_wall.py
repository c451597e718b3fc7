"""The seeds' table procedures: walls, dice, the break, the dead wall, the deal and bonus tiles."""

from __future__ import annotations

from collections import Counter

import pytest

from sparrow.core.tiles import SEATS, Tile, full_set, parse_tiles
from sparrow.game.actions import Action
from sparrow.game.procedures import procedure
from sparrow.game.replay import replay
from sparrow.game.state import HandSetupError, HandState, Phase
from sparrow.game.wall import (
    DEAD_WALL_SIZE,
    Wall,
    break_stack,
    choose_east,
    count_seats,
    deal_order,
    draw_order,
    stacks_per_wall,
)
from sparrow.rules import RulesError
from tests.test_game_scenarios import hand_start_for, start


class ScriptedDice:
    """Stands in for random.Random where a test needs chosen dice."""

    def __init__(self, pips: list[int]) -> None:
        self.pips = list(pips)

    def randint(self, low: int, high: int) -> int:
        return self.pips.pop(0)


# ---------------------------------------------------------------------------- walls and the break


@pytest.mark.parametrize(
    ("rules", "options", "tiles", "stacks", "dice", "dead_wall"),
    [
        ("nts", {}, 144, 18, 2, "fixed"),
        ("hkos", {}, 144, 18, 3, "reserve"),
        ("hkos", {"flowers": False}, 136, 17, 3, "reserve"),
        ("hkos", {"three_dice_break": False}, 144, 18, 2, "reserve"),
        ("chinese", {}, 144, 18, 2, "none"),
        ("casual", {}, 136, 17, 2, "none"),
    ],
)
def test_wall_sizes_dice_and_dead_wall_per_ruleset(rules, options, tiles, stacks, dice, dead_wall):
    proc = procedure(rules, options)
    assert proc.tile_count == tiles
    assert stacks_per_wall(tiles) == stacks
    assert proc.table.break_dice == dice and proc.table.dead_wall == dead_wall
    state = HandState(rules, options, 11)
    start = state.events[0]
    assert sorted(parse_tiles(start["wall"])) == sorted(full_set(tiles == 144))
    break_roll = [roll for roll in start["dice"] if roll["purpose"] == "break"]
    assert len(break_roll) == 1 and len(break_roll[0]["dice"]) == dice


def test_the_three_dice_break_counts_seats_then_stacks_from_the_right_end():
    # East rolls 1+1+1 = 3: the third seat counterclockwise (West); three stacks from the right end of
    # West's wall. Clockwise from East's right end the walls are E, N, W, S, 18 stacks each, so West's
    # wall starts at stack 36 and the live wall at stack 39 (tile 78).
    assert count_seats(0, 3) == 2
    assert break_stack(2, 3, 18) == 39
    order = draw_order(list(range(144)), 2, 3)
    assert order[:4] == [78, 79, 80, 81]
    assert order[-6:] == [72, 73, 74, 75, 76, 77]  # the three counted stacks: the replacement end
    assert sorted(order) == list(range(144))


def test_a_break_count_longer_than_the_wall_runs_on_into_the_next_wall():
    # 6+6+6 = 18 with 17 stacks a wall (136 tiles): the 18th seat counterclockwise is South, whose wall is
    # the last clockwise (stacks 51-67); 17 stacks use it up and the 18th is the first stack of East's.
    assert count_seats(0, 18) == 1
    assert break_stack(1, 18, 17) == 1
    order = draw_order(list(range(136)), 1, 18)
    assert order[:2] == [2, 3] and order[-2:] == [0, 1]


def test_the_nts_prevailing_wind_is_rolled_every_game_and_that_seat_rolls_for_the_break():
    winds = set()
    for seed in range(40):
        start = HandState("nts", seed=seed).events[0]
        wind_roll, break_roll = start["dice"]
        assert wind_roll["purpose"] == "prevailing_wind" and wind_roll["seat"] == "E"
        expected = SEATS[(sum(wind_roll["dice"]) - 1) % 4]  # counted from East as one
        assert start["round_wind"] == expected
        assert break_roll["purpose"] == "break" and break_roll["seat"] == expected
        winds.add(expected)
    assert winds == set(SEATS)


def test_east_is_the_highest_roll_and_ties_reroll_among_the_tied():
    dice = ScriptedDice([3, 4, 6, 6, 6, 6, 1, 1, 1, 2, 5, 5])
    east, rolls = choose_east(dice, ["Ann", "Bob", "Cy", "Di"])
    assert east == 2  # Bob and Cy tie on 12; Cy rolls 10 against Bob's 3
    assert [roll.player for roll in rolls] == ["Ann", "Bob", "Cy", "Di", "Bob", "Cy"]
    assert [roll.total for roll in rolls] == [7, 12, 12, 2, 3, 10]


# ---------------------------------------------------------------------------- dead wall


def test_the_nts_dead_wall_holds_14_tiles_and_is_not_refilled():
    wall = Wall(list(range(144)), "fixed")
    assert wall.live == 130 and wall.replacements == DEAD_WALL_SIZE
    for _ in range(3):
        wall.draw_replacement()
    assert wall.live == 130 and wall.replacements == 11  # replacements do not shorten the live wall
    for _ in range(11):
        wall.draw_replacement()
    assert wall.replacements == 0 and wall.replacement_is_live()
    wall.draw_replacement()  # the dead wall is empty: from the end of the live wall
    assert wall.live == 129


def test_the_hkos_reserve_keeps_14_tiles_back_as_play_goes_on():
    wall = Wall(list(range(144)), "reserve")
    assert wall.live == 130
    wall.draw_replacement()
    assert wall.live == 129 and wall.replacements == 14  # the last live tile joined the reserve
    while wall.live:
        wall.draw()
    assert wall.remaining == 14


def test_without_a_dead_wall_replacements_shorten_the_live_wall():
    wall = Wall(list(range(136)), "none")
    wall.draw_replacement()
    assert wall.live == 135 and wall.replacements == 0


@pytest.mark.parametrize(
    ("rules", "options", "live_after_deal"),
    [("nts", {}, 144 - 53 - 14), ("hkos", {}, 144 - 53 - 14), ("chinese", {}, 144 - 53), ("casual", {}, 136 - 53)],
)
def test_live_wall_after_the_deal(rules, options, live_after_deal):
    for seed in range(20):
        state = HandState(rules, options, seed)
        replaced = sum(1 for e in state.events if e["event"] == "bonus")
        shortened = replaced if rules in ("hkos", "chinese") else 0  # the NTS dead wall is not refilled
        assert state.live_wall == live_after_deal - shortened


# ---------------------------------------------------------------------------- the deal


def test_the_deal_is_packets_of_four_then_one_each_and_easts_fourteenth():
    order = deal_order()
    assert order[:16] == [0] * 4 + [1] * 4 + [2] * 4 + [3] * 4
    assert order[48:] == [0, 1, 2, 3, 0]
    assert Counter(order) == {0: 14, 1: 13, 2: 13, 3: 13}


def test_the_deal_takes_the_front_of_the_wall_in_that_order():
    start_event = HandState("casual", seed=3).events[0]
    wall = parse_tiles(start_event["wall"])
    state = HandState.from_hand_start(start_event)
    deal = state.events[1]
    east = wall[0:4] + wall[16:20] + wall[32:36] + [wall[48], wall[52]]
    south = wall[4:8] + wall[20:24] + wall[36:40] + [wall[49]]
    assert sorted(parse_tiles(deal["hands"]["E"])) == sorted(east)
    assert sorted(parse_tiles(deal["hands"]["S"])) == sorted(south)
    assert state.phase is Phase.TURN and state.turn == "E"
    sizes = {seat: len(state.observation(seat).hand) for seat in SEATS}
    assert sizes == {"E": 14, "S": 13, "W": 13, "N": 13}


# East is dealt flower 1 and flower 2, South season 3; East's first replacement is season 1, another
# bonus tile. The replacements come off the replacement end in this order.
CHAIN_HANDS = {"E": "1f2f123m456p789s123z", "S": "7f123p456s789m567z"}
CHAIN_REPLACEMENTS = "5f1m2m3m"


@pytest.mark.parametrize("rules", ["hkos", "chinese"])
def test_bonus_tiles_at_the_deal_are_replaced_in_passes_east_south_west_north(rules):
    # docs/rules/hkos.md: "E, S, W, N in turn, repeatedly": the bonus replacement waits for East's next pass,
    # after South's season is replaced (chinese plays the hkos table).
    state = start(rules, CHAIN_HANDS, replacements=CHAIN_REPLACEMENTS)
    assert procedure(rules).table.bonus_chain == "next_pass"
    bonus = [e for e in state.events if e["event"] == "bonus"]
    assert bonus == [
        {"event": "bonus", "seat": "E", "tile": "1f", "replacement": "5f"},
        {"event": "bonus", "seat": "E", "tile": "2f", "replacement": "1m"},
        {"event": "bonus", "seat": "S", "tile": "7f", "replacement": "2m"},
        {"event": "bonus", "seat": "E", "tile": "5f", "replacement": "3m"},
    ]
    view = state.observation("E")
    assert view.bonus["E"] == tuple(parse_tiles("1f2f5f")) and view.bonus["S"] == (Tile.parse("7f"),)
    assert len(view.hand) == 14 and view.hand_sizes["S"] == 13
    assert state.events[1]["hands"]["E"] == "123m456p789s123z12f"  # the deal, before replacement
    assert str(state.observation("E").drawn) == "3m"  # the last tile East received


def test_nts_replaces_a_bonus_replacement_immediately_within_the_seats_turn():
    # Seed 000: "East resolves flowers/seasons first, then South ... If replacement is also
    # flower/season, place it open and replace again immediately." East's season 1 is replaced before
    # East's second flower, and all of East's before South's.
    state = start("nts", CHAIN_HANDS, replacements=CHAIN_REPLACEMENTS)
    assert procedure("nts").table.bonus_chain == "immediate"
    bonus = [e for e in state.events if e["event"] == "bonus"]
    assert bonus == [
        {"event": "bonus", "seat": "E", "tile": "1f", "replacement": "5f"},
        {"event": "bonus", "seat": "E", "tile": "5f", "replacement": "1m"},
        {"event": "bonus", "seat": "E", "tile": "2f", "replacement": "2m"},
        {"event": "bonus", "seat": "S", "tile": "7f", "replacement": "3m"},
    ]
    view = state.observation("E")
    assert view.bonus["E"] == tuple(parse_tiles("1f5f2f")) and view.bonus["S"] == (Tile.parse("7f"),)
    assert len(view.hand) == 14 and view.hand_sizes["S"] == 13
    assert str(view.drawn) == "2m"  # the last tile East received
    assert "3m" in [str(t) for t in state.table_view().hands["S"]]
    assert replay(state.events).events == state.events


def test_a_bonus_tile_drawn_in_play_is_set_out_and_replaced_again_and_again():
    hands = {"E": "123m456p789s12345z", "S": "123p456s789m5677z"}
    state = start("hkos", hands, draws="2f", replacements="6f3s", options={"practice": True})
    state.apply(Action.discard("E", "5z"))
    if state.phase is Phase.CLAIMS:
        for seat in list(state.to_act):
            state.apply(Action.pass_(seat))
    draw, first, second = state.events[-3:]
    assert draw == {"event": "draw", "seat": "S", "tile": "2f", "source": "live"}
    assert first == {"event": "bonus", "seat": "S", "tile": "2f", "replacement": "6f"}
    assert second == {"event": "bonus", "seat": "S", "tile": "6f", "replacement": "3s"}
    view = state.observation("S")
    assert str(view.drawn) == "3s" and len(view.hand) == 14
    assert state.legal_actions("S")  # South's turn goes on with the replacement


# ---------------------------------------------------------------------------- setting up a hand


def test_bad_set_ups_are_refused_with_the_reason():
    with pytest.raises(RulesError, match="unknown ruleset"):
        HandState("mahjongg", seed=1)
    with pytest.raises(RulesError, match="unknown option"):
        HandState("hkos", {"jokers": True}, 1)
    with pytest.raises(HandSetupError, match="whole-number seed"):
        HandState("hkos", seed="abc")  # type: ignore[arg-type]
    with pytest.raises(HandSetupError, match="whole-number seed"):
        HandState("hkos")
    with pytest.raises(HandSetupError, match="options must be an object"):
        HandState("hkos", 5)  # type: ignore[arg-type]
    with pytest.raises(HandSetupError, match="players"):
        HandState("hkos", seed=1, players={"E": "a"})
    event = hand_start_for("casual", {})
    with pytest.raises(HandSetupError, match="every tile of the 136-tile set"):
        HandState.from_hand_start(dict(event, wall=event["wall"][:-2]))
    with pytest.raises(HandSetupError, match="round_wind"):
        HandState.from_hand_start(dict(event, round_wind="X"))
    with pytest.raises(HandSetupError, match="options must be an object"):
        HandState.from_hand_start(dict(event, options=["flowers"]))
    with pytest.raises(HandSetupError, match="deal_passes"):
        HandState.from_hand_start(dict(event, deal_passes=-1))
    with pytest.raises(HandSetupError, match="hand_start event"):
        HandState.from_hand_start({"event": "deal"})
    with pytest.raises(HandSetupError, match="players must name the 3 seats E, S, W"):
        HandState("hkos", {"three_players": True}, 1, players={"E": "a", "S": "b", "W": "c", "N": "d"})


def test_the_same_seed_deals_the_same_hand():
    one, two = HandState("chinese", seed=99), HandState("chinese", seed=99)
    assert one.events == two.events
    assert HandState("chinese", seed=100).events[0]["wall"] != one.events[0]["wall"]
