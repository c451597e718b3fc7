"""The score sheet pages in a real browser: Playwright driving Debian's Chromium (never skipped in CI).

A whole NTS session of four games typed by hand (settlement, the seats rotating, a refused row, undo,
an edit of a past row, the match ending by itself, the table points), then the Dutch page (chosen with
``?lang=nl`` and remembered), a free sheet and an HKOS sheet on a phone. The pages run under their
content security policy here (no ``bypass_csp``). Screenshots at phone and desktop size go to
``tests/artifacts/`` for a person to look at.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from sparrow.sheets import create_sheet
from tests.test_web_browser import SIZES, snap

pytestmark = pytest.mark.slow

NTS = ["Ann", "Bob", "Cor", "Dirk"]


def fits_a_phone(page: Page) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= SIZES["phone"]["width"], f"the page is {width} px wide on a phone"


def rows_shown(page: Page) -> int:
    return int(page.get_attribute("#sheet", "data-rows"))


def submit(page: Page, expected_rows: int) -> None:
    page.click("#row-submit")
    page.wait_for_selector(f"#sheet[data-rows='{expected_rows}'][data-busy='false']")


def enter_nts(page: Page, row: dict) -> None:
    """Type an NTS row into the form as a person would."""
    if row.get("drawn"):
        page.select_option("#row-winner", "__drawn")
    else:
        page.select_option("#row-winner", row["winner"])
        page.select_option("#row-win_by", row["win_by"])
        if row.get("discarder"):
            page.select_option("#row-discarder", row["discarder"])
        dead = row.get("dead", [])
        for index, name in enumerate(NTS):
            if name != row["winner"]:
                page.set_checked(f"#row-dead{index}", name in dead)
            if name not in dead:
                page.fill(f"#row-score{index}", str(row["scores"].get(name, 0)))
    page.select_option("#row-round_wind", row.get("round_wind", ""))


def full(scores: dict[str, int]) -> dict[str, int]:
    """Every player's hand score, as the form sends it (a loser left empty scored 0)."""
    return dict.fromkeys(NTS, 0) | scores


def cell(page: Page, n: int, player: str) -> str:
    return page.inner_text(f"#rows tr[data-n='{n}'] td[data-player='{player}'] .added")


def totals_shown(page: Page) -> dict[str, int]:
    return {name: int(page.inner_text(f"#rows tfoot th[data-player='{name}']")) for name in NTS}


