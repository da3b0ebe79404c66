"""The browser seat, end to end: a real headless Chromium (Debian's ``chromium``, driven by Playwright's
Python client) opens the page ``cardsuite serve --web`` serves, sits down from the link, sees the table and
plays a card with the keyboard; a protocol client at the same table sees the card played. Two browsers that
open the same link get two seats, and each comes back to its own seat when its page is opened again. A
browser opening the page without a link sees the lobby list a public table and sits down at it; a Japanese
browser sees it in Japanese and sits down as ゲスト. The page asks no other site for anything, and its
terminal draws in Roboto Mono, loaded from the server's own ``/static``.

Runs in ``make e2e`` (not ``make test``), which installs Playwright's Python client (the ``e2e`` extra) and
Debian's Chromium (``scripts/need.sh chromium``). Without either the test fails and says why: it is never
skipped. ``CARDSUITE_CHROMIUM=/path`` points at another Chromium; ``CARDSUITE_SCREENSHOT=/tmp/seat.png``
keeps a screenshot of the page.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest

from .helpers import SCREEN_CODES, Clients, running_server, wait_for

CHROMIUM = os.environ.get("CARDSUITE_CHROMIUM", "/usr/bin/chromium")
# The machine's network is closed: nothing of Chromium's own may try to reach out.
QUIET = ["--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-extensions"]

pytestmark = pytest.mark.browser

LOADED_FONT = """[...new Set([...document.fonts].filter((face) => face.status === "loaded")
    .map((face) => face.family.replaceAll('"', "")))]"""
"""The families of the page's font faces that the browser loaded."""


def _chromium() -> str:
    """Chromium's path, or the test fails in one line that says how to get it."""
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which(CHROMIUM)
    if not found:
        pytest.fail(f"Chromium is not installed at {CHROMIUM}: `make e2e` installs it (scripts/need.sh chromium), "
                    "or set CARDSUITE_CHROMIUM")
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        pytest.fail("Playwright's Python client is missing: `make e2e` installs it (pip install -e '.[e2e]')")
    return found


@contextlib.asynccontextmanager
async def browser(profile: Path, locale: str | None = None) -> AsyncIterator[Any]:
    """A headless Chromium with its own fresh profile (its own cookies): one person's browser, in ``locale``
    (its ``Accept-Language``) when given."""
    from playwright.async_api import async_playwright

    args = [*QUIET, *(["--no-sandbox"] if os.geteuid() == 0 else [])]
    async with async_playwright() as driver:
        context = await driver.chromium.launch_persistent_context(
            str(profile), executable_path=_chromium(), headless=True, args=args,
            viewport={"width": 1280, "height": 800}, **({"locale": locale} if locale else {}))
        try:
            yield context
        finally:
            await context.close()


def _page_url(url: str) -> str:
    return url.replace("ws://", "http://").removesuffix("/game") + "/"


async def _enter_until(page: Any, done: Callable[[], bool], shot: Path) -> None:
    """Press Enter in the page's terminal until ``done`` (at most 40 times, half a second apart), then keep a
    screenshot (also at ``CARDSUITE_SCREENSHOT``)."""
    await page.click("#terminal")
    for _ in range(40):
        if done():
            break
        await page.keyboard.press("Enter")
        await asyncio.sleep(0.5)
    await page.screenshot(path=str(shot))
    if os.environ.get("CARDSUITE_SCREENSHOT"):
        shutil.copy(shot, os.environ["CARDSUITE_SCREENSHOT"])


async def _play(url: str, shot: Path, profile: Path) -> None:
    async with Clients(url) as new, browser(profile) as context:
        host = await new()
        made = await host.request("create", game="gops", players=2, cpu="random", name="Ann")
        code = str(made["code"])
        page = context.pages[0] if context.pages else await context.new_page()
        asked: list[str] = []  # every address the page asks for: its own server's only
        page.on("request", lambda request: asked.append(request.url))
        await page.goto(f"{_page_url(url)}?code={code}&name=Web", wait_until="domcontentloaded")
        # the browser's seat process sits down: the match starts (every seat is a person's)
        await wait_for(lambda: len(host.table.get("seats", [])) == 2 and host.table["seats"][1].get("connected"), 60)
        assert host.table["seats"][1]["name"] == "Web"
        await wait_for(lambda: host.view is not None and 1 in host.view.to_act, 30)
        # the table screen draws, then Enter plays the card under the cursor
        await _enter_until(page, lambda: host.view is not None and 1 not in host.view.to_act, shot)
        assert host.view is not None and 1 not in host.view.to_act, "the browser seat played no card"
        await host.request("act", action=str(host.view.legal[0]))
        await wait_for(lambda: host.view is not None and len(host.view.table["played"][1]) == 1, 20)
        own = _page_url(url).split("/")[2]
        assert asked and {address.split("/")[2] for address in asked} == {own}, asked
        # the terminal draws in its own font, Roboto Mono, loaded from the server's /static
        assert any("/static/fonts/RobotoMono" in address for address in asked), asked
        loaded = await page.evaluate(LOADED_FONT)
        assert loaded == ["Roboto Mono"], loaded


