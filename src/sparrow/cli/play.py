"""``sparrow play``: a match against three computer players in the terminal.

One loop for every family, on the one :class:`~sparrow.play.table.Table`. You sit South in the first
hand. The screen shows every player's discards, exposed sets and bonus tiles, the wall, the winds and
the scores, what only the family shows (the observation's ``family`` panel: Riichi's dora indicators,
honba and sticks, who is in riichi), then your hand with a number under each tile (a red five written
``0p``, in red). Type a tile (``5p``) or its number to discard it (``r 5p`` declares riichi with it);
the prompt lists what else you may do (claims, kongs, a win, an abortive draw), ``h`` shows a hint
(your shanten number and, per discard, the tiles it waits on or improves with, and how many are
unseen; where the evaluator values the discards, Riichi, in its order with its figures and reasons:
``sparrow.cli.hint_values``), ``?`` the keys, ``q`` quits. A bad key gets a one-line hint and the
same question again; Enter alone passes on a claim, but never on a win. The bots' moves are printed one by one as they
happen; after a hand every winner's score card, and at the end the placings (Riichi's with uma and oka).

The reading and drawing here are plain functions of a :class:`~sparrow.play.table.Step` (``parse_command``,
``render_table``, ``describe_event``...), so they are tested without a terminal; the loop only reads
lines from the input and prints.
"""

from __future__ import annotations

import re
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
from sparrow.core.tiles import KINDS, Tile, TileError, format_tiles, tile_counts, tile_name
from sparrow.game.actions import Action, ActionKind, IllegalActionError, InvalidActionError
from sparrow.game.state import Observation, Phase
from sparrow.game.views import RiverTile
from sparrow.rules import RulesError, ScoreResult, get_ruleset

__all__ = ["register", "parse_command", "Command", "render_table", "river_as_shown", "describe_event", "hint_lines"]

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
        if passing and not _options_of(legal, ActionKind.WIN):
            return Command(action=passing[0])
        if passing:  # a win is never passed by a stray Enter
            return Command(error="you can win on this tile: w wins, n passes")
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
            # With a red five and a plain one to give, "p 0p" puts the red one in the set.
            wanted = [a for a in pungs if a.red == (bool(rest) and rest[0].startswith("0"))]
            return Command(action=(wanted or pungs)[0])
        return Command(error="you cannot pung now")
    if word.startswith("c") and word.rstrip("0123456789") in ("c", "chow", "chi"):
        chows = _options_of(legal, ActionKind.CHOW)
        if not chows:
            return Command(error="you cannot chow now (only the discard of the player on your left)")
        number = word[len(word.rstrip("0123456789")) :]
        if rest:
            try:
                tile = Tile.parse("5" + rest[0][1:] if rest[0][:1] == "0" else rest[0])
            except TileError:
                return Command(error=f"{rest[0]!r} is not a tile; chow options: {_chow_list(chows)}")
            chosen = [a for a in chows if tile in _chow_tiles(a)]
            # Two ways to take one run (with the red five or a plain one): "c 0p" takes the red one,
            # "c 5p" the plain one; when two runs hold the five, the number tells which.
            copy = [a for a in chosen if a.red == rest[0].startswith("0")]
            if len({a.tile for a in copy}) == 1:
                return Command(action=copy[0])
            if len({a.tile for a in chosen}) == 1:
                return Command(action=chosen[0])
        elif number:
            index = int(number) - 1
            runs = _runs(chows)
            if 0 <= index < len(runs):
                return Command(action=runs[index])
        elif len(_runs(chows)) == 1:
            return Command(action=_runs(chows)[0])
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
    if word in ("nine", "abort", "kyuushu"):
        aborts = _options_of(legal, ActionKind.ABORTIVE_DRAW)
        if aborts:
            return Command(action=aborts[0])
        return Command(error="an abortive draw needs nine kinds of terminals and honours on your first turn")
    riichi = word in ("r", "riichi")
    if riichi:
        if len(rest) != 1:
            return Command(error="riichi names its discard: riichi 5p (or r 5p, or r and its number)")
        word, rest = rest[0], []
    discards = [a for a in _options_of(legal, ActionKind.DISCARD) if a.riichi == riichi]
    if not discards:
        if riichi and _options_of(legal, ActionKind.DISCARD):
            return Command(error="riichi is not possible now (a closed ready hand, 1,000 points, tiles left)")
        return Command(error=f"{text.strip()!r} is not one of the choices: {choices_text(observation)}")
    hand = shown_hand(observation)
    written = _written_names(observation, hand)
    if word.isdigit() and word.isascii():
        index = int(word) - 1
        if not 0 <= index < len(hand):
            return Command(error=f"there is no tile number {word}: your tiles are numbered 1 to {len(hand)}")
        word = written[index]
    red = len(word) == 2 and word[0] == "0" and word[1] in "mps"
    try:
        tile = Tile.parse("5" + word[1] if red else word)
    except TileError:
        return Command(error=f"{text.strip()!r} is not a tile or a key: type a tile (5p), its number, or ? for keys")
    if tile not in observation.hand:
        return Command(error=f"you do not hold {word}")
    same = [a for a in discards if a.tile == tile]
    # A five named plainly is a plain copy when one may go, else the red one held.
    chosen = [a for a in same if a.red == red] or ([a for a in same if a.red] if not red else [])
    if chosen:
        return Command(action=chosen[0])
    if riichi:
        return Command(error=f"riichi with {word} is not possible: that discard does not leave the hand ready")
    if same:
        return Command(error=f"you do not hold {word}")
    return Command(
        error=f"{word} cannot be discarded now (after riichi only the drawn tile, after a call not the same tile)"
    )


