"""Which of Sparrow's modules may run compiled, and whether their compiled form is current.

The hottest modules of the computer players, the hand analysis, the shape helpers and the four
families' scorers (which the players ask to value every candidate hand) can be compiled with mypyc
(`tools/build_compiled.py`, run by `make run`, `make test` and `make compiled`): the same typed
source, turned into C extensions beside it. A compiled module is used only while the build matches
the sources exactly: the build records a checksum of every source it was made from (the compiled
modules and the Sparrow modules whose types they use), and when it no longer matches (a source
edited since, another checkout), when an extension file is missing, or when ``SPARROW_PURE_PYTHON``
is set (to anything but ``0``), every one of these modules is imported from its ``.py`` file
instead. They are compiled as one group and call each other directly, so it is all of them or none.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import zlib

__all__ = ["MODULES", "GROUP", "DIGEST_FILE", "source_digest", "extension_files", "active", "by_fields"]

MODULES = (
    "sparrow.core.analysis",
    "sparrow.bots.claims",
    "sparrow.bots.danger",
    "sparrow.bots.defence",
    "sparrow.bots.discards",
    "sparrow.bots.knowledge",
    "sparrow.bots.kongs",
    "sparrow.bots.odds",
    "sparrow.bots.planning",
    "sparrow.bots.plans",
    "sparrow.bots.players",
    "sparrow.bots.ready",
    "sparrow.bots.temperaments",
    "sparrow.rules.casual",
    "sparrow.rules.chinese",
    "sparrow.rules.hkos",
    "sparrow.rules.nts",
    "sparrow.rules.chinese_shapes",
    "sparrow.rules.nts_shapes",
    "sparrow.rules.riichi.checks",
    "sparrow.rules.riichi.fu",
    "sparrow.rules.riichi.points",
    "sparrow.rules.riichi.reading",
    "sparrow.rules.riichi.scorer",
    "sparrow.core.shapes",
    # Riichi's state machine, which the one face plays every Riichi hand through (issue 41).
    "sparrow.game.riichi.tiles",
    "sparrow.game.riichi.waits",
    "sparrow.game.riichi.base",
    "sparrow.game.riichi.turn",
    "sparrow.game.riichi.calls",
    "sparrow.game.riichi.state",
    "sparrow.game.riichi.view",
    "sparrow.game.riichi.hand",  # the one face over it (its RiichiView is in family_view, not compiled)
)
GROUP = "sparrow_compiled"  # mypyc's shared library for the group: sparrow_compiled__mypyc.<suffix>
# Plain os.path, not pathlib: this runs at every start, and pathlib's import costs more than the check.
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the directory holding the package
DIGEST_FILE = os.path.join(_ROOT, "sparrow", "_compiled.digest")


def _source(module: str) -> str:
    return os.path.join(_ROOT, *module.split(".")) + ".py"


def _read(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


def source_digest(files: list[str] | None = None) -> str:
    """A checksum of these source files (paths relative to the directory holding the package; the
    compiled modules' own by default), as the build records it. A CRC: it only has to notice an
    edit, and it is computed at every start, where a cryptographic hash's import costs more."""
    checksum = 0
    for name in files if files is not None else [os.path.relpath(_source(m), _ROOT) for m in MODULES]:
        checksum = zlib.crc32(name.encode(), checksum)
        checksum = zlib.crc32(_read(os.path.join(_ROOT, name)), checksum)
    return f"{checksum:08x}"


def extension_files() -> list[str]:
    """The files a build puts beside the sources: one per compiled module and the group's library."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    files = [os.path.join(_ROOT, *module.split(".")) + suffix for module in MODULES]
    files.append(os.path.join(_ROOT, f"{GROUP}__mypyc{suffix}"))
    return files


class _SourceFirst:
    """A finder that imports the listed modules from their ``.py`` files, ahead of an extension."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        source = _source(name)
        if not os.path.exists(source):
            return None  # no source here (a frozen or zipped copy): the usual import decides
        import importlib.util

        loader = importlib.machinery.SourceFileLoader(name, source)
        return importlib.util.spec_from_file_location(name, source, loader=loader)


def _compiled_is_current() -> bool:
    if os.environ.get("SPARROW_PURE_PYTHON", "0") not in ("", "0"):
        return False
    try:
        recorded, *sources = _read(DIGEST_FILE).decode().split("\n")
    except (OSError, ValueError, UnicodeDecodeError):
        return False  # never built here, or a record this version cannot read: nothing to use
    if not all(os.path.exists(path) for path in extension_files()):
        return False
    try:
        return recorded == source_digest([name for name in sources if name] or None)
    except OSError:
        return False  # a source the build was made from is gone


_ACTIVE = _compiled_is_current()
if not _ACTIVE:
    sys.meta_path.insert(0, _SourceFirst())


def by_fields(value: object) -> tuple[object, ...]:
    """``__reduce__`` for a frozen dataclass of a compiled module: pickled and copied as its class
    called with its fields (compiled, the default way cannot set the fields of a frozen class)."""
    from dataclasses import fields

    return (type(value), tuple(getattr(value, field.name) for field in fields(value)))  # type: ignore[arg-type]


def active() -> bool:
    """Whether the compiled modules are in use (built, current, and not turned off)."""
    return _ACTIVE
