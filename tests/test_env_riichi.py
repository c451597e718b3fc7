"""The reinforcement-learning environments at Riichi (sparrow.env), and what every family now shares
through the one face: PettingZoo's and Gymnasium's checks, Riichi's action rows (riichi, red fives,
the abortive draw) read both ways over seeded random play, Riichi's planes against the referee's
view, and the placement reward."""

from __future__ import annotations

import random
import warnings
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from sparrow.bots import get_bot
from sparrow.core.tiles import KINDS, Tile
from sparrow.env import (
    N_ACTIONS,
    PLACEMENT_UMA,
    PLANES,
    RIICHI,
    RIICHI_ACTIONS,
    RIICHI_PLANES,
    SHARED,
    EnvError,
    MahjongEnv,
    SingleSeatEnv,
    action_index,
    action_mask,
    describe_action,
    encode,
    index_action,
    layout_of,
)
from sparrow.env.encoding import (
    ABORTIVE_DRAW,
    DORA,
    DORA_INDICATORS,
    HAND,
    RED_CHOW,
    RED_DISCARD,
    RED_HELD,
    RED_PUNG,
    RED_RIICHI_DISCARD,
    RIICHI_DISCARD,
    RIICHI_SCALARS,
    RIICHI_TILE,
    RIVER_BLOCKS,
    RIVER_ROWS,
    SEAT_BLOCKS,
    SEAT_FLAGS,
    SEAT_ROWS,
    TEDASHI,
    TSUMOGIRI,
)
from sparrow.game import deal
from sparrow.game.actions import Action, ActionKind

SHARED_FAMILIES = [
    pytest.param("casual", None, id="casual"),
    pytest.param("nts", None, id="nts"),
    pytest.param("hkos", None, id="hkos"),
    pytest.param("chinese", None, id="chinese"),
    pytest.param("hkos", {"three_players": True}, id="hkos-three-players"),
]
FIVES = {"0m": 4, "0p": 13, "0s": 22}


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _pick(legal: list[int], rng: random.Random) -> int:
    """A random legal index, taking a win, a riichi or an abortive draw whenever one is there (random
    play alone would hardly ever declare riichi)."""
    keen = [index for index in legal if index == 125 or RIICHI_DISCARD <= index < RED_DISCARD]
    keen += [index for index in legal if RED_RIICHI_DISCARD <= index < RED_CHOW or index == ABORTIVE_DRAW]
    if keen and rng.random() < 0.8:
        return keen[int(rng.random() * len(keen))]
    return legal[int(rng.random() * len(legal))]


def _episode(table: MahjongEnv, rng: random.Random, check=None, final_infos=None) -> dict[str, float]:
    """Play one episode (:func:`_pick`'s choices); each agent's total reward (and its last info into
    ``final_infos``)."""
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        totals[agent] += reward
        if terminated or truncated:
            if final_infos is not None:
                final_infos[agent] = info
            table.step(None)
            continue
        if check is not None:
            check(table, agent, observation)
        table.step(_pick(np.flatnonzero(observation["action_mask"]).tolist(), rng))
    return totals


# -- the standard checks


def test_pettingzoo_api_and_seed_tests_pass_at_riichi():
    api_test(MahjongEnv("riichi", seed=5), num_cycles=60)
    seed_test(lambda: MahjongEnv("riichi", seed=5), num_cycles=40)


@pytest.mark.parametrize("hands", [1, None], ids=["one-hand", "whole-match"])
def test_gymnasium_check_env_passes_at_riichi(hands):
    check_env(SingleSeatEnv("riichi", opponents="easy", seed=2, hands=hands), skip_render_check=True)


def test_pettingzoo_api_test_passes_with_the_placement_reward():
    api_test(MahjongEnv("riichi", seed=3, reward="placement"), num_cycles=30)
    api_test(MahjongEnv("hkos", seed=3, hands=2, reward="placement"), num_cycles=30)


# -- the layouts


@pytest.mark.parametrize(("rules", "options"), SHARED_FAMILIES)
def test_the_shared_families_keep_their_planes_and_table(rules, options):
    table = MahjongEnv(rules, options, seed=1)
    assert table.layout is SHARED
    assert table.observation_space(table.possible_agents[0])["observation"].shape == (PLANES, 34) == (49, 34)
    assert table.action_space(table.possible_agents[0]).n == N_ACTIONS == 127


