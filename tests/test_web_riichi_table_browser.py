"""The Riichi table in a real browser (Playwright driving Debian's Chromium), on the one table page
every family has (``table.html``, ``static/table.js``) with Riichi's family panel
(``static/table/family.js``): start a Riichi game from the home page, see the dora indicator, honba
and sticks in the centre and the four scores, discard by clicking a tile twice, declare riichi with
the Riichi button beside the discard and see the stick on your seat and your discard turned sideways,
finish the hand and read its score card (yaku with han, fu lines, points), who paid whom what and the
sticks left; calls offered with tile pictures; the final standings with uma and oka; the moves played
out one by one at the user's pace; auto-pass on calls; the hand replayed step by step with red fives
red. Screenshots at phone (390x844) and desktop (1280x800) size go to ``tests/artifacts/``.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page

from sparrow.bots import get_bot
from sparrow.game.actions import Action, ActionKind
from sparrow.play.table import Table
from tests.test_web_browser import SIZES, fits, shown_version, snap, wait_after
from tests.web_support import Server

pytestmark = pytest.mark.slow


def _sent(action: Action) -> dict:
    return {k: v for k, v in action.to_dict().items() if k != "seat"}


def _table(seed: int) -> Table:
    """The table the server deals for a new Easy game on ``seed`` (web/games.py makes the same)."""
    return Table("riichi", "easy", seed, {}, own_programs=True, forced=True)


@functools.cache
def riichi_line(start: int = 300) -> tuple[int, tuple[dict, ...], dict]:
    """The first seed from ``start`` on which the person, playing as a Normal bot would, may declare
    riichi in the first hand: the seed, the actions up to that turn, and the riichi discard."""
    bot = get_bot("normal", 5)
    for seed in range(start, start + 200):
        table = _table(seed)
        step = table.start()
        if not any(a.kind is ActionKind.DISCARD for a in step.observation.legal_actions):
            continue  # (the first decision a claim on East's discard: the test begins with a discard)
        actions: list[dict] = []
        while not step.hand_over and len(actions) < 40:
            legal = step.observation.legal_actions
            declaring = [a for a in legal if a.riichi]
            if declaring:
                return seed, tuple(actions), _sent(declaring[0])
            action = bot.act(step.observation)
            actions.append(_sent(action))
            step = table.act(action)
    raise AssertionError("no seed with an early riichi found")


@functools.cache
def claim_line(start: int = 500) -> tuple[int, tuple[dict, ...]]:
    """The first seed from ``start`` on which the person, playing as a Normal bot would (and passing
    on claims), is offered a chi or pon in the first hand: the seed and the actions before it."""
    bot = get_bot("normal", 5)
    for seed in range(start, start + 200):
        table = _table(seed)
        step = table.start()
        actions: list[dict] = []
        while not step.hand_over and len(actions) < 60:
            legal = step.observation.legal_actions
            if any(a.kind in (ActionKind.CHOW, ActionKind.PUNG) for a in legal):
                return seed, tuple(actions)
            action = bot.act(step.observation)
            if action.is_claim:
                action = Action(ActionKind.PASS, step.seat)
            actions.append(_sent(action))
            step = table.act(action)
    raise AssertionError("no seed with a call offered early found")


@functools.cache
def threat_line(start: int = 700) -> tuple[int, tuple[dict, ...]]:
    """The first seed from ``start`` on which, the person playing as a Normal bot would (and never
    declaring riichi itself), another seat is in riichi on the person's turn to discard: the seed and
    the actions up to that turn."""
    bot = get_bot("normal", 5)
    for seed in range(start, start + 200):
        table = _table(seed)
        step = table.start()
        actions: list[dict] = []
        while not step.hand_over and len(actions) < 80:
            observation = step.observation
            family: Any = observation.family
            legal = observation.legal_actions
            if any(seat != step.seat for seat in family.riichi) and any(a.kind is ActionKind.DISCARD for a in legal):
                return seed, tuple(actions)
            action = bot.act(observation)
            if action.riichi:
                action = next(a for a in legal if a.kind is action.kind and a.tile == action.tile and not a.riichi)
            actions.append(_sent(action))
            step = table.act(action)
    raise AssertionError("no seed with a riichi against the person found")


def snap_both(page: Page, name: str) -> None:
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        fits(page, size)
        snap(page, name, size)
    page.set_viewport_size(SIZES["desktop"])


RED = "rgb(208, 33, 28)"


def assert_red_fives_are_red(page: Page) -> None:
    """The page's stylesheet draws a red five red, and so every red five the page shows."""
    shown = page.eval_on_selector_all(".tile.red-five .face b.red", "bs => bs.map(b => getComputedStyle(b).color)")
    assert all(colour == RED for colour in shown), shown


