"""The replay page in a real browser (Playwright driving Debian's Chromium, ``/usr/bin/chromium``).

A casual hand the person wins and an NTS hand a computer player wins are played through the API; the
replay is stepped through to its end, every line on the page compared with the sentence the event
should read as ("You discard 5 Circles", "East pongs 5 Circles from West", never "You sets" nor "5p"), and the score card
and payments at the end compared with the API's. Then the same replay in Dutch (``?lang=nl``).
Screenshots at phone (390x844) and desktop (1280x800) size go to ``tests/artifacts/``.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page

from tests.test_web_browser import SIZES, snap_both
from tests.test_web_replay import nts_line
from tests.web_support import Server, winning_line

pytestmark = pytest.mark.slow

SEAT_NAMES = {"E": "East", "S": "South", "W": "West", "N": "North"}


def sentence(event: dict, you: str, texts: dict[str, str]) -> str | None:
    """What the page should write for ``event``, from the page's own texts (the script's rules): its
    tiles by their names in the page's language (``tile_names``, put among the texts by open_replay)."""
    seat = event.get("seat")
    names = texts["tile names"]

    def named(code: str) -> str:
        return names[code]

    def wind(s: str) -> str:
        return texts[SEAT_NAMES[s]]

    def whom(s: str) -> str:
        return texts["you"] if s == you else wind(s)

    def said(mine: str, theirs: str, **values) -> str:
        if seat == you:
            return texts[mine].format(**values)
        return texts[theirs].format(who=wind(seat), **values)

    kind = event["event"]
    if kind == "hand_start":
        if event["dealer"] == you:
            return texts["Round wind {wind}; you are the dealer."].format(wind=wind(event["round_wind"]))
        return texts["Round wind {wind}; {who} is the dealer."].format(
            wind=wind(event["round_wind"]), who=wind(event["dealer"])
        )
    if kind == "deal":
        return texts["The tiles are dealt."]
    if kind == "draw":
        if event["source"] == "replacement":
            return said(
                "You draw a replacement tile: {tile}.",
                "{who} draws a replacement tile: {tile}.",
                tile=named(event["tile"]),
            )
        return said("You draw {tile}.", "{who} draws {tile}.", tile=named(event["tile"]))
    if kind == "discard":
        return said("You discard {tile}.", "{who} discards {tile}.", tile=named(event["tile"]))
    if kind == "bonus":
        bonus = named(event["tile"])
        if event["replacement"]:
            return said(
                "You set aside {bonus} and draw {tile}.",
                "{who} sets aside {bonus} and draws {tile}.",
                bonus=bonus,
                tile=named(event["replacement"]),
            )
        return said("You set aside {bonus}.", "{who} sets aside {bonus}.", bonus=bonus)
    if kind == "claim":
        meld = event["meld"] or ""  # "345s": each different tile of the set named once
        melded = dict.fromkeys(re.findall(r"\d[mpszf]", re.sub(r"(\d)(?=\d)", r"\1" + meld[-1:], meld)))
        values = {"tile": named(event["tile"]), "whom": whom(event["from"]), "meld": ", ".join(map(named, melded))}
        if event["kind"] == "chow":
            return said("You chow {tile} from {whom}: {meld}.", "{who} chows {tile} from {whom}: {meld}.", **values)
        if event["kind"] == "pung":
            return said("You pong {tile} from {whom}.", "{who} pongs {tile} from {whom}.", **values)
        if event["kind"] == "kong":
            return said("You kong {tile} from {whom}.", "{who} kongs {tile} from {whom}.", **values)
        return None
    if kind == "kong":
        tile = named(event["tiles"][0] + event["tiles"][-1])
        if event["kind"] == "added":
            return said(
                "You add the fourth {tile} to your pung: an open kong.",
                "{who} adds the fourth {tile} to their pung: an open kong.",
                tile=tile,
            )
        return said("You declare a concealed kong of {tile}.", "{who} declares a concealed kong of {tile}.", tile=tile)
    if kind == "win":
        return win_sentence(seat, event["situation"]["win_by"], event["from"], you, texts)
    if kind == "false_win":
        return said(
            "You declare a win that is not one ({reason}): your hand is dead.",
            "{who} declares a win that is not one ({reason}): a dead hand.",
            reason=event.get("reason_text") or event["reason"],
        )
    if kind == "exhausted":
        return texts["The wall is empty: a drawn hand."]
    return None


