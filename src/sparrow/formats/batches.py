"""Reading batches of hands: JSON documents and JSON Lines as a stream.

``sparrow score`` and ``sparrow settle`` read one JSON document or JSON Lines (one object a line) from a file
or standard input (``docs/spec/hand-situation.md``, "The commands"). :func:`read_items` turns the bytes
into :class:`Item` values lazily: a line is parsed as soon as it has been read, and nothing but the line
being read (and, while deciding whether the input is one document laid over several lines, those lines) is
kept, so memory does not grow with the length of the input and each result can be written before the next
line arrives.

**One document or JSON Lines.** The first line that is not blank decides:

- it is a whole JSON value by itself, or it is not the beginning of one (the JSON is wrong before the
  line ends): the input is JSON Lines, and every line is read by itself;
- it opens a value that it does not close (``{``, ``{"rules": "nts",``: what a pretty-printer writes):
  the following lines are joined to it until the value is complete, and the input is one document. If the
  joined text goes wrong exactly where a later line begins, that line is a whole JSON object by itself and
  is not indented more than the first, the first line was a line of JSON Lines cut short: the lines are
  read one by one after all. Any other fault is one error for the whole document, with its line and column.

A line that goes wrong in the middle cannot be continued: a JSON string cannot hold a line break, and two
whole objects cannot follow each other without a comma. So the decision needs at most the lines up to the
first complete object after the first line.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, BinaryIO

import orjson

from sparrow.core.messages import HugeNumber

__all__ = [
    "Item",
    "TOO_DEEP",
    "read_chunks",
    "read_items",
    "loads",
    "dumps",
    "NotWritableError",
]

CHUNK = 1 << 16
BOM = b"\xef\xbb\xbf"
TOO_DEEP = "input: not a hand: JSON nested too deeply (arrays or objects within each other thousands of levels)"


# ---------------------------------------------------------------------------- JSON values


def _integer(text: str) -> int | HugeNumber:
    # Python converts at most 4,300 digits; a longer number becomes a value the checks name by its field.
    if len(text) > HugeNumber.LIMIT:
        return HugeNumber(len(text.lstrip("-")))
    return int(text)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


_decoder = json.JSONDecoder(parse_int=_integer, parse_constant=_constant)
_decode = _decoder.decode


class _NotJSON(ValueError):
    pass


def loads(text: str) -> Any:
    """``json.loads`` with a number of thousands of digits read as :class:`HugeNumber`, NaN and Infinity
    refused, and nesting too deep for Python's reader a ``ValueError`` with :data:`TOO_DEEP`."""
    try:
        return _decode(text)
    except RecursionError:
        raise _NotJSON(TOO_DEEP) from None


# orjson reads a line several times faster than the standard library. It is only the fast way for a line it
# reads as the standard library would: a line it refuses, or with a number of 19 digits or more (which orjson
# reads as a float), is read again by :func:`loads`, whose errors and numbers are the reference.
_DIGITS_AS_ZERO = bytes(0x30 if 0x30 <= byte <= 0x39 else 0x2E for byte in range(256))  # digit: '0', else '.'
_LONG_NUMBER = b"0" * 19  # a run of 19 digits (in a string or not: a rare line is read twice, never wrongly)
_fast_loads = orjson.loads


class NotWritableError(ValueError):
    """A result that cannot be written as JSON (an integer of thousands of digits, say)."""


_compact = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False).encode


def dumps(value: Any) -> str:
    """One line of JSON, compact, UTF-8 as it is (no ``\\u`` escapes); ``NotWritableError`` when impossible."""
    try:
        return orjson.dumps(value).decode()
    except TypeError:  # orjson.JSONEncodeError: an integer beyond 64 bits, a value of another type
        pass
    try:
        return _compact(value)
    except (ValueError, TypeError) as error:
        raise NotWritableError(f"output: the result cannot be written as JSON: {error}") from None


@dataclass(slots=True)
class Item:
    """One JSON value of the input (or why a line is not one). ``line`` is where it starts (from 1);
    ``document`` is true when the whole input was one value over several lines (or one fault in it)."""

    line: int
    value: Any = None
    error: str | None = None
    document: bool = False


def line_message(error: Exception) -> str:
    """The one-line message of input that is not JSON (or not UTF-8)."""
    if isinstance(error, json.JSONDecodeError):
        return f"input: not valid JSON: {error.msg} at column {error.colno}"
    if isinstance(error, UnicodeDecodeError):
        return "input: not UTF-8 text"
    return str(error) if isinstance(error, _NotJSON) else f"input: not valid JSON: {error}"


