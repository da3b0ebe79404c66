"""Several ``cardsuite serve`` processes on one PostgreSQL store: leases, takeover, and where a table lives.

Each process renews the leases of its tables every quarter of the lease (``pgstore.py``); a table whose
renewal fails (it stalled past its lease and another process took the table) is dropped here and its
connections are closed with WebSocket code 1012, so its clients come back through the front address and land
at the new owner. While the store cannot be reached, no lease is renewed: once three quarters of a lease have
passed since the last renewal, every table is let go the same way, before another process may adopt it, so
this one never serves a table it may no longer own; and it renews only the leases of the tables it serves, so
those it let go run out (a renewal under way meanwhile gives theirs up) and any process, this one too, adopts
them once it reaches the store. Tables whose lease ran out (their process died, or could not reach the store)
are adopted by whichever process comes first and rebuilt by replaying their actions, exactly as a restart
does.

A client asking for a table this process does not hold gets it here at once when its lease has run out,
or an ``elsewhere`` refusal naming the owner's address (``serve --advertise``): clients follow it. No
process ever talks to another; everything they share is in the store.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from ..core.message import msg
from . import refusals
from .faultlog import fault
from .pgstore import LeaseLost, PgTableStore
from .protocol import ProtocolError
from .table import Table, Timing

log = logging.getLogger("cardsuite.serve")

ADOPT_BATCH = 25
LAPSE = 0.75
"""The part of a lease after which, with no renewal since, this process lets its tables go (on a timer, and
checked again at each beat): a quarter of a lease before another process may adopt them."""


class Elsewhere(ProtocolError):
    """The table is served by another process: the client reconnects to ``url`` and asks again."""

    def __init__(self, url: str) -> None:
        super().__init__("elsewhere", msg(refusals.ELSEWHERE, url=url))
        self.url = url
        self.fields = {"url": url}


class Host(Protocol):
    """What the cluster needs of this process's hub (``hub.Hub``): the tables it serves, and serving or
    letting go of one."""

    timing: Timing
    tables: dict[str, Table]

    def add(self, table: Table) -> None:
        """Start serving ``table``."""

    def hand_over(self, table: Table, lapsed: bool = False) -> bool:
        """Stop serving ``table`` at once (another process owns it, or with ``lapsed`` may own it); False when it
        was not served here."""


class Cluster:
    """This process's part in a shared store: its leases, the tables it adopts, and redirects."""

    def __init__(self, hub: Host, store: PgTableStore) -> None:
        self.hub = hub
        self.store = store
        self.task: asyncio.Task[None] | None = None
        self.adopted = 0
        self.lost = 0
        self.renewed = 0.0  # the event loop's time when the last renewal that succeeded was asked for
        self.timer: asyncio.TimerHandle | None = None  # lapse() when no renewal succeeds before

    def start(self, url: str) -> None:
        """This process listens at ``url``: take over its earlier self's tables (a restart at the same address)
        and those whose lease ran out, then keep renewing and adopting in the background."""
        loop = asyncio.get_running_loop()
        self.renewed = loop.time()
        self.arm()
        self.store.set_url(url)
        self.store.group_commits()
        count = sum(self.load(table_id) is not None for table_id in self.store.adopt(limit=100_000, mine_before=True))
        if count:
            log.info("resumed %d unfinished table%s from the store", count, "" if count == 1 else "s")
        self.task = loop.create_task(self.run())

    async def stop(self) -> None:
        """Stop the loop and hand every lease over at once (a clean stop: others adopt without waiting)."""
        if self.timer is not None:
            self.timer.cancel()
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        with contextlib.suppress(Exception):
            self.store.release()

    async def run(self) -> None:
        """Renew, drop what was lost, adopt what was left, every quarter of the lease; let every table go when
        the leases were not renewed for most of a lease (the store is away)."""
        loop = asyncio.get_running_loop()
        beat = self.store.lease / 4
        while True:
            await asyncio.sleep(beat)
            self.lapse()
            try:
                known = set(self.hub.tables)  # a table that comes meanwhile was not asked about
                serving = [table.id for table in self.hub.tables.values()]
                asked = loop.time()
                renewing = asyncio.ensure_future(asyncio.to_thread(self.store.renew, serving))
                while not renewing.done():  # a store that hangs does not keep the tables served past the lease
                    await asyncio.wait({renewing}, timeout=beat)
                    self.lapse()
                held = renewing.result()
                self.renewed = asked
                self.arm()
                let_go = held - {table.id for table in self.hub.tables.values()}
                if let_go:  # let go while the renewal was under way: handed over now, not a lease later
                    self.store.release(sorted(let_go))
                self.renew(held, known)
                await self.adopt()
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # the store is away: try again at the next beat (a new connection)
                fault("leases", exc, logging.WARNING)
                self.lapse()

    def arm(self) -> None:
        """Call ``lapse`` at ``LAPSE`` of a lease after the last renewal, unless another renewal comes first."""
        if self.timer is not None:
            self.timer.cancel()
        loop = asyncio.get_running_loop()
        self.timer = loop.call_at(self.renewed + self.store.lease * LAPSE, self.lapse)

    def lapse(self) -> None:
        """With no renewal for ``LAPSE`` of a lease, let every table go that another process could adopt: its
        people reconnect, and land where it is served once the store is back."""
        if asyncio.get_running_loop().time() - self.renewed < self.store.lease * LAPSE:
            return
        for table in list(self.hub.tables.values()):
            if not (table.status == "finished" and table.history_id is not None) and self.hub.hand_over(table, True):
                self.lost += 1

    def renew(self, held: set[str] | None = None, known: set[str] | None = None) -> None:
        """Renew the leases of the tables this process serves (or take ``held``, renewed off the event loop while
        it served the tables whose codes are ``known``); drop the tables another process has taken over. A table
        let go is never renewed: its lease runs out and another process adopts it."""
        if held is None:
            held = self.store.renew([table.id for table in self.hub.tables.values()])
        for code, table in list(self.hub.tables.items()):
            if known is not None and code not in known:
                continue
            if table.id not in held and not (table.status == "finished" and table.history_id is not None):
                self.drop(table)

    async def adopt(self) -> None:
        """Take over the tables of processes that stopped renewing, a batch at a time; one line says how many."""
        count = 0
        try:
            while True:
                ids = self.store.adopt(limit=ADOPT_BATCH)
                count += sum(self.load(table_id) is not None for table_id in ids)
                if len(ids) < ADOPT_BATCH:
                    return
                await asyncio.sleep(0)
        finally:
            adopted(count)

    def load(self, table_id: str) -> Table | None:
        """Rebuild an adopted table from its actions and serve it."""
        row = self.store.table(table_id)
        if row is None:
            return None
        old = self.hub.tables.get(row.code)
        if old is not None:
            self.drop(old)
        try:
            table = Table.from_row(row, self.hub.timing, self.store)
        except Exception as exc:  # one damaged table must not keep the others down
            log.error("table %s could not be adopted: %s", table_id, exc)
            return None
        self.hub.add(table)
        self.adopted += 1
        return table

    def drop(self, table: Table) -> None:
        """Stop serving ``table`` (another process owns it now); its people reconnect and land there."""
        if self.hub.hand_over(table):
            self.lost += 1

    def locate(self, code: str) -> Table | None:
        """The table with ``code`` if this process may serve it now (adopting it when its lease ran out);
        ``Elsewhere`` when another process holds it; None when the store has no such table."""
        owner = self.store.owner(code)
        if owner is None:
            return None
        if owner.process == self.store.process or not owner.live:
            taken = owner.table_id if owner.process == self.store.process else self.store.take(code)
            if taken is not None:
                table = self.load(taken)
                if owner.process != self.store.process:
                    adopted(int(table is not None), "when a client asked for it")
                return table
            owner = self.store.owner(code)  # someone else was quicker
            if owner is None or not owner.live or owner.url is None:
                return None
        if owner.url is None:
            return None
        raise Elsewhere(owner.url)

    def listing(self, game: str | None) -> list[dict[str, object]]:
        """The lobby of every process on the store."""
        return [t.as_json() for t in self.store.listing(game)]

    @staticmethod
    def is_lost(exc: BaseException) -> bool:
        """Whether a failed write means the lease is gone."""
        return isinstance(exc, LeaseLost)

    def lost_lease(self, table: Table) -> ProtocolError:
        """A write was refused because the lease is gone: drop the table, tell the client where to go."""
        self.drop(table)
        owner = self.store.owner(table.code)
        if owner is not None and owner.live and owner.url is not None and owner.process != self.store.process:
            return Elsewhere(owner.url)
        return ProtocolError("state", msg(refusals.LEASE_LOST, code=table.code))


def adopted(count: int, how: str = "") -> None:
    """One line for the tables adopted at once (counted: no code, token or name)."""
    if count:
        log.info("adopted %d unfinished table%s from the store, %s lease having run out%s", count,
                 "" if count == 1 else "s", "its" if count == 1 else "their", f" ({how})" if how else "")
