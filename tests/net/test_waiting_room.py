"""The waiting room says, before the match, what kind of table it is: rated (every player's rating counts it),
practice (the host chose the deals), or neither; the open seats' CPU level is in the player's words."""

from __future__ import annotations

import asyncio
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from textual.app import App

from cardsuite.i18n import use_language
from cardsuite.net import refusals
from cardsuite.tui.online.app import LobbyScreen, OnlineApp
from cardsuite.tui.online.seating import Seating

from ..tui.helpers import screen_text
from .helpers import running_server, wait_for


def waiting_table(**facts: object) -> dict[str, Any]:
    """A table summary as the server sends it while the host waits (one person, two open seats)."""
    return {"game": "nap", "title": "Nap", "code": "K7P2QX", "status": "lobby", "cpu": "normal", "you": 0,
            "host": True, "seats": [{"kind": "person", "name": "Ann", "connected": True}, {"kind": "open"},
                                    {"kind": "open"}], **facts}


def words(app: App[Any]) -> str:
    """The screen's text with its rows joined and its spaces collapsed (a sentence may wrap at 80 columns)."""
    return " ".join(screen_text(app).split())


async def shown(table: dict[str, Any]) -> str:
    """The waiting room of ``table`` at 80x24, as drawn (rows joined)."""
    client: Any = SimpleNamespace(table=table, url="ws://cards.example:8765/game", hello={}, reconnecting=False)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await app.push_screen(LobbyScreen(client))
        await pilot.pause()
        return words(app)


async def test_a_rated_table_says_so_before_the_match() -> None:
    text = await shown(waiting_table(rated=True, practice=False))
    assert "Rated table: the result of this match counts toward every player's rating." in text
    assert "Practice" not in text


async def test_a_table_neither_rated_nor_practice_says_neither() -> None:
    text = await shown(waiting_table(rated=False, practice=False))
    assert "Rated" not in text and "Practice" not in text and "K7P2QX" in text


async def test_a_rated_table_and_its_cpus_in_japanese_and_lithuanian() -> None:
    use_language("ja")
    text = await shown(waiting_table(rated=True))
    assert "レーティング" in text and "CPU ふつう" in text and "Rated" not in text and "normal" not in text
    use_language("lt")
    text = await shown(waiting_table(rated=True))
    assert "Rated" not in text and "normal" not in text and "kompiuteris vidutinis" in text


def test_a_table_with_a_chosen_seed_waits_as_a_practice_table(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        app = OnlineApp(Seating(url, name="Ann", create={"game": "nap", "players": 3, "cpu": "easy", "seed": 7,
                                                           "options": {}}))
        async with app.run_test(size=(80, 24)):
            await wait_for(lambda: isinstance(app.screen, LobbyScreen), 20)
            await wait_for(lambda: "Practice table" in words(app), 20)
            text = words(app)
            assert "Nothing here is rated" in text and "Rated table" not in text
            assert "(CPU easy until someone sits down)" in text

    with running_server(tmp_path, "--cpu-delay", "0", "--turn-seconds", "0") as server:
        asyncio.run(run(server.url))


async def test_a_table_closed_for_its_host_says_why_in_the_readers_language() -> None:
    why = {"message": "The host left before the match started: this table has closed.",
           "words": {"key": refusals.HOST_LEFT, "params": {}}}
    text = await shown(waiting_table(status="closed", closed_why=why))
    assert "The host left before the match started: this table has closed." in text
    use_language("ja")
    text = await shown(waiting_table(status="closed", closed_why=why))
    assert "ホストがマッチの開始前に退出しました" in text and "host" not in text
    use_language("lt")
    text = await shown(waiting_table(status="closed", closed_why=why))
    assert "Šeimininkas išėjo prieš partijos pradžią" in text and "host" not in text
