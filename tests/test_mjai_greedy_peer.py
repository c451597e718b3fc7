"""The outside greedy Riichi bot (``bench/peers/mjai_greedy.py``): a program of its own that speaks
mjai, a peer to measure Sparrow's Riichi players against.

Its shanten is checked against the PyPI ``mahjong`` package's on random hands (and its fast
acceptance count against counting tile by tile); its choices (the discard, riichi, winning, furiten,
the value-honour pon and kuikae) on worked examples fed to it as mjai message lines, the way
Sparrow's mjai seat sends them; and whole matches at Sparrow's table, through ``sparrow simulate``,
must end with no answer of the bot refused (it runs with ``--strict``, so an internal error stops it,
which the referee would count too).
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parent.parent
PROGRAM = ROOT / "bench" / "peers" / "mjai_greedy.py"


def _load():
    spec = importlib.util.spec_from_file_location("mjai_greedy_peer", PROGRAM)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


greedy = _load()


def counts(*names: str) -> list[int]:
    found = [0] * 34
    for name in names:
        found[greedy.kind_of(name)] += 1
    return found


def tiles(text: str) -> list[str]:
    """``"123m 45p E"`` as mjai names: ``["1m", "2m", "3m", "4p", "5p", "E"]``."""
    names = []
    for word in text.split():
        if word[-1] in "mps":
            names += [digit + word[-1] for digit in word[:-1]]
        else:
            names += list(word)
    return names


# ------------------------------------------------------------------------------------- shanten


@st.composite
def hands(draw, sizes):
    """A hand of one of ``sizes`` tiles (34 counts), dealt from the four copies of a few kinds or of
    many: few kinds give the fours of a kind where counting shanten is easy to get wrong."""
    size = draw(st.sampled_from(sizes))
    kinds = draw(st.lists(st.integers(0, 33), min_size=4, max_size=34, unique=True))
    wall = [kind for kind in kinds for _ in range(4)]
    dealt = draw(st.permutations(wall))[:size]
    found = [0] * 34
    for kind in dealt:
        found[kind] += 1
    return found


@settings(max_examples=400)
@given(hands((13, 14)))
def test_shanten_agrees_with_the_mahjong_package(hand):
    from mahjong.shanten import Shanten

    assert greedy.shanten(list(hand)) == Shanten().calculate_shanten(hand)


@settings(max_examples=200)
@given(hands((1, 2, 4, 5, 7, 8, 10, 11)))
def test_shanten_of_an_open_hand_agrees_with_the_mahjong_package(hand):
    # The package counts a hand short of 13 tiles as one with declared sets (regular hands only).
    from mahjong.shanten import Shanten

    called = (14 - sum(hand)) // 3
    assert greedy.shanten(list(hand), called) == Shanten().calculate_shanten(hand)


@settings(max_examples=150)
@given(hands((13, 10)), st.lists(st.integers(0, 4), min_size=34, max_size=34))
def test_acceptance_counts_the_tiles_that_lower_the_shanten(hand, unseen):
    called = (13 - sum(hand)) // 3
    now = greedy.shanten(list(hand), called)
    expected = 0
    for kind in range(34):
        if unseen[kind] and hand[kind] < 4:
            hand[kind] += 1
            expected += unseen[kind] if greedy.shanten(hand, called) < now else 0
            hand[kind] -= 1
    assert greedy.acceptance(list(hand), called, now, unseen) == expected


def test_worked_shanten():
    assert greedy.shanten(counts(*tiles("123m 456m 789m 11p 23s 4s"))) == -1
    assert greedy.shanten(counts(*tiles("123m 456m 789m 11p 23s"))) == 0
    assert greedy.shanten(counts(*tiles("1133m 5577p 99s EE P"))) == 0  # seven pairs, waiting on P
    assert greedy.shanten(counts(*tiles("19m 19p 19s ESWNPF C"))) == 0  # thirteen orphans
    # Four 6s: three make a pung, the fourth cannot wait for its pair (there is no fifth).
    assert greedy.shanten(counts(*tiles("666m 222p 222s 6666s"))) == 1


# ------------------------------------------------------------------------------------ discards


def _unseen(hand):
    return [4 - c for c in hand]


def test_the_only_discard_that_keeps_the_hand_ready():
    hand = counts(*tiles("123m 456m 789m 11p 23s N"))
    kind, after = greedy.choose_discard(hand, 0, _unseen(hand))
    assert (greedy.name_of(kind), after) == ("N", 0)


def test_a_tie_in_shanten_goes_to_the_wider_wait():
    # Let 5s go: 45s waits on 3s and 6s (eight tiles); letting 4s go waits on 1p and 5s (four).
    hand = counts(*tiles("123m 456m 789m 11p 455s"))
    kind, after = greedy.choose_discard(hand, 0, _unseen(hand))
    assert (greedy.name_of(kind), after) == ("5s", 0)


def test_a_tie_in_acceptance_lets_the_honour_worth_nothing_go_first():
    # 1p, N and P each leave one shanten and the same acceptance; N is worth nothing to seat 1 in
    # the East round, P is a dragon, 1p a terminal.
    hand = counts(*tiles("123m 456m 789m 23s 1p N P"))
    values = {27, 28, 31, 32, 33}  # E (round), S (seat), the dragons
    kind, after = greedy.choose_discard(hand, 0, _unseen(hand), values=values)
    assert (greedy.name_of(kind), after) == ("N", 1)


# ------------------------------------------------------------------------- the bot on messages


def start(me: int, hand: str, *, oya: int = 0, scores=None, dora: str = "9m") -> list[dict]:
    tehais = [["?"] * 13 for _ in range(4)]
    tehais[me] = tiles(hand)
    return [
        {"type": "start_game", "id": me},
        {
            "type": "start_kyoku",
            "bakaze": "E",
            "dora_marker": dora,
            "kyoku": oya + 1,
            "honba": 0,
            "kyotaku": 0,
            "oya": oya,
            "scores": scores or [25000] * 4,
            "tehais": tehais,
        },
    ]


def tsumo(actor: int, pai: str = "?") -> dict:
    return {"type": "tsumo", "actor": actor, "pai": pai}


def dahai(actor: int, pai: str, tsumogiri: bool = False) -> dict:
    return {"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri}


def turn(actor: int, pai: str) -> list[dict]:
    """Another seat draws and lets ``pai`` go."""
    return [tsumo(actor), dahai(actor, pai)]


def test_it_wins_on_its_own_draw_with_a_closed_hand():
    bot = greedy.Bot()
    answer = bot.react([*start(0, "123m 456m 789m 11p 23s"), tsumo(0, "4s")])
    assert answer == {"type": "hora", "actor": 0, "target": 0, "pai": "4s"}


def test_ready_after_its_discard_it_declares_riichi_then_discards():
    bot = greedy.Bot()
    answer = bot.react([*start(0, "123m 456m 789m 11p 23s"), tsumo(0, "N")])
    assert answer == {"type": "reach", "actor": 0}
    answer = bot.react([{"type": "reach", "actor": 0}])  # Sparrow's echo: now the declaring discard
    assert answer == {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True}


def test_no_riichi_without_the_stick_or_the_draws_left():
    poor = greedy.Bot()
    answer = poor.react([*start(0, "123m 456m 789m 11p 23s", scores=[900, 33000, 33000, 33100]), tsumo(0, "N")])
    assert answer["type"] == "dahai" and answer["pai"] == "N"
    late = greedy.Bot()
    messages = start(0, "123m 456m 789m 11p 23s")
    # 67 draws made of the 70: 3 left, fewer than the 4 riichi needs.
    others = ["E", "S", "W", "N", "P", "F", "C", "1m", "9m", "1p", "9p", "1s", "9s"]
    for number in range(66):
        messages += turn(1 + number % 3, others[number % len(others)])
    answer = late.react([*messages, tsumo(0, "N")])
    assert late.live_left() == 3
    assert answer["type"] == "dahai" and answer["pai"] == "N"


def test_in_riichi_it_discards_what_it_draws():
    bot = greedy.Bot()
    bot.react([*start(0, "123m 456m 789m 11p 23s"), tsumo(0, "N")])
    bot.react([{"type": "reach", "actor": 0}])
    stream = [
        {"type": "reach", "actor": 0},  # Sparrow leaves this out of the stream; a log has it
        dahai(0, "N", True),
        {"type": "reach_accepted", "actor": 0},
        *turn(1, "C"),
        *turn(2, "C"),
        *turn(3, "W"),
        tsumo(0, "7p"),
    ]
    answer = bot.react(stream)
    assert answer == {"type": "dahai", "actor": 0, "pai": "7p", "tsumogiri": True}
    assert bot.riichi and bot.scores[0] == 24000


TANYAO = "234m 567m 345p 66s 78s"  # waits on 6s (all simples) and 9s (no yaku it knows)


def test_ron_with_a_yaku_and_none_without():
    bot = greedy.Bot()
    answer = bot.react([*start(1, TANYAO), *turn(0, "6s")])
    assert answer == {"type": "hora", "actor": 1, "target": 0, "pai": "6s"}
    bot = greedy.Bot()
    assert bot.react([*start(1, TANYAO), *turn(0, "9s")]) == {"type": "none"}


def test_furiten_a_wait_in_its_own_river():
    # The stream is the table's word: it says the bot let 9s go earlier (on a turn it was not asked
    # about, a built-in player's decision); 9s is one of its waits, so it may not ron 6s.
    bot = greedy.Bot()
    stream = [*start(1, "234m 567m 345p 66s 7s 9s"), *turn(0, "E"), tsumo(1, "8s"), dahai(1, "9s"), *turn(2, "6s")]
    assert bot.react(stream) == {"type": "none"}


def test_furiten_on_the_first_kind_too():
    # A wait on 1m (kind 0) in its own river: furiten as any other (a set holding only kind 0 once
    # read as empty, and the bot answered a ron the table refused).
    bot = greedy.Bot()
    stream = [*start(1, "23m 567m 345p 66s PPP"), *turn(0, "E"), tsumo(1, "1m"), dahai(1, "1m", True)]
    assert bot.react([*stream, *turn(2, "4m")]) == {"type": "none"}
    fresh = greedy.Bot()  # the same 4m without the 1m in its river: a ron (a pung of white dragons)
    won = fresh.react([*start(1, "23m 567m 345p 66s PPP"), *turn(0, "E"), *turn(2, "4m")])
    assert won == {"type": "hora", "actor": 1, "target": 2, "pai": "4m"}


def test_furiten_a_winning_tile_let_pass_until_its_own_discard():
    bot = greedy.Bot()
    # 9s went by (no yaku on it), then 6s comes before the bot's own discard: furiten. (Short of
    # the riichi stick, it does not declare.)
    scores = [25000, 500, 37000, 37500]
    assert bot.react([*start(1, TANYAO, oya=2, scores=scores), *turn(2, "9s"), *turn(3, "6s")]) == {"type": "none"}
    # After its own discard the furiten is over.
    answer = bot.react([*turn(0, "E"), tsumo(1, "N")])
    assert answer["type"] == "dahai" and answer["pai"] == "N"
    answer = bot.react([dahai(1, "N", True), *turn(2, "6s")])
    assert answer == {"type": "hora", "actor": 1, "target": 2, "pai": "6s"}


def test_riichi_furiten_lasts_the_hand():
    bot = greedy.Bot()
    bot.react([*start(0, "123m 456m 789m 11p 23s"), tsumo(0, "N")])
    bot.react([{"type": "reach", "actor": 0}])
    # A winning tile goes by in riichi (the bot was not asked about it: its answer is not needed),
    stream = [dahai(0, "N", True), {"type": "reach_accepted", "actor": 0}, *turn(1, "1s"), *turn(2, "C")]
    stream += [*turn(3, "C"), tsumo(0, "E")]
    assert bot.react(stream)["pai"] == "E"
    # and even after its own discard the other wait may not be taken by ron.
    assert bot.react([dahai(0, "E", True), *turn(1, "4s")]) == {"type": "none"}


def test_it_pons_a_value_honour_only():
    hand = "1m 2m 5m 7p 8p 3s 4s 9s P P N W 6p"
    bot = greedy.Bot()
    answer = bot.react([*start(1, hand), *turn(0, "P")])
    assert answer == {"type": "pon", "actor": 1, "target": 0, "pai": "P", "consumed": ["P", "P"]}
    bot = greedy.Bot()  # N is neither the seat's wind (S) nor the round's (E)
    assert bot.react([*start(1, "1m 2m 5m 7p 8p 3s 4s 9s N N P W 6p"), *turn(0, "N")]) == {"type": "none"}


def test_after_a_pon_it_does_not_discard_the_kind_it_called():
    # After the pon the fourth P and 5m are left over; 5m waits better (P has none left), but the
    # called kind may not be let go at once (kuikae): 5m goes.
    bot = greedy.Bot()
    pon = {"type": "pon", "actor": 1, "target": 0, "pai": "P", "consumed": ["P", "P"]}
    answer = bot.react([*start(1, "PPP 123m 456p 789s 5m"), *turn(0, "P"), pon])
    assert answer == {"type": "dahai", "actor": 1, "pai": "5m", "tsumogiri": False}


def test_a_red_five_is_kept_when_a_plain_one_can_go():
    bot = greedy.Bot()
    # Ready on 1s-4s; the drawn red five is one five too many, and the plain one goes instead.
    answer = bot.react([*start(1, "123m 456m 11p 23s 456s"), *turn(0, "E"), tsumo(1, "5sr")])
    assert answer == {"type": "reach", "actor": 1}
    assert bot.react([{"type": "reach", "actor": 1}]) == {"type": "dahai", "actor": 1, "pai": "5s", "tsumogiri": False}


def test_a_line_it_cannot_read_is_answered_none():
    run = subprocess.run(
        [sys.executable, str(PROGRAM)],
        input='[{"type":"start_game","id":0}]\n[{"type":"tsumo","actor":0,"pai":"xx"}]\nnot json\n',
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert run.returncode == 0
    assert [json.loads(line)["type"] for line in run.stdout.splitlines()] == ["none", "none", "none"]


# -------------------------------------------------------------------------- at Sparrow's table


def _simulate(seed: int) -> dict:
    bot = f"cmd:{sys.executable} {PROGRAM} --strict"
    sparrow = Path(sys.executable).with_name("sparrow")
    command = [str(sparrow)] if sparrow.exists() else [sys.executable, "-m", "sparrow.cli"]
    run = subprocess.run(
        [*command, "simulate", "-r", "riichi", "-p", f"{bot},normal,{bot},{bot}"]
        + ["-n", "1", "-o", "length=tonpuu", "--seed", str(seed), "-w", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=ROOT,
    )
    assert run.returncode == 0, run.stderr
    # Every refused answer, late answer, exit or stray line is told on standard error.
    assert "sparrow:" not in run.stderr, run.stderr
    return json.loads(run.stdout)


def test_whole_matches_at_sparrows_table_with_no_fault():
    played = []
    for seed in (1, 2):
        result = _simulate(seed)
        players = result["players"]
        assert [p["fallbacks"] for p in players] == [0, 0, 0, 0], seed
        assert result["matches"] == 1 and result["hands"] >= 1
        played += [p for p in players if p["level"].startswith("cmd:")]
    assert len(played) == 6
    # It plays, not only discards: it wins hands or declares riichi.
    assert sum(p["wins"] + round(p["riichi_rate"] * p["hands"]) for p in played) > 0
