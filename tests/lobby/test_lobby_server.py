"""The lobby and the rematch on a real single-process server (SQLite) over loopback."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from cardsuite.net.client import Client, ClientError

from ..net.helpers import play_randomly, running_server, wait_for

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")


def test_public_tables_are_listed_private_ones_are_not(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        ann = await Client(url).connect()
        made = await ann.request("create", game="nap", players=3, cpu="random", name="Ann", public=True,
                                 language="ja", options={"deals_per_player": 1})
        bob = await Client(url).connect()
        await bob.request("create", game="gops", players=2, cpu="random", name="Bob")
        practice = await Client(url).connect()
        await practice.request("create", game="gops", players=2, name="Cy", public=True, seed=5)
        eve = await Client(url).connect()
        listed = (await eve.request("list"))["tables"]
        assert {t["code"] for t in listed} == {made["code"], practice.table["code"]}
        nap = next(t for t in listed if t["code"] == made["code"])
        assert nap == {"code": made["code"], "game": "nap", "players": 3, "options": {"deals_per_player": 1},
                       "status": "lobby", "seats_free": 2, "rated": False, "practice": False, "language": "ja",
                       "host": "Ann"}
        assert next(t for t in listed if t["game"] == "gops")["practice"] is True
        assert [t["game"] for t in (await eve.request("list", game="gops"))["tables"]] == ["gops"]
        with pytest.raises(ClientError) as rated:
            await eve.request("create", game="gops", players=2, name="Eve", rated=True)
        assert rated.value.code in ("bad_table", "identity")
        # a table being played is listed to watch
        await ann.request("start")
        watching = await Client(url).connect()
        listed = (await watching.request("list", game="nap"))["tables"]
        assert listed[0]["status"] == "playing"
        await watching.request("join", code=listed[0]["code"], watch=True)
        await wait_for(lambda: watching.view is not None)
        assert watching.view is not None and not watching.view.hand
        for client in (ann, bob, practice, eve, watching):
            await client.close()

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))


def test_a_rematch_starts_when_everyone_asks_with_the_same_seats(tmp_path: Path) -> None:
    async def run(url: str) -> None:
        ann = await Client(url).connect()
        made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann",
                                 options={"games": 1})
        bob = await Client(url).connect()
        joined = await bob.request("join", code=made["code"], name="Bob")
        await asyncio.gather(play_randomly(ann, random.Random(1)), play_randomly(bob, random.Random(2)))
        stranger = await Client(url).connect()
        with pytest.raises(ClientError) as early:
            await stranger.request("rematch")
        assert early.value.code == "not_seated"
        await stranger.close()
        await ann.request("rematch")
        await wait_for(lambda: ann.table.get("rematch") == [0])
        assert ann.table.get("next_code") is None
        await bob.request("rematch")
        await wait_for(lambda: ann.table.get("code") != made["code"] and ann.table.get("status") == "playing")
        fresh = ann.table["code"]
        assert bob.table["code"] == fresh and ann.table["you"] == 0 and bob.table["you"] == 1
        assert [s["name"] for s in ann.table["seats"]] == ["Ann", "Bob"]
        await bob.close()
        back = await Client(url).connect()  # the old code and token bring Bob to the rematch
        resumed = await back.request("resume", code=made["code"], token=joined["token"])
        assert resumed["code"] == fresh and resumed["seat"] == 1
        await ann.close()
        await back.close()

    with running_server(tmp_path, *FAST) as server:
        asyncio.run(run(server.url))
