"""The hands revealed at the end of a Riichi hand keep their red fives: the result's family part gives
every seat's concealed tiles as the family writes them (``result.family.hands``, by wind: a red five
``0p``), the same tiles as the shared ``result.hands`` (which writes a red five as any five), at the
table, in a room and in a hand's replay; the shared families have none."""

from __future__ import annotations

from collections import Counter

from sparrow.core.tiles import parse_tiles
from tests.web_support import Player, make_app, plain


def plain_five(tile: str) -> str:
    return "5" + tile[1] if tile[0] == "0" else tile


def play_out(player: Player, view: dict) -> dict:
    while not view["hand_over"]:
        legal = view["observation"]["legal_actions"]
        action = next((a for a in legal if a["action"] == "pass"), legal[-1])
        answer = player.act(view["id"], plain(action) | {"version": view["version"]})
        assert answer.status_code == 200, answer.text
        view = answer.json()
    return view


def assert_family_hands(result: dict) -> bool:
    """Every seat's family hand is its shared hand, red fives told apart; whether one is red."""
    hands = result["family"]["hands"]
    assert set(hands) == set(result["hands"])
    for seat, tiles in hands.items():
        shared = Counter(str(tile) for tile in parse_tiles(result["hands"][seat]))
        assert Counter(plain_five(tile) for tile in tiles) == shared, seat
    return any(tile[0] == "0" for tiles in hands.values() for tile in tiles)


def test_the_revealed_hands_keep_their_red_fives_at_the_table_and_in_the_replay(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'games.db'}", seeds=iter(range(1, 100)))
    try:
        player = Player(app)
        for _ in range(10):
            view = play_out(player, player.new_game(rules="riichi", level="easy"))
            result = view["result"]
            winners = {result["winner"], *result["other_winners"]} - {None}
            reds = {seat for seat, tiles in result["family"]["hands"].items() if any(t[0] == "0" for t in tiles)}
            if assert_family_hands(result) and reds - winners:
                break  # a hand that did not win held a red five
        else:
            raise AssertionError("no losing hand held a red five")
        replay = player.get(f"/api/games/{view['id']}/hands/1/replay")
        assert replay.status_code == 200, replay.text
        assert replay.json()["result"]["family"]["hands"] == result["family"]["hands"]

        casual = play_out(player, player.new_game(rules="casual", level="easy"))
        assert casual["result"]["family"] is None
    finally:
        app.state.store.close()


def test_the_revealed_hands_keep_their_red_fives_in_a_room(tmp_path):
    app = make_app(f"sqlite:///{tmp_path / 'rooms.db'}")
    app.state.rooms.actions_per_second = 10_000
    try:
        ann = Player(app)
        found = False
        for _ in range(10):
            room = ann.new_room(rules="riichi", level="easy")
            ann.sit(room, 0, "Ann")
            assert ann.post(f"/api/rooms/{room['id']}/start").status_code == 200
            view = ann.get(f"/api/rooms/{room['id']}").json()
            while not view["hand_over"]:
                action = next((a for a in view["asked"] if a["action"] == "pass"), view["asked"][-1])
                answer = ann.post(f"/api/rooms/{room['id']}/actions", plain(action) | {"seen": view["event_count"]})
                assert answer.status_code == 200, answer.text
                view = ann.get(f"/api/rooms/{room['id']}").json()
            result = ann.get(f"/api/rooms/{room['id']}/result").json()
            if assert_family_hands(result):
                found = True
                break
        assert found, "no hand held a red five"
    finally:
        app.state.store.close()
