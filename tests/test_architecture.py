"""The layers' import rule (docs/architecture.md) holds, and the check of it can fail.

``make test`` runs ``lint-imports`` on the tree; here the same contracts (``[tool.importlinter]`` in
pyproject.toml) are run on a copy of the sources with one upward import added, which must break them.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint(source_root: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    environment = {**os.environ, "PYTHONPATH": str(source_root), "COLUMNS": "200"}
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--config", str(ROOT / "pyproject.toml")],
        cwd=cwd,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.fixture(scope="module")
def sources(tmp_path_factory):
    """A copy of src/sparrow (the Python files only) to break."""
    copy = tmp_path_factory.mktemp("layers") / "src"
    shutil.copytree(ROOT / "src" / "sparrow", copy / "sparrow", ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    return copy


def test_the_tree_keeps_every_contract(sources):
    result = _lint(sources, sources.parent)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


@pytest.mark.parametrize(
    ("module", "line", "contract"),
    [
        ("core/hand.py", "import sparrow.play.table", "Layers"),
        ("rules/hkos.py", "from sparrow.rules import nts", "know nothing of each other"),
        ("game/wall.py", "import rich", "are pure"),
        ("cli/analyze.py", "import sparrow.web.app", "only through sparrow serve"),
    ],
)
def test_an_import_against_the_rule_breaks_a_contract(sources, module, line, contract):
    path = sources / "sparrow" / module
    original = path.read_text()
    path.write_text(original + f"\n{line}  # noqa\n")
    try:
        result = _lint(sources, sources.parent)
    finally:
        path.write_text(original)
    assert result.returncode != 0
    broken = [text for text in result.stdout.splitlines() if " BROKEN" in text]
    assert any(contract in text for text in broken), result.stdout


def test_no_module_imports_itself_through_others():
    """No circles: no module of Sparrow reaches back to a module that imports it (imports inside
    functions and under TYPE_CHECKING count too)."""
    import grimp

    graph = grimp.build_graph("sparrow")
    circles = []
    for module in sorted(graph.modules):
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            back = graph.find_shortest_chain(importer=imported, imported=module)
            if back:
                circles.append(" -> ".join((module, *back)))
    assert circles == []