def win_sentence(seat: str, win_by: str, source: str | None, you: str, texts: dict[str, str]) -> str:
    keys = {
        "discard": "wins on a discard from {whom} (Ron).",
        "robbing_kong": "wins by robbing the kong of {whom}.",
        "kong_replacement": "wins on the replacement tile after a kong (Tsumo).",
        "flower_replacement": "wins on the replacement tile after a flower (Tsumo).",
        "self_draw": "wins by self-draw (Tsumo).",
    }
    theirs = "{who} " + keys[win_by]
    mine = "You win " + keys[win_by].split(" ", 1)[1]
    whom = texts["you"] if source == you else texts[SEAT_NAMES[source]] if source else ""
    if seat == you:
        return texts[mine].format(whom=whom)
    return texts[theirs].format(who=texts[SEAT_NAMES[seat]], whom=whom)


def play_through_api(page: Page, url: str, rules: str, line: tuple[dict, ...]) -> str:
    """A new game of ``rules`` in this browser's session, played out with ``line``; its id."""
    page.goto(url + "/?lang=en")
    csrf = page.get_attribute("meta[name=csrf-token]", "content")
    headers = {"X-CSRF-Token": csrf}
    view = page.request.post(f"{url}/api/games", data={"rules": rules, "level": "normal"}, headers=headers).json()
    for action in line:
        answer = page.request.post(f"{url}/api/games/{view['id']}/actions", data=action, headers=headers)
        assert answer.ok, answer.text()
        view = answer.json()
    assert view["hand_over"]
    return view["id"]


def open_replay(page: Page, url: str, game: str, lang: str) -> tuple[dict, dict[str, str]]:
    page.goto(f"{url}/games/{game}/hands/1?lang={lang}")
    page.wait_for_selector("#seats .replay-seat")
    replay = page.request.get(f"{url}/api/games/{game}/hands/1/replay?lang={lang}").json()
    texts = page.eval_on_selector("#replay-data", "e => JSON.parse(e.textContent).texts")
    texts["tile names"] = page.eval_on_selector("#replay-data", "e => JSON.parse(e.textContent).tile_names")
    return replay, texts


def shown_lines(page: Page) -> list[str]:
    return page.locator("#what li").all_inner_texts()


def step_through(page: Page, replay: dict, texts: dict[str, str]) -> list[str]:
    """Every step from the first to the last, each step's lines checked against its events."""
    you = replay["you"]
    every = []
    for number, frame in enumerate(replay["frames"]):
        if number:
            page.click("#next")
        page.wait_for_function(f"document.getElementById('replay').dataset.step === '{number}'")
        expected = [line for line in (sentence(event, you, texts) for event in frame["events"]) if line]
        assert shown_lines(page) == expected, (number, frame["events"])
        steps = texts["Step {step} of {steps}"].format(step=number + 1, steps=len(replay["frames"]))
        assert page.inner_text("#step").startswith(steps)
        every += expected
    assert page.locator("#result").is_visible()
    return every


def bot_name(name: str, texts: dict[str, str]) -> str:
    """A computer player's name as the page writes it: its level in the page's language."""
    bot = re.fullmatch(r"(Easy|Normal|Expert) (\d+)", name)
    return f"{texts[bot[1]]} {bot[2]}" if bot else name


def check_result(page: Page, replay: dict, texts: dict[str, str]) -> None:
    result = replay["result"]
    card = result["score"]
    rows = page.locator("[data-testid=scorecard] tr.item")
    assert rows.count() == len(card["items"])
    for number, item in enumerate(card["items"]):
        cells = rows.nth(number).locator("td").all_inner_texts()
        assert cells[0] == item["name"]
        assert cells[1].startswith(f"{item['value']} ")
    assert int(page.inner_text("[data-testid=score-total]")) == card["total"]
    if card.get("arithmetic"):
        assert page.inner_text("[data-testid=scorecard] tr.arith") == card["arithmetic"]
    assert page.inner_text("[data-testid=result-title]") == texts["Result"]
    title = win_sentence(result["winner"], result["win_by"], result["discarder"], replay["you"], texts)
    assert shown_lines(page)[-1] == title  # the last step tells how the hand was won
    for seat, amount in result["payments"].items():
        cells = page.locator(f"[data-testid=payments] tr[data-seat={seat}] td").all_inner_texts()
        assert cells[0].startswith(texts["You"] if seat == replay["you"] else bot_name(replay["players"][seat], texts))
        assert (f"+{amount}" if amount > 0 else str(amount)) in cells[1:]
        if result["scores_losers"]:
            assert page.inner_text(f"[data-testid=payments] tr[data-seat={seat}] [data-testid=hand-score]") == str(
                result["scores"][seat]
            )
        if result["totals"]:
            assert cells[-1] == str(result["totals"][seat])


