"""``sparrow play``: a match against three computer players in the terminal.

You sit South in the first hand. The screen shows every player's discards, exposed sets and bonus
tiles, the wall, the winds and the scores, then your hand with a number under each tile. Type a tile
(``5p``) or its number to discard it; the prompt lists what else you may do (claims, kongs, a win),
``h`` shows a hint (your shanten number and, per discard, the tiles it waits on or improves with, and
how many are unseen), ``?`` the keys, ``q`` quits. A bad key gets a one-line hint and the same
question again. The bots' moves are printed one by one as they happen.

The reading and drawing here are plain functions of a :class:`~sparrow.play.table.Step` (``parse_command``,
``render_table``, ``describe_event``...), so they are tested without a terminal; the loop only reads
lines from the input and prints.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any

import typer
from rich.console import Console, Group
from rich.table import Table as RichTable
from rich.text import Text

from sparrow.cli.options import whole_number
from sparrow.cli.text import DISPLAY, counted, tiles_text
from sparrow.core.analysis import shanten, unseen_count
from sparrow.core.tiles import KINDS, Tile, TileError, format_tiles, tile_counts
from sparrow.game.actions import Action, ActionKind, IllegalActionError, InvalidActionError
from sparrow.game.state import Observation, Phase
from sparrow.rules import RulesError, ScoreResult, get_ruleset

__all__ = ["register", "parse_command", "Command", "render_table", "describe_event", "hint_lines"]

_SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def _fail(message: str) -> typer.Exit:
    print(f"error: {message}", file=sys.stderr)
    return typer.Exit(2)


# ---------------------------------------------------------------- reading what the player types


@dataclass(frozen=True, slots=True)
class Command:
    """What a line of input means: an action to play, or a request (hint, help, quit); ``error`` is
    the one-line hint for input that means nothing now."""

    action: Action | None = None
    request: str | None = None  # "hint", "help", "quit"
    error: str | None = None


def shown_hand(observation: Observation) -> list[Tile]:
    """The hand in the order it is shown and numbered: sorted, with the tile just drawn last."""
    tiles = list(observation.hand)
    if observation.drawn is not None and observation.drawn in tiles:
        tiles.remove(observation.drawn)
        return tiles + [observation.drawn]
    return tiles


def _options_of(legal: Sequence[Action], kind: ActionKind) -> list[Action]:
    return [a for a in legal if a.kind is kind]


def parse_command(text: str, observation: Observation) -> Command:
    """Read one line typed at the prompt (see the module docstring)."""
    words = text.strip().lower().split()
    legal = observation.legal_actions
    if not words:
        passing = _options_of(legal, ActionKind.PASS)
        if passing:
            return Command(action=passing[0])
        return Command(error="type a tile to discard (e.g. 5p) or its number; ? lists the keys")
    word, rest = words[0], words[1:]
    if word in ("q", "quit", "exit"):
        return Command(request="quit")
    if word in ("h", "hint"):
        return Command(request="hint")
    if word in ("?", "help"):
        return Command(request="help")
    if word in ("n", "pass"):
        passing = _options_of(legal, ActionKind.PASS)
        if passing:
            return Command(action=passing[0])
        return Command(error="there is nothing to pass on: it is your turn to discard")
    if word in ("w", "win", "ron", "tsumo", "t", "mahjong", "mj"):
        wins = _options_of(legal, ActionKind.WIN)
        if wins:
            return Command(action=wins[0])
        return Command(error="your hand does not win now (h shows how far it is)")
    if word in ("p", "pung", "pon", "pong"):
        pungs = _options_of(legal, ActionKind.PUNG)
        if pungs:
            return Command(action=pungs[0])
        return Command(error="you cannot pung now")
    if word.startswith("c") and word.rstrip("0123456789") in ("c", "chow", "chi"):
        chows = _options_of(legal, ActionKind.CHOW)
        if not chows:
            return Command(error="you cannot chow now (only the discard of the player on your left)")
        number = word[len(word.rstrip("0123456789")) :]
        if rest:
            try:
                tile = Tile.parse(rest[0])
            except TileError:
                return Command(error=f"{rest[0]!r} is not a tile; chow options: {_chow_list(chows)}")
            chosen = [a for a in chows if tile in _chow_tiles(a)]
            if len(chosen) == 1:
                return Command(action=chosen[0])
        elif number:
            index = int(number) - 1
            if 0 <= index < len(chows):
                return Command(action=chows[index])
        elif len(chows) == 1:
            return Command(action=chows[0])
        return Command(error=f"which run? {_chow_list(chows)}")
    if word in ("k", "kong", "kan", "gang"):
        kongs = [a for a in legal if a.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)]
        if rest:
            named: Tile | None
            try:
                named = Tile.parse(rest[0])
            except TileError:
                named = None
            kongs = [a for a in kongs if a.tile is None or a.tile == named]
        if len(kongs) == 1:
            return Command(action=kongs[0])
        if not kongs:
            return Command(error="you cannot declare a kong now")
        return Command(error="which kong? " + ", ".join(f"k {a.tile}" for a in kongs))
    discards = _options_of(legal, ActionKind.DISCARD)
    if not discards:
        return Command(error=f"{text.strip()!r} is not one of the choices: {choices_text(observation)}")
    hand = shown_hand(observation)
    if word.isdigit() and word.isascii():
        index = int(word) - 1
        if 0 <= index < len(hand):
            return Command(action=Action.discard(observation.seat, hand[index]))
        return Command(error=f"there is no tile number {word}: your tiles are numbered 1 to {len(hand)}")
    try:
        tile = Tile.parse(word)
    except TileError:
        return Command(error=f"{text.strip()!r} is not a tile or a key: type a tile (5p), its number, or ? for keys")
    if tile not in observation.hand:
        return Command(error=f"you do not hold {tile}")
    return Command(action=Action.discard(observation.seat, tile))


def _chow_tiles(action: Action) -> tuple[Tile, ...]:
    assert action.tile is not None  # a chow names its lowest tile (Action checks it)
    low = int(action.tile)
    return (KINDS[low], KINDS[low + 1], KINDS[low + 2])


def _chow_list(chows: Sequence[Action]) -> str:
    return ", ".join(f"c{i} = {format_tiles(_chow_tiles(a))}" for i, a in enumerate(chows, 1))


def choices_text(observation: Observation) -> str:
    """The keys that mean something now, for the prompt."""
    legal = observation.legal_actions
    parts = []
    if _options_of(legal, ActionKind.WIN):
        parts.append("w = " + ("win (ron)" if observation.phase is not Phase.TURN else "win (tsumo)"))
    chows = _options_of(legal, ActionKind.CHOW)
    if len(chows) == 1:
        parts.append(f"c = chow {format_tiles(_chow_tiles(chows[0]))}")
    elif chows:
        parts.append(_chow_list(chows))
    if _options_of(legal, ActionKind.PUNG):
        parts.append("p = pung")
    kongs = [a for a in legal if a.kind in (ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.ADDED_KONG)]
    if len(kongs) == 1:
        parts.append("k = kong" + (f" {kongs[0].tile}" if kongs[0].tile is not None else ""))
    elif kongs:
        parts.append(" ".join(f"k {a.tile}" for a in kongs) + " = kong")
    if _options_of(legal, ActionKind.DISCARD):
        parts.insert(0, "a tile or its number = discard")
    if _options_of(legal, ActionKind.PASS):
        parts.append("Enter = pass")
    parts.append("h = hint")
    return ", ".join(parts)


# ---------------------------------------------------------------- what happened


def describe_event(event: Mapping[str, Any], names: Mapping[str, str], me: str) -> str | None:
    """One line for an event of the seat's view, or None for events not worth a line."""
    kind = event.get("event")
    seat: Any = event.get("seat")  # a seat for the events that have one
    who = "You" if seat == me else f"{names.get(seat, seat)} ({seat})"
    if kind == "discard":
        return f"{who} discard{'s' if seat != me else ''} {event['tile']}"
    if kind == "claim":
        what = event["kind"]
        source = names.get(event["from"], event["from"])
        if what == "win":
            return f"{who} win{'s' if seat != me else ''} on {source}'s {event['tile']}!"
        verb = {"chow": "chow", "pung": "pung", "kong": "kong"}[what]
        return f"{who} claim{'s' if seat != me else ''} a {verb}: {event['meld']}"
    if kind == "kong":
        return f"{who} declare{'s' if seat != me else ''} a {event['kind']} kong: {event['tiles']}"
    if kind == "bonus":
        return f"{who} set{'s' if seat != me else ''} out {event['tile']}"
    if kind == "rob":
        return f"{who} rob{'s' if seat != me else ''} the kong of {names.get(event['from'], event['from'])}: {event['tile']}!"
    if kind == "win":
        how = "self-drawn" if event.get("from") is None else f"on {names.get(event['from'], event['from'])}'s discard"
        return f"{who} win{'s' if seat != me else ''} ({how})"
    if kind == "false_win":
        return f"{who} cr{'ies' if seat != me else 'y'} mahjong, but it is not a win: a dead hand"
    if kind == "exhausted":
        return "The wall is empty: a drawn hand."
    if kind == "draw" and seat == me:
        return f"You draw {event['tile']}" if event.get("tile") else None
    return None


