"""Compile the computer players' hot modules with mypyc, in place beside their sources.

    python tools/build_compiled.py          # build (or rebuild) them
    python tools/build_compiled.py --clean  # remove them: everything runs as pure Python

Optional: Sparrow is the same without it, only slower in the bots and the lab. When mypyc or a C
compiler (with Python's headers) is missing, this prints one line saying so and exits 0. The list of
modules and the check that a build is current are in ``sparrow._compiled``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"


def _built_files() -> list[Path]:
    """The extension files a build leaves in the source tree."""
    found = []
    for pattern in ("*__mypyc*.so", "*__mypyc*.pyd", "sparrow/**/*.so", "sparrow/**/*.pyd"):
        found.extend(SRC.glob(pattern))
    return sorted(set(found))


def clean() -> None:
    from sparrow import _compiled

    for path in _built_files():
        path.unlink()
    Path(_compiled.DIGEST_FILE).unlink(missing_ok=True)


def build() -> bool:
    from sparrow import _compiled

    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError:
        print("compiled modules: mypyc is not installed; the bots run as pure Python")
        return False
    clean()
    paths = [str(Path(*m.split(".")).with_suffix(".py")) for m in _compiled.MODULES]
    digest = _compiled.source_digest()
    work = Path(tempfile.mkdtemp(prefix="sparrow-mypyc-"))
    here = os.getcwd()
    os.chdir(SRC)  # mypyc names modules from the paths it is given
    try:
        extensions = mypycify(paths, opt_level="3", group_name="sparrow_compiled", target_dir=str(work / "c"))
        setup(
            name="sparrow-compiled",
            ext_modules=extensions,
            script_args=["--quiet", "build_ext", "--inplace", "--build-temp", str(work / "temp")],
        )
    except (SystemExit, Exception) as error:  # a compiler missing or failing: setuptools exits
        for path in _built_files():
            path.unlink()
        print(
            f"compiled modules: not built ({str(error).strip() or type(error).__name__}); the bots run as pure Python"
        )
        return False
    finally:
        os.chdir(here)
        shutil.rmtree(work, ignore_errors=True)
    Path(_compiled.DIGEST_FILE).write_text(digest + "\n")
    print(f"compiled modules: built {len(paths)} ({', '.join(_compiled.MODULES)})")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    args = parser.parse_args()
    if args.clean:
        clean()
        print("compiled modules: removed; everything runs as pure Python")
    else:
        build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