def _runs(chows: Sequence[Action]) -> list[Action]:
    """Each way to chow, numbered in this order: by run, and where a run can be made with the red five
    or with a plain one, the plain one first."""
    ways: dict[tuple[Any, bool], Action] = {}
    for action in chows:
        ways.setdefault((action.tile, action.red), action)
    return sorted(ways.values(), key=lambda action: (int(action.tile or 0), action.red))


def _chow_tiles(action: Action) -> tuple[Tile, ...]:
    assert action.tile is not None  # a chow names its lowest tile (Action checks it)
    low = int(action.tile)
    return (KINDS[low], KINDS[low + 1], KINDS[low + 2])


def _chow_text(action: Action) -> str:
    """A run as the player reads it (``456p``), the red five written ``0`` when it is the copy given."""
    text = format_tiles(_chow_tiles(action))
    return text.replace("5", "0") if action.red else text


def _chow_list(chows: Sequence[Action]) -> str:
    return ", ".join(f"c{i} = {_chow_text(a)}" for i, a in enumerate(_runs(chows), 1))


def choices_text(observation: Observation) -> str:
    """The keys that mean something now, for the prompt."""
    legal = observation.legal_actions
    parts = []
    if _options_of(legal, ActionKind.WIN):
        parts.append("w = " + ("win (ron)" if observation.phase is not Phase.TURN else "win (tsumo)"))
    chows = _runs(_options_of(legal, ActionKind.CHOW))
    if len(chows) == 1:
        parts.append(f"c = chow {_chow_text(chows[0])}")
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
    if any(a.riichi for a in legal):
        parts.insert(1, "r and a tile = riichi")
    if _options_of(legal, ActionKind.ABORTIVE_DRAW):
        parts.append("nine = abortive draw (nine terminals)")
    if _options_of(legal, ActionKind.PASS):
        parts.append("n = pass" if _options_of(legal, ActionKind.WIN) else "Enter = pass")
    parts.append("h = hint")
    return ", ".join(parts)


# ---------------------------------------------------------------- what happened


def describe_event(event: Mapping[str, Any], names: Mapping[str, str], me: str) -> str | None:
    """One line for an event of the seat's view, or None for events not worth a line."""
    kind = event.get("event")
    seat: Any = event.get("seat")  # a seat for the events that have one
    who = "You" if seat == me else f"{names.get(seat, seat)} ({seat})"
    if kind == "discard":
        declares = f"declare{'s' if seat != me else ''} riichi and " if event.get("riichi") else ""
        return f"{who} {declares}discard{'s' if seat != me else ''} {tile_name(event['tile'])}"
    if kind == "claim":
        what = event["kind"]
        source = names.get(event["from"], event["from"])
        if what == "win":
            return f"{who} win{'s' if seat != me else ''} on {source}'s {tile_name(event['tile'])}!"
        verb = event.get("call") or {"chow": "chow", "pung": "pung", "kong": "kong"}[what]
        return f"{who} claim{'s' if seat != me else ''} a {verb}: {_tiles_of(event['meld'])}"
    if kind == "kong":
        return f"{who} declare{'s' if seat != me else ''} a {event['kind']} kong: {_tiles_of(event['tiles'])}"
    if kind == "dora":
        return f"A new dora indicator: {tile_name(event['indicator'])}"
    if kind == "abort":
        return f"An abortive draw: {str(event.get('kind', '')).replace('_', ' ')}."
    if kind == "bonus":
        return f"{who} set{'s' if seat != me else ''} out {tile_name(event['tile'])}"
    if kind == "rob":
        return f"{who} rob{'s' if seat != me else ''} the kong of {names.get(event['from'], event['from'])}: {tile_name(event['tile'])}!"
    if kind == "win":
        how = "self-drawn" if event.get("from") is None else f"on {names.get(event['from'], event['from'])}'s discard"
        return f"{who} win{'s' if seat != me else ''} ({how})"
    if kind == "false_win":
        return f"{who} cr{'ies' if seat != me else 'y'} mahjong, but it is not a win: a dead hand"
    if kind == "exhausted":
        ready = [names.get(s, s) for s in event.get("tenpai", ())]
        return "The wall is empty: a drawn hand." + (f" Ready: {', '.join(ready)}." if ready else "")
    if kind == "draw" and seat == me:
        return f"You draw {tile_name(event['tile'])}" if event.get("tile") else None
    return None


