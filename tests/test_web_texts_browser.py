"""The table's words in a real browser (Playwright driving Debian's Chromium), at phone and desktop size,
in English and in Dutch: the log and the status line name tiles as players write them ("discards Red
Dragon", "gooit Rode draak af"), never in the notation ("7z", "4f"), at every family's table.

Screenshots go to ``tests/artifacts/`` (git-ignored) for a person to look at.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from sparrow.core.tiles import TILE_CODES, tile_name
from sparrow.i18n import translate
from tests.test_web_browser import SIZES, fits, shown_version, snap, wait_after

pytestmark = pytest.mark.slow

# A tile in the notation: a digit and a suit letter on their own ("5p", "4f"), or a run ("345s").
NOTATION = re.compile(r"\b[0-9]+[mpszf]\b")

# (language, screen, the families played there): every family once in each language, both sizes.
CASES = [
    ("en", "phone", ("hkos", "riichi")),
    ("en", "desktop", ("casual", "nts", "chinese")),
    ("nl", "phone", ("casual", "riichi", "nts")),
    ("nl", "desktop", ("hkos", "chinese")),
]


def _names(lang: str) -> set[str]:
    return {translate(tile_name(code), lang) for code in TILE_CODES}


def _start(page: Page, url: str, rules: str) -> None:
    page.goto(url + "/")
    page.select_option("#rules", rules)
    page.check("input[name=level][value=easy]")
    page.click("#start")
    page.wait_for_url(re.compile(r".*/games/[^/]+$"))
    shown_version(page)


def _play_a_while(page: Page, moves: int) -> list[str]:
    """Discard the first tile of the hand or pass on a claim, ``moves`` times or to the hand's end;
    the status line as it read before each move."""
    statuses = []
    for _ in range(moves):
        if page.locator("#result:not([hidden])").count() or page.locator("#actions button").count() == 0:
            break
        statuses.append(page.inner_text("#status"))
        version = shown_version(page)
        passing = page.locator("#actions button[data-action=pass]")
        if passing.count():
            passing.first.click()
        else:
            first = page.locator("#hand .tile").first
            first.click()
            page.wait_for_selector("#hand .tile.selected")
            statuses.append(page.inner_text("#discard"))  # the button names the chosen tile
            page.locator("#hand .tile.selected").click()
        wait_after(page, version)
    return statuses


@pytest.mark.parametrize(("lang", "size", "families"), CASES)
def test_the_log_and_the_status_line_name_tiles(browser, server, lang, size, families):
    context = browser.new_context(viewport=SIZES[size], locale={"en": "en-GB", "nl": "nl-NL"}[lang], bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    names = _names(lang)
    discards = {"en": "discards", "nl": "gooit"}[lang]
    try:
        for rules in families:
            _start(page, server.url, rules)
            assert page.evaluate("document.documentElement.lang") == lang
            statuses = _play_a_while(page, 12)
            lines = page.eval_on_selector_all("#log li", "items => items.map(li => li.textContent)")
            assert len(lines) > 5, lines
            wrong = [line for line in [*lines, *statuses] if NOTATION.search(line)]
            assert not wrong, (rules, wrong[:5])
            said = [line for line in lines if discards in line]
            assert said, (rules, lines[:10])
            # every discard names a tile as the catalogue of the page's language has it
            for line in said:
                assert any(name in line for name in names), (rules, line)
            if rules == "hkos":  # flowers and seasons are set out at the start: named too
                bonus = {"en": ("Flower", "Season"), "nl": ("Bloem", "Seizoen")}[lang]
                assert any(word in line for line in lines for word in bonus), lines[:10]
            fits(page, size)
            snap(page, f"texts-log-{rules}-{lang}", size)
    finally:
        context.close()
    assert not errors, errors
