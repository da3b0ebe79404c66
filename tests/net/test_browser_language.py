"""The browser seat speaks the visitor's language: the page reads the browser's ``Accept-Language`` (only a
language of ours, from a bounded read of the header), says its own words in it, and hands it to the
browser's process through its socket's address; the process's words, the name *Guest* among them, are in
it. Real server processes on loopback."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import aiohttp

from cardsuite.i18n import LANGUAGES
from cardsuite.net.client import Client
from cardsuite.net.web import LANGUAGE_VARIABLE, SERVER_VARIABLE
from cardsuite.tui.online.browser import visit_from

from .helpers import Clients, Terminal, hosted_table, page_of, running_server, wait_for

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")
ANN, BOB, CY = "a1" * 16, "b2" * 16, "c3" * 16  # three browsers' keys (their cookies)


def _socket(text: str) -> str:
    found = re.search(r'data-session-websocket-url="ws://[^/"]*(/[^"]*)"', text)
    assert found is not None, text[:600]
    return found.group(1)


def test_the_page_is_in_the_browsers_language_and_hands_it_to_its_socket(tmp_path: Path) -> None:
    """``Accept-Language`` picks the page's words, its ``lang`` and its socket's language; a header that names
    none of ours, or is hostile (huge, thousands of ranges, bad weights), gives the page of no header."""

    async def run(url: str) -> None:
        page = page_of(url)
        code = await hosted_table(url)
        async with aiohttp.ClientSession() as session:

            async def fetch(path: str, accept: str | None) -> str:
                headers = {"Accept-Language": accept} if accept is not None else {}
                async with session.get(page + path, headers=headers) as answer:
                    assert answer.status == 200, (path, accept)
                    return await answer.text()

            text = await fetch(f"/?code={code}&name=Eve", "lt-LT,lt;q=0.9,en;q=0.5")
            assert _socket(text) == f"/web/lt/ws/{code}/Eve" and '<html lang="lt">' in text
            assert "Sesija baigėsi." in text and "The session has ended." not in text
            text = await fetch("/", "fr-CH, fr;q=0.9, ja;q=0.8, lt;q=0.7")
            assert _socket(text) == "/web/ja/lobby" and "セッションは終了しました。" in text
            plain = await fetch("/", None)
            own = re.search(r'<html lang="([a-z]+)">', plain)
            assert own is not None and own.group(1) in LANGUAGES and _socket(plain) == f"/web/{own.group(1)}/lobby"
            for hostile in ("de-DE, fr;q=0.9", "ja;q=2, lt;q=-1, en;q=abc", ",;=" * 2000,
                            ", ".join(["xx"] * 1500) + ", ja", "a" * 6000 + "-ja, lt"):
                assert await fetch("/", hostile) == plain, hostile[:40]
            for path in ("/web/fr/lobby", "/web/pseudo/lobby", "/web/JA/lobby"):
                async with session.get(page + path) as answer:
                    assert answer.status == 404, path

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))


NO_TABLE = {"ja": "このリンクのテーブルは見つかりません", "lt": "pagal šią nuorodą stalo nėra"}
ALL_SEATS = {"ja": "ブラウザー席はすべて使われています（1）", "lt": "tiek naršyklės vietų, kiek leidžiama (1)"}


def test_a_page_that_opens_no_table_says_why_in_the_browsers_language(tmp_path: Path) -> None:
    """A link whose code is no join code (404), and the page asked for while the server runs every browser
    seat it may (503): the page's one line and its ``lang`` are in the language ``Accept-Language`` picks,
    Japanese or Lithuanian, the English line nowhere in it."""

    async def run(url: str) -> None:
        page = page_of(url)
        async with aiohttp.ClientSession() as session:

            async def line(path: str, accept: str, status: int) -> str:
                headers = {"Accept-Language": accept, "X-Forwarded-For": "10.0.0.2"}
                async with session.get(page + path, headers=headers) as answer:
                    assert answer.status == status, (path, accept, answer.status)
                    return await answer.text()

            for accept, language in (("ja-JP,ja;q=0.9", "ja"), ("lt-LT, lt;q=0.9, en;q=0.5", "lt")):
                text = await line("/?code=not-a-code", accept, 404)
                assert f'<html lang="{language}">' in text and NO_TABLE[language] in text, text
                assert "no table behind this link" not in text
            lobby = await Terminal.open(session, page, "/web/lobby", ANN, "10.0.0.1")  # the one seat there is
            try:
                for accept, language in (("ja", "ja"), ("fr, lt;q=0.8", "lt")):
                    text = await line("/", accept, 503)
                    assert f'<html lang="{language}">' in text and ALL_SEATS[language] in text, text
                    assert "as many browser seats" not in text
            finally:
                await lobby.close()

    with running_server(tmp_path, *FAST, "--web", "--trust-proxy", "--max-web-seats", "1") as server:
        asyncio.run(run(server.url))


def _seats(client: Client) -> list[tuple[str, bool]]:
    return [(str(s.get("name")) if s.get("kind") == "person" else "", bool(s.get("connected")))
            for s in client.table.get("seats", [])]


def test_the_browsers_process_speaks_the_language_of_its_socket(tmp_path: Path) -> None:
    """A seat opened in Japanese without a name sits down as ゲスト, one in Lithuanian as Svečias; a lobby
    opened in Lithuanian shows its words in Lithuanian."""

    async def run(url: str) -> None:
        page = page_of(url)
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            host = await new()
            made = await host.request("create", game="gops", players=3, cpu="random", name="Ann", public=True)
            code = str(made["code"])
            japanese = await Terminal.open(session, page, f"/web/ja/ws/{code}", ANN, "10.0.0.1")
            await wait_for(lambda: _seats(host)[1] == ("ゲスト", True), 60)
            lithuanian = await Terminal.open(session, page, f"/web/lt/ws/{code}", BOB, "10.0.0.2")
            await wait_for(lambda: _seats(host)[2] == ("Svečias", True), 60)
            lobby = await Terminal.open(session, page, "/web/lt/lobby", CY, "10.0.0.3")
            await lobby.shows("Vieši stalai")
            for terminal in (japanese, lithuanian, lobby):
                await terminal.close()

    with running_server(tmp_path, *FAST, "--web", "--trust-proxy") as server:
        asyncio.run(run(server.url))


def test_the_process_takes_only_a_language_of_ours() -> None:
    base = {SERVER_VARIABLE: "ws://127.0.0.1:1/game"}
    assert visit_from({**base, LANGUAGE_VARIABLE: "lt"}).language == "lt"
    for other in ("", "fr", "JA", "pseudo", "ja\n", "ja" * 100):
        assert visit_from({**base, LANGUAGE_VARIABLE: other}).language is None, other
    assert visit_from(base).language is None
