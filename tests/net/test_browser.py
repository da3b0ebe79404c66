"""The browser seat, end to end: a real headless Chromium (Debian's ``chromium``, driven by Playwright's
Python client) opens the page ``cardsuite serve --web`` serves, sits down from the link, sees the table and
plays a card with the keyboard; a protocol client at the same table sees the card played.

Runs in ``make e2e`` (not ``make test``): ``make e2e`` installs Playwright's Python client (the ``e2e``
extra); Chromium comes from Debian (``apt-get install chromium``). Without either, the test is skipped and
says why.
"""

from __future__ import annotations

import asyncio
import os
import shutil
from pathlib import Path

import pytest

from .helpers import Clients, running_server, wait_for

CHROMIUM = os.environ.get("CARDSUITE_CHROMIUM", "/usr/bin/chromium")

pytestmark = pytest.mark.browser


def _skip_reason() -> str | None:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        return f"Chromium is not installed at {CHROMIUM} (apt-get install chromium, or set CARDSUITE_CHROMIUM)"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "Playwright's Python client is missing (pip install -e '.[e2e]'; make e2e does it)"
    return None


async def _play(url: str, page_url: str, shot: Path) -> None:
    from playwright.async_api import async_playwright

    async with Clients(url) as new:
        host = await new()
        made = await host.request("create", game="gops", players=2, cpu="random", name="Ann", seed=3)
        code = str(made["code"])
        async with async_playwright() as driver:
            browser = await driver.chromium.launch(
                executable_path=CHROMIUM, headless=True,
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-sync",
                      "--disable-component-update", "--no-first-run", "--disable-quic"],
            )
            try:
                page = await browser.new_page(viewport={"width": 1280, "height": 800})
                await page.goto(f"{page_url}?code={code}&name=Web", wait_until="domcontentloaded")
                # the browser's seat process sits down: the match starts (every seat is a person's)
                await wait_for(lambda: len(host.table.get("seats", [])) == 2
                               and host.table["seats"][1].get("connected"), 60)
                assert host.table["seats"][1]["name"] == "Web"
                await wait_for(lambda: host.view is not None and 1 in host.view.to_act, 30)
                await page.click("#terminal")
                for _ in range(40):  # the table screen draws, then Enter plays the card under the cursor
                    if host.view is not None and 1 not in host.view.to_act:
                        break
                    await page.keyboard.press("Enter")
                    await asyncio.sleep(0.5)
                await page.screenshot(path=str(shot))
                os.environ.get("CARDSUITE_SCREENSHOT") and shutil.copy(shot, os.environ["CARDSUITE_SCREENSHOT"])
                assert host.view is not None and 1 not in host.view.to_act, "the browser seat played no card"
                await host.request("act", action=str(host.view.legal[0]))
                await wait_for(lambda: host.view is not None and len(host.view.table["played"][1]) == 1, 20)
            finally:
                await browser.close()


def test_a_browser_sits_down_from_a_link_and_plays_a_card(tmp_path: Path) -> None:
    reason = _skip_reason()
    if reason:
        pytest.skip(reason)
    with running_server(tmp_path, "--web", "--cpu-delay", "0", "--turn-seconds", "0") as server:
        page_url = server.url.replace("ws://", "http://").removesuffix("/game") + "/"
        asyncio.run(_play(server.url, page_url, tmp_path / "browser.png"))