def post(page: Page, server: Server, path: str, data: dict | None = None) -> dict:
    csrf = page.get_attribute("meta[name=csrf-token]", "content")
    answer = page.request.post(f"{server.url}{path}", data=data or {}, headers={"X-CSRF-Token": csrf})
    assert answer.ok, answer.text()
    return answer.json()


def finish_hand(page: Page, server: Server, game: str, view: dict) -> dict:
    """Play the hand to its end through the API: a win when offered, else a pass, else the last."""
    while not view["hand_over"]:
        legal = view["observation"]["legal_actions"]
        pick = next((a for a in legal if a["action"] == "win"), None)
        pick = pick or next((a for a in legal if a["action"] == "pass"), None) or legal[-1]
        view = post(page, server, f"/api/games/{game}/actions", {k: v for k, v in pick.items() if k != "seat"})
    return view


@contextlib.contextmanager
def table_page(browser, tmp_path, seed: int) -> Iterator[tuple[Page, Server, list[str]]]:
    """A server dealing ``seed`` and a desktop page on its home page (a session of its own), with the
    page's script errors collected."""
    server = Server(tmp_path / "data", seed=seed).start()
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(server.url + "/")
        yield page, server, errors
    finally:
        context.close()
        server.stop()


def test_a_riichi_game_from_the_home_page_to_the_score_card(browser, tmp_path):
    seed, line, riichi = riichi_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        page.select_option("#rules", "riichi")
        assert page.locator(".match-choices[data-rules=riichi] select[name=preset]").is_visible()
        page.check("input[name=level][value=easy]")
        page.click("#start")
        page.wait_for_url(re.compile(r".*/games/[^/]+$"))
        assert page.locator("script[src$='/table.js']").count() == 1  # the one table page
        version = shown_version(page)
        game = page.url.rsplit("/", 1)[1]
        # The centre's family panel: one dora indicator, no honba, no sticks; four scores.
        assert page.locator("#center [data-testid=dora-indicators] .tile").count() == 1
        assert page.inner_text("#center [data-testid=sticks]").split() == ["0", "0"]
        assert page.locator("[data-testid=score-chip]").all_inner_texts() == ["25,000"] * 4
        assert page.locator("#hand .tile").count() == 14  # South's first draw came
        assert_red_fives_are_red(page)
        snap_both(page, "riichi-table")
        # The first decision by clicking: choose the tile, click it again to discard it.
        first = line[0]
        assert first["action"] == "discard"
        page.locator(f"#hand .tile[data-tile='{first['tile']}']").last.click()
        page.wait_for_selector(f"#hand .tile.selected[data-tile='{first['tile']}']")
        page.locator("#hand .tile.selected").click()
        wait_after(page, version)
        assert page.locator("#pond-me .tile").count() == 1
        # The rest of the line through the API (as the page would send it), then the riichi by clicking.
        for action in line[1:]:
            post(page, server, f"/api/games/{game}/actions", action)
        page.reload()
        version = shown_version(page)
        page.click("#riichi")
        page.wait_for_selector("#riichi[aria-pressed=true]")
        # In riichi mode only the discards that declare it may be clicked.
        choices = page.eval_on_selector_all("#hand .tile:not([disabled])", "ts => ts.map(t => t.dataset.tile)")
        assert riichi["tile"] in choices
        assert "Riichi: choose the discard" in page.inner_text("#actions")
        snap_both(page, "riichi-declaring")
        page.locator(f"#hand .tile:not([disabled])[data-tile='{riichi['tile']}']").last.click()
        page.locator("#hand .tile.selected").click()
        wait_after(page, version)
        view = page.request.get(f"{server.url}/api/games/{game}").json()
        me = next(seat for seat in view["observation"]["family"]["seats"] if seat["wind"] == view["seat"])
        if not view["hand_over"] or view["result"]["family"]["kind"] != "ron":  # (a ron on it cancels it)
            assert me["riichi"]
            assert page.locator("#seat-me [data-testid=riichi-stick]").count() == 1
            assert page.locator("#pond-me .tile.riichi-discard").count() == 1
            assert page.inner_text("#center [data-testid=sticks]").split()[1] == "1"
        # Finish the hand: after riichi the table discards the drawn tile for you; take a win offered.
        view = finish_hand(page, server, game, view)
        page.reload()
        page.wait_for_selector("#result:not([hidden]) [data-testid=settlement]")
        assert len(page.locator("[data-testid=settlement] tbody tr").all_inner_texts()) == 4
        family = view["result"]["family"]
        panel = page.inner_text("[data-testid=family-result]")
        if family["wins"]:
            card = page.locator("[data-testid=scorecard]").first
            assert "han" in card.inner_text()
            assert str(family["wins"][0]["card"]["total"]) in card.inner_text().replace(",", "")
            # The winner took the sticks: none are left on the table.
            assert page.inner_text("#center [data-testid=sticks]").split()[1] == "0"
            # Who paid what: a line a payment, the win's first.
            lines = page.locator("[data-testid=who-paid] li").all_inner_texts()
            assert len(lines) == len(family["payments"]) and (" pays " in lines[0] or "You pay" in lines[0])
        else:
            assert "Ready (tenpai)" in panel or "Nobody was ready" in panel or "Abortive" in panel
        assert page.locator("#next-hand").is_visible()
        assert_red_fives_are_red(page)
        # Every hand revealed keeps its red fives, as the family writes them (result.family.hands).
        winners = {win["seat"] for win in family["wins"]}
        for seat, tiles in family["hands"].items():
            if seat not in winners:
                red = page.locator(f".revealed-row[data-seat={seat}] .concealed-tiles .tile.red-five")
                assert red.count() == sum(tile[0] == "0" for tile in tiles), seat
        snap_both(page, "riichi-result")
        page.click("#next-hand")
        page.wait_for_function("document.getElementById('result').hidden")
        # In Dutch: the page's own words translated, the Japanese terms kept.
        page.goto(f"{server.url}/games/{game}?lang=nl")
        shown_version(page)
        assert page.inner_text("#log-box summary") == "Wat er gebeurde"
        assert "honba" in page.get_attribute("#center [data-testid=sticks]", "title")
        assert not errors, errors


