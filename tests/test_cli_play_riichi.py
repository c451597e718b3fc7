"""``sparrow play --rules riichi``: Riichi at the one terminal table (``sparrow.cli.play`` on
``sparrow.play.table.Table``), with the family's panel, its keys (riichi, red fives, nine terminals),
its score cards and placings with uma."""

from __future__ import annotations

import dataclasses
import io
import itertools
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from typer.testing import CliRunner

from sparrow.cli.app import app
from sparrow.cli.play import choices_text, parse_command, play_loop, render_table, river_as_shown
from sparrow.game import Action, ActionKind
from sparrow.game.views import RiverTile
from sparrow.play.table import Table

runner = CliRunner()
MJAI_BOT = Path(__file__).resolve().parent.parent / "examples" / "mjai_tsumogiri.py"


def _text(renderable: object) -> str:
    out = io.StringIO()
    Console(file=out, width=140).print(renderable)
    return out.getvalue()


def _turn(seed: int = 7) -> Table:
    table = Table("riichi", "easy", seed, {"length": "tonpuu"})
    step = table.start()
    while step.observation.phase.value != "turn":
        step = table.act(next(a for a in step.observation.legal_actions if a.kind is ActionKind.PASS))
    return table


def test_the_screen_shows_the_family_panel_and_one_seat() -> None:
    table = _turn()
    observation = table.view().observation
    screen = _text(render_table(observation, hand_number=1, title="riichi"))
    assert "dora indicators" in screen and "honba 0" in screen and "riichi sticks 0" in screen
    assert "25000" in screen and screen.count("13 tiles") == 3


def test_the_keys_read_as_moves_among_the_legal_ones() -> None:
    observation = _turn().view().observation
    legal = observation.legal_actions
    plain = next(a for a in legal if a.kind is ActionKind.DISCARD and not a.riichi)
    assert parse_command(str(plain.tile) if not plain.red else "0" + str(plain.tile)[1], observation).action == plain
    assert parse_command("1", observation).action in legal
    assert "numbered 1 to 14" in (parse_command("99", observation).error or "")
    assert "not a tile" in (parse_command("xx", observation).error or "")
    assert "riichi is not possible" in (parse_command("r 1", observation).error or "")
    assert "abortive draw" in (parse_command("nine", observation).error or "")
    assert parse_command("q", observation).request == "quit"


def test_riichi_red_fives_and_nine_terminals_are_typed_as_players_say_them() -> None:
    observation = _turn().view().observation
    seat = observation.seat
    held = observation.hand[0]
    riichi = Action(ActionKind.DISCARD, seat, held, riichi=True)
    red = Action(ActionKind.DISCARD, seat, "5p", red=True)  # type: ignore[arg-type]
    plain = Action(ActionKind.DISCARD, seat, "5p")  # type: ignore[arg-type]
    nine = Action(ActionKind.ABORTIVE_DRAW, seat)
    hand = (*observation.hand[:12], observation.hand[12], observation.hand[13])
    offered = dataclasses.replace(observation, legal_actions=(plain, red, riichi, nine), hand=(*hand[:13], held))
    assert parse_command(f"r {held}", offered).action == riichi
    assert parse_command("nine", offered).action == nine
    if any(str(t) == "5p" for t in offered.hand):
        assert parse_command("0p", offered).action == red and parse_command("5p", offered).action == plain
    prompt = choices_text(offered)
    assert "r and a tile = riichi" in prompt and "nine = abortive draw" in prompt


def test_enter_passes_but_never_on_a_win() -> None:
    observation = _turn().view().observation
    seat = observation.seat
    passing, win = Action.pass_(seat), Action.win(seat)
    assert parse_command("", dataclasses.replace(observation, legal_actions=(passing,))).action == passing
    both = dataclasses.replace(observation, legal_actions=(win, passing))
    assert parse_command("", both).action is None and "w wins, n passes" in (parse_command("", both).error or "")
    assert parse_command("n", both).action == passing and parse_command("w", both).action == win
    assert "n = pass" in choices_text(both)


def test_a_whole_match_is_played_from_the_keyboard() -> None:
    answers = itertools.cycle(["?", "h", "r 3", "nine", "", "w", *[str(n) for n in range(14, 0, -1)]])
    asked = 0

    def read(prompt: str) -> str:
        nonlocal asked
        asked += 1
        assert asked < 20000
        return next(answers)

    out = io.StringIO()
    table = Table("riichi", "easy", 3, {"length": "tonpuu"})
    code = play_loop(table, Console(file=out, width=120), read, title="riichi vs easy")
    text = out.getvalue()
    assert code == 0 and "The match is over." in text and "shanten" in text  # a hint was asked for
    assert "dora indicators" in text and "Riichi: r 5p" in text
    placings = text.split("The match is over.")[1].splitlines()[1:5]
    assert [line.split(".")[0].strip() for line in placings] == ["1", "2", "3", "4"]
    assert all(line.rstrip().endswith(")") for line in placings)  # the result with uma and oka