def test_riichi_has_its_own_planes_and_action_rows():
    table = MahjongEnv("riichi", seed=1)
    assert table.layout is RIICHI and table.possible_agents == [f"player_{i}" for i in range(4)]
    assert table.observation_space("player_0")["observation"].shape == (RIICHI_PLANES, 34) == (107, 34)
    assert table.action_space("player_0").n == RIICHI_ACTIONS == 178
    table.reset()
    observation = table.observe(table.agent_selection)
    assert observation["observation"].shape == (107, 34) and observation["action_mask"].shape == (178,)
    assert table.observation_space("player_0").contains(observation)
    acting = table.seat_of(table.agent_selection)
    assert table.index_action(RIICHI_DISCARD + 5) == Action(ActionKind.DISCARD, acting, KINDS[5], riichi=True)


def test_the_layout_comes_from_the_observations_family_field():
    hand = deal("riichi", seed=4)
    view = hand.observation("E")
    assert view.family is not None and layout_of(view) is RIICHI
    assert encode(view).shape == (RIICHI_PLANES, 34)
    shared = deal("nts", seed=4).observation("E")
    assert shared.family is None and layout_of(shared) is SHARED
    assert encode(shared).shape == (PLANES, 34)


# -- the action table


def test_riichis_rows_read_both_ways():
    for index in range(RIICHI_ACTIONS):
        action = index_action(index, "W", RIICHI_ACTIONS)
        assert action.seat == "W" and action_index(action) == index
        assert describe_action(index) == str(action)[2:]
    assert describe_action(RIICHI_DISCARD) == "discard 1m riichi"
    assert describe_action(RED_DISCARD + 1) == "discard 0p"
    assert describe_action(RED_RIICHI_DISCARD + 2) == "discard 0s riichi"
    assert describe_action(RED_CHOW) == "chow 3m red" and describe_action(RED_CHOW + 8) == "chow 5s red"
    assert describe_action(RED_PUNG) == "pung red" and describe_action(ABORTIVE_DRAW) == "abortive_draw"
    assert action_index(Action.parse("E discard 0p riichi")) == RED_RIICHI_DISCARD + 1
    assert action_index(Action.parse("S chow 4p red")) == RED_CHOW + 3 + 1
    assert action_index(Action(ActionKind.DISCARD, "N", KINDS[31], riichi=True)) == RIICHI_DISCARD + 31
    with pytest.raises(ValueError):
        index_action(N_ACTIONS, "E")  # the shared table ends at 126
    with pytest.raises(ValueError):
        index_action(RIICHI_ACTIONS, "E", RIICHI_ACTIONS)
    with pytest.raises(ValueError):
        action_mask([Action.parse("E discard 0p")])  # not a row of the shared table


def _category(index: int) -> str:
    if RIICHI_DISCARD <= index < RED_DISCARD:
        return "riichi discard"
    if RED_DISCARD <= index < RED_RIICHI_DISCARD:
        return "red discard"
    if RED_RIICHI_DISCARD <= index < RED_CHOW:
        return "red riichi discard"
    if RED_CHOW <= index < RED_PUNG:
        return "red chow"
    if index == RED_PUNG:
        return "red pung"
    if index == ABORTIVE_DRAW:
        return "abortive draw"
    return "shared"


def _hands(seeds, players: str):
    """Riichi hands played to their end, each decision yielded first as (hand, seat, legal): with
    :func:`_pick`'s random choices (``players="random"``) or by the normal bots."""
    for seed in seeds:
        hand = deal("riichi", seed=seed)
        rng = random.Random(seed)
        bots = {seat: get_bot("normal", 4 * seed + i) for i, seat in enumerate(hand.seats)}
        while not hand.is_over:
            seat = hand.to_act[0]
            view = hand.observation(seat)
            legal = list(view.legal_actions)
            yield hand, seat, legal
            if players == "random":
                hand.apply(index_action(_pick([action_index(a) for a in legal], rng), seat, RIICHI_ACTIONS))
            else:
                hand.apply(bots[seat].act(view))


