"""The home screen's Online dialog opens the server's lobby; it sits down at the table chosen there."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.app import App
from textual.widgets import Input

from cardsuite.net.client import Client
from cardsuite.tui.online.connect import Seated
from cardsuite.tui.online.dialog import OnlineDialog
from cardsuite.tui.online.seating import Seating

from ..net.helpers import running_server

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")


class Host(App[None]):
    def __init__(self, server: str) -> None:
        super().__init__()
        self.server = server
        self.picked: Seating | None = None  # what the dialog sat down as
        self.seated: Seated | None = None

    def on_mount(self) -> None:
        def done(seated: Seated | None) -> None:
            self.seated = seated
            self.picked = seated.seating if seated is not None else None

        self.push_screen(OnlineDialog("Bob", {"game": "nap", "players": 3}, self.server), callback=done)


def test_the_online_dialog_sits_down_from_the_lobby(tmp_path: Path) -> None:
    async def run(url: str, address: str) -> None:
        ann = await Client(url).connect()
        made = await ann.request("create", game="nap", players=3, cpu="random", name="Ann", public=True)
        app = Host(address)
        async with app.run_test() as pilot:
            await pilot.pause(0.2)
            assert app.screen.query_one("#online-server", Input).value == address
            await pilot.click("#online-lobby")
            await pilot.pause(0.8)
            await pilot.press("enter")
            await pilot.pause(0.2)
        assert app.picked is not None and app.picked.code == made["code"] and app.picked.name == "Bob"
        assert app.picked.identity is not None and len(app.picked.identity) == 52
        assert app.seated is not None
        await app.seated.client.close()
        await ann.close()

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url, server.url.removeprefix("ws://").removesuffix("/game")))