def test_a_won_hand_replays_in_plain_words_to_its_score_card_in_english_and_dutch(browser, tmp_path):
    seed, line = winning_line("casual", "normal")
    server = Server(tmp_path / "data", seed=seed).start()
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        game = play_through_api(page, server.url, "casual", line)
        replay, texts = open_replay(page, server.url, game, "en")
        assert replay["you"] == "S" and replay["result"]["winner"] == "S"
        assert page.inner_text("h1") == "Replay of hand 1"
        snap_both(page, "replay-start")
        page.set_viewport_size(SIZES["desktop"])
        lines = step_through(page, replay, texts)
        # Plain English: the person is "You" with the verb to match, the others are their winds.
        assert not [text for text in lines if re.match(r"You \w+s\b", text)]
        assert not [text for text in lines if "(S)" in text or "You (" in text]
        # Tiles by name ("discards Red Dragon", "discard 5 Circles"), never in the notation.
        assert any(re.fullmatch(r"(East|West|North) discards [\w ]+\.", text) for text in lines)
        assert any(re.fullmatch(r"You discard [\w ]+\.", text) for text in lines)
        assert not [text for text in lines if re.search(r"\b\d+[mpszf]\b", text)]
        assert lines[-1] == "You win by self-draw (Tsumo)."
        check_result(page, replay, texts)
        assert page.inner_text("#result h3") == "Score card"
        snap_both(page, "replay-end")

        # Dutch: the page, every line and the score card.
        dutch, nl = open_replay(page, server.url, game, "nl")
        assert page.inner_text("h1") == "Herhaling van spel 1"
        assert page.inner_text("#first") == "« Begin" and page.inner_text("#play") == "Afspelen"
        assert page.inner_text("#step").startswith("Stap 1 van ")
        page.click("#next")
        page.click("#next")
        page.wait_for_function("document.getElementById('replay').dataset.step === '2'")
        assert all(" gooit " in text or " pakt " in text or "legt" in text for text in shown_lines(page))
        snap_both(page, "replay-nl")
        page.click("#last")
        page.wait_for_selector("#result:not([hidden])")
        assert shown_lines(page)[-1] == "Je wint met een zelf gepakte steen (Tsumo)."
        check_result(page, dutch, nl)
        assert page.inner_text("#result h3") == "Puntentelling"
        assert "Totaal" in page.inner_text("[data-testid=scorecard]")
        assert "Verrekening" in page.inner_text("#result")
        assert "Jij (Zuid)" in page.inner_text("[data-testid=payments]")
        assert dutch["result"]["score"]["total"] == replay["result"]["score"]["total"]
        assert [item["name"] for item in dutch["result"]["score"]["items"]] != [
            item["name"] for item in replay["result"]["score"]["items"]
        ]
        # Step back and forth by keyboard.
        page.keyboard.press("ArrowLeft")
        page.wait_for_selector("#result", state="hidden")
        page.keyboard.press("ArrowRight")
        page.wait_for_selector("#result:not([hidden])")
        snap_both(page, "replay-nl-end")
        assert not errors, errors
    finally:
        context.close()
        server.stop()


def test_an_nts_replay_ends_with_every_hand_score(browser, tmp_path):
    seed, line = nts_line()
    server = Server(tmp_path / "data", seed=seed).start()
    context = browser.new_context(viewport=SIZES["desktop"], bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        game = play_through_api(page, server.url, "nts", line)
        replay, texts = open_replay(page, server.url, game, "en")
        result = replay["result"]
        assert result["scores_losers"] and result["winner"] != replay["you"]
        lines = step_through(page, replay, texts)
        assert not [text for text in lines if re.match(r"You \w+s\b", text)]
        winner = SEAT_NAMES[result["winner"]]
        assert lines[-1].startswith(f"{winner} wins ")
        check_result(page, replay, texts)
        heads = page.locator("[data-testid=payments] thead th").all_inner_texts()
        assert heads == ["Player", "Hand score", "Gain or loss", "Total"]
        snap_both(page, "replay-nts-end")
        dutch, nl = open_replay(page, server.url, game, "nl")
        page.click("#last")
        page.wait_for_selector("#result:not([hidden])")
        check_result(page, dutch, nl)
        assert page.locator("[data-testid=payments] thead th").all_inner_texts()[:2] == ["Speler", "Score"]
        assert not errors, errors
    finally:
        context.close()
        server.stop()
