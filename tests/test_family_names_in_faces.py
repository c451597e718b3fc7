"""No face asks which family it has: the faces (``play/``, ``web/``, ``cli/``, ``store/``, ``seats/``,
``env/``, ``sheets/``, ``bots/``) learn what a family needs from the registry, never by comparing a rules
name to a family's name or checking for a family's class (docs/architecture.md). Nor does ``core/``, the
layer below the families: what differs by family is data in its registry, ``core/family_facts.py``, keyed
by the family's name, never a comparison.

The issue "one engine, one face" removes the places that still do. Until it is done, they are listed
here, file by file: the test fails on any new one, and on a list that is longer than the code needs
(a place removed must come off the list), so the list only shrinks.
"""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

SOURCE = Path(__file__).resolve().parent.parent / "src" / "sparrow"
FACES = ("play", "web", "cli", "store", "seats", "env", "sheets", "bots")
CORE = ("core",)  # no family has a module of its own there: nothing in it is exempt
FAMILIES = frozenset({"riichi", "nts", "hkos", "chinese", "casual"})
# A family's own modules: they may know their family.
OWN = ("riichi", "play/riichi_", "cli/play_riichi", "web/riichi_", "sheets/riichi")

# The places left, by file: what "one engine, one face" has still to fold into the registry.
KNOWN: dict[str, int] = {}


def _names_a_family(node: ast.AST) -> bool:
    """A string constant that is a family's name, or a constant bound to one (``RIICHI``)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in FAMILIES
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return any(_names_a_family(item) for item in node.elts)
    return isinstance(node, ast.Name) and node.id.isupper() and node.id.lower() in FAMILIES


def _a_rules_name(node: ast.AST) -> bool:
    """What holds a ruleset's name: ``rules``, ``game.rules``, ``view["rules"]``, ``name``... (an event's
    kind that happens to be called "riichi" is not one)."""
    text = ast.unparse(node)
    return "rules" in text or text in ("name", "family")


def _family_class(node: ast.AST) -> bool:
    names = node.elts if isinstance(node, ast.Tuple) else [node]
    return any(
        isinstance(n, (ast.Name, ast.Attribute)) and ast.unparse(n).split(".")[-1].startswith("Riichi") for n in names
    )


def places(tree: ast.AST) -> list[int]:
    """The lines where the code compares something to a family's name or checks for a family's class."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and any(
            isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) for op in node.ops
        ):
            sides = (node.left, *node.comparators)
            if any(_names_a_family(side) for side in sides) and any(_a_rules_name(side) for side in sides):
                found.append(node.lineno)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            if len(node.args) == 2 and _family_class(node.args[1]):
                found.append(node.lineno)
    return found


def _faces() -> Counter[str]:
    counts: Counter[str] = Counter()
    for face in (*FACES, *CORE):
        for path in sorted((SOURCE / face).rglob("*.py")):
            name = path.relative_to(SOURCE).as_posix()
            if face in FACES and any(part in name for part in OWN):
                continue
            found = places(ast.parse(path.read_text(encoding="utf-8")))
            if found:
                counts[name] = len(found)
    return counts


def test_no_face_adds_a_place_that_asks_for_a_family_by_name():
    found = _faces()
    new = {name: count for name, count in found.items() if count > KNOWN.get(name, 0)}
    assert not new, f"a face or a core module compares a rules name to a family's (use the registry): {new}"


def test_the_list_of_places_left_is_no_longer_than_the_code_needs():
    found = _faces()
    gone = {name: (count, found.get(name, 0)) for name, count in KNOWN.items() if found.get(name, 0) < count}
    assert not gone, f"places were removed: lower KNOWN to what is left: {gone}"


def test_the_check_sees_each_form_of_asking():
    code = """
if rules == "riichi": pass
if game.rules != 'nts': pass
if name in ("hkos", "chinese"): pass
if self.rules == RIICHI: pass
if isinstance(table, RiichiTable): pass
if isinstance(table, (Table, riichi.RiichiRoomTable)): pass
if rules == other: pass
if isinstance(table, Table): pass
if kind == "riichi": pass
if a.riichi == riichi: pass
"""
    assert places(ast.parse(code)) == [2, 3, 4, 5, 6, 7]
