"""The input of ``sparrow score`` and ``sparrow settle`` as the contract says (hand-situation.md, "The
commands", "Input is strict", "Exit codes"): strict field names, ``id`` copied, streaming batches, one
document told from JSON Lines, short messages, and whole numbers in ASCII digits on every command line."""

from __future__ import annotations

import gc
import itertools
import json
import random
import selectors
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from sparrow.cli import app, main
from sparrow.cli.options import whole_number
from sparrow.core.messages import QUOTE_LIMIT, field_name, quote
from sparrow.core.situation import EXTRA_FIELDS, MELD_FIELDS, SITUATION_FIELDS, HandSituation, SituationError
from sparrow.formats.batches import read_items
from sparrow.formats.contract import INPUT_ERRORS, input_message, score_input, score_json_line, score_line
from sparrow.rules import Settlement
from sparrow.rules import score as score_situation
from sparrow.rules.generate import random_complete_situation
from sparrow.rules.ruleset import SETTLEMENT_FIELDS
from tests.scale import scaled

runner = CliRunner()
SPARROW = Path(sys.executable).with_name("sparrow")

BEN = {  # HKOS Ben (seed 003): all chows, concealed, on a discard, his own flower: 3 faan, 8 points
    "rules": "hkos",
    "concealed": "123m456p789s234s5m",
    "winning_tile": "5m",
    "seat_wind": "S",
    "bonus": "2f",
}
BEN_RESULT = score_situation(HandSituation.from_dict(BEN)).to_dict()
SETTLE = {"rules": "hkos", "winner": "S", "win_by": "self_draw", "scores": {"S": 8}}
SETTLE_RESULT = {"payments": {"E": -16, "S": 48, "W": -16, "N": -16}}


def run(*args, stdin=None):
    return runner.invoke(app, list(args), input=stdin)


def json_lines(output):
    return [json.loads(line) for line in output.splitlines() if line.strip()]


def one_error_line(result):
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.output
    return lines[0]


# ---------------------------------------------------------------------------- strict fields


def test_a_misspelt_winner_is_an_error_not_a_drawn_hand():
    line = one_error_line(run("settle", stdin=json.dumps({"rules": "nts", "winer": "E", "scores": {"E": 40}})))
    assert line == "error: winer: unknown field; did you mean winner?"
    assert run("settle", "--json", stdin=json.dumps({**SETTLE, "winer": "S"})).exit_code == 2


def test_winner_must_be_present_and_null_means_a_drawn_hand():
    missing = {key: value for key, value in SETTLE.items() if key not in ("winner", "win_by")}
    assert one_error_line(run("settle", stdin=json.dumps(missing))).startswith("error: winner: is required")
    drawn = run("settle", "--json", stdin=json.dumps({**missing, "winner": None, "scores": {}}))
    assert drawn.exit_code == 0 and json_lines(drawn.stdout) == [{"payments": {"E": 0, "S": 0, "W": 0, "N": 0}}]


def test_a_misspelt_seat_wind_does_not_score_as_east():
    line = one_error_line(run("score", "--json", stdin=json.dumps({**BEN, "seatwind": "S"})))
    assert line == "error: seatwind: unknown field; did you mean seat_wind?"


@pytest.mark.parametrize(
    ("situation", "says"),
    [
        ({**BEN, "winning-tile": "5m"}, "winning-tile: unknown field; did you mean winning_tile?"),
        ({**BEN, "Bonus": "2f"}, "Bonus: unknown field; did you mean bonus?"),
        ({**BEN, "zzz": 1}, "zzz: unknown field (known: bonus, comment, concealed, id, melds, moments,"),
        (
            {**BEN, "concealed": "456p789s234s5m", "melds": [{"kind": "chow", "tile": "123m"}]},
            "melds[0].tile: unknown field; did you mean tiles?",
        ),
        (
            {**BEN, "concealed": "456p789s234s5m", "melds": [{"kind": "chow", "tiles": "123m", "opened": True}]},
            "melds[0].opened: unknown field; did you mean open?",
        ),
        ({**BEN, "options": {"minimun": 0}}, "options: unknown option 'minimun' for hkos; did you mean minimum?"),
    ],
)
def test_unknown_fields_of_the_situation_and_its_nested_objects_name_the_nearest(situation, says):
    assert one_error_line(run("score", stdin=json.dumps(situation))).startswith(f"error: {says}")