def _tiles_of(tiles: str | Sequence[str]) -> str:
    """A set's tiles named as in a sentence, each different tile once ("3 Bamboo, 4 Bamboo, 5 Bamboo",
    "Red Dragon"), from the notation text an event writes or its list of tiles (a red five "0p")."""
    codes = list(tiles)
    if isinstance(tiles, str):  # "340p": the letter applies to every digit before it (0 is a red five)
        codes = [digit + group[-1] for group in re.findall(r"\d+[mpszf]", tiles) for digit in group[:-1]]
    return ", ".join(tile_name(code) for code in dict.fromkeys(codes))


# ---------------------------------------------------------------- the table on screen


def _tile_row(tiles: Sequence[Tile]) -> str:
    return " ".join(str(t) for t in tiles) if tiles else "—"


def render_table(observation: Observation, *, hand_number: int, title: str) -> Group:
    """The table as the human sees it: the other players in turn order after you, then you."""
    seats = tuple(observation.hand_sizes)
    me = observation.seat
    order = seats[seats.index(me) + 1 :] + seats[: seats.index(me)]
    family = observation.family
    header = Text(
        f"{title} · hand {hand_number} · round wind {_SEAT_NAMES[observation.round_wind]} · "
        f"wall {observation.live_wall}"
        + (f" (+{observation.replacement_tiles} replacement)" if observation.replacement_tiles else ""),
        style="bold",
    )
    # What only the family shows (Riichi's dora indicators, honba and sticks), as it words it.
    panel = family.panel() if family is not None else []
    marks = family.seat_marks() if family is not None else {}
    points = family.points_now() if family is not None else dict(observation.scores)
    rivers = family.rivers() if family is not None else {}
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
        dead = " (dead)" if seat in observation.dead else f" ({marks[seat]})" if seat in marks else ""
        label = f"{marker}{name} {seat}{dead}" + (
            "" if seat == me else f" · {counted(observation.hand_sizes[seat], 'tile')}"
        )
        grid.add_row(label, str(points.get(seat, 0)), exposed, _river(observation, rivers.get(seat), seat))
    hand = shown_hand(observation)
    written = _written_names(observation, hand)
    numbers = Text("  ")
    tiles = Text("  ")
    glyphs = Text("  ")
    for index, tile in enumerate(hand, 1):
        gap = "   " if observation.drawn is not None and index == len(hand) else " "
        label = written[index - 1]
        glyphs.append(gap + Tile(tile).glyph.rjust(3), style="red" if label.startswith("0") else "")
        tiles.append(gap + label.rjust(3), style="bold red" if label.startswith("0") else "bold")
        numbers.append(gap + str(index).rjust(3), style="dim")
    parts: list[Any] = [header]
    if panel:
        parts.append(Text(" · ".join(f"{label} {value}" for label, value in panel)))
    parts += [grid, Text("Your hand:")]
    parts += [glyphs, tiles, numbers] if DISPLAY["glyphs"] else [tiles, numbers]
    if observation.claim_tile is not None and observation.phase is not Phase.TURN:
        assert observation.claim_from is not None  # a tile open to the table always has its discarder
        source = observation.players.get(observation.claim_from, observation.claim_from)
        river = rivers.get(observation.claim_from)
        named = river[-1].name if river else str(observation.claim_tile)  # a red five as it lies
        parts.append(Text(f"{source} ({observation.claim_from}) discarded {tile_name(named)}", style="bold"))
    return Group(*parts)


