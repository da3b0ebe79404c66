"""Every table of a server, the connections at each, and what each request does to them.

A request has been checked for shape (``protocol.parse_request``) before it reaches ``Hub.handle``; here it
meets the limits (``limits.AddressBook``: tables per address, failed joins) and the table. A refusal is a
``ProtocolError``, which the socket turns into one ``error`` message. A task per table does what is due by
itself: CPU moves, timer timeouts, the grace period, the next deal, filing a finished match into the
history, and closing a table nobody came back to.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

from ..bots.base import make_bot
from ..core.game import Bot, View
from ..core.message import Message, msg
from ..storage.history import History
from . import refusals, rematch, tablelog
from .config import ServerConfig
from .conn import GOING_AWAY, MAX_FAILED_JOINS, MAX_PAUSED, POLICY_CLOSE, Conn
from .datafolder import HISTORY_FILE
from .faultlog import fault
from .filing import filed_record, rated_keys
from .limits import AddressBook
from .lobby import listed_here
from .metrics import Metrics
from .protocol import ProtocolError, Request, error_message, message, new_code
from .rows import Listing
from .sockets import socket_book
from .storeapi import NotStored, open_store
from .storewrites import StoreWrites
from .table import Table, watcher_view
from .viewtext import ViewText, options_text

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("cardsuite.serve")


def _ref(req: Request) -> dict[str, int]:
    return {"ref": req.ref} if req.ref is not None else {}


class Hub:
    """Every table of this server, the connections at each, and the tasks that drive them."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.timing = config.timing
        config.data.mkdir(mode=0o700, parents=True, exist_ok=True)  # made here: the server's user's alone
        self.store = open_store(config.store, config.data / "tables.sqlite3", config.socket_address(), config.durable,
                                config.lease_seconds)
        self.history: Any = History(config.data / HISTORY_FILE)
        self.writes = StoreWrites()  # whether the store takes writes: /health and the log say when it does not
        self.cluster: Cluster | None = None
        if config.store:
            from .cluster import Cluster
            from .pghistory import PgHistory
            from .pgstore import PgTableStore

            assert isinstance(self.store, PgTableStore)
            self.history = PgHistory(config.store)
            self.cluster = Cluster(self, self.store)
        self.metrics = Metrics()
        self.addresses = AddressBook(config.limits)
        self.sockets = socket_book(config.limits, config.web)  # every TCP connection, counted by gate.py
        self.passes: dict[str, str] = {}  # a browser seat's pass -> the browser's address (web.py)
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.wakers: dict[str, asyncio.Event] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.bots: dict[tuple[str, str], Bot] = {}
        self.live: set[Conn] = set()
        self.actions = 0
        self.refused: dict[str, int] = {}
        self.stopping = False  # going_away was called: connections close because the server stops

    # -- lifecycle --------------------------------------------------------------------------------
    def resume_tables(self) -> int:
        """Load every unfinished table from the database (after a restart or a kill); how many."""
        count = 0
        for row in self.store.open_tables():
            try:
                table = Table.from_row(row, self.timing, self.store)
            except Exception as exc:  # one damaged table must not keep the others down
                log.error("table %s could not be resumed: %s", row.id, exc)
                continue
            self.add(table)
            count += 1
        return count

    def add(self, table: Table) -> None:
        """Start serving ``table``."""
        self.tables[table.code] = table
        self.conns.setdefault(table.code, set())
        self.wakers[table.code] = asyncio.Event()
        self.drivers[table.code] = asyncio.get_running_loop().create_task(self.drive(table))

    def drop(self, table: Table) -> None:
        """Stop serving ``table`` (closed, or finished and left): its connections are told and let go."""
        if self.tables.get(table.code) is table:
            self.broadcast(table)
            self._let_go(table)

    def hand_over(self, table: Table, lapsed: bool = False) -> bool:
        """Stop serving ``table`` at once, another process owns it now (``cluster.py``; ``lapsed``: it may, the
        store being away while the lease ran out): its task stops and its connections are closed with
        ``GOING_AWAY``, so they reconnect and land at the owner. False when this process was not serving it."""
        if self.tables.get(table.code) is not table:
            return False
        driver = self.drivers.get(table.code)
        if driver is not None:
            driver.cancel()
        for conn in self._let_go(table):
            conn.send_close(GOING_AWAY)
        tablelog.handed_over(table, lapsed)
        return True

    def _let_go(self, table: Table) -> set[Conn]:
        """Forget ``table`` and its task; its connections (returned) hold nothing any more."""
        code = table.code
        conns = self.conns.pop(code, set())
        for conn in conns:
            conn.table, conn.seat, conn.watching = None, None, False
        del self.tables[code]
        self.wakers.pop(code, None)
        self.drivers.pop(code, None)
        self.addresses.ended(code)
        return conns

    async def going_away(self) -> None:
        """Close every connection (WebSocket code 1001): clients reconnect to the next server."""
        self.stopping = True
        tablelog.stopping(len(self.tables), len(self.live))
        for conn in list(self.live):
            conn.send_close(1001)

    async def close(self) -> None:
        """Stop every table's task, hand the leases over (a shared store) and close the database."""
        if self.cluster is not None:
            await self.cluster.stop()
        for task in self.drivers.values():
            task.cancel()
        for task in list(self.drivers.values()):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.store.close()

    def wake(self, table: Table) -> None:
        """Tell the table's task that something changed."""
        waker = self.wakers.get(table.code)
        if waker is not None:
            waker.set()

    # -- requests ---------------------------------------------------------------------------------
    async def handle(self, conn: Conn, req: Request) -> None:
        """Do what one checked request asks; ``ProtocolError`` becomes the client's error message."""
        handler: Callable[[Conn, Request], Awaitable[None]] = getattr(self, f"_on_{req.type}")
        try:
            await handler(conn, req)
        except ProtocolError as exc:
            self.count_refusal(exc.code)
            raise

    async def _on_ping(self, conn: Conn, req: Request) -> None:
        conn.send(message("pong", **_ref(req)))

    def code_taken(self, code: str) -> bool:
        """Whether a table here or in the store has join code ``code``."""
        return code in self.tables or self.store.code_taken(code)

    def _free(self, conn: Conn) -> None:
        if conn.table is not None:
            raise ProtocolError("state", msg(refusals.HOLDS_SEAT))

    async def _on_create(self, conn: Conn, req: Request) -> None:
        """A new table; the address's allowance is taken only for one that can be made (a refusal costs none)."""
        self._free(conn)
        f = req.fields
        listing = Listing(f["public"], f["rated"], False, f["language"])
        if listing.rated and self.cluster is None:
            raise ProtocolError("bad_table", msg(refusals.RATED_NEEDS_STORE))

        def allowed() -> str:
            self.addresses.may_create(conn.address, time.monotonic(), len(self.tables))
            return new_code(self.code_taken)

        try:
            table, token = Table.create(self.store, self.timing, allowed, f["game"], f.get("players"),
                                        f["options"], f["cpu"], f["name"], f.get("turn_seconds"), f.get("seed"),
                                        listing, f["identity"])
        except NotStored as exc:  # said as a failed save is (the store is unwritable), not as a request failing
            self.writes.create_failed(exc.error)
            raise ProtocolError("server", msg(refusals.SERVER_FAILED)) from None
        self.writes.succeeded()
        code = table.code
        self.add(table)
        tablelog.created(table)
        self.addresses.created(conn.address, code)
        self._attach(conn, table, 0)
        conn.send(message("ok", **_ref(req), table=table.id, code=code, seat=0, token=token,
                          practice=table.listing.practice))
        self.broadcast(table)

    def _find(self, conn: Conn, code: str) -> Table:
        """The table of a join or resume: the address may be paused, and a wrong code is a strike."""
        now = time.monotonic()
        try:
            self.addresses.check_join(conn.address, now)
        except ProtocolError:
            conn.paused_tries += 1
            if conn.paused_tries > MAX_PAUSED:
                conn.send_close(POLICY_CLOSE)
            raise
        table = self.tables.get(code)
        if table is None and self.cluster is not None:
            table = self.cluster.locate(code)  # adopted now, or Elsewhere: the owner's address
        if table is None:
            self._strike(conn, now)
            raise ProtocolError("no_table", msg(refusals.NO_TABLE, code=code))
        return table

    def _strike(self, conn: Conn, now: float) -> None:
        self.addresses.strike(conn.address, now)
        conn.failed_joins += 1
        if conn.failed_joins >= MAX_FAILED_JOINS:
            conn.send_close(POLICY_CLOSE)

    async def _on_join(self, conn: Conn, req: Request) -> None:
        self._free(conn)
        table = self._find(conn, req.fields["code"])
        if req.fields["watch"]:
            if table.status == "closed":
                raise ProtocolError("no_table", msg(refusals.TABLE_CLOSED))
            conn.table, conn.watching = table, True
            self.conns[table.code].add(conn)
            tablelog.watcher(table, True, self.conns[table.code])
            conn.send(message("ok", **_ref(req), table=table.id, code=table.code, seat=None,
                              practice=table.listing.practice))
        else:
            token = req.fields.get("token")
            seat = table.find_token(token) if token else None
            came_back = seat is not None
            if seat is None:
                seat, token = table.sit(req.fields["name"], req.fields["identity"], token)
            self._attach(conn, table, seat)
            tablelog.seated(table, seat, came_back)
            conn.send(message("ok", **_ref(req), table=table.id, code=table.code, seat=seat, token=token,
                              practice=table.listing.practice))
            if table.status == "lobby" and table.full_of_people():
                table.start()
                tablelog.started(table)
                self.wake(table)
        self.broadcast(table)

    async def _on_resume(self, conn: Conn, req: Request) -> None:
        self._free(conn)
        table = self._find(conn, req.fields["code"])
        if table.next_code is not None:  # the seat moved on to the rematch, with the same token
            table = self._find(conn, table.next_code)
        try:
            seat = table.seat_of_token(req.fields["token"])
        except ProtocolError:
            self._strike(conn, time.monotonic())
            raise
        self._attach(conn, table, seat)
        tablelog.seated(table, seat, True)
        conn.send(message("ok", **_ref(req), table=table.id, code=table.code, seat=seat,
                          practice=table.listing.practice))
        self.broadcast(table)

    def _attach(self, conn: Conn, table: Table, seat: int) -> None:
        conn.table, conn.seat = table, seat
        self.conns[table.code].add(conn)
        table.connect(seat)
        self.wake(table)

    def _seated(self, conn: Conn) -> tuple[Table, int]:
        if conn.watching:
            raise ProtocolError("not_seated", msg(refusals.WATCHER_ONLY))
        if conn.table is None or conn.seat is None:
            raise ProtocolError("not_seated", msg(refusals.NOT_SEATED))
        return conn.table, conn.seat

    async def _on_start(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        if seat != 0:
            raise ProtocolError("not_host", msg(refusals.NOT_HOST))
        table.start()
        tablelog.started(table)
        conn.send(message("ok", **_ref(req)))
        self.wake(table)
        self.broadcast(table)

    async def _on_act(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        now = time.monotonic()
        if table.status == "playing" and table.cpu_plays(seat, now) and table.seats[seat].by_choice:
            raise ProtocolError("state", msg(refusals.CPU_PLAYS))
        if table.status == "playing" and table.from_next_deal(seat):
            raise ProtocolError("state", msg(refusals.FROM_NEXT_DEAL))
        await self._act(table, seat, req.fields["action"], now)
        conn.send(message("ok", **_ref(req)))
        self.broadcast(table)

    async def _act(self, table: Table, seat: int, text: str, now: float, by_cpu: bool = False) -> None:
        try:
            table.act(seat, text, now, by_cpu)
            writing = table.writing
            if writing is not None:  # a shared store's group commit: nobody hears of the action before it
                try:
                    await asyncio.shield(writing)  # a closed connection does not cancel the commit
                except Exception:
                    table.broken = True
                    raise
        except ProtocolError:
            raise
        except Exception as exc:
            if self.cluster is not None and self.cluster.is_lost(exc):  # another process owns the table now
                raise self.cluster.lost_lease(table) from None
            if table.broken:  # the store refused the write: rebuild the table from what it holds
                self.writes.failed(table.id, exc)
                try:
                    self._reload(table)
                except Exception:
                    if self.cluster is None:
                        raise
                    self.hand_over(table, lapsed=True)  # never served with an action the store lacks
                raise ProtocolError("server", msg(refusals.NOT_SAVED)) from None
            raise
        self.writes.succeeded()
        self.actions += 1
        self.wake(table)

    def _reload(self, table: Table) -> None:
        row = self.store.table(table.id)
        if row is None:
            return
        fresh = Table.from_row(row, self.timing, self.store)
        for conn in self.conns.get(table.code, set()):
            conn.table = fresh
            if conn.seat is not None:
                fresh.connect(conn.seat)
        self.tables[table.code] = fresh

    async def _on_ready(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        table.mark_ready(seat, time.monotonic())
        conn.send(message("ok", **_ref(req)))
        self.wake(table)

    async def _on_cpu(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        on, before = bool(req.fields["on"]), table.seats[seat].by_choice
        table.set_by_choice(seat, on)
        if on != before:
            tablelog.by_choice(table, seat, on)
        conn.send(message("ok", **_ref(req)))
        self.wake(table)
        self.broadcast(table)

    async def _on_leave(self, conn: Conn, req: Request) -> None:
        if conn.watching and conn.table is not None:  # a watcher stops watching; the connection is free again
            watched = conn.table
            self.conns.get(watched.code, set()).discard(conn)
            conn.table, conn.watching = None, False
            tablelog.watcher(watched, False, self.conns.get(watched.code, set()))
            conn.send(message("ok", **_ref(req)))
            return
        table, seat = self._seated(conn)
        table.leave(seat, time.monotonic())
        tablelog.gave_up(table, seat)
        for other in list(self.conns.get(table.code, ())):  # every connection of that seat lets it go
            if other.seat == seat:
                self.conns[table.code].discard(other)
                other.table, other.seat = None, None
        conn.send(message("ok", **_ref(req)))
        self.wake(table)
        self.broadcast(table)

    async def _on_list(self, conn: Conn, req: Request) -> None:
        game = req.fields["game"]
        if self.cluster is not None:
            found = await asyncio.to_thread(self.cluster.listing, game)
        else:
            found = listed_here(self.tables.values(), game)
        conn.send(message("ok", **_ref(req), tables=found))

    async def _on_board(self, conn: Conn, req: Request) -> None:
        game = req.fields["game"]
        if self.cluster is None:
            raise ProtocolError("state", msg(refusals.NO_LEADERBOARD))
        if game is None:
            raise ProtocolError("bad_message", msg(refusals.BOARD_GAME))
        rows = await asyncio.to_thread(self.history.board, game)
        conn.send(message("ok", **_ref(req), game=game, board=[r.as_json() for r in rows]))

    async def _on_rematch(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        asked, row = seat in table.rematch, None
        if rematch.ask(table, seat):
            try:
                row = rematch.stored(self, table)
            except NotStored as exc:  # said as a failed create is; the finished table stays as it was
                if not asked:
                    table.rematch.discard(seat)
                self.writes.create_failed(exc.error)
                raise ProtocolError("server", msg(refusals.SERVER_FAILED)) from None
            self.writes.succeeded()
        conn.send(message("ok", **_ref(req)))
        if row is not None:
            rematch.start(self, table, row)
        self.broadcast(table)

    async def _on_sync(self, conn: Conn, req: Request) -> None:
        if conn.table is None:
            raise ProtocolError("not_seated", msg(refusals.NOT_AT_TABLE))
        conn.sent_deal, conn.sent_history, conn.sent_version = -1, (), -1
        conn.send(message("ok", **_ref(req)))
        self.send_state(conn, time.monotonic())

    def detach(self, conn: Conn) -> None:
        """The connection closed: its seat's person is gone (the grace period starts when it was the last)."""
        table = conn.table
        if table is None:
            return
        self.conns.get(table.code, set()).discard(conn)
        if conn.seat is not None and table.seats[conn.seat].kind == "person":
            table.disconnect(conn.seat, time.monotonic())
        if not self.stopping:  # a server that stops says so in one line, not in one a connection
            tablelog.detached(table, conn.seat, conn.watching, self.conns.get(table.code, ()))
        conn.table, conn.seat, conn.watching = None, None, False
        self.wake(table)
        self.broadcast(table)

    # -- sending ----------------------------------------------------------------------------------
    def broadcast(self, table: Table) -> None:
        """Send every connection at ``table`` what changed, each only its own seat's view."""
        now = time.monotonic()
        views: dict[int | None, View] = {}
        texts = ViewText()
        for conn in list(self.conns.get(table.code, ())):
            self.send_state(conn, now, views, texts)

    def send_state(self, conn: Conn, now: float, views: dict[int | None, View] | None = None,
                   texts: ViewText | None = None) -> None:
        """The table summary when it changed, then the view of the connection's seat (a watcher's: public)."""
        table = conn.table
        if table is None:
            return
        views = {} if views is None else views
        if conn.sent_version != table.version:
            conn.sent_version = table.version
            conn.send(message("table", **table.summary(now, conn.seat)))
        if table.status in ("lobby", "closed"):
            return
        writing = table.writing
        if isinstance(writing, asyncio.Future) and not writing.done():
            return  # an action not committed yet: its act broadcasts once it is, to every connection
        deal, step = table.step()
        timers = table.seconds_left(now)
        moment = (table.match, table.moves, step, timers)
        if conn.sent_deal == deal and conn.sent_moment == moment:
            return  # the view it holds is the current one (someone came or went): the summary said it all
        conn.sent_moment = moment
        seat = conn.seat if conn.seat is not None and not table.from_next_deal(conn.seat) else None
        if seat not in views:  # (a person who sat down during this deal watches it: the public view)
            state = table.match.state
            views[seat] = state.view(seat) if seat is not None else watcher_view(state)
        view = views[seat]
        skip = 0
        if conn.sent_deal == deal and view.history[: len(conn.sent_history)] == conn.sent_history:
            skip = len(conn.sent_history)
        conn.sent_deal, conn.sent_history = deal, view.history
        if table.options_wire is None:
            table.options_wire = options_text(view)
        texts = ViewText() if texts is None else texts
        conn.send(texts.message(deal, step, timers, view, skip, table.options_wire, table.cpu_marks.sent(seat, skip)))

    # -- what tables do by themselves -------------------------------------------------------------
    async def drive(self, table: Table) -> None:
        """Do what is due at ``table`` when it is due: CPU moves, timeouts, grace, next deal, filing, closing."""
        code = table.code
        waker = self.wakers[code]
        while code in self.tables:
            table = self.tables[code]
            try:
                now = time.monotonic()
                due = table.due(now)
                if due is None or due.at > now:
                    waker.clear()
                    timeout = None if due is None else due.at - now
                    with contextlib.suppress(asyncio.TimeoutError):
                        await asyncio.wait_for(waker.wait(), timeout)
                    continue
                await self.do(table, due.kind, due.seat)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                fault(f"table {table.id}: what was due failed", exc, kind="what was due failed")
                await asyncio.sleep(1.0)

    async def do(self, table: Table, kind: str, seat: int | None) -> None:
        """One due thing."""
        now = time.monotonic()
        if kind == "deal":
            table.next_deal(now)
        elif kind == "finish":
            if not await self._committed(table):  # the last action first: a finished table's log is whole
                return
            if table.listing.practice:  # a practice match is never filed, so never rated
                table.finished(None)
            else:
                record = filed_record(table)
                if self.cluster is not None:
                    keys = rated_keys(table)
                    history_id = await asyncio.to_thread(self.history.record_finished, record, keys)
                else:
                    history_id = await asyncio.to_thread(self.history.record_finished, record)
                table.finished(history_id)
            tablelog.finished(table)
            self.addresses.ended(table.code)  # a finished table no longer counts for its creator
        elif kind == "close":
            tablelog.closing(table)
            table.close()
            self.drop(table)
            return
        elif kind == "drop":
            tablelog.removed(table)
            self.drop(table)
            return
        elif kind == "grace" and seat is not None:
            table.grace_over(seat)
            tablelog.grace_over(table, seat)
        elif seat is not None and await self.cpu_move(table, seat) and kind == "timeout":
            tablelog.timed_out(table, seat)
        self.broadcast(table)

    async def _committed(self, table: Table) -> bool:
        """Wait until the table's last action is committed (a shared store commits in groups); False when its
        write failed (the act that made it answers for that) or the table is no longer this one."""
        writing = table.writing
        if writing is not None:
            try:
                await asyncio.shield(writing)
            except asyncio.CancelledError:
                if isinstance(writing, asyncio.Future) and writing.cancelled():
                    return False
                raise
            except Exception:
                return False
        return self.tables.get(table.code) is table

    async def cpu_move(self, table: Table, seat: int) -> bool:
        """The CPU decides for ``seat`` (off the event loop) and acts, unless the table moved on meanwhile;
        whether it acted."""
        version = (table.version, table.moves)
        view = table.match.state.view(seat)
        key = (table.game.info.name, table.row.cpu)
        if key not in self.bots:
            self.bots[key] = make_bot(table.game, table.row.cpu)
        bot = self.bots[key]
        rng = random.Random(table.rngs[seat].getrandbits(64))
        action = await asyncio.to_thread(bot.choose, view, rng)
        if (table.version, table.moves) != version or self.tables.get(table.code) is not table:
            return False
        if not table.people_here():  # everyone left while it thought: the table waits for them
            return False
        await self._act(table, seat, str(action), time.monotonic(), by_cpu=True)
        return True

    def count_refusal(self, code: str) -> None:
        """Count one refusal (``/status`` shows them by code)."""
        self.refused[code] = self.refused.get(code, 0) + 1

    def refusal(self, code: str, text: Message) -> str:
        """A refusal that answers no request (a connection turned away), counted like the others."""
        self.count_refusal(code)
        return error_message(code, text)