def test_an_unknown_field_is_said_before_an_unknown_ruleset():
    line = one_error_line(run("score", stdin=json.dumps({**BEN, "rules": "riichi", "seatwind": "S"})))
    assert line.startswith("error: seatwind: unknown field")


def test_id_and_comment_are_allowed_and_id_is_copied_into_results_and_errors():
    ids = [7, "hand-2", None, [1, {"table": 3}], {"deal": 4}]
    lines = [json.dumps({**BEN, "id": ids[0], "comment": "Ben's hand"})]
    lines.append(json.dumps({**BEN, "id": ids[1], "seatwind": "S"}))  # an error keeps its id
    lines += [json.dumps({**BEN, "id": key}) for key in ids[2:]]
    result = run("score", "--json", stdin="\n".join(lines) + "\n")
    assert result.exit_code == 2
    out = json_lines(result.stdout)
    assert [line["id"] for line in out] == ids
    assert out[0] == {"id": 7, **BEN_RESULT}
    assert out[1] == {"error": "line 2: seatwind: unknown field; did you mean seat_wind?", "id": "hand-2"}
    assert result.stdout.splitlines()[1].startswith('{"error":')
    settled = run("settle", "--json", stdin=json.dumps({**SETTLE, "id": "x", "comment": "drawn?"}))
    assert json_lines(settled.stdout) == [{"id": "x", **SETTLE_RESULT}]


KNOWN_NAMES = SITUATION_FIELDS | SETTLEMENT_FIELDS | MELD_FIELDS | EXTRA_FIELDS


@settings(max_examples=scaled(60), deadline=None)
@given(key=st.text(min_size=1, max_size=60).filter(lambda key: key not in KNOWN_NAMES))
def test_any_unknown_key_is_refused_naming_itself(key):
    for read, data, known in (
        (HandSituation.from_dict, {**BEN, key: 1}, SITUATION_FIELDS),
        (Settlement.from_dict, {**SETTLE, key: 1}, SETTLEMENT_FIELDS),
    ):
        with pytest.raises(SituationError) as raised:
            read(data)
        assert raised.value.field == field_name(key)
        message = str(raised.value)
        assert message.startswith(f"{field_name(key)}: unknown field")
        assert "did you mean" in message or all(name in message for name in known)
    meld = {"kind": "chow", "tiles": "123m", key: True}
    with pytest.raises(SituationError) as raised:
        HandSituation.from_dict({**BEN, "concealed": "456p789s234s5m", "melds": [meld]})
    assert raised.value.field == f"melds[0].{field_name(key)}"


# ---------------------------------------------------------------------------- messages quote little


@pytest.mark.parametrize(
    "situation",
    [
        {**BEN, "concealed": "1m" * 5_000_000},  # a 10 MB field
        {**BEN, "concealed": "x" * 10_000_000},
        {**BEN, "rules": "r" * 1_000_000},
        {**BEN, "seat_wind": "S" * 1_000_000},
        {**BEN, "k" * 1_000_000: 1},  # a 1 MB field name
        {**BEN, "options": {"o" * 1_000_000: 1}},
        {**BEN, "options": {"minimum": "9" * 1_000_000}},
        {**BEN, "moments": ["last_tile"] * 200_000 + ["lucky"]},
    ],
)
@pytest.mark.slow
def test_messages_quote_at_most_80_characters_of_the_input(situation):
    line = one_error_line(run("score", "--json", stdin=json.dumps(situation)))
    assert len(line) < 300, line[:500]
    for filler in "1xrSko9":
        assert filler * (QUOTE_LIMIT + 1) not in line


@given(st.one_of(st.text(), st.lists(st.text()), st.integers(), st.dictionaries(st.text(), st.integers())))
def test_quote_is_short_and_whole_when_short(value):
    text = quote(value)
    assert len(text) <= QUOTE_LIMIT
    if len(repr(value)) <= QUOTE_LIMIT:
        assert text == repr(value)


