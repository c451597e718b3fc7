"""``sparrow play --rules riichi``: a Riichi match against three computer players in the terminal.

You sit South in the first hand. The screen shows the round, honba and riichi sticks, the dora
indicators and the tiles left in the wall, each player's score, discards (a riichi discard in
brackets, a called one with ``*``) and calls, then your hand with a number under each tile. Type a
tile (``5p``, ``0p`` for the red five) or its number to discard it; ``riichi 5p`` (or ``r 5p``)
declares riichi with that discard. When more than discarding is possible the prompt lists the
choices by letter (tsumo, ron, chi, pon, kan, pass, nine terminals); Enter alone passes on a
discard you may claim. ``h`` gives a hint (how far from ready each discard leaves you, and its
waits), ``?`` shows the keys, ``q`` quits. Tiles are drawn as glyphs where the terminal shows them
(``--glyphs/--ascii``), a red five in red. After each hand the score card (with the ura dora) waits
for Enter. What you see is your seat's observation only: never another hand or the wall.

The reading and drawing are plain functions (:func:`parse_riichi_command`, :func:`render_riichi`),
tested without a terminal; the loop only reads lines and prints.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.markup import escape

from sparrow.cli.text import DISPLAY
from sparrow.core.tiles import TileError
from sparrow.game.riichi import RiichiAction, RiichiActionKind, RiichiHandState, observation
from sparrow.game.riichi.match import RiichiMatch
from sparrow.game.riichi.tiles import face_kind, face_name, parse_face
from sparrow.play.riichi_hints import riichi_hint
from sparrow.play.riichi_lab import agent_of, play_match
from sparrow.rules.riichi.presets import MatchOptions
from sparrow.seats import outside_name
from sparrow.seats.mjai import MjaiSeat

__all__ = ["parse_riichi_command", "render_riichi", "choice_labels", "play_riichi", "QuitGame", "HUMAN_SEAT"]

HUMAN_SEAT = 1  # South in the first hand
_WIND_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}
_KEYS = (
    "a tile (5p, 0p for the red five) or its number: discard it",
    "riichi 5p (or r 5p): declare riichi with that discard",
    "a letter from the list: that choice (tsumo, ron, chi, pon, kan, pass...)",
    "Enter: pass on a discard you may call (a win is never passed so)",
    "h: a hint    ?: these keys    q: quit",
)


class HintWanted(Exception):
    """The player typed h."""


class QuitGame(Exception):
    """The player typed q."""


@dataclass(frozen=True, slots=True)
class Parsed:
    action: RiichiAction | None = None
    message: str = ""  # a hint to show, the question asked again


def choice_labels(legal: Sequence[RiichiAction]) -> list[tuple[str, RiichiAction]]:
    """The choices other than a plain discard or riichi discard, lettered a, b, c..."""
    others = [action for action in legal if action.kind is not RiichiActionKind.DISCARD]
    return [(chr(ord("a") + index), action) for index, action in enumerate(others)]


def _action_text(action: RiichiAction) -> str:
    kind = action.kind
    if kind is RiichiActionKind.CHI or kind is RiichiActionKind.PON:
        return f"{kind.value} with {''.join(face_name(t) for t in action.tiles)}"
    if kind in (RiichiActionKind.ANKAN, RiichiActionKind.KAKAN):
        return f"{'closed' if kind is RiichiActionKind.ANKAN else 'added'} kan of {face_name(action.tile or 0)}"
    if kind is RiichiActionKind.KYUUSHU:
        return "nine terminals (abortive draw)"
    return kind.value


def parse_riichi_command(text: str, hand: Sequence[str], legal: Sequence[RiichiAction]) -> Parsed:
    """What a line typed means among ``legal`` (``hand``: the tiles shown, the drawn one last)."""
    words = text.strip().split()
    wins = {RiichiActionKind.RON, RiichiActionKind.TSUMO}
    if not words:
        passing = next((action for action in legal if action.kind is RiichiActionKind.PASS), None)
        if passing is not None and not any(action.kind in wins for action in legal):
            return Parsed(passing)  # (never a win passed by a stray Enter: that one is typed)
        return Parsed(message="type a tile to discard, a letter from the list, or ? for the keys")
    first = words[0].lower()
    if first in ("q", "quit"):
        raise QuitGame
    if first in ("?", "help"):
        return Parsed(message="\n".join(_KEYS))
    letters = dict(choice_labels(legal))
    if len(words) == 1 and first in letters:
        return Parsed(letters[first])
    if first in ("h", "hint") and len(words) == 1:
        raise HintWanted
    riichi = first in ("r", "riichi")
    if riichi:
        if len(words) != 2:
            return Parsed(message="riichi names its discard: riichi 5p")
        word = words[1]
    elif len(words) == 1:
        word = words[0]
    else:
        return Parsed(message=f"not a move: {text.strip()!r} (? lists the keys)")
    if word.isdigit():
        number = int(word)
        if not 1 <= number <= len(hand):
            return Parsed(message=f"there is no tile {number}: the tiles are numbered 1 to {len(hand)}")
        word = hand[number - 1]
    try:
        face = parse_face(word)
    except TileError:
        return Parsed(message=f"not a tile or a choice: {word!r} (? lists the keys)")
    for action in legal:
        if action.kind is RiichiActionKind.DISCARD and action.tile == face and action.riichi == riichi:
            return Parsed(action)
    if riichi and any(a.kind is RiichiActionKind.DISCARD and a.riichi for a in legal):
        return Parsed(message=f"riichi with {word} is not possible: that discard does not leave the hand ready")
    if riichi:
        return Parsed(message="riichi is not possible now (a closed ready hand, 1,000 points, tiles left)")
    if not any(a.kind is RiichiActionKind.DISCARD for a in legal):
        return Parsed(message="this is not your discard: choose a letter from the list")
    if face not in {face_kind(t) for t in map(parse_face, hand)} and face not in map(parse_face, hand):
        return Parsed(message=f"you do not hold {word}")
    return Parsed(
        message=f"{word} cannot be discarded now (after riichi only the drawn tile, after a call not the same tile)"
    )


def tile_text(code: str) -> str:
    """A tile as the screen shows it (Rich markup): its glyph where the terminal shows them, a red
    five in red; else its name (``0p`` a red five)."""
    if not DISPLAY["glyphs"]:
        return escape(code)
    face = parse_face(code)
    glyph = face_kind(face).glyph
    return f"[red]{glyph}[/red]" if code.startswith("0") else glyph


def _tiles(codes: Sequence[str]) -> str:
    return ("" if DISPLAY["glyphs"] else " ").join(tile_text(code) for code in codes)


def _river(discards: Sequence[Mapping[str, Any]]) -> str:
    parts = []
    for item in discards:
        name = tile_text(item["tile"])
        if item["riichi"]:
            name = f"[{name}]"
        if item["called"]:
            name += "*"
        parts.append(name)
    return ("" if DISPLAY["glyphs"] else " ").join(parts) or "-"


def render_riichi(seen: Mapping[str, Any], names: Sequence[str]) -> list[str]:
    """The table as one seat sees it, line by line (``names`` of the four seats), in Rich markup."""
    round_wind = _WIND_NAMES[seen["round_wind"]]
    dealer = seen["dealer"]
    head = (
        f"{round_wind} round, dealer {escape(names[dealer])}  honba {seen['honba']}  riichi sticks {seen['sticks']}"
        f"  dora indicators {_tiles(seen['dora_indicators'])}  wall {seen['live_wall']}"
    )
    lines = [head]
    width = max(8, *(len(name) for name in names))  # an outside bot's name may be long
    for other in seen["seats"]:
        seat = other["seat"]
        marks = " RIICHI" if other["riichi"] else ""
        melds = " ".join(
            _tiles(meld["tiles"]) + (f"<{meld['from']}" if meld.get("from") else "") for meld in other["melds"]
        )
        who = f"{_WIND_NAMES[other['wind']]:<5} {escape(names[seat]):<{width}} {seen['scores'][seat]:>6,}{marks}"
        lines.append(f"{who}  discards: {_river(other['discards'])}" + (f"  calls: {melds}" if melds else ""))
    hand = _shown_hand(seen)
    drawn = seen.get("drawn")
    if DISPLAY["glyphs"]:
        lines.append("           " + "  ".join(f" {tile_text(tile)}" for tile in hand))
    tiles = "  ".join(f"{tile:>2}" for tile in hand)
    numbers = "  ".join(f"{n:>2}" for n in range(1, len(hand) + 1))
    lines.append(f"your hand: {tiles}" + ("  (drawn last)" if drawn is not None else ""))
    lines.append(f"           {numbers}")
    if seen.get("furiten"):
        lines.append("furiten: you cannot win by ron on your waits")
    return lines


def hint_text(hint: Mapping[str, Any]) -> list[str]:
    """The hint (:func:`sparrow.play.riichi_hints.riichi_hint`) in lines: how far from ready, then per
    discard, best first, what it leaves (tiles that improve the hand, or the waits when ready)."""
    steps = hint["shanten"]
    lines = ["complete" if steps < 0 else "ready (tenpai)" if steps == 0 else f"{steps} from ready"]
    if not hint["discards"] and hint["waits"]:
        lines.append("waits: " + ", ".join(f"{w['tile']} ({w['unseen']} unseen)" for w in hint["waits"]))
    for row in hint["discards"][:6]:
        if row["ready"]:
            leaves = "ready, waits " + ", ".join(w["tile"] for w in row["waits"])
        else:
            leaves = f"{row['shanten']} from ready, {row['unseen']} tiles improve it"
        notes = (" · furiten" if row["furiten"] else "") + (
            f" · safe from {', '.join(row['safe_from'])}" if row["safe_from"] else ""
        )
        lines.append(f"  discard {row['discard']}: {leaves}{notes}")
    return lines


def _shown_hand(seen: Mapping[str, Any]) -> list[str]:
    hand = list(seen["hand"])
    drawn = seen.get("drawn")
    if drawn is not None:
        hand.remove(drawn)
        hand.append(drawn)
    return hand


def _describe(action: RiichiAction, names: Sequence[str]) -> str:
    who = names[action.seat]
    kind = action.kind
    if kind is RiichiActionKind.DISCARD:
        return f"{who}: {'riichi, ' if action.riichi else ''}discards {face_name(action.tile or 0)}"
    if kind in (RiichiActionKind.TSUMO, RiichiActionKind.RON):
        return f"{who}: {kind.value}!"
    return f"{who}: {_action_text(action)}"


def _hand_end(console: Console, hand: RiichiHandState, names: Sequence[str]) -> None:
    result = hand.result
    assert result is not None
    if result.kind in ("tsumo", "ron"):
        for win in result.wins:
            score = win.score
            how = "tsumo" if win.source is None else f"ron from {names[win.source]}"
            console.print(f"{names[win.seat]} wins by {how}: {score.reading}")
            ura = score.hand.ura_dora_indicators
            if ura:
                console.print("  ura dora indicators: " + _tiles([str(tile) for tile in ura]), highlight=False)
            for item in score.yaku:
                console.print(f"  {item.name:<28} {item.value} {item.kind}")
            summary = score.limit or f"{score.han} han {score.fu} fu"
            console.print(f"  {summary}: {score.points:,} points")
    elif result.kind == "exhaustive":
        ready = ", ".join(names[s] for s in sorted(result.tenpai)) or "nobody"
        console.print(f"Exhaustive draw: ready {ready}")
    else:
        console.print(f"Abortive draw: {(result.abort or '').replace('_', ' ')}")
    changes = "  ".join(f"{names[s]} {d:+,}" for s, d in enumerate(result.deltas))
    scores = "  ".join(f"{names[s]} {p:,}" for s, p in enumerate(result.after.scores))
    console.print(f"changes: {changes}\nscores:  {scores}\n")


def play_riichi(
    level: str,
    seed: int,
    options: Mapping[str, Any],
    console: Console,
    read: Callable[[str], str],
    pace: Callable[[], None] | None = None,
    opponents: Sequence[str] = (),
) -> int:
    """Play one match. Returns the exit code: 0 when it is played to its end or the player leaves
    (``q``, or the end of the input), 130 when interrupted (Ctrl-C), as at the other tables."""
    from sparrow.rules.riichi.family import match_of

    match_options: MatchOptions = match_of(options)
    kinds = [level] * 4
    for index, kind in enumerate(opponents[:3]):
        kinds[(HUMAN_SEAT + 1 + index) % 4] = kind
    # The other chairs are numbered 1, 2, 3 round the table, each called after what sits in it.
    names = [
        "You" if seat == HUMAN_SEAT else f"{_called(kind)} {seat + (seat < HUMAN_SEAT)}"
        for seat, kind in enumerate(kinds)
    ]
    closing: list[Callable[[], None]] = []
    outside: dict[int, MjaiSeat] = {}
    try:
        agents = [agent_of(kind, seat, seed, closing, outside) for seat, kind in enumerate(kinds)]
        return _play(seed, agents, match_options, outside, names, console, read, pace)
    finally:
        for close in closing:
            close()


def _called(kind: str) -> str:
    return outside_name(kind) if kind.startswith("cmd:") else kind.capitalize()


def _play(
    seed: int,
    agents: Sequence[Callable[[RiichiMatch, RiichiHandState, int, Sequence[RiichiAction]], RiichiAction]],
    match_options: MatchOptions,
    outside: Mapping[int, MjaiSeat],
    names: Sequence[str],
    console: Console,
    read: Callable[[str], str],
    pace: Callable[[], None] | None,
) -> int:
    """The match with the players seated (:func:`play_riichi` stops their programs after it)."""

    def human(match: RiichiMatch, hand: RiichiHandState, seat: int, legal: Sequence[RiichiAction]) -> RiichiAction:
        if len(legal) == 1 and legal[0].kind is RiichiActionKind.PASS:
            return legal[0]
        seen = observation(hand, seat)
        console.print("\n".join(render_riichi(seen, names)), highlight=False)
        choices = choice_labels(legal)
        if choices:
            console.print("  ".join(f"{letter}) {_action_text(action)}" for letter, action in choices), markup=False)
        while True:
            try:
                parsed = parse_riichi_command(read("> "), _shown_hand(seen), legal)
            except HintWanted:
                console.print("\n".join(hint_text(riichi_hint(hand, seat))), markup=False, highlight=False)
                continue
            if parsed.action is not None:
                return parsed.action
            console.print(parsed.message, markup=False, highlight=False)

    def hand_over(match: RiichiMatch, hand: RiichiHandState) -> None:
        _hand_end(console, hand, names)
        if not match.over:
            # The score card stays until the player has read it (q leaves, as at a decision).
            if read("Enter: the next hand > ").strip().lower() in ("q", "quit"):
                raise QuitGame

    def seat_agent(seat: int) -> Callable[[RiichiMatch, RiichiHandState, int, Sequence[RiichiAction]], RiichiAction]:
        inner = agents[seat]

        def act(match: RiichiMatch, hand: RiichiHandState, seat: int, legal: Sequence[RiichiAction]) -> RiichiAction:
            action = human(match, hand, seat, legal) if seat == HUMAN_SEAT else inner(match, hand, seat, legal)
            if action.kind is not RiichiActionKind.PASS:
                console.print(_describe(action, names), markup=False, highlight=False)
                if pace is not None and seat != HUMAN_SEAT:
                    pace()
            return action

        return act

    try:
        match = play_match(
            seed,
            [seat_agent(seat) for seat in range(4)],
            match_options,
            on_hand=hand_over,
            outside=outside,
        )
    except (QuitGame, EOFError):
        console.print("You left the table.")
        return 0
    except KeyboardInterrupt:
        console.print("You left the table.")
        return 130
    console.print("Final results (uma and oka included):")
    for item in match.results():
        console.print(f"  {item.place}. {names[item.seat]:<8} {item.points:>7,}  {float(item.result):+.1f}")
    return 0
