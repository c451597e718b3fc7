"""The Riichi table in a real browser (Playwright driving Debian's Chromium): start a Riichi game from
the home page, see the round, honba and sticks, the dora indicator and the four scores, discard by
clicking a tile twice, declare riichi with the Riichi button and see the stick on your seat and your
discard turned sideways, finish the hand and read its score card (yaku with han, fu lines, points),
the changes and the scores; in Dutch the Japanese terms stay. Screenshots at phone (390x844)
and desktop (1280x800) size go to ``tests/artifacts/``.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page

from sparrow.bots.riichi import RiichiBot
from sparrow.game.riichi import RiichiAction, RiichiActionKind
from sparrow.play.riichi_table import HUMAN_SEAT, RiichiTable
from tests.test_web_browser import SIZES, fits, shown_version, snap, wait_after
from tests.web_support import Server

pytestmark = pytest.mark.slow


def _bot_choice(table: RiichiTable) -> RiichiAction:
    seen = table.observation()
    legal = [RiichiAction.from_dict(a) for a in seen["legal_actions"]]
    return RiichiBot("normal", 5).act(seen, legal)


@functools.cache
def riichi_line(start: int = 300) -> tuple[int, tuple[dict, ...], dict]:
    """The first seed from ``start`` on which the person, playing as a Normal bot would, may declare
    riichi in the first hand: the seed, the actions up to that turn, and the riichi discard."""
    for seed in range(start, start + 200):
        table = RiichiTable("easy", seed)
        table.start()
        if not any(a["action"] == "discard" for a in table.observation()["legal_actions"]):
            continue  # (the first decision a claim on East's discard: the test begins with a discard)
        actions: list[dict] = []
        while not table.hand_over and len(actions) < 40:
            legal = table.observation()["legal_actions"]
            declaring = [a for a in legal if a.get("riichi")]
            if declaring:
                return seed, tuple(actions), {k: v for k, v in declaring[0].items() if k != "seat"}
            action = _bot_choice(table)
            if action.kind is RiichiActionKind.DISCARD and action.riichi:
                break
            actions.append({k: v for k, v in action.to_dict().items() if k != "seat"})
            table.act(action)
    raise AssertionError("no seed with an early riichi found")


def snap_both(page: Page, name: str) -> None:
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        fits(page, size)
        snap(page, name, size)
    page.set_viewport_size(SIZES["desktop"])


RED = "rgb(208, 33, 28)"


def assert_red_fives_are_red(page: Page) -> None:
    """The page's stylesheet draws a red five red (not only the calculator's), and so it draws every
    red five it shows."""
    drawn = page.evaluate(
        """() => {
            const tile = document.createElement("span");
            tile.className = "tile t-p red-five";
            tile.innerHTML = '<span class="face"><b class="red">5</b><i>p</i></span>';
            document.body.append(tile);
            const colour = getComputedStyle(tile.querySelector("b")).color;
            tile.remove();
            return colour;
        }"""
    )
    assert drawn == RED
    shown = page.eval_on_selector_all(".tile.red-five .face b.red", "bs => bs.map(b => getComputedStyle(b).color)")
    assert all(colour == RED for colour in shown), shown


def post(page: Page, server: Server, path: str, data: dict | None = None) -> dict:
    csrf = page.get_attribute("meta[name=csrf-token]", "content")
    answer = page.request.post(f"{server.url}{path}", data=data or {}, headers={"X-CSRF-Token": csrf})
    assert answer.ok, answer.text()
    return answer.json()


def test_a_riichi_game_from_the_home_page_to_the_score_card(browser, tmp_path):
    seed, line, riichi = riichi_line()
    server = Server(tmp_path / "data", seed=seed).start()
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server.url + "/")
        page.select_option("#rules", "riichi")
        assert page.locator(".match-choices[data-rules=riichi] select[name=preset]").is_visible()
        page.check("input[name=level][value=easy]")
        page.click("#start")
        page.wait_for_url(re.compile(r".*/games/[^/]+$"))
        version = shown_version(page)
        game = page.url.rsplit("/", 1)[1]
        # The centre: East 1, no honba or sticks, one dora indicator and four hidden; four scores.
        assert page.inner_text("[data-testid=round]").strip() == "東 1"
        assert "0" in page.inner_text("[data-testid=counters]")
        assert page.locator("[data-testid=dora] .tile:not(.back)").count() == 1
        assert page.locator("[data-testid=score-chip]").all_inner_texts() == ["25,000"] * 4
        assert page.locator("#hand .tile").count() == 14  # South's first draw came
        # The log's first line names the dealer (the hand_start's dealer is a seat wind, East).
        assert page.locator("#log li").first.text_content() == "East round: Easy 1 deals, honba 0."
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
        view = None
        for action in line[1:]:
            view = post(page, server, f"/api/games/{game}/actions", action)
        page.reload()
        version = shown_version(page)
        page.click("#riichi-toggle")
        page.wait_for_selector("#hand.riichi-mode")
        choices = page.eval_on_selector_all("#hand .tile.riichi-choice", "ts => ts.map(t => t.dataset.tile)")
        assert riichi["tile"] in choices
        snap_both(page, "riichi-declaring")
        page.locator(f"#hand .tile.riichi-choice[data-tile='{riichi['tile']}']").last.click()
        page.locator("#hand .tile.selected").click()
        wait_after(page, version)
        view = page.request.get(f"{server.url}/api/games/{game}").json()
        if not view["hand_over"] or view["result"]["kind"] != "ron":  # (a ron on the riichi tile cancels it)
            assert page.locator("#seat-me [data-testid=riichi-stick]").count() == 1
            assert page.locator("#pond-me .tile.riichi-discard").count() == 1
            assert view["observation"]["seats"][HUMAN_SEAT]["riichi"]
        # Finish the hand: after riichi the table discards the drawn tile for you; take a win offered.
        while not view["hand_over"]:
            legal = view["observation"]["legal_actions"]
            pick = next((a for a in legal if a["action"] in ("tsumo", "ron")), None)
            pick = pick or next((a for a in legal if a["action"] == "pass"), None) or legal[-1]
            view = post(page, server, f"/api/games/{game}/actions", {k: v for k, v in pick.items() if k != "seat"})
        page.reload()
        page.wait_for_selector("#result:not([hidden]) [data-testid=settlement]")
        rows = page.locator("[data-testid=settlement] tbody tr").all_inner_texts()
        assert len(rows) == 4
        if view["result"]["wins"]:
            card = page.locator("[data-testid=win-card]").first
            assert "han" in card.inner_text() and str(
                view["result"]["wins"][0]["card"]["total"]
            ) in card.inner_text().replace(",", "")
            # The winner took the sticks: none are left on the table.
            assert page.inner_text("[data-testid=counters]").strip().endswith(" 0")
            # Who paid what: a line a payment, the win's first.
            lines = page.locator("[data-testid=payments] li").all_inner_texts()
            assert len(lines) == len(view["result"]["payments"]) and " pays " in lines[0]
        assert page.locator("#next-hand").is_visible()
        assert_red_fives_are_red(page)
        snap_both(page, "riichi-result")
        page.click("#next-hand")
        page.wait_for_function("document.getElementById('result').hidden")
        assert page.inner_text("[data-testid=round]").strip() in ("東 1", "東 2")
        # In Dutch: the page's own words translated, the Japanese terms kept.
        page.goto(f"{server.url}/games/{game}?lang=nl")
        shown_version(page)
        assert "honba" in page.inner_text("[data-testid=counters]")
        assert "stokken" in page.inner_text("[data-testid=counters]")
        assert page.inner_text("#log-box summary") == "Wat er gebeurde"
        snap_both(page, "riichi-table-nl")
        assert not errors, errors
    finally:
        context.close()
        server.stop()


# Where each seat sits as the person (HUMAN_SEAT) sees the table: the board's seat panels.
POSITIONS = {HUMAN_SEAT: "me", (HUMAN_SEAT + 1) % 4: "right", (HUMAN_SEAT + 2) % 4: "top", (HUMAN_SEAT + 3) % 4: "left"}


def test_the_hint_panel_lists_the_discards_of_the_servers_hint(browser, tmp_path):
    seed, line, riichi = riichi_line()
    server = Server(tmp_path / "data", seed=seed).start()
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(server.url + "/")
        page.select_option("#rules", "riichi")
        page.check("input[name=level][value=easy]")
        page.click("#start")
        page.wait_for_url(re.compile(r".*/games/[^/]+$"))
        game = page.url.rsplit("/", 1)[1]
        shown_version(page)
        # Off by default (the hints setting is off): the panel stays behind the button.
        assert page.get_attribute("#hint-toggle", "aria-pressed") == "false"
        assert page.locator("#hint").is_hidden()
        # Play up to the turn that may declare riichi: a ready discard with its waits and values.
        for action in line:
            post(page, server, f"/api/games/{game}/actions", action)
        page.reload()
        shown_version(page)
        page.click("#hint-toggle")
        page.wait_for_selector("#hint:not([hidden]) [data-testid=hint-discard]")
        assert page.get_attribute("#hint-toggle", "aria-pressed") == "true"
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        shown = page.eval_on_selector_all("[data-testid=hint-discard]", "rows => rows.map(r => r.dataset.tile)")
        assert shown == [row["discard"] for row in hint["discards"][:6]]
        assert page.inner_text("[data-testid=hint-shanten]") in ("Ready (tenpai)", "1 tile from ready")
        ready = [row for row in hint["discards"][:6] if row["ready"]]
        assert ready, hint  # (the riichi turn: some discard leaves the hand ready)
        first = page.locator(f"[data-testid=hint-discard][data-tile='{ready[0]['discard']}']")
        text = first.inner_text()
        wait = ready[0]["waits"][0]
        assert f"×{wait['unseen']}" in text
        if wait["ron"]["valid"]:
            assert f"{wait['ron']['han']} han {wait['ron']['fu']} fu · {wait['ron']['points']:,}" in text
        else:
            assert "no yaku" in text
        # Hovering a row marks that tile in your hand.
        first.hover()
        assert page.locator("#hand .tile.hinted").count() >= 1
        page.mouse.move(0, 0)
        snap_both(page, "riichi-hint")
        # The marks: a discard that would be furiten, and one safe from a player in riichi (named as
        # the board names that wind's seat); the hint doctored, as this line has neither.
        doctored = {**hint, "discards": [dict(row) for row in hint["discards"]]}
        doctored["discards"][0].update(furiten=True, safe_from=["E"])
        page.route(f"**/api/games/{game}/hint", lambda route: route.fulfill(json=doctored))
        page.click("#hint-toggle")
        assert page.locator("#hint").is_hidden()
        saved = lambda r: r.url.endswith("/api/settings") and '"hints":true' in (r.request.post_data or "")  # noqa: E731
        with page.expect_response(saved):  # (before the reload below, which should find the panel open)
            page.click("#hint-toggle")
        page.wait_for_selector("#hint .hint-mark.safe")
        seats = page.request.get(f"{server.url}/api/games/{game}").json()["observation"]["seats"]
        east = next(i for i, seat in enumerate(seats) if seat["wind"] == "E")
        marked = page.locator("[data-testid=hint-discard]").first.inner_text()
        assert "furiten" in marked and f"safe from {page.inner_text(f'#seat-{POSITIONS[east]} .name')}" in marked
        snap_both(page, "riichi-hint-marks")
        page.unroute(f"**/api/games/{game}/hint")
        # The button remembers the choice in the user's hints setting: a reload opens the panel.
        page.reload()
        page.wait_for_selector("#hint:not([hidden]) [data-testid=hint-discard]")
        # Once the hand is over, the panel goes.
        view = page.request.get(f"{server.url}/api/games/{game}").json()
        while not view["hand_over"]:
            legal = view["observation"]["legal_actions"]
            pick = next((a for a in legal if a["action"] in ("tsumo", "ron")), None)
            pick = pick or next((a for a in legal if a["action"] == "pass"), None) or legal[-1]
            view = post(page, server, f"/api/games/{game}/actions", {k: v for k, v in pick.items() if k != "seat"})
        page.reload()
        page.wait_for_selector("#result:not([hidden])")
        assert page.locator("#hint").is_hidden()
        # The hand step by step: from the score card's link, every hand face up, to the same end.
        page.click("#result .replay-link")
        page.wait_for_url(re.compile(r".*/games/[^/]+/hands/1$"))
        page.wait_for_selector("#game[data-step='0']")
        steps = int(page.get_attribute("#game", "data-steps"))
        assert steps > 10
        # The others' dealt tiles shown (the dealer's first draw too, East on the person's left).
        shown = [
            page.locator(f"#seat-{position} .revealed-hand .tile").count() for position in ("left", "top", "right")
        ]
        assert shown == [14, 13, 13]
        assert page.locator("#hand .tile").count() == 13
        page.click("#next")
        page.wait_for_selector("#game[data-step='1']")
        snap_both(page, "riichi-replay")
        page.click("#last")
        page.wait_for_selector("#result:not([hidden]) [data-testid=settlement]")
        assert page.locator("#log li").count() > 5
        snap_both(page, "riichi-replay-end")
        assert not errors, errors
    finally:
        context.close()
        server.stop()


@contextlib.contextmanager
def table_page(browser, tmp_path, seed: int) -> Iterator[tuple[Page, Server]]:
    """A server dealing ``seed`` and a desktop page on its home page (a session of its own)."""
    server = Server(tmp_path / "data", seed=seed).start()
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)
    try:
        page = context.new_page()
        page.goto(server.url + "/")
        yield page, server
    finally:
        context.close()
        server.stop()


@functools.cache
def claim_line(start: int = 500) -> tuple[int, tuple[dict, ...]]:
    """The first seed from ``start`` on which the person, playing as a Normal bot would (and passing
    on claims), is offered a chi or pon in the first hand: the seed and the actions before it."""
    for seed in range(start, start + 200):
        table = RiichiTable("easy", seed)
        table.start()
        actions: list[dict] = []
        while not table.hand_over and len(actions) < 60:
            legal = table.observation()["legal_actions"]
            if any(a["action"] in ("chi", "pon") for a in legal):
                return seed, tuple(actions)
            action = _bot_choice(table)
            if action.kind in (RiichiActionKind.CHI, RiichiActionKind.PON, RiichiActionKind.DAIMINKAN):
                action = RiichiAction.simple(RiichiActionKind.PASS, HUMAN_SEAT)
            actions.append({k: v for k, v in action.to_dict().items() if k != "seat"})
            table.act(action)
    raise AssertionError("no seed with a call offered early found")


def test_a_call_is_offered_with_the_tiles_it_takes(browser, tmp_path):
    seed, line = claim_line()
    with table_page(browser, tmp_path, seed) as (page, server):
        page.select_option("#rules", "riichi")
        page.check("input[name=level][value=easy]")
        page.click("#start")
        page.wait_for_url(re.compile(r".*/games/[^/]+$"))
        game = page.url.rsplit("/", 1)[1]
        view = None
        for action in line:
            view = post(page, server, f"/api/games/{game}/actions", action)
        page.reload()
        shown_version(page)
        assert view is not None
        offered = [a for a in view["observation"]["legal_actions"] if a["action"] in ("chi", "pon")]
        buttons = page.locator("#actions button.claim")
        assert buttons.count() >= len(offered) > 0
        first = buttons.first
        # The tiles the call takes from the hand, drawn as tiles; their names for a screen reader.
        assert first.locator(".tile.mini").count() == 2
        shown = first.locator(".tile.mini").evaluate_all("ts => ts.map(t => t.dataset.tile)")
        assert shown == offered[0]["tiles"]
        assert first.get_attribute("aria-label").endswith(" ".join(offered[0]["tiles"]))
        assert "Pass" in page.inner_text("#actions")
        snap_both(page, "riichi-claim")


def test_the_final_standings_show_hands_won_and_every_hand_of_the_match(browser, tmp_path):
    from tests.test_web_riichi_table import bot_action

    with table_page(browser, tmp_path, 11) as (page, server):
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
        assert heads[-1] == "Hands won"
        won = sum(int(row.locator("td").last.inner_text()) for row in rows)
        history = view["result"]["history"]
        assert page.locator("[data-testid=history] tbody tr").count() == len(history) >= 4
        assert won == sum(len(line["winners"]) for line in history)
        assert page.locator("[data-testid=history] tbody tr").first.locator("td").first.inner_text() == "東 1"
        page.locator("[data-testid=history]").scroll_into_view_if_needed()
        snap_both(page, "riichi-standings")


def test_the_computer_players_moves_are_played_out_one_by_one_at_the_users_pace(browser, tmp_path):
    seed, line, _ = riichi_line()
    with table_page(browser, tmp_path, seed) as (page, server):
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
        discarded = sum(
            1 for e in after["events"] if e["event"] == "discard" and e["seat"] != after["observation"]["wind"]
        )
        assert page.locator(others).count() == discarded >= before + 2
        assert page.get_attribute("#game", "data-busy") == "false"


def test_the_settings_dialog_sets_the_pace_and_passes_on_calls_by_itself(browser, tmp_path):
    seed, line = claim_line()
    with table_page(browser, tmp_path, seed) as (page, server):
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        game = view["id"]
        for action in line:
            view = post(page, server, f"/api/games/{game}/actions", action)
        assert any(a["action"] in ("chi", "pon") for a in view["observation"]["legal_actions"])
        # Without the setting the table waits on the call offered.
        page.goto(f"{server.url}/games/{game}")
        version = shown_version(page)
        page.wait_for_selector("#actions button.claim")
        # The table's Settings dialog, as at the other tables: the pace and passing on calls.
        page.click("#settings-open")
        page.select_option("#settings select[name=speed]", "instant")
        page.check("#settings input[name=auto_pass]")
        page.wait_for_function("document.querySelector('#settings input[name=auto_pass]').checked")
        snap_both(page, "riichi-settings")
        page.click("#settings-close")
        saved = page.request.get(f"{server.url}/api/settings").json()
        assert saved["speed"] == "instant" and saved["auto_pass"]
        # With it, a call offered is passed by the table itself once the view comes again.
        page.reload()
        wait_after(page, version)
        now = page.request.get(f"{server.url}/api/games/{game}").json()
        assert now["version"] > version
        assert not now["hand_over"] and not all(
            a["action"] in ("chi", "pon", "daiminkan", "pass") for a in now["observation"]["legal_actions"]
        )


# An AudioContext that counts the tones started instead of playing them.
COUNTING_AUDIO = """
window.__tones = 0;
window.AudioContext = class {
  get currentTime() { return 0; }
  get destination() { return {}; }
  createGain() { return { gain: {}, connect: (next) => next }; }
  createOscillator() {
    return { frequency: {}, connect: (gain) => gain, start: () => { window.__tones += 1; }, stop: () => {} };
  }
};
"""


def test_with_sound_on_a_tone_says_the_decision_is_yours(browser, tmp_path):
    with table_page(browser, tmp_path, 7) as (page, server):
        page.add_init_script(COUNTING_AUDIO)
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        page.goto(f"{server.url}/games/{view['id']}")
        shown_version(page)
        assert page.evaluate("window.__tones") == 0  # the Sound setting is off by default
        csrf = page.get_attribute("meta[name=csrf-token]", "content")
        page.request.put(f"{server.url}/api/settings", data={"sound": True}, headers={"X-CSRF-Token": csrf})
        page.reload()
        shown_version(page)
        page.wait_for_function("window.__tones === 1")


@functools.cache
def ron_line(start: int = 0) -> tuple[int, tuple[dict, ...], dict]:
    """The first seed from ``start`` on which, the person discarding as a Normal bot would (and
    passing on calls), a computer player wins by ron in the moves that follow one of the person's
    discards: the seed, the actions before that discard, and the discard."""
    for seed in range(start, start + 100):
        table = RiichiTable("easy", seed)
        table.start()
        actions: list[dict] = []
        while not table.hand_over and len(actions) < 80:
            action = _bot_choice(table)
            if action.kind not in (RiichiActionKind.DISCARD, RiichiActionKind.PASS):
                action = RiichiAction.simple(RiichiActionKind.PASS, HUMAN_SEAT)
                if action not in [RiichiAction.from_dict(a) for a in table.observation()["legal_actions"]]:
                    break
            seen = len(table.hand.events)
            table.act(action)
            move = {k: v for k, v in action.to_dict().items() if k != "seat"}
            fresh = table.hand.events[seen:]
            robbed = any(e["event"] == "claim" and e.get("kind") == "win" for e in fresh)
            if robbed and action.kind is RiichiActionKind.DISCARD and not action.riichi:  # (a plain click)
                return seed, tuple(actions), move
            actions.append(move)
    raise AssertionError("no seed with a computer's ron after the person's discard found")


def test_a_computer_players_ron_after_your_discard_ends_the_played_out_moves_with_the_score_card(browser, tmp_path):
    seed, line, discard = ron_line()
    with table_page(browser, tmp_path, seed) as (page, server):
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        csrf = page.get_attribute("meta[name=csrf-token]", "content")
        page.request.put(f"{server.url}/api/settings", data={"speed": "fast"}, headers={"X-CSRF-Token": csrf})
        view = post(page, server, "/api/games", {"rules": "riichi", "level": "easy"})
        for action in line:
            view = post(page, server, f"/api/games/{view['id']}/actions", action)
        page.goto(f"{server.url}/games/{view['id']}")
        version = shown_version(page)
        page.locator(f"#hand .tile[data-tile='{discard['tile']}']").last.click()
        page.locator("#hand .tile.selected").click()
        wait_after(page, version)
        page.wait_for_selector("#result:not([hidden]) [data-testid=win-card]")
        assert page.get_attribute("#game", "data-busy") == "false"
        assert not page.locator("#error:not([hidden])").count() and not errors, errors
