"""Riichi at a Sparrow table in mjai's words: Sparrow's log as mjai messages (:func:`to_mjai`), and a
seat played by an mjai bot (:class:`MjaiSeat`), so a bot written for mjai plays here unchanged.

:func:`to_mjai` writes a Riichi match as Sparrow logs it (``sparrow.game.riichi``) as mjai's messages,
start_game to end_game, every tile shown; :func:`seat_messages` is the same stream as one seat sees it
live (the other seats' dealt hands and draws ``?``), which is what the seat's bot is sent.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Any

from sparrow.core.tiles import TileError
from sparrow.formats.mjai import MjaiError, MjaiEvent, parse_event, tile_from_mjai, tile_to_mjai
from sparrow.game.events import upgrade_log
from sparrow.game.riichi import RiichiAction, RiichiActionKind
from sparrow.game.riichi.tiles import RED_FACE, RED_KINDS, face_kind, parse_face
from sparrow.seats.lines import LineTooLong, ProgramOutput, end_program

__all__ = ["to_mjai", "to_mjai_messages", "seat_messages", "MjaiSeat", "MjaiProcess", "MjaiBot", "MjaiAnswerError"]


_ABORT_REASONS = {
    "nine_terminals": "kyushu_kyuhai",
    "four_winds": "sufuurenta",
    "four_kongs": "suukansansen",
    "four_riichi": "suucha_riichi",
    "triple_ron": "sanchaho",
}


def _mjai_tile(name: str) -> str:
    face = parse_face(name)
    if face >= RED_FACE:
        return tile_to_mjai(RED_KINDS[face - RED_FACE], red=True)
    return tile_to_mjai(face)


def _without_one(tiles: Sequence[str], taken: str) -> list[str]:
    rest = list(tiles)
    rest.remove(taken)
    return rest


def to_mjai(events: Sequence[Mapping[str, Any]]) -> list[MjaiEvent]:
    """:func:`to_mjai_messages`, each message read back and checked as an :class:`MjaiEvent`."""
    return [parse_event(message) for message in to_mjai_messages(events)]


def to_mjai_messages(events: Sequence[Mapping[str, Any]], *, finished: bool = True) -> list[dict[str, Any]]:
    """A Riichi match as Sparrow logs it (its hands' events, each from ``hand_start``) as mjai messages
    (plain dicts), start_game to end_game (``finished`` False: a match in play, no end_game yet). Seats become mjai's 0-3 from the first dealer; a discard with riichi is
    ``reach`` then ``dahai``; a win carries its score changes (``deltas``) and ura dora."""
    out: list[dict[str, Any]] = [{"type": "start_game"}]
    dealer = 0
    pons: dict[tuple[int, str], list[str]] = {}
    wins: list[dict[str, Any]] = []
    accepted: list[int] = []  # the seats whose riichi stick was paid in this hand
    deal: Mapping[str, Any] | None = None
    start: Mapping[str, Any] | None = None
    scores: list[int] = []

    def seat(wind: str) -> int:
        return (dealer + "ESWN".index(wind)) % 4

    for event in upgrade_log(events):  # a log of version 1 as one of version 2
        kind = event["event"]
        if kind == "hand_start":
            # The dealer sits East, in the chair the hand's number in its round gives.
            start, dealer, pons = event, int(event["hand"]) - 1, {}
            scores = [int(event["scores"]["ESWN"[(chair - dealer) % 4]]) for chair in range(4)]
        elif kind == "deal":
            deal = event
        elif kind == "dora" and deal is not None and start is not None:
            hands = {seat(w): [_mjai_tile(t) for t in tiles] for w, tiles in deal["hands"].items()}
            out.append(
                {
                    "type": "start_kyoku",
                    "bakaze": start["round_wind"],
                    "dora_marker": _mjai_tile(event["indicator"]),
                    "kyoku": dealer + 1,
                    "honba": int(start["honba"]),
                    "kyotaku": int(start["sticks"]),
                    "oya": dealer,
                    "scores": list(scores),
                    "tehais": [hands[s] for s in range(4)],
                }
            )
            deal = None
        elif kind == "dora":
            out.append({"type": "dora", "dora_marker": _mjai_tile(event["indicator"])})
        elif kind == "draw":
            out.append({"type": "tsumo", "actor": seat(event["seat"]), "pai": _mjai_tile(event["tile"])})
        elif kind == "discard":
            actor = seat(event["seat"])
            if event.get("riichi"):
                out.append({"type": "reach", "actor": actor})
            pai = _mjai_tile(event["tile"])
            out.append({"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": bool(event.get("tsumogiri"))})
        elif kind == "riichi":
            out.append({"type": "reach_accepted", "actor": seat(event["seat"])})
            accepted.append(seat(event["seat"]))
        elif kind == "claim" and event.get("call") in ("chi", "pon", "daiminkan"):
            actor, tile = seat(event["seat"]), event["tile"]
            consumed = _without_one(event["meld"], tile)
            if event["call"] == "pon":
                pons[(actor, str(face_kind(parse_face(tile))))] = list(event["meld"])
            out.append(
                {
                    "type": event["call"],
                    "actor": actor,
                    "target": seat(event["from"]),
                    "pai": _mjai_tile(tile),
                    "consumed": [_mjai_tile(t) for t in consumed],
                }
            )
        elif kind == "kong":
            actor, tiles = seat(event["seat"]), list(event["tiles"])
            if event["kind"] == "concealed":
                out.append({"type": "ankan", "actor": actor, "consumed": [_mjai_tile(t) for t in tiles]})
            else:
                pon = pons.get((actor, str(face_kind(parse_face(tiles[0])))), tiles[:3])
                added = list(tiles)
                for tile in pon:
                    added.remove(tile)
                out.append(
                    {
                        "type": "kakan",
                        "actor": actor,
                        "pai": _mjai_tile(added[0]),
                        "consumed": [_mjai_tile(t) for t in pon],
                    }
                )
        elif kind == "win":
            actor = seat(event["seat"])
            target = actor if event.get("from") is None else seat(event["from"])
            hora = {"type": "hora", "actor": actor, "target": target, "pai": _mjai_tile(event["tile"])}
            ura = [_mjai_tile(t) for t in event.get("ura_indicators") or ()]
            if ura:
                hora["ura_markers"] = ura
            wins.append(hora)
        elif kind in ("exhausted", "abort"):
            reason = "exhaustive_draw" if kind == "exhausted" else _ABORT_REASONS.get(event["kind"], event["kind"])
            wins.append({"type": "ryukyoku", "reason": reason})
        elif kind == "hand_end":
            # mjai's deltas leave out the riichi deposits (taken at reach_accepted), and the sticks
            # a match ending on a draw gives its top player.
            deltas = [0] * 4
            for wind, amount in event["payments"].items():
                deltas[seat(wind)] = int(amount)
            for actor in accepted:
                deltas[actor] += 1000
            if event.get("finished") and all(result["type"] == "ryukyoku" for result in wins) and start is not None:
                left = int(start["sticks"]) + len(accepted)
                after = {seat(wind): int(amount) for wind, amount in event["scores"].items()}
                top = max(range(4), key=lambda s: (after[s], -s))
                deltas[top] -= 1000 * left
            accepted = []
            # The score changes of the hand go on its last result (a double ron's on the second).
            for index, result in enumerate(wins):
                result["deltas"] = deltas if index == len(wins) - 1 else [0, 0, 0, 0]
            out += wins
            out.append({"type": "end_kyoku"})
            wins = []
            scores = [0] * 4
            for wind, amount in event["scores"].items():
                scores[seat(wind)] = int(amount)
    if finished:
        out.append({"type": "end_game", "scores": scores})
    return out


# ---------------------------------------------------------------------------- one seat's stream


def seat_messages(events: Sequence[Mapping[str, Any]], seat: int, *, finished: bool = False) -> list[dict[str, Any]]:
    """The mjai messages of a match as ``seat`` sees them: its own dealt hand and draws, ``?`` for
    every other seat's (``start_game`` carries its ``id``); ``finished``: the match is over, and
    ``end_game`` closes the stream."""
    return [_as_seen(message, seat) for message in to_mjai_messages(events, finished=finished)]


def _as_seen(message: dict[str, Any], seat: int) -> dict[str, Any]:
    """One mjai message as ``seat`` sees it (see :func:`seat_messages`)."""
    kind = message["type"]
    if kind == "start_game":
        return {**message, "id": seat}
    if kind == "start_kyoku":
        hidden = [tiles if index == seat else ["?"] * len(tiles) for index, tiles in enumerate(message["tehais"])]
        return {**message, "tehais": hidden}
    if kind == "tsumo" and message["actor"] != seat:
        return {**message, "pai": "?"}
    return message


def _hand_start(events: Sequence[Mapping[str, Any]]) -> int:
    """Where the last hand of ``events`` starts (its ``hand_start``), 0 when none does."""
    for index in range(len(events) - 1, -1, -1):
        if events[index].get("event") == "hand_start":
            return index
    return 0


MjaiBot = Callable[[list[dict[str, Any]]], Mapping[str, Any]]


class MjaiAnswerError(ValueError):
    """A bot's answer that is not an mjai action: the message says why (``not a JSON line: ...``)."""


class MjaiSeat:
    """A seat played by an mjai bot, in the style of mjai.app (Mortal's protocol): at each decision
    the bot is sent the messages it has not seen yet, as one JSON array, and answers one action
    message (``dahai``, ``reach``, ``hora``, ``chi``, ``pon``, ``daiminkan``, ``ankan``, ``kakan``,
    ``ryukyoku`` for nine terminals, or ``none``). A ``reach`` is answered with the ``reach`` message
    and a second question, whose ``dahai`` is the declaring discard. When the match is over,
    :meth:`finish` sends it the rest: the last hand's result, ``end_kyoku`` and ``end_game``.

    The referee trusts nothing: an answer that is not a legal action now (or a bot that fails) falls
    to ``fallback`` (a built-in player) for that decision; a bot that times out or exits is not asked
    again (``gone``), and the fallback takes the rest of its decisions in the match. ``faults`` counts
    every decision that fell, by reason (as the other families' seats do), and a warning on ``warn``
    (standard error) says why, naming the bot by ``name``."""

    def __init__(
        self,
        seat: int,
        bot: MjaiBot,
        fallback: Callable[[Sequence[RiichiAction]], RiichiAction],
        *,
        name: str = "mjai bot",
        warn: IO[str] | None = None,
    ) -> None:
        self.seat = seat
        self.bot = bot
        self.fallback = fallback
        self.name = name
        self.faults: Counter[str] = Counter()
        self.sent: list[dict[str, Any]] = []  # every message the bot has been sent, for the record
        self._warn = warn
        self._skip_reach = False
        self._delivered = 0  # the messages of the stream the bot has been sent
        # The stream of the match's finished hands, converted once: the events it was made from (a
        # whole number of hands) and its messages as the seat sees them, start_game first.
        self._done_events = 0
        self._done_messages: list[dict[str, Any]] = []
        self.gone = False  # the bot timed out or exited: it is not asked again
        self._gone_for = ""  # why: every decision after it is counted under this reason
        self._finished = False

    def _fault(self, reason: str, decides: str = "a built-in player decides") -> None:
        """Count a decision that fell, under the reason up to its first colon (the kind of fault,
        without the details), and say why."""
        self.faults[reason.split(":")[0]] += 1
        warn = self._warn if self._warn is not None else sys.stderr
        print(f"sparrow: seat {self.seat} ({self.name}): {reason}; {decides}", file=warn)

    def _ask(self, messages: list[dict[str, Any]]) -> Mapping[str, Any] | None:
        self.sent += messages
        if self.gone:
            return None
        try:
            answer = self.bot(messages)
        except (TimeoutError, EOFError) as error:
            # Silent for its time, or exited: done with, as for the other outside programs
            # (seats/process.py); the fallback plays the rest of the seat's decisions.
            self.gone = True
            self._gone_for = str(error) or ("no answer" if isinstance(error, TimeoutError) else "the program exited")
            self._fault(self._gone_for, "the built-in player plays the seat to the end of the match")
            return None
        except MjaiAnswerError as error:  # an answer that is not JSON, or no object
            self._fault(str(error))
            return None
        except Exception as error:  # a bot in Python that raised: this decision falls back
            self._fault(f"the bot failed: {type(error).__name__}: {error}")
            return None
        if not isinstance(answer, Mapping) or not isinstance(answer.get("type"), str):
            self._fault(f"not an action: {_short(answer)}")
            return None
        return answer

    def _stream(self, events: Sequence[Mapping[str, Any]], finished: bool) -> list[dict[str, Any]]:
        """The match's stream so far as :func:`seat_messages` gives it, the finished hands converted
        once rather than at every question (a match's questions would cost its length squared)."""
        current = _hand_start(events)
        if current < self._done_events:
            # A log that does not continue the one converted (a seat lives for one match, so this is
            # a caller's mistake): convert it whole rather than send a wrong stream.
            self._done_events, self._done_messages = 0, []
        if current > self._done_events:
            made = to_mjai_messages(events[self._done_events : current], finished=False)
            if self._done_messages:
                made = made[1:]  # a start_game only at the head of the stream
            self._done_messages += [_as_seen(message, self.seat) for message in made]
            self._done_events = current
        rest = [_as_seen(message, self.seat) for message in to_mjai_messages(events[current:], finished=finished)]
        return self._done_messages + (rest[1:] if self._done_messages else rest)

    def _unseen(self, events: Sequence[Mapping[str, Any]], finished: bool = False) -> list[dict[str, Any]]:
        messages = self._stream(events, finished)
        new = messages[self._delivered :]
        self._delivered = len(messages)
        if self._skip_reach:  # the bot was shown its own reach already, when it declared
            new = [m for m in new if not (m["type"] == "reach" and m.get("actor") == self.seat)]
            self._skip_reach = False
        return new

    def act(self, events: Sequence[Mapping[str, Any]], legal: Sequence[RiichiAction]) -> RiichiAction:
        """The seat's decision at the table whose log so far is ``events`` (the match's finished
        hands and the hand in play), choosing among ``legal``."""
        if self.gone:
            self.faults[self._gone_for.split(":")[0]] += 1  # told once, when it went
            return self.fallback(legal)
        answer = self._ask(self._unseen(events))
        riichi = False
        if answer is not None and answer["type"] == "reach":
            riichi = True
            self._skip_reach = True
            answer = self._ask([{"type": "reach", "actor": self.seat}])
        action = self._action(answer, legal, riichi) if answer is not None else None
        if action is None:
            if answer is not None:
                self._fault(f"not a legal action now: {_short(answer)}")
            return self.fallback(legal)
        return action

    def finish(self, events: Sequence[Mapping[str, Any]]) -> None:
        """The match whose log is ``events`` is over: send the bot what it has not seen (the last
        hand's ``hora`` or ``ryukyoku`` and ``end_kyoku``, which no decision of its own followed) and
        ``end_game``. Its answer is not awaited: nothing is left to decide."""
        if self.gone or self._finished:
            return
        self._finished = True
        messages = self._unseen(events, finished=True)
        self.sent += messages
        tell = getattr(self.bot, "tell", None)
        try:
            if callable(tell):
                tell(messages)
            else:
                self.bot(messages)
        except Exception:  # a bot that stops at the end of the game is no fault
            pass

    def _action(self, answer: Mapping[str, Any], legal: Sequence[RiichiAction], riichi: bool) -> RiichiAction | None:
        kind = answer["type"]
        try:
            if kind == "dahai":
                face = _face(answer.get("pai"))
                return _one(
                    legal, lambda a: a.kind is RiichiActionKind.DISCARD and a.tile == face and a.riichi == riichi
                )
            if kind == "hora":
                wanted = RiichiActionKind.TSUMO if answer.get("target") == self.seat else RiichiActionKind.RON
                return _one(legal, lambda a: a.kind is wanted)
            if kind in ("chi", "pon"):
                consumed = tuple(sorted(_face(t) for t in answer.get("consumed", ())))
                wanted = RiichiActionKind.CHI if kind == "chi" else RiichiActionKind.PON
                return _one(legal, lambda a: a.kind is wanted and a.tiles == consumed)
            if kind == "daiminkan":
                return _one(legal, lambda a: a.kind is RiichiActionKind.DAIMINKAN)
            if kind in ("ankan", "kakan"):
                tiles = answer.get("consumed") if kind == "ankan" else [answer.get("pai")]
                tile = int(face_kind(_face((tiles or [None])[0])))
                wanted = RiichiActionKind.ANKAN if kind == "ankan" else RiichiActionKind.KAKAN
                return _one(legal, lambda a: a.kind is wanted and a.tile == tile)
            if kind == "ryukyoku":
                return _one(legal, lambda a: a.kind is RiichiActionKind.KYUUSHU)
            if kind == "none":
                return _one(legal, lambda a: a.kind is RiichiActionKind.PASS)
        except (MjaiError, TileError, ValueError):
            return None
        return None


def _face(name: Any) -> int:
    if not isinstance(name, str):
        raise ValueError(f"not a tile: {name!r}")
    tile = tile_from_mjai(name)
    if tile.tile is None:
        raise ValueError("a hidden tile")
    kind = int(tile.tile)
    return RED_FACE + RED_KINDS.index(kind) if tile.red else kind


def _one(legal: Sequence[RiichiAction], match: Callable[[RiichiAction], bool]) -> RiichiAction | None:
    return next((action for action in legal if match(action)), None)


def _short(answer: Any) -> str:
    """An answer as a warning quotes it: its JSON, at most 80 characters."""
    try:
        text = json.dumps(answer, separators=(",", ":"))
    except (TypeError, ValueError):
        text = repr(answer)
    return text if len(text) <= 80 else text[:79] + "…"


class MjaiProcess:
    """An mjai bot in another program: each question is one line (a JSON array of messages) on its
    standard input, each answer one line (a JSON action) on its standard output, within
    ``time_limit`` seconds; its standard error is not shown. mjai's answers carry no request id, so
    a line the program writes before it is asked answers nothing: it is discarded as stale (counted
    in ``stale``, told on ``warn``) before each question, and never taken for the next answer.
    ``close()`` ends the program."""

    def __init__(self, command: Sequence[str], time_limit: float = 5.0, *, warn: IO[str] | None = None) -> None:
        self.command = list(command)
        self.time_limit = time_limit
        self.stale = 0
        self._warn = warn
        self.process = subprocess.Popen(
            self.command,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        assert self.process.stdout is not None
        self._output = ProgramOutput(self.process.stdout)

    def __call__(self, messages: list[dict[str, Any]]) -> Mapping[str, Any]:
        self.tell(messages)
        line = self._read_line(time.monotonic() + self.time_limit)
        try:
            answer = json.loads(line)
        except ValueError:
            raise MjaiAnswerError(f"not a JSON line: {line[:80]!r}") from None
        if not isinstance(answer, dict):
            raise MjaiAnswerError(f"not an action: {_short(answer)}")
        return answer

    def tell(self, messages: list[dict[str, Any]]) -> None:
        """Send one line of messages without waiting for an answer (what was written before is stale)."""
        self._drain()
        stdin = self.process.stdin
        assert stdin is not None
        try:
            stdin.write(json.dumps(messages, separators=(",", ":")).encode() + b"\n")
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise EOFError("the program exited") from None

    def _drain(self) -> None:
        for line in self._output.stale_lines():
            self._stale(line)

    def _stale(self, line: bytes) -> None:
        self.stale += 1
        warn = self._warn if self._warn is not None else sys.stderr
        print(
            f"sparrow: mjai bot ({' '.join(self.command)}): a stale line, discarded (written before it was"
            f" asked): {line[:80]!r} (standard output is for answers only)",
            file=warn,
        )

    def _read_line(self, deadline: float) -> bytes:
        try:
            return self._output.read_line(deadline)
        except TimeoutError:
            raise TimeoutError(f"no answer within {self.time_limit:g} s") from None
        except LineTooLong:
            raise MjaiAnswerError("not an action: a line too long to be an answer") from None

    def close(self) -> None:
        """Close its input (a bot reading to the end of it stops by itself, having read all it was
        sent) and stop it if it has not within a second."""
        end_program(self.process)
