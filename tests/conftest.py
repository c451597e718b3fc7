"""Test-wide settings.

Hypothesis judges a test by its examples, not by the clock: the suite runs on busy shared machines
and on every core at once, where a first example that loads the shanten tables or a slow moment of
the machine would otherwise fail a test that found no bug (no deadline, no too-slow health check).
"""

import os
import re
import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from tests import clients
from tests.scale import scaled


def _in_ci() -> bool:
    return os.environ.get("CI", "").lower() not in ("", "0", "false", "no")


# A property test without a size of its own tries 50 examples (100 is Hypothesis's default); the
# budgets of the heavier ones are in their modules. SPARROW_TEST_SCALE multiplies both.
settings.register_profile(
    "sparrow", deadline=None, suppress_health_check=[HealthCheck.too_slow], max_examples=scaled(50)
)
# In CI (CI set, as .ci/run sets it) every run draws the same examples: a submission is judged on the
# code, never on a freshly drawn example; a new bug is found locally, where the draws stay random.
# No example database either: a fresh clone has none, and what one machine saved must not steer another.
settings.register_profile("sparrow-ci", parent=settings.get_profile("sparrow"), derandomize=True, database=None)
settings.load_profile(os.environ.get("SPARROW_HYPOTHESIS_PROFILE") or ("sparrow-ci" if _in_ci() else "sparrow"))


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_call(item):
    """The test clients a test's body opened are closed when it ends (tests/clients.py)."""
    mark = clients.opened()
    yield
    clients.close_since(mark)


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_MISSING = f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser():
    """Debian's Chromium under Playwright, one per test process: every browser test opens its own
    context (cookies, storage and viewport of its own) in it, so starting a browser is paid once."""
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium")
        pytest.skip(CHROMIUM_MISSING)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """``sparrow serve`` on a SQLite database of its own, shared by the browser tests of one test
    process that need no particular seed (each test's browser context is a visitor of its own)."""
    from tests.web_support import Server

    running = Server(tmp_path_factory.mktemp("pages-data")).start()
    yield running
    running.stop()


@pytest.fixture(autouse=True)
def _close_browser_contexts(request):
    """The browser outlives each test: whatever contexts a test opened are closed after it."""
    yield
    if "browser" in request.fixturenames:
        for context in request.getfixturevalue("browser").contexts:
            context.close()


def pytest_collection_modifyitems(config, items):
    """The heavy tests (marked slow) first, the order otherwise kept: ``make test`` runs on both cores
    (``-n auto --dist worksteal``), and a heavy test started last would leave one core idle at the end."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


# Why a test was skipped, as its skip message says it, and how to run it instead: the end of the run
# lists each cause once with its count, so a developer learns what to install rather than reading a
# column of "s". (In CI, with CI set, the Chromium, PostgreSQL and Redis tests fail instead of skipping.)
SKIP_CAUSES = [
    (
        re.compile(r"Chromium"),
        "no Chromium (the browser tests)",
        f"apt-get install chromium fonts-noto-cjk (Debian's, at {CHROMIUM}; never `playwright install`)",
    ),
    (
        re.compile(r"SPARROW_TEST_POSTGRES_URL"),
        "no PostgreSQL (the storage and web tests on PostgreSQL)",
        "export SPARROW_TEST_POSTGRES_URL=postgresql+psycopg://sparrow:sparrow@127.0.0.1:5432/sparrow_test "
        "(a login and an empty database it owns: .ci/run sets them up)",
    ),
    (re.compile(r"redis-server"), "no Redis (rooms across server processes)", "apt-get install redis-server"),
    (re.compile(r"node is not installed"), "no Node.js (the table script's texts)", "apt-get install nodejs"),
    (re.compile(r"not a git checkout"), "not a git checkout", "run the tests in a clone of the repository"),
]
_IMPORT_SKIP = re.compile(r"could not import '([\w.]+)'")


def _pinned_requirement(module: str) -> str | None:
    """The pinned requirement of the package that provides ``module``, from pyproject.toml's extras."""
    project = tomllib.loads((Path(__file__).resolve().parent.parent / "pyproject.toml").read_text())["project"]
    name = module.split(".")[0].replace("_", "-").lower()
    for extra, requirements in project.get("optional-dependencies", {}).items():
        for requirement in requirements:
            if re.split(r"[\[=<>~! ]", requirement, maxsplit=1)[0].lower() == name:
                return f"pip install '{requirement}' (in the {extra} extra: pip install -e '.[{extra}]')"
    return None


def skip_cause(reason: str) -> tuple[str, str]:
    """What is missing for a skipped test, and how to enable it, from its skip message."""
    for pattern, cause, how in SKIP_CAUSES:
        if pattern.search(reason):
            return cause, how
    imported = _IMPORT_SKIP.search(reason)
    if imported:
        module = imported.group(1)
        how = _pinned_requirement(module) or f"pip install {module.split('.')[0]} (`make bench` installs the peers)"
        return f"no {module} (a Python package)", how
    return reason, ""


def _skip_reason(report: pytest.TestReport | pytest.CollectReport) -> str:
    longrepr = report.longrepr
    # (file, line, message) in the process that ran it; xdist may hand it over as a list
    reason = longrepr[2] if isinstance(longrepr, tuple | list) and len(longrepr) == 3 else str(longrepr)
    return reason.removeprefix("Skipped: ")


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    """The run ends by saying why each skipped test was skipped and how to run it."""
    skipped = [report for report in terminalreporter.stats.get("skipped", []) if report.skipped]
    if not skipped:
        return
    causes: dict[tuple[str, str], int] = {}
    for report in skipped:
        cause = skip_cause(_skip_reason(report))
        causes[cause] = causes.get(cause, 0) + 1
    terminalreporter.section(f"{len(skipped)} skipped: why, and how to run them", sep="-")
    for (cause, how), count in sorted(causes.items(), key=lambda item: -item[1]):
        terminalreporter.line(f"{count:5} {cause}" + (f": {how}" if how else ""))
