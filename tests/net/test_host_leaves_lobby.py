"""A lobby whose host is gone closes (only the host starts the match), with real server processes on loopback:
the host's leaving closes it at once, a host who stays away closes it after the lobby timeout, whoever else
waits, and every guest is told why in one line."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

from cardsuite.net import refusals
from cardsuite.net.client import Client, closed_line
from cardsuite.tui.online.app import LobbyScreen, OnlineApp
from cardsuite.tui.online.seating import Seating

from .helpers import Clients, running_server, wait_for

FAST = ("--cpu-delay", "0", "--turn-seconds", "0", "--rate", "1000")


def closed_words(client: Client) -> Any:
    """The key of the words the table's ``closed_why`` gives, or None."""
    why = client.table.get("closed_why")
    return why.get("words", {}).get("key") if isinstance(why, dict) else None


async def host_gone_from_a_lobby_with_a_guest(new: Any) -> tuple[Client, dict[str, Any]]:
    """Hal hosts a Nap lobby, Gus joins it, then Hal's connection drops (Gus stays connected): Gus and the
    table Hal made (its code and Hal's seat token)."""
    hal = await new()
    made = await hal.request("create", game="nap", players=3, cpu="random", name="Hal")
    gus = await new()
    await gus.request("join", code=made["code"], name="Gus")
    await hal.close()
    return gus, made


def test_the_host_leaving_the_lobby_closes_the_table_and_tells_the_guests(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        app = OnlineApp(Seating(url, name="Hal", create={"game": "nap", "players": 3, "cpu": "random",
                                                           "options": {}}))
        async with Clients(url) as new, app.run_test(size=(120, 40)) as pilot:
            await wait_for(lambda: isinstance(app.screen, LobbyScreen) and app.client is not None
                           and bool(app.client.table.get("code")), 20)
            assert app.client is not None
            gus = await new()
            await gus.request("join", code=str(app.client.table["code"]), name="Gus")
            await wait_for(lambda: len([s for s in app.client.table["seats"] if s["kind"] == "person"]) == 2, 20)
            await pilot.press("q")
            await wait_for(lambda: gus.table.get("status") == "closed", 20)
            assert closed_words(gus) == refusals.HOST_LEFT
            assert closed_line(gus.table) == "The host left before the match started: this table has closed."
        assert app.online is not None and not app.online.kept  # the host is not told the seat is kept
        assert app.online.left_line() == f"table {app.online.seating.code} has closed: you left its waiting room" \
            " before the match started"

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))
    log = server.log()
    assert "closed (abandoned): the host left before the match started" in log


def test_a_lobby_whose_host_stays_away_closes_after_the_lobby_timeout_though_a_guest_waits(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            gus, _made = await host_gone_from_a_lobby_with_a_guest(new)
            began = time.monotonic()
            await wait_for(lambda: gus.table.get("status") == "closed", 20)
            assert time.monotonic() - began >= 1.0  # not at once: the host may come back within the timeout
            assert closed_words(gus) == refusals.HOST_AWAY

    with running_server(tmp_path, *FAST, "--lobby-minutes", "0.03") as server:
        asyncio.run(run(server.url))
    log = server.log()
    assert "closed (abandoned): the host was away for 1.8 s before the match started" in log


def test_a_host_who_comes_back_in_time_keeps_the_lobby(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        async with Clients(url) as new:
            gus, made = await host_gone_from_a_lobby_with_a_guest(new)
            back = await new()
            await back.request("resume", code=made["code"], token=made["token"])
            await asyncio.sleep(2.5)
            assert gus.table.get("status") == "lobby"
            await back.request("start")
            await wait_for(lambda: gus.table.get("status") == "playing", 20)

    with running_server(tmp_path, *FAST, "--lobby-minutes", "0.03") as server:
        asyncio.run(run(server.url))
