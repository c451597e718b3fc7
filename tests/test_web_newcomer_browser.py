"""A newcomer's first pages in a real browser (Playwright, Debian's Chromium), at phone and desktop
size, in English and Dutch: every family the home page offers says how its hand is played in its own
words (Riichi's chi, pon and kan) and is named in the README's browser steps; the new-game form says
once whether the game as chosen is ranked and marks a choice as unranking only where choosing it does
(HKOS's flowers are ticked by default: unticking them unranks); and on a 360 px phone every item of
the menu, on every page, is in reach without a sideways scroll."""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from sparrow.i18n import gettext
from sparrow.rules import get_ruleset
from sparrow.web.pages import rules_shown
from tests.test_web_browser import SIZES, fits, snap

ROOT = Path(__file__).resolve().parent.parent
PHONE = {"width": 360, "height": 740}  # the narrowest phone a newcomer brought
SHOTS = Path("/tmp/newcomer-shots")


def _shot(page: Page, name: str) -> None:
    """A picture for a person to look at: under tests/artifacts/ like every browser test's, and a copy
    where this work's pictures are kept when that folder can be written."""
    size = "phone" if page.viewport_size["width"] <= 400 else "desktop"
    snap(page, name, size)
    try:
        SHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}-{size}.png"), full_page=True)
    except OSError:
        pass


def translate(text: str, lang: str) -> str:
    """``text`` as the catalogue of ``lang`` has it (the page's own look-up)."""
    return gettext(lang)(text)


