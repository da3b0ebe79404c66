"""``cardsuite online``: the lobby on a terminal (Textual, App.run_test) and as text, against a real server."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from pathlib import Path

from cardsuite.net.client import Client
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
