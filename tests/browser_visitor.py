"""A visitor of the pages in a real browser, for the browser tests that drive a page and the API
side by side: a page of its own at phone (360 px) or desktop size and in a language, the page's
script errors collected, the API called as the page calls it (with its CSRF token), and full-page
screenshots in /tmp/sheets-shots/ for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from playwright.sync_api import Page

SIZES = {"phone": {"width": 360, "height": 780}, "desktop": {"width": 1280, "height": 800}}
SHOTS = Path("/tmp/sheets-shots")


class Visitor:
    def __init__(
        self,
        browser: Any,
        server: Any,
        size: str,
        lang: str | None,
        start: str,
        sizes: dict[str, dict[str, int]] = SIZES,
        **context: Any,
    ) -> None:
        """Open ``start`` (a path) in ``lang`` (None: the page's own choice) on a page of ``size``
        (one of ``sizes``); ``context``: more options of the browser context (``bypass_csp``)."""
        self.server, self.size, self.lang, self.sizes = server, size, lang, sizes
        self.context = browser.new_context(viewport=sizes[size], locale="en-GB", **context)
        self.page: Page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.goto(server.url + start + (f"?lang={lang}" if lang else ""))
        self.csrf = self.page.get_attribute("meta[name=csrf-token]", "content")

    def api(self, method: str, path: str, body: Any = None) -> Any:
        answer = self.page.request.fetch(
            self.server.url + path, method=method, data=body, headers={"X-CSRF-Token": self.csrf}
        )
        assert answer.ok, answer.text()
        return answer.json()

    def fits(self) -> None:
        width = self.page.evaluate("document.documentElement.scrollWidth")
        assert width <= self.sizes[self.size]["width"], f"the page is {width} px wide"

    def snap(self, name: str) -> None:
        SHOTS.mkdir(exist_ok=True)
        self.page.evaluate("window.scrollTo(0, 0)")  # a sticky head where a reader sees it
        self.page.screenshot(path=str(SHOTS / f"{name}-{self.lang}-{self.size}.png"), full_page=True)