def test_the_hint_panel_serves_riichi(browser, tmp_path):
    seed, line, _ = riichi_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        game = view["id"]
        for action in line:
            post(page, server, f"/api/games/{game}/actions", action)
        page.goto(f"{server.url}/games/{game}")
        shown_version(page)
        assert page.locator("#hint").is_hidden()
        page.click("#hint-toggle")
        page.wait_for_selector("#hint:not([hidden]) li")
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        if hint["shanten"] == 0:
            assert page.inner_text("#hint h3") == "Ready (tenpai)"
        best = hint["discards"][0]
        assert (
            page.locator("#hint > ul > li").first.locator(".tile").first.get_attribute("data-tile") == best["discard"]
        )
        snap_both(page, "riichi-hint")
        assert not errors, errors


def test_the_hint_reads_each_discards_danger_against_a_riichi(browser, tmp_path):
    seed, line = threat_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        game = view["id"]
        for action in line:
            view = post(page, server, f"/api/games/{game}/actions", action)
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        assert hint["threats"] and all(row["risk"] for row in hint["discards"])
        page.goto(f"{server.url}/games/{game}")
        shown_version(page)
        page.click("#hint-toggle")
        page.wait_for_selector("#hint:not([hidden]) li")
        text = page.inner_text("#hint")
        # The safest discards first, then each shown discard's danger with its reading.
        safest = sorted(hint["discards"], key=lambda row: max(r["percent"] for r in row["risk"]))[0]
        assert (
            "Safest against " in text
            and "(" + {"E": "East", "S": "South", "W": "West", "N": "North"}[hint["threats"][0]] + ")" in text
        )
        assert f"{max(r['percent'] for r in safest['risk'])}%" in text
        risky = next(row for row in hint["discards"][:5] if any(r["percent"] > 0 for r in row["risk"]))
        risk = next(r for r in risky["risk"] if r["percent"] > 0)
        assert "deal-in risk: " in text and f"{risk['percent']}% ({risk['why']}" in text
        # The evaluator's figures on every discard shown: the chance to win, a win's worth, the expected points.
        best = hint["discards"][0]
        assert "win_chance" in best and "value" in best
        assert text.count("expected ") == min(5, len(hint["discards"]))
        # Why each ranks where it does, in words, its tiles as pictures: what it keeps, and what the
        # reading adds against the riichi (genbutsu, suji of which tile).
        why = page.locator("#hint .hint-why")
        assert why.count() == min(5, len(hint["discards"]))
        first = why.first.inner_text()
        codes = [reason["code"] for reason in best["reasons"]]
        assert first.startswith("Why: ")
        if "accepts" in codes:
            accepts = next(r for r in best["reasons"] if r["code"] == "accepts")
            assert f"{accepts['tiles']} tiles bring it closer" in first
        shown_reasons = [r for row in hint["discards"][:5] for r in row["reasons"]]
        suji = [r for r in shown_reasons if r["code"] == "suji"]
        if suji:
            assert "suji of " in text
            pictures = why.locator(".tile").evaluate_all("ts => ts.map(t => t.dataset.tile)")
            assert set(suji[0]["of"]) <= set(pictures)
        snap_both(page, "riichi-hint-against-riichi")
        # In Dutch: the readings translated, suji and genbutsu kept as players say them.
        page.goto(f"{server.url}/games/{game}?lang=nl")
        shown_version(page)
        page.wait_for_selector("#hint:not([hidden]) li")
        text = page.inner_text("#hint")
        assert "Het veiligst tegen " in text and "kans om in te spelen: " in text and "winkans " in text
        assert "deal-in risk" not in text
        assert "Waarom: " in text and "Why: " not in text and "bring it closer" not in text
        snap_both(page, "riichi-hint-against-riichi-nl")
        assert not errors, errors


