"""The computer players (``sparrow.bots``): one interface, legal play under every ruleset, and the
behaviours each level promises, shown on constructed positions."""

from __future__ import annotations

import dataclasses
import random
from types import MappingProxyType
from typing import Any

import pytest

from sparrow.bots import LEVELS, BotError, get_bot
from sparrow.core.hand import Meld, MeldKind
from sparrow.core.tiles import SEATS, parse_tiles
from sparrow.game.actions import Action, ActionKind
from sparrow.game.match import Match
from sparrow.game.state import HandState, Observation, Phase
from tests.scale import scaled

RULESETS = ["nts", "hkos", "chinese", "casual"]


def tiles(text: str) -> tuple:
    return tuple(parse_tiles(text, as_set=False))


def observation(
    rules: str = "casual",
    *,
    seat: str = "S",
    hand: str,
    drawn: str | None = None,
    phase: Phase = Phase.TURN,
    turn: str | None = None,
    melds: dict[str, list[Meld]] | None = None,
    discards: dict[str, str] | None = None,
    bonus: dict[str, str] | None = None,
    live_wall: int = 60,
    claim_tile: str | None = None,
    claim_from: str | None = None,
    legal: list[Action] | None = None,
    options: dict[str, Any] | None = None,
    round_wind: str = "E",
) -> Observation:
    """An observation built by hand, as a test of a bot's decision needs it."""
    melds = {s: tuple((melds or {}).get(s, ())) for s in SEATS}
    hand_tiles = tuple(sorted(tiles(hand)))
    sizes = {s: 13 - 3 * len(melds[s]) for s in SEATS}
    sizes[seat] = len(hand_tiles)
    if legal is None:
        legal = [Action.discard(seat, t) for t in sorted(set(hand_tiles))]
    return Observation(
        seat=seat,
        rules=rules,
        options=MappingProxyType(dict(options or {})),
        round_wind=round_wind,
        players=MappingProxyType({s: s for s in SEATS}),
        scores=MappingProxyType(dict.fromkeys(SEATS, 0)),
        phase=phase,
        turn=turn or seat,
        to_act=(seat,),
        hand=hand_tiles,
        drawn=parse_tiles(drawn)[0] if drawn else None,
        melds=MappingProxyType(melds),
        bonus=MappingProxyType({s: tiles((bonus or {}).get(s, "")) for s in SEATS}),
        discards=MappingProxyType({s: tiles((discards or {}).get(s, "")) for s in SEATS}),
        hand_sizes=MappingProxyType(sizes),
        live_wall=live_wall,
        replacement_tiles=0,
        claim_tile=parse_tiles(claim_tile)[0] if claim_tile else None,
        claim_from=claim_from,
        dead=(),
        legal_actions=tuple(legal),
    )


# ---------------------------------------------------------------- the interface


def test_get_bot_knows_the_levels_and_refuses_others():
    assert LEVELS == ("easy", "normal", "expert")
    for level in LEVELS:
        assert get_bot(level, 3).level == level
    with pytest.raises(BotError, match="easy, normal, expert"):
        get_bot("grandmaster", 1)
    with pytest.raises(BotError, match="whole number"):
        get_bot("normal", "7")  # type: ignore[arg-type]


def test_a_bot_only_ever_returns_one_of_the_legal_actions_it_was_shown():
    obs = observation(hand="123m456p789s1122z5z", drawn="5z")
    for level in LEVELS:
        assert get_bot(level, 1).act(obs) in obs.legal_actions


def test_every_level_declares_a_legal_win():
    obs = observation(hand="123m456p789s11z22z", drawn="2z", legal=[Action.win("S"), Action.discard("S", "1m")])
    for level in LEVELS:
        assert get_bot(level, 5).act(obs) == Action.win("S")


def _swap_north_tile(event: dict[str, Any], deep: int) -> dict[str, Any] | None:
    from sparrow.game.events import tiles_in_order_text

    wall = parse_tiles(event["wall"], as_set=False)
    north = 12  # the first tile of North's first packet
    if wall[north] == wall[deep] or wall[north].is_bonus or wall[deep].is_bonus:
        return None
    swapped = list(wall)
    swapped[north], swapped[deep] = swapped[deep], swapped[north]
    return dict(event, wall=tiles_in_order_text(swapped))


@pytest.mark.parametrize("level", LEVELS)
def test_a_decision_depends_on_the_observation_alone(level):
    """Two tables that differ in North's hand and the wall (a tile of North's swapped with one deep in
    the wall): while East, South and West see the same observation, each bot decides the same. A
    second bot of the same seed, asked in the other order, agrees too: nothing but the seed and the
    observation goes into a decision."""
    compared = 0
    for seed in range(6):
        event = HandState("hkos", seed=seed).events[0]
        other = _swap_north_tile(event, 100)
        if other is None:
            continue
        one, two = HandState.from_hand_start(event), HandState.from_hand_start(other)
        first, second = get_bot(level, seed), get_bot(level, seed)
        while not one.is_over and sum(1 for e in one.events if e["event"] == "draw") < 30:
            # North passes on every tile and throws what it draws; the two tables only part ways on
            # whether the table stops to ask North (its hands differ), so North answers per table.
            asked = [s for s in (one, two) if s.phase in (Phase.CLAIMS, Phase.ROB) and "N" in s.to_act]
            if asked:
                for state in asked:
                    state.apply(Action.pass_("N"))
                continue
            seat = one.to_act[0]
            if seat == "N":
                action = Action.discard("N", one.observation("N").drawn or one.observation("N").hand[0])
                one.apply(action)
                two.apply(action)
                continue
            seen_one, seen_two = one.observation(seat), two.observation(seat)
            assert seen_one == seen_two
            decision = first.act(seen_one)
            assert second.act(seen_two) == decision
            compared += 1
            one.apply(decision)
            two.apply(decision)
    assert compared > 50


