"""What one address, and the whole server, may use: connections, tables, browser seats, failed joins.

``Limits`` holds the numbers (each a ``serve`` option, docs/deploy.md); ``AddressBook`` counts what each
address holds now and answers whether one more is allowed, with the one line the person is told when it is
not. An address is an IPv4 address or an IPv6 /64 network (one household or host gets one of those), taken
from the connection, or, with ``trust_proxy``, from the ``X-Forwarded-For`` a proxy on loopback adds.
Plain Python, no I/O: the server gives it the time.
"""

from __future__ import annotations

import ipaddress
import math
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core.message import Message, msg, msg_n
from . import refusals
from .protocol import ProtocolError

MAX_PAUSE = 3600.0
"""The longest pause after failed joins, however often an address strikes out."""
FORGIVE = 3600.0
"""Seconds without a failed join after which an address's strikes are forgotten."""
MAX_WATCHED = 20_000
"""Addresses whose strikes are remembered at most (the oldest are forgotten first)."""


@dataclass
class Limits:
    """The server's limits; every number is a ``serve`` option (docs/deploy.md gives the ranges)."""

    max_tables: int = 2000
    tables_per_address: int = 4
    creates_per_hour: int = 30
    max_connections: int = 4000
    connections_per_address: int = 16
    max_sockets: int = 5000
    sockets_per_address: int = 64
    join_strikes: int = 5
    strike_pause: float = 30.0
    max_web_seats: int = 32
    web_seats_per_address: int = 2
    web_seats_per_hour: int = 60
    trust_proxy: bool = False


def address_key(peer: str | None) -> str:
    """The address limits count by: IPv4 as it is, IPv6 by its /64 network, anything else as given."""
    if not peer:
        return "unknown"
    try:
        found = ipaddress.ip_address(peer.split("%", 1)[0])
    except ValueError:
        return peer[:64]
    if isinstance(found, ipaddress.IPv6Address):
        if found.ipv4_mapped is not None:
            return str(found.ipv4_mapped)
        return str(ipaddress.IPv6Network((found, 64), strict=False))
    return str(found)


