"""Take back at the table in a real browser (Playwright, Debian's Chromium): the button of an
unranked game undoes your last decision (your hand and the table as they were before it), at phone
(360 px) and desktop size, in English and Dutch; a ranked game has no button. Screenshots go to
/tmp/sheets-shots/ for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser_visitor import Visitor as BrowserVisitor

pytestmark = pytest.mark.slow

WORDS = {
    "en": ("Take back", "Your last decision was taken back."),
    "nl": ("Terugnemen", "Je laatste beslissing is teruggenomen."),
}


class Visitor(BrowserVisitor):
    def __init__(self, browser, server, size: str, lang: str) -> None:
        super().__init__(browser, server, size, lang, "/", bypass_csp=True)
        self.api("PUT", "/api/settings", {"speed": "instant", "auto_pass": False})

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
    visitor.fits()
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