def test_a_call_is_offered_with_the_tiles_it_makes(browser, tmp_path):
    seed, line = claim_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        game = view["id"]
        for action in line:
            view = post(page, server, f"/api/games/{game}/actions", action)
        page.goto(f"{server.url}/games/{game}")
        shown_version(page)
        offered = [a for a in view["observation"]["legal_actions"] if a["action"] in ("chow", "pung")]
        buttons = page.locator("#actions button.claim")
        assert buttons.count() >= len(offered) > 0
        # Each call drawn as the set it makes: the discard with the two tiles from the hand.
        for index in range(buttons.count()):
            if buttons.nth(index).get_attribute("data-action") in ("chow", "pung"):
                shown = buttons.nth(index).locator(".tile.mini").evaluate_all("ts => ts.map(t => t.dataset.tile)")
                assert len(shown) == 3 and view["observation"]["claim_tile"] in shown
        assert "Pass" in page.inner_text("#actions")
        snap_both(page, "riichi-claim")
        assert not errors, errors


def test_the_final_standings_show_uma_hands_won_and_every_hand(browser, tmp_path):
    from tests.test_web_riichi_table import bot_action

    with table_page(browser, tmp_path, 11) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy", "options": {"length": "tonpuu"}})
        game = view["id"]
        while not view["match_over"]:
            if view["hand_over"]:
                view = post(page, server, f"/api/games/{game}/next")
            else:
                view = post(page, server, f"/api/games/{game}/actions", bot_action(view) | {"version": view["version"]})
        page.goto(f"{server.url}/games/{game}")
        page.wait_for_selector("[data-testid=standings]")
        rows = page.locator("[data-testid=standings] tbody tr").all()
        assert len(rows) == 4
        heads = page.locator("[data-testid=standings] thead th").all_inner_texts()
        assert heads[3] == "Result" and heads[4] == "Hands won"
        results = [row.locator("td").nth(3).inner_text() for row in rows]
        assert results == [row["result_text"] for row in view["result"]["standings"]]
        history = view["result"]["history"]
        assert page.locator("[data-testid=history] tbody tr").count() == len(history) >= 4
        won = sum(int(row.locator("td").nth(4).inner_text()) for row in rows)
        assert won == sum(len(line["winners"]) for line in history)
        page.locator("[data-testid=standings]").scroll_into_view_if_needed()
        snap_both(page, "riichi-standings")
        # "Your games" on the home page: the result with uma and oka.
        mine = next(row for row in view["result"]["standings"] if row["name"] == "You")
        page.goto(server.url + "/")
        assert f"({mine['result_text']})" in page.inner_text("[data-testid=game-result]")
        assert not errors, errors