def is_loopback(peer: str | None) -> bool:
    """Whether ``peer`` is this machine (a proxy or a browser seat's process)."""
    try:
        return peer is not None and ipaddress.ip_address(peer.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def client_address(peer: str | None, forwarded_for: str | None, trust_proxy: bool) -> str:
    """The address of the person behind a connection: the proxy's last ``X-Forwarded-For`` hop when trusted."""
    if trust_proxy and forwarded_for and is_loopback(peer):
        last = forwarded_for.split(",")[-1].strip()
        if last:
            return address_key(last)
    return address_key(peer)


@dataclass
class Strikes:
    """An address's failed joins: how many since its last pause, its pauses so far, until when it waits."""

    count: int = 0
    pauses: int = 0
    until: float = 0.0
    last: float = 0.0


@dataclass
class Bucket:
    """A token bucket of ``burst`` tokens refilled at ``rate`` a second."""

    rate: float
    burst: float
    tokens: float = math.inf
    stamp: float = 0.0

    def take(self, now: float) -> bool:
        """Whether one more is allowed at ``now`` (and take it)."""
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


@dataclass
class AddressBook:
    """What every address holds now: connections, open tables it created, browser seats, strikes."""

    limits: Limits
    connections: Counter[str] = field(default_factory=Counter)
    tables: dict[str, set[str]] = field(default_factory=dict)
    creators: dict[str, str] = field(default_factory=dict)
    creates: dict[str, Bucket] = field(default_factory=dict)
    web: Counter[str] = field(default_factory=Counter)
    web_starts: dict[str, Bucket] = field(default_factory=dict)
    strikes: dict[str, Strikes] = field(default_factory=dict)

    # -- connections ------------------------------------------------------------------------------
    def connect(self, key: str) -> Message | None:
        """Count a new connection from ``key``; the refusal line instead when it is one too many."""
        limits = self.limits
        if sum(self.connections.values()) >= limits.max_connections:
            return msg(refusals.CONNECTIONS_FULL)
        if self.connections[key] >= limits.connections_per_address:
            return msg(refusals.ADDRESS_CONNECTIONS, n=limits.connections_per_address)
        self.connections[key] += 1
        return None

    def disconnect(self, key: str) -> None:
        """A connection from ``key`` closed."""
        self.connections[key] -= 1
        if self.connections[key] <= 0:
            del self.connections[key]

    # -- tables -----------------------------------------------------------------------------------
    def may_create(self, key: str, now: float, tables_now: int) -> None:
        """Raise the refusal when ``key`` may not create a table now (or the server holds enough)."""
        limits = self.limits
        if tables_now >= limits.max_tables:
            raise ProtocolError("busy", msg(refusals.BUSY))
        if len(self.tables.get(key, ())) >= limits.tables_per_address:
            raise ProtocolError("limit", msg(refusals.ADDRESS_TABLES, n=limits.tables_per_address))
        bucket = self.creates.get(key)
        if bucket is None:
            bucket = self.creates[key] = Bucket(limits.creates_per_hour / 3600.0, float(limits.creates_per_hour),
                                                stamp=now)
        if not bucket.take(now):
            raise ProtocolError("limit", msg(refusals.CREATES_PER_HOUR, n=limits.creates_per_hour))
        if len(self.creates) > MAX_WATCHED:
            self._forget(self.creates, now, lambda b: b.stamp)

    def created(self, key: str, code: str) -> None:
        """``key`` created the table ``code`` (it counts until the table ends)."""
        self.tables.setdefault(key, set()).add(code)
        self.creators[code] = key

    def ended(self, code: str) -> None:
        """The table ``code`` ended (finished, closed): it no longer counts for its creator."""
        key = self.creators.pop(code, None)
        if key is not None:
            held = self.tables.get(key)
            if held is not None:
                held.discard(code)
                if not held:
                    del self.tables[key]

    # -- failed joins -----------------------------------------------------------------------------
    def check_join(self, key: str, now: float) -> None:
        """Raise ``paused`` while ``key`` waits after too many failed joins."""
        found = self.strikes.get(key)
        if found is not None and found.until > now:
            wait = math.ceil(found.until - now)
            raise ProtocolError("paused", msg(refusals.PAUSED, seconds=wait))

    def strike(self, key: str, now: float) -> None:
        """A join or resume from ``key`` failed (no such table, a wrong token): enough of them pause it."""
        limits = self.limits
        found = self.strikes.get(key)
        if found is None or now - found.last > FORGIVE:
            found = self.strikes[key] = Strikes()
            if len(self.strikes) > MAX_WATCHED:
                self._forget(self.strikes, now, lambda s: s.last)
        found.count += 1
        found.last = now
        if found.count >= limits.join_strikes:
            found.until = now + min(MAX_PAUSE, limits.strike_pause * 2**found.pauses)
            found.pauses += 1
            found.count = 0

    # -- browser seats ----------------------------------------------------------------------------
    def web_refusal(self, key: str) -> Message | None:
        """Why one more browser seat for ``key`` would be refused now (words for the visitor), or None."""
        limits = self.limits
        if sum(self.web.values()) >= limits.max_web_seats:
            return msg("this server runs as many browser seats as it may ({seats}): try again in a few minutes, "
                       "or play with `cardsuite join`", seats=limits.max_web_seats)
        if self.web[key] >= limits.web_seats_per_address:
            return msg_n("your address already has {n} browser seat here: close it first",
                         "your address already has {n} browser seats here: close one first",
                         limits.web_seats_per_address)
        return None

    def open_web_seat(self, key: str, now: float) -> Message | None:
        """Count a browser seat's process for ``key``; the refusal instead when it is one too many, or when
        the address started its hour's share of them (each start costs a process's start-up)."""
        refused = self.web_refusal(key)
        if refused is not None:
            return refused
        per_hour = self.limits.web_seats_per_hour
        bucket = self.web_starts.get(key)
        if bucket is None:
            bucket = self.web_starts[key] = Bucket(per_hour / 3600.0, float(max(1, per_hour // 6)), stamp=now)
            if len(self.web_starts) > MAX_WATCHED:
                self._forget(self.web_starts, now, lambda b: b.stamp)
        if not bucket.take(now):
            return msg_n("your address may open {n} browser seat an hour here: try again later",
                         "your address may open {n} browser seats an hour here: try again later", per_hour)
        self.web[key] += 1
        return None

    def close_web_seat(self, key: str) -> None:
        """A browser seat's process for ``key`` ended."""
        self.web[key] -= 1
        if self.web[key] <= 0:
            del self.web[key]

    @staticmethod
    def _forget(entries: dict[str, Any], now: float, stamp: Callable[[Any], float]) -> None:
        """Drop the older half of ``entries`` (by ``stamp``), so no flood of addresses grows them for good."""
        oldest = sorted(entries, key=lambda k: stamp(entries[k]))[: len(entries) // 2]
        for key in oldest:
            del entries[key]
