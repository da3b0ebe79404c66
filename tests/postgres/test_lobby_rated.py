"""The lobby across server processes and rated play with identities, on real processes and a real store."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest

from cardsuite.net.client import Client, ClientError
from cardsuite.net.identity import identity_id, new_key

from ..net.helpers import play_randomly, start_server

pytestmark = pytest.mark.postgres

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--lease-seconds", "2")


def test_the_lobby_lists_every_process_tables_and_rated_play_rates_identities(tmp_path: Path, pg_url: str) -> None:
    first, second = (start_server(tmp_path / f"s{i}", "--store", pg_url, *FAST) for i in range(2))
    ann_key, bob_key = new_key(), new_key()

    async def run() -> None:
        ann = await Client(first.url).connect()
        made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann", public=True,
                                 rated=True, language="lt", identity=ann_key, options={"games": 1})
        other = await Client(second.url).connect()
        await other.request("create", game="nap", players=3, name="Cy", public=True, seed=9)
        hidden = await Client(second.url).connect()
        await hidden.request("create", game="nap", players=3, name="Di")
        looker = await Client(second.url).connect()
        listed = {t["code"]: t for t in (await looker.request("list"))["tables"]}
        assert set(listed) == {made["code"], other.table["code"]}
        assert listed[made["code"]]["rated"] and listed[made["code"]]["language"] == "lt"
        assert listed[other.table["code"]]["practice"] and not listed[other.table["code"]]["rated"]
        with pytest.raises(ClientError) as chosen:
            await looker.request("create", game="gops", players=2, name="Ed", rated=True, seed=3, identity=new_key())
        assert chosen.value.code == "bad_table" and "practice" in chosen.value.message
        # a rated table wants an identity; the name is only a label (a second "Ann" is not Ann)
        bob = await Client(first.url).connect()
        with pytest.raises(ClientError) as anonymous:
            await bob.request("join", code=made["code"], name="Bob")
        assert anonymous.value.code == "identity"
        with pytest.raises(ClientError) as twice:
            await bob.request("join", code=made["code"], name="Ann2", identity=ann_key)
        assert twice.value.code == "identity_taken"
        await bob.request("join", code=made["code"], name="Bob", identity=bob_key)
        await asyncio.gather(play_randomly(ann, random.Random(1)), play_randomly(bob, random.Random(2)))
        board = (await looker.request("board", game="gops"))["board"]
        assert {row["player"] for row in board} == {identity_id(ann_key)[:12], identity_id(bob_key)[:12]}
        assert all(row["matches"] == 1 for row in board)
        assert {row["name"] for row in board} == {"Ann", "Bob"}
        for client in (ann, other, hidden, looker, bob):
            await client.close()

    try:
        asyncio.run(run())
    finally:
        first.stop()
        second.stop()
