"""The project carries its own contracts: no tracked file refers to the folder beside the repository.

The tile notation, the hand situation, the game log and the web API are written down in ``docs/spec/``,
the rules decisions in ``docs/rules/``. A reference to the outside folder they came from (a path
going up out of the repository into it, or into one of its spec, rules, seeds, design or notes
folders) would send a reader to something a checkout does not have, so every file ``git ls-files``
lists is searched for one.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Built from parts, so that this file does not match itself.
_FOLDER = "sha" + "red"
OUTSIDE = re.compile(r"\.\./" + _FOLDER + r"\b" + r"|(?<![\w.-])" + _FOLDER + r"/(?:spec|rules|seeds|design|notes)\b")


def _tracked_files() -> list[Path]:
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [ROOT / name for name in listed.decode("utf-8", "surrogateescape").split("\0") if name]


def outside_references(path: Path) -> list[str]:
    """``file:line: text`` for every line of ``path`` that refers to the outside folder (none for a
    binary file or one that is listed but not in the work tree)."""
    try:
        data = path.read_bytes()
    except (FileNotFoundError, IsADirectoryError):
        return []
    if b"\0" in data:
        return []
    text = data.decode("utf-8", "replace")
    if not OUTSIDE.search(text):
        return []
    where = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    return [
        f"{where}:{number}: {line.strip()}" for number, line in enumerate(text.splitlines(), 1) if OUTSIDE.search(line)
    ]


def test_no_tracked_file_refers_to_the_folder_outside_the_repository():
    found = [reference for path in _tracked_files() for reference in outside_references(path)]
    assert not found, "refer to docs/spec/ or docs/rules/ instead:\n" + "\n".join(found)


def test_the_contracts_are_in_the_repository():
    for name in ("notation", "hand-situation", "game-log", "web-api"):
        assert (ROOT / "docs" / "spec" / f"{name}.md").is_file(), name
    assert (ROOT / "docs" / "rules" / "README.md").is_file()


@pytest.mark.parametrize(
    ("line", "refers"),
    [
        ("see `../" + _FOLDER + "/spec/notation.md`", True),
        ("the decisions in " + _FOLDER + "/rules/nts.md", True),
        ("(" + _FOLDER + "/seeds/000.txt)", True),
        ("beside the project, at ../" + _FOLDER, True),
        ("the contract is docs/spec/notation.md", False),
        ("docs/rules/nts.md, the " + _FOLDER + " engine", False),
        ("a " + _FOLDER + "_rules/spec folder", False),
    ],
)
def test_a_reference_is_found(tmp_path, line, refers):
    page = tmp_path / "page.md"
    page.write_text(f"Text.\n{line}\n", encoding="utf-8")
    assert bool(outside_references(page)) == refers
