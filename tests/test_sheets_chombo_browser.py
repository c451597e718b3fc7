"""The chombo row on the score sheet pages in a real browser (Playwright, Debian's Chromium): added
from its own form on an NTS and a Riichi sheet, at phone (360 px) and desktop size, in English and
Dutch; the totals take it, the hands keep their numbers, and a sheet without chombo has no form.
Screenshots go to /tmp/sheets-shots/ for a person to look at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page

from tests.browser_visitor import Visitor as BrowserVisitor

pytestmark = pytest.mark.slow

NTS = ["Ann", "Bob", "Cor", "Dirk"]
SEED_000 = {"winner": "Ann", "win_by": "self_draw", "scores": {"Ann": 136, "Bob": 32, "Cor": 28, "Dirk": 8}}
GAME = {"Ann": 41200, "Bob": 28900, "Cor": 19700, "Dirk": 10200}
WORDS = {"en": ("Add chombo", "Chombo"), "nl": ("Chombo toevoegen", "Chombo")}


class Visitor(BrowserVisitor):
    def __init__(self, browser, server, size: str, lang: str) -> None:
        super().__init__(browser, server, size, lang, "/sheets")

    def open(self, sheet_id: str) -> Page:
        self.page.goto(f"{self.server.url}/sheets/{sheet_id}?lang={self.lang}")
        self.page.wait_for_selector("#sheet[data-busy='false']")
        return self.page


def add_chombo(page: Page, offender: str, lang: str, rows: int) -> None:
    button = page.locator("#chombo-submit")
    assert button.inner_text() == WORDS[lang][0]
    assert page.locator("#chombo-form h2").inner_text() == WORDS[lang][1]
    page.select_option("#chombo-player", offender)
    button.click()
    page.wait_for_selector(f"#sheet[data-rows='{rows}'][data-busy='false']")


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_chombo_on_an_nts_sheet(browser, server, size, lang):
    visitor = Visitor(browser, server, size, lang)
    sheet = visitor.api("POST", "/api/sheets", {"rules": "nts", "players": NTS, "title": "Chombo"})
    visitor.api("POST", f"/api/sheets/{sheet['id']}/rows", SEED_000)
    page = visitor.open(sheet["id"])
    add_chombo(page, "Bob", lang, 2)
    row = page.locator("#rows tr.chombo-row[data-chombo='Bob']")
    assert row.count() == 1
    group = "." if lang == "nl" else ","  # thousands grouped as the page's language writes them
    assert row.locator("td[data-player='Bob'] .added").inner_text() == f"-1{group}000"
    assert row.locator("td[data-player='Ann'] .added").inner_text() == ""  # nobody else pays
    totals = {name: page.inner_text(f"#rows tfoot th[data-player='{name}']") for name in NTS}
    assert totals == {"Ann": "816", "Bob": f"-1{group}244", "Cor": "-256", "Dirk": "-316"}
    # The next hand is still hand 2, dealt by the next dealer: the chombo moved nothing.
    visitor.api("POST", f"/api/sheets/{sheet['id']}/rows", {"drawn": True})
    page = visitor.open(sheet["id"])
    assert page.inner_text("#rows tr[data-n='3'] td.n b") == "2"
    assert page.inner_text("#rows tr[data-n='1'] td.n b") == "1"
    assert page.locator("#standings tr[data-player='Bob'] .place").inner_text() == "4."
    visitor.fits()
    visitor.snap("chombo-nts")
    assert not visitor.errors


@pytest.mark.parametrize("size", ["phone", "desktop"])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_chombo_on_a_riichi_sheet_and_none_on_hkos(browser, server, size, lang):
    visitor = Visitor(browser, server, size, lang)
    sheet = visitor.api("POST", "/api/sheets", {"rules": "riichi", "players": NTS})
    visitor.api("POST", f"/api/sheets/{sheet['id']}/rows", {"scores": GAME})
    page = visitor.open(sheet["id"])
    add_chombo(page, "Ann", lang, 2)
    cell = page.locator("#rows tr.chombo-row[data-chombo='Ann'] td[data-player='Ann'] .added")
    decimal = "," if lang == "nl" else "."
    assert cell.inner_text() == f"−20{decimal}0"
    assert page.inner_text("#rows tfoot th[data-player='Ann']") == f"+31{decimal}2"  # 51.2 from the game, less 20
    # Still one game played: a chombo is no game.
    assert page.locator("#standings tr[data-player='Ann'] td").nth(2).inner_text() == "1"
    visitor.fits()
    visitor.snap("chombo-riichi")
    hkos = visitor.api("POST", "/api/sheets", {"rules": "hkos", "players": NTS})
    page = visitor.open(hkos["id"])
    assert page.locator("#chombo-form").count() == 0  # HKOS counts no chombo
    assert not visitor.errors