def test_an_mjai_bot_plays_riichi_at_the_table() -> None:
    # At Riichi a cmd: program is an mjai bot, as in the lab (sparrow.play.programs).
    table = Table("riichi", "easy", 3, {"length": "tonpuu"}, opponents=[f"cmd:{sys.executable} {MJAI_BOT}"])
    try:
        step = table.start()
        while not step.match_over:
            step = table.next_hand() if step.hand_over else table.act(step.observation.legal_actions[0])
    finally:
        table.close()
    ends = [event for event in table.log() if event["event"] == "hand_end"]
    assert ends and not any(event.get("fallbacks") for event in ends)
    assert any(name.startswith("mjai_tsumogiri.py") for name, _, _ in table.match.placings())


def test_the_command_plays_riichi_and_refuses_a_bad_option() -> None:
    played = runner.invoke(
        app, ["play", "--rules", "riichi", "-l", "easy", "-s", "3", "-o", "length=tonpuu"], input="q\n"
    )
    assert played.exit_code == 0 and "dora indicators" in played.stdout
    bad = runner.invoke(app, ["play", "--rules", "riichi", "-o", "uma=3"])
    assert bad.exit_code == 2 and "uma" in bad.stderr


def test_a_preset_is_played_at_every_face() -> None:
    import sparrow
    from sparrow.game import deal, new_match

    for preset in ("tenhou", "mahjong-soul", "m-league", "wrc"):
        hand = deal("riichi", {"preset": preset}, seed=1)
        assert hand.observation("E").family is not None
        assert new_match("riichi", 1, {"preset": preset}).next_hand() is not None
        assert sparrow.play_hand("riichi", seed=2, options={"preset": preset}).result is not None
        assert Table("riichi", "easy", 1, {"preset": preset}).start().observation.rules == "riichi"


def test_a_ron_after_a_kan_is_a_ron_and_an_abortive_draw_has_no_discarder() -> None:
    import sparrow

    rons_after_a_kan = 0
    for seed in range(150):
        hand = sparrow.play_hand("riichi", seed=seed)
        result, events = hand.result, hand.events
        kinds = [event["event"] for event in events]
        if result.win_by in ("discard", "robbing_kong"):
            last_kong = max((i for i, kind in enumerate(kinds) if kind == "kong"), default=-1)
            win = kinds.index("win")
            robbed = (
                last_kong >= 0
                and "draw" not in kinds[last_kong + 1 : win]
                and "discard" not in kinds[last_kong + 1 : win]
            )
            assert (result.win_by == "robbing_kong") == robbed, seed
            rons_after_a_kan += last_kong >= 0 and not robbed
        if result.winner is None:
            assert result.discarder is None and result.ending
    assert rons_after_a_kan > 0


def test_the_rivers_show_red_fives_the_riichi_tile_and_leave_out_called_tiles() -> None:
    """Played until a river holds a riichi tile, a tile called away and a red five: the river is
    drawn as it lies (the riichi tile in brackets, the red five in red, the called one gone)."""
    from sparrow.bots import get_bot

    table = Table("riichi", "normal", 11, {"length": "hanchan"})
    me = get_bot("normal", 5)
    step = table.start()
    seen: set[str] = set()
    while not step.match_over and len(seen) < 3:
        if step.hand_over:
            step = table.next_hand()
            continue
        observation = step.observation
        assert observation.family is not None
        rivers = observation.family.rivers()
        marked = [tile for river in rivers.values() for tile in river]
        screen = Console(file=io.StringIO(), width=200, record=True)
        screen.print(render_table(observation, hand_number=step.hand_number, title="riichi"))
        text = screen.export_text(clear=False)
        styled = screen.export_html(inline_styles=True)
        for seat, river in rivers.items():
            # The river shown is the shared engine's pile, tile for tile (a red five is a five): a
            # called tile has left it in both.
            shown = river_as_shown(river)
            assert "".join(name.replace("0", "5") for name, _ in shown) == "".join(map(str, observation.discards[seat]))
            assert " ".join(f"[{name}]" if turned else name for name, turned in shown) in text
        for tile in marked:
            if tile.riichi and not tile.called:
                assert f"[{tile.name}]" in text
                seen.add("riichi")
            if tile.called:
                seen.add("called")
            if tile.name.startswith("0") and not tile.called:
                assert tile.name in text and "color: #800000" in styled
                seen.add("red")
        assert "line-through" not in styled  # nothing is struck: a called tile is not drawn at all
        if observation.claim_tile is not None and rivers[observation.claim_from][-1].name.startswith("0"):
            assert "discarded Red 5" in text  # the tile open to claims is named as it lies, by its name
        step = table.act(me.act(observation))
    assert seen == {"riichi", "called", "red"}