def expert_as_under(rules: str, seed: int, **changes: Any):
    """The Expert as it plays ``rules`` (its variant there), with ``changes`` on top: the same player
    but for one setting, to show what that setting decides."""
    from sparrow.bots import players

    fields = {**players.VARIANTS["expert"].get(rules, {}), **changes}
    return players.Bot(dataclasses.replace(players.TEMPERAMENTS["expert"], **fields), seed)


# ---------------------------------------------------------------- legal play, and wins, everywhere


# The issue asks for 300 seeded hands of every ruleset per level. They are played as three runs of 100
# hands on their own seeds, so that the parallel test workers share them out evenly.
_LEGAL_PLAY_SLICES = 3
_LEGAL_PLAY_HANDS = 100


@pytest.mark.slow
@pytest.mark.parametrize("part", range(_LEGAL_PLAY_SLICES))
@pytest.mark.parametrize("rules", RULESETS)
def test_every_level_plays_300_hands_legally_and_wins_some(rules, part):
    """Each level sits at 300 seeded hands of the ruleset (a table of easy, normal, expert and normal
    bots, the chairs turning every match; here a third of them): every decision is one of the legal
    actions (the engine would raise otherwise), and every level wins some hands in each third."""
    from sparrow.play.lab import run_lab

    hands = scaled(_LEGAL_PLAY_HANDS)
    result = run_lab(rules, ["easy", "normal", "expert", "normal"], hands, seed=2026 + part, workers=1)
    assert result.hands == hands
    assert [stats.hands for stats in result.stats] == [hands] * 4
    for stats in result.stats:
        assert stats.wins > 0, (rules, part, stats.level)
    assert result.drawn_rate < 0.6


# ---------------------------------------------------------------- behaviours on constructed positions


def test_normal_picks_the_discard_with_the_most_unseen_improving_tiles():
    """123m 456m 789m 5p 677s 8s: throwing 7s waits on 5p (three unseen), throwing 5p waits on 7s (two
    unseen: the hand holds the other two). With two 5p already discarded, only one 5p is unseen, and
    the wait on 7s is the wider one."""
    hand = "123m456m789m5p6778s"
    plain = observation(hand=hand)
    assert get_bot("normal", 1).act(plain) == Action.discard("S", "7s")
    seen = observation(hand=hand, discards={"E": "5p", "W": "5p"})
    assert get_bot("normal", 1).act(seen) == Action.discard("S", "5p")


def test_normal_keeps_the_two_sided_shape():
    """123m 456m 12p 67p 55s 99s is one tile from ready whatever it throws, but breaking the
    two-sided 67p leaves 8 improving tiles where breaking the edge 12p or a pair leaves 12."""
    choice = get_bot("normal", 1).act(observation(hand="123m456m12p67p55s99s"))
    assert choice.tile in parse_tiles("12p59s")


def _declines(level: str, obs: Observation, claim: Action) -> bool:
    action = get_bot(level, 3).act(obs)
    assert action in obs.legal_actions
    return action != claim


def test_every_level_declines_a_claim_that_leaves_the_minimum_out_of_reach():
    """HKOS without bonus tiles (so no faan for having none), three faan to win. South holds
    234m 567p 99s 34p 78s and 7z. West (on South's left) discards 6s: the chow 678s would leave
    South ready on 2p/5p at once, but open: a hand of chows across three suits with nothing else is 1
    faan, 2 with a self-draw, never 3. Every level lets it go. Under the casual rules (no minimum) the
    same chow is taken by the normal and expert players: it is the minimum that stops them."""
    hand = "234m567p99s34p78s7z"
    chow = Action.chow("S", "6s")
    legal = [chow, Action.pass_("S")]
    hkos = observation(
        "hkos",
        hand=hand,
        phase=Phase.CLAIMS,
        turn="E",
        claim_tile="6s",
        claim_from="E",
        legal=legal,
        options={"flowers": False},
    )
    for level in LEVELS:
        assert _declines(level, hkos, chow), level
    casual = dataclasses.replace(hkos, rules="casual", options=MappingProxyType({}))
    for level in ("normal", "expert"):
        assert not _declines(level, casual, chow), level


def test_every_level_declines_a_pung_that_leaves_the_nts_minimum_out_of_reach():
    """NTS needs two doublings. South (not East, in the East round) holds a concealed hand of chows
    and a pair of 3p; a pung of 3p would make it ready at once but open, with no honour, no flush, no
    flower: no doubling can come. Every level passes."""
    hand = "234m567p33p78s99s1m"
    pung = Action.pung("S")
    obs = observation(
        "nts",
        hand=hand,
        phase=Phase.CLAIMS,
        turn="W",
        claim_tile="3p",
        claim_from="W",
        legal=[pung, Action.pass_("S")],
    )
    for level in LEVELS:
        assert _declines(level, obs, pung), level


def north_collecting_circles() -> list[Meld]:
    """North's three exposed sets, all circles: a player plainly collecting one suit."""
    return [Meld(MeldKind.CHOW, tiles("123p")), Meld(MeldKind.PUNG, tiles("777p")), Meld(MeldKind.CHOW, tiles("456p"))]


