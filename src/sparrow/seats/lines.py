"""An outside program's standard output, read one answer line at a time, within a deadline; and its end.

Both kinds of outside program (the JSON-lines protocol, ``process.py``, and mjai bots, ``mjai.py``)
answer one line per question, and both need the same two things: a line read with a time limit, and
the lines the program wrote before it was asked set apart as stale, so that one stray line can never
become the answer to the next question. A line still unfinished when it is set apart is stale as a
whole: its end, when it comes, is skipped.

:func:`end_program` ends a run of either kind the same way: its input closed (a program reading to
the end of it stops by itself), then a second's grace before it is stopped.

``poll`` rather than ``select``: ``select`` refuses a descriptor numbered 1024 or more, which a
busy server process (or a test process with many connections open) reaches.
"""

from __future__ import annotations

import math
import os
import select
import subprocess
import time
from typing import IO

__all__ = ["ProgramOutput", "LineTooLong", "MAX_LINE", "end_program"]

MAX_LINE = 1 << 20  # an answer is a few dozen bytes: a megabyte without a newline is garbage
_CHUNK = 65536


class LineTooLong(ValueError):
    """The program wrote more than :data:`MAX_LINE` bytes without ending the line."""


class ProgramOutput:
    """The standard output of one run of a program (a program started again gets a new one)."""

    def __init__(self, stream: IO[bytes]) -> None:
        self._fd = stream.fileno()
        self._poller = select.poll()
        self._poller.register(self._fd, select.POLLIN | select.POLLPRI)
        self._buffer = b""
        self._rest_is_stale = False  # the buffer starts with the end of a line already set apart

    def _ready(self, seconds: float) -> bool:
        return bool(self._poller.poll(math.ceil(max(0.0, seconds) * 1000)))

    def stale_lines(self) -> list[bytes]:
        """Every line the program has written and nobody read, set apart before a question is asked:
        none of them can answer it. An unfinished line is among them (its end is skipped later)."""
        while len(self._buffer) <= MAX_LINE and self._ready(0):
            chunk = os.read(self._fd, _CHUNK)
            if not chunk:
                break  # it exited: reading the answer says so
            self._buffer += chunk
        *lines, self._buffer = self._buffer.split(b"\n")
        if lines and self._rest_is_stale:
            lines = lines[1:]  # the end of a line already set apart
            self._rest_is_stale = False
        if self._buffer and not self._rest_is_stale:
            lines.append(self._buffer)
            self._rest_is_stale = True
        return lines

    def read_line(self, deadline: float) -> bytes:
        """The next line (without its newline), by ``deadline`` (``time.monotonic()``). Raises
        ``TimeoutError`` when none came, ``EOFError`` when the program closed its output, and
        :class:`LineTooLong`."""
        while True:
            if b"\n" in self._buffer:
                line, _, self._buffer = self._buffer.partition(b"\n")
                if self._rest_is_stale:
                    self._rest_is_stale = False
                    continue
                return line
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no line in time")
            if not self._ready(left):
                continue
            chunk = os.read(self._fd, _CHUNK)
            if not chunk:
                raise EOFError("the program exited")
            self._buffer += chunk
            if len(self._buffer) > MAX_LINE:
                raise LineTooLong("a line too long to be an answer")


def end_program(process: subprocess.Popen[bytes], grace: float = 1.0) -> None:
    """Close the program's input and wait ``grace`` seconds for it to exit, then terminate it (and
    kill it if that is not heard either); its output is closed last."""
    try:
        if process.stdin is not None:
            process.stdin.close()
    except OSError:
        pass  # it is gone already, with its end of the pipe
    try:
        process.wait(timeout=grace)
    except subprocess.TimeoutExpired:
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
    if process.stdout is not None:
        process.stdout.close()