def test_every_legal_riichi_action_has_one_index_and_comes_back_from_it():
    """Seeded play of Riichi hands, random (riichi taken when offered) and by the bots: at every
    decision the mask is exactly the legal actions, one index each, and each index gives the very
    action back; Riichi's own rows are all met."""
    seen: Counter[str] = Counter()
    decisions = [*_hands(range(60), "random"), *_hands(range(30), "bots")]
    for _hand, seat, legal in decisions:
        indexes = [action_index(action) for action in legal]
        assert len(set(indexes)) == len(indexes), legal
        mask = action_mask(legal, RIICHI_ACTIONS)
        assert np.flatnonzero(mask).tolist() == sorted(indexes)
        for action, index in zip(legal, indexes, strict=True):
            assert index_action(index, seat, RIICHI_ACTIONS) == action
            assert describe_action(index) == str(action)[2:]
            seen[_category(index)] += 1
    assert {"riichi discard", "red discard", "red chow", "red pung"} <= set(seen), seen


def test_an_abortive_draw_and_a_red_riichi_are_rows_of_the_mask():
    """The rarest rows: nine terminals, and riichi declared with the red five (the bots reach riichi)."""
    found = set()
    for _hand, _seat, legal in _hands(range(300), "bots"):
        mask = action_mask(legal, RIICHI_ACTIONS)
        if mask[ABORTIVE_DRAW]:
            found.add("abortive")
        if mask[RED_RIICHI_DISCARD:RED_CHOW].any():
            found.add("red riichi")
        if len(found) == 2:
            break
    assert found == {"abortive", "red riichi"}


def test_an_abortive_draw_ends_the_hand_through_the_environment():
    rng = random.Random(0)
    for seed in range(2000):
        table = MahjongEnv("riichi", seed=seed)
        table.reset()
        for _ in range(4):  # the first turns (the table's first four decisions, claims aside)
            mask = table.observe(table.agent_selection)["action_mask"]
            if mask[ABORTIVE_DRAW]:
                break
            choices = [index for index in np.flatnonzero(mask).tolist() if index != 125]
            table.step(choices[int(rng.random() * len(choices))])
        else:
            continue
        break
    else:
        pytest.fail("no first turn of nine terminals in 2000 deals")
    table.step(ABORTIVE_DRAW)
    assert table.hand.is_over and all(table.terminations.values())
    assert table.hand.result.ending.startswith("An abortive draw")
    assert not any(table.rewards.values())


# -- the planes


def _kind(face: str) -> int:
    """The kind of a face as Riichi writes it (``0p`` a red five)."""
    return FIVES[face] if face[0] == "0" else int(Tile.parse(face))


