"""tools/build_compiled.py: without a C compiler it says so in one line and stops; with one, an
extension of several C files is compiled a file per process, several at once, and works."""

from __future__ import annotations

import importlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "tools" / "build_compiled.py"


def _tool():
    spec = importlib.util.spec_from_file_location("build_compiled", TOOL)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_without_a_c_compiler_the_build_says_so_in_one_line_and_leaves_pure_python(tmp_path):
    stamp, depfile = tmp_path / "stamp", tmp_path / "compiled.d"
    environment = {**os.environ, "CC": "sparrow-no-such-compiler"}
    done = subprocess.run(
        [sys.executable, str(TOOL), "--stamp", str(stamp), "--depfile", str(depfile)],
        capture_output=True,
        text=True,
        env=environment,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "compiled modules: not built, no C compiler (sparrow-no-such-compiler; Debian: apt-get install gcc "
        "python3-dev); Sparrow runs as pure Python"
    ]
    assert not stamp.exists()  # the next make tries again
    assert depfile.read_text().startswith(f"{stamp}: src/sparrow/")


C_FILES = {
    "main.c": """
#define PY_SSIZE_T_CLEAN
#include <Python.h>
long part_one(void);
long part_two(void);
static PyObject *total(PyObject *self, PyObject *args) { return PyLong_FromLong(part_one() + part_two()); }
static PyMethodDef methods[] = {{"total", total, METH_NOARGS, NULL}, {NULL, NULL, 0, NULL}};
static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, "parts", NULL, -1, methods};
PyMODINIT_FUNC PyInit_parts(void) { return PyModule_Create(&module); }
""",
    "one.c": "long part_one(void) { return 40; }\n",
    "two.c": "long part_two(void) { return 2; }\n",
}


@pytest.mark.skipif(shutil.which(sysconfig.get_config_var("CC").split()[0] or "cc") is None, reason="no C compiler")
def test_an_extension_of_several_files_is_compiled_a_file_at_a_time_in_parallel_and_works(tmp_path, monkeypatch):
    from setuptools import Extension, setup

    # The compiler class that setuptools' build_ext makes: distutils as setuptools provides it, so
    # imported after setuptools.
    compiler_class = type(importlib.import_module("distutils.ccompiler").new_compiler())

    for name, text in C_FILES.items():
        (tmp_path / name).write_text(text)
    running, most, calls = [0], [0], []
    lock = threading.Lock()
    compile_files = compiler_class.compile

    def watched(self, sources, *args, **kwargs):
        with lock:
            running[0] += 1
            most[0] = max(most[0], running[0])
            calls.append(list(sources))
        time.sleep(0.3)  # long enough for the other file's compile to start beside it
        try:
            return compile_files(self, sources, *args, **kwargs)
        finally:
            with lock:
                running[0] -= 1

    monkeypatch.setattr(compiler_class, "compile", watched)
    monkeypatch.chdir(tmp_path)
    setup(
        name="parts",
        ext_modules=[Extension("parts", sources=list(C_FILES))],
        cmdclass={"build_ext": _tool()._parallel_build_ext(2)},
        script_args=["--quiet", "build_ext", "--build-lib", "lib", "--build-temp", "t"],
    )
    assert sorted(calls) == [[name] for name in sorted(C_FILES)]  # a compiler process per file
    assert most[0] == 2  # two at once
    (built,) = (tmp_path / "lib").glob("parts*")
    spec = importlib.util.spec_from_file_location("parts", built)
    assert spec and spec.loader
    parts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(parts)
    assert parts.total() == 42  # linked from the three files' objects
