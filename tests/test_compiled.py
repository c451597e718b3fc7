"""The bots' hot modules compiled with mypyc (``make`` builds them, ``sparrow._compiled`` decides
whether they are used): compiled or not, every decision is the same, and a build that no longer
matches its sources is never used."""

from __future__ import annotations

import copy
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from sparrow import _compiled
from tests.test_bot_decisions_pinned import PINNED

HERE = Path(__file__).resolve().parent


def _run(code: str, **env: str) -> str:
    environment = {k: v for k, v in os.environ.items() if k != "SPARROW_PURE_PYTHON"}
    environment.update(env)
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=environment, cwd=HERE.parent, check=True
    )
    return done.stdout


_WHERE = """
import json, sparrow, sparrow._compiled as c
import sparrow.core.analysis, sparrow.bots.plans, sparrow.bots.players
print(json.dumps({"active": c.active(), "files": [m.__file__ for m in (sparrow.core.analysis, sparrow.bots.plans, sparrow.bots.players)]}))
"""


def test_the_pure_python_switch_imports_every_listed_module_from_its_source():
    where = json.loads(_run(_WHERE, SPARROW_PURE_PYTHON="1"))
    assert where["active"] is False
    assert all(path.endswith(".py") for path in where["files"])


def test_the_compiled_modules_are_used_exactly_when_the_build_is_current(monkeypatch):
    where = json.loads(_run(_WHERE))
    monkeypatch.delenv("SPARROW_PURE_PYTHON", raising=False)
    current = _compiled._compiled_is_current()
    assert where["active"] is current
    from_source = [path.endswith(".py") for path in where["files"]]
    assert from_source == [not current] * len(from_source)
    if os.environ.get("SPARROW_REQUIRE_COMPILED"):
        assert current, "SPARROW_REQUIRE_COMPILED is set but the compiled modules are not built (make compiled)"


def test_a_build_is_current_only_while_it_matches_the_sources_and_its_files_are_there(tmp_path, monkeypatch):
    monkeypatch.delenv("SPARROW_PURE_PYTHON", raising=False)
    record = tmp_path / "digest"
    monkeypatch.setattr(_compiled, "DIGEST_FILE", str(record))
    monkeypatch.setattr(_compiled, "extension_files", lambda: [])
    sources = ["sparrow/core/analysis.py", "sparrow/core/situation.py"]
    assert not _compiled._compiled_is_current()  # never built
    record.write_text(_compiled.source_digest(sources) + "\n" + "\n".join(sources) + "\n")
    assert _compiled._compiled_is_current()
    record.write_text("0" * 8 + "\n" + "\n".join(sources) + "\n")  # built from other sources
    assert not _compiled._compiled_is_current()
    record.write_text(_compiled.source_digest(sources) + "\n" + "\n".join(sources) + "\nsparrow/gone.py\n")
    assert not _compiled._compiled_is_current()  # a source it was built from is gone
    record.write_text(_compiled.source_digest(sources) + "\n" + "\n".join(sources) + "\n")
    monkeypatch.setenv("SPARROW_PURE_PYTHON", "1")
    assert not _compiled._compiled_is_current()
    monkeypatch.setenv("SPARROW_PURE_PYTHON", "0")
    assert _compiled._compiled_is_current()
    monkeypatch.setattr(_compiled, "extension_files", lambda: [str(tmp_path / "missing.so")])
    assert not _compiled._compiled_is_current()  # an extension file is missing


def test_the_checksum_changes_with_any_source_it_covers(tmp_path, monkeypatch):
    names = [os.path.relpath(_compiled._source(m), _compiled._ROOT) for m in _compiled.MODULES]
    for name in names:
        target = tmp_path / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(Path(_compiled._ROOT, name).read_bytes())
    monkeypatch.setattr(_compiled, "_ROOT", str(tmp_path))
    before = _compiled.source_digest()
    assert _compiled.source_digest(names) == before
    for name in names:
        original = (tmp_path / name).read_bytes()
        (tmp_path / name).write_bytes(original + b"\n# edited\n")
        assert _compiled.source_digest() != before, name
        (tmp_path / name).write_bytes(original)
    assert _compiled.source_digest() == before


def test_the_compiled_classes_pickle_and_copy_as_their_pure_python_selves():
    from sparrow.bots import get_bot
    from sparrow.bots.knowledge import ScoringContext
    from sparrow.bots.plans import PLANS
    from sparrow.bots.players import TEMPERAMENTS
    from sparrow.core.analysis import DEFAULT_FORMS, discard_options
    from sparrow.core.tiles import parse_tiles, tile_counts

    options = discard_options(tile_counts(parse_tiles("123m456p789s1122z5z")))
    context = ScoringContext("hkos", (("flowers", True),), "E", "S", (34, 38))
    for value in (TEMPERAMENTS["expert"], DEFAULT_FORMS, options[0]):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value

    # A context is compared by identity (know() interns them); a copy holds the same facts and a
    # serial of its own (the memo tables key on it).
    def facts(c):
        return (c.rules, c.options, c.seat_wind, c.round_wind, c.bonus)

    for again in (pickle.loads(pickle.dumps(context)), copy.copy(context), copy.deepcopy(context)):
        assert facts(again) == facts(context) and again.serial != context.serial
    assert all(pickle.loads(pickle.dumps(plan)) is plan and copy.deepcopy(plan) is plan for plan in PLANS)
    bot = get_bot("expert", 7)
    again = pickle.loads(pickle.dumps(bot))
    assert (again.temperament, again.seed, repr(again)) == (bot.temperament, bot.seed, repr(bot))
    assert {r: b.temperament for r, b in again._by_rules.items()} == {
        r: b.temperament for r, b in bot._by_rules.items()
    }


def test_a_situation_given_lists_and_sets_scores_as_with_tuples():
    from sparrow.core.situation import HandSituation
    from sparrow.core.tiles import parse_tiles
    from sparrow.rules import get_ruleset

    tiles = parse_tiles("123m456p789s111z2z")
    as_tuples = HandSituation("hkos", tuple(tiles), winning_tile=parse_tiles("2z")[0], bonus=(), moments=frozenset())
    as_lists = HandSituation("hkos", list(tiles), [], parse_tiles("2z")[0], bonus=[], moments=set())
    assert as_lists == as_tuples
    for rules in ("casual", "hkos", "chinese", "nts"):
        situation = HandSituation(rules, list(tiles), [], parse_tiles("2z")[0], "self_draw", bonus=[], moments=set())
        assert get_ruleset(rules).score(situation) == get_ruleset(rules).score(
            HandSituation(rules, tuple(tiles), (), parse_tiles("2z")[0], "self_draw")
        )


_PINNED_DIGESTS = """
import json
from tests.test_bot_decisions_pinned import PINNED, _digest
print(json.dumps({f"{rules}|{lineup}": _digest(rules, lineup) for rules, lineup in PINNED}))
"""


@pytest.mark.slow
def test_pure_python_plays_the_pinned_hands_exactly_as_the_compiled_modules_do():
    # The pinned test plays them in this process (compiled when built): here the same hands again
    # with every listed module from its source.
    digests = json.loads(_run(_PINNED_DIGESTS, SPARROW_PURE_PYTHON="1"))
    assert digests == {f"{rules}|{lineup}": digest for (rules, lineup), digest in PINNED.items()}