def test_expert_folds_late_against_a_player_collecting_one_suit():
    """Late in a hand (eight tiles left in the wall), North has exposed three sets of circles and has
    thrown 1z, 9m and 2s. Expert's own hand is far from ready; it throws a tile North threw itself
    (1z or 9m, both in its hand) rather than one of its circles."""
    north_melds = north_collecting_circles()
    obs = observation(
        hand="1m4m9m2p5p8p3s6s9s1z3z5z7z6p",
        drawn="6p",
        melds={"N": north_melds},
        discards={"N": "1z9m2s", "E": "3m8s", "W": "4z2z"},
        live_wall=8,
    )
    choice = get_bot("expert", 2).act(obs)
    assert choice.kind is ActionKind.DISCARD and str(choice.tile) in ("1z", "9m")


def test_expert_pushes_when_its_own_hand_is_ready():
    """Against the same North, a ready Expert hand does not break itself to throw North's 9m."""
    north_melds = north_collecting_circles()
    obs = observation(
        hand="123m456m789s99m55z3s",
        drawn="3s",
        melds={"N": north_melds},
        discards={"N": "1z9m2s"},
        live_wall=30,
    )
    choice = get_bot("expert", 2).act(obs)
    assert choice.kind is ActionKind.DISCARD and choice.tile == parse_tiles("3s")[0]


def test_expert_throws_the_safest_of_equally_good_discards():
    """North has exposed three sets of circles; 9m, 1p and 9s are each isolated in South's hand and
    each has two copies unseen, so they are equally good throws. Normal takes the first in its
    throwing order (9m); Expert throws 9s, which North threw itself, rather than 9m or North's circle."""
    north_melds = [
        Meld(MeldKind.PUNG, tiles("777p")),
        Meld(MeldKind.PUNG, tiles("888p")),
        Meld(MeldKind.CHOW, tiles("456p")),
    ]
    obs = observation(
        hand="123m456m234s55s1p9s9m",
        melds={"N": north_melds},
        discards={"N": "9s2z", "E": "9m1p"},
        live_wall=30,
    )
    assert get_bot("normal", 2).act(obs) == Action.discard("S", "9m")
    assert get_bot("expert", 2).act(obs) == Action.discard("S", "9s")


def test_expert_takes_a_ready_hand_that_scores_rather_than_waiting_for_a_bigger_one():
    """Chinese rules, East holds 555m 6778889m 555p 7p 5s. Throwing 7p makes the hand ready (on 5s)
    with a winning hand above the minimum; throwing 5s keeps a wider shape for a bigger hand. Expert,
    like Normal, takes the ready hand: in the lab waiting for more value won less often."""
    obs = observation("chinese", seat="E", hand="555m677889m555p7p5s", drawn="5p", live_wall=60)
    for level in ("normal", "expert"):
        assert get_bot(level, 1).act(obs) == Action.discard("E", "7p"), level


def test_expert_waits_on_the_tile_the_opponents_throw_more_readily():
    """South holds four sets, 4p and 4z: throwing either leaves a single wait on the other. 4p has
    three copies unseen and 4z two (East threw one), so a player counting copies alone (Normal's own
    rules) throws 4z and waits on 4p. Expert waits on the North wind instead: an honour nobody can
    use is thrown far more often than a middle tile that fits many runs. Without that weighing
    (``wait_appeal`` 0) it too waits on 4p. Normal lets the evaluator at its setting choose between
    the two, whose chance to win weighs the same at the plain weight: it waits on the North wind too."""
    from sparrow.bots import players

    obs = observation(hand="123m456m789s111p4p4z", discards={"E": "4z", "W": "9p"}, live_wall=40)
    by_rules = dataclasses.replace(players.TEMPERAMENTS["normal"], evaluator_ties=False)
    assert players.Bot(by_rules, 1).act(obs) == Action.discard("S", "4z")
    assert get_bot("normal", 1).act(obs) == Action.discard("S", "4p")
    assert get_bot("expert", 1).act(obs) == Action.discard("S", "4p")
    counting = dataclasses.replace(players.TEMPERAMENTS["expert"], wait_appeal=0.0)
    assert players.Bot(counting, 1).act(obs) == Action.discard("S", "4z")


def test_discard_appeal_orders_honours_terminals_and_middle_tiles():
    """Honours are thrown most readily, then terminals, then 2s and 8s, and middle tiles least; a copy
    in view makes the rest more likely loose; strength 0 makes every tile average."""
    from sparrow.bots.odds import discard_appeal, win_chance

    honour, terminal, two, middle = (discard_appeal(t, 0) for t in (27, 0, 10, 22))
    assert honour > terminal > two > middle
    assert discard_appeal(27, 2) > discard_appeal(27, 0)
    assert {discard_appeal(t, v, 0.0) for t in (27, 0, 10, 22) for v in (0, 2)} == {1.0}
    assert win_chance(2, 80, 10, True, honour) > win_chance(2, 80, 10, True) > win_chance(2, 80, 10, True, middle)
    assert win_chance(2, 80, 10, False, honour) == win_chance(2, 80, 10, False)


def test_a_slower_last_tile_lowers_a_plans_chance_at_every_distance():
    """``last_pace`` slows the winning tile's step: at every distance a plan that may only be won
    self-drawn is less likely to complete than one a discard may win, the slower the less likely; a
    complete hand is complete whatever the pace."""
    from sparrow.bots.odds import reach_chance

    for distance in (0, 1, 2):
        full = reach_chance(distance, 12, 20, 80)
        slow = reach_chance(distance, 12, 20, 80, last_pace=0.4)
        slower = reach_chance(distance, 12, 20, 80, last_pace=0.15)
        assert 0.0 < slower < slow < full < 1.0
    assert reach_chance(-1, 12, 20, 80, last_pace=0.15) == 1.0


