"""Test-wide settings.

Hypothesis judges a test by its examples, not by the clock: the suite runs on busy shared machines
and on every core at once, where a first example that loads the shanten tables or a slow moment of
the machine would otherwise fail a test that found no bug (no deadline, no too-slow health check).
"""

import os

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
        pytest.skip(f"browser tests need Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
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
