"""A person picks an outside program as the computer opponents on the home page and plays it at the
table (``sparrow serve --opponent``), in Chromium at phone and desktop size."""

from __future__ import annotations

import re
import sys

import pytest

from tests.test_web_browser import play, snap_both
from tests.test_web_table_browser import Visit
from tests.web_support import ROOT, Server

pytestmark = pytest.mark.slow


def test_an_offered_program_is_chosen_on_the_home_page_and_plays_at_the_table(browser, tmp_path):
    bot = f"randombot=cmd:{sys.executable} {ROOT / 'examples' / 'random_bot.py'}"
    server = Server(tmp_path, args=("--opponent", bot)).start()
    try:
        visit = Visit(browser, server)
        page = visit.page
        visit.api("PUT", "/api/settings", {"speed": "instant"})
        page.reload()
        choice = page.locator('input[name="level"][value="randombot"]')
        assert choice.count() == 1
        assert "randombot" in page.inner_text("fieldset.levels")
        choice.check()
        snap_both(page, "home-outside-opponent")
        page.click("#start")
        page.wait_for_url(re.compile(r"/games/[\w-]+$"))
        game = page.url.rsplit("/", 1)[1]
        view = visit.view(game)
        assert view["level"] == "randombot" and view["ranked"] is False
        page.wait_for_selector("#status")
        # The seats are drawn once the table's first view has arrived: wait for a name, not the page.
        page.get_by_text(re.compile(r"randombot [123]")).first.wait_for()
        names = page.inner_text("body")
        assert "randombot 1" in names or "randombot 2" in names or "randombot 3" in names
        assert "unranked" in page.inner_text("#title")
        # Play by clicking (the first legal action: a pass on a claim, else a discard) until the hand
        # is over: the programs answer every move in between.
        for _ in range(60):
            view = visit.view(game)
            if view["hand_over"]:
                break
            legal = view["observation"]["legal_actions"]
            action = next((a for a in legal if a["action"] in ("pass", "discard")), legal[0])
            page.wait_for_function(
                f"(() => {{ const g = document.getElementById('game');"
                f" return Number(g.dataset.version) === {view['version']} && g.dataset.busy !== 'true'; }})()"
            )
            play(page, action, by_keyboard=True)
        assert visit.view(game)["hand_over"]
        snap_both(page, "table-outside-opponent")
        assert not visit.errors, visit.errors
    finally:
        server.stop()