def _parse_line(number: int, raw: bytes) -> Item:
    if _LONG_NUMBER not in raw.translate(_DIGITS_AS_ZERO):
        try:
            return Item(number, _fast_loads(raw))
        except orjson.JSONDecodeError:
            pass
    try:
        return Item(number, loads(raw.decode("utf-8")))
    except (ValueError, UnicodeDecodeError) as error:  # JSONDecodeError and UnicodeDecodeError are ValueErrors
        return Item(number, error=line_message(error))


# ---------------------------------------------------------------------------- lines and items


def read_chunks(stream: BinaryIO, before_read: Callable[[], object] | None = None) -> Iterator[bytes]:
    """The bytes of ``stream`` as they arrive: each read returns what is there (up to 64 KiB) without
    waiting for more. ``before_read`` runs before every read that may wait (the CLI flushes its output)."""
    read = getattr(stream, "read1", None) or stream.read
    while True:
        if before_read is not None:
            before_read()
        chunk = read(CHUNK)
        if not chunk:
            return
        yield chunk


def _line_batches(chunks: Iterable[bytes]) -> Iterator[tuple[int, list[bytes]]]:
    """(number of the first line, the lines without their ends) for the lines of each chunk whose end has
    arrived, as soon as it has: a long batch loops over a chunk's lines, not a generator's."""
    number = 0  # lines given so far
    pending: list[bytes] = []  # the start of a line whose end has not arrived
    for chunk in chunks:
        lines = chunk.split(b"\n")
        if pending:
            pending.append(lines[0])
            lines[0] = b"".join(pending)
            pending.clear()
        pending.append(lines.pop())
        if not lines:
            continue
        if number == 0:
            lines[0] = lines[0].removeprefix(BOM)  # a byte-order mark is not JSON
        if b"\r" in chunk or lines[0].endswith(b"\r"):
            lines = [line[:-1] if line.endswith(b"\r") else line for line in lines]
        yield number + 1, lines
        number += len(lines)
    rest = b"".join(pending)
    if number == 0:
        rest = rest.removeprefix(BOM)
    if rest:
        yield number + 1, [rest[:-1] if rest.endswith(b"\r") else rest]


class _Lines:
    """(line number, line without its end) for every line, as soon as its end has arrived; or, from any
    point on, the rest in batches (:meth:`batches`)."""

    def __init__(self, chunks: Iterable[bytes]) -> None:
        self._batches = _line_batches(chunks)
        self._first = 1  # the number of self._lines[0]
        self._lines: list[bytes] = []
        self._next = 0  # index of the next line in self._lines

    def __iter__(self) -> _Lines:
        return self

    def __next__(self) -> tuple[int, bytes]:
        while self._next >= len(self._lines):
            self._first, self._lines = next(self._batches)
            self._next = 0
        index = self._next
        self._next = index + 1
        return self._first + index, self._lines[index]

    def batches(self) -> Iterator[tuple[int, list[bytes]]]:
        """The lines not yet given, a chunk's worth at a time: (number of the first, the lines)."""
        if self._next < len(self._lines):
            first, rest = self._first + self._next, self._lines[self._next :]
            self._lines, self._next = [], 0
            yield first, rest
        yield from self._batches


Quick = Callable[[bytes], "bytes | None"]  # a line's result line, or None


def read_items(chunks: Iterable[bytes], quick: Quick | None = None) -> Iterator[Item | bytes]:
    """The JSON values of the input, lazily: one :class:`Item` per line that is not blank (JSON Lines), or
    a single item with ``document`` set (one value over several lines). Nothing when the input is blank.

    ``quick`` turns a line as read (bytes) into its result line, or None (then the line is read here and
    comes as an Item): a line of JSON Lines after the first that it answers comes as those bytes. A long
    batch's lines are nearly all such lines, and each is then read and answered in one step; ``quick``
    must read a line as :func:`loads` does whenever it answers it."""
    lines = _Lines(chunks)
    for number, raw in lines:  # noqa: B007 - the first line that is not blank
        if raw.strip():
            break
    else:
        return
    item = _parse_line(number, raw)
    if item.error is None or not _opens_a_value(raw):
        yield item
        yield from _json_lines(lines, quick)
        return
    yield from _document_or_lines(number, raw, lines, quick)


def _json_lines(lines: _Lines, quick: Quick | None = None) -> Iterator[Item | bytes]:
    for first, batch in lines.batches():
        for number, raw in enumerate(batch, first):
            # A line that opens an object is not blank: the common case skips the copy that strip makes.
            if raw[:1] == b"{" or raw.strip():
                if quick is not None:
                    result = quick(raw)
                    if result is not None:
                        yield result
                        continue
                yield _parse_line(number, raw)


