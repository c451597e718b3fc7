"""The hint panel of the families the plan players play shows the evaluator's figures and reasons
(``sparrow.bots.plan_values``), in English and in Dutch, at phone and desktop size."""

from __future__ import annotations

import pytest

from tests.test_web_browser import shown_version, snap_both
from tests.test_web_riichi_table_browser import post, table_page

pytestmark = pytest.mark.slow


def _to_a_threat(page, server, game: str, view: dict, turns: int = 40) -> dict:
    """Play on (the first discard the hint ranks, a pass on every claim) until an opponent looks
    ready on the seat's turn, or ``turns`` turns have gone; the view then."""
    for _ in range(turns):
        if view["hand_over"]:
            break
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        if hint.get("threats") and hint["discards"] and "value" in hint["discards"][0]:
            break
        legal = view["observation"]["legal_actions"]
        discard = hint["discards"][0]["discard"] if hint.get("discards") else None
        pick = next((a for a in legal if a["action"] == "discard" and a.get("tile") == discard), None)
        pick = pick or next((a for a in legal if a["action"] == "pass"), None) or legal[0]
        view = post(page, server, f"/api/games/{game}/actions", {k: v for k, v in pick.items() if k != "seat"})
    return view


def test_the_nts_hint_shows_each_discards_chances_value_and_why(browser, tmp_path):
    with table_page(browser, tmp_path, 9) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "nts", "level": "normal"})
        game = view["id"]
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        assert hint["discards"] and all("value" in row and "reasons" in row for row in hint["discards"])
        page.goto(f"{server.url}/games/{game}")
        shown_version(page)
        page.click("#hint-toggle")
        page.wait_for_selector("#hint:not([hidden]) li")
        text = page.inner_text("#hint")
        shown = min(5, len(hint["discards"]))
        assert text.count("expected ") == shown and text.count("win ") >= shown
        best = hint["discards"][0]
        assert f"win {best['win_chance']:g}%".replace(".0%", "%") in text or f"win {best['win_chance']}%" in text
        assert page.locator("#hint .hint-why").count() == shown
        snap_both(page, "nts-hint")

        # Later in the hand, facing an opponent that looks ready: the safest discards against it and
        # each discard's chance to deal in, with the reading.
        view = _to_a_threat(page, server, game, view)
        assert not view["hand_over"]
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        page.goto(f"{server.url}/games/{game}")
        shown_version(page)
        page.wait_for_selector("#hint:not([hidden]) li")
        text = page.inner_text("#hint")
        assert hint["threats"], "no opponent looked ready in this hand: choose another seed"
        assert "Safest against " in text
        assert "deal-in risk: " in text
        snap_both(page, "nts-hint-threat")
        # In Dutch.
        page.goto(f"{server.url}/games/{game}?lang=nl")
        shown_version(page)
        page.wait_for_selector("#hint:not([hidden]) li")
        text = page.inner_text("#hint")
        assert "winkans " in text and "Why: " not in text and "expected " not in text
        snap_both(page, "nts-hint-nl")
        assert not errors, errors


def _to_a_choice(page, server, game: str, view: dict, turns: int = 80) -> tuple[dict, dict]:
    """Play on (the discard the hint ranks first, a pass on every claim) until the seat has a claim,
    a win or a kong to decide; the view and the hint then."""
    for _ in range(turns):
        if view["hand_over"]:
            view = post(page, server, f"/api/games/{game}/next", {})
            continue
        hint = page.evaluate(f"fetch('/api/games/{game}/hint').then(r => r.json())")
        if hint.get("options"):
            return view, hint
        legal = view["observation"]["legal_actions"]
        discard = hint["discards"][0]["discard"] if hint.get("discards") else None
        pick = next((a for a in legal if a["action"] == "discard" and a.get("tile") == discard), None)
        pick = pick or next((a for a in legal if a["action"] == "pass"), None) or legal[0]
        view = post(page, server, f"/api/games/{game}/actions", {k: v for k, v in pick.items() if k != "seat"})
    raise AssertionError("no claim, win or kong came to decide: choose another seed")


def test_the_hint_says_what_each_choice_of_a_claim_is_worth(browser, tmp_path):
    with table_page(browser, tmp_path, 8) as (page, server, errors):
        view = post(page, server, "/api/games", {"rules": "nts", "level": "normal"})
        game = view["id"]
        view, hint = _to_a_choice(page, server, game, view)
        options = hint["options"]
        legal = {a["action"] for a in view["observation"]["legal_actions"]}
        assert {option["action"] for option in options} == legal  # every choice, the discards as one
        assert [o["value"] for o in options] == sorted((o["value"] for o in options), reverse=True)
        page.goto(f"{server.url}/games/{game}")
        shown_version(page)
        page.click("#hint-toggle")
        line = page.locator("#hint .hint-options")
        line.wait_for()
        text = line.inner_text()
        assert text.startswith("Each choice, in expected points: ")
        assert text.count(" · ") == len(options) - 1
        assert page.locator("#hint .hint-options strong").count() == 1  # the best, first
        words = {"pass": "Pass", "pung": "Pong", "chow": "Chi", "kong": "Kong", "win": "Ron"}
        first = page.locator("#hint .hint-options strong").inner_text()
        best = options[0]["value"]
        assert first.startswith(words.get(options[0]["action"], "Discard"))
        assert first.endswith(f"+{best:,}" if best > 0 else f"{best:,}")
        snap_both(page, "nts-hint-choices")
        page.goto(f"{server.url}/games/{game}?lang=nl")
        shown_version(page)
        page.wait_for_selector("#hint .hint-options")
        assert page.inner_text("#hint .hint-options").startswith("Elke keuze, in verwachte punten: ")
        snap_both(page, "nts-hint-choices-nl")
        assert not errors, errors