def test_a_four_game_nts_session_by_hand_then_in_dutch(browser, server):
    context = browser.new_context(viewport=SIZES["desktop"], locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    # (the refusals this test provokes are logged by the browser as failed loads: not errors of the page)
    page.on(
        "console",
        lambda m: errors.append(m.text) if m.type == "error" and "Failed to load resource" not in m.text else None,
    )
    try:
        page.goto(server.url + "/")
        page.click("header.site nav a[href='/sheets']")
        page.wait_for_url(server.url + "/sheets")
        snap(page, "sheets-list", "desktop")
        page.select_option("#sheet-rules", "nts")
        assert page.input_value("#sheet-length") == "session"
        for index, name in enumerate(NTS):
            page.fill(f"#player{index}", name)
        page.fill("#sheet-title", "Club night")
        page.click("#create-sheet")
        page.wait_for_url(re.compile(r".*/sheets/[^/]+$"))
        page.wait_for_selector("#sheet[data-rows='0']")
        assert "Deals next: Ann" in page.inner_text("#sheet-status")
        assert "Roll the dice" in page.inner_text("#sheet-status")

        games = [
            {
                "winner": "Ann",
                "win_by": "self_draw",
                "scores": {"Ann": 136, "Bob": 32, "Cor": 28, "Dirk": 8},
                "round_wind": "S",
            },
            {
                "winner": "Bob",
                "win_by": "discard",
                "discarder": "Dirk",
                "scores": full({"Bob": 96}),
                "dead": ["Cor"],
                "round_wind": "E",
            },
            {
                "winner": "Cor",
                "win_by": "discard",
                "discarder": "Ann",
                "scores": full({"Cor": 160, "Dirk": 24}),
                "round_wind": "N",
            },
            {"drawn": True, "round_wind": "W"},
        ]
        expected = create_sheet("nts", NTS)

        # Game 1: seed 000's hand of 136 by East, settled between all four.
        enter_nts(page, games[0])
        submit(page, 1)
        expected = expected.add_row(games[0])
        assert [cell(page, 1, name) for name in NTS] == ["+816", "-244", "-256", "-316"]
        assert "Deals next: Bob" in page.inner_text("#sheet-status")  # South becomes East

        # Game 2, typed wrong first (a winner's 50 is no Mahjong): refused, nothing changes.
        enter_nts(page, games[1] | {"scores": {"Bob": 50}})
        page.click("#row-submit")
        page.wait_for_selector("#row-error:not([hidden])")
        assert "The points of Bob: " in page.inner_text("#row-error")
        assert rows_shown(page) == 1
        enter_nts(page, games[1])
        submit(page, 2)
        expected = expected.add_row(games[1])
        assert page.inner_text("#rows tr[data-n='2'] td[data-player='Cor'] .hand") == "dead"  # a dead hand

        # Game 3 entered with the wrong winner, undone, entered again.
        enter_nts(page, games[2] | {"winner": "Dirk", "discarder": "Ann", "scores": {"Dirk": 160, "Cor": 24}})
        submit(page, 3)
        page.click("#undo")
        page.wait_for_selector("#sheet[data-rows='2'][data-busy='false']")
        enter_nts(page, games[2])
        submit(page, 3)
        expected = expected.add_row(games[2])

        # Edit a past row: game 1 was 152, not 136; every later total follows.
        page.click("#rows tr[data-n='1'] .edit")
        assert page.input_value("#row-score0") == "136"
        snap(page, "sheet-nts-editing", "desktop")
        page.fill("#row-score0", "152")
        page.click("#row-submit")
        page.wait_for_selector("#row-form-title:text('Add row')")
        fixed = dict(games[0], scores=games[0]["scores"] | {"Ann": 152})
        expected = expected.edit_row(1, fixed)
        assert totals_shown(page) == expected.totals
        assert cell(page, 1, "Ann") == f"+{expected.rows[0].points['Ann']}"

        # Game 4, a drawn hand: the session is over (everyone was East once).
        enter_nts(page, games[3])
        submit(page, 4)
        expected = expected.add_row(games[3])
        assert expected.over
        assert page.inner_text("#sheet-status") == "The match is over."
        assert page.is_hidden("#row-form")
        dealers = [page.inner_text(f"#rows tr[data-n='{n}'] .dealer-name") for n in range(1, 5)]
        assert dealers == NTS  # the seats rotated: each player East once
        assert totals_shown(page) == expected.totals
        for standing in expected.standings():
            row = page.locator(f"#standings tr[data-player='{standing.player}'] td")
            assert int(row.nth(1).inner_text()) == standing.total
            assert float(row.nth(5).inner_text()) == standing.to_dict()["table_points"]
        snap(page, "sheet-nts", "desktop")
        page.set_viewport_size(SIZES["phone"])
        snap(page, "sheet-nts", "phone")
        fits_a_phone(page)
        page.set_viewport_size(SIZES["desktop"])

        # The CSV export is there, one line a hand and the totals.
        sheet_url = page.url
        csv_text = page.request.get(server.url + page.get_attribute("#export-csv", "href")).text()
        assert len(csv_text.strip().splitlines()) == 1 + 4 + 1

        # In Dutch: chosen once with ?lang=nl, remembered on the next visit.
        page.goto(sheet_url + "?lang=nl")
        page.wait_for_selector("#sheet[data-rows='4']")
        assert page.get_attribute("html", "lang") == "nl"
        assert page.inner_text("#sheet-status") == "De partij is afgelopen."
        page.goto(server.url + "/sheets")
        assert page.inner_text("h1") == "Scorelijsten"
        page.click("[data-testid=sheet-link]")
        page.wait_for_selector("#sheet[data-rows='4']")
        assert page.inner_text("#end") == "Partij beëindigen"
        assert "Tafelpunten" in page.inner_text("#standings")
        # A refusal comes in Dutch too: undo the last game and type a score over the maximum.
        page.click("#undo")
        page.wait_for_selector("#sheet[data-rows='3'][data-busy='false']")
        enter_nts(page, {"winner": "Dirk", "win_by": "self_draw", "scores": {"Dirk": 2400}})
        page.click("#row-submit")
        page.wait_for_selector("#row-error:not([hidden])")
        assert "hoogstens 2.000" in page.inner_text("#row-error")
        snap(page, "sheet-nts-dutch", "desktop")
        page.set_viewport_size(SIZES["phone"])
        snap(page, "sheet-nts-dutch", "phone")
        fits_a_phone(page)
        page.goto(server.url + "/sheets?lang=en")
        assert page.inner_text("h1") == "Score sheets"
        assert errors == []
    finally:
        context.close()


def test_hkos_and_free_sheets_on_a_phone(browser, server):
    context = browser.new_context(viewport=SIZES["phone"], locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server.url + "/sheets")
        snap(page, "sheets-list", "phone")
        fits_a_phone(page)
        # Seed 003: three players' HKOS is offered, and the four-player sheet reads Alice 48, Ben 8.
        page.select_option("#sheet-rules", "hkos")
        assert page.is_visible("#sheet-three")
        page.check("#sheet-three")
        assert page.is_hidden(".player[data-seat='3']")
        page.uncheck("#sheet-three")
        page.select_option("#sheet-length", "east")
        for index, name in enumerate(["Alice", "Ben", "Cara", "Dev"]):
            page.fill(f"#player{index}", name)
        page.click("#create-sheet")
        page.wait_for_url(re.compile(r".*/sheets/[^/]+$"))
        page.wait_for_selector("#sheet[data-rows='0']")
        assert "Round wind: East" in page.inner_text("#sheet-status")
        page.select_option("#row-winner", "Alice")
        page.select_option("#row-win_by", "self_draw")
        page.fill("#row-faan", "7")  # seed 003: the sheet counts faan and turns them into points
        assert page.inner_text("#faan-points") == "7 faan = 48 points"
        submit(page, 1)
        assert "Deals next: Alice" in page.inner_text("#sheet-status")  # the dealer won: she keeps the deal
        page.select_option("#row-winner", "Ben")
        page.select_option("#row-win_by", "discard")
        page.select_option("#row-discarder", "Dev")
        page.fill("#row-faan", "3")
        submit(page, 2)
        assert "3 faan" in page.inner_text("#rows tr[data-n='2'] .winner-cell")
        page.select_option("#row-winner", "__drawn")
        submit(page, 3)
        shown = {
            name: page.inner_text(f"#rows tfoot th[data-player='{name}']") for name in ["Alice", "Ben", "Cara", "Dev"]
        }
        assert shown == {"Alice": "48", "Ben": "8", "Cara": "0", "Dev": "0"}
        assert "Deals next: Ben" in page.inner_text("#sheet-status")
        snap(page, "sheet-hkos", "phone")
        fits_a_phone(page)
        page.click("#end")
        page.wait_for_selector("#sheet[data-over='true']")
        assert page.inner_text("#standings tr[data-player='Alice'] td >> nth=2") == "1"  # games won
        page.set_viewport_size(SIZES["desktop"])
        snap(page, "sheet-hkos", "desktop")

        # A free sheet: points typed per player and summed.
        page.goto(server.url + "/sheets")
        page.select_option("#sheet-rules", "free")
        page.check("#sheet-three")
        for index, name in enumerate(["Kim", "Lee", "Max"]):
            page.fill(f"#player{index}", name)
        page.click("#create-sheet")
        page.wait_for_selector("#sheet[data-rows='0']")
        for n, points in enumerate([(41200, 30100, 28700), (-1200, 600, 600)], start=1):
            for index, value in enumerate(points):
                page.fill(f"#row-score{index}", str(value))
            submit(page, n)
        totals = [page.inner_text(f"#rows tfoot th[data-player='{name}']") for name in ["Kim", "Lee", "Max"]]
        assert totals == ["40,000", "30,700", "29,300"]  # grouped as English writes them
        snap(page, "sheet-free", "desktop")
        page.on("dialog", lambda dialog: dialog.accept())
        page.click("#delete")
        page.wait_for_url(server.url + "/sheets")
        assert page.locator("[data-testid=sheet-link]").count() == 1  # the HKOS sheet is left
        assert page.inner_text("[data-testid=games-won] tbody") == "Alice\t1"  # its winner, across the sheets
        snap(page, "sheets-list-with-sheets", "desktop")
        assert errors == []
    finally:
        context.close()


def test_a_sheet_keeps_working_offline_once_loaded(browser, server):
    """Loaded once, the sheet opens again without a connection (the service worker's copy), rows typed
    offline wait on the page, and they are sent in order when the connection is back."""
    context = browser.new_context(viewport=SIZES["phone"], locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server.url + "/sheets")
        page.select_option("#sheet-rules", "free")
        for index, name in enumerate(["Kim", "Lee", "Max", "Noa"]):
            page.fill(f"#player{index}", name)
        page.click("#create-sheet")
        page.wait_for_selector("#sheet[data-rows='0']")
        sheet_url = page.url
        page.fill("#row-score0", "10")
        submit(page, 1)
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload()  # now under the service worker, which keeps a copy of the page
        page.wait_for_selector("#sheet[data-rows='1'][data-busy='false']")

        context.set_offline(True)
        page.goto(sheet_url)  # from the service worker's copy
        page.wait_for_selector("#sheet[data-rows='1'][data-busy='false']")
        for value in ("5", "7"):
            page.fill("#row-score1", value)
            page.click("#row-submit")
        page.wait_for_selector("#sheet[data-pending='2']")
        assert "2 rows wait to be sent" in page.inner_text("#sheet-pending")
        assert page.locator("#rows tr.pending").count() == 2
        snap(page, "sheet-offline", "phone")
        fits_a_phone(page)
        page.click("#undo")  # the last row typed offline is simply forgotten
        page.wait_for_selector("#sheet[data-pending='1']")
        assert "1 row waits to be sent" in page.inner_text("#sheet-pending")  # one, not "1 rows"
        page.fill("#row-score2", "3")
        page.click("#row-submit")
        page.wait_for_selector("#sheet[data-pending='2']")

        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_selector("#sheet[data-pending='0'][data-rows='3'][data-busy='false']")
        sent = page.request.get(server.url + "/api/sheets/" + sheet_url.rsplit("/", 1)[1]).json()
        totals = [page.inner_text(f"#rows tfoot th[data-player='{name}']") for name in ["Kim", "Lee", "Max", "Noa"]]
        assert totals == ["10", "5", "3", "0"], [row["points"] for row in sent["rows"]]
        assert [row["points"] for row in sent["rows"]][1:] == [
            {"Kim": 0, "Lee": 5, "Max": 0, "Noa": 0},
            {"Kim": 0, "Lee": 0, "Max": 3, "Noa": 0},
        ]

        # A row typed offline that the server refuses comes back into the form; the rows after it wait.
        context.set_offline(True)
        page.fill("#row-score3", "4x")
        page.click("#row-submit")
        page.fill("#row-score3", "6")
        page.click("#row-submit")
        page.wait_for_selector("#sheet[data-pending='2']")
        context.set_offline(False)
        page.evaluate("window.dispatchEvent(new Event('online'))")
        page.wait_for_selector("#row-error:not([hidden])")
        assert "A row typed offline was refused: The points of Noa " in page.inner_text("#row-error")
        assert page.input_value("#row-score3") == "4x"
        assert page.get_attribute("#sheet", "data-pending") == "1"
        page.fill("#row-score3", "4")
        page.click("#row-submit")
        page.wait_for_selector("#sheet[data-pending='0'][data-rows='5'][data-busy='false']")
        sent = page.request.get(server.url + "/api/sheets/" + sheet_url.rsplit("/", 1)[1]).json()
        assert [row["points"]["Noa"] for row in sent["rows"]] == [0, 0, 0, 4, 6]

        # Signing out forgets the offline copies: the next person at this browser sees none of them.
        page.goto(server.url + "/signup")
        page.fill("#username", f"offline{random.randrange(10**6)}")
        page.fill("#password", "a long secret")
        page.click("#submit")
        page.wait_for_url(server.url + "/")
        kept = "Object.keys(localStorage).filter((k) => k.startsWith('sparrow-sheet')).length"
        cached = "caches.keys().then((names) => names.filter((n) => n.startsWith('sparrow-sheets-')).length)"
        assert page.evaluate(kept) > 0 and page.evaluate(cached) > 0
        page.click("#signout")
        page.wait_for_selector("a[href='/signin']")
        assert page.evaluate(kept) == 0 and page.evaluate(cached) == 0
        assert errors == []
    finally:
        context.close()


def test_a_riichi_sheet_game_by_game_on_a_phone_and_in_dutch(browser, server):
    """A riichi sheet (one row per game): created with its preset, four final scores typed per game, the
    running sum, a refused game, the places and results with uma and oka, the standings."""
    context = browser.new_context(viewport=SIZES["phone"], locale="en-GB")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    players = ["Aiko", "Bunta", "Chiyo", "Daichi"]
    try:
        page.goto(server.url + "/sheets")
        page.select_option("#sheet-rules", "riichi")
        assert page.is_visible("#sheet-preset") and page.is_hidden("#sheet-length")
        assert page.is_hidden("#sheet-three")
        page.select_option("#sheet-preset", "tenhou")
        for index, name in enumerate(players):
            page.fill(f"#player{index}", name)
        page.click("#create-sheet")
        page.wait_for_url(re.compile(r".*/sheets/[^/]+$"))
        page.wait_for_selector("#sheet[data-rows='0'][data-busy='false']")
        assert page.inner_text("#row-form-title") == "Add game"
        # The sum is shown as the scores are typed; a game that does not add up is refused.
        for index, value in enumerate(["41,200", "28900", "19700", "10300"]):
            page.fill(f"#row-score{index}", value)
        assert page.inner_text("#riichi-sum") == "Sum 100,100 of 100,000 · 100 too many"
        page.click("#row-submit")
        page.wait_for_selector("#row-error:not([hidden])")
        assert "add up to 100,100, not 100,000" in page.inner_text("#row-error") and rows_shown(page) == 0
        page.fill("#row-score3", "10200")
        assert page.inner_text("#riichi-sum") == "Sum 100,000 of 100,000"
        submit(page, 1)
        first = {name: page.inner_text(f"#rows tr[data-n='1'] td[data-player='{name}'] .added") for name in players}
        assert first == {"Aiko": "+51.2", "Bunta": "+8.9", "Chiyo": "−20.3", "Daichi": "−39.8"}
        assert page.inner_text("#rows tr[data-n='1'] td[data-player='Aiko'] .final") == "1. · 41,200"
        # A second game, dealt first by Chiyo; a busted player below zero.
        page.select_option("#row-first_dealer", "Chiyo")
        for index, value in enumerate(["-1200", "24700", "62300", "14200"]):
            page.fill(f"#row-score{index}", value)
        submit(page, 2)
        totals = [page.inner_text(f"#rows tfoot th[data-player='{name}']") for name in players]
        # game 2: Chiyo 32.3 + 20 + 20 = +72.3, Bunta -5.3 + 10 = +4.7, Daichi -15.8 - 10, Aiko -31.2 - 20
        assert totals == ["0.0", "+13.6", "+52.0", "−65.6"]
        assert page.inner_text("#standings tbody tr >> nth=0").startswith("1. Chiyo")
        assert "2 games played" in page.inner_text("#sheet-status")
        snap(page, "sheet-riichi", "phone")
        fits_a_phone(page)
        page.set_viewport_size(SIZES["desktop"])
        snap(page, "sheet-riichi", "desktop")
        # Edit game 1: the totals follow.
        page.click("#rows tr[data-n='1'] .edit")
        assert page.inner_text("#row-form-title") == "Edit game 1"
        page.fill("#row-score0", "41100")
        page.fill("#row-score1", "29000")
        page.click("#row-submit")
        expect(page.locator("#rows tr[data-n='1'] td[data-player='Aiko'] .added")).to_have_text("+51.1")
        # The same sheet in Dutch.
        page.goto(page.url + "?lang=nl")
        page.wait_for_selector("#sheet[data-busy='false']")
        assert page.inner_text("#row-form-title") == "Partij toevoegen"
        assert page.inner_text("#rows tr[data-n='1'] td[data-player='Aiko'] .added") == "+51,1"
        assert "Rangpunten" in page.inner_text("#standings thead")
        assert page.inner_text("#undo") == "Laatste partij ongedaan maken"
        snap(page, "sheet-riichi-nl", "desktop")
        page.goto(server.url + "/sheets?lang=en")
        assert errors == []
    finally:
        context.close()
