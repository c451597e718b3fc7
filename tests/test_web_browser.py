"""The pages in a real browser: Playwright driving Debian's Chromium (``/usr/bin/chromium``, which
``.ci/run`` installs with apt; these tests never skip).

Sign up, start a casual game, play a whole hand by clicking and typing, reload half-way and carry
on, read the score card, find the win on the leaderboard. Every page is photographed at phone
(390x844) and desktop (1280x800) size into ``tests/artifacts/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page

from sparrow.play.table import Table
from tests.web_support import Server, winning_line

pytestmark = pytest.mark.slow

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}


def snap(page: Page, name: str, size: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-{size}.png"), full_page=True)


def fits(page: Page, size: str) -> None:
    """Nothing on the page is wider than the screen."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], f"the page is {width}px wide on a {SIZES[size]['width']}px screen"


def snap_both(page: Page, name: str) -> None:
    """Check and photograph the page at phone size, then at desktop size (one page load for both),
    and leave it at phone size."""
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        fits(page, size)
        snap(page, name, size)
    page.set_viewport_size(SIZES["phone"])


def shown_version(page: Page) -> int:
    page.wait_for_function("document.getElementById('game').dataset.version !== undefined")
    return int(page.get_attribute("#game", "data-version"))


def wait_after(page: Page, version: int) -> None:
    page.wait_for_function(
        f"(() => {{ const g = document.getElementById('game');"
        f" return Number(g.dataset.version) > {version} && g.dataset.busy !== 'true'; }})()"
    )


def hand_tiles(page: Page) -> list[str]:
    return page.eval_on_selector_all("#hand .tile", "tiles => tiles.map(t => t.dataset.tile)")


def play(page: Page, action: dict, by_keyboard: bool) -> None:
    version = shown_version(page)
    kind = action["action"]
    if kind == "discard":
        tile = action["tile"]
        if by_keyboard:
            page.keyboard.type(tile)
            page.wait_for_selector(f"#hand .tile.selected[data-tile='{tile}']")
            page.keyboard.press("Enter")
        else:
            button = page.locator(f"#hand .tile[data-tile='{tile}']").last
            button.click()
            page.wait_for_selector(f"#hand .tile.selected[data-tile='{tile}']")
            page.locator("#hand .tile.selected").click()
    else:
        selector = f"#actions button[data-action='{kind}']"
        if action.get("tile"):
            selector += f"[data-tile='{action['tile']}']"
        page.click(selector)
    wait_after(page, version)


def test_sign_up_play_a_hand_by_clicking_and_reach_the_leaderboard(browser, tmp_path):
    seed, line = winning_line("casual", "normal")
    expected = Table("casual", "normal", seed)
    expected.start()
    for action in line:
        step = expected.act(action)
    total = step.result.score.total
    server = Server(tmp_path / "data", seed=seed).start()
    # bypass_csp: Playwright's wait_for_function evaluates strings, which the pages' policy forbids
    # (the last test checks the pages under their policy).
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        name = f"tester{random.randrange(10**6)}"
        page.goto(server.url + "/signup")
        page.fill("#username", name)
        page.fill("#password", "a long secret")
        page.click("#submit")
        page.wait_for_url(server.url + "/")
        assert name in page.inner_text("[data-testid=who]")
        page.select_option("#rules", "casual")
        page.check("input[name=level][value=normal]")
        page.click("#start")
        page.wait_for_url(re.compile(r".*/games/[^/]+$"))
        shown_version(page)
        page.click("#settings-open")
        page.select_option("#settings select[name=speed]", "instant")
        page.wait_for_function("document.querySelector('#settings select[name=speed]').value === 'instant'")
        page.wait_for_timeout(200)  # the change is saved on the server
        page.click("#settings-close")
        for number, action in enumerate(line):
            play(page, action, by_keyboard=number % 3 == 1)
            if number == len(line) // 2:
                before = hand_tiles(page)
                status = page.inner_text("#status")
                page.reload()
                shown_version(page)
                assert hand_tiles(page) == before  # the same hand, resumed
                assert page.inner_text("#status") == status
        page.wait_for_selector("[data-testid=scorecard]")
        assert page.inner_text("#result h2").startswith("You win")
        assert int(page.inner_text("[data-testid=score-total]")) == total
        snap(page, "result", "desktop")
        page.click("#result a:has-text('Replay this hand')")
        page.wait_for_selector("#seats .replay-seat")
        page.click("#last")
        page.wait_for_selector("#result:not([hidden]) [data-testid=score-total]")
        assert "You win" in page.inner_text("#what")  # "You win", never "You (S) wins"
        assert int(page.inner_text("#result [data-testid=score-total]")) == total
        page.goto(server.url + "/leaderboard")
        row = page.locator("[data-testid=leaderboard] tr", has_text=name)
        assert row.count() == 1
        assert "30" in row.inner_text()
        assert not errors, errors
    finally:
        context.close()
        server.stop()