# ---------------------------------------------------------------- the table on screen


def _tile_row(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles) if tiles else "—"


def render_table(observation: Observation, *, hand_number: int, title: str) -> Group:
    """The table as the human sees it: the other players in turn order after you, then you."""
    seats = tuple(observation.hand_sizes)
    me = observation.seat
    order = seats[seats.index(me) + 1 :] + seats[: seats.index(me)]
    header = Text(
        f"{title} · hand {hand_number} · round wind {_SEAT_NAMES[observation.round_wind]} · "
        f"wall {observation.live_wall}"
        + (f" (+{observation.replacement_tiles} replacement)" if observation.replacement_tiles else ""),
        style="bold",
    )
    grid = RichTable(show_header=True, header_style="bold", expand=False)
    grid.add_column("player")
    grid.add_column("score", justify="right")
    grid.add_column("exposed sets")
    grid.add_column("discards")
    for seat in (*order, me):
        name = "You" if seat == me else observation.players.get(seat, seat)
        marker = "▶ " if seat == observation.turn and observation.phase is Phase.TURN else "  "
        melds = "  ".join(tiles_text(m.tiles) + ("" if m.open else "*") for m in observation.melds[seat])
        bonus = tiles_text(observation.bonus[seat])
        exposed = " ".join(part for part in (melds, f"[{bonus}]" if bonus else "") if part) or "—"
        dead = " (dead)" if seat in observation.dead else ""
        label = f"{marker}{name} {seat}{dead}" + (
            "" if seat == me else f" · {counted(observation.hand_sizes[seat], 'tile')}"
        )
        discards = tiles_text(observation.discards[seat], in_order=True) or "—"
        grid.add_row(label, str(observation.scores.get(seat, 0)), exposed, discards)
    hand = shown_hand(observation)
    numbers = Text("  ")
    tiles = Text("  ")
    glyphs = Text("  ")
    for index, tile in enumerate(hand, 1):
        gap = "   " if observation.drawn is not None and index == len(hand) else " "
        label = str(tile)
        glyphs.append(gap + Tile(tile).glyph.rjust(3))
        tiles.append(gap + label.rjust(3), style="bold")
        numbers.append(gap + str(index).rjust(3), style="dim")
    parts: list[Any] = [header, grid, Text("Your hand:")]
    parts += [glyphs, tiles, numbers] if DISPLAY["glyphs"] else [tiles, numbers]
    if observation.claim_tile is not None and observation.phase is not Phase.TURN:
        assert observation.claim_from is not None  # a tile open to the table always has its discarder
        source = observation.players.get(observation.claim_from, observation.claim_from)
        parts.append(Text(f"{source} ({observation.claim_from}) discarded {observation.claim_tile}", style="bold"))
    return Group(*parts)


