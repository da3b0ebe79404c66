"""A save the store refuses (a full disk) is told to the operator: one WARNING line per failed save (an action, a
new table), naming the table by its id and the error in short, held back past an allowance, and ``GET /health``
answers 503 until a write succeeds again, which ``/health`` itself tries, at most once a second.

A real server's disk is made full by limiting the size of its files (``ulimit -f``) to what they hold: SQLite's
write-ahead log cannot grow, as on a full disk, until the limit is lifted."""

from __future__ import annotations

import asyncio
import logging
import random
import re
import resource
import sqlite3
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from cardsuite.net import storewrites
from cardsuite.net.client import Client, ClientError
from cardsuite.net.config import ServerConfig
from cardsuite.net.hub import Hub
from cardsuite.net.protocol import ProtocolError
from cardsuite.net.server import HUB, make_app
from cardsuite.net.storewrites import FAILURES_BURST, StoreWrites
from cardsuite.net.table import Table

from .helpers import play_randomly, start_server, wait_for

HOST = "Annabel Quill"


def _playing(hub: Hub) -> Table:
    """A practice GOPS table of two seats (its host's and a CPU's), served without its driver, started."""
    table, _token = Table.create(hub.store, hub.timing, "FULLDK", "gops", 2, {}, "random", HOST, None, 7)
    hub.tables[table.code] = table
    table.start()
    return table


async def _act(hub: Hub, table: Table) -> None:
    seat = min(table.match.state.to_act)
    await hub._act(table, seat, str(table.match.state.legal_actions(seat)[0]), time.monotonic())


def _warnings(caplog: pytest.LogCaptureFixture) -> list[str]:
    found = [r for r in caplog.records if r.name == "cardsuite.serve" and r.levelno == logging.WARNING]
    assert all(r.exc_info is None and "\n" not in r.getMessage() for r in found), found
    return [r.getMessage() for r in found]


def test_a_failed_save_is_one_warning_line_and_health_says_the_store_is_unwritable(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> list[tuple[int, dict[str, object]]]:
        app = make_app(ServerConfig(port=0, data=tmp_path))
        seen = []
        async with TestClient(TestServer(app)) as client:
            hub = app[HUB]
            table = _playing(hub)

            async def health() -> None:
                answer = await client.get("/health")
                seen.append((answer.status, await answer.json()))

            await health()
            saving = hub.store.add_action

            def full(*_args: object, **_kwargs: object) -> None:
                raise sqlite3.OperationalError("database or disk is full\nsecond line")

            probing = hub.store.probe
            hub.store.add_action = full  # type: ignore[method-assign]
            hub.store.probe = full  # type: ignore[method-assign]  # /health's own write fails as well
            with pytest.raises(ProtocolError) as refused:
                await _act(hub, hub.tables[table.code])
            assert refused.value.code == "server"
            await health()
            hub.store.add_action = saving  # type: ignore[method-assign]
            hub.store.probe = probing  # type: ignore[method-assign]
            await _act(hub, hub.tables[table.code])
            await health()
            return seen

    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        seen = asyncio.run(run())
    assert [status for status, _ in seen] == [200, 503, 200]
    assert seen[1][1] == {"status": "store unwritable"}
    warned = _warnings(caplog)
    assert len(warned) == 1, warned
    line = warned[0]
    assert line.startswith("table ") and line.endswith(
        ": an action could not be saved (OperationalError: database or disk is full)"), line
    assert "FULLDK" not in line and HOST not in line and "second line" not in line
    assert "the store takes writes again" in caplog.text


def test_failed_saves_past_the_allowance_are_held_back_and_counted(monkeypatch: pytest.MonkeyPatch,
                                                                   caplog: pytest.LogCaptureFixture) -> None:
    """A full disk fails every table's saves at once: the lines share one allowance for the process."""
    clock = [1000.0]
    monkeypatch.setattr(storewrites.time, "monotonic", lambda: clock[0])
    writes = StoreWrites()
    with caplog.at_level(logging.WARNING, logger="cardsuite.serve"):
        for n in range(FAILURES_BURST + 5):
            writes.failed(f"20261207-094245-{n:08x}", OSError(28, "x" * 1000))
        assert len(_warnings(caplog)) == FAILURES_BURST
        clock[0] += 1 / storewrites.FAILURES_PER_SECOND
        writes.failed("20261207-094245-ffffffff", OSError(28, "No space left on device"))
    warned = _warnings(caplog)
    assert len(warned) == FAILURES_BURST + 1
    assert warned[-1].endswith("(OSError: [Errno 28] No space left on device) (5 such lines held back before "
                               "this one)"), warned[-1]
    assert all(len(line) < 400 for line in warned), warned
    assert writes.failing
    writes.succeeded()
    assert not writes.failing


def _health(url: str) -> tuple[int, str]:
    base = url.replace("ws://", "http://", 1).removesuffix("/game")
    try:
        with urllib.request.urlopen(base + "/health", timeout=10) as answer:
            return int(answer.status), answer.read().decode()
    except urllib.error.HTTPError as exc:
        return int(exc.code), exc.read().decode()


def _one_failed_save_then_room(err: str) -> None:
    """The log of a server whose disk was full for one new table: that one line, then one line when it has room
    again, and no traceback or failed request."""
    assert "Traceback" not in err and "request failed" not in err, err
    refusals = re.findall(r"WARNING cardsuite\.serve: a new table could not be saved \(OperationalError: .+\)\n", err)
    assert len(refusals) == 1, err
    assert err.count("INFO cardsuite.serve: the store takes writes again") == 1, err


def test_a_table_the_full_disk_refuses_is_one_line_and_health_finds_the_room_again(tmp_path: Path) -> None:
    server = start_server(tmp_path / "s")
    room = (tmp_path / "s" / "tables.sqlite3-wal").stat().st_size
    unlimited = resource.RLIM_INFINITY
    made: list[str] = []

    async def create() -> None:
        client = await Client(server.url).connect()
        try:
            made.append(str((await client.request("create", game="gops", players=2, cpu="random", name="Ann",
                                                  options={}))["code"]))
        finally:
            await client.close()

    async def run() -> None:
        resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, (room, unlimited))  # the disk is full
        with pytest.raises(ClientError) as refused:
            await create()
        assert refused.value.code == "server"
        assert [_health(server.url) for _ in range(5)] == [(503, '{"status": "store unwritable"}')] * 5
        resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, (unlimited, unlimited))  # room again
        await wait_for(lambda: _health(server.url)[0] == 200, seconds=10)  # no write but /health's own
        await create()

    try:
        asyncio.run(run())
    finally:
        err = server.log()
    _one_failed_save_then_room(err)
    assert len(made) == 1 and f"table {made[0]} created" in err