def test_a_number_of_5000_digits_is_named_by_its_field():
    digits = "7" * 5000
    settle_line = json.dumps(SETTLE).replace('"S": 8}', f'"S": {digits}}}')
    line = one_error_line(run("settle", stdin=settle_line))
    assert line == (
        "error: scores.S: must be a whole number of points from 0 to 1,000,000,000,000, got a number of 5,000 digits"
    )
    option = json.dumps({**BEN, "options": {"minimum": 0}}).replace('"minimum": 0', f'"minimum": -{digits}')
    assert one_error_line(run("score", stdin=option)) == (
        "error: options: option 'minimum' of hkos must be int, got a number of 5,000 digits"
    )
    with_id = json.dumps(SETTLE)[:-1] + f', "id": {digits}}}'
    assert one_error_line(run("settle", "--json", stdin=with_id)) == (
        "error: id: cannot be copied into the result: a number of 5,000 digits"
    )
    batch = run("settle", "--json", stdin=f"{settle_line}\n{json.dumps(SETTLE)}\n")
    assert json_lines(batch.stdout) == [
        {
            "error": "line 1: scores.S: must be a whole number of points from 0 to 1,000,000,000,000, got a number "
            "of 5,000 digits"
        },
        SETTLE_RESULT,
    ]


def test_nan_and_infinity_are_not_json_numbers():
    line = one_error_line(run("settle", stdin=json.dumps(SETTLE).replace('"S": 8}', '"S": NaN}')))
    assert line.startswith("error: input: not valid JSON: NaN is not a JSON number")


# ---------------------------------------------------------------------------- batches: one line out per line in


def _good_line(rng: random.Random) -> tuple[str, dict]:
    situation = random_complete_situation(rng, rng.choice(["nts", "hkos", "chinese", "casual"]))
    return json.dumps(situation.to_dict()), score_situation(situation).to_dict()


BAD_LINES = [
    '{"rules": "hkos", "concealed": ',  # cut short
    '{"rules": "hkos", "concealed": "123m"',  # cut short where a pretty-printer breaks a line
    "{",
    "[",
    "not json",
    "[1, 2]",
    '"a string"',
    "{} {}",
    json.dumps({**BEN, "seatwind": "S"}),
    json.dumps({**BEN, "concealed": "123m"}),
    json.dumps({**BEN, "rules": "riichi"}),
    "[" * 5000 + "]" * 5000,
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    # None: a good line. With one good line at least, the input cannot be one document: its lines are read
    # one by one even when the first is cut short where a pretty-printer would break a line.
    pattern=st.lists(st.one_of(st.just(None), st.sampled_from(BAD_LINES)), min_size=2, max_size=12).filter(
        lambda pattern: None in pattern
    ),
    seed=st.integers(0, 2**16),
)
@pytest.mark.slow
def test_any_batch_of_good_and_bad_lines_gives_one_output_line_per_input_line_in_order(pattern, seed):
    rng = random.Random(seed)
    lines, expected = [], []
    for bad in pattern:
        if bad is None:
            line, result = _good_line(rng)
            lines.append(line)
            expected.append(result)
        else:
            lines.append(bad)
            expected.append(None)
    result = run("score", "--json", stdin="\n".join(lines) + "\n")
    out = json_lines(result.stdout)
    assert len(out) == len(lines)
    for number, (got, wanted) in enumerate(zip(out, expected, strict=True), 1):
        if wanted is None:
            assert set(got) == {"error"} and got["error"].startswith(f"line {number}: ")
        else:
            assert got == wanted
    assert result.exit_code == (2 if None in expected else 0)


def test_a_batch_whose_first_line_is_malformed_still_gives_every_other_result():
    for first in ("{", '{"rules": "nts",', '{"rules": "nts", "concealed":', "nonsense", "[1, 2]"):
        result = run("score", "--json", stdin=f"{first}\n{json.dumps(BEN)}\n\n{json.dumps(BEN)}\n")
        assert result.exit_code == 2, first
        out = json_lines(result.stdout)
        assert len(out) == 3 and out[0]["error"].startswith("line 1: ") and out[1] == out[2] == BEN_RESULT, first


def test_blank_lines_are_skipped_and_line_numbers_count_them():
    result = run("settle", "--json", stdin=f"\n{json.dumps(SETTLE)}\n\n  \n[]\r\n{json.dumps(SETTLE)}")
    assert json_lines(result.stdout) == [
        SETTLE_RESULT,
        {"error": "line 5: settlement: expected a JSON object, got list"},
        SETTLE_RESULT,
    ]