def hint_lines(observation: Observation) -> list[str]:
    """The hint: the shanten number and, per discard, the tiles it waits on or improves with and how
    many of them are unseen (tiles in your hand, discard piles and exposed sets are seen); a hand is
    called ready only on a wait that can win."""
    from sparrow.play.hints import winning_waits

    ruleset = get_ruleset(observation.rules)
    forms = ruleset.forms(observation.options)
    counts = tile_counts(observation.hand)
    melds = len(observation.melds[observation.seat])
    visible = [0] * 34
    for pile in observation.discards.values():
        for tile in pile:
            visible[tile] += 1
    for seat_melds in observation.melds.values():
        for meld in seat_melds:
            for tile in meld.tiles:
                visible[tile] += 1
    size = sum(counts) + 3 * melds
    lines = []
    if size == 14:
        from sparrow.core.analysis import accepted_tiles

        now = shanten(counts, melds, forms)
        rows = []
        for tile in sorted({t for t in observation.hand}):
            counts[tile] -= 1
            after = shanten(counts, melds, forms)
            waits = ruleset.waits(counts, melds, observation.options) if after == 0 else None
            # Ready only on a wait that can win: one short of the minimum is a shape, not a chance.
            short = bool(waits) and not winning_waits(observation, counts, waits or [])
            improving = list(waits) if waits is not None else accepted_tiles(counts, melds, forms)
            rows.append((after, -unseen_count(improving, counts, visible), tile, improving, short))
            counts[tile] += 1
        ready = any(after == 0 and not short for after, _, _, _, short in rows)
        lines.append(
            "complete: declare the win (w)"
            if now < 0
            else f"shanten {now}" + (" (ready)" if now == 0 and ready else "")
        )
        rows.sort(key=lambda r: (r[0], r[1], r[2]))
        for after, unseen, tile, improving, short in rows[:6]:
            verb = "improves with" if after else "waits, short of the minimum, on" if short else "waits on"
            lines.append(
                f"  discard {tile}: shanten {after}, {verb} {format_tiles(improving) or '—'} ({-unseen} unseen)"
            )
    else:
        now = shanten(counts, melds, forms)
        waits = ruleset.waits(counts, melds, observation.options) if now == 0 else None
        if waits is not None:
            seen = f"{format_tiles(waits) or '—'} ({unseen_count(waits, counts, visible)} unseen)"
            if winning_waits(observation, counts, waits):
                lines.append(f"ready: waiting on {seen}")
            else:
                lines.append(f"waiting on {seen}, but no wait reaches the minimum")
        else:
            lines.append(f"shanten {now}")
        if observation.claim_tile is not None:
            lines.append(f"  the tile on offer: {observation.claim_tile}")
    return lines