def test_a_level_plays_a_ruleset_by_its_variant(monkeypatch):
    """A level's temperament can differ by ruleset (data in ``VARIANTS``). Under casual Expert claims
    the chow 234p that brings a far hand nearer, where Normal waits; given a casual variant that claims
    like Normal, Expert lets it go; a bot of the base temperament still claims it."""
    from sparrow.bots import players

    chow = Action.chow("S", "2p")
    obs = observation(
        hand="1m2m5m9m3p4p8p1s5s9s1z3z5z",
        phase=Phase.CLAIMS,
        turn="E",
        claim_tile="2p",
        claim_from="E",
        legal=[chow, Action.pass_("S")],
    )
    assert get_bot("expert", 3).act(obs) == chow
    assert get_bot("normal", 3).act(obs) != chow
    like_normal = {"normal_claims": True, "chow_reach": 0, "pung_reach": 1, "claims_forward": False}
    monkeypatch.setitem(players.VARIANTS, "expert", {"casual": like_normal})
    assert get_bot("expert", 3).act(obs) != chow
    assert players.Bot(players.TEMPERAMENTS["expert"], 3).act(obs) == chow  # the base temperament


@pytest.mark.parametrize("rules", ["casual", "nts"])
def test_expert_under_casual_and_nts_weighs_plans_by_chance(rules):
    """Casual and NTS: Expert weighs a plan that scores by its chance alone (its variant). With 3m 8p
    11s 34567s 77s 9s and three lone honours it throws the East wind, as Normal does, and keeps the
    quicker mixed hand; the base temperament, weighing a bamboo flush's bigger score in full, throws
    the 8p to build it. (Under NTS with every plan's last tile at the same pace: its variant's
    slower pace for a hand that wins only self-drawn builds the flush, below.)"""
    from sparrow.bots import players

    hand = observation(rules, hand="3m8p1s1s3s4s5s6s7s7s9s1z2z5z")
    same_pace = {"self_draw_pace": 1.0} if rules == "nts" else {}
    assert expert_as_under(rules, 3, **same_pace).act(hand) == Action.discard("S", "1z")
    assert players.Bot(players.TEMPERAMENTS["expert"], 3).act(hand) == Action.discard("S", "8p")


def test_expert_under_nts_builds_a_flush_rather_than_a_hand_that_wins_only_self_drawn():
    """NTS: the same hand, no bonus tile. The quicker mixed hand scores one doubling on a discard at
    most (four chows) and wins only self-drawn; a bamboo hand, as near, is three doublings (pure)
    and a discard may win it. By chance alone, with the self-drawn-only hand's last tile at the
    variant's slower pace, Expert throws the 8p towards the bamboo; Normal throws the East wind."""
    hand = observation("nts", hand="3m8p1s1s3s4s5s6s7s7s9s1z2z5z")
    assert get_bot("expert", 3).act(hand) == Action.discard("S", "8p")
    assert get_bot("normal", 3).act(hand) == Action.discard("S", "1z")


def test_expert_under_hkos_takes_a_flush_one_tile_further():
    """HKOS: Expert takes a plan one tile further than the nearest that scores when it is worth half
    as much again (its variant). With nine bamboo tiles, 3m 5m 4p and two lone dragons it throws the
    3m towards a bamboo half flush; the base temperament, and Normal, keep to the nearer plan and
    throw a dragon."""
    from sparrow.bots import players

    hand = observation("hkos", hand="3m5m4p2s2s3s3s4s5s6s7s8s5z6z")
    assert get_bot("expert", 3).act(hand) == Action.discard("S", "3m")
    assert players.Bot(players.TEMPERAMENTS["expert"], 3).act(hand) == Action.discard("S", "5z")
    assert get_bot("normal", 3).act(hand) == Action.discard("S", "5z")


def test_expert_under_hkos_holds_back_an_honour_an_opponent_would_score():
    """HKOS: early in the hand the 9m and the lone Green Dragon are equally good throws for South's
    hand. Normal, and Expert without its HKOS variant's hold, throw the dragon first (honours go
    first); Expert keeps it while two copies are unseen, since an opponent holding a pair would pung
    it for a faan, and throws the 9m. With two Greens already thrown nobody can pung it: it goes."""
    hand = "2m3m9m3p3p4p7p9p3s4s5s6s8s6z"
    early = observation("hkos", hand=hand, live_wall=60)
    assert get_bot("expert", 1).act(early) == Action.discard("S", "9m")
    assert expert_as_under("hkos", 1, hold_honours=False).act(early) == Action.discard("S", "6z")
    assert get_bot("normal", 1).act(early) == Action.discard("S", "6z")
    one_seen = observation("hkos", hand=hand, live_wall=60, discards={"E": "6z"})
    assert get_bot("expert", 1).act(one_seen) == Action.discard("S", "9m")
    two_seen = observation("hkos", hand=hand, live_wall=60, discards={"E": "6z", "W": "6z"})
    assert get_bot("expert", 1).act(two_seen) == Action.discard("S", "6z")


