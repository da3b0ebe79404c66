"""Several real server processes on one real PostgreSQL store, over loopback: redirects to a table's owner,
takeover after kill -9 of the owner with no confirmed action lost, one history entry, /health, /metrics,
and an owner that stalled past its lease letting its table go to the process that took it; a restart at the
same address counting, in its log, the tables it took back."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import urllib.request
from pathlib import Path

import psycopg
import pytest

from cardsuite.net.client import Client, ClientError

from ..net.helpers import ServerProcess, play_randomly, start_server, updates_until, wait_for

pytestmark = pytest.mark.postgres

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--lease-seconds", "2")


def _servers(tmp_path: Path, pg_url: str, count: int = 2) -> list[ServerProcess]:
    return [start_server(tmp_path / f"s{i}", "--store", pg_url, *FAST) for i in range(count)]


async def _resume_anywhere(urls: list[str], code: str, token: str, seconds: float = 20.0) -> Client:
    """What a client does after a drop: any server, following ``elsewhere`` to the owner."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    turn = 0
    while loop.time() < deadline:
        url = urls[turn % len(urls)]
        turn += 1
        for _hop in range(3):
            try:
                client = await Client(url).connect()
            except ClientError:
                break
            try:
                await client.request("resume", code=code, token=token)
                return client
            except ClientError as exc:
                await client.close()
                if exc.code != "elsewhere":
                    break
                url = str(exc.data["url"])
        await asyncio.sleep(0.2)
    raise AssertionError(f"no server resumed {code}")


def _get(url: str, path: str) -> tuple[int, str]:
    base = url.replace("ws://", "http://", 1).removesuffix("/game")
    with urllib.request.urlopen(base + path, timeout=10) as answer:
        return int(answer.status), answer.read().decode()


def test_a_join_at_another_process_is_sent_to_the_owner(tmp_path: Path, pg_url: str) -> None:
    first, second = _servers(tmp_path, pg_url)

    async def run() -> None:
        host = await Client(first.url).connect()
        made = await host.request("create", game="nap", players=3, cpu="random", name="Ann")
        guest = await Client(second.url).connect()
        with pytest.raises(ClientError) as moved:
            await guest.request("join", code=made["code"], name="Bob")
        assert moved.value.code == "elsewhere" and moved.value.data["url"] == first.url
        await guest.close()
        guest = await Client(str(moved.value.data["url"])).connect()
        joined = await guest.request("join", code=made["code"], name="Bob")
        assert joined["seat"] == 1
        eve = await Client(second.url).connect()
        with pytest.raises(ClientError) as unknown:
            await eve.request("join", code="ZZZZZZ", name="Eve")
        assert unknown.value.code == "no_table"
        await eve.close()
        await host.close()
        await guest.close()

    try:
        asyncio.run(run())
        status, body = _get(first.url, "/health")
        assert status == 200 and json.loads(body)["status"] == "ok"
        status, text = _get(first.url, "/metrics")
        assert status == 200 and "cardsuite_tables 1" in text and "cardsuite_store_processes 2" in text
        assert "# HELP cardsuite_action_p95_ms" in text
    finally:
        first.stop()
        second.stop()


def test_kill_9_of_the_owner_moves_its_table_with_every_confirmed_action(tmp_path: Path, pg_url: str) -> None:
    first, second = _servers(tmp_path, pg_url)
    urls = [first.url, second.url]
    acked: list[tuple[int, int, str]] = []

    async def run() -> None:
        host = await Client(first.url).connect()
        made = await host.request("create", game="gops", players=2, cpu="random", name="Ann",
                                  options={"games": 1})
        guest = await Client(first.url).connect()
        joined = await guest.request("join", code=made["code"], name="Bob")
        tokens = [str(made["token"]), str(joined["token"])]
        clients = [host, guest]
        await wait_for(lambda: all(c.view is not None for c in clients))
        rng = random.Random(4)
        # one move each at the first owner, each confirmed
        for index, client in enumerate(clients):
            await wait_for(lambda c=client, i=index: c.step == i)  # it has seen the actions before its own
            view = client.view
            assert view is not None and view.legal
            action = str(rng.choice(view.legal))
            await client.request("act", action=action)
            acked.append((client.deal, index, f"{view.seat} {action}"))
        first.kill()
        moved = [await _resume_anywhere(urls, str(made["code"]), token) for token in tokens]
        for client in moved:
            await client.request("sync")
        await asyncio.gather(*(play_randomly(c, random.Random(i)) for i, c in enumerate(moved)))
        assert all(c.table.get("history_id") is not None for c in moved)
        for client in moved:
            await client.close()

    try:
        asyncio.run(run())
    finally:
        first.stop()
        second.stop()
    with psycopg.connect(pg_url) as conn:
        (table_id,) = conn.execute("SELECT id FROM tables").fetchone()
        stored = {(d, s, line) for d, s, line in conn.execute(
            "SELECT deal, step, line FROM actions WHERE table_id = %s", (table_id,))}
        assert conn.execute("SELECT count(*) FROM matches WHERE save_id = %s", (table_id,)).fetchone() == (1,)
        owner = conn.execute("SELECT p.url FROM tables t JOIN processes p ON p.id = t.owner").fetchone()
    assert len(acked) == 2 and all(a in stored for a in acked)
    assert owner == (second.url,)


