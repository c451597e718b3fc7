"""How long the pages take to show in a real browser: headless Chromium (``/usr/bin/chromium``) at
phone size against ``sparrow serve`` on loopback. Home and leaderboard: until the page's load event;
the table: until the game is drawn (the page has fetched the GameView and built the table).

    .venv/bin/python bench/pages.py [--repeat 10]

The peer, in the same run: a plain static file (``/static/style.css``) fetched by the same browser,
the floor that any page of this server stands on.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

from _common import positive_int

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.web_support import Server  # noqa: E402

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
ARGS += ["--disable-sync", "--no-first-run"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=positive_int, default=10)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        server = Server(Path(folder) / "data").start()
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=ARGS)
                page = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
                page.goto(server.url + "/")
                page.click("#start")
                page.wait_for_selector("#game[data-version]")
                table = page.url
                times: dict[str, list[float]] = {"static file (peer)": [], "home": [], "table": [], "leaderboard": []}
                for _ in range(options.repeat):
                    start = time.perf_counter()
                    page.goto(server.url + "/static/style.css")
                    times["static file (peer)"].append(time.perf_counter() - start)
                    start = time.perf_counter()
                    page.goto(server.url + "/")
                    times["home"].append(time.perf_counter() - start)
                    start = time.perf_counter()
                    page.goto(table)
                    page.wait_for_selector("#game[data-version]")
                    times["table"].append(time.perf_counter() - start)
                    start = time.perf_counter()
                    page.goto(server.url + "/leaderboard")
                    times["leaderboard"].append(time.perf_counter() - start)
                browser.close()
        finally:
            server.stop()
    floor = statistics.median(times["static file (peer)"])
    for name, values in times.items():
        median = statistics.median(values)
        print(
            f"{name:20} median {median * 1000:6.0f} ms  max {max(values) * 1000:6.0f} ms  ({median / floor:.1f}x the static file)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