def test_expert_under_nts_steers_for_simple_chows_that_win_on_a_discard():
    """NTS: South holds no bonus tile, so a concealed hand of chows scores only one doubling on a
    discard (four chows) and can win only self-drawn (fully concealed, two more). Chows of the simples
    alone score two (pure simplicity too), so a discard wins as well. Expert under NTS weighs that
    plan, counts a self-drawn-only hand's last tile as coming slower, and throws the lone 1m; without
    either setting, and for Normal, the throw is a 3p, the hand's most efficient. With its own flower
    in front of it the chows already win on a discard (four chows and the flower): the 3p goes."""
    hand = "1m5m7m8m2p3p3p4p2s3s3s3s7s8s"
    bare = observation("nts", hand=hand, live_wall=50)
    assert get_bot("expert", 1).act(bare) == Action.discard("S", "1m")
    assert expert_as_under("nts", 1, finer_plans=()).act(bare) == Action.discard("S", "3p")
    assert expert_as_under("nts", 1, self_draw_pace=1.0).act(bare) == Action.discard("S", "3p")
    assert get_bot("normal", 1).act(bare) == Action.discard("S", "3p")
    flowered = observation("nts", hand=hand, live_wall=50, bonus={"S": "2f"})
    assert get_bot("expert", 1).act(flowered) == Action.discard("S", "3p")


def test_expert_under_hkos_counts_on_no_bonus_tiles_only_while_none_may_come():
    """HKOS: South holds no bonus tile, so its concealed chows would score three faan on a discard
    (concealed, all chows, no bonus tiles) and the lone White and Red look like nothing to keep;
    Normal, and Expert without the setting, throw the White. But the next flower or season of another
    seat takes the "no bonus tiles" faan away: Expert under HKOS values its plans partly as if one had
    come, and keeps the dragons (a pung of one is a faan for good), throwing the 8s. With another seat's
    flower already in front of it, every player sees that and throws the 8s; with its own flower (a
    faan that stays) Expert throws the White."""
    hand = "2m3m3m4m5m7m7m3p5p6p3s8s5z7z"
    bare = observation("hkos", hand=hand)
    assert get_bot("expert", 1).act(bare) == Action.discard("S", "8s")
    assert expert_as_under("hkos", 1, bonus_risk=0.0).act(bare) == Action.discard("S", "5z")
    assert get_bot("normal", 1).act(bare) == Action.discard("S", "5z")
    foreign = observation("hkos", hand=hand, bonus={"S": "3f"})
    assert get_bot("normal", 1).act(foreign) == Action.discard("S", "8s")
    assert expert_as_under("hkos", 1, bonus_risk=0.0).act(foreign) == Action.discard("S", "8s")
    own = observation("hkos", hand=hand, bonus={"S": "2f"})
    assert get_bot("expert", 1).act(own) == Action.discard("S", "5z")
    # Without bonus tiles at the table there is nothing to lose: the setting changes nothing.
    plain = observation("hkos", hand=hand, options={"flowers": False})
    assert get_bot("expert", 1).act(plain) == expert_as_under("hkos", 1, bonus_risk=0.0).act(plain)


def test_expert_under_hkos_holds_its_own_seat_wind_among_equal_discards():
    """HKOS: the lone South (the seat's own wind, a faan as a pung for South alone) and the 9s are
    equally good throws for the hand. Normal throws honours first among equals, and so does Expert
    without the setting; Expert under HKOS keeps its own wind while two copies are unseen (two more
    may come) and throws the 9s."""
    bare = observation("hkos", hand="2m2m4m3p3p8p3s5s6s8s9s2z4z4z")
    assert get_bot("expert", 1).act(bare) == Action.discard("S", "9s")
    assert expert_as_under("hkos", 1, hold_own_wind=False).act(bare) == Action.discard("S", "2z")
    assert get_bot("normal", 1).act(bare) == Action.discard("S", "2z")
    # Two copies in view, so at most one more may come: no pung to wait for, and the South goes.
    seen = observation("hkos", hand="2m2m4m3p3p8p3s5s6s8s9s2z4z4z", discards={"E": "2z2z"})
    assert get_bot("expert", 1).act(seen) == Action.discard("S", "2z")


def test_temperament_takes_its_shares_in_range():
    from sparrow.bots import players

    with pytest.raises(ValueError, match="bonus_risk"):
        players.Temperament("expert", bonus_risk=1.5)
    with pytest.raises(ValueError, match="kong_share"):
        players.Temperament("expert", kong_share=-0.5)
    with pytest.raises(ValueError, match="self_drawn_wait"):
        players.Temperament("expert", self_drawn_wait=0.0)


def test_temperament_names_only_known_finer_plans():
    from sparrow.bots import players

    with pytest.raises(ValueError, match="finer plans"):
        players.Temperament("expert", finer_plans=("simple-pungs",))


def test_expert_under_hkos_folds_only_further_from_ready():
    """HKOS: Expert folds later than under the other rulesets (its variant: from five tiles from
    ready, four late in the wall). Thirty tiles are left (under eight draws each), North has three
    exposed sets of circles, and Expert's hand is two tiles from ready: under casual it folds to the
    9m North threw; under HKOS it plays on and throws the 9p, which keeps it two tiles from ready."""
    hand = "2m4m7m9m9m4p5p6p6p7p9p4s6s7s"
    table = {"melds": {"N": north_collecting_circles()}, "discards": {"N": "1z9m2s", "E": "3m8s", "W": "4z2z"}}
    casual = observation("casual", hand=hand, live_wall=30, **table)
    hkos = observation("hkos", hand=hand, live_wall=30, **table)
    assert get_bot("expert", 2).act(casual) == Action.discard("S", "9m")
    assert get_bot("expert", 2).act(hkos) == Action.discard("S", "9p")