def test_a_newcomer_mid_deal_still_watches_at_the_process_that_took_the_table_over(
        tmp_path: Path, pg_url: str) -> None:
    """Someone sits in a CPU's seat mid-deal; the owner is killed; at the process that adopts the table the
    newcomer still only watches that deal: no hand, no action."""
    first, second = _servers(tmp_path, pg_url)
    urls = [first.url, second.url]

    async def run() -> None:
        host = await Client(first.url).connect()
        made = await host.request("create", game="nap", players=3, cpu="random", name="Ann",
                                  options={"deals_per_player": 1})
        bob = await Client(first.url).connect()
        await bob.request("join", code=made["code"], name="Bob")
        await host.request("start")
        await wait_for(lambda: host.view is not None and len(host.view.hand) > 0)
        spy = await Client(first.url).connect()
        joined = await spy.request("join", code=made["code"], name="Shadow")
        seat = int(joined["seat"])
        await wait_for(lambda: spy.table.get("seats") and spy.table["seats"][seat]["from_next_deal"])
        first.kill()
        for client in (host, bob, spy):
            await client.close()
        moved = await _resume_anywhere(urls, str(made["code"]), str(joined["token"]))
        try:
            await moved.request("sync")
            await wait_for(lambda: moved.view is not None and moved.table.get("seats"))
            assert moved.url == second.url and moved.deal == 0
            assert moved.view is not None and moved.view.hand == () and moved.view.seat != seat
            assert moved.table["seats"][seat]["from_next_deal"] is True
            with pytest.raises(ClientError) as refused:
                await moved.request("act", action="pass")
            assert refused.value.code == "state" and "next" in refused.value.message
        finally:
            await moved.close()

    try:
        asyncio.run(run())
    finally:
        first.stop()
        second.stop()


def _owner_url(pg_url: str) -> str | None:
    with psycopg.connect(pg_url) as conn:
        row = conn.execute("SELECT p.url FROM tables t JOIN processes p ON p.id = t.owner").fetchone()
    return None if row is None else str(row[0])


def test_an_owner_that_stalled_past_its_lease_lets_its_table_go_and_its_people_follow(
        tmp_path: Path, pg_url: str) -> None:
    first, second = _servers(tmp_path, pg_url)

    async def run() -> None:
        host = await Client(first.url).connect()
        made = await host.request("create", game="nap", players=3, cpu="random", name="Ann")
        host.rejoin = ("resume", {"code": made["code"], "token": made["token"]})
        first.process.send_signal(signal.SIGSTOP)  # stalled: it renews nothing, the second takes the table
        try:
            await wait_for(lambda: _owner_url(pg_url) == second.url)
        finally:
            first.process.send_signal(signal.SIGCONT)
        # the first finds its lease gone, closes the connection (1012), and the client lands at the second
        seen = await updates_until(host, ("resumed", "closed"))
        assert "reconnecting" in seen and seen[-1] == "resumed" and host.url == second.url
        assert host.table.get("code") == made["code"]
        await host.close()

    try:
        asyncio.run(run())
        status, text = _get(first.url, "/metrics")
        assert status == 200 and "cardsuite_tables_lost_total 1" in text and "cardsuite_tables 0" in text
        status, text = _get(second.url, "/metrics")
        assert "cardsuite_tables_adopted_total 1" in text
    finally:
        first.stop()
        second.stop()


def test_a_process_restarted_at_its_address_says_how_many_tables_it_took_back(tmp_path: Path, pg_url: str) -> None:
    advertise = ("--advertise", "ws://127.0.0.1:9/game")  # the same address twice: the restart takes its tables
    first = start_server(tmp_path / "s0", "--store", pg_url, *FAST, *advertise)

    async def create() -> None:
        host = await Client(first.url).connect()
        await host.request("create", game="nap", players=3, cpu="random", name="Ann")
        await host.close()

    try:
        asyncio.run(create())
    finally:
        first.kill()
    again = start_server(tmp_path / "s1", "--store", pg_url, *FAST, *advertise)  # "serving …" once it took them
    try:
        status, body = _get(again.url, "/status")
        assert status == 200 and json.loads(body)["tables"] == 1
    finally:
        again.stop()
    err = again.log()
    assert "INFO cardsuite.serve: resumed 1 unfinished table from the store" in err
    assert "created" not in err and "adopted" not in err
