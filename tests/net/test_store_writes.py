"""A save the store refuses (a full disk) is told to the operator: one WARNING line per failed save, naming the
table by its id and the error in short, held back past an allowance, and ``GET /health`` answers 503 until a
write succeeds again."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from pathlib import Path

import pytest
from aiohttp.test_utils import TestClient, TestServer

from cardsuite.net import storewrites
from cardsuite.net.config import ServerConfig
from cardsuite.net.hub import Hub
from cardsuite.net.protocol import ProtocolError
from cardsuite.net.server import HUB, make_app
from cardsuite.net.storewrites import FAILURES_BURST, StoreWrites
from cardsuite.net.table import Table

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

            hub.store.add_action = full  # type: ignore[method-assign]
            with pytest.raises(ProtocolError) as refused:
                await _act(hub, hub.tables[table.code])
            assert refused.value.code == "server"
            await health()
            hub.store.add_action = saving  # type: ignore[method-assign]
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
