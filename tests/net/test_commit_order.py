"""Nothing goes out ahead of an action's commit.

A shared store commits actions in groups, after ``act`` returns; until then the table's ``writing`` is the
pending commit. No connection is sent a view holding that action (someone joining meanwhile gets the table
summary, and the view once the act broadcasts), and the hub's ``finish`` (history entry, then the table's
status) waits for it, so that a process killed in between never leaves a table marked finished whose action
log misses its last action.
"""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

from cardsuite.net.config import ServerConfig
from cardsuite.net.conn import Conn
from cardsuite.net.hub import Hub
from cardsuite.net.table import Table


def _played_out(hub: Hub) -> Table:
    """A practice GOPS table of one game, played to its end through ``act`` (every seat's first legal action)."""
    table, _token = Table.create(hub.store, hub.timing, "FINISH", "gops", 2, {}, "random", "Ann", None, 7)
    hub.tables[table.code] = table  # served, without its driver: the test runs ``finish`` itself
    table.start()
    match = table.match
    while not match.is_over:
        if match.deal_over:
            table.next_deal(time.monotonic())
            continue
        seat = min(match.state.to_act)
        table.act(seat, str(match.state.legal_actions(seat)[0]), time.monotonic())
    return table


def test_finish_waits_for_the_last_actions_commit(tmp_path: Path) -> None:
    async def run() -> None:
        hub = Hub(ServerConfig(data=tmp_path))
        table = _played_out(hub)
        commit: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        table.writing = commit  # the last action's group commit, not done yet
        finishing = asyncio.create_task(hub.do(table, "finish", None))
        await asyncio.sleep(0.1)
        assert not finishing.done() and table.status == "playing"
        commit.set_result(None)
        await asyncio.wait_for(finishing, 10)
        assert table.status == "finished"

    asyncio.run(run())


def test_finish_leaves_a_table_whose_last_write_failed_to_the_act_that_made_it(tmp_path: Path) -> None:
    async def run() -> None:
        hub = Hub(ServerConfig(data=tmp_path))
        table = _played_out(hub)
        commit: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        commit.set_exception(RuntimeError("the store refused the write"))
        table.writing = commit
        await asyncio.wait_for(hub.do(table, "finish", None), 10)
        assert table.status == "playing"

    asyncio.run(run())


def test_no_view_with_an_action_goes_out_before_its_commit(tmp_path: Path) -> None:
    async def run() -> None:
        hub = Hub(ServerConfig(data=tmp_path))
        table, _token = Table.create(hub.store, hub.timing, "AHEAD", "gops", 2, {}, "random", "Ann", None, 7)
        hub.tables[table.code] = table
        table.start()
        seat = min(table.match.state.to_act)
        table.act(seat, str(table.match.state.legal_actions(seat)[0]), time.monotonic())
        commit: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        table.writing = commit
        conn = Conn(None)  # type: ignore[arg-type]  # only its queue is used
        conn.table, conn.seat = table, 1

        def kinds() -> list[str]:
            sent = []
            while not conn.queue.empty():
                text = conn.queue.get_nowait()
                assert text is not None
                sent.append(json.loads(text)["type"])
            return sent

        hub.send_state(conn, time.monotonic())
        assert kinds() == ["table"]
        commit.set_result(None)
        hub.send_state(conn, time.monotonic())
        assert kinds() == ["view"]

    asyncio.run(run())
