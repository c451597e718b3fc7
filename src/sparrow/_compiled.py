"""Which of Sparrow's modules may run compiled, and whether their compiled form is current.

The hottest modules of the computer players, the hand analysis and the four families' scorers
(which the players ask to value every candidate hand) can be compiled with mypyc
(`tools/build_compiled.py`, run by `make`): the same typed source, turned into a C extension beside
it, about half again as fast. A compiled module is only used while it was built from exactly the
source that is there now: the build records a digest of the sources, and when it no longer matches
(a source edited since, a checkout of other code) or ``SPARROW_PURE_PYTHON`` is set, every one of
these modules is imported from its ``.py`` file instead. They are compiled as one group and call
each other directly, so it is all of them or none.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
import zlib

__all__ = ["MODULES", "DIGEST_FILE", "source_digest", "active"]

MODULES = (
    "sparrow.analysis",
    "sparrow.bots.danger",
    "sparrow.bots.knowledge",
    "sparrow.bots.odds",
    "sparrow.bots.plans",
    "sparrow.bots.players",
    "sparrow.rules.casual",
    "sparrow.rules.chinese",
    "sparrow.rules.hkos",
    "sparrow.rules.nts",
    "sparrow.rules.chinese_shapes",
    "sparrow.rules.nts_shapes",
    "sparrow.shapes",
)
# Plain os.path, not pathlib: this runs at every start, and pathlib's import costs more than the check.
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))  # the directory holding the package
DIGEST_FILE = os.path.join(_ROOT, "sparrow", "_compiled.digest")


def _source(module: str) -> str:
    return os.path.join(_ROOT, *module.split(".")) + ".py"


def _read(path: str) -> bytes:
    with open(path, "rb") as file:
        return file.read()


def source_digest() -> str:
    """A checksum of the compiled modules' sources, as the build records it (a CRC: it only has to
    notice an edit, and it is read at every start, where a cryptographic hash's import costs more)."""
    checksum = 0
    for module in MODULES:
        checksum = zlib.crc32(module.encode(), checksum)
        checksum = zlib.crc32(_read(_source(module)), checksum)
    return f"{checksum:08x}"


class _SourceFirst:
    """A finder that imports the listed modules from their ``.py`` files, ahead of an extension."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        import importlib.util

        source = _source(name)
        loader = importlib.machinery.SourceFileLoader(name, source)
        return importlib.util.spec_from_file_location(name, source, loader=loader)


def _compiled_is_current() -> bool:
    if os.environ.get("SPARROW_PURE_PYTHON"):
        return False
    try:
        recorded = _read(DIGEST_FILE).decode().strip()
    except OSError:
        return False  # never built here: nothing compiled to use
    try:
        return recorded == source_digest()
    except OSError:
        return False


_ACTIVE = _compiled_is_current()
if not _ACTIVE:
    sys.meta_path.insert(0, _SourceFirst())


def active() -> bool:
    """Whether the compiled modules are in use (built, current, and not turned off)."""
    return _ACTIVE
