"""Running a command over its input: one JSON document, or JSON Lines as a stream (``sparrow score``
and ``sparrow settle``), each result written as its line is read."""

from __future__ import annotations

import gc
import sys
from collections.abc import Callable, Iterator
from typing import Any

import typer
from rich.text import Text

from sparrow.cli.common import InputError, console, fail
from sparrow.core.messages import quote
from sparrow.core.situation import SituationError
from sparrow.formats.batches import (
    Item,
    NotWritableError,
    read_chunks,
    read_items,
    stdin_chunks,
)
from sparrow.formats.batches import dumps as _dumps
from sparrow.formats.contract import INPUT_ERRORS as _INPUT_ERRORS
from sparrow.formats.contract import NO_ID as _NO_ID
from sparrow.formats.contract import id_of as _id_of
from sparrow.formats.contract import input_message as _input_message

__all__ = ["run_batch"]


def _open_input(file: str | None, before_read: Callable[[], object]) -> Iterator[bytes]:
    """The input's bytes as they arrive: FILE, or standard input when FILE is '-' or absent.
    ``before_read`` runs before each read that may wait: the output so far is flushed, so a producer that
    pauses sees the results so far."""
    if file is None or file == "-":
        if sys.stdin.isatty():
            raise InputError("no input: give a FILE, pipe JSON into standard input, or type a hand with --hand")
        return stdin_chunks(before_read)
    try:
        handle = open(file, "rb")  # noqa: SIM115 - closed by the generator below when the input ends
    except OSError as error:
        raise InputError(f"FILE: cannot read {quote(file)}: {error.strerror or error}") from None

    def chunks() -> Iterator[bytes]:
        with handle:
            yield from read_chunks(handle, before_read)

    return chunks()


class _Results:
    """Result lines of a batch held until the input is read again or a line is written another way: then
    written at once, in order. Standard output is flushed before every read that may wait, as before, so
    a producer that waits for a result gets it; only the many small writes of a long batch are saved."""

    def __init__(self) -> None:
        self.lines: list[bytes] = []  # UTF-8, each ending in a line break

    def write_all(self) -> None:
        """Write the lines held (standard output keeps them in its buffer until flushed)."""
        if self.lines:
            text = b"".join(self.lines).decode()
            self.lines.clear()
            sys.stdout.write(text)

    def flush(self) -> None:
        self.write_all()
        sys.stdout.flush()


def run_batch(
    file: str | None,
    process: Callable[[Any], Any],
    as_json: Callable[[Any], dict[str, Any]],
    show: Callable[[Any, Any], None],
    json_output: bool,
    quick: Callable[[Any], bytes | None] | None = None,
    quick_line: Callable[[bytes], bytes | None] | None = None,
) -> None:
    """Process one JSON document or JSON Lines as a stream (``sparrow.formats.batches``); exit 2 if any input
    was malformed. One value on one line is a document: its error is one line on stderr. ``quick`` gives
    the JSON line of the first value when well-formed, and ``quick_line`` that of any later line as read
    (None: the line is read, and ``process`` and ``as_json`` do it, with the messages); the same line
    either way, only sooner."""
    results = _Results()
    if not json_output:
        quick = quick_line = None
    # A line after the first that ``quick_line`` answers comes as its result line (bytes), else as an Item.
    items = read_items(_open_input(file, results.flush), quick_line)
    first = next(items, None)
    if first is None:
        raise InputError("input: empty; expected a JSON object or JSON Lines (one object a line)")
    assert not isinstance(first, bytes)  # the first line is always read as an Item
    outcome = _outcome(first, process, as_json, json_output, quick)
    if first.document:
        _single(first, outcome, show)
        return
    written = False
    if json_output and outcome[0] is None:
        assert outcome[2] is not None  # with json_output, a line without an error has its JSON line
        sys.stdout.write(outcome[2] + "\n")  # the same line whether the input is one line or many
        written = True
    second = next(items, None)  # waits for the next line (the output so far is flushed first)
    if second is None:
        if not written:
            _single(first, outcome, show)
        return
    # A batch: what exists by now (modules, tables) outlives it, so the collector need not look at it again
    # on each full collection while the batch runs. A line's objects die with it, but for the entries the
    # caches keep: the youngest objects are looked at after 20,000 new ones rather than 700, which a
    # batch's memory does not notice. Both are undone at the end (main() may run in a longer process).
    threshold = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)
    failed = False
    item: Item | bytes | None = second
    held = results.lines
    try:
        if not written:
            failed |= _write_line(first, outcome, show, json_output)
        while item is not None:
            if isinstance(item, bytes):
                held.append(item)
                item = next(items, None)
                continue
            results.write_all()  # the lines before this one first
            failed |= _write_line(item, _outcome(item, process, as_json, json_output), show, json_output)
            item = next(items, None)
    finally:
        results.write_all()
        gc.set_threshold(*threshold)
        gc.unfreeze()
    if failed:
        raise typer.Exit(2)


def _outcome(
    item: Item,
    process: Callable[[Any], Any],
    as_json: Callable[[Any], dict[str, Any]],
    json_output: bool,
    quick: Callable[[Any], bytes | None] | None = None,
) -> tuple[str | None, Any, str | None]:
    """(error message, result, the result's JSON line when ``json_output``) of one item."""
    if item.error is not None:
        return item.error, None, None
    data = item.value
    if quick is not None:
        line = quick(data)
        if line is not None:
            return None, None, line[:-1].decode()
    try:
        result = process(data)
        if not json_output:
            return None, result, None
        output = as_json(result)
        key = _id_of(data)
        if key is not _NO_ID:
            output = {"id": key, **output}
        # Written inside the try: a result that cannot be written is this line's error.
        try:
            return None, result, _dumps(output)
        except NotWritableError:
            if key is not _NO_ID:
                _dumps_id(key)
            raise
    except _INPUT_ERRORS as error:
        return _input_message(error), None, None


def _dumps_id(key: Any) -> None:
    """Raise an error naming ``id`` when it is what cannot be written back (a number of 5,000 digits)."""
    try:
        _dumps(key)
    except NotWritableError:
        raise SituationError("id", f"cannot be copied into the result: {quote(key)}") from None


def _single(item: Item, outcome: tuple[str | None, Any, str | None], show: Callable[[Any, Any], None]) -> None:
    message, result, line = outcome
    if message is not None:
        fail(message)
    if line is not None:
        sys.stdout.write(line + "\n")
    else:
        show(item.value, result)


def _write_line(
    item: Item, outcome: tuple[str | None, Any, str | None], show: Callable[[Any, Any], None], json_output: bool
) -> bool:
    """Write one line's result or error in a batch; True for an error."""
    message, result, line = outcome
    if message is None:
        if line is not None:
            sys.stdout.write(line + "\n")
        else:
            key = _id_of(item.value)
            console.rule(f"line {item.line}" + (f" (id {quote(key, 40)})" if key is not _NO_ID else ""), style="dim")
            show(item.value, result)
        return False
    message = f"line {item.line}: {message}"
    if json_output:
        error: dict[str, Any] = {"error": message}
        key = _id_of(item.value)
        if key is not _NO_ID:
            error["id"] = key  # after the error: a line that is an error always starts with {"error"
        try:
            text = _dumps(error)
        except NotWritableError:
            text = _dumps({"error": message})
        sys.stdout.write(text + "\n")
    else:
        console.print(Text("error: ", style="red") + Text(message), soft_wrap=True)
    return True
