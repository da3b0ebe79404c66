"""Counting open sockets per address and in all (``sockets.py``), and the gate that asks before aiohttp sees a
connection (``gate.py``): plain Python, a recording transport and protocol, and the gate's listening socket."""

from __future__ import annotations

import asyncio
import logging
import socket
import struct
from typing import Any

import pytest
from aiohttp import web

from cardsuite.net.gate import EVERY, GatedProtocol, GatedSite, TurnedAway
from cardsuite.net.limits import Limits
from cardsuite.net.sockets import TOTAL_ONLY, SocketBook, socket_book


def test_one_address_holds_its_share_and_a_closed_socket_frees_its_place() -> None:
    book = SocketBook(per_address=2, total=10)
    first, second = book.admit("203.0.113.5"), book.admit("203.0.113.5")
    assert first == second == "203.0.113.5"
    assert book.admit("203.0.113.5") is None and book.refused == 1
    assert book.admit("203.0.113.6") == "203.0.113.6"  # another address has its own share
    book.release("203.0.113.5")
    assert book.admit("203.0.113.5") == "203.0.113.5"
    for key in ("203.0.113.5", "203.0.113.5", "203.0.113.6"):
        book.release(key)
    assert book.open == 0 and not book.held  # nothing left behind for addresses gone


def test_an_ipv6_network_of_64_is_one_address() -> None:
    book = SocketBook(per_address=1, total=10)
    assert book.admit("2001:db8:1:2::1") == "2001:db8:1:2::/64"
    assert book.admit("2001:db8:1:2:ffff::9") is None
    assert book.admit("2001:db8:1:3::1") == "2001:db8:1:3::/64"


def test_the_total_closes_the_next_socket_from_any_address() -> None:
    book = SocketBook(per_address=5, total=3)
    keys = [book.admit(f"198.51.100.{n}") for n in range(3)]
    assert book.admit("198.51.100.99") is None
    book.release(str(keys[0]))
    assert book.admit("198.51.100.99") == "198.51.100.99"


@pytest.mark.parametrize(("trust_proxy", "web"), [(True, False), (False, True)])
def test_loopback_counts_in_all_only_behind_a_proxy_or_for_the_browser_seat(trust_proxy: bool, web: bool) -> None:
    limits = Limits(sockets_per_address=1, connections_per_address=1, max_sockets=3, max_connections=1,
                    trust_proxy=trust_proxy)
    book = socket_book(limits, web)
    assert [book.admit(peer) for peer in ("127.0.0.1", "::1", "127.0.0.1")] == [TOTAL_ONLY] * 3
    assert book.admit("203.0.113.5") is None  # the total is full
    book.release(TOTAL_ONLY)
    assert book.admit("203.0.113.5") == "203.0.113.5" and book.open == 3


def test_loopback_is_an_address_like_another_otherwise() -> None:
    book = socket_book(Limits(sockets_per_address=1, connections_per_address=1), web=False)
    assert book.admit("127.0.0.1") == "127.0.0.1" and book.admit("127.0.0.1") is None
    assert book.admit("127.0.0.2") == "127.0.0.2"


def test_the_sockets_are_never_fewer_than_the_protocol_connections() -> None:
    book = socket_book(Limits(sockets_per_address=4, connections_per_address=50, max_sockets=10,
                              max_connections=900), web=False)
    assert (book.per_address, book.total) == (50, 900)
    assert (socket_book(Limits(), web=False).per_address, socket_book(Limits(), web=False).total) == (64, 5000)


def test_an_unknown_peer_is_one_address() -> None:
    book = SocketBook(per_address=1, total=10)
    assert book.admit(None) == "unknown" and book.admit(None) is None


class Transport(asyncio.Transport):
    """A transport that says who connected and records its close."""

    def __init__(self, peer: Any) -> None:
        super().__init__()
        self.peer = peer
        self.closed = False

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return self.peer if name == "peername" else default

    def close(self) -> None:
        self.closed = True


