"""``cardsuite online``: the lobby on a terminal (Textual, App.run_test) and as text, against a real server."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

import pytest
from textual.coordinate import Coordinate
from textual.widgets import DataTable, Static

from cardsuite.net.client import Client, ClientError
from cardsuite.tui.online import lobby
from cardsuite.tui.online.lobby import LobbyApp

from ..net.helpers import running_server

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")


def test_the_lobby_lists_and_sits_down_or_watches(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        ann = await Client(url).connect()
        made = await ann.request("create", game="nap", players=3, cpu="random", name="Ann", public=True,
                                 language="ja")
        app = LobbyApp(url, "Bob", "K" * 52)
        async with app.run_test() as pilot:
            await pilot.pause(0.5)
            table = app.screen.query_one("#tables")
            assert table.row_count == 1  # type: ignore[attr-defined]
            await pilot.press("w")
        watched = app.return_value
        assert watched is not None and watched.code == made["code"] and watched.watch
        app = LobbyApp(url, "Bob", "K" * 52)
        async with app.run_test() as pilot:
            await pilot.pause(0.5)
            await pilot.press("enter")
        seated = app.return_value
        assert seated is not None and seated.code == made["code"] and not seated.watch
        assert seated.identity == "K" * 52 and seated.name == "Bob"
        await ann.close()

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))
        address = server.url.removeprefix("ws://").removesuffix("/game")
        done = subprocess.run([sys.executable, "-m", "cardsuite", "online", address], capture_output=True,
                              text=True, timeout=60, env={"CARDSUITE_HOME": str(tmp_path / "home"), "PATH": ""})
        assert done.returncode == 0, done.stderr
        assert "nap" in done.stdout and "Ann" in done.stdout and "cardsuite join" in done.stdout


def test_what_a_server_sends_is_never_read_as_markup(monkeypatch: pytest.MonkeyPatch) -> None:
    """A hostile server's host name, game and language, and its refusal, are shown as the characters they
    are: markup in them would make a clickable action on the player's screen."""
    hostile = "[@click=app.quit]Eve[/]"
    answers: list[dict[str, object] | ClientError] = [
        {"tables": [{"code": "ABC123", "game": hostile, "status": "lobby", "seats_free": 1, "players": 3,
                     "language": "[b]ja[/b]", "host": hostile}]},
        ClientError("refused", hostile),
    ]

    class Server:
        async def connect(self) -> Server:
            return self

        async def request(self, verb: str, **_fields: object) -> dict[str, object]:
            assert verb == "list"
            answer = answers.pop(0)
            if isinstance(answer, ClientError):
                raise answer
            return answer

        async def close(self) -> None:
            return None

    monkeypatch.setattr(lobby, "Client", lambda *_a, **_k: Server())

    async def run() -> None:
        app = LobbyApp(f"ws://127.0.0.1:1/{hostile}", "Bob", None)
        async with app.run_test() as pilot:
            await pilot.pause(0.2)
            table = app.screen.query_one("#tables", DataTable)
            cells = [str(table.get_cell_at(Coordinate(0, column))) for column in range(6)]
            assert cells.count(hostile) == 2 and "[b]ja[/b]" in cells
            assert hostile in str(app.screen.query_one("#title", Static).render())
            await pilot.press("r")
            await pilot.pause(0.2)
            assert hostile in str(app.screen.query_one("#note", Static).render())
            assert app.is_running  # nothing clicked itself, nothing quit

    asyncio.run(run())
