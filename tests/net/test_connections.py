"""What a connection may cost the server before it plays: a request never finished, descriptors run out,
control frames sent without end. Real server processes on loopback, raw sockets."""

from __future__ import annotations

import asyncio
import base64
import os
import socket
import struct
from pathlib import Path

import aiohttp

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


async def _hello(url: str) -> str:
    async with aiohttp.ClientSession() as session, session.ws_connect(url) as ws:
        return str((await ws.receive_json(timeout=30))["type"])


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
        server.stop()
        assert server.process.stderr is not None
        err = server.process.stderr.read()
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
        server.stop()
        assert server.process.stderr is not None
        err = server.process.stderr.read()
    assert "Traceback" not in err, err[-2000:]