class Recorder(asyncio.Protocol):
    """The protocol behind the gate: records what it was passed."""

    def __init__(self) -> None:
        self.calls: list[str] = []

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.calls.append("made")

    def data_received(self, data: bytes) -> None:
        self.calls.append(data.decode())

    def eof_received(self) -> bool | None:
        self.calls.append("eof")
        return None

    def pause_writing(self) -> None:
        self.calls.append("pause")

    def resume_writing(self) -> None:
        self.calls.append("resume")

    def connection_lost(self, exc: Exception | None) -> None:
        self.calls.append("lost")


def test_the_gate_passes_an_admitted_connection_on_and_closes_one_over_the_cap_unseen() -> None:
    book = SocketBook(per_address=1, total=10)
    away = TurnedAway()
    made: list[Recorder] = []

    def make() -> Recorder:
        made.append(Recorder())
        return made[-1]

    kept = Transport(("192.0.2.1", 4000))
    gate = GatedProtocol(make, book, away)
    gate.connection_made(kept)
    for step in (lambda: gate.data_received(b"GET"), gate.pause_writing, gate.resume_writing, gate.eof_received):
        step()
    assert made[0].calls == ["made", "GET", "pause", "resume", "eof"] and not kept.closed
    refused = Transport(("192.0.2.1", 4001))
    over = GatedProtocol(make, book, away)
    over.connection_made(refused)
    over.data_received(b"late")
    over.connection_lost(None)
    assert refused.closed and len(made) == 1 and book.open == 1  # aiohttp never saw it
    gate.connection_lost(None)
    gate.connection_lost(None)  # released once
    assert made[0].calls[-1] == "lost" and made[0].calls.count("lost") == 1 and book.open == 0
    again = GatedProtocol(make, book, away)
    again.connection_made(Transport(("192.0.2.1", 4002)))
    assert len(made) == 2 and made[1].calls == ["made"]


def test_connections_turned_away_make_one_log_line_a_minute(caplog: pytest.LogCaptureFixture) -> None:
    now = [0.0]
    away = TurnedAway(clock=lambda: now[0])
    book = SocketBook(per_address=3, total=7)
    with caplog.at_level(logging.WARNING, logger="cardsuite.serve"):
        for _ in range(500):
            away(book)
        now[0] = EVERY + 1
        away(book)
    lines = [record.getMessage() for record in caplog.records]
    assert len(lines) == 2, lines
    assert "closed 1 new connections" in lines[0] and "closed 500 new connections" in lines[1]
    assert "(3)" in lines[1] and "(7)" in lines[1]


def _listening(sock: Any) -> tuple[int, int]:
    """A listening socket's backlog (Linux's ``tcp_info`` gives it for one that listens) and its
    ``SO_REUSEADDR``."""
    info = sock.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    return struct.unpack_from("=8B6I", info)[13], sock.getsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR)


@pytest.mark.skipif(not hasattr(socket, "TCP_INFO"), reason="reads the backlog from Linux's tcp_info")
def test_the_gated_site_listens_as_aiohttps_tcp_site_does() -> None:
    """The same listen backlog (connections the kernel queues while the server is busy) and the same
    ``SO_REUSEADDR`` (a restart binds the port again at once) as the ``web.TCPSite`` it stands for."""

    async def run() -> tuple[tuple[int, int], tuple[int, int]]:
        runner = web.AppRunner(web.Application(), handle_signals=False)
        await runner.setup()
        try:
            theirs = web.TCPSite(runner, "127.0.0.1", 0)
            ours = GatedSite(runner, "127.0.0.1", 0, SocketBook(per_address=1, total=1))
            await theirs.start()
            await ours.start()
            return (_listening(getattr(theirs._server, "sockets", ())[0]),
                    _listening(getattr(ours._server, "sockets", ())[0]))
        finally:
            await runner.cleanup()

    theirs, ours = asyncio.run(run())
    assert ours == theirs, (ours, theirs)
