"""The browser's lobby and the browser's player identity, against real server processes on loopback.

A browser opening the page without a code gets the public tables in its own ``web-seat`` process (the
same lobby screen as ``cardsuite online``), within the browser limits, and sits down there as that browser:
its seat token comes from its key and the table's code, its identity from its key alone.
"""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import aiohttp
import pytest
from textual.widgets import DataTable

from cardsuite.net.client import Client, ClientError
from cardsuite.net.identity import browser_identity, check_key
from cardsuite.net.web import seat_token
from cardsuite.tui.online.browser import BrowserApp, NameScreen, Visit
from cardsuite.tui.online.lobby import LobbyScreen

from .helpers import Clients, Terminal, page_of, running_server, wait_for, web_seats

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")
ANN, BOB, CY = "a1" * 16, "b2" * 16, "c3" * 16  # three browsers' keys (their cookies)
SITE = "http://cards.test"


def _seats(client: Client) -> list[tuple[str, bool]]:
    """Each seat of the client's table: its name and whether its person is connected (open seats: "")."""
    return [(str(s.get("name")) if s.get("kind") == "person" else "", bool(s.get("connected")))
            for s in client.table.get("seats", [])]


async def _until_web_seats(page: str, session: aiohttp.ClientSession, count: int) -> None:
    """Wait until the server runs ``count`` browser processes (one ends a moment after its socket)."""
    for _ in range(400):
        if await web_seats(page, session) == count:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"{await web_seats(page, session)} browser processes, not {count}")


def test_the_page_without_a_code_opens_the_lobby_only_within_the_browser_limits(tmp_path: Path) -> None:
    """Lobby processes count as browser seats: per address, in all and an hour; the lobby's own connections
    count for the browser's address (through the pass), not for the server's loopback."""

    async def run(url: str) -> None:
        page = page_of(url)
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            host = await new()  # loopback's one connection (--connections-per-address 1)
            made = await host.request("create", game="gops", players=2, cpu="random", name="Host", public=True)
            async with session.get(page + "/", headers={"X-Forwarded-For": "10.0.0.1"}) as answer:
                body = await answer.text()
                assert answer.status == 200 and re.search(r'ws://[^"]*/web/[a-z]+/lobby"', body)
                key = answer.cookies["cardsuite_browser"].value
                assert key not in body
            async with session.get(page + "/?name=Ann%20B", headers={"X-Forwarded-For": "10.0.0.1"}) as answer:
                assert re.search(r'ws://[^"]*/web/[a-z]+/lobby/Ann%20B"', await answer.text())
            async with session.get(page + "/?code=%3Cb%3E", headers={"X-Forwarded-For": "10.0.0.1"}) as answer:
                assert answer.status == 404 and "no table behind this link" in await answer.text()
            with pytest.raises(aiohttp.WSServerHandshakeError) as foreign:
                await session.ws_connect(page + "/web/lobby", headers={"Origin": "http://evil.example"})
            assert foreign.value.status == 403

            first = await Terminal.open(session, page, "/web/lobby", key, "10.0.0.1")
            await first.shows("Public tables", str(made["code"]))  # its list counted for 10.0.0.1
            again = await Terminal.open(session, page, "/web/lobby", key, "10.0.0.1")
            assert "already has 1 browser seat here: close it first" in str(await again.refusal())
            other = await Terminal.open(session, page, "/web/lobby/Bo", BOB, "10.0.0.2")
            await other.shows("Public tables", str(made["code"]))
            third = await Terminal.open(session, page, "/web/lobby", CY, "10.0.0.3")
            assert "as many browser seats as it may (2)" in str(await third.refusal())
            assert await web_seats(page, session) == 2
            await first.close()
            await _until_web_seats(page, session, 1)
            hourly = await Terminal.open(session, page, "/web/lobby", key, "10.0.0.1")
            assert "browser seats an hour" in str(await hourly.refusal())
            await other.close()
            await _until_web_seats(page, session, 0)

    with running_server(tmp_path, *FAST, "--web", "--trust-proxy", "--max-web-seats", "2",
                        "--web-seats-per-address", "1", "--web-seats-per-hour", "6",
                        "--connections-per-address", "1") as server:
        asyncio.run(run(server.url))


def test_a_link_to_a_table_that_is_not_there_is_a_404_and_counts_as_a_failed_join(tmp_path: Path) -> None:
    """A well-formed code with no table behind it gets the one-line 404 page, not the terminal page; each such
    link counts as a failed join, so that after ``--join-strikes`` of them the address waits (429) even for a
    code that names a table; a link to a table gets the page."""

    async def run(url: str) -> None:
        page = page_of(url)
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Host")
            code = str(made["code"])

            async def status(link: str, address: str) -> tuple[int, str]:
                async with session.get(page + link, headers={"X-Forwarded-For": address}) as answer:
                    return answer.status, await answer.text()

            there = await status(f"/?code={code}&name=Ann", "10.0.0.1")
            assert there[0] == 200 and f"/ws/{code}/Ann" in there[1]
            gone = "ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY"
            for _ in range(2):
                answer, text = await status(f"/?code={gone}&name=Ann", "10.0.0.2")
                assert answer == 404 and "no table behind this link" in text and "/ws/" not in text
            answer, text = await status(f"/?code={code}&name=Ann", "10.0.0.2")
            assert answer == 429 and "/ws/" not in text
            assert (await status(f"/?code={code}&name=Bo", "10.0.0.3"))[0] == 200

    with running_server(tmp_path, *FAST, "--web", "--trust-proxy", "--join-strikes", "2") as server:
        asyncio.run(run(server.url))


