"""``cardsuite serve``: the aiohttp server that talks the protocol on ``/game`` (and ``/status``, ``--web``).

Every TCP connection is counted from its accept, per address and in all, and closed at once over a cap
(``gate.py``). Each WebSocket connection is one client: an upgrade from another site's page is refused
(``origin.py``), then it is counted against its address's limits (a refusal is one ``error`` message,
then the close), then every message is checked (size, rate, shape) before it reaches the hub (``hub.py``),
which holds the tables. A refusal is one ``error`` message and never closes the server.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import signal
import time
from collections.abc import Callable

from aiohttp import WSMsgType, web

from ..core.message import msg
from . import refusals
from .badrequests import quiet_bad_requests
from .config import GAME_PATH, ServerConfig, hello
from .conn import MAX_STRIKES, POLICY_CLOSE, Conn
from .datafolder import serving_folder
from .errorpages import NOT_A_HANDSHAKE, GuardedRunner, gone
from .faultlog import fault
from .gate import GatedSite
from .headers import add_headers
from .heldlog import held_back
from .hub import Hub
from .limits import client_address, is_loopback
from .metrics import exposition
from .origin import same_origin
from .overload import DescriptorWarning
from .protocol import MAX_CLIENT_MESSAGE, SEAT_PASS_HEADER, ProtocolError, error_message, parse_request
from .readouts import figures, status

__all__ = ["GAME_PATH", "HUB", "Hub", "ServerConfig", "make_app", "run_server"]

log = logging.getLogger("cardsuite.serve")

HUB = web.AppKey("hub", Hub)


def connection_address(hub: Hub, request: web.Request) -> str:
    """The address a connection counts for: the peer's, the proxy's client's (``--trust-proxy``), or, for a
    browser seat's process on loopback with its pass, the browser's."""
    peer = request.remote
    seat_pass = request.headers.get(SEAT_PASS_HEADER)
    if seat_pass and is_loopback(peer) and seat_pass in hub.passes:
        return hub.passes[seat_pass]
    return client_address(peer, request.headers.get("X-Forwarded-For"), hub.config.limits.trust_proxy)


async def game_socket(request: web.Request) -> web.StreamResponse:
    """One protocol connection: checked messages in, queued messages out, errors as messages."""
    hub: Hub = request.app[HUB]
    if not same_origin(request, hub.config.public_url, hub.config.host):  # another site's page, in a browser
        hub.count_refusal("origin")
        raise web.HTTPForbidden(text="cardsuite: this socket opens only from this server's own pages\n")
    # autoping off: a ping frame is charged to the connection's rate like a message before it is answered.
    # max_msg_size one more than the limit: aiohttp refuses a frame of max_msg_size bytes, not one of the limit
    ws = web.WebSocketResponse(max_msg_size=MAX_CLIENT_MESSAGE + 1, heartbeat=30.0, compress=False,
                               autoping=False)
    if not ws.can_prepare(request).ok:
        raise web.HTTPBadRequest(text=NOT_A_HANDSHAKE)
    try:
        await ws.prepare(request)
    except ConnectionError:  # gone before the handshake's answer
        return gone()
    address = connection_address(hub, request)
    refused = hub.addresses.connect(address)
    if refused is not None:  # one line for the person, then the close
        with contextlib.suppress(Exception):
            await ws.send_str(hub.refusal("limit", refused))
            await ws.close(code=POLICY_CLOSE)
        return ws
    conn = Conn(ws, hub.config.rate, address)
    hub.live.add(conn)
    writer = asyncio.get_running_loop().create_task(conn.writer())
    conn.send(hello(hub.config))
    try:
        await _serve_frames(hub, conn, ws)
    except ConnectionError:  # the client reset the connection (mid-flood, say): nothing to log
        pass
    finally:
        hub.live.discard(conn)
        hub.addresses.disconnect(address)
        hub.detach(conn)
        conn.send_close()
        await writer
    return ws


async def _serve_frames(hub: Hub, conn: Conn, ws: web.WebSocketResponse) -> None:
    """Read the connection's frames until it closes: each, control frames too, charged to its rate first."""
    loop = asyncio.get_running_loop()
    async for frame in ws:
        control = frame.type in (WSMsgType.PING, WSMsgType.PONG)
        if not control and frame.type not in (WSMsgType.TEXT, WSMsgType.BINARY):
            break
        if conn.closed:
            break
        if not conn.bucket.take(loop.time()):
            conn.strikes += 1
            if not control:  # (a ping over the rate gets no answer at all)
                conn.send(error_message("rate", msg(refusals.RATE)))
            if conn.strikes > MAX_STRIKES:
                conn.close_code = POLICY_CLOSE
                break
            continue
        if frame.type == WSMsgType.PING:
            await ws.pong(frame.data)
        if control:
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
            conn.send(error_message(exc.code, exc.said(), exc.ref if ref is None else ref,
                                    **getattr(exc, "fields", {})))
        except Exception as exc:  # one line, and a store that is away fails every request alike: held back
            fault("request failed", exc)
            conn.send(error_message("server", msg(refusals.SERVER_FAILED), ref))