def test_a_line_that_is_not_utf8_is_that_lines_error():
    stdin = json.dumps(SETTLE).encode() + b"\n" + b'{"rules": "\xff"}\n' + json.dumps(SETTLE).encode() + b"\n"
    result = run("settle", "--json", stdin=stdin)
    assert json_lines(result.stdout) == [SETTLE_RESULT, {"error": "line 2: input: not UTF-8 text"}, SETTLE_RESULT]


# ---------------------------------------------------------------------------- one document or JSON Lines


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**16), indent=st.sampled_from([0, 1, 2, 4, "\t"]), sort_keys=st.booleans())
def test_a_pretty_printed_document_is_one_hand(seed, indent, sort_keys):
    situation = random_complete_situation(random.Random(seed), "nts")
    data = {**situation.to_dict(), "id": {"seed": seed}}
    text = json.dumps(data, indent=indent, sort_keys=sort_keys)
    result = run("score", "--json", stdin=text + "\n")
    assert result.exit_code == 0, result.output
    assert json_lines(result.stdout) == [{"id": {"seed": seed}, **score_situation(situation).to_dict()}]


def test_a_document_may_start_with_fields_on_its_first_line():
    text = '{"rules": "hkos", "concealed": "123m456p789s234s5m",\n "winning_tile": "5m",\n "seat_wind": "S", "bonus": "2f"}'
    assert json_lines(run("score", "--json", stdin=text).stdout) == [BEN_RESULT]


@pytest.mark.parametrize(
    ("stdin", "says"),
    [
        (
            '{\n  "rules": "hkos"\n  "concealed": "123m"\n}\n',
            "error: input: not valid JSON: Expecting ',' delimiter at line 3 column 3",
        ),
        (
            '{\n  "rules": "hkos",\n',
            "error: input: not valid JSON: Expecting property name enclosed in double quotes at line 2",
        ),
        (
            f"{json.dumps(BEN, indent=2)}\n{json.dumps(BEN, indent=2)}\n",
            "error: input: not valid JSON: Extra data at line 8",
        ),
        (
            '\n\n{\n "a": [\n  1,\n  2\n ]\n,\n',
            "error: input: not valid JSON: Expecting property name enclosed in double quotes at line 8 column 2",
        ),
    ],
)
def test_a_malformed_document_over_several_lines_is_one_error_with_its_place(stdin, says):
    assert one_error_line(run("score", "--json", stdin=stdin)).startswith(says)


def test_one_line_is_one_document_its_error_on_stderr():
    one = run("score", "--json", stdin=json.dumps({**BEN, "seat_wind": "X"}))
    assert one.stdout == "" and one_error_line(one).startswith("error: seat_wind:")
    two = run("score", "--json", stdin=json.dumps({**BEN, "seat_wind": "X"}) + "\n" + json.dumps(BEN))
    assert json_lines(two.stdout)[0] == {"error": "line 1: seat_wind: expected one of E, S, W, N, got 'X'"}


def _items(data: bytes, cuts: list[int]) -> list[tuple[int, object, str | None, bool]]:
    points = sorted({0, len(data), *(cut % (len(data) + 1) for cut in cuts)})
    chunks = [data[a:b] for a, b in itertools.pairwise(points)]
    return [(item.line, item.value, item.error, item.document) for item in read_items(chunks)]


@given(cuts=st.lists(st.integers(0, 10_000), max_size=8), pretty=st.booleans())
def test_the_reader_gives_the_same_items_wherever_the_chunks_are_cut(cuts, pretty):
    text = json.dumps(BEN, indent=2) if pretty else "\n".join([json.dumps(BEN), "", "[1,", json.dumps(SETTLE)])
    data = ("\ufeff" + text + "\n").encode()
    assert _items(data, cuts) == _items(data, [])


def _answers(data: bytes, cuts) -> list:
    points = sorted({0, len(data), *(cut % (len(data) + 1) for cut in cuts)})
    chunks = [data[a:b] for a, b in itertools.pairwise(points)]
    return [
        item if isinstance(item, bytes) else (item.line, item.value, item.error)
        for item in read_items(chunks, score_json_line)
    ]


