"""``cardsuite serve``: the aiohttp server that holds every table and talks the protocol on ``/game``.

Each WebSocket connection is one client: it creates or joins a table, or resumes its seat with a token,
then sends actions as record text. Every message is checked (size, rate, shape) before it touches a
table; a refusal is one ``error`` message and never closes the server. Each connection has its own
queue and writer, so a client that stops reading slows nobody else (it is dropped when its queue fills).
A task per table does what is due by itself: CPU moves, timer timeouts, the grace period, the next deal,
filing a finished match into the history.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import signal
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from .. import __version__
from ..bots.base import make_bot
from ..core.game import Bot, Event, View
from ..storage.history import History
from ..storage.saves import save_record_of
from . import rematch
from .lobby import Listing, listed_here
from .metrics import Metrics, exposition
from .protocol import (
    MAX_CLIENT_MESSAGE,
    PROTOCOL_VERSION,
    ProtocolError,
    Request,
    error_message,
    message,
    new_code,
    parse_request,
)
from .storeapi import open_store
from .table import Table, Timing, watcher_view
from .wire import encode_value, encode_view

log = logging.getLogger("cardsuite.serve")

GAME_PATH = "/game"
RATE_PER_SECOND = 20.0
RATE_BURST = 40.0
MAX_STRIKES = 200
QUEUE_LIMIT = 512
MAX_TABLES = 5000


@dataclass
class ServerConfig:
    """How the server runs: where it listens, where it keeps its files, its timing and limits."""

    host: str = "127.0.0.1"
    port: int = 8765
    data: Path = Path(".")
    timing: Timing = field(default_factory=Timing)
    durable: bool = False
    web: bool = False
    public_url: str | None = None
    max_tables: int = MAX_TABLES
    rate: float = RATE_PER_SECOND
    store: str | None = None  # postgresql://… shared by several processes; None: SQLite in ``data``
    advertise: str | None = None  # the address clients reach this process at (default: where it listens)
    lease_seconds: float = 8.0


class Bucket:
    """A token bucket: ``RATE_PER_SECOND`` messages a second on average, bursts of ``RATE_BURST``."""

    def __init__(self, rate: float = RATE_PER_SECOND, burst: float = RATE_BURST) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def take(self) -> bool:
        """Whether one more message is allowed now."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Conn:
    """One client connection: its socket, its outgoing queue, and the seat it holds (if any)."""

    def __init__(self, ws: web.WebSocketResponse, rate: float = RATE_PER_SECOND) -> None:
        self.ws = ws
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.table: Table | None = None
        self.seat: int | None = None
        self.watching = False
        self.bucket = Bucket(rate, max(RATE_BURST, 2 * rate))
        self.strikes = 0
        self.sent_deal = -1
        self.sent_history: tuple[Event, ...] = ()
        self.sent_version = -1
        self.closed = False
        self.close_code = 1000

    def send(self, text: str) -> None:
        """Queue a message; a client too slow to keep up is disconnected rather than waited for."""
        if self.closed:
            return
        if self.queue.qsize() >= QUEUE_LIMIT:
            self.closed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(text)

    def send_close(self) -> None:
        """Close after the messages already queued."""
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)

    async def writer(self) -> None:
        """Send queued messages in order until the connection closes."""
        while True:
            text = await self.queue.get()
            if text is None:
                break
            try:
                await self.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                break
        self.closed = True
        with contextlib.suppress(Exception):
            await self.ws.close(code=self.close_code)


