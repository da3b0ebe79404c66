"""A protocol client over aiohttp: requests with answers, and the table and view as the server last sent them.

Used by ``cardsuite host``/``join`` (through the remote session), the browser seat, the load bench and
the tests. Every server message is checked too: a message that is not what the protocol says closes the
connection with a ``ClientError`` rather than reaching the table screen.

A client told how to get its seat back (``rejoin``: the ``resume`` it made, or a watcher's ``join``) comes
back by itself when the connection drops: it tries again with a growing pause (``BACKOFF``), says
``reconnecting`` and ``resumed`` in its updates, and gives up (``closed``) only when the server says the
seat or the table is gone, closes it for good, or stays away longer than ``RECONNECT_FOR``.
"""

from __future__ import annotations

import asyncio
import bisect
import contextlib
import json
import random
import socket
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

import aiohttp

from ..core.game import Event, View
from ..i18n import _, gettext
from ..i18n.render import render, words_for
from ..naming import quoted
from .addresses import Unfollowed, followed, socket_url
from .protocol import MAX_SERVER_MESSAGE, PROTOCOL_VERSION
from .refusals import read_reason, read_words
from .rulewords import read_rule_words
from .wire import WireError, decode_event, decode_view

DEFAULT_PORT = 8765
BACKOFF = (0.25, 10.0)
"""The first pause before trying to reconnect, and the longest (each try doubles it, with some jitter)."""
RECONNECT_FOR = 900.0
"""Seconds a client keeps trying to reconnect before it gives up."""
FINAL = frozenset({"bad_token", "no_table", "full", "name_taken", "version", "protocol"})
"""Refusals that trying again cannot change: the client stops reconnecting."""
FINAL_CLOSES = frozenset({1008, 1009})
"""WebSocket close codes after which a client does not come back (the server closed it for its conduct)."""