@given(cuts=st.lists(st.integers(0, 4_000), max_size=8), ending=st.sampled_from(["\n", "\r\n"]))
def test_a_batch_is_answered_the_same_wherever_the_chunks_are_cut(cuts, ending):
    """The quick way reads a chunk's lines at once: results, line numbers and faults do not depend on
    where the chunks end, nor on the line ends."""
    lines = [json.dumps(BEN), "", json.dumps({**BEN, "id": 7}), "[1,", json.dumps(SETTLE), json.dumps(BEN)]
    data = ("\ufeff" + ending.join(lines) + ending).encode()
    answers = _answers(data, cuts)
    assert answers == _answers(data, [])
    result = score_line(BEN)
    assert result is not None
    assert answers == [
        (1, BEN, None),  # the first line is always an item
        score_line({**BEN, "id": 7}),
        (4, None, "input: not valid JSON: Expecting value at column 4"),
        (5, SETTLE, None),  # not a hand: the ordinary way says what is wrong
        result,
    ]


def test_a_batch_leaves_the_collector_as_it_found_it():
    """A batch tunes the garbage collector while it runs; a process that runs the CLI in-process (tests, a
    notebook) gets its settings back, and nothing stays frozen."""
    threshold, frozen = gc.get_threshold(), gc.get_freeze_count()
    result = run("score", "--json", stdin=f"{json.dumps(BEN)}\n{json.dumps(BEN)}\n[1]\n")
    assert result.exit_code == 2 and len(json_lines(result.stdout)) == 3
    assert (gc.get_threshold(), gc.get_freeze_count()) == (threshold, frozen)


LONG_NUMBERS = [12345678901234567890123, -9223372036854775809, 18446744073709551616, 10**19, 2**63]


def test_long_numbers_in_a_batch_are_read_exactly():
    """The batch reader's orjson reads a number of 19 digits or more as a float; such a line is read again the
    ordinary way, so an ``id`` or an option keeps every digit."""
    lines = [json.dumps(BEN)] + [json.dumps({**BEN, "id": number}) for number in LONG_NUMBERS]
    lines += [json.dumps({**BEN, "id": 1.5}), json.dumps({**BEN, "options": {"minimum": 10**20}})]
    try:  # a minimum of 10**20 faan, read as a whole number: the hand falls short of it
        last = score_input(json.loads(lines[-1])).to_dict()
    except INPUT_ERRORS as error:
        last = {"error": f"line {len(lines)}: {input_message(error)}"}
    result = run("score", "--json", stdin="\n".join(lines) + "\n")
    assert json_lines(result.stdout) == [
        BEN_RESULT,
        *({"id": number, **BEN_RESULT} for number in LONG_NUMBERS),
        {"id": 1.5, **BEN_RESULT},
        last,
    ]
    assert last.get("valid") is False


# ---------------------------------------------------------------------------- streaming


def test_the_reader_is_lazy_memory_does_not_grow_with_the_input():
    pulled = 0
    line = (json.dumps(SETTLE) + "\n").encode()

    def endless():  # JSON Lines without end, 100 lines a chunk
        nonlocal pulled
        while True:
            pulled += 1
            yield line * 100

    items = read_items(endless())
    first = next(items)
    assert first.value == SETTLE and not first.document and pulled == 1
    for count, item in enumerate(itertools.islice(items, 100_000), 2):
        assert item.line == count
        # At most one chunk beyond the line being given out has been read: nothing piles up.
        assert pulled <= count // 100 + 1
    items.close()


def test_a_pretty_printed_document_is_read_without_rereading_it_line_by_line():
    # Checked each time the text doubles, not at every line: a long document is read in linear time.
    calls = []
    import sparrow.formats.batches as cli_input

    real = cli_input._broken

    def counting(*args, **kwargs):
        calls.append(1)
        return real(*args, **kwargs)

    document = json.dumps({**BEN, "comment": ["x"] * 20_000}, indent=1).encode()
    original, cli_input._broken = cli_input._broken, counting
    try:
        items = list(read_items([document]))
    finally:
        cli_input._broken = original
    assert len(items) == 1 and items[0].document and items[0].value["comment"] == ["x"] * 20_000
    assert len(calls) < 40


def _read_line(stream, timeout: float = 60.0) -> bytes:
    selector = selectors.DefaultSelector()
    selector.register(stream, selectors.EVENT_READ)
    try:
        if not selector.select(timeout):
            raise AssertionError("no result within a minute: the output is not streamed")
    finally:
        selector.close()
    return stream.readline()


