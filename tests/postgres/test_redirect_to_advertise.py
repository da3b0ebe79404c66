"""Two real server processes on one PostgreSQL store, each started with ``--advertise`` written as deploy.md writes
it (the public base address, no ``/game``): a join sent to the process that does not serve the table sits down at
the one that does, and so does a client coming back after a drop; a base address an older server sent is
followed too."""

from __future__ import annotations

import asyncio
import socket
from pathlib import Path

import psycopg
import pytest

from cardsuite.net.client import Client, ClientError
from cardsuite.tui.online.connect import take_seat
from cardsuite.tui.online.seating import Seating

from ..net.helpers import ServerProcess, start_server, updates_until

pytestmark = pytest.mark.postgres

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--lease-seconds", "2")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _advertised(tmp_path: Path, pg_url: str, name: str) -> tuple[ServerProcess, str]:
    """A server on a port of its own, advertising ``ws://127.0.0.1:PORT`` (a base address); with that address."""
    port = _free_port()
    base = f"ws://127.0.0.1:{port}"
    server = start_server(tmp_path / name, "--store", pg_url, *FAST, "--port", str(port), "--advertise", base)
    return server, base


def test_a_join_at_the_wrong_process_follows_an_advertised_base_address(tmp_path: Path, pg_url: str) -> None:
    (owner, owner_base), (other, _) = (_advertised(tmp_path, pg_url, "a"), _advertised(tmp_path, pg_url, "b"))

    async def run() -> None:
        host = await Client(owner.url).connect()
        made = await host.request("create", game="nap", players=4, cpu="random", name="Ann")
        code = str(made["code"])
        probe = await Client(other.url).connect()
        with pytest.raises(ClientError) as moved:
            await probe.request("join", code=code, name="Eve")
        await probe.close()
        assert moved.value.code == "elsewhere" and moved.value.data["url"] == owner_base + "/game"

        seated = await take_seat(Seating(other.url, code=code, name="Cy"))  # what `cardsuite join` does
        assert seated.client.url == owner_base + "/game" and seated.client.front == other.url
        assert seated.client.table["seats"][1]["name"] == "Cy"
        await seated.client.close()

        with psycopg.connect(pg_url, autocommit=True) as conn:  # the owner's address as an older server kept it
            conn.execute("UPDATE processes SET url = %s WHERE url = %s", (owner_base, owner_base + "/game"))
        seated = await take_seat(Seating(other.url, code=code, name="Dee"))
        assert seated.client.url == owner_base + "/game"
        await seated.client.close()

        back = await Client(other.url).connect()  # a seat's connection at the front drops: it comes back by itself
        back.rejoin = ("resume", {"code": code, "token": str(made["token"])})
        assert back.ws is not None
        await back.ws.close()
        kinds = await updates_until(back, ("resumed", "closed"))
        assert kinds[-1] == "resumed" and back.url == owner_base + "/game", kinds
        await back.close()
        await host.close()

    try:
        asyncio.run(run())
    finally:
        owner.stop()
        other.stop()
