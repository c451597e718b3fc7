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

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
from pathlib import Path

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
_ROOT = Path(__file__).resolve().parent.parent  # the directory holding the sparrow package
DIGEST_FILE = Path(__file__).resolve().parent / "_compiled.digest"


def _source(module: str) -> Path:
    return _ROOT.joinpath(*module.split(".")).with_suffix(".py")


def source_digest() -> str:
    """A digest of the compiled modules' sources, as the build records it."""
    digest = hashlib.sha256()
    for module in MODULES:
        digest.update(module.encode())
        digest.update(_source(module).read_bytes())
    return digest.hexdigest()


class _SourceFirst:
    """A finder that imports the listed modules from their ``.py`` files, ahead of an extension."""

    def find_spec(self, name: str, path: object = None, target: object = None) -> importlib.machinery.ModuleSpec | None:
        if name not in MODULES:
            return None
        source = _source(name)
        loader = importlib.machinery.SourceFileLoader(name, str(source))
        return importlib.util.spec_from_file_location(name, source, loader=loader)


def _compiled_is_current() -> bool:
    if os.environ.get("SPARROW_PURE_PYTHON"):
        return False
    try:
        recorded = DIGEST_FILE.read_text().strip()
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