def test_when_the_riichi_tile_is_called_the_next_discard_lies_turned() -> None:
    """The river as riverOf in family.js draws it: called tiles gone, and the turn of a called riichi
    tile passed to the seat's next discard still in the river (past another called one)."""
    river = (
        RiverTile("0m"),
        RiverTile("2p", riichi=True, called=True),
        RiverTile("5s", called=True),
        RiverTile("0p"),
        RiverTile("7z"),
    )
    assert river_as_shown(river) == [("0m", False), ("0p", True), ("7z", False)]
    assert river_as_shown((RiverTile("1m", riichi=True), RiverTile("2m"))) == [("1m", True), ("2m", False)]
    assert river_as_shown((RiverTile("1m", called=True), RiverTile("2m"))) == [("2m", False)]
    assert river_as_shown((RiverTile("1m", riichi=True, called=True),)) == []  # turned when the seat discards

    # On the screen: the river of the seat to your left, red fives red, the turned one in brackets.
    observation = _turn().view().observation
    assert observation.family is not None
    left = observation.seats[(observation.seats.index(observation.seat) + 1) % len(observation.seats)]
    family = _Rivers(observation.family, {left: river})
    screen = Console(file=io.StringIO(), width=200, record=True)
    screen.print(render_table(dataclasses.replace(observation, family=family), hand_number=1, title="riichi"))
    line = next(line for line in screen.export_text(clear=False).splitlines() if f" {left} " in line)
    assert line.split("│")[-2].strip() == "0m [0p] 7z"  # the discards column: 2p and 5s are gone
    styled = next(line for line in screen.export_html(inline_styles=True).splitlines() if "7z" in line)
    red = '<span style="color: #800000; text-decoration-color: #800000">'
    assert f"{red}0m</span> {red}[0p]</span> 7z" in styled and "line-through" not in styled


def test_a_called_riichi_tile_at_play_turns_the_next_discard() -> None:
    """At a real table (seed 6: South's riichi tile 7z is called for East's pon), the screen shows the
    river without the riichi tile and the seat's next discard in brackets."""
    from sparrow.bots import get_bot

    for seed in range(6, 12):  # the first seed has one; a few more should the bots ever play otherwise
        table = Table("riichi", "normal", seed, {"length": "tonpuu"})
        me = get_bot("normal", 5)
        step = table.start()
        while not step.match_over:
            if step.hand_over:
                step = table.next_hand()
                continue
            observation = step.observation
            assert observation.family is not None
            for seat, river in observation.family.rivers().items():
                called = [index for index, tile in enumerate(river) if tile.riichi and tile.called]
                if called and any(not tile.called for tile in river[called[0] + 1 :]):
                    after = next(tile for tile in river[called[0] + 1 :] if not tile.called)
                    shown = river_as_shown(river)
                    assert (after.name, True) in shown and sum(turned for _, turned in shown) == 1
                    text = _text(render_table(observation, hand_number=step.hand_number, title="riichi"))
                    row = next(line for line in text.splitlines() if f" {seat} " in line and "│" in line)
                    assert row.split("│")[-2].strip() == " ".join(
                        f"[{name}]" if turned else name for name, turned in shown
                    )
                    return
            step = table.act(me.act(observation))
    raise AssertionError("no riichi tile was called in seeds 6 to 11")


class _Rivers:
    """A family's view with the rivers replaced (the rest is the family's own)."""

    def __init__(self, family: Any, rivers: dict[str, tuple[RiverTile, ...]]) -> None:
        self._family = family
        self._rivers = rivers

    def __getattr__(self, name: str) -> Any:
        return getattr(self._family, name)

    def rivers(self) -> dict[str, tuple[RiverTile, ...]]:
        return {**self._family.rivers(), **self._rivers}


def test_a_chow_with_the_red_five_is_chosen_when_two_runs_hold_the_five() -> None:
    observation = _turn().view().observation
    seat = observation.seat
    plain_low, red_low, plain_high, red_high = (
        Action(ActionKind.CHOW, seat, low, red=red)  # type: ignore[arg-type]
        for low, red in (("3p", False), ("3p", True), ("4p", False), ("4p", True))
    )
    passing = Action(ActionKind.PASS, seat)
    offered = dataclasses.replace(observation, legal_actions=(red_high, plain_high, red_low, plain_low, passing))
    assert "c1 = 345p, c2 = 340p, c3 = 456p, c4 = 406p" in choices_text(offered)
    assert parse_command("c2", offered).action == red_low
    assert parse_command("c4", offered).action == red_high
    assert parse_command("c 3p", offered).action == plain_low  # only one run holds the 3p
    assert parse_command("c 6p", offered).action == plain_high
    assert "which run?" in (parse_command("c 0p", offered).error or "")  # both runs hold the five
    assert "which run?" in (parse_command("c", offered).error or "")
