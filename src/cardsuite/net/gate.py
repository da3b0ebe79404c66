"""The listening socket, with every accepted connection counted (``sockets.py``) before aiohttp sees it.

A connection over a cap is closed at once, before a byte is read and before aiohttp makes anything for it:
it sent nothing yet, so there is nobody to tell in HTTP; the log gets one line a minute at most. An
admitted connection goes to aiohttp's own protocol (``runner.server()``), every callback passed on, and is
released when it closes.

Private aiohttp API, kept to this file: ``GatedSite`` is a ``web.BaseSite`` like aiohttp's ``TCPSite``,
and like it sets ``_server`` and reads ``_runner`` (aiohttp's own sites do the same; no public hook takes a
protocol factory).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from aiohttp import web

from .sockets import SocketBook

EVERY = 60.0
"""Seconds between two lines about connections turned away."""

log = logging.getLogger("cardsuite.serve")


class TurnedAway:
    """Says in the log that connections were closed over a cap: one line a minute at most."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.last: float | None = None
        self.quiet = 0  # turned away since the last line

    def __call__(self, book: SocketBook) -> None:
        self.quiet += 1
        now = self.clock()
        if self.last is not None and now - self.last < EVERY:
            return
        log.warning("closed %d new connections at once since the last line: an address held --sockets-per-address "
                    "(%d) or the server --max-sockets (%d) open connections", self.quiet, book.per_address,
                    book.total)
        self.last = now
        self.quiet = 0


class GatedProtocol(asyncio.Protocol):
    """One accepted connection: counted, then given to aiohttp's protocol (made only then), or closed when
    over a cap."""

    def __init__(self, make: Callable[[], asyncio.Protocol], book: SocketBook, turned_away: TurnedAway) -> None:
        self.make = make
        self.book = book
        self.turned_away = turned_away
        self.key: str | None = None
        self.inner: asyncio.Protocol | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        host = peer[0] if isinstance(peer, tuple) and peer and isinstance(peer[0], str) else None
        self.key = self.book.admit(host)
        if self.key is None:
            transport.close()
            self.turned_away(self.book)
            return
        self.inner = self.make()
        self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        inner, key = self.inner, self.key
        self.inner = self.key = None
        if key is not None:
            self.book.release(key)
        if inner is not None:
            inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.inner is not None:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        return self.inner.eof_received() if self.inner is not None else None

    def pause_writing(self) -> None:
        if self.inner is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.inner is not None:
            self.inner.resume_writing()


class GatedSite(web.BaseSite):
    """aiohttp's ``TCPSite`` (no TLS: a proxy in front does it; its listen backlog, 128), each connection
    through ``GatedProtocol``."""

    def __init__(self, runner: web.BaseRunner, host: str, port: int, book: SocketBook) -> None:
        super().__init__(runner)
        self.host = host
        self.wanted_port = port
        self.book = book
        self.turned_away = TurnedAway()

    @property
    def name(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    @property
    def port(self) -> int:
        """The port listened on (the one picked, for port 0), once started."""
        server = self._server
        sockets = getattr(server, "sockets", None) or ()
        return int(sockets[0].getsockname()[1]) if sockets else self.wanted_port

    async def start(self) -> None:
        await super().start()
        handlers = self._runner.server
        assert handlers is not None  # the runner was set up (BaseSite checks)
        book, turned_away = self.book, self.turned_away
        self._server = await asyncio.get_running_loop().create_server(
            lambda: GatedProtocol(handlers, book, turned_away), self.host, self.wanted_port, backlog=self._backlog)
