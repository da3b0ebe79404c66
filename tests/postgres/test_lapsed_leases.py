"""A process whose lease renewal hung on the store lets its tables go at three quarters of the lease; when that
renewal comes back after all, the tables it let go are not kept: their leases are given up at once and another
process adopts them (a real PostgreSQL, the cluster's loop in this process, a hub that only counts)."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Collection
from types import SimpleNamespace
from typing import Any

import pytest

from cardsuite.net.cluster import Cluster
from cardsuite.net.pgstore import PgTableStore
from cardsuite.net.rows import SeatRow, TableRow

from ..net.helpers import wait_for

pytestmark = pytest.mark.postgres


def _row(table_id: str, code: str) -> TableRow:
    return TableRow(table_id, code, "nap", 3, {}, "random", 7, 0, "lobby", "",
                    [SeatRow("Ann", "person", "d" * 64), SeatRow("CPU 1", "open"), SeatRow("CPU 2", "open")])


class _Hub:
    """The tables served, and those handed over (let go) since."""

    def __init__(self, tables: dict[str, Any]) -> None:
        self.timing = None
        self.tables = tables
        self.let_go: list[str] = []

    def add(self, table: Any) -> None:
        self.tables[table.code] = table

    def hand_over(self, table: Any, lapsed: bool = False) -> bool:
        if self.tables.get(table.code) is not table:
            return False
        del self.tables[table.code]
        self.let_go.append(table.code)
        return True


async def test_tables_let_go_while_a_renewal_hung_are_not_kept_when_it_comes_back(pg_url: str) -> None:
    store = PgTableStore(pg_url, "ws://a/game", lease_seconds=2.0)
    other = PgTableStore(pg_url, "ws://b/game", lease_seconds=2.0)
    store.create(_row("t1", "AAAAAA"))
    store.create(_row("t2", "BBBBBB"))
    hub = _Hub({code: SimpleNamespace(id=table_id, code=code, status="lobby", history_id=None)
                for table_id, code in (("t1", "AAAAAA"), ("t2", "BBBBBB"))})
    cluster = Cluster(hub, store)  # type: ignore[arg-type]
    back = threading.Event()
    renew = store.renew

    def hung(table_ids: Collection[str]) -> set[str]:  # the store answers only once the tables were let go
        back.wait(20)
        return renew(table_ids)

    async def adopt_nothing() -> None:  # (this process would adopt them too: another one does here)
        return None

    store.renew = hung  # type: ignore[method-assign]
    cluster.adopt = adopt_nothing  # type: ignore[method-assign]
    cluster.renewed = asyncio.get_running_loop().time()
    cluster.arm()
    cluster.task = asyncio.get_running_loop().create_task(cluster.run())
    try:
        await wait_for(lambda: sorted(hub.let_go) == ["AAAAAA", "BBBBBB"], seconds=10)
        before = cluster.renewed
        back.set()
        await wait_for(lambda: cluster.renewed != before, seconds=10)
        await asyncio.sleep(0)
        assert sorted(await asyncio.to_thread(other.adopt)) == ["t1", "t2"]
    finally:
        back.set()
        await cluster.stop()
        store.close()
        other.close()
