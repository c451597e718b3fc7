"""The ```console examples of README.md and docs/*.md print what they show.

Each example is ``$ command`` followed by its output, up to the next ``$`` line or the end of the
block. Every block is run, in a fresh directory, and its output compared exactly (standard error
joins standard output, as a reader's terminal shows both); a block whose output varies (timing, a
machine's cores) is marked ``<!-- console: skip -->`` on the line before it, which this module
reports and keeps rare. A command ``sparrow ...``, or ``... | sparrow ...`` fed by ``echo``/``printf``,
runs in this process (fast); anything else runs in bash.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sparrow.cli import main

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
SKIP = "<!-- console: skip -->"
BIN = Path(sys.executable).parent
WIDTH = "80"  # the examples were made on a terminal of 80 columns

_BLOCK = re.compile(r"^```console\n(.*?)^```", re.DOTALL | re.MULTILINE)
# Input for the command: text that bash makes without Sparrow (echo, printf), piped in.
_FED = re.compile(r"^(?P<feed>(?:echo|printf) .*?) \| (?P<command>sparrow(?: .*)?)$")


@dataclass(frozen=True)
class Example:
    document: str
    line: int
    command: str
    output: str
    skipped: bool


def _examples(path: Path) -> list[Example]:
    text = path.read_text(encoding="utf-8")
    found = []
    for block in _BLOCK.finditer(text):
        start = text.count("\n", 0, block.start()) + 1
        before = text[: block.start()].rstrip("\n").rsplit("\n", 1)[-1].strip()
        skipped = before == SKIP
        body = block.group(1)
        if not body.startswith("$ "):
            raise AssertionError(f"{path.name}:{start}: a console block starts with a '$ command' line")
        for chunk in re.split(r"^(?=\$ )", body, flags=re.MULTILINE):
            if chunk:
                command, _, output = chunk.partition("\n")
                found.append(Example(path.name, start, command[2:], output, skipped))
    return found


EXAMPLES = [example for path in DOCUMENTS for example in _examples(path)]
_RUN = [e for e in EXAMPLES if not e.skipped]


def _in_process(command: str, directory: Path) -> tuple[str, int] | None:
    """Run ``sparrow ...`` (its input made by bash) through :func:`sparrow.cli.main`; None when
    the command is anything else."""
    feed = None
    fed = _FED.match(command)
    if fed:
        feed, command = fed.group("feed"), fed.group("command")
    if not command.startswith("sparrow") or re.search(r"[|<>;&`$]", command.replace("$ ", "")):
        return None
    args = shlex.split(command)[1:]
    stdin = None
    if feed is not None:
        stdin = subprocess.run(["bash", "-c", feed], capture_output=True, check=True, cwd=directory).stdout
    runner = CliRunner()
    previous = Path.cwd()
    os.chdir(directory)
    try:
        with runner.isolation(input=stdin, env={"COLUMNS": WIDTH, "LINES": "50"}) as (_, _, output):
            try:
                main(args)
                code = 0
            except SystemExit as done:
                code = done.code if isinstance(done.code, int) else 0
            sys.stdout.flush()  # print() writes through a buffer
            sys.stderr.flush()
            text = output.getvalue().decode("utf-8")
    finally:
        os.chdir(previous)
    return text, code


def _in_bash(command: str, directory: Path) -> tuple[str, int]:
    environment = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "COLUMNS": WIDTH}
    done = subprocess.run(
        ["bash", "-c", command + " 2>&1"], capture_output=True, text=True, env=environment, cwd=directory, timeout=300
    )
    return done.stdout, done.returncode


def _run_block(examples: list[Example], directory: Path) -> None:
    for example in examples:
        result = _in_process(example.command, directory)
        output, code = result if result is not None else _in_bash(example.command, directory)
        where = f"{example.document}:{example.line}: $ {example.command}"
        assert output == example.output, f"{where}\nprinted:\n{output}"
        failed = any(line.startswith("error:") or '{"error":' in line for line in output.splitlines())
        assert code == (2 if failed else 0), f"{where}: exit code {code}"


def _blocks() -> list[pytest.ParameterSet]:
    blocks: dict[tuple[str, int], list[Example]] = {}
    for example in _RUN:
        blocks.setdefault((example.document, example.line), []).append(example)
    return [
        pytest.param(examples, id=f"{document}:{line}:{examples[0].command[:50]}")
        for (document, line), examples in blocks.items()
    ]


@pytest.mark.slow
@pytest.mark.parametrize("examples", _blocks())
def test_console_examples_print_what_the_documents_show(examples, tmp_path):
    _run_block(examples, tmp_path)


def test_the_examples_are_found_and_few_are_skipped():
    documents = {example.document for example in _RUN}
    assert {"README.md", "cli.md"} <= documents
    blocks = {(e.document, e.line) for e in EXAMPLES}
    skipped = sorted({(e.document, e.line) for e in EXAMPLES if e.skipped})
    assert len(skipped) <= max(3, len(blocks) // 10), skipped


def test_a_drifted_example_fails(tmp_path):
    """The comparison is exact: one character of the output changed is a failure."""
    example = next(e for e in _RUN if e.command.startswith("sparrow score --hand"))
    drifted = Example(example.document, example.line, example.command, example.output.replace("1", "2", 1), False)
    with pytest.raises(AssertionError, match="printed"):
        _run_block([drifted], tmp_path)


def test_examples_are_read_block_by_block(tmp_path):
    document = tmp_path / "guide.md"
    document.write_text(
        f"Text.\n\n```console\n$ sparrow a\none\n$ sparrow b\n```\n\n{SKIP}\n```console\n$ sparrow c\nvaries\n```\n",
        encoding="utf-8",
    )
    found = _examples(document)
    assert [(e.command, e.output, e.skipped) for e in found] == [
        ("sparrow a", "one\n", False),
        ("sparrow b", "", False),
        ("sparrow c", "varies\n", True),
    ]