def score_card(result: ScoreResult, names: Mapping[str, str], winner: str) -> RichTable:
    """The winner's score card, line by line."""
    from sparrow.cli.text import value_text
    from sparrow.rules import get_ruleset

    limit_unit = get_ruleset(result.rules).limit_unit

    card = RichTable(title=f"{names.get(winner, winner)} ({winner}) scores", show_header=False, min_width=40)
    card.add_column("item")
    card.add_column("value", justify="right")
    for item in result.items:
        card.add_row(Text(item.name), value_text(item.kind, item.value, limit_unit))
    card.add_section()
    if result.arithmetic:
        card.add_row(Text(result.arithmetic), "")
    card.add_row("[bold]total[/]", f"[bold]{result.total}[/]")
    return card


# ---------------------------------------------------------------- the loop


_HELP = (
    "Keys: a tile (5p) or its number discards it · w wins (tsumo or ron) · p pungs · c chows (c1, c2 or"
    " 'c 4p' to choose the run) · k declares a kong ('k 5p' to choose) · Enter or n passes on a claim ·"
    " h hint · q quit"
)


def play_loop(
    table: Any, console: Console, read: Callable[[str], str], *, title: str, pace: Callable[[], None] | None = None
) -> int:
    """Run the match: returns the exit code (0 when the match ends or the player quits)."""
    step = table.start()
    names = dict(step.observation.players)
    while True:
        names = {seat: ("You" if name == table.human else name) for seat, name in step.observation.players.items()}
        for event in step.events:
            line = describe_event(event, names, step.seat)
            if line:
                console.print(line, highlight=False)
                if pace is not None:
                    pace()
        if step.hand_over:
            _show_result(console, step, names)
            if step.match_over:
                console.print(Text("The match is over.", style="bold"))
                standings = sorted(table.match.totals.items(), key=lambda item: -item[1])
                for name, total in standings:
                    console.print(f"  {name}: {total}", highlight=False)
                return 0
            try:
                answer = read("Enter for the next hand, q to quit: ")
            except EOFError:
                return 0
            if answer.strip().lower() in ("q", "quit", "exit"):
                return 0
            step = table.next_hand()
            continue
        console.print(render_table(step.observation, hand_number=step.hand_number, title=title))
        while True:
            try:
                line = read(f"{choices_text(step.observation)}\n> ")
            except EOFError:
                console.print("bye")
                return 0
            command = parse_command(line, step.observation)
            if command.request == "quit":
                return 0
            if command.request == "help":
                console.print(_HELP, highlight=False)
                continue
            if command.request == "hint":
                for hint in hint_lines(step.observation):
                    console.print(hint, highlight=False)
                continue
            if command.error is not None:
                console.print(Text(command.error, style="yellow"))
                continue
            try:
                step = table.act(command.action)
            except (IllegalActionError, InvalidActionError) as error:
                console.print(Text(str(error), style="yellow"))
                continue
            break