class Hub:
    """Every table of this server, the connections at each, and the tasks that drive them."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.timing = config.timing
        config.data.mkdir(parents=True, exist_ok=True)
        self.store = open_store(config.store, config.data / "tables.sqlite3", self.advertise(), config.durable,
                                config.lease_seconds)
        self.history: Any = History(config.data / "history.sqlite3")
        self.cluster: Any = None
        if config.store:
            from .cluster import Cluster
            from .pghistory import PgHistory
            from .pgstore import PgTableStore

            assert isinstance(self.store, PgTableStore)
            self.history = PgHistory(config.store)
            self.cluster = Cluster(self, self.store)
        self.metrics = Metrics()
        self.tables: dict[str, Table] = {}
        self.conns: dict[str, set[Conn]] = {}
        self.wakers: dict[str, asyncio.Event] = {}
        self.drivers: dict[str, asyncio.Task[None]] = {}
        self.bots: dict[tuple[str, str], Bot] = {}
        self.live: set[Conn] = set()
        self.actions = 0

    # -- lifecycle --------------------------------------------------------------------------------
    def advertise(self) -> str:
        """The address other processes send this process's clients to."""
        config = self.config
        if config.advertise:
            return config.advertise
        host = f"[{config.host}]" if ":" in config.host else config.host
        return f"ws://{host}:{config.port}{GAME_PATH}"

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

    async def going_away(self) -> None:
        """Close every connection (WebSocket code 1001): clients reconnect to the next server."""
        for conn in list(self.live):
            conn.close_code = 1001
            conn.send_close()

    async def close(self) -> None:
        """Stop every table's task, hand the leases over (a shared store) and close the database."""
        if self.cluster is not None:
            await self.cluster.stop()
        for task in self.drivers.values():
            task.cancel()
        for task in self.drivers.values():
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
        await handler(conn, req)

    async def _on_ping(self, conn: Conn, req: Request) -> None:
        conn.send(message("pong", **_ref(req)))

    def _free(self, conn: Conn) -> None:
        if conn.table is not None:
            raise ProtocolError("state", "this connection already holds a seat or watches: open another one")

    async def _on_create(self, conn: Conn, req: Request) -> None:
        self._free(conn)
        if len(self.tables) >= self.config.max_tables:
            raise ProtocolError("busy", "this server holds as many tables as it can: try again later")
        f = req.fields
        code = new_code()
        while code in self.tables or self.store.code_taken(code):
            code = new_code()
        listing = Listing(f["public"], f["rated"], False, f["language"])
        if listing.rated and self.cluster is None:
            raise ProtocolError("bad_table", "rated tables need a server on a shared store (serve --store)")
        table, token = Table.create(self.store, self.timing, code, f["game"], f.get("players"), f["options"],
                                    f["cpu"], f["name"], f.get("turn_seconds"), f.get("seed"), listing,
                                    f["identity"])
        self.add(table)
        self._attach(conn, table, 0)
        conn.send(message("ok", **_ref(req), table=table.id, code=code, seat=0, token=token))
        self.broadcast(table)

    async def _on_join(self, conn: Conn, req: Request) -> None:
        self._free(conn)
        table = self._table(req.fields["code"])
        if req.fields["watch"]:
            conn.table, conn.watching = table, True
            self.conns[table.code].add(conn)
            conn.send(message("ok", **_ref(req), table=table.id, code=table.code, seat=None))
        else:
            seat, token = table.sit(req.fields["name"], req.fields["identity"])
            self._attach(conn, table, seat)
            conn.send(message("ok", **_ref(req), table=table.id, code=table.code, seat=seat, token=token))
            if table.status == "lobby" and table.full_of_people():
                table.start()
                self.wake(table)
        self.broadcast(table)

    async def _on_resume(self, conn: Conn, req: Request) -> None:
        self._free(conn)
        table = self._table(req.fields["code"])
        if table.next_code is not None:  # the seat moved on to the rematch, with the same token
            table = self._table(table.next_code)
        seat = table.seat_of_token(req.fields["token"])
        self._attach(conn, table, seat)
        conn.send(message("ok", **_ref(req), table=table.id, code=table.code, seat=seat))
        self.broadcast(table)

    def _attach(self, conn: Conn, table: Table, seat: int) -> None:
        conn.table, conn.seat = table, seat
        self.conns[table.code].add(conn)
        table.connect(seat)
        self.wake(table)

    def _table(self, code: str) -> Table:
        table = self.tables.get(code)
        if table is None and self.cluster is not None:
            table = self.cluster.locate(code)  # adopted now, or Elsewhere: the owner's address
        if table is None:
            raise ProtocolError("no_table", f"no table {code} at this server")
        return table

    def _seated(self, conn: Conn) -> tuple[Table, int]:
        if conn.table is None or conn.seat is None:
            raise ProtocolError("not_seated", "sit at a table first (create, join or resume)")
        return conn.table, conn.seat

    async def _on_start(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        if seat != 0:
            raise ProtocolError("not_host", "only the host (seat 0) starts the match")
        table.start()
        conn.send(message("ok", **_ref(req)))
        self.wake(table)
        self.broadcast(table)

    async def _on_act(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        now = time.monotonic()
        if table.status == "playing" and table.cpu_plays(seat, now) and table.seats[seat].by_choice:
            raise ProtocolError("state", "the CPU plays your seat now: take it back first")
        self._act(table, seat, req.fields["action"], now)
        conn.send(message("ok", **_ref(req)))
        self.broadcast(table)

    def _act(self, table: Table, seat: int, text: str, now: float) -> None:
        try:
            table.act(seat, text, now)
        except ProtocolError:
            raise
        except Exception as exc:
            if self.cluster is not None and self.cluster.is_lost(exc):  # another process owns the table now
                raise self.cluster.lost_lease(table, exc) from None
            if table.broken:  # the store refused the write: rebuild the table from what it holds
                self._reload(table)
                raise ProtocolError("server", "the server could not save that action; try again") from None
            raise
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
        table.set_by_choice(seat, bool(req.fields["on"]))
        conn.send(message("ok", **_ref(req)))
        self.wake(table)
        self.broadcast(table)

    async def _on_leave(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        table.leave(seat)
        self._detach(conn)
        conn.send(message("ok", **_ref(req)))
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
            raise ProtocolError("state", "this server keeps no leaderboard (rated play needs serve --store)")
        if game is None:
            raise ProtocolError("bad_message", "board needs the game")
        rows = await asyncio.to_thread(self.history.board, game)
        conn.send(message("ok", **_ref(req), game=game, board=[r.as_json() for r in rows]))

    async def _on_rematch(self, conn: Conn, req: Request) -> None:
        table, seat = self._seated(conn)
        everyone = rematch.ask(table, seat)
        conn.send(message("ok", **_ref(req)))
        if everyone:
            self._start_rematch(table)
        self.broadcast(table)

    def _start_rematch(self, table: Table) -> None:
        code = new_code()
        while code in self.tables or self.store.code_taken(code):
            code = new_code()
        row = rematch.rematch_row(table, code)
        self.store.create(row)
        fresh = Table(row, table.game, self.timing, self.store)
        self.add(fresh)
        table.next_code = code
        table.changed()
        for conn in list(self.conns.get(table.code, ())):
            self.conns[table.code].discard(conn)
            conn.table, conn.sent_deal, conn.sent_history, conn.sent_version = fresh, -1, (), -1
            self.conns[code].add(conn)
            if conn.seat is not None:
                fresh.connect(conn.seat)
        fresh.start()
        self.wake(fresh)
        self.broadcast(fresh)

    async def _on_sync(self, conn: Conn, req: Request) -> None:
        if conn.table is None:
            raise ProtocolError("not_seated", "sit at a table or watch one first")
        conn.sent_deal, conn.sent_history, conn.sent_version = -1, (), -1
        conn.send(message("ok", **_ref(req)))
        self.send_state(conn, time.monotonic())

    def _detach(self, conn: Conn) -> None:
        table = conn.table
        if table is None:
            return
        self.conns.get(table.code, set()).discard(conn)
        if conn.seat is not None and table.seats[conn.seat].kind == "person":
            table.disconnect(conn.seat, time.monotonic())
        conn.table, conn.seat, conn.watching = None, None, False
        self.wake(table)
        self.broadcast(table)

    # -- sending ----------------------------------------------------------------------------------
    def broadcast(self, table: Table) -> None:
        """Send every connection at ``table`` what changed, each only its own seat's view."""
        now = time.monotonic()
        views: dict[int | None, View] = {}
        for conn in list(self.conns.get(table.code, ())):
            self.send_state(conn, now, views)

    def send_state(self, conn: Conn, now: float, views: dict[int | None, View] | None = None) -> None:
        """The table summary when it changed, then the view of the connection's seat (a watcher's: public)."""
        table = conn.table
        if table is None:
            return
        views = {} if views is None else views
        if conn.sent_version != table.version:
            conn.sent_version = table.version
            conn.send(message("table", **table.summary(now, conn.seat)))
        if table.status == "lobby":
            return
        seat = conn.seat
        if seat not in views:
            state = table.match.state
            views[seat] = state.view(seat) if seat is not None else watcher_view(state)
        view = views[seat]
        deal, step = table.step()
        skip = 0
        if conn.sent_deal == deal and view.history[: len(conn.sent_history)] == conn.sent_history:
            skip = len(conn.sent_history)
        conn.sent_deal, conn.sent_history = deal, view.history
        if table.options_wire is None:
            table.options_wire = encode_value(dict(view.options))
        conn.send(message("view", deal=deal, step=step, timers=table.seconds_left(now),
                          view=encode_view(view, skip, table.options_wire)))

    # -- what tables do by themselves -------------------------------------------------------------
    async def drive(self, table: Table) -> None:
        """Do what is due at ``table`` when it is due: CPU moves, timeouts, grace, next deal, filing."""
        code = table.code
        waker = self.wakers[code]
        while True:
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
            except Exception:
                log.exception("table %s: what was due failed", table.id)
                await asyncio.sleep(1.0)
            if table.status == "finished" and table.history_id is not None:
                self.broadcast(table)
                return

    async def do(self, table: Table, kind: str, seat: int | None) -> None:
        """One due thing."""
        now = time.monotonic()
        if kind == "deal":
            table.next_deal(now)
        elif kind == "finish":
            record = save_record_of(table.match, table.id)
            keys = rated_keys(table) if self.cluster is not None else None
            if self.cluster is not None:
                history_id = await asyncio.to_thread(self.history.record_finished, record, keys)
            else:
                history_id = await asyncio.to_thread(self.history.record_finished, record)
            table.finished(history_id)
        elif kind == "grace" and seat is not None:
            table.grace_over(seat)
        elif seat is not None:
            await self.cpu_move(table, seat)
        self.broadcast(table)

    async def cpu_move(self, table: Table, seat: int) -> None:
        """The CPU decides for ``seat`` (off the event loop) and acts, unless the table moved on meanwhile."""
        version = (table.version, table.moves)
        view = table.match.state.view(seat)
        key = (table.game.info.name, table.row.cpu)
        if key not in self.bots:
            self.bots[key] = make_bot(table.game, table.row.cpu)
        bot = self.bots[key]
        rng = random.Random(table.rngs[seat].getrandbits(64))
        action = await asyncio.to_thread(bot.choose, view, rng)
        if (table.version, table.moves) != version or self.tables.get(table.code) is not table:
            return
        self._act(table, seat, str(action), time.monotonic())

    def hello(self) -> str:
        """The first message of every connection."""
        return message("hello", server=f"cardsuite {__version__}", protocol=PROTOCOL_VERSION,
                       limits={"message_bytes": MAX_CLIENT_MESSAGE, "per_second": self.config.rate,
                               "burst": max(RATE_BURST, 2 * self.config.rate)})

    def status(self) -> dict[str, Any]:
        """Counts for ``GET /status`` (the load bench reads them)."""
        return {"tables": len(self.tables), "connections": sum(len(c) for c in self.conns.values()),
                "actions": self.actions, **self.metrics.summary()}

    def figures(self) -> dict[str, Any]:
        """Everything ``GET /metrics`` shows."""
        summary = self.metrics.summary()
        out: dict[str, Any] = {
            "cardsuite_tables": len(self.tables),
            "cardsuite_connections": len(self.live),
            "cardsuite_actions_total": self.actions,
            "cardsuite_actions_per_second": summary["actions_per_second"],
            "cardsuite_action_p50_ms": summary["action_p50_ms"],
            "cardsuite_action_p95_ms": summary["action_p95_ms"],
            "cardsuite_uptime_seconds": round(time.monotonic() - self.metrics.started, 1),
        }
        if self.cluster is not None:
            counts = self.store.counts()  # type: ignore[attr-defined]
            out["cardsuite_tables_adopted_total"] = self.cluster.adopted
            out["cardsuite_tables_lost_total"] = self.cluster.lost
            out["cardsuite_store_tables"] = {k.removeprefix("tables_"): v for k, v in counts.items()
                                             if k.startswith("tables_")}
            out["cardsuite_store_processes"] = counts.get("processes", 0)
        return out


def rated_keys(table: Table) -> list[str] | None:
    """Who a finished match rates, seat by seat: identities (CPUs by level); None for an unrated table."""
    listing = table.listing
    if not listing.rated or listing.practice:
        return None
    return [s.identity if s.kind == "person" and s.identity else f"CPU {table.row.cpu}" for s in table.seats]


def _ref(req: Request) -> dict[str, int]:
    return {"ref": req.ref} if req.ref is not None else {}


async def game_socket(request: web.Request) -> web.WebSocketResponse:
    """One protocol connection: checked messages in, queued messages out, errors as messages."""
    hub: Hub = request.app[HUB]
    ws = web.WebSocketResponse(max_msg_size=MAX_CLIENT_MESSAGE, heartbeat=30.0, compress=False)
    await ws.prepare(request)
    conn = Conn(ws, hub.config.rate)
    hub.live.add(conn)
    writer = asyncio.get_running_loop().create_task(conn.writer())
    conn.send(hub.hello())
    try:
        async for frame in ws:
            if frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
                break
            if conn.closed:
                break
            if not conn.bucket.take():
                conn.strikes += 1
                conn.send(error_message("rate", "too many messages: slow down"))
                if conn.strikes > MAX_STRIKES:
                    break
                continue
            ref = None
            try:
                req = parse_request(frame.data if frame.type == WSMsgType.TEXT else bytes(frame.data))
                ref = req.ref
                began = time.monotonic()
                await hub.handle(conn, req)
                if req.type == "act":
                    hub.metrics.action(time.monotonic() - began)
            except ProtocolError as exc:
                conn.send(error_message(exc.code, exc.message, ref, **getattr(exc, "fields", {})))
            except Exception:
                log.exception("request failed")
                conn.send(error_message("server", "the server could not do that", ref))
    finally:
        hub.live.discard(conn)
        hub._detach(conn)
        conn.send_close()
        await writer
    return ws

HUB = web.AppKey("hub", Hub)


async def status_page(request: web.Request) -> web.Response:
    """``GET /status``: how many tables, connections and actions (no table's content)."""
    return web.json_response(request.app[HUB].status())


async def health_page(request: web.Request) -> web.Response:
    """``GET /health``: 200 while this process serves and reaches its store, else 503 (for the proxy)."""
    hub = request.app[HUB]
    try:
        await asyncio.to_thread(hub.store.code_taken, "health")
    except Exception as exc:
        return web.json_response({"status": "store unreachable", "error": str(exc)[:200]}, status=503)
    return web.json_response({"status": "ok", "tables": len(hub.tables), "store": "postgresql" if hub.cluster
                              else "sqlite"})


async def metrics_page(request: web.Request) -> web.Response:
    """``GET /metrics``: the figures in Prometheus text (``metrics.py``)."""
    figures = await asyncio.to_thread(request.app[HUB].figures)
    return web.Response(text=exposition(figures), content_type="text/plain", charset="utf-8")


def make_app(config: ServerConfig) -> web.Application:
    """The aiohttp application: ``/game`` (the protocol), ``/status``, and with ``web`` the browser seat."""
    app = web.Application()
    app.router.add_get(GAME_PATH, game_socket)
    app.router.add_get("/status", status_page)
    app.router.add_get("/health", health_page)
    app.router.add_get("/metrics", metrics_page)

    async def startup(app: web.Application) -> None:
        hub = Hub(config)
        app[HUB] = hub
        count = hub.resume_tables()
        if count:
            log.info("resumed %d tables", count)

    async def shutdown(app: web.Application) -> None:
        await app[HUB].going_away()

    async def cleanup(app: web.Application) -> None:
        await app[HUB].close()

    app.on_startup.append(startup)
    app.on_shutdown.append(shutdown)
    app.on_cleanup.append(cleanup)
    if config.web:
        from .web import add_browser_seat

        add_browser_seat(app, config)
    return app


def run_server(config: ServerConfig, ready: Callable[[str], None] | None = None) -> None:
    """Serve until interrupted (Ctrl+C or SIGTERM); ``ready`` gets the socket's URL once listening.

    ``port`` 0 picks a free port (the URL says which): tests and the load bench use it.
    """
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    asyncio.run(_serve(config, ready))


async def _serve(config: ServerConfig, ready: Callable[[str], None] | None) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    runner = web.AppRunner(make_app(config), access_log=None, handle_signals=False, shutdown_timeout=3.0)
    await runner.setup()
    try:
        site = web.TCPSite(runner, config.host, config.port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or ()
        port = sockets[0].getsockname()[1] if sockets else config.port
        config.port = port
        hub = runner.app[HUB]
        if hub.cluster is not None:
            hub.cluster.start(hub.advertise())
        host = f"[{config.host}]" if ":" in config.host else config.host
        if ready is not None:
            ready(f"ws://{host}:{port}{GAME_PATH}")
        await stop.wait()
    finally:
        await runner.cleanup()
