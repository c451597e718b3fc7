"""The outside greedy players the benchmarks measure Sparrow's against (``bench/peers``): each sits at
the one table as a Python agent, plays every decision itself (none taken over by the built-in bot) and
plays as its docstring says."""

from __future__ import annotations

from pathlib import Path

import pytest

from sparrow.play.lab import run_lab

BENCH = Path(__file__).resolve().parents[1] / "bench"


@pytest.fixture(autouse=True)
def _bench_on_path(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))


def test_the_mahjong_package_player_wins_declares_riichi_and_never_calls():
    peer = "peers.mahjong_greedy:MahjongGreedy"
    result = run_lab("riichi", [peer, "normal", peer, "normal"], 3, seed=4, options={"length": "tonpuu"})
    mine = [stats for stats in result.stats if stats.level == peer]
    assert all(stats.fallbacks == 0 for stats in mine)  # every decision its own, none refused
    assert all(stats.calls == 0 for stats in mine)  # it never calls
    assert sum(stats.riichi for stats in mine) > 0 and sum(stats.wins for stats in mine) > 0


@pytest.mark.parametrize("seed", range(6))
def test_the_mahjong_package_player_discards_for_the_lowest_shanten(seed):
    from mahjong.shanten import Shanten
    from peers.mahjong_greedy import MahjongGreedy

    from sparrow.game import ActionKind, deal

    state = deal("riichi", None, seed)
    seat = state.to_act[0]
    observation = state.observation(seat)
    chosen = MahjongGreedy().act(observation, observation.legal_actions)
    assert chosen.kind is ActionKind.DISCARD

    def shanten_without(kind):
        counts = [0] * 34
        for tile in observation.hand:
            counts[int(tile)] += 1
        counts[kind] -= 1
        return Shanten().calculate_shanten(counts)

    kinds = {int(a.tile) for a in observation.legal_actions if a.kind is ActionKind.DISCARD}
    assert shanten_without(int(chosen.tile)) == min(shanten_without(kind) for kind in kinds)


def test_the_cmajiang_player_plays_every_family_without_claims():
    pytest.importorskip("cmajiang")
    peer = "peers.cmajiang_greedy:CmajiangGreedy"
    for rules in ("nts", "casual"):
        result = run_lab(rules, ["normal", peer, peer, peer], 24, seed=2)
        greedy = result.stats[1:]
        assert all(stats.fallbacks == 0 and stats.calls == 0 for stats in greedy)
        assert sum(stats.wins for stats in greedy) > 0