def test_expert_under_chinese_chows_only_near_ready():
    """Chinese rules: Expert lets go a chow that leaves its hand far from ready (its chinese variant:
    a chow only within two tiles of ready), which the base temperament would claim; a chow that
    brings the hand within a tile of ready it still takes."""
    from sparrow.bots import players

    chow = Action.chow("S", "2p")

    def claim(hand: str) -> Observation:
        legal = [chow, Action.pass_("S")]
        return observation(
            "chinese", hand=hand, phase=Phase.CLAIMS, turn="E", claim_tile="2p", claim_from="E", legal=legal
        )

    far = claim("1m2m5m9m3p4p8p1s5s9s1z3z5z")
    assert get_bot("expert", 3).act(far) != chow
    assert players.Bot(players.TEMPERAMENTS["expert"], 3).act(far) == chow  # the base temperament
    assert get_bot("expert", 3).act(claim("2m3m4m6m7m3p4p8p8p5s6s9s1z")) == chow


def test_expert_under_chinese_pungs_only_towards_a_discard_win():
    """Chinese rules: a pung of the White would make the hand ready on 5p/8p, but with it declared the
    hand scores One Dragon Pong and Double Chow (2 points) on a discard; only self-drawn does it reach
    the minimum of 3. Expert (its chinese variant) passes and keeps the hand concealed, where the
    concealed point comes with any win; Normal and the base temperament take the dragons."""
    from sparrow.bots import players

    pung = Action.pung("S")
    claim = observation(
        "chinese",
        hand="2m3m4m2m3m4m6p7p9s9s5z5z1z",
        phase=Phase.CLAIMS,
        turn="W",
        claim_tile="5z",
        claim_from="W",
        legal=[pung, Action.pass_("S")],
    )
    assert get_bot("expert", 1).act(claim) == Action.pass_("S")
    assert players.Bot(players.TEMPERAMENTS["expert"], 1).act(claim) == pung
    assert get_bot("normal", 1).act(claim) == pung


def test_expert_under_chinese_still_chows_towards_a_self_drawn_win():
    """Chinese rules: a chow of the 2p makes the hand ready on 5m/8m, and with it declared the hand
    scores only All Chows and All Simples (2 points) on a discard. The rule above is for pungs (and
    kongs): the chow is still taken, as Normal takes it. In the lab passing such chows too lost wins
    (docs/bots.md, "Tuning", fifth round)."""

    chow = Action.chow("S", "2p")
    claim = observation(
        "chinese",
        hand="3p4p6m7m3s4s5s4s5s6s8p8p1z",
        phase=Phase.CLAIMS,
        turn="E",
        claim_tile="2p",
        claim_from="E",
        legal=[chow, Action.pass_("S")],
    )
    assert get_bot("expert", 3).act(claim) == chow
    assert get_bot("normal", 3).act(claim) == chow
    strict = expert_as_under("chinese", 3, claim_discard_win=("chow", "pung", "kong"))
    assert strict.act(claim) == Action.pass_("S")


def test_expert_under_chinese_passes_a_pung_only_to_keep_a_discard_win():
    """Chinese rules: the rule against a pung after which the hand could win only self-drawn guards
    a hand that could still win on a discard. This one has declared a chow already, so it has no
    concealed point to keep, and its plans win only self-drawn whether it claims or passes: the pung
    of East (the round wind, a point) brings it nearer, and Expert (its chinese variant) takes it,
    as Normal does. With the rule for every such claim it passed."""
    pung = Action.pung("S")
    claim = observation(
        "chinese",
        hand="8m9m7p9p1s5s9s9s1z1z",
        melds={"S": [Meld(MeldKind.CHOW, tiles("789p"))]},
        phase=Phase.CLAIMS,
        turn="W",
        claim_tile="1z",
        claim_from="W",
        legal=[pung, Action.pass_("S")],
        live_wall=77,
    )
    assert get_bot("expert", 1).act(claim) == pung
    assert get_bot("normal", 1).act(claim) == pung
    assert expert_as_under("chinese", 1, only_losing_discard_win=False).act(claim) == Action.pass_("S")


def test_expert_under_chinese_claims_a_kong_that_keeps_the_hand_as_good():
    """Chinese rules: holding a concealed pung of the White, the fourth is discarded. Declared as a
    kong it scores One Dragon Pong, Single Kong and Double Chow (3 points) on a discard, as the
    concealed pung scores with the concealed hand's point: the hand is worth as much either way, and
    the kong brings a replacement draw. Expert (its chinese variant, `kong_share` 1) takes it, as
    Normal does; a claim that only keeps the hand as good is otherwise passed."""
    kong = Action.kong("S")
    claim = observation(
        "chinese",
        hand="5z5z5z2m3m4m2p3p4p6s7s9s9s",
        phase=Phase.CLAIMS,
        turn="W",
        claim_tile="5z",
        claim_from="W",
        legal=[kong, Action.pung("S"), Action.pass_("S")],
    )
    assert get_bot("expert", 1).act(claim) == kong
    assert get_bot("normal", 1).act(claim) == kong
    assert expert_as_under("chinese", 1, kong_share=0.0).act(claim) == Action.pass_("S")