def _check_riichi_planes(table: MahjongEnv, agent: str, observation: dict) -> None:
    """The planes handed to ``agent`` are its own observation's (a fresh encoding), its hand rows are
    its concealed tiles as the referee holds them, and every other seat shows only its table."""
    seat = table.seat_of(agent)
    hand = table.hand
    view = hand.observation(seat)
    planes = observation["observation"]
    assert planes.shape == (RIICHI_PLANES, 34) and planes.dtype == np.float32
    assert planes.min() >= 0.0 and planes.max() <= 1.0
    assert np.array_equal(planes, encode(view))
    indexes = sorted(action_index(action) for action in view.legal_actions)
    assert np.flatnonzero(observation["action_mask"]).tolist() == indexes
    # The referee: where every tile is, and the seat's own tiles by face (red fives told apart).
    referee = hand.table_view()
    state = hand.state
    chair = state.seat_of(seat)
    held = Counter(int(tile) for tile in referee.hands[seat])
    own = planes[HAND : HAND + 4]
    assert all(own[:, kind].sum() == held.get(kind, 0) for kind in range(34))
    red_held = {FIVES[name] for name in (state.tile_names[t] for t in state.seats[chair].hand) if name[0] == "0"}
    assert set(np.flatnonzero(planes[RED_HELD]).tolist()) == red_held
    family = view.family.to_dict()
    assert all("hand" not in other for other in family["seats"])  # no other seat's concealed tiles
    if view.to_act != (seat,):
        assert not observation["action_mask"].any()
    seats = hand.seats
    mine = seats.index(seat)
    for relative in range(4):
        other = seats[(mine + relative) % 4]
        block = planes[SEAT_BLOCKS + SEAT_ROWS * relative : SEAT_BLOCKS + SEAT_ROWS * (relative + 1)]
        assert block[0:4].sum() == len(referee.discards[other])
        assert block[4:8].sum() == sum(len(meld.tiles) for meld in referee.melds[other])
        river = planes[RIVER_BLOCKS + RIVER_ROWS * relative : RIVER_BLOCKS + RIVER_ROWS * (relative + 1)]
        items = state.seats[state.seat_of(other)].river
        kinds = {_kind(state.tile_names[item.tile]) for item in items}
        shown = set(np.flatnonzero(river[TSUMOGIRI]).tolist()) | set(np.flatnonzero(river[TEDASHI]).tolist())
        assert shown == kinds
        declared = [item for item in items if item.riichi]
        assert river[RIICHI_TILE].sum() == len(declared)
        flags = river[SEAT_FLAGS]
        assert flags[18] == (other in view.family.riichi)
        assert flags[21] == (other == "E")
        assert flags[22] == pytest.approx(min(max(view.family.scores[other] / 100000, 0.0), 1.0))
    indicators = view.family.dora_indicators
    assert planes[DORA_INDICATORS : DORA_INDICATORS + 4].sum() == len(indicators)
    assert planes[DORA : DORA + 4].sum() == len(indicators)
    scalars = planes[RIICHI_SCALARS]
    assert scalars[0] == pytest.approx(min(view.family.honba / 10, 1.0))
    assert scalars[1] == pytest.approx(min(view.family.sticks / 10, 1.0))
    assert scalars[2] == view.family.furiten
    assert scalars[3:7].sum() == 1.0


def test_riichi_planes_come_from_one_seats_view_and_match_the_referee():
    checked = []

    def check(table, agent, observation):
        _check_riichi_planes(table, agent, observation)
        checked.append(agent)

    table = MahjongEnv("riichi", seed=11, hands=3)
    table.reset()
    _episode(table, random.Random(3), check)
    assert len(checked) > 150


def test_riichi_planes_along_a_match_of_the_bots_for_every_seat():
    """The bots play (they declare riichi, call, win): at every decision every agent's planes, the
    acting one's and the waiting ones', are checked against the referee."""
    table = MahjongEnv("riichi", seed=8, hands=6)
    table.reset()
    bots = {agent: get_bot("normal", i) for i, agent in enumerate(table.possible_agents)}
    marks = Counter()
    for agent in table.agent_iter():
        _, _, terminated, _, _ = table.last()
        if terminated:
            table.step(None)
            continue
        for other in table.agents:
            observation = table.observe(other)
            _check_riichi_planes(table, other, observation)
            planes = observation["observation"]
            marks["riichi"] += int(planes[RIVER_BLOCKS + SEAT_FLAGS :: RIVER_ROWS][:4, 18].sum())
            marks["red held"] += int(planes[RED_HELD].sum())
            marks["sticks"] += int(planes[RIICHI_SCALARS, 1] > 0)
            marks["honba"] += int(planes[RIICHI_SCALARS, 0] > 0)
        table.play(bots[agent].act(table.engine_observation(agent)))
    assert all(marks[name] for name in ("riichi", "red held", "sticks", "honba")), marks


def test_the_dora_planes_read_the_indicators():
    table = MahjongEnv("riichi", seed=2)
    table.reset()
    view = table.engine_observation(table.agent_selection)
    planes = table.observe(table.agent_selection)["observation"]
    (indicator,) = view.family.dora_indicators
    kind = _kind(indicator)
    assert np.flatnonzero(planes[DORA_INDICATORS]).tolist() == [kind]
    following = {8: 0, 17: 9, 26: 18, 30: 27, 33: 31}.get(kind, kind + 1)
    assert np.flatnonzero(planes[DORA]).tolist() == [following]


# -- rewards