def _show_result(console: Console, step: Any, names: Mapping[str, str]) -> None:
    result = step.result
    console.rule("hand over")
    for seat, tiles in step.hands.items():
        melds = "  ".join(format_tiles(m.tiles) for m in step.observation.melds[seat])
        console.print(
            f"  {names.get(seat, seat)} ({seat}): {tiles}" + (f"  [{melds}]" if melds else ""), highlight=False
        )
    if result.winner is None:
        console.print("A drawn hand: nobody scores.")
    elif result.score is not None:
        console.print(score_card(result.score, names, result.winner))
    payments = RichTable(title="payments", show_header=True)
    payments.add_column("player")
    payments.add_column("this hand", justify="right")
    payments.add_column("total", justify="right")
    for seat in result.payments:
        payments.add_row(
            f"{names.get(seat, seat)} ({seat})", f"{result.payments[seat]:+d}", str(step.totals.get(seat, 0))
        )
    console.print(payments)


def _play_riichi(level: str, seed: int, option: list[str], opponents: list[str], pause: float) -> None:
    import time

    from sparrow.cli.play_riichi import play_riichi
    from sparrow.cli.simulate import parse_options
    from sparrow.play.riichi_lab import check_players
    from sparrow.rules.riichi.family import match_of

    try:
        options = parse_options(option)
        match_of(options)
        check_players([level, *opponents[:3], *[level] * (3 - len(opponents[:3]))])
    except (RulesError, ValueError) as error:
        raise _fail(str(error)) from None
    console = Console(highlight=False)
    console.print(f"Sparrow: riichi vs {level} (seed {seed}). You sit South. ? lists the keys.", highlight=False)
    code = play_riichi(
        level, seed, options, console, console.input, (lambda: time.sleep(pause)) if pause else None, opponents
    )
    raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    """Add the play command to ``app``."""

    @app.command()
    def play(
        rules: Annotated[
            str, typer.Option("--rules", "-r", help="Ruleset: casual, nts, hkos, chinese or riichi.")
        ] = "casual",
        level: Annotated[
            str, typer.Option("--level", "-l", help="The computer players: easy, normal or expert.")
        ] = "normal",
        seed: Annotated[
            int | None,
            typer.Option(
                "--seed",
                "-s",
                metavar="S",
                parser=whole_number(minimum=0),
                help="Seed: the same seed deals the same game.",
            ),
        ] = None,
        option: Annotated[
            list[str] | None,
            typer.Option("--option", "-o", metavar="NAME=VALUE", help="A ruleset option as name=value (repeatable)."),
        ] = None,
        delay: Annotated[
            str, typer.Option("--delay", metavar="SECONDS", help="Pause after each of the computer's moves (e.g. 0.3).")
        ] = "0",
        opponent: Annotated[
            list[str] | None,
            typer.Option(
                "--opponent",
                metavar="KIND",
                help="Who takes the next seat after yours: a level, 'cmd:PROGRAM' (docs/protocol.md) or"
                " module:Class (repeatable; the seats not named are --level bots).",
            ),
        ] = None,
    ) -> None:
        """Play a match against three computer players in the terminal (you sit South)."""
        import random
        import time

        from sparrow.bots import LEVELS
        from sparrow.cli.simulate import parse_options
        from sparrow.play.table import Table

        if level not in LEVELS:
            raise _fail(f"unknown level {level!r} (expected one of {', '.join(LEVELS)})")
        seed_value = random.SystemRandom().randrange(2**32) if seed is None else seed
        try:
            pause = float(delay)
        except ValueError:
            raise _fail(f"--delay must be a number of seconds, got {delay!r}") from None
        if not 0 <= pause <= 10:
            raise _fail(f"--delay must be between 0 and 10 seconds, got {delay!r}")
        if rules == "riichi":  # its own table (sparrow.game.riichi)
            _play_riichi(level, seed_value, option or [], opponent or [], pause)
        try:
            options = parse_options(option or [])
            table = Table(rules, level, seed_value, options, opponents=opponent)
        except (RulesError, ValueError) as error:
            raise _fail(str(error)) from None
        console = Console(highlight=False)
        title = f"{rules} vs {level} (seed {seed_value})"
        console.print(f"Sparrow: {title}. You sit South. ? lists the keys.", highlight=False)

        def read(prompt: str) -> str:
            return console.input(prompt)

        code = play_loop(table, console, read, title=title, pace=(lambda: time.sleep(pause)) if pause else None)
        raise typer.Exit(code)
