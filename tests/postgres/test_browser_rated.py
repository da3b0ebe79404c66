"""A browser plays a rated table with the identity derived from its own key, and the leaderboard rates it:
a real server with ``--web`` on a real store, the browser's own ``web-seat`` process driven by keys."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import aiohttp
import pytest

from cardsuite.net.client import Client
from cardsuite.net.identity import browser_identity, identity_id, new_key

from ..net.helpers import Terminal, page_of, play_randomly, running_server, wait_for

pytestmark = pytest.mark.postgres

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")
BROWSER = "d4" * 16  # the browser's key (its cookie)


async def _play_from_the_browser(terminal: Terminal, host: Client) -> None:
    """Press Enter in the browser whenever its seat (1) is to act, until the match is filed."""
    while host.table.get("history_id") is None:
        view = host.view
        if view is None or view.is_over or 1 not in view.to_act:
            await asyncio.sleep(0.1)
            continue
        moment = (host.deal, host.step)
        await terminal.press("\r")
        for _ in range(30):  # the table screen draws, then Enter plays the card under the cursor
            await asyncio.sleep(0.1)
            if (host.deal, host.step) != moment or host.view is None or 1 not in host.view.to_act:
                break


def test_a_browser_is_rated_as_the_identity_its_key_gives(tmp_path: Path, pg_url: str) -> None:
    ann_key = new_key()

    async def run(url: str) -> None:
        page = page_of(url)
        host = await Client(url).connect()
        made = await host.request("create", game="gops", players=2, cpu="random", name="Ann", public=True,
                                  rated=True, identity=ann_key, options={"games": 1})
        async with aiohttp.ClientSession() as session:
            terminal = await Terminal.open(session, page, f"/web/ws/{made['code']}/Web", BROWSER)
            await wait_for(lambda: len(host.table.get("seats", [])) == 2
                           and host.table["seats"][1].get("connected"), 60)
            await asyncio.wait_for(asyncio.gather(play_randomly(host, random.Random(1)),
                                                  _play_from_the_browser(terminal, host)), 240)
            await terminal.close()
        looker = await Client(url).connect()
        board = (await looker.request("board", game="gops"))["board"]
        browser = identity_id(browser_identity(BROWSER, page))[:12]
        assert {row["player"] for row in board} == {identity_id(ann_key)[:12], browser}
        assert {row["name"] for row in board if row["player"] == browser} == {"Web"}
        assert all(row["matches"] == 1 for row in board)
        for client in (host, looker):
            await client.close()

    with running_server(tmp_path, "--store", pg_url, "--web", *FAST) as server:
        asyncio.run(run(server.url))
