"""The game table as a mahjong player expects it, in a real browser (Playwright driving Debian's
Chromium, as ``test_web_browser.py``).

Each seat's discards lie in front of it around the centre (round wind, wall, whose turn), the last
discard marked, the dealer's badge on East; a claim is called out ("Pong!") and its tile leaves the
pile for a set that shows it sideways; a chow that gave way to a pong is told; on a phone the table,
the hand and the buttons fit the screen; the end of a hand refreshes the score chips from the totals,
marks the winning tile and, under NTS, shows every hand's score card and the settlement; a win refused
for too few faan is explained where the Ron button would be; a finished match shows its final
standings; the page speaks Dutch. Every state is photographed at phone and desktop size into
``tests/artifacts/``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page

from sparrow.core.tiles import SEATS
from sparrow.i18n.catalog import catalogue
from sparrow.play.table import Table
from sparrow.web.table_texts import PAGE, SCRIPT
from tests.browser_visitor import Visitor
from tests.test_web_browser import SIZES, shown_version, snap_both, wait_after
from tests.web_support import Server, plain, sensible_action, winning_line

pytestmark = pytest.mark.slow

STATIC = Path(__file__).resolve().parents[1] / "src" / "sparrow" / "web" / "static"
# The table's script: table.js and the modules it imports from static/table/.
TABLE_JS = [STATIC / "table.js", *sorted((STATIC / "table").glob("*.js"))]

# Seeds the engine plays the same way every time (found with sensible_action, see each test).
PUNG_SEED = 1002  # casual: after 3 sensible actions a pung is offered to you
CHOW_BEATEN_SEED = 1007  # casual: after 10, your chow on East's 3p gives way to West's pung
REFUSED_SEED = 1004  # hkos: after 14, a 9p completes your hand, worth 1 faan of the 3 needed
NTS_SEED = 1000  # nts: East wins the first hand by self-draw; every hand has a score card


def tiles_of(text: str) -> list[str]:
    tiles, digits = [], []
    for char in text or "":
        if char.isdigit():
            digits.append(char)
        elif char in "mpszf":
            tiles += [digit + char for digit in digits]
            digits = []
    return tiles


def sensible_line(rules: str, seed: int, count: int | None = None) -> list[dict[str, Any]]:
    """The actions sensible_action plays on ``seed`` (the first ``count`` of them)."""
    table = Table(rules, "normal", seed)
    step = table.start()
    line: list[dict[str, Any]] = []
    while not step.hand_over and (count is None or len(line) < count):
        action = sensible_action(step.observation)
        line.append(plain(action.to_dict()))
        step = table.act(action)
    return line


class Visit(Visitor):
    """One browser visitor of a server: a page, its CSRF token and the API through its cookies."""

    def __init__(self, browser: Any, server: Server, size: str = "phone") -> None:
        super().__init__(browser, server, size, None, "/", sizes=SIZES, bypass_csp=True)

    def new_game(self, rules: str, speed: str = "instant") -> str:
        self.api("PUT", "/api/settings", {"speed": speed})
        return self.api("POST", "/api/games", {"rules": rules, "level": "normal", "options": {}})["id"]

    def play(self, game: str, actions: list[dict[str, Any]]) -> dict[str, Any]:
        view = self.view(game)
        for action in actions:
            view = self.api("POST", f"/api/games/{game}/actions", action)
        return view

    def view(self, game: str) -> dict[str, Any]:
        return self.api("GET", f"/api/games/{game}")

    def open(self, game: str, lang: str | None = None) -> Page:
        self.page.goto(self.server.url + f"/games/{game}" + (f"?lang={lang}" if lang else ""))
        shown_version(self.page)
        self.page.wait_for_selector("#game[data-version]:not([data-busy=true])")
        return self.page


def box(page: Page, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not shown"
    return found


def dom_tiles(page: Page, selector: str) -> list[str]:
    return page.eval_on_selector_all(selector, "tiles => tiles.map(t => t.dataset.tile)")


def places(observation: dict[str, Any]) -> dict[str, str]:
    seats = observation["seats"]
    at = seats.index(observation["seat"])
    return {"me": seats[at], "right": seats[(at + 1) % 4], "top": seats[(at + 2) % 4], "left": seats[(at + 3) % 4]}


def last_discard(view: dict[str, Any]) -> tuple[str, str] | None:
    """The discard still lying at the end of its pile that was made last, as the page marks it."""
    last = None
    for event in view["events"]:
        if event["event"] == "discard":
            last = (event["seat"], event["tile"])
        elif event["event"] == "claim" and event["kind"] != "win" or event["event"] == "kong":
            last = None
    if last and tiles_of(view["observation"]["discards"][last[0]])[-1:] != [last[1]]:
        return None
    return last


def your_turn(view: dict[str, Any]) -> bool:
    return any(action["action"] == "discard" for action in view["observation"]["legal_actions"])


def fits_the_phone_screen(page: Page) -> None:
    """The table, the hand and the buttons on a 390x844 screen without scrolling."""
    page.set_viewport_size(SIZES["phone"])
    page.evaluate("window.scrollTo(0, 0)")
    for selector in ("#table", "#hand", "#actions"):
        found = box(page, selector)
        assert found["y"] >= 0 and found["y"] + found["height"] <= SIZES["phone"]["height"], (selector, found)
        assert found["x"] >= 0 and found["x"] + found["width"] <= SIZES["phone"]["width"], (selector, found)
    for tile in page.locator("#hand .tile").all():
        found = tile.bounding_box()
        assert found and found["y"] + found["height"] <= SIZES["phone"]["height"]


# ---------------------------------------------------------------------------- the texts


def test_every_text_the_table_script_writes_is_listed_and_has_a_dutch_translation():
    source = "\n".join(path.read_text() for path in TABLE_JS)
    written = set(re.findall(r'\bT\("((?:[^"\\]|\\.)*)"', source))
    assert len(written) > 80
    assert sorted(written - set(SCRIPT)) == []
    # The words its tables name (seat winds, levels, units, call-outs, set kinds) are listed too.
    for word in ("East", "North", "Normal", "points", "doublings", "Pong!", "Tsumo!", "a chi", "on a discard"):
        assert word in SCRIPT, word
    dutch = catalogue("nl")
    assert [text for text in (*SCRIPT, *PAGE) if not dutch.exact.get(text)] == []


# ---------------------------------------------------------------------------- the table


def test_the_discards_lie_in_front_of_their_seats_around_the_centre(browser, tmp_path):
    seed, _ = winning_line("casual", "normal")
    line = sensible_line("casual", seed)
    server = Server(tmp_path / "data", seed=seed).start()
    try:
        visit = Visit(browser, server)
        game = visit.new_game("casual")
        # Half-way through the hand, on your turn, with a discard at the end of its pile.
        view = visit.view(game)
        played = 0
        while played < len(line) and (played < len(line) // 2 or last_discard(view) is None or not your_turn(view)):
            view = visit.play(game, [line[played]])
            played += 1
        assert not view["hand_over"]
        page = visit.open(game)
        obs = view["observation"]
        place = places(obs)
        for position, seat in place.items():
            pond = f"#pond-{position}"
            assert page.get_attribute(pond, "data-seat") == seat
            assert dom_tiles(page, f"{pond} .tile") == tiles_of(obs["discards"][seat]), position
        for position in ("left", "right", "top"):
            assert page.get_attribute(f"#seat-{position}", "data-seat") == place[position]
        assert page.get_attribute("#seat-me", "data-seat") == obs["seat"]
        center = box(page, "#center")
        assert box(page, "#pond-left")["x"] + box(page, "#pond-left")["width"] <= center["x"] + 1
        assert box(page, "#pond-right")["x"] >= center["x"] + center["width"] - 1
        assert box(page, "#pond-top")["y"] + box(page, "#pond-top")["height"] <= center["y"] + 1
        assert box(page, "#pond-me")["y"] >= center["y"] + center["height"] - 1
        # Your first row lies nearest the centre, the next ones further towards you; the top seat's
        # first tile on its own left (the screen's right).
        mine = page.locator("#pond-me .tile")
        if mine.count() > 6:
            assert mine.nth(6).bounding_box()["y"] > mine.nth(0).bounding_box()["y"]
        top = page.locator("#pond-top .tile")
        if top.count() > 1:
            assert top.nth(1).bounding_box()["x"] < top.nth(0).bounding_box()["x"]
        # The last discard is marked, in the pile of the seat that made it.
        seat, tile = last_discard(view)
        marked = page.locator(".pond .tile.last")
        assert marked.count() == 1
        assert marked.get_attribute("data-tile") == tile
        position = next(p for p, s in place.items() if s == seat)
        assert page.locator(f"#pond-{position} .tile.last").count() == 1
        # The dealer's badge on East, once; whose turn it is on that seat and in the centre.
        assert page.locator(".dealer-badge").count() == 1
        assert page.locator(".seat[data-seat=E] .dealer-badge").count() == 1
        assert page.locator(".seat.turn").count() == 1
        assert page.get_attribute(".seat.turn", "data-seat") == obs["turn"]
        assert page.get_attribute(".compass .dial.turn", "data-seat") == obs["turn"]
        assert page.inner_text("[data-testid=wall]") == str(obs["live_wall"])
        # The claimed sets show the tile that was claimed sideways, named after the seat it came from.
        for owner, seat_melds in obs["melds"].items():
            for meld in seat_melds:
                if meld.get("from"):
                    where = "#my-melds" if owner == obs["seat"] else f".seat[data-seat={owner}]"
                    shown = page.locator(f"{where} .meld[data-tiles='{meld['tiles']}'][data-from='{meld['from']}']")
                    assert shown.locator(".tile.sideways").count() == 1
                    name = "You" if meld["from"] == obs["seat"] else obs["players"][meld["from"]]
                    assert name in shown.get_attribute("title")
        fits_the_phone_screen(page)
        snap_both(page, "table-layout")
        assert not visit.errors, visit.errors
    finally:
        server.stop()


def test_a_claim_is_called_out_and_its_tile_leaves_the_pile_for_a_set_shown_sideways(browser, tmp_path):
    server = Server(tmp_path / "data", seed=PUNG_SEED).start()
    try:
        visit = Visit(browser, server)
        game = visit.new_game("casual", speed="normal")
        view = visit.play(game, sensible_line("casual", PUNG_SEED, 3))
        obs = view["observation"]
        assert any(a["action"] == "pung" for a in obs["legal_actions"])
        tile, source = obs["claim_tile"], obs["claim_from"]
        page = visit.open(game)
        position = next(p for p, s in places(obs).items() if s == source)
        pile = dom_tiles(page, f"#pond-{position} .tile")
        assert pile[-1] == tile and page.get_attribute(f"#pond-{position} .tile.last", "data-tile") == tile
        version = shown_version(page)
        page.click("#actions button[data-action=pung]")
        # The tile leaves the discarder's pile (played out at the normal pace), "Pong!" by your seat.
        page.wait_for_selector(f"#pond-{position} .tile.taking[data-tile='{tile}']", timeout=3000)
        page.wait_for_selector(".callout.at-me:has-text('Pong!')", timeout=3000)
        snap_both(page, "table-claim")
        wait_after(page, version)
        assert dom_tiles(page, f"#pond-{position} .tile") == pile[:-1]
        meld = page.locator("#my-melds .meld[data-kind=pung]")
        assert meld.count() == 1
        sideways = meld.locator(".tile.sideways")
        assert sideways.count() == 1 and sideways.get_attribute("data-tile") == tile
        assert obs["players"][source] in sideways.get_attribute("title")
        # Claimed from the seat on your left: the first tile lies sideways.
        assert meld.locator(".tile").first.get_attribute("data-claimed") == ("true" if position == "left" else None)
        assert "claim a pong" in page.inner_text("#log")
        assert page.get_attribute("#game", "data-callout") == f"pung:{obs['seat']}"
        assert not visit.errors, visit.errors
    finally:
        server.stop()


def test_a_chow_that_gave_way_to_a_pong_is_told(browser, tmp_path):
    server = Server(tmp_path / "data", seed=CHOW_BEATEN_SEED).start()
    try:
        visit = Visit(browser, server)
        game = visit.new_game("casual")
        view = visit.play(game, sensible_line("casual", CHOW_BEATEN_SEED, 10))
        chows = [a for a in view["observation"]["legal_actions"] if a["action"] == "chow"]
        assert chows
        page = visit.open(game)
        version = shown_version(page)
        page.click(f"#actions button[data-action=chow][data-tile='{chows[0]['tile']}']")
        wait_after(page, version)
        after = visit.view(game)
        claim = next(e for e in after["events"][len(view["events"]) :] if e["event"] == "claim")
        assert claim["seat"] != view["observation"]["seat"] and claim["kind"] == "pung"
        name = view["observation"]["players"][claim["seat"]]
        notice = page.inner_text("#notice")
        assert "Your chi gave way to the pong of" in notice and name in notice
        assert notice in page.inner_text("#log")
        assert page.get_attribute("#game", "data-callout").startswith("pung:") or page.locator(".callout").count()
        snap_both(page, "table-chow-beaten")
        assert not visit.errors, visit.errors
    finally:
        server.stop()


def test_a_win_refused_for_too_few_faan_is_explained_where_the_ron_button_would_be(browser, tmp_path):
    server = Server(tmp_path / "data", seed=REFUSED_SEED).start()
    try:
        visit = Visit(browser, server)
        game = visit.new_game("hkos")
        view = visit.play(game, sensible_line("hkos", REFUSED_SEED, 14))
        refused = view["refused_win"]
        assert refused and refused["tile"] == "9p" and refused["win_by"] == "discard"
        page = visit.open(game)
        notice = page.locator("#actions #refused-win")
        assert notice.count() == 1
        assert page.locator("#actions button[data-action=win]").count() == 0
        text = notice.inner_text()
        assert refused["reason"] in text and "No win on 9 Circles" in text  # the tile by its name
        assert notice.locator(".tile[data-tile='9p']").count() == 1
        assert notice.get_attribute("aria-disabled") == "true"
        # It stands first, where the Ron button would, before the claim buttons.
        assert page.eval_on_selector("#actions", "box => box.firstElementChild.id") == "refused-win"
        fits_the_phone_screen(page)
        snap_both(page, "table-refused-win")
        assert not visit.errors, visit.errors
    finally:
        server.stop()


def test_the_end_of_a_one_hand_match_chips_winning_tile_and_final_standings(browser, tmp_path):
    seed, line = winning_line("casual", "normal")
    server = Server(tmp_path / "data", seed=seed).start()
    try:
        visit = Visit(browser, server)
        game = visit.new_game("casual")
        visit.play(game, list(line[:-1]))
        page = visit.open(game)
        assert all(text == "0" for text in page.locator(".score").all_inner_texts())
        version = shown_version(page)
        page.click(f"#actions button[data-action={line[-1]['action']}]")
        wait_after(page, version)
        page.wait_for_selector("#result:not([hidden])")
        view = visit.view(game)
        result = view["result"]
        assert view["match_over"] and result["winner"] == view["observation"]["seat"]
        # The score chips show the totals after the hand, not the 0 it started with.
        for seat, total in result["totals"].items():
            chips = page.locator(f".seat[data-seat={seat}] [data-testid=score-chip]")
            assert chips.count() >= 1
            assert set(chips.all_inner_texts()) == {f"{total:,}"}, seat
        assert any(total != 0 for total in result["totals"].values())
        # The winning tile marked in the winner's revealed hand.
        row = page.locator(f"#result .revealed-row[data-seat={result['winner']}]")
        winning = row.locator("[data-testid=winning-tile]")
        assert winning.count() == 1 and winning.get_attribute("data-tile") == result["winning_tile"]
        hand = dom_tiles(page, f"#result .revealed-row[data-seat={result['winner']}] .concealed-tiles .tile")
        assert sorted(hand) == sorted(tiles_of(result["hands"][result["winner"]]))
        assert hand[-1] == result["winning_tile"]  # set apart at the end
        assert page.locator("#result .revealed-row").count() == 4
        assert int(page.inner_text("[data-testid=score-total]")) == result["score"]["total"]
        for seat, amount in result["payments"].items():
            cell = page.locator(f"[data-testid=settlement] tr[data-seat={seat}] [data-testid=payment]")
            assert cell.inner_text() == (f"+{amount}" if amount > 0 else str(amount))
        # The final standings: ranking, totals, hands won, the points just earned, every hand.
        standings = page.locator("[data-testid=standings] tbody tr")
        assert standings.count() == len(result["standings"])
        for shown, row in zip(standings.all(), sorted(result["standings"], key=lambda r: r["rank"]), strict=True):
            cells = shown.locator("td").all_inner_texts()
            assert cells[0] == str(row["rank"]) and cells[2] == str(row["total"]) and cells[3] == str(row["hands_won"])
        assert "leaderboard points" in page.inner_text("[data-testid=points-earned]")
        history = page.locator("[data-testid=history] tbody tr")
        assert history.count() == len(result["history"]) == 1
        assert "self-drawn" in history.first.inner_text()
        assert page.get_attribute("#standings #new-game", "href") == "/"
        assert page.locator("#next-hand").count() == 0
        assert "Final standings" in page.inner_text("#actions")
        snap_both(page, "table-standings")
        assert not visit.errors, visit.errors
    finally:
        server.stop()


def test_nts_shows_every_hands_score_card_and_the_settlement(browser, tmp_path):
    server = Server(tmp_path / "data", seed=NTS_SEED).start()
    try:
        visit = Visit(browser, server)
        game = visit.new_game("nts")
        view = visit.play(game, sensible_line("nts", NTS_SEED))
        result = view["result"]
        assert view["hand_over"] and not view["match_over"]
        assert sorted(result["cards"]) == sorted(SEATS)
        page = visit.open(game)
        page.wait_for_selector("#result:not([hidden])")
        cards = page.locator("#result .cards table.scorecard")
        assert cards.count() == len(result["cards"])
        for seat, card in result["cards"].items():
            shown = page.locator(f"#result .cards table.scorecard[data-seat={seat}]")
            assert shown.locator("th.num").inner_text() == str(card["total"]), seat
            assert shown.locator("tbody tr").count() >= len(card["items"])
        assert page.locator(f"#result .cards .card-of[data-seat={result['winner']}]").evaluate(
            "card => card === card.parentElement.firstElementChild"
        )
        # The settlement: each hand's score, payment and running total (E +1488 / S -628 / W -286 / N -574).
        for seat in SEATS:
            row = page.locator(f"[data-testid=settlement] tr[data-seat={seat}]")
            cells = row.locator("td").all_inner_texts()
            amount = result["payments"][seat]
            # (numbers grouped as English writes them: +1,488)
            assert cells[1] == f"{result['scores'][seat]:,}"
            assert cells[2] == (f"+{amount:,}" if amount > 0 else f"{amount:,}")
            assert cells[3] == f"{result['totals'][seat]:,}"
        assert {seat: result["payments"][seat] for seat in SEATS} == {"E": 1488, "S": -628, "W": -286, "N": -574}
        for seat, total in result["totals"].items():
            assert set(page.locator(f".seat[data-seat={seat}] [data-testid=score-chip]").all_inner_texts()) == {
                f"{total:,}"
            }
        assert page.locator("#next-hand").count() == 1
        snap_both(page, "table-nts-result")
        assert not visit.errors, visit.errors
    finally:
        server.stop()


def test_the_table_in_dutch(browser, tmp_path):
    server = Server(tmp_path / "data", seed=PUNG_SEED).start()
    try:
        visit = Visit(browser, server)
        game = visit.new_game("casual")
        view = visit.play(game, sensible_line("casual", PUNG_SEED, 3))
        page = visit.open(game, lang="nl")
        assert page.inner_text("#hint-toggle") == "Tips"
        assert page.inner_text("#settings-open") == "Instellingen"
        assert page.inner_text("#title").startswith("Vrij spel tegen Normaal")
        assert page.get_attribute("#hand", "aria-label") == "Je hand"
        assert "Ronde" in page.inner_text("#center") and "Muur" in page.inner_text("#center")
        assert page.inner_text("#log li:first-child").startswith("Spel 1 begint: wind van de ronde Oost")
        assert "gooit" in page.inner_text("#log")
        assert page.inner_text(".dealer-badge").lower() == "gever"
        status = page.inner_text("#status")
        assert "neem hem of pas" in status, status
        assert page.inner_text("#actions button[data-action=pung]").startswith("Pung")  # then the set it makes
        assert page.inner_text("#actions button[data-action=pass]") == "Passen"
        assert "Wat er gebeurde" in page.inner_text("#log-box summary")
        seat = view["observation"]["seat"]
        assert page.inner_text(f"#seat-me[data-seat={seat}] .name") == "Jij"
        assert page.locator(".seat .name", has_text="Normaal 1").count() == 1
        version = shown_version(page)
        page.click("#actions button[data-action=pung]")
        page.wait_for_selector(".callout.at-me:has-text('Pung!')", timeout=3000)
        wait_after(page, version)
        assert "Je neemt een pung van" in page.inner_text("#log")
        assert page.inner_text("#status") == "Jouw beurt: kies een steen om af te gooien."
        assert page.inner_text("#discard") == "Kies een steen om af te gooien"
        snap_both(page, "table-dutch")
        assert not visit.errors, visit.errors
    finally:
        server.stop()


def test_the_home_page_offers_the_match_choices_of_the_chosen_family(browser, server):
    visit = Visit(browser, server)
    page = visit.page
    visible = page.locator("fieldset.match-choices:visible")
    assert visible.count() == 1 and visible.get_attribute("data-rules") == "casual"
    page.select_option("#rules", "hkos")
    assert page.locator("fieldset.match-choices:visible").get_attribute("data-rules") == "hkos"
    box = page.locator('fieldset.match-choices[data-rules="hkos"]')
    box.locator('select[name="short_match"]').select_option("true")
    snap_both(page, "home-choices")
    page.click("#start")
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    game = page.url.rsplit("/", 1)[1]
    view = visit.view(game)
    # Only the choice changed from its default is sent: the East round only, still ranked.
    assert view["rules"] == "hkos" and view["options"] == {"short_match": True} and view["ranked"]
    page.goto(server.url + "/")
    page.select_option("#rules", "casual")
    page.locator('fieldset.match-choices[data-rules="casual"] select[name="hands"]').select_option("4")
    page.click("#start")
    page.wait_for_url(re.compile(r"/games/[\w-]+$"))
    view = visit.view(page.url.rsplit("/", 1)[1])
    assert view["rules"] == "casual" and view["options"] == {"hands": 4}
    page.goto(server.url + "/?lang=nl")
    dates = page.locator("[data-testid=game-date]")
    assert dates.count() >= 2 and all(text.strip() for text in dates.all_inner_texts())
    assert page.locator("h2", has_text="Je partijen").count() == 1
    assert not visit.errors