def test_a_rematch_the_full_disk_refuses_is_one_line_and_may_be_asked_for_again(tmp_path: Path) -> None:
    """The rematch's new table is a new table: a store that refuses it is a failed save (one line, ``/health``
    503 until a write succeeds), its player is refused, and the finished table can still start it."""
    server = start_server(tmp_path / "s", "--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000")
    unlimited = resource.RLIM_INFINITY

    async def run() -> None:
        ann = await Client(server.url).connect()
        made = await ann.request("create", game="gops", players=2, cpu="random", name="Ann", options={"games": 1})
        await ann.request("start")
        await play_randomly(ann, random.Random(1))
        room = (tmp_path / "s" / "tables.sqlite3-wal").stat().st_size
        resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, (room, unlimited))  # the disk is full
        with pytest.raises(ClientError) as refused:
            await ann.request("rematch")
        assert refused.value.code == "server"
        assert [_health(server.url) for _ in range(3)] == [(503, '{"status": "store unwritable"}')] * 3
        await ann.request("sync")
        await wait_for(lambda: ann.table.get("rematch") == [])
        assert ann.table["code"] == made["code"] and ann.table["status"] == "finished"
        assert ann.table["next_code"] is None
        resource.prlimit(server.process.pid, resource.RLIMIT_FSIZE, (unlimited, unlimited))  # room again
        await wait_for(lambda: _health(server.url)[0] == 200, seconds=10)
        await ann.request("rematch")
        await wait_for(lambda: ann.table.get("code") != made["code"] and ann.table.get("status") == "playing")
        await ann.close()

    try:
        asyncio.run(run())
    finally:
        err = server.log()
    _one_failed_save_then_room(err)
    assert err.count("as the rematch of table") == 1, err


def test_health_tries_a_write_at_most_once_a_second(monkeypatch: pytest.MonkeyPatch,
                                                    caplog: pytest.LogCaptureFixture) -> None:
    """However fast ``/health`` is polled, a store that stays unwritable is written to once a second at most."""
    clock = [1000.0]
    monkeypatch.setattr(storewrites.time, "monotonic", lambda: clock[0])
    tried: list[float] = []
    full = [True]

    def probe() -> None:
        tried.append(clock[0])
        if full[0]:
            raise OSError(28, "No space left on device")

    async def polls(count: int, step: float) -> list[bool]:
        found = []
        for _ in range(count):
            found.append(await writes.writable(probe))
            clock[0] += step
        return found

    writes = StoreWrites()
    assert asyncio.run(polls(3, 0.25)) == [True] * 3 and tried == []  # nothing failed: nothing tried
    writes.failed("20261207-094245-00000001", OSError(28, "No space left on device"))
    assert asyncio.run(polls(12, 0.25)) == [False] * 12
    assert tried == [1000.75, 1001.75, 1002.75]
    full[0] = False
    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        assert asyncio.run(polls(4, 0.25)) == [True] * 4
    assert tried == [1000.75, 1001.75, 1002.75, 1003.75] and not writes.failing
    assert "the store takes writes again" in caplog.text
