"""The account page in a real browser (Playwright, Debian's Chromium): sign up, see where you are
signed in, a wrong then a right current password, the export download, signing out everywhere,
deleting the account; the page in Dutch, under the pages' policy, at phone and desktop size."""

from __future__ import annotations

import json
import random

import pytest

from tests.test_web_browser import SIZES, fits, snap

pytestmark = pytest.mark.slow


def _sign_up(page, base: str, name: str, password: str) -> None:
    page.goto(base + "/signup")
    page.fill("#username", name)
    page.fill("#password", password)
    page.click("#submit")
    page.wait_for_url(base + "/")


def test_the_account_page_changes_exports_signs_out_and_deletes(browser, server):
    base = server.url
    context = browser.new_context(viewport=SIZES["desktop"], accept_downloads=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    name = f"owner{random.randrange(10**6)}"
    _sign_up(page, base, name, "a long secret")
    page.click("[data-testid=who]")
    page.wait_for_url(base + "/account")
    assert page.inner_text("[data-testid=account-name]") == name
    assert page.locator("[data-testid=sessions] tbody tr").count() == 1
    for size in ("phone", "desktop"):
        page.set_viewport_size(SIZES[size])
        fits(page, size)
        snap(page, "account", size)
    # A wrong current password: the sentence, nothing changed.
    page.fill("#current-password", "not my password")
    page.fill("#new-password", "another long secret")
    page.click("#change-password")
    page.wait_for_selector("#password-error:not([hidden])")
    assert page.inner_text("#password-error") == "The current password you typed is not your password."
    page.fill("#current-password", "a long secret")
    page.fill("#new-password", "another long secret")
    page.click("#change-password")
    page.wait_for_selector("#password-done:not([hidden])")
    assert page.locator("#password-error").is_hidden()
    # The export: one JSON file with the account in it.
    with page.expect_download() as download:
        page.click("#export")
    data = json.loads(open(download.value.path(), encoding="utf-8").read())
    assert download.value.suggested_filename == f"sparrow-{name}.json"
    assert data["account"]["username"] == name
    # Sign out everywhere, sign in again with the new password, delete the account.
    page.click("#signout-everywhere")
    page.wait_for_url(base + "/")
    assert page.locator("[data-testid=who]").count() == 0
    page.goto(base + "/signin")
    page.fill("#username", name)
    page.fill("#password", "another long secret")
    page.click("#submit")
    page.wait_for_url(base + "/")
    page.goto(base + "/account")
    page.fill("#delete-password", "wrong wrong")
    page.click("#delete-account")
    page.wait_for_selector("#delete-error:not([hidden])")
    page.fill("#delete-password", "another long secret")
    page.click("#delete-account")
    page.wait_for_url(base + "/account/deleted")  # a page that says it was done
    assert page.inner_text("h1") == "Your account is deleted"
    page.goto(base + "/account")
    page.wait_for_url(base + "/signin")  # nobody is signed in any more
    assert errors == []


def test_the_account_page_in_dutch(browser, server):
    base = server.url
    context = browser.new_context(viewport=SIZES["phone"])
    page = context.new_page()
    _sign_up(page, base, f"eigenaar{random.randrange(10**6)}", "een lang geheim")
    page.goto(base + "/account?lang=nl")
    assert page.locator("h1").inner_text() == "Je account"
    assert page.locator("#signout-everywhere").inner_text() == "Overal afmelden"
    page.fill("#current-password", "niet mijn wachtwoord")
    page.fill("#new-password", "nog een lang geheim")
    page.click("#change-password")
    page.wait_for_selector("#password-error:not([hidden])")
    assert page.inner_text("#password-error") == "Het huidige wachtwoord dat je typte is niet je wachtwoord."