def test_the_computer_players_moves_are_played_out_one_by_one_at_the_users_pace(browser, tmp_path):
    seed, line, _ = riichi_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        csrf = page.get_attribute("meta[name=csrf-token]", "content")
        page.request.put(f"{server.url}/api/settings", data={"speed": "slow"}, headers={"X-CSRF-Token": csrf})
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        page.goto(f"{server.url}/games/{view['id']}")
        version = shown_version(page)
        others = "#pond-left .tile, #pond-top .tile, #pond-right .tile"
        before = page.locator(others).count()
        first = line[0]
        page.locator(f"#hand .tile[data-tile='{first['tile']}']").last.click()
        page.locator("#hand .tile.selected").click()
        # The first of the others' discards shows alone for a while (1.1 s a move at the slow pace)...
        page.wait_for_function(f"document.querySelectorAll({others!r}).length === {before + 1}")
        assert page.get_attribute("#game", "data-busy") == "true"
        wait_after(page, version)
        # ...then the rest, one by one, until the new view with your next decision.
        after = page.request.get(f"{server.url}/api/games/{view['id']}").json()
        rivers = after["observation"]["family"]["seats"]
        discarded = sum(
            sum(not item["called"] for item in seat["discards"]) for seat in rivers if seat["wind"] != after["seat"]
        )
        assert page.locator(others).count() == discarded >= before + 2
        assert page.get_attribute("#game", "data-busy") == "false"
        assert not errors, errors


def test_the_settings_pass_on_calls_by_themselves(browser, tmp_path):
    seed, line = claim_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        game = view["id"]
        for action in line:
            view = post(page, server, f"/api/games/{game}/actions", action)
        # Without the setting the table waits on the call offered.
        page.goto(f"{server.url}/games/{game}")
        version = shown_version(page)
        page.wait_for_selector("#actions button.claim")
        csrf = page.get_attribute("meta[name=csrf-token]", "content")
        page.request.put(
            f"{server.url}/api/settings", data={"speed": "instant", "auto_pass": True}, headers={"X-CSRF-Token": csrf}
        )
        # With it, a call offered is passed by the table itself once the view comes again.
        page.reload()
        wait_after(page, version)
        now = page.request.get(f"{server.url}/api/games/{game}").json()
        assert now["version"] > version
        assert "(passed automatically)" in page.inner_text("#log")
        assert not errors, errors


