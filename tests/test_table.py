"""The game loop shared by ``sparrow play`` and the web app (``sparrow.play.table``): one human seat, bots
in the others, the human's view only, and a table that resumes from its log."""

from __future__ import annotations

import random

import pytest

from sparrow.game.actions import Action, IllegalActionError, InvalidActionError, NotYourTurnError
from sparrow.game.events import seat_view
from sparrow.game.state import Phase
from sparrow.play.table import Table, TableError

RULESETS = ["nts", "hkos", "chinese", "casual"]


def _play(table: Table, rng: random.Random, decisions: int) -> list:
    """Random legal decisions for the human, the steps seen."""
    steps = [table.start()]
    while decisions and not steps[-1].hand_over:
        legal = steps[-1].observation.legal_actions
        steps.append(table.act(legal[int(rng.random() * len(legal))]))
        decisions -= 1
    return steps


@pytest.mark.parametrize("rules", RULESETS)
def test_the_human_sits_south_in_the_first_hand(rules):
    for seed in range(5):
        table = Table(rules, "easy", seed)
        step = table.start()
        assert step.seat == "S" and table.human_seat == "S"
        assert step.observation.players["S"] == "You"


@pytest.mark.parametrize("rules", RULESETS)
def test_the_bots_play_until_the_human_must_decide(rules):
    table = Table(rules, "normal", 3)
    rng = random.Random(3)
    for step in _play(table, rng, 200):
        if not step.hand_over:
            assert step.observation.legal_actions, "the loop stops only for the human's decision"
            assert "S" == step.seat or step.seat in step.observation.to_act


@pytest.mark.parametrize("rules", RULESETS)
def test_the_steps_show_the_hand_as_the_human_seat_sees_it(rules):
    """The events of all the steps, in order, are exactly the human seat's view of the hand's log:
    no wall, no seed, no other player's dealt or drawn tiles."""
    table = Table(rules, "easy", 11)
    steps = _play(table, random.Random(11), 400)
    shown = [event for step in steps for event in step.events]
    hand_log = table.log() if not steps[-1].hand_over else table.finished_log()
    assert shown == list(seat_view(hand_log, "S"))
    start = shown[0]
    assert start["event"] == "hand_start" and start["wall"] is None and start["seed"] is None
    for event in shown:
        if event["event"] == "draw" and event["seat"] != "S":
            assert event["tile"] is None


def test_an_illegal_action_changes_nothing():
    table = Table("casual", "normal", 5)
    step = table.start()
    before = table.log()
    held = step.observation.hand
    missing = next(t for t in ("1m", "9p", "5s", "7z") if all(str(h) != t for h in held))
    with pytest.raises(IllegalActionError):
        table.act(Action.discard("S", missing))
    with pytest.raises(NotYourTurnError):
        table.act(Action.discard("E", held[0]))
    with pytest.raises(InvalidActionError):
        table.act({"action": "discard", "tile": "0z"})
    with pytest.raises(IllegalActionError, match="casual has no red fives"):  # 0m is Riichi's red five
        table.act({"action": "discard", "tile": "0m"})
    assert table.log() == before
    assert table.act({"action": "discard", "tile": str(held[0])}).observation is not None


def test_the_next_hand_only_when_this_one_is_over():
    table = Table("hkos", "easy", 2)
    table.start()
    with pytest.raises(TableError, match="still in play"):
        table.next_hand()
    with pytest.raises(TableError, match="already started"):
        table.start()


@pytest.mark.parametrize("rules", RULESETS)
def test_a_table_resumes_from_its_log_and_plays_on_the_same(rules):
    """Two tables with the same seed: one plays straight on; the other is rebuilt from the first's log
    half-way (as after a server restart) and is given the same human decisions. Both end the same."""
    rng = random.Random(7)
    first = Table(rules, "normal", 21)
    step = first.start()
    decisions = []
    while not step.hand_over and len(decisions) < 12:
        legal = step.observation.legal_actions
        decision = legal[int(rng.random() * len(legal))]
        decisions.append(decision)
        step = first.act(decision)
    resumed = Table.from_log(rules, "normal", 21, first.log())
    assert resumed.log() == first.log()
    assert resumed.view().observation == step.observation
    while not step.hand_over:
        legal = step.observation.legal_actions
        decision = legal[int(rng.random() * len(legal))]
        step = first.act(decision)
        other = resumed.act(decision)
        assert other.observation == step.observation
    assert resumed.log() == first.log()


def test_a_log_that_is_not_this_tables_is_refused():
    from sparrow.game.replay import ReplayError

    table = Table("casual", "normal", 1)
    table.start()
    with pytest.raises(ReplayError):
        Table.from_log("casual", "normal", 2, table.log())


def test_a_claim_window_open_in_the_log_is_decided_again_by_the_bots():
    """A log written while the human was asked about a discard replays to the discard; the bots owing
    an answer decide again (the same answer: they are deterministic) and the human is asked again."""
    for seed in range(40):
        table = Table("casual", "normal", seed)
        step = table.start()
        rng = random.Random(seed)
        while not step.hand_over and step.observation.phase is not Phase.CLAIMS:
            legal = step.observation.legal_actions
            discards = [a for a in legal if a.kind.value == "discard"]
            step = table.act(discards[int(rng.random() * len(discards))] if discards else legal[-1])
        if step.hand_over:
            continue
        resumed = Table.from_log("casual", "normal", seed, table.log())
        assert resumed.view().observation == step.observation
        return
    pytest.fail("no seed offered the human a claim")


def test_a_three_player_table():
    """HKOS for three: the human sits South against two bots; the table has no North."""
    table = Table("hkos", "normal", 4, {"three_players": True})
    step = table.start()
    assert step.seat == "S" and tuple(step.observation.hand_sizes) == ("E", "S", "W")
    rng = random.Random(4)
    while not step.hand_over:
        legal = step.observation.legal_actions
        step = table.act(legal[int(rng.random() * len(legal))])
    assert set(step.result.payments) == {"E", "S", "W"}
