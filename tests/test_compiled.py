"""The bots' hot modules compiled with mypyc (``make`` builds them, ``sparrow._compiled`` decides
whether they are used): compiled or not, every decision is the same, and a build that no longer
matches its sources is never used."""

from __future__ import annotations

import json
import os
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
import sparrow.analysis, sparrow.bots.plans, sparrow.bots.players
print(json.dumps({"active": c.active(), "files": [m.__file__ for m in (sparrow.analysis, sparrow.bots.plans, sparrow.bots.players)]}))
"""


def test_the_pure_python_switch_imports_every_listed_module_from_its_source():
    where = json.loads(_run(_WHERE, SPARROW_PURE_PYTHON="1"))
    assert where["active"] is False
    assert all(path.endswith(".py") for path in where["files"])


def test_the_compiled_modules_are_used_exactly_when_the_build_is_current():
    where = json.loads(_run(_WHERE))
    digest_file = Path(_compiled.DIGEST_FILE)
    current = digest_file.exists() and digest_file.read_text().strip() == _compiled.source_digest()
    assert where["active"] is current
    from_source = [path.endswith(".py") for path in where["files"]]
    assert from_source == [not current] * len(from_source)
    if os.environ.get("SPARROW_REQUIRE_COMPILED"):
        assert current, "SPARROW_REQUIRE_COMPILED is set but the compiled modules are not built (make compiled)"


def test_a_build_is_current_only_while_its_digest_matches_the_sources(tmp_path, monkeypatch):
    monkeypatch.delenv("SPARROW_PURE_PYTHON", raising=False)
    digest_file = tmp_path / "digest"
    monkeypatch.setattr(_compiled, "DIGEST_FILE", str(digest_file))
    assert not _compiled._compiled_is_current()  # never built
    digest_file.write_text(_compiled.source_digest() + "\n")
    assert _compiled._compiled_is_current()
    digest_file.write_text("0" * 64 + "\n")  # built from other sources (one edited since)
    assert not _compiled._compiled_is_current()
    digest_file.write_text(_compiled.source_digest() + "\n")
    monkeypatch.setenv("SPARROW_PURE_PYTHON", "1")
    assert not _compiled._compiled_is_current()


def test_the_digest_covers_every_compiled_module_and_changes_with_any_of_them(tmp_path, monkeypatch):
    copy = tmp_path / "src"
    for module in _compiled.MODULES:
        source = Path(_compiled._source(module))
        target = copy.joinpath(*module.split(".")).with_suffix(".py")
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(source.read_bytes())
    monkeypatch.setattr(_compiled, "_ROOT", str(copy))
    assert _compiled.source_digest() == _compiled.source_digest()
    before = _compiled.source_digest()
    for module in _compiled.MODULES:
        target = copy.joinpath(*module.split(".")).with_suffix(".py")
        original = target.read_bytes()
        target.write_bytes(original + b"\n# edited\n")
        assert _compiled.source_digest() != before, module
        target.write_bytes(original)
    assert _compiled.source_digest() == before


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