def test_riichi_settlement_rewards_add_up_to_the_payments():
    table = MahjongEnv("riichi", seed=21, hands=4, reward_scale=0.001)
    table.reset()
    infos: dict = {}
    totals = _episode(table, random.Random(4), final_infos=infos)
    match = table.match
    assert match.hands_played == 4 or match.is_over
    payments = infos["player_0"]["payments"]
    assert any(payments.values())  # somebody won or was ready: points moved
    assert totals == pytest.approx({agent: payments[agent] * 0.001 for agent in table.possible_agents})
    # The points moved are the payments, the riichi sticks still on the table aside.
    moved = {agent: points - 25000 for agent, points in match.totals.items()}
    assert sum(payments.values()) == sum(moved.values()) + 1000 * match.family.standing.sticks


def test_a_whole_riichi_match_is_one_episode_and_placement_pays_its_final_result():
    table = MahjongEnv("riichi", seed=7, hands=None, reward="placement", reward_scale=0.5)
    table.reset()
    last_infos = {}
    rng = random.Random(5)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    rewarded_steps = 0
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, info = table.last()
        totals[agent] += reward
        if reward:
            rewarded_steps += 1
        if terminated or truncated:
            last_infos[agent] = info
            table.step(None)
            continue
        table.step(_pick(np.flatnonzero(observation["action_mask"]).tolist(), rng))
    match = table.match
    assert match.is_over and match.hands_played >= 4
    final = match.final()
    assert totals == {player: float(final[player].result) * 0.5 for player in table.possible_agents}
    assert sum(Fraction(result.result) for result in final.values()) == 0
    assert {agent: info["place"] for agent, info in last_infos.items()} == {p: r.place for p, r in final.items()}
    assert rewarded_steps <= 4  # the placement is paid at the end only


@pytest.mark.parametrize(("rules", "options"), SHARED_FAMILIES)
def test_the_shared_families_placement_is_the_uma_of_their_places(rules, options):
    table = MahjongEnv(rules, options, seed=13, hands=2, reward="placement")
    table.reset()
    totals = _episode(table, random.Random(6))
    match = table.match
    uma = PLACEMENT_UMA[len(table.possible_agents)]
    assert sum(totals.values()) == pytest.approx(0.0)
    ordered = sorted(table.possible_agents, key=lambda agent: -match.totals[agent])
    for agent in ordered:
        tied = [i for i, other in enumerate(ordered) if match.totals[other] == match.totals[agent]]
        assert totals[agent] == pytest.approx(sum(uma[i] for i in tied) / len(tied))


def test_an_unknown_reward_is_refused():
    with pytest.raises(EnvError):
        MahjongEnv("riichi", reward="points")


# -- one seat against the bots


@pytest.mark.parametrize("opponents", ["random", "easy"])
def test_single_seat_riichi_rewards_the_learners_payment(opponents):
    single = SingleSeatEnv("riichi", seat="S", opponents=opponents, seed=6)
    observation, info = single.reset(seed=6)
    assert info["seat"] == "S" and observation["observation"].shape == (RIICHI_PLANES, 34)
    rng = random.Random(2)
    total, done = 0.0, False
    while not done:
        action = _pick(np.flatnonzero(observation["action_mask"]).tolist(), rng)
        observation, reward, done, truncated, info = single.step(action)
        assert not truncated
        total += reward
    assert total == info["payments"][info["agent"]]


def test_single_seat_riichi_whole_match_with_placement():
    single = SingleSeatEnv("riichi", seat="E", opponents="easy", seed=4, hands=None, reward="placement")
    observation, info = single.reset(seed=4)
    rng = random.Random(1)
    total, done, rewards = 0.0, False, []
    while not done:
        observation, reward, done, _, info = single.step(
            _pick(np.flatnonzero(observation["action_mask"]).tolist(), rng)
        )
        total += reward
        rewards.append(reward)
    match = single.table.match
    assert match.is_over
    assert total == float(match.final()[info["agent"]].result)
    assert all(reward == 0.0 for reward in rewards[:-1])


def test_render_shows_riichis_public_table_only():
    table = MahjongEnv("riichi", seed=3, render_mode="ansi")
    table.reset()
    text = table.render()
    assert "dora indicators" in text and "furiten" not in text and "waiting for" in text
