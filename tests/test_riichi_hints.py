"""The Riichi hint (``play.hints.engine_hint``, ``GET /api/games/{id}/hint`` at the one table): per
discard the shanten it leaves, what improves the hand and how many of those are unseen; for a ready
hand each wait with its value by ron and tsumo, worked out by hand here; furiten and genbutsu; and
nothing the seat could not see (the same hint whatever the other hands and the wall hold)."""

from __future__ import annotations

from sparrow.core.analysis import shanten
from sparrow.core.tiles import Tile
from sparrow.game.riichi.hand import RiichiHand
from sparrow.play.hints import engine_hint
from tests.test_riichi_hand import NORTH, SOUTH, WEST, discard, pass_all, table, tsumogiri
from tests.web_support import Player


def riichi_hint(state, chair: int) -> dict:
    """The hint of the seat in ``chair`` of a Riichi hand, as the one hint gives it (by seat wind)."""
    hint = engine_hint(RiichiHand(state=state), state.winds[chair], {})
    assert hint is not None
    return hint


def test_a_ready_discard_lists_its_waits_with_their_value():
    # East (the dealer) drew 1z to 123m456m789m 23p 55s: discarding it waits on 1p and 4p.
    state = table("123m456m789m23p55s", draws="1z", dora="1z")
    hint = riichi_hint(state, 0)
    assert hint["shanten"] == 0 and hint["threats"] == [] and not hint["riichi"]
    best = hint["discards"][0]
    assert best["discard"] == "1z" and best["ready"] and best["tiles"] == "14p"
    # East sees only its own tiles and the indicator: every 1p and 4p is unseen (NORTH's are hidden).
    assert best["unseen"] == 4 + 4
    waits = {wait["tile"]: wait for wait in best["waits"]}
    assert set(waits) == {"1p", "4p"}
    for wait in waits.values():
        # Ron: ittsu (2 han closed) and pinfu, 30 fu: a dealer's 3 han 30 fu is 5,800.
        assert wait["discard"]["valid"] and (
            wait["discard"]["han"],
            wait["discard"]["fu"],
            wait["discard"]["points"],
        ) == (3, 30, 5800)
        assert set(wait["discard"]["yaku"]) == {"Ittsu", "Pinfu"}
        # Tsumo adds menzen tsumo, pinfu's tsumo is 20 fu: 4 han 20 fu is 2,600 from each, 7,800.
        tsumo = wait["self_draw"]
        assert (tsumo["han"], tsumo["fu"], tsumo["points"]) == (4, 20, 7800)
    assert not best["furiten"] and best["safe_from"] == []
    # Every other discard breaks the hand: one tile further, each listed once.
    assert sorted(row["discard"] for row in hint["discards"]) == sorted(
        {"1z", *(str(Tile.parse(t)) for t in ("1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m", "2p", "3p", "5s"))}
    )
    assert all(row["shanten"] == 1 for row in hint["discards"][1:])


def test_a_wait_without_a_yaku_on_ron_is_told():
    # 234m 567p 789s 46s 99m: after the drawn 1z, a closed kanchan on 5s with no yaku of its own:
    # a ron is no win (the one-yaku minimum), a tsumo is menzen tsumo.
    state = table("234m567p789s46s99m", draws="1z", dora="1z")  # the dora 2z, not held
    row = next(row for row in riichi_hint(state, 0)["discards"] if row["discard"] == "1z")
    assert row["ready"] and [wait["tile"] for wait in row["waits"]] == ["5s"]
    wait = row["waits"][0]
    assert not wait["discard"]["valid"] and wait["discard"]["reason"] == "no yaku"
    assert wait["self_draw"]["valid"] and wait["self_draw"]["yaku"] == ["Menzen tsumo"]
    counts = [0] * 34
    for name in ("2m", "3m", "4m", "5p", "6p", "7p", "7s", "8s", "9s", "4s", "6s", "9m", "9m", "5s"):
        counts[int(Tile.parse(name))] += 1
    assert shanten(counts, 0) == -1


def test_a_hint_tells_nothing_the_seat_cannot_see():
    mine = "123m456m789m23p55s"
    first = riichi_hint(table(mine, SOUTH, WEST, NORTH, draws="1z 9p 9s", dora="1z"), 0)
    other = riichi_hint(table(mine, WEST, NORTH, SOUTH, draws="1z 8p 8s", dora="1z"), 0)
    assert first == other


def test_the_riichi_table_answers_a_hint_of_your_own_hand(tmp_path):
    from sparrow.web.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'games.db'}", game_seeds=iter(range(60, 99)))
    try:
        player = Player(app)
        view = player.post("/api/games", {"rules": "riichi", "level": "easy"}).json()
        hint = player.get(f"/api/games/{view['id']}/hint")
        assert hint.status_code == 200, hint.text
        data = hint.json()
        seen = view["observation"]
        assert data["seat"] == seen["seat"] == "S"
        held = {name.replace("0", "5") for name in seen["family"]["hand"]}
        if data["discards"]:
            assert {row["discard"] for row in data["discards"]} == held
    finally:
        app.state.store.close()


def test_a_discard_that_leaves_a_wait_in_your_own_river_is_furiten():
    state = table("123m456m789m23p55s", draws="4p 9p 9s 9m 1z", dora="1z")
    discard(state, "4p")  # East lets 4p go...
    pass_all(state)
    tsumogiri(state, 3)  # South, West, North
    row = next(row for row in riichi_hint(state, 0)["discards"] if row["discard"] == "1z")
    assert row["ready"] and row["furiten"]  # ...so a wait on 1p-4p cannot win by ron
