"""Running the ``sparrow`` command in the test process: ``sparrow.cli.main`` with its own argument list,
standard input and output, for the many tests of what a command line answers. It saves starting a
Python process per case; the tests that need the installed command itself start it for real."""

from __future__ import annotations

import io
import sys
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass


@dataclass(frozen=True)
class Done:
    """What a run of the command left: as ``subprocess.CompletedProcess`` has it."""

    returncode: int
    stdout: str
    stderr: str


def run_sparrow(*args: str, stdin: str = "") -> Done:
    from sparrow.cli import main

    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8")
    try:
        with redirect_stdout(out), redirect_stderr(err):
            try:
                main(list(args))
                code = 0
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else (0 if done.code is None else 1)
    finally:
        sys.stdin = saved
    return Done(code, out.getvalue(), err.getvalue())
