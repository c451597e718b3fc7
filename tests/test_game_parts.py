"""HandState is put together from one class per concern: the parts stay consistent with it."""

import ast
from pathlib import Path

from sparrow.game import bonus, claims, hand_base, kongs, result, state, views, wins
from sparrow.game.hand_base import HandBase
from sparrow.game.state import HandState

PARTS = [cls for cls in HandState.__mro__[1:] if cls is not object]


def test_the_slots_are_the_attributes_the_base_declares_and_only_handstate_has_any():
    declared = [name for cls in reversed(PARTS) for name in cls.__dict__.get("__annotations__", {})]
    assert sorted(HandState.__slots__) == sorted(declared) and len(declared) == len(set(declared))
    assert HandBase in PARTS and len(PARTS) == 7
    for part in PARTS:
        assert part.__dict__["__slots__"] == (), part
    assert not hasattr(HandState("hkos", seed=7), "__dict__")


def test_no_method_is_defined_by_two_parts_and_the_typing_stubs_are_not_there_at_run_time():
    seen: dict[str, type] = {}
    for cls in (HandState, *PARTS):
        for name, value in vars(cls).items():
            if callable(value) and not name.startswith("__"):
                assert name not in seen, f"{name} in {seen.get(name)} and {cls}"
                seen[name] = cls
    assert not any(callable(value) and not name.startswith("__") for name, value in vars(HandBase).items())


def test_the_moved_names_are_the_same_objects_where_they_were():
    assert state.Phase is hand_base.Phase
    assert state.HandResult is result.HandResult
    assert state.Observation is views.Observation and state.TableView is views.TableView
    assert {claims.Claims, kongs.Kongs, bonus.BonusTiles, wins.Wins, result.Results, views.Views} <= set(PARTS)


def test_the_parts_do_not_import_the_state_module():
    # state imports every part; a part importing it back would make a cycle at run time.
    for module in (claims, kongs, bonus, wins, result, views, hand_base):
        tree = ast.parse(Path(module.__file__).read_text())
        imported = [node.module for node in tree.body if isinstance(node, ast.ImportFrom)]
        imported += [alias.name for node in tree.body if isinstance(node, ast.Import) for alias in node.names]
        assert "sparrow.game.state" not in imported, module.__name__