def test_expert_under_chinese_claims_its_way_from_a_self_drawn_wait_to_a_discard_win():
    """Chinese rules: a concealed hand ready on 7m or 5s (two Double Chow runs of 1-2-3m and pairs of
    7m and 5s) scores only 2 points on a discard, so it can win only self-drawn (Fully Concealed
    Hand: 3). Claiming the 4s as a chow of 3-4-5s and throwing the 5s leaves it waiting on the 3s
    alone, which wins on a discard: Double Chow, All Chows and Closed Wait. Expert (its chinese
    variant, `switch_claims`) claims; without that setting it passes, as Normal does (a claim that
    brings a ready hand no nearer is not taken)."""
    from sparrow.core.situation import HandSituation
    from sparrow.rules import get_ruleset

    def points(concealed: str, winning: str, melds: list[dict], win_by: str) -> int:
        data = {"rules": "chinese", "concealed": concealed, "melds": melds, "winning_tile": winning}
        result = get_ruleset("chinese").score(HandSituation.from_dict({**data, "win_by": win_by, "seat_wind": "S"}))
        return result.total if result.valid else 0

    ready = "1m1m2m2m3m3m7m7m2s3s4s5s5s"
    assert points(ready, "5s", [], "discard") == 0 and points(ready, "5s", [], "self_draw") == 3
    chow = [{"kind": "chow", "tiles": "3s4s5s", "open": True}]
    assert points("1m1m2m2m3m3m7m7m2s4s", "3s", chow, "discard") == 3
    claim = Action.chow("S", parse_tiles("3s")[0])
    position = observation(
        "chinese",
        hand=ready,
        phase=Phase.CLAIMS,
        turn="E",
        claim_tile="4s",
        claim_from="E",
        legal=[
            claim,
            Action.chow("S", parse_tiles("2s")[0]),
            Action.chow("S", parse_tiles("4s")[0]),
            Action.pass_("S"),
        ],
        live_wall=68,
    )
    assert get_bot("expert", 1).act(position) == claim
    assert expert_as_under("chinese", 1, switch_claims=False).act(position) == Action.pass_("S")
    assert get_bot("normal", 1).act(position) == Action.pass_("S")


def test_expert_under_chinese_looks_three_draws_ahead():
    """Chinese rules: two tiles from seven pairs (four pairs, six singles with three copies unseen
    each), every single is as good as another one and two draws ahead. Three draws ahead the single
    kept to the end is the wait, and the opponents throw an honour far more readily than a 1: Expert
    (its chinese variant) keeps the honours and throws the 1p. Without the third draw it throws an
    honour first, as among equal discards."""

    seven_pairs = observation("chinese", hand="1m1m2m7m7m1p3p4p4p5p8p8p3z4z")
    two_draws = expert_as_under("chinese", 1, deep_lookahead=False)
    assert get_bot("expert", 1).act(seven_pairs) == Action.discard("S", "1p")
    assert two_draws.act(seven_pairs) == Action.discard("S", "3z")


def test_expert_under_nts_looks_three_draws_ahead():
    """NTS: two tiles from ready with a lone White, every discard is about as good two draws ahead,
    and the White goes first, as honours do among equals (Normal throws it too). Three draws ahead
    the ready hands are judged by their winning tiles and how readily the opponents throw them, and
    a wait kept on the White beats one on a middle tile: Expert (its NTS variant) keeps the White and
    throws the 8p. Without that weighing of winning tiles the third draw sees no difference."""

    two_draws = expert_as_under("nts", 1, deep_lookahead=False)
    plain_waits = expert_as_under("nts", 1, wait_appeal=0.0)
    hand = observation("nts", hand="4m5m6m6m2p2p4p4p8p2s6s4z4z5z")
    assert get_bot("expert", 1).act(hand) == Action.discard("S", "8p")
    assert two_draws.act(hand) == Action.discard("S", "5z")
    assert plain_waits.act(hand) == Action.discard("S", "5z")
    assert get_bot("normal", 1).act(hand) == Action.discard("S", "5z")


def test_the_self_drawn_claim_rule_names_claims():
    """A misspelt claim kind would make the rule silently do nothing: it is refused."""
    from sparrow.bots import players

    with pytest.raises(ValueError, match="chows"):
        dataclasses.replace(players.TEMPERAMENTS["expert"], claim_discard_win=("chows",))


def test_expert_under_nts_throws_the_safest_of_nearly_equal_discards():
    """NTS: the 5s is the best discard for the hand by a little, the 9p (breaking a pair) within a
    tenth of it. West has thrown a 9p and nobody a 5s, so the 9p is the safer tile. Expert (its NTS
    variant) counts discards within a tenth of the best as equal and throws the safest; with no such
    margin it throws the 5s."""

    position = observation(
        "nts",
        hand="1m1m3m4m8p8p9p9p1s2s3s5s7s8s",
        discards={"E": "1z2z4z7z1m5m", "S": "1z9m2p5p9m", "W": "3z7z5z1m9p", "N": "3z9m4z6z2m"},
        live_wall=56,
    )
    assert get_bot("expert", 1).act(position) == Action.discard("S", "9p")
    assert expert_as_under("nts", 1, tie_margin=0.0).act(position) == Action.discard("S", "5s")


