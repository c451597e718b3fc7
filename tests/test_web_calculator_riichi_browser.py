"""The calculator under Riichi in a real browser (Playwright driving Debian's Chromium): build a
haneman by tapping tiles, a red five and the indicators, tick riichi and ippatsu, see each yaku with
its han, the fu, han + fu + limit and who pays; type a hand and see the picker follow; bad input shows
the server's sentence and the hand stays as it was; a shared link reopens every riichi field; the
Dutch page keeps the Japanese terms. Screenshots at phone (390x844) and desktop (1280x900) size go to
``tests/artifacts/``.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

import pytest
from playwright.sync_api import Page, expect

from sparrow.formats.compact import format_compact, parse_compact
from tests.test_web_browser import ARTIFACTS, fits
from tests.test_web_calculator_browser import open_page, shown, tap, type_notation

pytestmark = pytest.mark.slow

HANEMAN = "riichi: 234m340p66s12378s +9s* seat=S moments=riichi,ippatsu dora=1m ura_dora=0p honba=2"
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}


def snap_riichi(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        fits(page, size)
        page.screenshot(path=str(ARTIFACTS / f"{name}-{size}.png"), full_page=True)


def card_rows(page: Page, testid: str) -> list[list[str]]:
    return page.eval_on_selector_all(
        f"#card table[data-testid={testid}] tr",
        "rows => rows.map(r => [...r.cells].map(c => c.textContent))",
    )


def build_haneman(page: Page) -> None:
    page.select_option("#calc-rules", "riichi")
    for tile in ["2m", "3m", "4m", "3p", "4p", "0p", "6s", "6s", "1s", "2s", "3s", "7s", "8s"]:
        tap(page, tile)
    page.click("[data-mode=win]")
    tap(page, "9s")
    page.select_option("#calc-win-by", "self_draw")
    page.click(".seat-tab[data-seat=S]")
    page.click("[data-mode=dora]")
    tap(page, "1m")
    page.click("[data-mode=ura]")
    tap(page, "0p")  # an indicator's colour does not matter: it is the 5p turned over
    page.fill("#calc-honba", "2")
    page.locator("#calc-honba").blur()
    for label in ("Riichi", "Ippatsu"):
        page.locator("#calc-moments label[data-family=riichi]", has_text=label).first.locator("input").check()


def test_the_picker_builds_a_riichi_haneman(browser, server):
    page = open_page(browser, server)
    build_haneman(page)
    expect(page.locator("#card-total")).to_have_text("12,000")
    # The picker drew the red five distinctly and offers no flowers.
    assert page.locator("#palette .tile[data-tile='0p'].red-five").count() == 1
    assert page.locator("#palette .tile[data-tile$='f']").count() == 0
    assert page.locator("#part-bonus").is_hidden() and page.locator("#part-dora").is_visible()
    color = page.eval_on_selector("#palette .tile[data-tile='0p'] .face b", "b => getComputedStyle(b).color")
    assert color == "rgb(208, 33, 28)"
    assert shown(page, "dora") == ["1m"] and shown(page, "ura") == ["5p"]
    # The card: each yaku with its han, the fu, han + fu + limit, the points and who pays.
    assert card_rows(page, "yaku") == [
        ["Riichi", "1 han"],
        ["Ippatsu", "1 han"],
        ["Menzen tsumo", "1 han"],
        ["Pinfu", "1 han"],
        ["Dora", "1 han"],
        ["Aka dora", "1 han"],
        ["Han", "6"],
    ]
    assert card_rows(page, "fu") == [["Base", "20 fu"], ["Fu", "20"]]
    expect(page.locator("[data-testid=riichi-summary]")).to_have_text("6 han 20 fu · Haneman")
    assert card_rows(page, "payments") == [
        ["The dealer pays", "6,200"],
        ["Each non-dealer pays", "3,200"],
        ["Honba (2), included", "+600"],
        ["The winner receives", "12,600"],
    ]
    # The notation follows, in the form `sparrow score --hand` prints.
    expect(page.locator("#calc-notation")).to_have_value(format_compact(parse_compact(HANEMAN)))
    # The address holds every riichi field.
    page.wait_for_function("location.search.includes('dora=')")
    params = parse_qs(urlparse(page.url).query)
    assert params["dora"] == ["1m"] and params["ura_dora"] == ["5p"] and params["honba"] == ["2"]
    assert params["moments"] == ["riichi,ippatsu"] and params["hand"] == ["234m340p1236678s +9s*"]
    snap_riichi(page, "calculator-riichi")
    assert not page.errors


def test_typed_riichi_hand_fills_the_picker_and_the_link_reopens_it(browser, server):
    page = open_page(browser, server)
    type_notation(
        page, "riichi: 234m340p66s12378s +9s seat=S moments=riichi dora=1m honba=1 riichi_sticks=2 preset=m-league"
    )
    expect(page.locator("#card-total")).to_have_text("8,000")  # 4 han 30 fu, kiriage mangan
    assert page.input_value("#calc-rules") == "riichi" and page.input_value("#calc-preset") == "m-league"
    assert page.input_value("#calc-honba") == "1" and page.input_value("#calc-sticks") == "2"
    assert page.input_value("#calc-win-by") == "discard"
    assert page.is_checked("#calc-moments label[data-family=riichi] input[value=riichi]")
    # Under M-League kiriage is on: the option shows the preset's value.
    assert page.is_checked("#calc-options input[data-option=kiriage]")
    assert card_rows(page, "payments") == [
        ["The discarder pays", "8,300"],
        ["Honba (1), included", "+300"],
        ["Riichi sticks (2)", "+2,000"],
        ["The winner receives", "10,300"],
    ]
    page.wait_for_function("location.search.includes('riichi_sticks=2')")
    link = page.url
    again = open_page(browser, server, path=link.removeprefix(server.url))
    expect(again.locator("#card-total")).to_have_text("8,000")
    assert again.input_value("#calc-preset") == "m-league" and again.input_value("#calc-sticks") == "2"
    assert shown(again, "dora") == ["1m"] and shown(again, "concealed")[3:6] == ["3p", "4p", "0p"]
    # The preset back to Tenhou: 7700, kiriage off again.
    again.select_option("#calc-preset", "tenhou")
    expect(again.locator("#card-total")).to_have_text("7,700")
    assert not again.is_checked("#calc-options input[data-option=kiriage]")
    assert not page.errors and not again.errors


def test_bad_riichi_input_shows_the_servers_sentence_and_keeps_the_hand(browser, server):
    page = open_page(browser, server)
    # Two red fives of one suit, tapped: the server's sentence, the tiles as tapped.
    page.select_option("#calc-rules", "riichi")
    for tile in ["2m", "3m", "4m", "3p", "0p", "0p", "6s", "6s", "1s", "2s", "3s", "7s", "8s"]:
        tap(page, tile)
    page.click("[data-mode=win]")
    tap(page, "9s")
    expect(page.locator("[data-testid=card-error]")).to_contain_text("two red fives of circles")
    expect(page.locator("#hand-problem")).to_contain_text("two red fives of circles")
    assert shown(page, "concealed").count("0p") == 2
    # Riichi with an open set.
    type_notation(page, "riichi: 234m340p66s12s [789s] +3s seat=S moments=riichi")
    expect(page.locator("#notation-error")).to_contain_text("riichi is declared only with a closed hand")
    # A dora indicator that is not a tile: the field keeps what was typed.
    typed = "riichi: 234m340p66s12378s +9s seat=S dora=9x"
    type_notation(page, typed)
    expect(page.locator("#notation-error")).to_contain_text("dora")
    expect(page.locator("#calc-notation")).to_have_value(typed)
    assert not page.errors


def test_leaving_riichi_drops_what_other_rules_have_no_place_for(browser, server):
    page = open_page(browser, server)
    type_notation(page, HANEMAN)
    expect(page.locator("#card-total")).to_have_text("12,000")
    page.select_option("#calc-rules", "hkos")
    expect(page.locator("#palette .tile[data-tile='1f']")).to_have_count(1)
    assert page.locator("#palette .tile[data-tile='0p']").count() == 0
    assert "0p" not in shown(page, "concealed") and "5p" in shown(page, "concealed")
    assert page.locator("#part-dora").is_hidden() and page.locator("#riichi-row").is_hidden()
    expect(page.locator("#calc-notation")).not_to_have_value("dora=")
    assert "dora" not in page.input_value("#calc-notation")
    assert not page.errors


def test_the_dutch_riichi_page(browser, server):
    page = open_page(browser, server, lang="nl")
    type_notation(page, HANEMAN)
    expect(page.locator("#card-total")).to_have_text("12.000")
    expect(page.locator("#part-dora")).to_contain_text("Dora-indicatoren")
    expect(page.locator("#calc-moments")).to_contain_text("Haitei / houtei")
    assert ["Riichi", "1 han"] in card_rows(page, "yaku")
    assert card_rows(page, "payments")[0] == ["De dealer betaalt", "6.200"]
    snap_riichi(page, "calculator-riichi-nl")
    assert not page.errors
