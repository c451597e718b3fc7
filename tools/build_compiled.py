"""Compile Sparrow's hot modules (``sparrow._compiled.MODULES``) with mypyc, beside their sources.

    python tools/build_compiled.py                  # build (or rebuild) them
    python tools/build_compiled.py --clean          # remove them: everything runs as pure Python
    python tools/build_compiled.py --stamp F --depfile D   # as make runs it (below)
    python tools/build_compiled.py --jobs 1         # one compiler process at a time

Optional: Sparrow is the same without it, only slower in the bots, the scorers and the lab. Without
a C compiler, Python's headers or mypyc it prints one line and exits 0 at once; a compiler that fails
is reported the same way. The C is written one file per module and compiled on every core
(``--jobs``, the machine's cores by default): mypyc's single file is one compiler process, the
longest step of a fresh clone's first ``make test``. Type errors that mypy finds in the compiled modules fail the build (exit 1):
those modules must stay typed. The new files replace the old ones only once all are built, under a
lock, and the record of the sources they match (``sparrow/_compiled.digest``) is written last, so a
process starting meanwhile uses the old build or none.

For make: ``--stamp`` is touched after a build (not after a skipped one, so the next ``make`` tries
again), and ``--depfile`` gets the sources the build depends on, as a makefile rule for the stamp.
"""

from __future__ import annotations

import argparse
import ast
import contextlib
import fcntl
import os
import shutil
import sys
import sysconfig
import tempfile
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
sys.path.insert(0, str(SRC))

from sparrow import _compiled  # noqa: E402  (from this checkout's sources)


def _module_path(module: str) -> Path:
    path = SRC.joinpath(*module.split("."))
    return path / "__init__.py" if path.is_dir() else path.with_suffix(".py")


def dependencies() -> list[str]:
    """The source files of :func:`dependency_modules`, relative to ``src``."""
    return sorted(str(_module_path(m).relative_to(SRC)) for m in dependency_modules())


def dependency_modules() -> list[str]:
    """The compiled modules and every Sparrow module whose types they use, directly or not (their
    imports read from the source, those under ``TYPE_CHECKING`` included): a change to any of them
    can change the compiled code."""
    found: list[str] = []
    pending = list(_compiled.MODULES)
    while pending:
        module = pending.pop()
        if module in found or not _module_path(module).exists():
            continue
        found.append(module)
        tree = ast.parse(_module_path(module).read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            elif isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            else:
                continue
            pending.extend(name for name in names if name.split(".")[0] == "sparrow")
    return sorted(found)


def _missing_tools() -> str | None:
    """Why nothing can be compiled here, or None. The compiler first: it is what a machine most often
    lacks, and looking for it costs nothing (importing mypyc costs a second)."""
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler}; Debian: apt-get install gcc python3-dev)"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "Python's headers are missing (Debian: apt-get install python3-dev)"
    try:
        import mypyc.build  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"{error.name} is not installed (pip install -e '.[compiled]')"
    return None


def _parallel_build_ext(jobs: int) -> type:
    """setuptools' build_ext, compiling the C files of one extension ``jobs`` at a time (setuptools
    compiles one extension's files one after another; its own ``--parallel`` only runs several
    extensions at once, and the group's library is one extension of many files)."""
    from setuptools.command.build_ext import build_ext

    class ParallelBuildExt(build_ext):
        def build_extensions(self) -> None:
            compile_one_by_one = self.compiler.compile

            def compile_at_once(sources: list[str], output_dir: str | None = None, **options: Any) -> list[str]:
                if len(sources) < 2 or jobs < 2:
                    return list(compile_one_by_one(sources, output_dir=output_dir, **options))
                for obj in self.compiler.object_filenames(sources, output_dir=output_dir):
                    os.makedirs(os.path.dirname(obj) or ".", exist_ok=True)  # not raced by the threads
                by_size = sorted(sources, key=lambda source: -os.path.getsize(source))  # longest first
                with ThreadPoolExecutor(jobs) as pool:
                    objects = dict(
                        zip(
                            by_size,
                            pool.map(lambda s: compile_one_by_one([s], output_dir=output_dir, **options), by_size),
                        )
                    )
                return [obj for source in sources for obj in objects[source]]  # in the sources' order

            self.compiler.compile = compile_at_once
            super().build_extensions()

    return ParallelBuildExt


