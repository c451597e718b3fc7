"""The calculator page in a real browser: Playwright driving Debian's Chromium (``/usr/bin/chromium``;
these tests never skip in CI).

Build seed 000's hand by tapping tiles and see the notation follow; type a notation and see the picker
follow; a fifth copy in red and a wrong count explained; a shared link reopening the same hand; the NTS
four hands and their settlement (E +816 / S -244 / W -256 / N -316); the Dutch page. Screenshots at
phone (390x844) and desktop (1280x800) size go to ``tests/artifacts/``.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import replace
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page, expect

from sparrow.core.tiles import Tile
from sparrow.formats.compact import format_compact, parse_compact
from sparrow.rules import get_ruleset
from sparrow.rules.generate import random_complete_situation
from tests.test_web_browser import SIZES, snap, snap_both

pytestmark = pytest.mark.slow

NTS_136 = "nts: 23m456p88s777z [111z] +1m* seat=E round=S"
LOSERS = {
    "S": "nts: 1379s [222z] [444m] [666p] seat=S round=S",
    "W": "nts: 999p4567m [333z] [222s] seat=W round=S",
    "N": "nts: 999m123p456s78s55p seat=N round=S",
}
HKOS_ALICE = "hkos: 123s456s9s777z [111z] +9s* seat=E round=E bonus=3f"


def open_page(browser, server, size: str = "desktop", path: str = "/calculator", lang: str | None = None) -> Page:
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.errors = errors  # type: ignore[attr-defined]
    if lang:
        path += ("&" if "?" in path else "?") + f"lang={lang}"
    page.goto(server.url + path)
    page.wait_for_selector("#calculator[data-ready=true]")
    return page


def tap(page: Page, tile: str, times: int = 1) -> None:
    for _ in range(times):
        page.click(f"#palette .tile[data-tile='{tile}']")


def shown(page: Page, part: str) -> list[str]:
    return page.eval_on_selector_all(f"#view-{part} .tile", "tiles => tiles.map(t => t.dataset.tile)")


def card_total(page: Page) -> str:
    return page.inner_text("#card-total")


def type_notation(page: Page, text: str) -> None:
    field = page.locator("#calc-notation")
    field.fill(text)
    field.blur()


def build_seed_000_hand(page: Page) -> None:
    page.select_option("#calc-rules", "nts")
    page.select_option("#calc-round", "S")
    for tile in ["2m", "3m", "4p", "5p", "6p", "8s", "8s", "7z", "7z", "7z"]:
        tap(page, tile)
    page.click("[data-mode=set]")
    tap(page, "1z", 3)
    page.click("#set-open")
    page.click("#set-add")
    page.click("[data-mode=win]")
    tap(page, "1m")
    page.select_option("#calc-win-by", "self_draw")


def test_notation_fills_the_picker(browser, server):
    page = open_page(browser, server)
    type_notation(page, "hkos: 9s123s456s 777z [111z] bonus=3f +9s* round=E")
    expect(page.locator("#card-total")).to_have_text("48")
    assert page.input_value("#calc-rules") == "hkos"
    assert shown(page, "concealed") == ["1s", "2s", "3s", "4s", "5s", "6s", "9s", "7z", "7z", "7z"]
    assert page.eval_on_selector_all("#view-melds .meld", "ms => ms.map(m => m.getAttribute('aria-label'))") == [
        "pung 111z"
    ]
    assert shown(page, "winning") == ["9s"] and shown(page, "bonus") == ["3f"]
    assert page.input_value("#calc-win-by") == "self_draw"
    # Leaving the field writes it in canonical form, the form `sparrow score --hand` prints.
    expect(page.locator("#calc-notation")).to_have_value(format_compact(parse_compact(HKOS_ALICE)))
    # And back: a tile tapped in the picker shows in the notation at once.
    page.click("#view-bonus .tile[data-tile='3f']")
    without = format_compact(parse_compact(HKOS_ALICE.removesuffix(" bonus=3f")))
    expect(page.locator("#calc-notation")).to_have_value(without)
    expect(page.locator("#card-total")).to_have_text("64")  # now "no bonus tiles": 8 faan
    assert not page.errors


def test_impossible_input_is_caught_as_typed(browser, server):
    page = open_page(browser, server)
    tap(page, "5p", 5)
    fifth = page.locator("#view-concealed .tile.over")
    expect(fifth.first).to_be_visible()
    assert (
        page.eval_on_selector("#view-concealed .tile.over", "t => getComputedStyle(t).borderTopColor")
        == "rgb(179, 38, 30)"
    )  # the accent red
    expect(page.locator("#hand-problem")).to_contain_text("This tile is already in the hand four times.")
    expect(page.locator("#hand-problem")).to_contain_text("A hand has 13 tiles here, this one has 5.")
    page.click("#view-concealed .tile >> nth=0")
    expect(page.locator("#view-concealed .tile.over")).to_have_count(0)
    # Typed notation: the server's sentence, naming what is wrong.
    type_notation(page, "nts: 123m456p789s234s +5m")
    expect(page.locator("#notation-error")).to_contain_text("must have 14 tiles in all, this one has 13")
    type_notation(page, "nts: 11111m456p789s23s +5m")
    expect(page.locator("#notation-error")).to_be_visible()
    expect(page.locator("#notation-error")).to_contain_text("1m")
    snap(page, "calculator-errors", "desktop")
    assert not page.errors


def test_a_shared_link_reopens_the_same_hand(browser, server):
    page = open_page(browser, server)
    type_notation(page, "hkos: 123s456s9s777z [111z] +9s* seat=E round=E bonus=3f moments=last_tile minimum=4")
    expect(page.locator("#card-total")).to_have_text(re.compile(r"\d+"))
    total = card_total(page)
    notation = page.input_value("#calc-notation")
    link = page.url
    assert "o.minimum=4" in link and "moments=last_tile" in link
    other = open_page(browser, server, path=link.removeprefix(server.url))
    expect(other.locator("#card-total")).to_have_text(total)
    assert other.input_value("#calc-notation") == notation
    assert other.is_checked("#calc-moments input[value=last_tile]")
    assert other.input_value("#calc-options [data-option=minimum]") == "4"
    assert not other.errors


def test_leaving_the_field_while_its_reading_is_on_the_way_keeps_what_was_typed(browser, server):
    """Typed, a pause (the page sends the text to be read), then a click elsewhere before the
    answer is back: the answer still fills the hand, and the text is not overwritten."""
    page = open_page(browser, server)

    def slow(route):
        time.sleep(0.6)
        route.continue_()

    page.route("**/api/calculator/read", slow)
    field = page.locator("#calc-notation")
    field.fill("hkos: 123s456s9s777z [111z] +9s* seat=E round=E minimum=0")
    page.wait_for_timeout(400)  # past the typing pause: the reading is on its way
    field.blur()
    expect(page.locator("#card-total")).to_have_text(re.compile(r"\d+"))
    assert page.input_value("#calc-rules") == "hkos"
    assert page.input_value("#calc-notation").startswith("hkos: ")
    assert not page.errors


def test_the_picker_scores_136_then_nts_four_hands_and_the_settlement(browser, server):
    page = open_page(browser, server, "phone")
    build_seed_000_hand(page)
    expect(page.locator("#calc-notation")).to_have_value(NTS_136)
    expect(page.locator("#card-total")).to_have_text("136")
    expect(page.locator("[data-testid=scorecard]")).to_contain_text("34 × 2² = 136")
    expect(page.locator("[data-testid=scorecard]")).to_contain_text("Open pung of East Wind")
    assert shown(page, "winning") == ["1m"]
    assert "hand=" in page.url
    snap_both(page, "calculator-picker")
    for seat, text in LOSERS.items():
        page.click(f".seat-tab[data-seat={seat}]")
        type_notation(page, text)
        expect(page.locator(f".seat-total[data-total={seat}]")).not_to_have_text("")
    payments = page.locator("[data-testid=settlement] .payment")
    expect(payments).to_have_text(["+816", "-244", "-256", "-316"])
    expect(page.locator("[data-testid=settlement]")).to_contain_text("136")
    totals = [page.inner_text(f".seat-total[data-total={seat}]").strip() for seat in "ESWN"]
    assert totals == ["136", "32", "28", "8"]
    # The link holds all four hands: it reopens with the same settlement.
    link = page.url
    assert "hand.S=" in link and "hand.N=" in link
    other = open_page(browser, server, "phone", path=link.removeprefix(server.url))
    expect(other.locator("[data-testid=settlement] .payment")).to_have_text(["+816", "-244", "-256", "-316"])
    snap_both(other, "calculator-nts-settlement")
    assert not page.errors and not other.errors


def test_the_dutch_page(browser, server):
    page = open_page(browser, server, "phone", lang="nl")
    expect(page.locator("h1")).to_have_text("Puntenteller")
    page.goto(server.url + "/calculator")  # no lang= now: the choice is remembered
    page.wait_for_selector("#calculator[data-ready=true]")
    expect(page.locator("h1")).to_have_text("Puntenteller")
    assert page.get_attribute("html", "lang") == "nl"
    build_seed_000_hand(page)
    card = page.locator("[data-testid=scorecard]")
    expect(card).to_contain_text("Open pung Oostenwind")
    expect(card).to_contain_text("Dichte pung Rode draak")
    expect(card).to_contain_text("verdubbeling")
    expect(page.locator("#card-total")).to_have_text("136")
    tap(page, "9m")
    expect(page.locator("#hand-problem")).to_contain_text("dit spel heeft er 15")  # the count, in Dutch
    page.click("#view-concealed .tile[data-tile='9m']")
    snap_both(page, "calculator-dutch")
    # The switch to English keeps the hand.
    page.click("a[data-lang=en]")
    page.wait_for_selector("#calculator[data-ready=true]")
    expect(page.locator("h1")).to_have_text("Hand calculator")
    expect(page.locator("#card-total")).to_have_text("136")
    assert not page.errors


def test_limit_hand_and_invalid_win_on_the_card(browser, server):
    page = open_page(browser, server)
    type_notation(page, "nts: 19m19p19s1234567z +1m")
    expect(page.locator("#card-total")).to_have_text("2,000")
    expect(page.locator("#card .limit-name")).to_have_text("Limit hand: Thirteen Orphans")
    expect(page.locator("[data-testid=scorecard]")).to_contain_text("2,000 points")
    type_notation(page, "nts: 123m456p789s234s5m +5m seat=S")
    expect(page.locator("#card-total")).to_have_text("0")
    expect(page.locator("#card-reason")).to_have_text("Not a legal win: needs at least 2 doublings, has 1")
    expect(page.locator("[data-testid=scorecard]")).to_contain_text("Four chows")
    # Every ruleset's options are on the page: HKOS's minimum changes the verdict.
    type_notation(page, "hkos: 123m456p789s234s5m +5m* seat=S")
    page.click("#calc-options-box summary")
    page.fill("#calc-options [data-option=minimum]", "0")
    page.locator("#calc-options [data-option=minimum]").dispatch_event("change")
    with_minimum = format_compact(parse_compact("hkos: 123m456p789s234s5m +5m* seat=S minimum=0"))
    expect(page.locator("#calc-notation")).to_have_value(with_minimum)
    for rules in ["casual", "chinese", "nts", "hkos"]:
        page.select_option("#calc-rules", rules)
        expect(page.locator("#calc-notation")).to_have_value(re.compile(f"^{rules}: "))
    snap(page, "calculator-options", "desktop")
    assert not page.errors


def test_the_pickers_notation_is_the_cli_notation(browser, server):
    """Generated hands of every ruleset typed in, then changed in the picker (a standing tile taken out,
    so the server is not asked): the page writes the notation exactly as ``format_compact`` does."""
    page = open_page(browser, server)
    for number in range(12):
        rules = ["nts", "hkos", "chinese", "casual"][number % 4]
        hand = random_complete_situation(random.Random(number), rules, winning=number % 3 != 2 or rules != "nts")
        type_notation(page, format_compact(hand))
        expect(page.locator("#card-total")).to_have_text(str(get_ruleset(rules).score(hand).total))
        first = page.get_attribute("#view-concealed .tile >> nth=0", "data-tile")
        page.click("#view-concealed .tile >> nth=0")
        taken = list(hand.concealed)
        taken.remove(Tile.parse(first))
        expect(page.locator("#calc-notation")).to_have_value(format_compact(replace(hand, concealed=tuple(taken))))
        expect(page.locator("#hand-problem")).to_contain_text("A hand has")
    assert not page.errors


def test_a_false_mahjong_is_not_settled(browser, server):
    main = parse_compact("nts: 123m456p789s234s5m +5m seat=S round=S")  # four chows: 1 doubling of 2
    query = {"rules": "nts", "hand": "123m456p789s234s5m +5m", "seat": "S", "round": "S", "discarder": "E"}
    query |= {
        "hand.E": "1379s [111z] [444m] [666p]",
        "hand.W": "999p4567m [333z] [222s]",
        "hand.N": "999m123p456s78s55p",
    }
    page = open_page(browser, server, path="/calculator?" + urlencode(query))
    expect(page.locator("#card-reason")).to_have_text("Not a legal win: needs at least 2 doublings, has 1")
    expect(page.locator("#settlement-note")).to_have_text("Not a legal win: needs at least 2 doublings, has 1")
    expect(page.locator("[data-testid=settlement] .payment")).to_have_text(["–", "–", "–", "–"])
    assert page.input_value("#calc-notation") == format_compact(main)
    assert not page.errors