class ClientError(Exception):
    """The server refused a request (``code`` and its one line, in the reader's language when the server gave its
    words), or the connection failed."""

    def __init__(self, code: str, message: str, data: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.data = data or {}  # the whole refusal (``elsewhere`` carries the owner's ``url``)


def refusal_line(data: Mapping[str, Any], names: Sequence[str] | None = None) -> str:
    """A server's refusal as its reader reads it: its ``words`` in the language in use when they are one of
    ours (``refusals.read_words``; an ``illegal`` action's: the game's refusal, ``rulewords.read_rule_words``),
    else an ``illegal`` action's English reason read as the local table reads one (``refusals.read_reason``),
    else its English ``message``; seats by ``names`` where given."""
    if data.get("code") == "illegal":
        said = read_rule_words(data.get("words"))
        said = said if said is not None else read_reason(data.get("message"))
    else:
        said = read_words(data.get("words"))
    return render(said, names) if said is not None else str(data.get("message"))


def closed_line(table: Mapping[str, Any]) -> str | None:
    """Why a closed table closed (its ``closed_why``), as its reader reads it; None when it says no reason."""
    why = table.get("closed_why")
    if not isinstance(why, Mapping) or read_words(why.get("words")) is None:
        return None
    return refusal_line(why)


def cpu_marks(value: object, start: int, count: int) -> frozenset[int]:
    """A ``view`` message's ``by_cpu``, taken only as what it may be: whole numbers among the indices of the ``count``
    events it sent from ``start`` on (anything else in it is left out; a message without it marks nothing)."""
    if not isinstance(value, list) or len(value) > count:
        return frozenset()
    return frozenset(i for i in value if isinstance(i, int) and not isinstance(i, bool) and start <= i < start + count)


def refused(data: dict[str, Any]) -> ClientError:
    """The ``ClientError`` of a server's ``error``: its code, its line in the reader's language, the whole of it."""
    return ClientError(str(data.get("code")), refusal_line(data), data)


def unreachable(url: str, exc: BaseException) -> str:
    """Why ``url`` could not be reached, in one line in the reader's language (not aiohttp's own words)."""
    os_error = getattr(exc, "os_error", None)
    if isinstance(exc, aiohttp.WSServerHandshakeError):
        reason = _("something answered, but not a cardsuite server (HTTP {status})").format(status=exc.status)
    elif isinstance(exc, aiohttp.ClientConnectorDNSError) or isinstance(os_error, socket.gaierror):
        reason = _("no such host")
    elif isinstance(exc, aiohttp.ClientConnectorError):
        reason = _("nothing answers there (is the server running?)")
    elif isinstance(exc, TimeoutError):
        reason = _("no answer in time")
    else:
        reason = words_for(quoted(str(exc) or type(exc).__name__, 80, ""))
    return _("cannot reach {url}: {reason}").format(url=url, reason=reason)


def server_url(address: str) -> str:
    """``HOST[:PORT]`` (or a ``ws://`` / ``wss://`` URL) as the URL of the protocol socket.

    ``ClientError`` for anything that is not one, including text no URL parser reads (``"\\x1b[2J"``).
    """
    url = _server_url(address)
    try:
        parts = urlsplit(url)
        if not parts.hostname or not url.isprintable():
            raise ValueError("no host")
        _ = parts.port  # a port that is no number or out of range raises here
    except ValueError:
        raise ClientError("address", gettext("{address} is not HOST, HOST:PORT or a ws(s):// URL").format(
            address=words_for(quoted(address, 40)))) from None
    return url


def _server_url(address: str) -> str:
    text = address.strip()
    if text.startswith(("ws://", "wss://")):
        return socket_url(text)
    if text.startswith(("http://", "https://")):
        scheme = "wss" if text.startswith("https") else "ws"
        return server_url(scheme + text[text.index(":"):])
    if not text or any(ch.isspace() or ch in "/?#@" for ch in text):
        raise ClientError("address", gettext("{address} is not HOST or HOST:PORT").format(
            address=words_for(quoted(address, 40))))
    if text.startswith("[") or text.count(":") == 1:
        host, _, port = text.rpartition(":") if not text.endswith("]") else (text, "", "")
        if port and not port.isdigit():
            raise ClientError("address", gettext("{address}: the port must be a number").format(
                address=words_for(quoted(address, 40))))
        return f"ws://{host or text}:{port or DEFAULT_PORT}/game"
    return f"ws://{text}:{DEFAULT_PORT}/game"


def friends_address(url: str, public_url: str | None = None) -> str:
    """What a friend types after ``cardsuite join`` to reach the server at ``url`` (or its public address)."""
    if public_url:
        return public_url.rstrip("/")
    text = url.removesuffix("/game")
    if text.startswith("ws://"):
        text = text[len("ws://"):]
        return text.removesuffix(f":{DEFAULT_PORT}")
    return text


def page_address(url: str, public_url: str | None = None) -> str:
    """The browser page of the server at ``url`` (``serve --web``), or its public address."""
    if public_url:
        return public_url.rstrip("/") + "/"
    scheme = "https" if url.startswith("wss://") else "http"
    return scheme + "://" + url.split("://", 1)[-1].removesuffix("/game") + "/"


@dataclass
class Update:
    """A message from the server that is not an answer: ``table``, ``view`` or ``notice`` (a ``view``'s ``end``: the
    ``Client.pin`` of the end of the history as that message left it)."""

    type: str
    data: dict[str, Any] = field(default_factory=dict)
    end: int = 0


class Client:
    """One connection to a server: ``request`` waits for the answer; ``updates`` queues everything else."""

    def __init__(self, url: str, session: aiohttp.ClientSession | None = None,
                 headers: dict[str, str] | None = None) -> None:
        self.url = url
        self.front = url  # where it first connected: the site's front address (``elsewhere`` moves ``url``)
        self.headers = dict(headers or {})
        self.rejoin: tuple[str, dict[str, Any]] | None = None  # the request that gets the seat back
        self.reconnecting = False
        self.retry_at: float | None = None  # when the next reconnection try starts (monotonic)
        self.tries = 0
        self._closing = False
        self._reconnector: asyncio.Task[None] | None = None
        self.session: aiohttp.ClientSession | None = session
        self._own_session = session is None
        self.ws: aiohttp.ClientWebSocketResponse | None = None
        self.hello: dict[str, Any] = {}
        self.table: dict[str, Any] = {}
        self._view: View | None = None
        self._raw_view: dict[str, Any] | None = None
        self._raw_events: list[Any] = []
        self._events: tuple[Event, ...] = ()
        self.by_cpu: frozenset[int] = frozenset()  # the deal's events (by index) the server's CPU made
        self.serials: list[int] = []
        """Each held event's place among every event of the deal this connection was shown, those a shorter history
        has dropped since (GOPS's memory log) included: what ``pin`` and ``place`` go by."""
        self.shown = 0  # how many events of the deal this connection has been shown, dropped ones included
        self.deal = -1
        self.step = 0
        self.timers: dict[str, float] = {}
        self.updates: asyncio.Queue[Update] = asyncio.Queue()
        self.closed = asyncio.Event()
        self._waiting: dict[int, asyncio.Future[dict[str, Any]]] = {}
        self._next_ref = 1
        self._reader: asyncio.Task[None] | None = None
        self.received = 0
        self.log: list[dict[str, Any]] | None = None

    async def connect(self, timeout: float = 10.0) -> Client:
        """Open the connection and read the server's hello (a server that turns the connection away says
        why in one line: the ``ClientError``)."""
        try:
            await self._open(timeout)
        except ClientError:
            if self._own_session and self.session is not None:
                await self.session.close()
            raise
        return self

    async def _open(self, timeout: float) -> None:
        if self.session is None:
            self.session = aiohttp.ClientSession()
        try:
            ws = await asyncio.wait_for(  # a server that accepts and never answers is given up, not waited on
                self.session.ws_connect(self.url, max_msg_size=MAX_SERVER_MESSAGE, heartbeat=30.0,
                                        timeout=aiohttp.ClientWSTimeout(ws_close=5.0), autoping=True,
                                        headers=self.headers), timeout)
        except (TimeoutError, aiohttp.ClientError, OSError) as exc:
            raise ClientError("connect", unreachable(self.url, exc)) from None
        try:
            first = await asyncio.wait_for(ws.receive(), timeout)
            hello = self._parse(first.data if first.type == aiohttp.WSMsgType.TEXT else None)
        except (TimeoutError, aiohttp.ClientError, OSError, ClientError):
            await ws.close()
            raise ClientError("connect", f"{self.url} did not greet this client") from None
        if hello.get("type") == "error":
            await ws.close()
            raise refused(hello)
        if hello.get("type") != "hello" or hello.get("protocol") != PROTOCOL_VERSION:
            await ws.close()
            raise ClientError("version", f"{self.url} does not speak cardsuite protocol {PROTOCOL_VERSION}")
        self.ws, self.hello = ws, hello
        self._reader = asyncio.get_running_loop().create_task(self._read(ws))

    async def close(self) -> None:
        """Close the connection (pending requests fail); it does not come back."""
        self._closing = True
        if self._reconnector is not None and self._reconnector is not asyncio.current_task():
            self._reconnector.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reconnector
        if self.ws is not None:
            with contextlib.suppress(Exception):
                await self.ws.close()
        if self._reader is not None:
            self._reader.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._reader
        if self.session is not None and self._own_session:
            await self.session.close()
        self._fail_waiting()
        self.closed.set()

    def _fail_waiting(self) -> None:
        for future in self._waiting.values():
            if not future.done():
                future.set_exception(ClientError("closed", "the connection to the server closed"))
        self._waiting.clear()

    @staticmethod
    def _parse(text: object) -> dict[str, Any]:
        if not isinstance(text, str):
            raise ClientError("protocol", "the server sent something that is not a text message")
        try:
            data = json.loads(text)
        except (ValueError, RecursionError):
            raise ClientError("protocol", "the server sent something that is not JSON") from None
        if not isinstance(data, dict) or data.get("v") != PROTOCOL_VERSION or not isinstance(data.get("type"), str):
            raise ClientError("protocol", "the server sent a message this client does not understand")
        return data

    async def send(self, kind: str, **fields: Any) -> int:
        """Send a request without waiting; its ``ref``."""
        if self.ws is None or self.ws.closed:
            raise ClientError("closed", "not connected")
        ref = self._next_ref
        self._next_ref += 1
        try:
            await self.ws.send_str(json.dumps({"v": PROTOCOL_VERSION, "type": kind, "ref": ref, **fields}))
        except (aiohttp.ClientError, ConnectionError, RuntimeError):
            raise ClientError("closed", "the connection to the server closed") from None
        return ref

    async def request(self, kind: str, timeout: float = 15.0, **fields: Any) -> dict[str, Any]:
        """Send a request and wait for its ``ok``; a refusal raises ``ClientError`` with the server's line."""
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        ref = self._next_ref
        self._waiting[ref] = future
        try:
            await self.send(kind, **fields)
            return await asyncio.wait_for(future, timeout)
        except TimeoutError:
            raise ClientError("timeout", f"no answer to {kind} from the server") from None
        finally:
            self._waiting.pop(ref, None)

    async def _read(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        broken: ClientError | None = None
        try:
            async for frame in ws:
                if frame.type != aiohttp.WSMsgType.TEXT:
                    break
                data = self._parse(frame.data)
                self.received += 1
                if self.log is not None:
                    self.log.append(data)
                await self._dispatch(data)
        except ClientError as exc:
            broken = exc
            await self.updates.put(Update("error", {"code": exc.code, "message": exc.message}))
        finally:
            self._fail_waiting()
            if self._comes_back(ws, broken):
                self._reconnector = asyncio.get_running_loop().create_task(self._reconnect())
            elif not self.reconnecting:
                self.closed.set()
                await self.updates.put(Update("closed", {"code": ws.close_code}))

    def _comes_back(self, ws: aiohttp.ClientWebSocketResponse, broken: ClientError | None) -> bool:
        return (self.rejoin is not None and not self._closing and not self.reconnecting and broken is None
                and ws.close_code not in FINAL_CLOSES)

    async def _reconnect(self) -> None:
        """Try again, with a growing pause, until the seat is back, the server says it never will be, or
        ``RECONNECT_FOR`` has passed."""
        assert self.rejoin is not None
        kind, fields = self.rejoin
        self.reconnecting, self.tries = True, 0
        await self.updates.put(Update("reconnecting"))
        pause, give_up = BACKOFF[0], time.monotonic() + RECONNECT_FOR
        reason: dict[str, Any] = {"code": "gone", "message": "the server did not come back"}
        while not self._closing and time.monotonic() < give_up:
            wait = pause * random.uniform(0.8, 1.2)
            self.retry_at = time.monotonic() + wait
            await asyncio.sleep(wait)
            pause = min(BACKOFF[1], pause * 2)
            self.tries += 1
            try:
                await self._open(10.0)
                await self.request(kind, **fields)
            except ClientError as exc:
                if self.ws is not None:
                    await self.ws.close()
                if exc.code in FINAL:
                    reason = {"code": exc.code, "message": exc.message}
                    break
                moved = exc.data.get("url")
                if exc.code == "elsewhere" and isinstance(moved, str):  # the table lives at another process now
                    try:
                        self.url, pause = followed(self.url, moved), BACKOFF[0]
                    except Unfollowed as refusal:
                        reason = {"code": "elsewhere", "message": str(refusal)}
                        break
                elif exc.code == "connect":  # that process is gone: ask the front address again
                    self.url = self.front
                continue
            self.reconnecting, self.retry_at = False, None
            await self.updates.put(Update("resumed"))
            return
        self.reconnecting, self.retry_at = False, None
        self.closed.set()
        await self.updates.put(Update("closed", reason))

    async def _dispatch(self, data: dict[str, Any]) -> None:
        kind = data["type"]
        ref = data.get("ref")
        if kind in ("ok", "error", "pong") and isinstance(ref, int) and ref in self._waiting:
            future = self._waiting[ref]
            if not future.done():
                if kind == "error":
                    future.set_exception(refused(data))
                else:
                    future.set_result(data)
            return
        if kind == "table":
            self.table, self.table_at = data, time.monotonic()
        elif kind == "view":
            self._take_view(data)
        await self.updates.put(Update(kind, data, self.shown))

    def _take_view(self, data: dict[str, Any]) -> None:
        """Keep a view message; it is decoded when ``view`` is read (most are never needed by a bot)."""
        deal, step, raw = data.get("deal"), data.get("step"), data.get("view")
        if not isinstance(deal, int) or not isinstance(step, int) or not isinstance(raw, dict):
            raise ClientError("protocol", "a view without its deal and step")
        start, events = raw.get("history_from", 0), raw.get("history", [])
        if deal != self.deal:
            self._raw_events, self._events, self.by_cpu = [], (), frozenset()
            self.serials, self.shown = [], 0
        if not isinstance(start, int) or not 0 <= start <= len(self._raw_events) or not isinstance(events, list):
            raise ClientError("protocol", "a view whose history does not continue the one held here")
        self.serials[start:] = self._renumber(self._raw_events[start:], self.serials[start:], events)
        self._raw_events[start:] = events
        self._events = self._events[:start]
        self.by_cpu = frozenset(i for i in self.by_cpu if i < start) | cpu_marks(data.get("by_cpu"), start, len(events))
        self._raw_view, self._view = raw, None
        self.deal, self.step = deal, step
        timers = data.get("timers", {})
        self.timers = {str(k): float(v) for k, v in timers.items() if isinstance(v, int | float)} \
            if isinstance(timers, dict) else {}
        self.timers_at = time.monotonic()

    def _renumber(self, held: list[Any], serials: list[int], sent: list[Any]) -> list[int]:
        """The serials of the events ``sent`` in place of those ``held``: a held event the new history keeps (in
        order) keeps its serial; the others are dropped, and each event it adds takes the next serial."""
        out: list[int] = []
        for event, serial in zip(held, serials, strict=True):
            if len(out) < len(sent) and sent[len(out)] == event:
                out.append(serial)
        while len(out) < len(sent):
            out.append(self.shown)
            self.shown += 1
        return out

    def pin(self, after: int) -> int:
        """A place in the deal's history that stays put when the history drops events: after its first ``after``
        events as held now and before the rest (``place`` gives its index again, in the history then held)."""
        if after <= 0:
            return 0
        return self.serials[after] if after < len(self.serials) else self.shown

    def place(self, pin: int) -> int:
        """How many of the events held now come before ``pin`` (a ``pin`` of this deal)."""
        return bisect.bisect_left(self.serials, pin)

    @property
    def view(self) -> View | None:
        """The seat's view as last sent (decoded now if it has not been yet); None before the first."""
        if self._view is None and self._raw_view is not None:
            try:
                self._events += tuple(decode_event(e) for e in self._raw_events[len(self._events):])
                body = {**self._raw_view, "history_from": len(self._events), "history": []}
                self._view = decode_view(body, self._events)
            except WireError as exc:
                raise ClientError("protocol", f"a view this client cannot read: {exc}") from None
        return self._view

    def my_turn(self) -> bool:
        """Whether the last view says this seat must act (read without decoding the view)."""
        raw = self._raw_view
        return raw is not None and not raw.get("is_over") and raw.get("seat") in raw.get("to_act", ())

    def deal_ended(self) -> bool:
        """Whether the last view shows the deal over (read without decoding the view)."""
        return self._raw_view is not None and bool(self._raw_view.get("is_over"))

    timers_at = 0.0
    table_at = 0.0

    async def next_update(self, timeout: float | None = None) -> Update:
        """The next update from the server (``closed`` once the connection has gone)."""
        return await asyncio.wait_for(self.updates.get(), timeout)


async def open_client(address: str) -> Client:
    """A connected client for ``HOST[:PORT]`` or a URL."""
    return await Client(server_url(address)).connect()
