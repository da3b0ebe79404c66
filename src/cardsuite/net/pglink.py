"""One PostgreSQL connection of a server process, opened again after it was lost (the database restarted, or
the connection was killed): a lost connection is noticed where it fails and a new one is opened at the next
use. While the database cannot be reached, a new connection is tried at most once a pause (half a second,
doubling to five), and every use in between fails at once with the last reason, in one line: no storm of
attempts, and no use waits on a database that is away.

psycopg (3) is imported here only: it is the ``postgres`` extra (``pip install 'cardsuite[postgres]'``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

CONNECT_SECONDS = 10
"""How long opening the first connection may take (at start)."""
RECONNECT_SECONDS = 2
"""How long opening a new connection may take once the server runs (its caller waits for it; libpq's least)."""
FIRST_PAUSE = 0.5
"""Seconds before the next try after a failed connection; doubled at each failure in a row, to ``MOST_PAUSE``."""
MOST_PAUSE = 5.0
TCP_OPTIONS = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 3,
               "tcp_user_timeout": 10_000}
"""A database machine that vanished (no reset) fails the connection within seconds, not minutes."""


class StoreUnreachable(RuntimeError):
    """The store cannot be reached now; a new connection is tried after a pause."""


def first_line(exc: BaseException) -> str:
    """An error's message in one line (its class name when it has none)."""
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def connect(url: str, seconds: int = CONNECT_SECONDS) -> Any:
    """A psycopg connection in autocommit, or a one-line error naming what is missing."""
    try:
        import psycopg
    except ImportError:
        raise RuntimeError("a PostgreSQL store needs psycopg: pip install 'cardsuite[postgres]'") from None
    try:
        conninfo = psycopg.conninfo.make_conninfo(url, **TCP_OPTIONS)
        return psycopg.connect(conninfo, autocommit=True, connect_timeout=seconds, application_name="cardsuite")
    except psycopg.Error as exc:
        raise RuntimeError(f"cannot open the PostgreSQL store: {first_line(exc)}") from None


class Link:
    """The connection to use now: the one open, or a new one when it was lost (``prepare`` sets each new one
    up), within the pause after a failed try."""

    def __init__(self, url: str, prepare: Callable[[Any], object], clock: Callable[[], float] = time.monotonic) -> None:
        self.url = url
        self.prepare = prepare
        self.clock = clock
        self.current: Any = None
        self.pause = 0.0
        self.next_try = 0.0
        self.why = ""
        self.lock = threading.Lock()  # two threads finding the connection lost open one new one

    def open(self, seconds: int = CONNECT_SECONDS) -> Any:
        """Open the first connection now (a failure is the caller's one-line error, at start)."""
        conn = connect(self.url, seconds)
        try:
            self.prepare(conn)
        except BaseException:
            conn.close()
            raise
        self.current = conn
        return conn

    def get(self) -> Any:
        """The open connection, or a new one when it was lost; ``StoreUnreachable`` while none can be had."""
        conn = self.current
        if conn is not None and not conn.closed:
            return conn
        with self.lock:
            return self._reopen()

    def _reopen(self) -> Any:
        conn = self.current
        if conn is not None and not conn.closed:  # another thread opened it meanwhile
            return conn
        self.current = None
        now = self.clock()
        if now < self.next_try:
            raise StoreUnreachable(self.why)
        try:
            conn = self.open(RECONNECT_SECONDS)
        except Exception as exc:
            self.pause = min(MOST_PAUSE, max(FIRST_PAUSE, self.pause * 2))
            self.next_try = now + self.pause
            why = first_line(exc).removeprefix("cannot open the PostgreSQL store: ")
            self.why = f"the store cannot be reached: {why}"
            raise StoreUnreachable(self.why) from None
        self.pause, self.next_try = 0.0, 0.0
        return conn

    def close(self) -> None:
        """Close the connection, if one is open."""
        if self.current is not None:
            self.current.close()
            self.current = None