@contextlib.contextmanager
def _locked() -> Iterator[None]:
    with open(SRC / "sparrow" / ".compiled.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # one build at a time (make run and make test at once)
        yield


def _built_files() -> list[Path]:
    found: list[Path] = []
    for pattern in ("*__mypyc*.so", "*__mypyc*.pyd", "sparrow/**/*.so", "sparrow/**/*.pyd"):
        found.extend(SRC.glob(pattern))
    return sorted(set(found))


def clean() -> None:
    with _locked():
        Path(_compiled.DIGEST_FILE).unlink(missing_ok=True)
        for path in _built_files():
            path.unlink()


def build(sources: list[str], jobs: int = os.cpu_count() or 1) -> bool:
    """Build the compiled modules from ``sources`` (:func:`dependencies`), ``jobs`` compiler processes
    at a time; whether they were built. Type errors exit with status 1."""
    missing = _missing_tools()
    if missing:
        print(f"compiled modules: not built, {missing}; Sparrow runs as pure Python")
        return False
    from mypyc.build import mypycify
    from setuptools import setup

    paths = [str(_module_path(m).relative_to(SRC)) for m in _compiled.MODULES]
    with _locked(), tempfile.TemporaryDirectory(prefix="sparrow-mypyc-") as work:
        digest = _compiled.source_digest(sources)
        here = os.getcwd()
        os.environ["MYPY_CACHE_DIR"] = str(Path(work) / "mypy")
        os.chdir(SRC)  # mypyc names modules from the paths it is given
        try:
            try:
                # One C file per module (multi_file) so that the compiler runs on every core; still
                # one group, so the modules call each other directly.
                extensions = mypycify(
                    paths, opt_level="3", group_name=_compiled.GROUP, target_dir=f"{work}/c", multi_file=jobs > 1
                )
            except SystemExit:
                sys.exit("compiled modules: not built, mypy found errors in them (above)")
            try:
                setup(
                    name="sparrow-compiled",
                    ext_modules=extensions,
                    cmdclass={"build_ext": _parallel_build_ext(jobs)},
                    script_args=["--quiet", "build_ext", "--build-lib", f"{work}/lib", "--build-temp", f"{work}/t"]
                    + ["--parallel", str(jobs)] * (jobs > 1),  # the modules' small extensions, several at once
                )
            except (SystemExit, Exception) as error:  # the compiler failed: setuptools exits
                print(f"compiled modules: not built ({str(error).strip() or type(error).__name__}); pure Python")
                return False
        finally:
            os.chdir(here)
        built = [path for path in Path(work, "lib").rglob("*") if path.suffix in (".so", ".pyd")]
        # The old record goes first: a process starting now runs pure Python until the new one is written.
        Path(_compiled.DIGEST_FILE).unlink(missing_ok=True)
        placed = set()
        for path in built:
            target = SRC / path.relative_to(Path(work, "lib"))
            staged = target.with_name(target.name + ".new")
            shutil.copy2(path, staged)
            os.replace(staged, target)  # a new file: a process that loaded the old one keeps it
            placed.add(target)
        for path in _built_files():
            if path not in placed:
                path.unlink()  # a module no longer compiled
        record = Path(f"{_compiled.DIGEST_FILE}.new")
        record.write_text(digest + "\n" + "\n".join(sources) + "\n")
        os.replace(record, _compiled.DIGEST_FILE)
    print(f"compiled modules: built {len(paths)} ({', '.join(_compiled.MODULES)})")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clean", action="store_true", help="remove the compiled modules")
    parser.add_argument("--stamp", type=Path, help="a file to touch after a build")
    parser.add_argument("--depfile", type=Path, help="write the build's sources here as a makefile rule")
    parser.add_argument(
        "--jobs", type=int, default=os.cpu_count() or 1, help="compiler processes at once (default: the cores)"
    )
    args = parser.parse_args()
    if args.clean:
        clean()
        print("compiled modules: removed; Sparrow runs as pure Python")
        return 0
    sources = dependencies()
    if args.depfile:
        files = [f"src/{name}" for name in sources]
        stamp = args.stamp or "compiled"
        rules = [f"{stamp}: {' '.join(files)}"] + [f"{file}:" for file in files]  # a deleted source is no error
        args.depfile.write_text("\n".join(rules) + "\n")
    if build(sources, max(1, args.jobs)) and args.stamp:
        args.stamp.touch()
    return 0


if __name__ == "__main__":
    sys.exit(main())
