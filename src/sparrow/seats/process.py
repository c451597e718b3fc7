"""A seat played by another program: JSON lines over its stdin and stdout (``docs/protocol.md``).

Sparrow writes one JSON object per line to the program: the events of the hand as its seat sees them
(``{"type": "event", "event": {...}}``, the game log's events through ``seat_view``: no wall, no other
seat's concealed or drawn tile), then, at each decision, ``{"type": "request", "id": n, "seat": ...,
"observation": {...}, "legal": [...]}``. The program answers one line: an action of the legal list
(``{"action": "discard", "tile": "5p"}``) or its index (``{"choose": 0}``), with the request's ``id``
(or none, as the first programs did). ``{"type": "end"}`` closes.

Standard output is for answers only, and an answer belongs to one request: a line already waiting when
a request is written, or one whose ``id`` is another request's, is stale. It is discarded with a warning
(``stale`` counts them), never taken for the answer, so one stray line cannot put every later answer
one request late.

The referee never waits for ever nor trusts the answer: a line that is not JSON, an action not in the
legal list, no answer within the time limit, or a program that exits, and the decision falls to a
built-in bot; ``faults`` counts each decision that fell, by reason, and a warning names it. After a
timeout or an exit the program is done with: the built-in bot plays the rest of the seat's decisions
in the match, and each of them is counted under that reason.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Mapping
from typing import IO, Any

import orjson

from sparrow.bots import get_bot
from sparrow.game.actions import Action
from sparrow.game.state import HandState, Observation
from sparrow.seats.lines import LineTooLong, ProgramOutput, end_program

__all__ = ["ProcessAgent", "PROTOCOL_VERSION", "DEFAULT_TIME_LIMIT"]

PROTOCOL_VERSION = 1
DEFAULT_TIME_LIMIT = 5.0  # seconds a decision may take before the built-in bot decides instead


class ProcessAgent:
    """A program in a seat, started with ``command`` (split as a shell would, run without one)."""

    def __init__(
        self,
        command: str,
        *,
        fallback: str = "normal",
        seed: int = 0,
        time_limit: float = DEFAULT_TIME_LIMIT,
        warn: IO[str] | None = None,
    ) -> None:
        self.command = command
        self.time_limit = time_limit
        self.fallback = get_bot(fallback, seed)
        self.faults: Counter[str] = Counter()
        self._warn = warn if warn is not None else sys.stderr
        self._process: subprocess.Popen[bytes] | None = None
        self._retired = False  # timed out or exited: the built-in bot plays on (to the match's end)
        self._retired_for = ""  # why, the reason every decision after it is counted under
        self._unstartable = False  # could not be started: the built-in bot plays on for good
        self._output: ProgramOutput | None = None  # the running program's answers
        self.stale = 0  # lines discarded because they answer no request asked now
        # The program was seen echoing ids: from then on only a line with the request's id answers it,
        # and anything else it writes (a log line, a banner) is stale instead of a fallen decision.
        self._echoes_ids = False
        self._state: HandState | None = None
        self._seat = ""
        self._sent = 0  # events of self._state already written
        self._pending: list[bytes] = []  # lines not yet written
        self._requests = 0

    def reseed(self, seed: int, fallback: str = "normal") -> None:
        """The next match begins. The program is kept running between matches, but nothing in a match
        may depend on which matches this process played before (a run is the same for any number of
        workers): the built-in bot that decides after a fault is a fresh one, the program is told the
        match's seed (``{"type": "match", "seed": N}``, for its own random choices), and a program
        stopped for a fault in an earlier match is started again."""
        self.fallback = get_bot(fallback, seed)
        if self._unstartable:
            return
        if self._state is not None and not self._retired:
            self._flush_events()  # the end of the last hand comes before the new match
        self._state = None
        self._retired = False
        self._send({"type": "match", "seed": seed})

    # ------------------------------------------------------------------ the lab's Player

    def choose(self, state: HandState, seat: str, actions: list[Action]) -> Action:
        observation = state.observation(seat)
        if self._retired:  # counted as every decision that falls, but told once, when it happened
            return self._fall_back(observation, self._retired_for, told=False)
        try:
            self._catch_up(state, seat)
            self._requests += 1
            shown = observation.to_dict()
            legal = shown.pop("legal_actions")  # sent once, as the request's own list
            self._send({"type": "request", "id": self._requests, "seat": seat, "observation": shown, "legal": legal})
            self._drain()  # what the program wrote since its last answer answers nothing
            self._flush()
            line, answer = self._read_answer()
        except _Retire as reason:
            self._retired = True
            self._retired_for = str(reason)
            self._pending.clear()
            self._stop()
            return self._fall_back(observation, str(reason), until="the end of the match")
        return self._answer(observation, line, answer)

    def close(self) -> None:
        """Say goodbye and stop the program (also when it is gone already)."""
        if self._process is not None and not self._retired:
            try:
                if self._state is not None:
                    self._flush_events()
                self._send({"type": "end"})
                self._flush()
            except _Retire:
                pass
        self._stop()

    # ------------------------------------------------------------------ speaking

    def _start(self) -> subprocess.Popen[bytes]:
        if self._process is None:
            try:
                self._process = subprocess.Popen(
                    shlex.split(self.command),
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    stderr=None,  # the program's own messages go where ours go
                )
            except (OSError, ValueError) as error:
                self._unstartable = True
                raise _Retire(f"could not start {self.command!r}: {error}") from None
            assert self._process.stdout is not None
            self._output = ProgramOutput(self._process.stdout)
        return self._process

    def _send(self, message: Mapping[str, Any]) -> None:
        """Queue one line; :meth:`_flush` writes the queue in one go (a decision's events and its
        request cost one write, not one each)."""
        self._pending.append(orjson.dumps(message))

    def _flush(self) -> None:
        process = self._start()
        assert process.stdin is not None
        data = b"\n".join(self._pending) + b"\n"
        self._pending.clear()
        try:
            process.stdin.write(data)
            process.stdin.flush()
        except (BrokenPipeError, OSError):
            raise _Retire("the program exited") from None

    def _catch_up(self, state: HandState, seat: str) -> None:
        """Write the events the program has not seen: the rest of the previous hand, then this one's."""
        if state is not self._state:
            if self._state is not None:
                self._flush_events()
            self._state, self._sent, self._seat = state, 0, seat
        self._flush_events()

    def _flush_events(self) -> None:
        state = self._state
        assert state is not None
        # The hand's own view of its log for this seat (every family's hand has one, Riichi's too).
        for event in state.seat_events(self._seat, self._sent):
            self._send({"type": "event", "event": event})
        self._sent = len(state.events)

    def _drain(self) -> None:
        """Discard, as stale, every line the program has written since its last answer: the request
        about to be written is not asked yet, so nothing waiting now can answer it. A line still
        unfinished is discarded when its end comes."""
        if self._output is None:
            return  # started by the coming write: it has written nothing
        before = f"written before request {self._requests} was asked"
        for line in self._output.stale_lines():
            echoed = _echoed_id(line)
            self._echoes_ids |= _is_id(echoed)
            self._stale(line, before if echoed is None else f"the answer to request {echoed!r}, {before}")

    def _read_answer(self) -> tuple[bytes, Any]:
        """The answer to the request just written: its line and the JSON read from it (``_NOT_JSON``
        when it is none). A line with another request's ``id`` is discarded and the next one read,
        within the same time limit; a line without an ``id`` (a program that sends none) is the answer,
        unless the program was seen echoing ids: then it is stale too."""
        deadline = time.monotonic() + self.time_limit
        while True:
            line = self._read_line(deadline)
            try:
                answer = json.loads(line)
            except ValueError:
                answer = _NOT_JSON
            has_id = isinstance(answer, dict) and "id" in answer
            echoed = answer["id"] if has_id else None
            if _same_id(echoed, self._requests):
                self._echoes_ids = True
                return line, answer
            if has_id:
                self._echoes_ids |= _is_id(echoed)  # the answer to an earlier request: it echoes ids
                self._stale(line, f"the answer to request {echoed!r}, not to request {self._requests}")
                continue
            if self._echoes_ids:
                self._stale(line, f"no id, while waiting for the answer to request {self._requests}")
                continue
            return line, answer

    def _read_line(self, deadline: float) -> bytes:
        assert self._output is not None
        try:
            return self._output.read_line(deadline)
        except TimeoutError:
            raise _Retire(f"no answer within {self.time_limit:g} s") from None
        except EOFError:
            raise _Retire("the program exited") from None
        except LineTooLong:
            raise _Retire("the program wrote a line too long to be an answer") from None

    def _stale(self, line: bytes, why: str) -> None:
        self.stale += 1
        print(
            f"sparrow: seat {self._seat} ({self.command}): a stale line, discarded ({why}): {line[:80]!r}"
            " (standard output is for answers only; write logs to standard error)",
            file=self._warn,
        )

    def _answer(self, observation: Observation, line: bytes, answer: Any) -> Action:
        legal = observation.legal_actions
        if answer is _NOT_JSON:
            return self._fall_back(observation, f"not a JSON line: {line[:80]!r}")
        if isinstance(answer, dict) and "choose" in answer:
            index = answer["choose"]
            if isinstance(index, int) and not isinstance(index, bool) and 0 <= index < len(legal):
                return legal[index]
            return self._fall_back(observation, f"no legal action number {index!r}")
        if isinstance(answer, dict):
            data = dict(answer)
            data.setdefault("seat", observation.seat)
            try:
                action = Action.from_dict(data)
            except ValueError as error:
                return self._fall_back(observation, f"not an action: {error}")
            if action in legal:
                return action
            return self._fall_back(observation, f"not a legal action now: {action}")
        return self._fall_back(observation, f"not an action: {answer!r}")

    def _fall_back(self, observation: Observation, reason: str, *, told: bool = True, until: str = "") -> Action:
        """The built-in bot's decision, counted under the reason (up to its first colon: the kind of
        fault, without the details); ``until``: it decides for the seat from now to then."""
        self.faults[reason.split(":")[0]] += 1
        if told:
            decides = f"the built-in bot plays the seat to {until}" if until else "a built-in bot decides"
            print(f"sparrow: seat {observation.seat} ({self.command}): {reason}; {decides}", file=self._warn)
        return self.fallback.act(observation)

    def _stop(self) -> None:
        process, self._process = self._process, None
        self._output = None  # its descriptor is closed below: a program started again gets its own
        if process is not None:
            end_program(process)

    def __del__(self) -> None:
        try:
            self._stop()
        except Exception:
            pass


_NOT_JSON = object()  # what a line that is not JSON reads as


def _echoed_id(line: bytes) -> Any:
    """The ``id`` a line carries, if it is a JSON object with one (else None)."""
    try:
        answer = json.loads(line)
    except ValueError:
        return None
    return answer.get("id") if isinstance(answer, dict) else None


def _is_id(echoed: Any) -> bool:
    """Whether an ``id`` is one Sparrow could have sent: a whole number (``true`` is not 1)."""
    return isinstance(echoed, int) and not isinstance(echoed, bool)


def _same_id(echoed: Any, request: int) -> bool:
    """Whether an answer's ``id`` is the request's: the same whole number (``true`` is not 1)."""
    return _is_id(echoed) and echoed == request


class _Retire(Exception):
    """The program cannot go on: the seat's decisions fall to the built-in bot from now on."""
