"""The reinforcement-learning environments (sparrow.env): PettingZoo's and Gymnasium's own checks for
every family, the action table, the observation planes (built from one seat's view alone), rewards."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from sparrow.core.tiles import KINDS
from sparrow.env import (
    N_ACTIONS,
    PLANES,
    EnvError,
    MahjongEnv,
    SingleSeatEnv,
    action_index,
    action_mask,
    describe_action,
    encode,
    env,
    index_action,
    raw_env,
)
from sparrow.env.encoding import DISCARD_ROWS, HAND, MELD_ROWS, SCALARS, SEAT_BLOCKS, SEAT_ROWS
from sparrow.game.actions import Action, ActionKind

FAMILIES = [
    pytest.param("casual", None, id="casual"),
    pytest.param("nts", None, id="nts"),
    pytest.param("hkos", None, id="hkos"),
    pytest.param("chinese", None, id="chinese"),
    pytest.param("hkos", {"three_players": True}, id="hkos-three-players"),
]


@pytest.fixture(autouse=True)
def _quiet():
    # PettingZoo and Gymnasium warn about every dict observation (the action-mask convention itself).
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        yield


def _random_episode(table: MahjongEnv, rng: random.Random, check=None) -> dict[str, float]:
    """Play one episode with uniformly random legal actions; the total reward of each agent."""
    totals = dict.fromkeys(table.possible_agents, 0.0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        if check is not None:
            check(table, agent, observation)
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(legal[int(rng.random() * len(legal))]))
    return totals


@pytest.mark.parametrize(("rules", "options"), FAMILIES)
def test_pettingzoo_api_and_seed_tests_pass(rules, options):
    api_test(MahjongEnv(rules, options, seed=5), num_cycles=60)
    seed_test(lambda: MahjongEnv(rules, options, seed=5), num_cycles=40)


@pytest.mark.parametrize(("rules", "options"), FAMILIES)
def test_gymnasium_single_seat_env_passes_check_env(rules, options):
    single = SingleSeatEnv(rules, options=options, opponents="easy", seed=2)
    check_env(single, skip_render_check=True)


def test_the_wrapped_factory_and_raw_env_are_the_same_table():
    wrapped = env("hkos", seed=1)
    api_test(wrapped, num_cycles=20)
    assert isinstance(raw_env("hkos"), MahjongEnv)
    assert wrapped.unwrapped.rules == "hkos"


def test_agents_are_the_players_and_three_players_have_three():
    four = MahjongEnv("nts", seed=1)
    four.reset()
    assert four.possible_agents == ["player_0", "player_1", "player_2", "player_3"]
    assert sorted(four.seat_of(agent) for agent in four.agents) == ["E", "N", "S", "W"]
    three = MahjongEnv("hkos", {"three_players": True}, seed=1)
    three.reset()
    assert three.possible_agents == ["player_0", "player_1", "player_2"]
    observation = three.observe(three.agent_selection)["observation"]
    assert observation[SCALARS, 6:10].tolist() == [1.0, 1.0, 1.0, 0.0]  # no fourth seat


def test_the_action_table_reads_both_ways():
    assert N_ACTIONS == 127
    for index in range(N_ACTIONS):
        for seat in ("E", "N"):
            action = index_action(index, seat)
            assert action.seat == seat
            assert action_index(action) == index
    assert describe_action(0) == "discard 1m"
    assert describe_action(34) == "chow 1m" and describe_action(54) == "chow 7s"
    assert describe_action(55) == "pung" and describe_action(56) == "kong"
    assert describe_action(57 + 33) == "concealed_kong 7z" and describe_action(91) == "added_kong 1m"
    assert describe_action(125) == "win" and describe_action(126) == "pass"
    assert action_index(Action(ActionKind.CHOW, "S", KINDS[9 + 4])) == 34 + 7 + 4
    with pytest.raises(ValueError):
        index_action(N_ACTIONS, "E")


@pytest.mark.parametrize(("rules", "options"), FAMILIES)
def test_masks_match_the_legal_actions_and_planes_come_from_one_seats_view(rules, options):
    """Along whole hands: the mask is exactly the legal actions (one index each); the planes the
    environment hands out equal a fresh encoding of that seat's Observation (the encoder's reuse of
    unchanged parts is sound); own-hand planes count the hand, and each other seat's rows count only
    what the table shows of it (its discards and sets, never its concealed tiles)."""

    def check(table, agent, observation):
        seat = table.seat_of(agent)
        view = table.hand.observation(seat)
        legal = view.legal_actions
        indexes = [action_index(action) for action in legal]
        assert len(set(indexes)) == len(indexes)
        assert np.flatnonzero(observation["action_mask"]).tolist() == sorted(indexes)
        planes = observation["observation"]
        assert planes.shape == (PLANES, 34) and planes.dtype == np.float32
        assert np.array_equal(planes, encode(view))
        assert planes[HAND : HAND + 4].sum() == len(view.hand)
        seats = view.seats
        mine = seats.index(seat)
        for relative in range(len(seats)):
            other = seats[(mine + relative) % len(seats)]
            block = planes[SEAT_BLOCKS + SEAT_ROWS * relative : SEAT_BLOCKS + SEAT_ROWS * (relative + 1)]
            assert block[DISCARD_ROWS : DISCARD_ROWS + 4].sum() == len(view.discards[other])
            assert block[MELD_ROWS : MELD_ROWS + 4].sum() == sum(len(meld.tiles) for meld in view.melds[other])
        if len(seats) == 3:
            assert not planes[SEAT_BLOCKS + 3 * SEAT_ROWS : SEAT_BLOCKS + 4 * SEAT_ROWS].any()

    table = MahjongEnv(rules, options, seed=11, hands=2)
    table.reset()
    _random_episode(table, random.Random(3), check)


@pytest.mark.parametrize(("rules", "options"), FAMILIES)
def test_rewards_are_the_settlement(rules, options):
    table = MahjongEnv(rules, options, seed=21, hands=3, reward_scale=0.5)
    table.reset()
    totals = _random_episode(table, random.Random(4))
    match = table.match
    assert match.hands_played == 3 or match.is_over
    assert totals == {agent: match.totals[agent] * 0.5 for agent in table.possible_agents}
    assert not table.agents  # every agent stepped out once terminated


def test_a_whole_match_is_one_episode_with_hands_none():
    table = MahjongEnv("casual", {"rotate": True}, seed=3, hands=None)
    table.reset()
    _random_episode(table, random.Random(1))
    assert table.match.is_over


def test_the_same_seed_deals_the_same_hands_and_reset_moves_on():
    table = MahjongEnv("chinese", seed=9)
    table.reset(seed=4)
    first = table.observe(table.agent_selection)["observation"]
    table.reset()
    second = table.observe(table.agent_selection)["observation"]
    table.reset(seed=4)
    again = table.observe(table.agent_selection)["observation"]
    assert np.array_equal(first, again)
    assert not np.array_equal(first, second)


def test_an_illegal_action_raises_and_changes_nothing():
    table = MahjongEnv("hkos", seed=2)
    table.reset()
    agent = table.agent_selection
    before = table.observe(agent)
    forbidden = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(EnvError):
        table.step(forbidden)
    with pytest.raises(EnvError):
        table.step(None)
    assert table.agent_selection == agent
    assert np.array_equal(table.observe(agent)["observation"], before["observation"])


def test_action_mask_helper_marks_each_legal_action():
    table = MahjongEnv("nts", seed=8)
    table.reset()
    agent = table.agent_selection
    view = table.engine_observation(agent)
    assert np.array_equal(action_mask(view.legal_actions), table.action_mask(agent))
    assert table.action_mask(agent).sum() == len(view.legal_actions)


@pytest.mark.parametrize("opponents", ["random", "normal", ("easy", "expert", "random")])
def test_single_seat_episode_rewards_the_learners_payment(opponents):
    single = SingleSeatEnv("hkos", seat="W", opponents=opponents, seed=6)
    observation, info = single.reset(seed=6)
    assert info["seat"] == "W"
    learner = info["agent"]
    rng = random.Random(2)
    total, done, steps = 0.0, False, 0
    while not done:
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        observation, reward, done, truncated, info = single.step(int(legal[int(rng.random() * len(legal))]))
        assert not truncated
        total += reward
        steps += 1
    assert steps > 0
    assert total == single.table.match.totals[learner]


def test_single_seat_illegal_actions_are_penalised_or_raise():
    single = SingleSeatEnv("casual", opponents="random", seed=1, illegal_penalty=-2.0)
    observation, _ = single.reset(seed=1)
    forbidden = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    again, reward, done, _, info = single.step(forbidden)
    assert (reward, done, info["illegal"]) == (-2.0, False, True)
    assert np.array_equal(again["observation"], observation["observation"])
    strict = SingleSeatEnv("casual", opponents="random", seed=1, illegal_action="raise")
    strict.reset(seed=1)
    with pytest.raises(EnvError):
        strict.step(forbidden)


def test_single_seat_rejects_unknown_seats_and_levels():
    with pytest.raises(EnvError):
        SingleSeatEnv("hkos", seat="N", options={"three_players": True})
    with pytest.raises(EnvError):
        SingleSeatEnv("hkos", opponents="grandmaster")
    with pytest.raises(EnvError):
        SingleSeatEnv("hkos", opponents=("easy", "easy"))
    with pytest.raises(EnvError):
        MahjongEnv("hkos", hands=0)


def test_render_shows_the_public_table_only():
    table = MahjongEnv("hkos", seed=3, render_mode="ansi")
    table.reset()
    text = table.render()
    assert "holds 13" in text and "waiting for" in table.render()
    hidden = table.hand.table_view().hands
    acting = table.seat_of(table.agent_selection)
    assert "".join(str(tile) for tile in hidden[acting]) not in text
    assert MahjongEnv("hkos", seed=3).render() is None


def test_an_agent_not_asked_sees_an_empty_mask():
    table = MahjongEnv("casual", seed=5)
    table.reset()
    waiting = table.agent_selection
    others = [agent for agent in table.agents if agent != waiting]
    for agent in others:
        assert not table.observe(agent)["action_mask"].any()
    assert table.observe(waiting)["action_mask"].any()