def test_every_page_at_phone_and_desktop_size_and_under_the_pages_policy(browser, tmp_path):
    server = Server(tmp_path / "data", seed=7).start()
    try:
        context = browser.new_context(viewport=SIZES["phone"], bypass_csp=True)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error, errors=errors: errors.append(str(error)))
        page.goto(server.url + "/")
        snap_both(page, "home")
        page.goto(server.url + "/signup")
        snap_both(page, "signup")
        page.goto(server.url + "/")
        page.check("input[name=level][value=easy]")
        page.click("#start")
        page.wait_for_url(re.compile(r".*/games/[^/]+$"))
        shown_version(page)
        snap_both(page, "table")
        if page.locator("#hand .tile:not([disabled])").count():
            # At the default pace the computer players' moves come one at a time.
            page.locator("#hand .tile").first.click()
            page.locator("#hand .tile.selected").click()
            page.wait_for_selector("#status:has-text('computer players are playing')")
            early = page.locator("#log li").count()
            page.wait_for_selector("#game[data-busy=false]")
            assert page.locator("#log li").count() > early
        page.click("#settings-open")
        page.check("#settings input[name=hints]")
        page.check("#settings input[name=captions]")
        page.select_option("#settings select[name=speed]", "instant")
        snap_both(page, "settings")
        page.click("#settings-close")
        page.wait_for_function("document.getElementById('game').classList.contains('captions')")
        if page.locator("#hand .tile:not([disabled])").count():
            page.wait_for_selector("#hint:not([hidden]) li")
        snap_both(page, "table-hints")
        # Finish the hand quickly through the API, as the page would.
        game = page.url.rsplit("/", 1)[1]
        csrf = page.get_attribute("meta[name=csrf-token]", "content")
        view = page.request.get(f"{server.url}/api/games/{game}").json()
        rng = random.Random(3)
        while not view["hand_over"]:
            action = rng.choice(view["observation"]["legal_actions"])
            action = {k: v for k, v in action.items() if k != "seat"}
            view = page.request.post(
                f"{server.url}/api/games/{game}/actions", data=action, headers={"X-CSRF-Token": csrf}
            ).json()
        page.reload()
        page.wait_for_selector("#result:not([hidden])")
        snap_both(page, "table-result")
        page.goto(f"{server.url}/games/{game}/hands/1")
        page.wait_for_selector("#seats .replay-seat")
        page.click("#next")
        page.click("#next")
        snap_both(page, "replay")
        page.goto(server.url + "/leaderboard")
        snap_both(page, "leaderboard")
        page.goto(server.url + "/games/nonexistent")
        assert "no such game" in page.inner_text("main")
        assert not errors, errors
        context.close()
        # Under the pages' own policy (no inline script, nothing from elsewhere) they still work.
        context = browser.new_context(viewport=SIZES["phone"])
        page = context.new_page()
        complaints: list[str] = []
        page.on("console", lambda message: message.type == "error" and complaints.append(message.text))
        page.on("pageerror", lambda error: complaints.append(str(error)))
        page.goto(server.url + "/")
        page.click("#start")
        page.wait_for_url(re.compile(r".*/games/[^/]+$"))
        page.wait_for_selector("#game[data-version]")
        assert page.locator("#hand .tile").count() >= 13
        page.goto(server.url + "/leaderboard")
        assert not complaints, complaints
        context.close()
    finally:
        server.stop()