def _opens_a_value(raw: bytes) -> bool:
    """True when ``raw`` is the beginning of a JSON value that goes on after the line (not wrong before
    its end): the reader stopped at the end of the text, wanting more."""
    try:
        text = raw.decode("utf-8")
        loads(text)
    except json.JSONDecodeError as error:
        return error.pos >= len(text.rstrip())
    except (ValueError, UnicodeDecodeError):
        return False
    return False


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip())


_UNDECIDED_LIMIT = 1 << 20  # characters of a broken document read while looking for a line of JSON Lines


def _document_or_lines(first: int, raw: bytes, lines: _Lines, quick: Quick | None = None) -> Iterator[Item | bytes]:
    """The first line opens a value: join lines until it is complete (one document), or until a later line
    shows that the input is JSON Lines whose first line is cut short."""
    texts = [raw.decode("utf-8")]
    raws = [raw]
    numbers = [first]
    size = len(texts[0])
    checked = 0
    broken: Item | None = None  # the joined text's fault, once it has one
    whole_lines = False  # a later line is a whole object by itself
    first_indent = _indent(texts[0])
    for number, raw_line in lines:
        try:
            text = raw_line.decode("utf-8")
        except UnicodeDecodeError:
            text = raw_line.decode("utf-8", "replace")  # cannot be part of a document; may be a line's error
            broken = broken or Item(first, error=f"input: line {number} is not UTF-8 text", document=True)
        texts.append(text)
        raws.append(raw_line)
        numbers.append(number)
        size += len(text) + 1
        if _whole_object(text, first_indent):
            whole_lines = True
            if broken is not None or _broken(texts, numbers) is not None:
                yield from _each_line(numbers, raws)  # JSON Lines after all
                yield from _json_lines(lines, quick)
                return
        if broken is None and size >= 2 * checked and text.strip():
            # Checked again each time the text has doubled: reading a long document stays linear.
            checked = size
            broken = _broken(texts, numbers)
        if broken is not None and size > _UNDECIDED_LIMIT:
            yield broken
            return
    if broken is not None:
        yield broken
        return
    document = _document(texts, numbers)
    if document.error is not None and whole_lines:
        yield from _each_line(numbers, raws)  # not one document: JSON Lines
        return
    yield document


def _each_line(numbers: list[int], raws: list[bytes]) -> Iterator[Item]:
    for number, raw in zip(numbers, raws, strict=True):
        if raw.strip():
            yield _parse_line(number, raw)


def _whole_object(text: str, first_indent: int) -> bool:
    """A line that is a whole JSON object by itself, not indented more than the first line (inside a
    pretty-printed document, lines are indented)."""
    stripped = text.strip()
    return (
        stripped.startswith("{")
        and stripped.endswith("}")
        and _indent(text) <= first_indent
        and _parse_line(0, stripped.encode("utf-8")).error is None
    )


def _broken(texts: list[str], numbers: list[int]) -> Item | None:
    """The fault of the joined lines as one document's error, or None while they may still become one
    (complete, or a value still open at the end of what has been read)."""
    joined = "\n".join(texts)
    try:
        loads(joined)
    except json.JSONDecodeError as error:
        if error.pos >= len(joined.rstrip()):
            return None
        return _document_error(error, numbers)
    except ValueError as error:  # nested too deeply, NaN
        message = str(error) if isinstance(error, _NotJSON) else line_message(error)
        return Item(numbers[0], error=message, document=True)
    return None


def _document(texts: list[str], numbers: list[int]) -> Item:
    """The joined lines at the end of the input: one document, or its fault."""
    joined = "\n".join(texts)
    try:
        return Item(numbers[0], loads(joined), document=True)
    except json.JSONDecodeError as error:
        return _document_error(error, numbers)
    except ValueError as error:
        message = str(error) if isinstance(error, _NotJSON) else line_message(error)
        return Item(numbers[0], error=message, document=True)


def _document_error(error: json.JSONDecodeError, numbers: list[int]) -> Item:
    line = numbers[min(error.lineno, len(numbers)) - 1]
    return Item(
        numbers[0], error=f"input: not valid JSON: {error.msg} at line {line} column {error.colno}", document=True
    )


def stdin_chunks(before_read: Callable[[], object] | None = None) -> Iterator[bytes]:
    """Standard input's bytes as they arrive (binary: the lines are decoded one by one)."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:  # a text stream without a buffer (a test harness): encode what it gives
        return (text.encode("utf-8") for text in iter(lambda: sys.stdin.read(CHUNK), ""))
    return read_chunks(stream, before_read)