@pytest.mark.parametrize(
    ("command", "line", "expected"), [("score", BEN, BEN_RESULT), ("settle", SETTLE, SETTLE_RESULT)]
)
@pytest.mark.slow
def test_each_result_is_written_as_soon_as_its_line_is_read(command, line, expected):
    """A producer that writes a line and waits for its result before writing the next one."""
    process = subprocess.Popen(
        [str(SPARROW), command, "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    try:
        for number in range(1, 4):
            process.stdin.write((json.dumps({**line, "id": number}) + "\n").encode())
            process.stdin.flush()
            assert json.loads(_read_line(process.stdout)) == {"id": number, **expected}
        process.stdin.write(b'{"rules": "nts", "winer": "E"}\n')  # a bad line is streamed as well
        process.stdin.flush()
        assert json.loads(_read_line(process.stdout))["error"].startswith("line 4: winer: unknown field")
        process.stdin.close()
        assert process.wait(timeout=60) == 2
    finally:
        process.kill()
        process.wait()


def test_a_file_is_read_as_a_stream_too(tmp_path):
    path = tmp_path / "batch.jsonl"
    path.write_text("".join(json.dumps({**SETTLE, "id": n}) + "\n" for n in range(2000)), encoding="utf-8")
    result = run("settle", str(path), "--json")
    assert result.exit_code == 0
    assert json_lines(result.stdout) == [{"id": n, **SETTLE_RESULT} for n in range(2000)]


# ---------------------------------------------------------------------------- whole numbers on the command line


INTEGER_OPTIONS = [
    (["analyze", "123m456p789s11z", "--melds", "{}"], "'--melds' / '-m'"),
    (["simulate", "-r", "casual", "--hands", "{}"], "'--hands' / '-n'"),
    (["simulate", "-r", "casual", "-n", "1", "--seed", "{}"], "'--seed' / '-s'"),
    (["simulate", "-r", "casual", "-n", "1", "--workers", "{}"], "'--workers' / '-w'"),
    (["play", "--seed", "{}"], "'--seed' / '-s'"),
    (["serve", "--port", "{}"], "'--port'"),
    (["serve", "--workers", "{}"], "'--workers'"),
    (["serve", "--header-timeout", "{}"], "'--header-timeout'"),
    (["serve", "--body-timeout", "{}"], "'--body-timeout'"),
    (["serve", "--keep-alive-timeout", "{}"], "'--keep-alive-timeout'"),
    (["serve", "--limit-concurrency", "{}"], "'--limit-concurrency'"),
]


@pytest.mark.slow
@pytest.mark.parametrize("value", ["٣", "1_000", " 3", "+3", "3.0", "0x10", "", "1" * 50])
@pytest.mark.parametrize(("args", "option"), INTEGER_OPTIONS)
def test_every_integer_option_takes_ascii_digits_only(args, option, value, capsys):
    with pytest.raises(SystemExit) as stopped:
        main([value if arg == "{}" else arg for arg in args])
    assert stopped.value.code == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: Invalid value for {option}: must be"), lines


def test_no_command_has_an_integer_option_outside_the_shared_parser():
    import typer.main

    command = typer.main.get_command(app)
    seen = set()
    for name, sub in command.commands.items():
        for parameter in sub.params:
            described = parameter.type_descriptor
            if described.annotation is int:
                parser = described.parameter_info.parser
                assert parser is not None and parser.__qualname__ == "whole_number.<locals>.parse", (name, parameter)
                seen.add((name, parameter.name))
    assert {(args[0], option.split("'")[1].strip("-").replace("-", "_")) for args, option in INTEGER_OPTIONS} == seen


def test_integer_options_still_take_numbers():
    result = run("analyze", "123m456p789s1z", "--melds", "1", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout) == {"tiles": "123m456p789s1z", "shanten": 0, "accepted": "1z", "accepted_count": 3}


@given(st.integers(-(10**30), 10**30))
def test_whole_number_reads_every_number_written_in_ascii_digits(number):
    assert whole_number()(str(number)) == number


@given(st.text(max_size=12))
def test_whole_number_refuses_every_text_that_is_not_ascii_digits(text):
    digits = text[1:] if text.startswith("-") else text
    plain = digits.isascii() and digits.isdigit() and len(digits) <= 40
    try:
        value = whole_number()(text)
    except Exception as error:  # typer.BadParameter
        assert not plain, error
    else:
        assert plain and value == int(text)