def river_as_shown(marked: Sequence[RiverTile]) -> list[tuple[str, bool]]:
    """A river the family marks, as it lies on the table: each tile still in it, in order, as
    (name, turned). A tile another seat called is gone (it lies in the caller's set); the riichi tile
    is turned, and when the riichi tile itself was called, the seat's next discard left in the river
    is turned in its place. Tenhou and Mahjong Soul show a river so, and the shared families' engine
    keeps its piles the same way (a claimed tile leaves the pile): every family's river reads alike.

    This mirrors ``riverOf`` in ``web/static/table/family.js``: the terminal and the web page must
    draw the same river, so a change to one is a change to both."""
    shown: list[tuple[str, bool]] = []
    turn_next = False  # the riichi tile was called: the next tile left in the river is turned
    for tile in marked:
        if tile.called:
            if tile.riichi:
                turn_next = True
            continue
        shown.append((tile.name, tile.riichi or turn_next))
        turn_next = False
    return shown


def _river(observation: Observation, marked: Sequence[RiverTile] | None, seat: str) -> Text:
    """A seat's discards in order; where the family marks them, as :func:`river_as_shown` lays them,
    a turned tile in brackets (laid sideways at a real table) and a red five in red."""
    if marked is None:
        return Text(tiles_text(observation.discards[seat], in_order=True) or "—")
    shown = river_as_shown(marked)
    if not shown:
        return Text("—")
    river = Text()
    for index, (name, turned) in enumerate(shown):
        if index:
            river.append(" ")
        river.append(f"[{name}]" if turned else name, style="red" if name.startswith("0") else "")
    return river


def _written_names(observation: Observation, hand: Sequence[Tile]) -> list[str]:
    """The shown hand's tiles as the family writes them: a red five as ``0p`` where the family has
    them (each red five written once, on the first of its kind), else the notation."""
    family = observation.family
    reds = [name for name in (family.hand_names() if family is not None else ()) if name.startswith("0")]
    # The tile just drawn is shown last: when it is the red five, it is that one that is red.
    drawn = family.to_dict().get("drawn") if family is not None and observation.drawn is not None else None
    last_red = isinstance(drawn, str) and drawn.startswith("0") and drawn in reds
    if last_red:
        reds.remove(str(drawn))
    names = []
    for index, tile in enumerate(hand):
        if last_red and index == len(hand) - 1:
            names.append(str(drawn))
            continue
        text = str(tile)
        red = "0" + text[1]
        if red in reds and text[0] == "5":
            reds.remove(red)
            text = red
        names.append(text)
    return names


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
        # The evaluator's figures for the discards it may make now, in its order, best first, as the
        # web panel lists them.
        from sparrow.bots.evaluator import places_counted, threats
        from sparrow.cli.hint_values import safest_lines, valued_discards, valued_lines

        valued = valued_discards(observation)
        if valued:
            order = {kind: index for index, kind in enumerate(valued)}
            rows.sort(key=lambda r: order.get(int(r[2]), len(order)))
            if places_counted(observation):
                lines.append("the match's last hand: the figures count the places at stake (uma and oka)")
            lines.extend(safest_lines(list(valued.values()), threats(observation)))
        for after, unseen, tile, improving, short in rows[:6]:
            value = valued.get(int(tile))
            if value is None:
                verb = "improves with" if after else "waits, short of the minimum, on" if short else "waits on"
                lines.append(
                    f"  discard {tile}: shanten {after}, {verb} {format_tiles(improving) or '—'} ({-unseen} unseen)"
                )
            else:
                lines.extend(valued_lines(value, improving, short))
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
    from sparrow.cli.hint_values import option_lines

    lines.extend(option_lines(observation))  # a claim, a win or a kong: what each choice is worth
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
    " 'c 4p' to choose the run) · k declares a kong ('k 5p' to choose) · Enter or n passes on a claim"
    " (n alone passes on a win) · h hint · q quit. Riichi: r 5p (or r and its number) declares riichi with"
    " that discard, 0p is the red five, nine declares nine terminals (an abortive draw)"
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
                for place, (name, total, result) in enumerate(table.match.placings(), 1):
                    shown = f" ({result})" if result != f"{total:+d}" else ""
                    console.print(f"  {place}. {name}: {total}{shown}", highlight=False)
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
        console.print(result.ending or "A drawn hand: nobody scores.", highlight=False)
    for winner in (result.winner, *result.other_winners):
        card = step.cards.get(winner) if winner is not None else None
        if card is not None:
            console.print(score_card(card, names, winner))
    payments = RichTable(title="payments", show_header=True)
    payments.add_column("player")
    payments.add_column("this hand", justify="right")
    payments.add_column("total", justify="right")
    for seat in result.payments:
        payments.add_row(
            f"{names.get(seat, seat)} ({seat})", f"{result.payments[seat]:+d}", str(step.totals.get(seat, 0))
        )
    console.print(payments)


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

        try:
            code = play_loop(table, console, read, title=title, pace=(lambda: time.sleep(pause)) if pause else None)
        finally:
            table.close()  # the outside programs this game started
        raise typer.Exit(code)