def test_a_browser_sits_down_from_a_link_and_plays_a_card(tmp_path: Path) -> None:
    _chromium()
    with running_server(tmp_path / "server", "--web", "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(_play(server.url, tmp_path / "browser.png", tmp_path / "profile"))


def _seats(host: Any) -> list[tuple[str, bool]]:
    """Each seat's name and whether it is connected, as the host's table message says."""
    return [(str(s.get("name")), bool(s.get("connected"))) for s in host.table.get("seats", [])]


async def _from_another_site(url: str, profile: Path) -> None:
    async with Clients(url) as new:
        host = await new()
        made = await host.request("create", game="gops", players=3, cpu="random", name="Ann")
        link = f"{_page_url(url)}?code={made['code']}&name=Eve"

        async with browser(profile) as context:
            page = context.pages[0] if context.pages else await context.new_page()
            await page.goto(link, wait_until="domcontentloaded")
            await wait_for(lambda: _seats(host)[1] == ("Eve", True), 60)
            keys = [c["value"] for c in await context.cookies() if c["name"] == "cardsuite_browser"]
            await page.goto("about:blank")
            await wait_for(lambda: _seats(host)[1] == ("Eve", False), 30)
            chat = "http://chat.example/room.html"  # another site, with the table's link in it
            await page.route(chat, lambda route: route.fulfill(
                content_type="text/html", body=f'<!DOCTYPE html><a id="go" href="{link}">join my table</a>'))
            await page.goto(chat)
            await page.click("#go")
            await wait_for(lambda: _seats(host)[1] == ("Eve", True), 60)
            assert [c["value"] for c in await context.cookies() if c["name"] == "cardsuite_browser"] == keys
            assert [name for name, _ in _seats(host)].count("Eve 2") == 0, "the browser was given a second seat"


def test_a_link_followed_from_another_site_brings_the_browser_back_to_its_own_seat(tmp_path: Path) -> None:
    _chromium()
    with running_server(tmp_path / "server", "--web", "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(_from_another_site(server.url, tmp_path / "profile"))


async def _two_browsers(url: str, root: Path) -> None:
    async with Clients(url) as new:
        host = await new()
        made = await host.request("create", game="gops", players=3, cpu="random", name="Ann")
        link = f"{_page_url(url)}?code={made['code']}&name=Eve"

        async with browser(root / "alice") as alice, browser(root / "bob") as bob:
            first = alice.pages[0] if alice.pages else await alice.new_page()
            await first.goto(link, wait_until="domcontentloaded")
            await wait_for(lambda: _seats(host)[1] == ("Eve", True), 60)
            second = bob.pages[0] if bob.pages else await bob.new_page()
            await second.goto(link, wait_until="domcontentloaded")  # the same link in another browser
            await wait_for(lambda: _seats(host)[2] == ("Eve 2", True), 60)
            assert [kind for kind in (s.get("kind") for s in host.table["seats"])] == ["person"] * 3
            await first.close()  # Alice's browser leaves, and comes back to its own seat
            await wait_for(lambda: _seats(host)[1] == ("Eve", False), 30)
            again = await alice.new_page()
            await again.goto(link, wait_until="domcontentloaded")
            await wait_for(lambda: _seats(host)[1] == ("Eve", True), 60)
            assert _seats(host) == [("Ann", True), ("Eve", True), ("Eve 2", True)]


def test_two_browsers_from_one_link_get_two_seats_and_each_comes_back_to_its_own(tmp_path: Path) -> None:
    _chromium()
    with running_server(tmp_path / "server", "--web", "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(_two_browsers(server.url, tmp_path))


async def _lobby(url: str, shot: Path, profile: Path, locale: str | None = None, words: str = "Public tables",
                 guest: str = "Guest") -> None:
    async with Clients(url) as new, browser(profile, locale) as context:
        host = await new()
        made = await host.request("create", game="gops", players=2, cpu="random", name="Ann", public=True)
        code = str(made["code"])
        page = context.pages[0] if context.pages else await context.new_page()
        drawn: list[str] = []  # what the page's terminal socket received, as text

        def heard(payload: str | bytes) -> None:
            text = payload.decode("utf-8", "replace") if isinstance(payload, bytes) else payload
            drawn.append(SCREEN_CODES.sub("", text))

        page.on("websocket", lambda socket: socket.on("framereceived", heard))
        await page.goto(_page_url(url), wait_until="domcontentloaded")
        await wait_for(lambda: words in "".join(drawn) and code in "".join(drawn), 60)
        # Enter sits down at the table listed, and Enter again takes the name offered
        await _enter_until(page, lambda: len(host.table.get("seats", [])) == 2
                           and bool(host.table["seats"][1].get("connected")), shot)
        assert host.table["seats"][1]["name"] == guest and host.table["seats"][1].get("connected")


def test_a_browser_without_a_link_sees_the_lobby_list_a_public_table_and_sits_down(tmp_path: Path) -> None:
    _chromium()
    with running_server(tmp_path / "server", "--web", "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(_lobby(server.url, tmp_path / "lobby.png", tmp_path / "profile"))


def test_a_japanese_browser_sees_the_lobby_in_japanese_and_sits_down_as_its_guest(tmp_path: Path) -> None:
    _chromium()
    with running_server(tmp_path / "server", "--web", "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(_lobby(server.url, tmp_path / "lobby.png", tmp_path / "profile", "ja-JP", "公開テーブル", "ゲスト"))
