"""A seat played by an mjai bot (``sparrow.seats.mjai``): a bot written to the public mjai messages
(``examples/mjai_tsumogiri.py``, another program) plays whole hands at Sparrow's Riichi table with
no fault, never shown another seat's dealt tiles or draws; a bot that answers nonsense, or a reach
and then a discard, is handled by the referee."""

from __future__ import annotations

import sys
from pathlib import Path

from sparrow.bots.riichi import RiichiBot
from sparrow.game.riichi import observation
from sparrow.game.riichi.match import RiichiMatch
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.seats.mjai import MjaiProcess, MjaiSeat

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "mjai_tsumogiri.py"


def _play(seat_of_bot: int, bot, hands: int = 3, seed: int = 3):
    match = RiichiMatch(seed, MatchOptions(length="tonpuu"))
    others = [RiichiBot("normal", s) for s in range(4)]
    seat = MjaiSeat(seat_of_bot, bot, fallback=lambda legal: legal[0])
    played = 0
    while not match.over and played < hands:
        hand = match.next_hand()
        while not hand.over:
            turn = hand.to_act[0]
            legal = hand.legal_actions(turn)
            if turn == seat_of_bot:
                action = seat.act(match.log + hand.events, legal)
            else:
                action = others[turn].act(observation(hand, turn), legal)
            hand.apply(action)
        match.record(hand)
        played += 1
    return seat, match


def test_an_mjai_bot_in_another_program_plays_whole_hands_unchanged():
    process = MjaiProcess([sys.executable, str(EXAMPLE)])
    try:
        seat, match = _play(2, process)
    finally:
        process.close()
    assert not seat.faults, seat.faults
    sent = seat.sent
    assert sent[0] == {"type": "start_game", "id": 2}
    kyoku = [m for m in sent if m["type"] == "start_kyoku"]
    assert len(kyoku) == match.hands_played
    for message in kyoku:
        assert all(tiles == ["?"] * 13 for index, tiles in enumerate(message["tehais"]) if index != 2)
        assert "?" not in message["tehais"][2]
    for message in sent:
        if message["type"] == "tsumo":
            assert (message["pai"] == "?") == (message["actor"] != 2)


def test_a_reach_then_its_discard_is_one_riichi_and_nonsense_falls_to_the_fallback():
    asked = []

    def bot(messages):
        asked.append(messages)
        last = messages[-1]
        if last["type"] == "reach":
            return {"type": "dahai", "actor": 0, "pai": "?", "tsumogiri": True}  # not a tile: nonsense
        return {"type": "reach", "actor": 0} if last["type"] == "tsumo" else {"type": "nope"}

    seat, _ = _play(0, bot, hands=1)
    assert seat.faults["not a legal action now"] > 0  # every answer above is refused: the fallback played
    assert any(m == [{"type": "reach", "actor": 0}] for m in asked)  # a reach is asked again for its discard


def test_the_fallback_plays_when_the_bot_fails():
    def broken(messages):
        raise TimeoutError("no answer")

    seat, match = _play(1, broken, hands=1)
    assert match.hands_played == 1 and seat.faults["no answer"] > 0


def test_a_bot_that_exits_is_not_asked_again_and_one_printing_garbage_falls_back_each_time(tmp_path):
    garbage = tmp_path / "garbage.py"
    garbage.write_text("import sys\nfor line in sys.stdin:\n    print('garbage!', flush=True)\n")
    for command, fault in (
        ([sys.executable, "-c", "pass"], "the program exited"),
        ([sys.executable, str(garbage)], "not a JSON line"),
    ):
        process = MjaiProcess(command, time_limit=2)
        try:
            seat, match = _play(1, process, hands=1)
        finally:
            process.close()
        assert match.hands_played == 1 and set(seat.faults) == {fault} and seat.faults[fault] > 1
        if fault == "the program exited":
            assert seat.gone  # done with after it exited: each later decision counted, none asked
        else:
            assert not seat.gone  # asked at every decision, each answer refused


def test_the_stream_sent_over_a_whole_match_is_the_match_converted_at_once():
    """The seat converts each finished hand once (not the whole match at every question): what it
    sent, question after question and at the end, is the match's stream as seat_messages makes it."""
    from sparrow.seats.mjai import seat_messages

    def tsumogiri(messages):
        last = messages[-1]
        if last["type"] == "tsumo" and last["actor"] == 1:
            return {"type": "dahai", "actor": 1, "pai": last["pai"], "tsumogiri": True}
        return {"type": "none"}

    seat, match = _play(1, tsumogiri, hands=99, seed=5)
    assert match.over and match.hands_played >= 4 and not seat.faults
    seat.finish(match.log)
    assert seat.sent == seat_messages(match.log, 1, finished=True)
