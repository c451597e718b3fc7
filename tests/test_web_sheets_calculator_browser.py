"""The score app as organisers use it (issue 30), in Chromium: the calculator's four NTS hands put on a
sheet with their winner, discarder and wind, a row checked again in the calculator and its hands saved
back, an HKOS hand going on its sheet in faan, the decisions the card and the settlement say, the Dutch
words and numbers, and the phone layout (the whole NTS sheet in 390 px, the score card in reach).
Screenshots at 390 and 1280 px go to ``tests/artifacts/score-app-*.png``.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import Page

from sparrow.formats.compact import parse_compact
from sparrow.formats.handlink import hand_query
from tests.test_web_browser import SIZES, snap

pytestmark = pytest.mark.slow

NTS_136 = "nts: 23m456p88s777z [111z] +1m* seat=E round=S"
LOSERS = {
    "S": "nts: 1379s [222z] [444m] [666p] seat=S round=S",
    "W": "nts: 999p4567m [333z] [222s] seat=W round=S",
    "N": "nts: 999m123p456s78s55p seat=N round=S",
}
LONG = ["Annemarie van den Berg", "Bob", "Cornelis Zwanenburg", "Dirk-Jan de Vries"]


def four_hands() -> str:
    query = hand_query(parse_compact(NTS_136))
    for seat, text in LOSERS.items():
        query[f"hand.{seat}"] = hand_query(parse_compact(text))["hand"]
    return urlencode(query)


def page_of(browser, size: str = "desktop") -> Page:
    context = browser.new_context(viewport=SIZES[size], locale="en-GB")
    page = context.new_page()
    page.errors = []  # type: ignore[attr-defined]
    page.on("pageerror", lambda error: page.errors.append(str(error)))  # type: ignore[attr-defined]
    return page


def new_sheet(page: Page, server, rules: str, players: list[str]) -> str:
    page.goto(server.url + "/sheets")
    page.select_option("#sheet-rules", rules)
    for index, name in enumerate(players):
        page.fill(f"#player{index}", name)
    page.click("#create-sheet")
    page.wait_for_url(re.compile(r".*/sheets/[^/]+$"))
    page.wait_for_selector("#sheet[data-rows='0'][data-busy='false']")
    return page.url.rsplit("/", 1)[1]


def calculator(page: Page, server, query: str) -> None:
    page.goto(f"{server.url}/calculator?{query}")
    page.wait_for_selector("#calculator[data-ready=true]")
    page.wait_for_selector("#settlement-body table, #card table", timeout=10000)


def fits(page: Page, width: int) -> None:
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= width, f"the page is {scroll} px wide on a {width} px screen"


def test_four_nts_hands_go_on_the_sheet_and_come_back_to_the_calculator(browser, server):
    page = page_of(browser)
    sheet_id = new_sheet(page, server, "nts", ["Ann", "Bob", "Cor", "Dirk"])
    calculator(page, server, four_hands())
    page.wait_for_selector("#settlement-body .payment.gain")
    # The settlement says which reading of "East pays and receives double" it applies.
    assert "every payment East makes or receives is doubled" in page.inner_text("#settlement-note")
    assert page.inner_text("#to-sheet-seating") == "East: Ann · South: Bob · West: Cor · North: Dirk"
    page.click("#to-sheet-add")
    page.wait_for_selector("#calculator[data-added='1']")
    assert "Added as row 1." in page.inner_text("#to-sheet-status")
    snap(page, "score-app-calculator-to-sheet", "desktop")
    page.click("#to-sheet-status a")
    page.wait_for_selector("#sheet[data-rows='1'][data-busy='false']")
    totals = {name: page.inner_text(f"#rows tfoot th[data-player='{name}']") for name in ["Ann", "Bob", "Cor", "Dirk"]}
    assert totals == {"Ann": "816", "Bob": "-244", "Cor": "-256", "Dirk": "-316"}
    row = page.request.get(f"{server.url}/api/sheets/{sheet_id}").json()["rows"][0]
    assert row["round_wind"] == "S" and row["winner"] == "Ann" and set(row["hands"]) == {"Ann", "Bob", "Cor", "Dirk"}
    # "Check in the calculator" from the row: the same four hands, and the hands can be saved back.
    page.click("#rows tr[data-n='1'] .check-link")
    page.wait_for_selector("#calculator[data-ready=true]")
    page.wait_for_selector("#settlement-body .payment.gain")
    assert page.inner_text("#card-total") == "136"
    assert page.inner_text("#to-sheet-add") == "Save the hands in row 1"
    assert f"sheet={sheet_id}" in page.url and "row=1" in page.url
    page.click("#to-sheet-add")
    page.wait_for_selector("#calculator[data-added='1']")
    assert "Row 1 now keeps these hands." in page.inner_text("#to-sheet-status")
    assert page.errors == []  # type: ignore[attr-defined]


def test_hkos_hand_goes_on_its_sheet_in_faan(browser, server):
    page = page_of(browser)
    sheet_id = new_sheet(page, server, "hkos", ["Alice", "Ben", "Cara", "Dev"])
    # Seed 003's Alice: 7 faan, 48 points.
    calculator(page, server, urlencode(hand_query(parse_compact("hkos: 12345699s11177z +7z* seat=E round=E bonus=2f"))))
    assert page.inner_text("#card-total") == "48"
    page.wait_for_selector("#to-sheet-add:not([disabled])")
    page.click("#to-sheet-add")
    page.wait_for_selector("#calculator[data-added='1']")
    row = page.request.get(f"{server.url}/api/sheets/{sheet_id}").json()["rows"][0]
    assert (row["winner"], row["faan"], row["points"]["Alice"]) == ("Alice", 7, 48)


def test_the_card_says_the_pe_ling_decision(browser, server):
    page = page_of(browser)
    calculator(page, server, urlencode(hand_query(parse_compact("nts: 11s123m23p777z [111z] +1p seat=S round=E"))))
    assert page.inner_text("#card-total") == "128"
    decision = page.inner_text("[data-testid='decision']")
    assert "Pe-ling eats cake is not counted" in decision and "168" in decision
    snap(page, "score-app-pe-ling", "desktop")


def test_phone_layout_the_whole_nts_sheet_and_the_score_card_in_reach(browser, server):
    page = page_of(browser, "phone")
    sheet_id = new_sheet(page, server, "nts", LONG)
    body = {"winner": LONG[0], "win_by": "discard", "discarder": LONG[3], "round_wind": "E"}
    body["scores"] = dict(zip(LONG, [2000, 1024, 512, 8]))
    csrf = page.get_attribute("meta[name=csrf-token]", "content")
    for _ in range(3):
        answer = page.request.post(
            f"{server.url}/api/sheets/{sheet_id}/rows", data=body, headers={"X-CSRF-Token": csrf}
        )
        assert answer.status == 201, answer.text()
        body = body | {"winner": LONG[1], "discarder": LONG[2], "scores": dict(zip(LONG, [96, 1000, 8, 0]))}
    page.goto(f"{server.url}/sheets/{sheet_id}?lang=nl")
    page.wait_for_selector("#sheet[data-rows='3'][data-busy='false']")
    snap(page, "score-app-sheet-nl", "phone")
    fits(page, 390)
    # Every player's column and the table points are on the screen, not scrolled away.
    for name in LONG:
        box = page.locator(f"#rows tfoot th[data-player='{name}']").bounding_box()
        assert box["x"] + box["width"] <= 390, name  # (checked after the screenshot below)
    box = page.locator("#standings th >> nth=-1").bounding_box()
    assert box["x"] + box["width"] <= 390
    assert "Tafelpunten" in page.inner_text("#standings")
    assert "0,5" in page.inner_text("#standings")  # the Dutch decimal mark
    snap(page, "score-app-sheet-nl", "phone")
    page.set_viewport_size(SIZES["desktop"])
    snap(page, "score-app-sheet-nl", "desktop")
    page.goto(f"{server.url}/sheets")
    assert "3 spellen" in page.inner_text("[data-testid='sheet-list']")

    # The calculator on a phone: the total is always on the screen, a tap brings the card.
    page.set_viewport_size(SIZES["phone"])
    calculator(page, server, four_hands())
    bar = page.locator("#card-bar").bounding_box()
    assert bar["y"] + bar["height"] <= SIZES["phone"]["height"] and bar["y"] >= 0
    assert page.inner_text("#card-bar-total") == "136"
    fits(page, 390)
    snap(page, "score-app-calculator", "phone")
    page.click("#card-bar")
    # The page scrolls smoothly to the card: wait for it to arrive (a loaded machine takes longer).
    page.wait_for_function("Math.abs(document.getElementById('score-card').getBoundingClientRect().y) < 40")
    page.set_viewport_size(SIZES["desktop"])
    page.evaluate("window.scrollTo(0, 0)")
    card = page.locator("#score-card").bounding_box()
    assert card["y"] < SIZES["desktop"]["height"] and card["x"] > 500  # beside the picker, in view
    snap(page, "score-app-calculator", "desktop")


def test_calculator_errors_are_wholly_dutch(browser, server):
    page = page_of(browser, "phone")
    page.goto(f"{server.url}/calculator?lang=nl")
    page.wait_for_selector("#calculator[data-ready=true]")
    page.fill("#calc-notation", "nts: 11111m23p777z [111z] +1p")
    page.press("#calc-notation", "Enter")
    page.wait_for_selector("#notation-error:not([hidden])")
    message = page.inner_text("#notation-error")
    assert message.startswith("De hand: meer dan vier exemplaren van 1m op positie 9 in"), message
    assert not re.search(r"\b(more|than|copies|at position)\b", message)
    snap(page, "score-app-error-nl", "phone")
