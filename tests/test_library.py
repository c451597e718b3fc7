"""The library face: ``import sparrow`` offers the names of its ``__all__``, and the ```pycon examples of
README.md and docs/*.md run as doctests and print what they show."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import sparrow

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
_BLOCK = re.compile(r"^```pycon\n(.*?)^```", re.DOTALL | re.MULTILINE)
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _documents_with_examples() -> list[Path]:
    return [path for path in DOCUMENTS if _BLOCK.search(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("path", _documents_with_examples(), ids=lambda path: path.name)
def test_the_pycon_examples_print_what_the_document_shows(path):
    text = path.read_text(encoding="utf-8")
    globs: dict[str, object] = {}  # the blocks of one document run in order, sharing their names
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    for block in _BLOCK.finditer(text):
        line = text.count("\n", 0, block.start()) + 1
        test = parser.get_doctest(block.group(1), globs, f"{path.name}:{line}", str(path), line)
        runner.run(test, out=lambda report: pytest.fail(report, pytrace=False))
        globs = test.globs
    assert runner.summarize(verbose=False).attempted > 0


def test_the_readme_shows_the_library_face():
    assert "```pycon\n>>> import sparrow\n" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_every_name_of_the_face_is_there():
    for name in sparrow.__all__:
        assert getattr(sparrow, name) is not None, name
    assert set(sparrow.__all__) <= set(dir(sparrow))
    assert sparrow.parse_hand is sparrow.formats.compact.parse_compact
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        sparrow.nothing  # noqa: B018


def test_import_sparrow_loads_no_layer_until_a_name_is_used():
    code = "import sys, sparrow; print(sorted(m for m in sys.modules if m.startswith('sparrow.')))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert loaded.strip() == "['sparrow._compiled', 'sparrow._version']"  # neither is a layer


def test_play_hand_and_settle_refuse_bad_input_in_words():
    with pytest.raises(ValueError, match="4 seats need 4 levels, got 2"):
        sparrow.play_hand("hkos", seed=1, players=("normal", "easy"))
    with pytest.raises(ValueError, match="unknown ruleset"):
        sparrow.settle("mcr", winner=None, scores={})
    with pytest.raises(ValueError, match="unknown level"):
        sparrow.play_hand("casual", seed=1, players="grandmaster")
