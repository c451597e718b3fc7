"""The end of a test run says why tests were skipped and how to run them (tests/conftest.py)."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

from tests.conftest import CHROMIUM_MISSING, skip_cause

ROOT = Path(__file__).resolve().parent.parent

SKIPPING = """
import pytest

from tests.web_support import postgres_base_url


def test_on_postgresql():
    postgres_base_url()


def test_on_postgresql_too():
    postgres_base_url()


def test_with_a_missing_package():
    pytest.importorskip("sparrow_no_such_package")


def test_that_runs():
    assert True
"""


def test_a_run_ends_with_each_cause_of_its_skips_counted_and_how_to_run_them(tmp_path):
    (tmp_path / "test_skipping.py").write_text(SKIPPING)
    environment = {k: v for k, v in os.environ.items() if k not in ("CI", "SPARROW_TEST_POSTGRES_URL")}
    environment["PYTHONPATH"] = os.pathsep.join([str(ROOT), str(ROOT / "src")])
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-n", "2", "-p", "no:cacheprovider", str(tmp_path)],
        capture_output=True,
        text=True,
        env=environment,
        cwd=tmp_path,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    header = next(i for i, line in enumerate(lines) if "3 skipped: why, and how to run them" in line)
    summary = [line.strip() for line in lines[header + 1 : header + 3]]
    assert summary[0].startswith("2 no PostgreSQL")
    assert "export SPARROW_TEST_POSTGRES_URL=postgresql+psycopg://" in summary[0]
    assert summary[1].startswith("1 no sparrow_no_such_package")
    assert "pip install sparrow_no_such_package" in summary[1]


def test_a_missing_package_of_the_test_extra_is_named_with_its_pin():
    pins = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["optional-dependencies"]["test"]
    riichienv = next(pin for pin in pins if pin.startswith("riichienv=="))
    cause, how = skip_cause("could not import 'riichienv': No module named 'riichienv'")
    assert cause == "no riichienv (a Python package)"
    assert f"pip install '{riichienv}'" in how


def test_the_browser_redis_and_other_skips_say_what_to_install():
    assert "apt-get install chromium" in skip_cause(CHROMIUM_MISSING)[1]
    assert skip_cause("the Redis test needs redis-server")[1] == "apt-get install redis-server"
    assert skip_cause("a reason nobody foresaw") == ("a reason nobody foresaw", "")