def test_expert_under_hkos_chows_only_towards_a_discard_win():
    """HKOS: a chow of the 4p would make the hand ready on 4s/7s, but with a declared chow it scores
    only the common hand and no flowers (two faan) on a discard, and reaches three only self-drawn.
    Expert (its HKOS variant) passes and keeps the hand concealed, where the same wait scores the
    concealed hand's faan too; Normal and the base temperament take the chow."""
    from sparrow.bots import players

    chow = Action.chow("S", "2p")
    claim = observation(
        "hkos",
        hand="2p3p6p7p8p1s2s3s5s6s7m7m9m",
        phase=Phase.CLAIMS,
        turn="E",
        claim_tile="4p",
        claim_from="E",
        legal=[chow, Action.pass_("S")],
    )
    assert get_bot("expert", 1).act(claim) == Action.pass_("S")
    assert players.Bot(players.TEMPERAMENTS["expert"], 1).act(claim) == chow
    assert get_bot("normal", 1).act(claim) == chow


def test_expert_under_hkos_still_pungs_towards_a_self_drawn_win():
    """HKOS: a pung of the 5z makes the hand ready on 1p/4p, and with it declared the hand reaches
    three faan only self-drawn. The rule above is for chows (and kongs): a pung is still taken, as
    Normal takes it. In the lab passing such pungs lost more wins than it saved deal-ins
    (docs/bots.md, "Tuning", fifth round)."""

    pung = Action.pung("S")
    claim = observation(
        "hkos",
        hand="7m7m2p3p6p1s2s3s4s5s6s5z5z",
        phase=Phase.CLAIMS,
        turn="W",
        claim_tile="5z",
        claim_from="W",
        legal=[pung, Action.pass_("S")],
    )
    assert get_bot("expert", 1).act(claim) == pung
    assert get_bot("normal", 1).act(claim) == pung
    strict = expert_as_under("hkos", 1, claim_discard_win=("chow", "pung", "kong"))
    assert strict.act(claim) == Action.pass_("S")


def test_bots_are_deterministic_given_the_seed():
    def play(seed: int) -> list[dict[str, Any]]:
        match = Match("chinese", 44, players=("a", "b", "c", "d"))
        bots = {name: get_bot("easy", seed + i) for i, name in enumerate(match.players)}
        hand = match.next_hand()
        while not hand.is_over:
            seat = hand.to_act[0]
            hand.apply(bots[hand.players[seat]].act(hand.observation(seat)))
        return hand.events

    assert play(1) == play(1)


def test_easy_plays_loosely_but_legally():
    """Over many decisions Easy sometimes throws a tile Normal would keep, and never an illegal one."""
    rng = random.Random(4)
    differ = 0
    for seed in range(30):
        state = HandState("casual", seed=seed)
        obs = state.observation("E")
        easy = get_bot("easy", rng.getrandbits(16)).act(obs)
        assert easy in obs.legal_actions
        differ += easy != get_bot("normal", 1).act(obs)
    assert differ > 0


@pytest.mark.slow
def test_bots_play_hkos_for_three():
    """Three-player HKOS (no North, no chows, 2-8 of characters out): every level plays legally and
    wins."""
    from sparrow.play.lab import run_lab

    result = run_lab("hkos", ["easy", "normal", "expert"], 90, seed=3, options={"three_players": True})
    assert result.hands == 90
    assert all(stats.wins > 0 for stats in result.stats)


def test_knowledge_follows_the_seats_bonus_tiles_and_round():
    # know() keeps each seat's scoring context while the same options and bonus tiles are shown: a
    # flower drawn, a new hand or another round must still give the seat's context of the moment.
    from sparrow.bots.knowledge import know

    match = Match("hkos", 11, players=("a", "b", "c", "d"))
    bots = {name: get_bot("normal", i) for i, name in enumerate(match.players)}
    checked = 0
    for _ in range(6):
        state = match.next_hand()
        while not state.is_over:
            seat = state.to_act[0]
            observation = state.observation(seat)
            knowledge = know(observation)
            context = knowledge.context
            assert context.seat_wind == seat
            assert context.round_wind == observation.round_wind
            assert context.bonus == tuple(int(t) for t in observation.bonus[seat])
            assert context.options == tuple(sorted(observation.options.items()))
            checked += bool(context.bonus)
            state.apply(bots[state.players[seat]].act(observation))
        match.record(state)
        if match.is_over:
            break
    assert checked > 0  # some decisions were taken holding bonus tiles


def test_the_memo_tables_tell_every_set_and_every_seat_apart():
    # The bots' memo tables key on plain values (the sets as bytes, a context's serial): every
    # declared set has a key of its own, and the same hand is valued afresh for another seat.
    from sparrow.bots.knowledge import ScoringContext
    from sparrow.bots.plans import PLANS, melds_key, plan_value
    from sparrow.core.tiles import KINDS, tile_counts

    melds = [Meld(MeldKind.CHOW, (KINDS[t], KINDS[t + 1], KINDS[t + 2])) for t in range(27) if t % 9 <= 6]
    melds += [Meld(MeldKind.PUNG, (KINDS[t],) * 3) for t in range(34)]
    melds += [Meld(MeldKind.KONG, (KINDS[t],) * 4, exposed) for t in range(34) for exposed in (True, False)]
    assert len(melds) == 123 and len({melds_key((m,)) for m in melds}) == 123
    assert melds_key((melds[0], melds[1])) != melds_key((melds[0],)) != melds_key(())
    # A pung of East and a pung of red: one faan fewer for South than for East (the seat's wind).
    counts = tile_counts(parse_tiles("234m567m8m111z777z"))
    any_plan = PLANS[0]
    east = plan_value(any_plan, counts, (), ScoringContext("hkos", (), "E", "S", ()))
    south = plan_value(any_plan, counts, (), ScoringContext("hkos", (), "S", "S", ()))
    assert east > south
