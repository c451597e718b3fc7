"""Take back (issue 42, item 10): in an unranked game against the computer, your last decision and
the computer players' replies to it are undone by playing the game's log again up to it, so the same
wall deals the same tiles. Every family through the one table; through the API only where the game
is unranked, refused (with a sentence) in a ranked game and when there is nothing to take back."""

from __future__ import annotations

import pytest

from sparrow.game.actions import ActionKind
from sparrow.play.table import Table, TableError
from sparrow.rules import ruleset_names
from tests.web_support import Player, make_app, plain


def _choice(observation):
    """A decision a player could make: the last tile of the hand discarded, else a pass (never a
    win, so the hand goes on)."""
    legal = observation.legal_actions
    discards = [action for action in legal if action.kind is ActionKind.DISCARD]
    if discards:
        return discards[-1]
    passes = [action for action in legal if action.kind is ActionKind.PASS]
    return passes[0] if passes else legal[0]


@pytest.mark.parametrize("rules", ruleset_names())
def test_every_family_takes_back_to_the_same_hand_and_the_same_next_tiles(rules):
    table = Table(rules, level="normal", seed=11, forced=True)
    step = table.start()
    for _ in range(5):  # a few decisions into the hand
        step = table.act(_choice(step.observation))
        assert not step.hand_over
    before = step.observation.to_dict()
    log_before = table.log()
    decision = _choice(step.observation)
    after = table.act(decision)
    log_after = table.log()
    assert len(log_after) > len(log_before)  # the decision and the bots' replies

    taken = table.take_back()
    assert taken.view().observation.to_dict() == before  # the same hand, the same choices
    assert taken.log() == log_before
    # The same decision again: the same replies and the same next tiles from the same wall.
    again = taken.act(decision)
    assert taken.log() == log_after
    assert again.observation.to_dict() == after.observation.to_dict()


def test_nothing_to_take_back_before_the_first_decision():
    table = Table("hkos", seed=4, forced=True)
    table.start()
    with pytest.raises(TableError, match="nothing to take back"):
        table.take_back()


def test_a_hand_that_is_over_opens_again_at_the_decision_that_ended_it():
    table = Table("casual", seed=2, forced=True)
    step = table.start()
    while not step.hand_over:
        last = step
        step = table.act(_choice(step.observation))
    assert table.match.hands_played == 1
    taken = table.take_back()
    assert not taken.hand_over and taken.match.hands_played == 0
    assert taken.view().observation.to_dict() == last.observation.to_dict()


# ---------------------------------------------------------------------------- through the API


@pytest.fixture
def app(tmp_path):
    seeds = iter(range(500, 10_000))
    application = make_app(f"sqlite:///{tmp_path / 'games.db'}", seeds=seeds)
    yield application
    application.state.store.close()


def _act(player: Player, view: dict) -> dict:
    legal = view["observation"]["legal_actions"]
    discards = [action for action in legal if action["action"] == "discard"]
    passes = [action for action in legal if action["action"] == "pass"]
    action = plain(discards[-1] if discards else passes[0] if passes else legal[0])
    answer = player.act(view["id"], action | {"version": view["version"]})
    assert answer.status_code == 200, answer.text
    return answer.json()


# Unranked: HKOS without flowers, Riichi without red fives (options that change how hard a hand is).
@pytest.mark.parametrize(
    ("rules", "options"), [("hkos", {"flowers": False}), ("riichi", {"red_fives": 0})], ids=["hkos", "riichi"]
)
def test_take_back_through_the_api(app, rules, options):
    player = Player(app)
    view = player.new_game(rules=rules, level="normal", options=options)
    assert view["ranked"] is False
    # Nothing decided yet in this hand: nothing to take back, said in a sentence.
    answer = player.post(f"/api/games/{view['id']}/take-back")
    assert answer.status_code == 409
    assert answer.json()["detail"].startswith("There is nothing to take back")
    for _ in range(3):
        view = _act(player, view)
    before = view
    after = _act(player, view)
    answer = player.post(f"/api/games/{view['id']}/take-back")
    assert answer.status_code == 200, answer.text
    taken = answer.json()
    assert taken["observation"] == before["observation"]  # the same hand as before the decision
    assert taken["events"] == before["events"]
    assert taken["ranked"] is False
    assert taken["version"] > after["version"]  # a change like any other: an older action is refused
    # The same decision again brings the same replies and the same next draw.
    again = _act(player, taken)
    assert again["events"] == after["events"]
    assert again["observation"] == after["observation"]
    # What was stored replays to the same table (a restart, another server process).
    app.state.games._tables.clear()
    assert player.get(f"/api/games/{view['id']}").json()["observation"] == again["observation"]
    # The game is listed unranked.
    listed = {game["id"]: game for game in player.get("/api/games").json()}[view["id"]]
    assert listed["ranked"] is False


def test_a_ranked_game_refuses_take_back_and_changes_nothing(app):
    player = Player(app)
    assert player.sign_up("ranked_player").status_code == 201
    view = player.new_game(rules="hkos", level="normal")
    assert view["ranked"] is True
    view = _act(player, view)
    answer = player.post(f"/api/games/{view['id']}/take-back")
    assert answer.status_code == 403
    assert "ranked game cannot take a move back" in answer.json()["detail"]
    now = player.get(f"/api/games/{view['id']}").json()
    assert now["version"] == view["version"] and now["observation"] == view["observation"]
    assert now["ranked"] is True
    # In Dutch, as the page asks.
    dutch = player.post(f"/api/games/{view['id']}/take-back", params={"lang": "nl"})
    assert dutch.status_code == 403 and dutch.json()["detail"].startswith("In een spel dat meetelt")


def test_another_sessions_game_is_404(app):
    owner, other = Player(app), Player(app)
    view = owner.new_game(rules="hkos", level="easy", options={"flowers": False})
    view = _act(owner, view)
    assert other.post(f"/api/games/{view['id']}/take-back").status_code == 404
