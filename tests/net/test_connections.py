"""What a connection may cost the server before it plays: a request never finished, sockets held open by
one address or by many, descriptors run out, control frames sent without end. Real server processes on
loopback, raw sockets (127.0.0.2 is another address of this machine's loopback)."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
import time
from pathlib import Path

import aiohttp
import pytest

from .helpers import running_server

HANDSHAKE = ("GET /game HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
             "Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/", 1)[0])


def _dropped(sock: socket.socket) -> bool:
    """Read until the server closes ``sock`` (True), or a minute passes with it open (False)."""
    sock.settimeout(60)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except OSError:
        pass
    return True


async def _hello(url: str, source: str | None = None) -> str:
    connector = aiohttp.TCPConnector(local_addr=(source, 0) if source else None)
    async with aiohttp.ClientSession(connector=connector) as session, session.ws_connect(url) as ws:
        return str((await ws.receive_json(timeout=30))["type"])


async def _hello_soon(url: str, source: str | None = None) -> str:
    """``_hello``, tried again for half a minute while the server has not yet seen closed sockets go."""
    for _ in range(60):
        try:
            return await _hello(url, source)
        except aiohttp.ClientError:
            await asyncio.sleep(0.5)
    return await _hello(url, source)


def _silent(port: int, source: str = "127.0.0.1") -> socket.socket:
    """A connection from ``source`` that sends nothing."""
    return socket.create_connection(("127.0.0.1", port), source_address=(source, 0), timeout=30)


def _held_soon(port: int) -> socket.socket:
    """A silent connection the server keeps, tried again for half a minute while it has not yet seen closed
    sockets go."""
    for _ in range(60):
        sock = _silent(port)
        if _open(sock):
            return sock
        sock.close()
    raise AssertionError("the server kept closing new connections")


def _open(sock: socket.socket) -> bool:
    """Whether the server still holds ``sock`` open (nothing comes for half a second)."""
    sock.settimeout(0.5)
    try:
        return sock.recv(1) != b""
    except TimeoutError:
        return True
    except OSError:
        return False


def test_connections_that_never_finish_their_request_are_dropped(tmp_path: Path) -> None:
    """Part of a request's headers, or nothing at all after connecting: the server drops the connection
    once --request-seconds have passed, and an honest client is served meanwhile."""
    with running_server(tmp_path, "--request-seconds", "1") as server:
        port = _port(server.url)
        partial = socket.create_connection(("127.0.0.1", port))
        partial.sendall(b"GET /game HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n")
        silent = socket.create_connection(("127.0.0.1", port))
        assert asyncio.run(_hello(server.url)) == "hello"
        assert _dropped(partial) and _dropped(silent)


def test_one_address_holds_at_most_its_sockets_and_the_extra_ones_close_at_once(tmp_path: Path) -> None:
    """Sockets that send nothing, more than --sockets-per-address from one address: the extra ones are closed
    at once (long before --request-seconds), with one line in the log for all of them; another address
    still plays; a closed socket frees its place for a WebSocket client of the same address."""
    with running_server(tmp_path, "--sockets-per-address", "6", "--connections-per-address", "2",
                        "--request-seconds", "600") as server:
        port = _port(server.url)
        held = [_silent(port) for _ in range(6)]
        extra = [_silent(port) for _ in range(4)]
        assert all(_dropped(sock) for sock in extra)
        assert all(_open(sock) for sock in held)
        with pytest.raises(aiohttp.ClientError):
            asyncio.run(_hello(server.url))
        assert asyncio.run(_hello(server.url, "127.0.0.2")) == "hello"
        held.pop().close()
        assert asyncio.run(_hello_soon(server.url)) == "hello"
        for sock in [*held, *extra]:
            sock.close()
        again = [_held_soon(port) for _ in range(5)]  # the closed ones freed their places
        assert asyncio.run(_hello(server.url)) == "hello"
        assert all(_open(sock) for sock in again)
        for sock in again:
            sock.close()
        err = server.log()
    assert "Traceback" not in err, err[-2000:]
    lines = [line for line in err.splitlines() if "new connections at once" in line]
    assert len(lines) == 1 and "--sockets-per-address (6)" in lines[0], err[-2000:]


async def _figures(page: str) -> tuple[dict[str, object], str]:
    """``/status`` and ``/metrics``, asked from 127.0.0.2 (another address than the sockets held), both on
    one connection, closed afterwards."""
    connector = aiohttp.TCPConnector(local_addr=("127.0.0.2", 0), limit=1)
    async with aiohttp.ClientSession(connector=connector) as session:
        async with session.get(page + "/status") as answer:
            status = await answer.json()
        async with session.get(page + "/metrics") as answer:
            metrics = await answer.text()
    return status, metrics


def _sockets_shown(page: str, open_now: int, turned_away: int) -> tuple[dict[str, object], str]:
    """``/status`` and ``/metrics`` once they show ``open_now`` sockets (the asking one among them) and
    ``turned_away`` closed over a cap, or the last ones after half a minute."""
    for _ in range(60):
        status, metrics = asyncio.run(_figures(page))
        if (status["sockets"], status["sockets_turned_away"]) == (open_now, turned_away):
            break
        time.sleep(0.5)
    return status, metrics


def test_status_and_metrics_count_the_open_sockets_and_those_turned_away(tmp_path: Path) -> None:
    """Silent sockets held from one address up to --sockets-per-address, and three more closed at once:
    ``/status`` and ``/metrics`` show the open ones (the request asking among them) and the three turned
    away; once two held ones close, the open count goes down and the turned-away count stays."""
    with running_server(tmp_path, "--sockets-per-address", "4", "--connections-per-address", "2",
                        "--request-seconds", "600") as server:
        port = _port(server.url)
        page = server.url.replace("ws://", "http://").removesuffix("/game")
        held = [_silent(port) for _ in range(4)]
        extra = [_silent(port) for _ in range(3)]
        assert all(_dropped(sock) for sock in extra)
        assert all(_open(sock) for sock in held)
        status, metrics = _sockets_shown(page, 5, 3)
        assert (status["sockets"], status["sockets_turned_away"]) == (5, 3), status
        lines = metrics.splitlines()
        assert "cardsuite_sockets 5" in lines and "cardsuite_sockets_turned_away_total 3" in lines, metrics
        assert "# TYPE cardsuite_sockets gauge" in lines, metrics
        assert "# TYPE cardsuite_sockets_turned_away_total counter" in lines, metrics
        for sock in held[:2]:
            sock.close()
        status, metrics = _sockets_shown(page, 3, 3)
        assert (status["sockets"], status["sockets_turned_away"]) == (3, 3), status
        assert "cardsuite_sockets 3" in metrics.splitlines(), metrics
        for sock in [*held, *extra]:
            sock.close()


def test_behind_a_proxy_loopback_counts_only_in_all_sockets(tmp_path: Path) -> None:
    """With --trust-proxy every connection of the proxy comes from loopback: it holds more sockets than
    --sockets-per-address, and only --max-sockets closes the next one, from any address."""
    with running_server(tmp_path, "--trust-proxy", "--sockets-per-address", "2", "--connections-per-address",
                        "1", "--max-sockets", "5", "--max-connections", "1", "--request-seconds", "600") as server:
        port = _port(server.url)
        held = [_silent(port) for _ in range(5)]
        over = [_silent(port), _silent(port, "127.0.0.2")]
        assert all(_dropped(sock) for sock in over)
        assert all(_open(sock) for sock in held)
        held.pop().close()
        assert asyncio.run(_hello_soon(server.url)) == "hello"
        for sock in [*held, *over]:
            sock.close()


def test_out_of_descriptors_is_one_line_and_the_server_recovers(tmp_path: Path) -> None:
    """With few descriptors (ulimit -n 64) and more half-open connections than that, the server says so in
    a line (no traceback for each accept), drops them after --request-seconds, and serves again."""
    with running_server(tmp_path, "--request-seconds", "1", descriptors=64) as server:
        port = _port(server.url)
        held = []
        for _ in range(120):
            sock = socket.create_connection(("127.0.0.1", port))
            sock.sendall(b"GET /game HTTP/1.1\r\nHost: x\r\n")
            held.append(sock)
        assert all(_dropped(sock) for sock in held)
        for sock in held:
            sock.close()
        assert asyncio.run(_hello(server.url)) == "hello"
        err = server.log()
    assert "out of file descriptors" in err, err[-2000:]
    assert "Traceback" not in err and len(err.splitlines()) <= 3, err[-2000:]


def test_ping_frames_count_against_the_message_rate(tmp_path: Path) -> None:
    """A flood of WebSocket ping frames is charged like messages: answered within the rate, then the
    connection is closed (1008); a flood that resets its connection leaves no traceback in the log."""
    payload = b"x" * 125
    ping = struct.pack("!BB", 0x89, 0x80 | len(payload)) + b"\0\0\0\0" + payload  # masked with zeros

    def flood(port: int, count: int, read: bool) -> tuple[int, bytes]:
        sock = socket.create_connection(("127.0.0.1", port))
        sock.sendall(HANDSHAKE.format(key=base64.b64encode(os.urandom(16)).decode()).encode())
        head = sock.recv(4096)
        assert b"101" in head.split(b"\r\n", 1)[0]
        sock.sendall(ping * count)
        if not read:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # close with a reset
            sock.close()
            return 0, b""
        got = head.split(b"\r\n\r\n", 1)[1]
        sock.settimeout(60)
        while chunk := sock.recv(1 << 16):
            got += chunk
        sock.close()
        return got.count(b"\x8a\x7d" + payload), got  # pong frames (unmasked, 125 bytes)

    with running_server(tmp_path) as server:
        port = _port(server.url)
        pongs, got = flood(port, 3000, read=True)
        assert pongs < 1000, pongs  # the burst and what the rate refilled meanwhile, not 3000
        assert b"\x88\x02\x03\xf0" in got  # the close frame, code 1008
        for _ in range(3):
            flood(port, 3000, read=False)
        assert asyncio.run(_hello(server.url)) == "hello"
        err = server.log()
    assert "Traceback" not in err, err[-2000:]