async def status_page(request: web.Request) -> web.Response:
    """``GET /status``: how many tables, connections, sockets and actions (no table's content)."""
    return web.json_response(status(request.app[HUB]))


async def health_page(request: web.Request) -> web.Response:
    """``GET /health``: 200 while this process serves, reaches its store and its last write there succeeded,
    else 503 (for the proxy); after a failed write it tries one itself, at most once a second
    (``storewrites.py``). Why the store failed goes to the log only: it may name the database's host and user,
    and anyone may ask."""
    hub = request.app[HUB]
    try:
        await asyncio.to_thread(hub.store.code_taken, "health")
    except Exception as exc:
        fault("health: the store did not answer", exc)
        return web.json_response({"status": "store unreachable"}, status=503)
    if not await hub.writes.writable(hub.store.probe):  # the log has said why, a line per failed save
        return web.json_response({"status": "store unwritable"}, status=503)
    return web.json_response({"status": "ok", "tables": len(hub.tables), "store": "postgresql" if hub.cluster
                              else "sqlite"})


async def metrics_page(request: web.Request) -> web.Response:
    """``GET /metrics``: the figures in Prometheus text (``metrics.py``); those of the store are left out while
    it does not answer (``cardsuite_store_up 0``), the others are served all the same."""
    found = await asyncio.to_thread(figures, request.app[HUB])
    return web.Response(text=exposition(found), content_type="text/plain", charset="utf-8")


def make_app(config: ServerConfig) -> web.Application:
    """The aiohttp application: ``/game`` (the protocol), ``/status``, and with ``web`` the browser seat."""
    app = web.Application()
    add_headers(app)
    app.router.add_get(GAME_PATH, game_socket)
    app.router.add_get("/status", status_page)
    app.router.add_get("/health", health_page)
    app.router.add_get("/metrics", metrics_page)

    async def startup(app: web.Application) -> None:
        hub = Hub(config)
        app[HUB] = hub
        count = hub.resume_tables()
        if count:
            log.info("resumed %d unfinished table%s from the store", count, "" if count == 1 else "s")

    async def shutdown(app: web.Application) -> None:
        await app[HUB].going_away()

    async def cleanup(app: web.Application) -> None:
        await app[HUB].close()

    app.on_startup.append(startup)
    app.on_shutdown.append(shutdown)
    app.on_cleanup.append(cleanup)
    if config.web:
        from .web import add_browser_seat

        add_browser_seat(app, config, HUB)
    return app


def run_server(config: ServerConfig, ready: Callable[[str], None] | None = None) -> None:
    """Serve until interrupted (Ctrl+C or SIGTERM); ``ready`` gets the socket's URL once listening.

    ``port`` 0 picks a free port (the URL says which): tests and the load bench use it. The data folder is
    made first and, with the SQLite store, held by this process until it ends (``datafolder.py``).
    """
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("cardsuite").setLevel(logging.INFO)  # its news: tables resumed, each table's life
    quiet_bad_requests()
    with serving_folder(config.data, shared_store=bool(config.store)):
        asyncio.run(_serve(config, ready))


async def _serve(config: ServerConfig, ready: Callable[[str], None] | None) -> None:
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(DescriptorWarning())
    for signum in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(signum, stop.set)
    # keepalive_timeout runs from the connection's first byte and is not pushed back by more bytes: a
    # connection that has not sent its whole request (headers, WebSocket handshake) by then is dropped
    runner = GuardedRunner(make_app(config), access_log=None, handle_signals=False, shutdown_timeout=3.0,
                           keepalive_timeout=config.request_seconds)
    with held_back() as held:
        await runner.setup()
        try:
            hub = runner.app[HUB]
            site = GatedSite(runner, config.host, config.port, hub.sockets)
            await site.start()
            held.release()
            port = config.port = site.port
            if hub.cluster is not None:
                hub.cluster.start(hub.config.socket_address())
            gc.freeze()  # what was loaded to start (modules, resumed tables) is never garbage: no collection scans it
            host = f"[{config.host}]" if ":" in config.host else config.host
            if ready is not None:
                ready(f"ws://{host}:{port}{GAME_PATH}")
            await stop.wait()
        finally:
            await runner.cleanup()