async def _lobby_rows(app: BrowserApp) -> None:
    await wait_for(lambda: isinstance(app.screen, LobbyScreen)
                   and app.screen.query_one("#tables", DataTable).row_count > 0, 30)


def test_a_web_seat_without_a_code_shows_the_lobby_and_sits_down_as_its_browser(tmp_path: Path) -> None:
    """The lobby lists the public table; Enter asks the name (none in the link) and sits down with the
    token made from the browser's key and the code, and is told to come back through the lobby: the same
    browser later comes back to that seat, another browser gets a seat of its own."""

    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="nap", players=4, cpu="random", name="Ann", public=True)
            code = str(made["code"])
            app = BrowserApp(Visit(url, key=ANN, identity=browser_identity(ANN, SITE)))
            async with app.run_test(size=(120, 40)) as pilot:
                await _lobby_rows(app)
                assert code in str(app.screen.query_one("#tables", DataTable).get_row_at(0))
                await pilot.press("enter")
                await wait_for(lambda: isinstance(app.screen, NameScreen), 20)
                await pilot.press(*"Bo", "enter")
                await wait_for(lambda: _seats(host)[1] == ("Bo", True), 30)
                await wait_for(lambda: app.session is not None and "open the lobby again and pick this table"
                               in " ".join(app.session.log_lines(1)), 30)  # the ok may reach the app after the host
                assert app.token == seat_token(ANN, code) and app.session is not None and app.session.me == 1
                assert "same link" not in " ".join(app.session.log_lines(1))
            await wait_for(lambda: _seats(host)[1] == ("Bo", False), 30)

            back = BrowserApp(Visit(url, name="Robert", key=ANN, identity=browser_identity(ANN, SITE)))
            async with back.run_test(size=(120, 40)) as pilot:  # the same browser: its seat, not a new one
                await _lobby_rows(back)
                await pilot.press("enter")
                await wait_for(lambda: _seats(host)[1] == ("Bo", True), 30)
                assert _seats(host)[2] == ("", False)
                other = BrowserApp(Visit(url, name="Bo", key=BOB, identity=browser_identity(BOB, SITE)))
                async with other.run_test(size=(120, 40)) as other_pilot:  # another browser: another seat
                    await _lobby_rows(other)
                    await other_pilot.press("enter")
                    await wait_for(lambda: _seats(host)[2] == ("Bo 2", True), 30)

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


def test_a_table_that_refuses_the_seat_sends_the_browser_back_to_the_lobby(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name="Ann", public=True)
            app = BrowserApp(Visit(url, name="Bo", key=ANN))
            async with app.run_test(size=(120, 40)) as pilot:
                await _lobby_rows(app)
                cy = await new()
                await cy.request("join", code=made["code"], name="Cy")  # the last seat goes meanwhile
                await pilot.press("enter")
                await wait_for(lambda: app.from_lobby is False and isinstance(app.screen, LobbyScreen), 30)
                assert app.is_running and app.client is None and app.session is None
                said = [note.message for note in app._notifications]  # in a browser's words: w watches it here
                assert said == ["every seat at this table is taken: press w on it to watch"], said
                await _lobby_rows(app)
            assert _seats(host) == [("Ann", True), ("Cy", True)]

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


def test_each_browser_is_its_own_player_and_its_identity_reaches_the_server(tmp_path: Path) -> None:
    """The identity is derived from the browser's key: the same key is the same player, another key another,
    at another site another; and the browser's process sits down with it (one seat per identity)."""
    same = browser_identity(ANN, SITE)
    assert same == browser_identity(ANN, SITE) == browser_identity(ANN, SITE.upper() + "/")
    assert len({same, browser_identity(BOB, SITE), browser_identity(ANN, "http://other.test")}) == 3
    assert check_key(same) == same and ANN.upper() not in same

    async def run(url: str) -> None:
        page = page_of(url)
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            host = await new()
            made = await host.request("create", game="gops", players=3, cpu="random", name="Ann")
            code = str(made["code"])
            ann = await Terminal.open(session, page, f"/web/ws/{code}/Web", ANN)
            await wait_for(lambda: _seats(host)[1] == ("Web", True), 60)
            probe = await new()
            with pytest.raises(ClientError) as taken:  # the page's own address is the site of the identity
                await probe.request("join", code=code, name="Eve", identity=browser_identity(ANN, page))
            assert taken.value.code == "identity_taken"
            bob = await Terminal.open(session, page, f"/web/ws/{code}/Web", BOB)
            await wait_for(lambda: _seats(host)[2] == ("Web 2", True), 60)
            with pytest.raises(ClientError) as again:
                await probe.request("join", code=code, name="Eve", identity=browser_identity(BOB, page))
            assert again.value.code == "identity_taken"
            for terminal in (ann, bob):
                await terminal.close()

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))
