"""Take back at the table in a real browser (Playwright, Debian's Chromium): the button of an
unranked game undoes your last decision (your hand and the table as they were before it), at phone
(360 px) and desktop size, in English and Dutch; a ranked game has no button. Screenshots go to
/tmp/sheets-shots/ for a person to look at."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.slow

SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 800}}
SHOTS = Path("/tmp/sheets-shots")
WORDS = {
    "en": ("Take back", "Your last decision was taken back."),
    "nl": ("Terugnemen", "Je laatste beslissing is teruggenomen."),
}


class Visitor:
    def __init__(self, browser, server, size: str, lang: str) -> None:
        self.server, self.size, self.lang = server, size, lang
        self.context = browser.new_context(viewport=SIZES[size], bypass_csp=True, locale="en-GB")
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(f"{server.url}/?lang={lang}")
        self.csrf = self.page.get_attribute("meta[name=csrf-token]", "content")
        self.api("PUT", "/api/settings", {"speed": "instant", "auto_pass": False})

    def api(self, method: str, path: str, body=None):
        answer = self.page.request.fetch(
            self.server.url + path, method=method, data=body, headers={"X-CSRF-Token": self.csrf}
        )
        assert answer.ok, answer.text()
        return answer.json()

    def open(self, game: str) -> Page:
        self.page.goto(f"{self.server.url}/games/{game}?lang={self.lang}")
        self.page.wait_for_function("document.getElementById('game').dataset.version !== undefined")
        return self.page

    def version(self) -> int:
        return int(self.page.get_attribute("#game", "data-version"))

    def hand(self) -> list[str]:
        return self.page.eval_on_selector_all("#hand [data-tile]", "tiles => tiles.map((t) => t.dataset.tile)")

    def decide(self) -> None:
        """Your decision on the page: discard the last tile of your hand, else pass."""
        version = self.version()
        discard = self.page.locator("#discard")
        if discard.count():
            if discard.is_disabled():  # no tile chosen yet (the drawn one is chosen for you when there is one)
                self.page.locator("#hand [data-tile]").last.click()
            discard.click()
        else:
            self.page.click("#actions button[data-action='pass']")
        self.page.wait_for_function(
            f"document.getElementById('game').dataset.version > {version}"
            " && document.getElementById('game').dataset.busy !== 'true'"
        )

    def snap(self, name: str) -> None:
        SHOTS.mkdir(exist_ok=True)
        self.page.evaluate("window.scrollTo(0, 0)")
        self.page.screenshot(path=str(SHOTS / f"{name}-{self.lang}-{self.size}.png"), full_page=True)


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_take_back_in_an_unranked_game(browser, server, size, lang):
    visitor = Visitor(browser, server, size, lang)
    # HKOS without flowers: a choice that makes the game unranked.
    game = visitor.api("POST", "/api/games", {"rules": "hkos", "level": "normal", "options": {"flowers": False}})
    page = visitor.open(game["id"])
    button = page.locator("#take-back")
    assert button.get_attribute("aria-label") == WORDS[lang][0]  # on a phone the arrow alone shows
    if size == "desktop":
        assert WORDS[lang][0] in button.inner_text()
    visitor.decide()
    visitor.decide()
    before = visitor.api("GET", f"/api/games/{game['id']}")
    hand_before = visitor.hand()
    visitor.decide()
    assert visitor.api("GET", f"/api/games/{game['id']}")["events"] != before["events"]
    version = visitor.version()
    button.click()
    page.wait_for_function(
        f"document.getElementById('game').dataset.version > {version}"
        " && document.getElementById('game').dataset.busy === 'false'"
    )
    now = visitor.api("GET", f"/api/games/{game['id']}")
    assert now["observation"] == before["observation"] and now["events"] == before["events"]
    assert visitor.hand() == hand_before  # the page shows the hand as it was before the decision
    assert WORDS[lang][1] in page.inner_text("#log")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES[size]["width"], f"the page is {width} px wide"
    visitor.snap("take-back")
    assert not visitor.errors


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_ranked_game_has_no_take_back(browser, server, size, lang):
    visitor = Visitor(browser, server, size, lang)
    game = visitor.api("POST", "/api/games", {"rules": "hkos", "level": "normal", "options": {}})
    assert game["ranked"]
    page = visitor.open(game["id"])
    page.wait_for_selector("#hint-toggle")
    assert page.locator("#take-back").count() == 0
    visitor.snap("ranked-no-take-back")
    assert not visitor.errors