def test_a_riichi_hand_replays_with_its_family_panel(browser, tmp_path):
    seed, line, riichi = riichi_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        game = view["id"]
        for action in (*line, riichi):
            view = post(page, server, f"/api/games/{game}/actions", action)
        finish_hand(page, server, game, view)
        page.goto(f"{server.url}/games/{game}/hands/1")
        page.wait_for_selector("#replay[data-step='0']")
        assert page.locator("#replay-family [data-testid=dora-indicators] .tile").count() == 1
        page.click("#last")
        page.wait_for_selector("#result:not([hidden])")
        # The riichi discard lies turned in the person's river, red fives drawn red.
        you = page.locator(".replay-seat[data-seat=S]")
        assert you.locator(".tile.riichi-discard").count() == 1
        assert_red_fives_are_red(page)
        snap_both(page, "riichi-replay-end")
        assert not errors, errors


@functools.cache
def last_hand_line(start: int = 900) -> tuple[int, tuple[tuple[str, dict], ...]]:
    """The first seed from ``start`` on which an East-round match (the person playing as a Normal bot
    would) comes to its last hand with the person to discard: the seed and the requests up to that
    turn, each ``("actions", action)`` or ``("next", {})`` (the next hand dealt)."""
    from sparrow.bots.evaluator import places_counted

    bot = get_bot("normal", 5)
    for seed in range(start, start + 20):
        table = Table("riichi", "easy", seed, {"length": "tonpuu"}, own_programs=True, forced=True)
        step = table.start()
        requests: list[tuple[str, dict]] = []
        while len(requests) < 800:
            if step.hand_over:
                if step.match_over:
                    break
                requests.append(("next", {}))
                step = table.next_hand()
                continue
            if places_counted(step.observation) and any(
                a.kind is ActionKind.DISCARD for a in step.observation.legal_actions
            ):
                return seed, tuple(requests)
            action = bot.act(step.observation)
            requests.append(("actions", _sent(action)))
            step = table.act(action)
    raise AssertionError("no East-round match came to its last hand on the person's discard")


def test_the_hint_says_when_the_figures_count_the_places_of_the_last_hand(browser, tmp_path):
    seed, line = last_hand_line()
    with table_page(browser, tmp_path, seed) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy", "options": {"length": "tonpuu"}})
        game = view["id"]
        # Before the last hand the figures are points alone.
        assert page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")["places_at_stake"] is False
        for kind, data in line:
            post(page, server, f"/api/games/{game}/{kind}", data)
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        assert hint["places_at_stake"] is True and hint["discards"][0]["win_value"] >= 0
        page.goto(f"{server.url}/games/{game}")
        shown_version(page)
        page.click("#hint-toggle")
        page.wait_for_selector("#hint:not([hidden]) li")
        assert page.inner_text("#hint .hint-places") == (
            "The match's last hand: the figures count the places at stake (uma and oka)"
        )
        snap_both(page, "riichi-hint-last-hand")
        page.goto(f"{server.url}/games/{game}?lang=nl")
        shown_version(page)
        if page.get_attribute("#hint-toggle", "aria-pressed") != "true":  # (the setting is remembered)
            page.click("#hint-toggle")
        page.wait_for_selector("#hint:not([hidden]) .hint-places")
        assert page.inner_text("#hint .hint-places").startswith("De laatste hand van de partij")
        snap_both(page, "riichi-hint-last-hand-nl")
        assert not errors, errors