def _visit(browser: Any, viewport: dict[str, int]) -> tuple[Any, Page, list[str]]:
    context = browser.new_context(viewport=viewport, locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return context, page, errors


# ---------------------------------------------------------------------------- every family's own words


def test_the_readmes_browser_steps_name_every_family_the_home_page_offers():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    steps = readme.split("## Playing in the browser", 1)[1].split("\n#", 1)[0]  # the numbered steps
    offered = rules_shown()
    assert "riichi" in offered
    for label in offered.values():
        family = label.split(" (")[0]  # "Hong Kong Old Style (3-faan minimum)": Hong Kong Old Style
        assert family in steps, f"the README's browser steps do not name {family}"


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_each_family_offered_says_how_its_hand_is_played_in_its_own_words(browser, server, lang):
    context, page, errors = _visit(browser, SIZES["desktop"])
    page.goto(f"{server.url}/?lang={lang}")
    offered = page.eval_on_selector_all("#rules option", "options => options.map(o => o.value)")
    assert offered == list(rules_shown())
    for size in ("phone", "desktop"):
        page.set_viewport_size(PHONE if size == "phone" else SIZES["desktop"])
        for name in offered:
            page.select_option("#rules", name)
            shown = page.locator("[data-testid=family-intro]:visible")
            assert shown.count() == 1, name
            assert shown.get_attribute("data-rules") == name
            assert shown.inner_text() == translate(get_ruleset(name).play_intro, lang)
            if name == "riichi":
                words = shown.inner_text()
                assert re.search(r"\bpon\b", words) and re.search(r"\bkan\b", words)
                assert not re.search(r"\b(Pong|Pung|Kong|Chow)\b", words), words
            assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
        _shot(page, f"newcomer-riichi-intro-{lang}")
    assert errors == []


# ---------------------------------------------------------------------------- ranked or not, said once


def _ranking(page: Page) -> tuple[str, str]:
    line = page.locator("[data-testid=ranking]")
    return line.inner_text(), line.get_attribute("data-ranked")


def _start(page: Page, server: Any) -> dict:
    page.click("#start")
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    return page.request.get(f"{server.url}/api/games/{page.url.rsplit('/', 1)[1]}").json()


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "nl"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_hkos_says_once_which_choices_unrank_a_game_and_the_defaults_are_ranked(browser, server, lang, size):
    def _(text: str) -> str:
        return translate(text, lang)

    context, page, errors = _visit(browser, PHONE if size == "phone" else SIZES[size])
    page.goto(f"{server.url}/?lang={lang}")
    page.select_option("#rules", "hkos")
    box = page.locator('fieldset.match-choices[data-rules="hkos"]')
    flowers = box.locator("input[name=flowers]")
    assert flowers.is_checked()  # the default: flowers and seasons in play
    ranked = _("Ranked: sign up, and your wins in this game count for the leaderboard.")
    hint = _("A choice marked “unranked” would take it off.")
    unranked = _("Unranked, because of a choice marked “unranked”: wins in this game do not count for the leaderboard.")
    assert _ranking(page) == (f"{ranked} {hint}", "true")
    # The ticked box is marked for unticking it, the unticked one for ticking it; never a bare "unranked".
    flowers_label = box.locator("label", has=page.locator("input[name=flowers]")).inner_text()
    assert f"({_('unticked: unranked')})" in flowers_label
    assert f"({_('unranked')})" not in flowers_label
    seven_pairs_label = box.locator("label", has=page.locator("input[name=seven_pairs]")).inner_text()
    assert f"({_('ticked: unranked')})" in seven_pairs_label
    # The minimum: its default (3 faan) is not marked, the lower ones are.
    minimum = box.locator("select[name=minimum] option").all_inner_texts()
    assert [f"({_('unranked')})" in text for text in minimum] == [False, True, True]
    # The match length changes nothing of the ranking: nothing marked.
    assert _("unranked") not in " ".join(box.locator("select[name=short_match] option").all_inner_texts())
    # The line is said once on the page.
    assert page.get_by_text(ranked).count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= page.viewport_size["width"]
    _shot(page, f"newcomer-hkos-ranked-{lang}")
    flowers.uncheck()
    assert _ranking(page) == (unranked, "false")
    _shot(page, f"newcomer-hkos-unranked-{lang}")
    flowers.check()
    assert _ranking(page) == (f"{ranked} {hint}", "true")
    box.locator("select[name=minimum]").select_option("1")
    assert _ranking(page) == (unranked, "false")
    box.locator("select[name=minimum]").select_option("3")
    box.locator("input[name=seven_pairs]").check()
    assert _ranking(page) == (unranked, "false")
    # Casual has nothing that unranks: ranked, and no hint about marks nobody can see.
    page.select_option("#rules", "casual")
    assert _ranking(page) == (ranked, "true")
    if size == "desktop" and lang == "en":  # what the page says is what the server decides
        page.select_option("#rules", "hkos")
        view = _start(page, server)  # seven pairs ticked (the browser kept it)
        assert view["rules"] == "hkos" and view["options"] == {"seven_pairs": True} and view["ranked"] is False
        page.goto(f"{server.url}/")
        page.select_option("#rules", "hkos")
        page.locator('fieldset.match-choices[data-rules="hkos"] input[name=seven_pairs]').uncheck()
        assert _ranking(page)[1] == "true"
        view = _start(page, server)  # the defaults, flowers ticked
        assert view["options"] == {} and view["ranked"] is True
        page.goto(f"{server.url}/")
        page.select_option("#rules", "hkos")
        page.locator('fieldset.match-choices[data-rules="hkos"] input[name=flowers]').uncheck()
        assert _ranking(page)[1] == "false"
        view = _start(page, server)
        assert view["options"] == {"flowers": False} and view["ranked"] is False
    assert errors == []


# ---------------------------------------------------------------------------- the phone menu


_MENU = """() => [...document.querySelectorAll('header.site nav a, header.site nav button')].map(item => {
  const box = item.getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return {text: item.textContent.trim(), left: box.left, right: box.right, width: box.width,
          reached: hit !== null && (hit === item || item.contains(hit))};
})"""


def _menu_in_reach(page: Page, where: str) -> list[str]:
    """Open the menu if it is folded, then every item: inside the 360 px, not hidden under anything."""
    toggle = page.locator("#menu-toggle")
    if toggle.is_visible():
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "true"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page is {width}px wide"
    items = page.evaluate(_MENU)
    assert len(items) >= 7, where  # five pages, sign in or out (and up), two languages
    for item in items:
        assert item["width"] > 0 and item["left"] >= 0 and item["right"] <= PHONE["width"], (where, item)
        assert item["reached"], (where, item)
    return [item["text"] for item in items]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_item_of_the_phone_menu_is_in_reach_on_every_page(browser, server, lang):
    context, page, errors = _visit(browser, PHONE)
    page.goto(f"{server.url}/?lang={lang}")  # the language is remembered from here on
    game = _start(page, server)["id"]
    csrf = page.get_attribute("meta[name=csrf-token]", "content")
    room = page.request.post(
        f"{server.url}/api/rooms", data={"rules": "casual", "turn_seconds": None}, headers={"X-CSRF-Token": csrf}
    ).json()["id"]
    pages = ["/", "/rooms", f"/rooms/{room}", "/leaderboard", "/calculator", "/sheets", "/signin", "/signup"]
    pages += [f"/games/{game}", "/games/no-such-game"]
    for path in pages:
        page.goto(server.url + path)
        texts = _menu_in_reach(page, f"guest {path}")
        assert translate("Sign in", lang) in texts and "NL" in texts and "EN" in texts
        if path.startswith("/rooms/"):
            _shot(page, f"newcomer-menu-room-guest-{lang}")
        elif path == f"/games/{game}":
            _shot(page, f"newcomer-menu-game-guest-{lang}")
    # The game page's menu works: its language link is clicked and the page turns to the other language.
    other = "en" if lang == "nl" else "nl"
    page.goto(f"{server.url}/games/{game}")
    _menu_in_reach(page, "game")
    page.click(f"header.site nav a[data-lang={other}]")
    page.wait_for_url(re.compile(rf"lang={other}"))
    assert page.get_attribute("html", "lang") == other
    page.goto(f"{server.url}/?lang={lang}")
    # Signed in, with the longest username there may be: the name and Sign out are in reach too.
    page.goto(server.url + "/signup")
    name = f"{lang}newcomer{random.randrange(10**6):06d}".ljust(32, "x")
    page.fill("#username", name)
    page.fill("#password", "a long secret")
    page.click("#submit")
    page.wait_for_url(server.url + "/")
    for path in ["/", "/account", "/rooms", f"/rooms/{room}", "/calculator", "/sheets", f"/games/{game}"]:
        page.goto(server.url + path)
        texts = _menu_in_reach(page, f"signed in {path}")
        assert translate("Sign out", lang) in texts and any(name in text for text in texts)
        if path == f"/games/{game}":
            _shot(page, f"newcomer-menu-game-signed-in-{lang}")
        elif path == "/":
            _shot(page, f"newcomer-menu-home-signed-in-{lang}")
    # The menu button closes again, and on a desktop the menu is never folded.
    page.goto(f"{server.url}/games/{game}")
    page.click("#menu-toggle")
    assert page.locator("header.site nav").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator("header.site nav").is_visible()
    page.set_viewport_size(SIZES["desktop"])
    assert page.locator("#menu-toggle").is_hidden() and page.locator("header.site nav").is_visible()
    fits(page, "desktop")
    assert errors == []
