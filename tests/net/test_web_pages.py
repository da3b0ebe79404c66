"""What ``serve --web`` answers over HTTP, as a browser and a stranger see it: the headers that keep the seat's
page to itself, names as data in it, and one short answer to every malformed or unknown request. Real server
processes on loopback, aiohttp clients and raw sockets."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import json
import os
import re
import socket
import struct
import time
from pathlib import Path

import aiohttp

from .helpers import hosted_table, page_of, running_server

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")


def _port(url: str) -> int:
    return int(url.rsplit(":", 1)[1].split("/", 1)[0])


def _exchange(port: int, data: bytes) -> bytes:
    """Send ``data`` on a fresh connection and read the answer until the server closes it (or 5 s)."""
    with socket.create_connection(("127.0.0.1", port)) as sock:
        sock.settimeout(5)
        sock.sendall(data)
        out = b""
        try:
            while chunk := sock.recv(65536):
                out += chunk
        except TimeoutError:
            pass
    return out


def _headers(answer: bytes) -> dict[str, str]:
    head = answer.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")[1:]
    return {name.lower(): value.strip() for name, _, value in (line.partition(":") for line in head)}


def _guarded(headers: dict[str, str], what: str) -> None:
    """The headers every answer carries: no sniffing, no referrer to another site, no framing, and no
    version of Python or aiohttp for a visitor to look up."""
    assert headers.get("x-content-type-options") == "nosniff", (what, headers)
    assert headers.get("server") == "cardsuite", (what, headers)
    assert headers.get("referrer-policy") in ("same-origin", "no-referrer"), (what, headers)
    assert headers.get("x-frame-options") == "DENY", (what, headers)
    assert "frame-ancestors 'none'" in headers.get("content-security-policy", ""), (what, headers)


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def test_every_page_and_socket_answer_carries_the_headers_that_keep_it_to_itself(tmp_path: Path) -> None:
    """The seat's page, the lobby's, a link with no table, /status, an unknown path, a static file and both
    sockets' answers: nosniff, a same-origin referrer policy, no framing by another site; the pages (a code in
    their address, a key in their cookie) are never stored by a cache, and only their own scripts run."""

    async def run(url: str) -> None:
        page = page_of(url)
        code = await hosted_table(url)
        async with aiohttp.ClientSession() as session:
            for path in (f"/?code={code}&name=Eve", "/", "/?name=Eve", "/?code=not-a-code", "/status",
                         "/health", "/nowhere", "/static/js/textual.js"):
                async with session.get(page + path) as answer:
                    headers = {k.lower(): v for k, v in answer.headers.items()}
                    body = await answer.read()
                _guarded(headers, path)
                if not path.startswith("/static/"):
                    assert headers.get("cache-control") == "no-store", (path, headers)
                if headers.get("content-type", "").startswith("text/html") and answer.status == 200:
                    policy = headers["content-security-policy"]
                    scripts = re.search(r"script-src ([^;]*)", policy)
                    assert scripts is not None and "'unsafe-inline'" not in scripts.group(1), policy
                    assert "'unsafe-eval'" not in policy and "default-src 'none'" in policy, policy
                    text = body.decode("utf-8")
                    for inline in re.findall(r"<script>(.*?)</script>", text, re.DOTALL):
                        assert _sha256(inline) in scripts.group(1), policy  # the page's own inline script runs
                    assert "connect-src 'self' " + url.split("/game")[0] in policy, policy
        port = _port(url)
        key = base64.b64encode(os.urandom(16)).decode("ascii")
        upgrade = ("GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                   "Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{more}\r\n")
        answer = _exchange(port, upgrade.format(path="/game", port=port, key=key, more="").encode())
        assert answer.startswith(b"HTTP/1.1 101"), answer[:200]
        _guarded(_headers(answer), "/game")
        foreign = upgrade.format(path=f"/web/ws/{code}/Eve", port=port, key=key,
                                 more="Origin: http://evil.example\r\n")
        answer = _exchange(port, foreign.encode())
        assert answer.startswith(b"HTTP/1.1 403"), answer[:200]
        _guarded(_headers(answer), "/web/ws from another site")

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))


def test_the_page_takes_its_files_from_its_own_server_whatever_host_the_request_names(tmp_path: Path) -> None:
    """A request naming another ``Host`` (a cache in between would keep the answer for everyone) gets a page
    whose script, style and image still come from this server's own ``/static``; a name in the link is data."""

    async def run(url: str) -> None:
        page = page_of(url)
        hostile = "%22%3E%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E"
        async with aiohttp.ClientSession() as session, \
                session.get(f"{page}/?name={hostile}", headers={"Host": "evil.example"}) as answer:
            assert answer.status == 200
            text = await answer.text()
        sources = re.findall(r"(?:src|href)=\"([^\"]*)\"|url\(\"([^\"]*)\"\)", text)
        files = [a or b for a, b in sources]
        assert files and all(source.startswith("/static/") for source in files), files
        assert "evil.example/static" not in text
        assert "<img" not in text and "%22%3E%3Cimg" in text  # the name, quoted in the socket's address

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))


def test_the_page_and_its_policy_name_no_host_but_the_servers_own(tmp_path: Path) -> None:
    """The seat's page and the lobby's load nothing from another site (no font host: a visitor's address
    reaches no third party): every address in the page and in its policy is this server's, every file it
    names (its font's too) is under its ``/static``."""

    async def run(url: str) -> None:
        page = page_of(url)
        own = page.split("://", 1)[1]
        code = await hosted_table(url)
        async with aiohttp.ClientSession() as session:
            for path in (f"/?code={code}&name=Eve", "/", "/?name=Eve&fontsize=20"):
                async with session.get(page + path) as answer:
                    assert answer.status == 200, path
                    policy = answer.headers["Content-Security-Policy"]
                    text = await answer.text()
                for where in (text, policy):
                    hosts = set(re.findall(r"[a-z][a-z0-9+.-]*://([^/\"'\s;)]*)", where, re.IGNORECASE))
                    hosts |= set(re.findall(r"[\"'(]//([^/\"'\s;)]*)", where))
                    assert hosts == {own}, (path, hosts, where[:300])
                assert "@import" not in text, path
                files = re.findall(r"(?:src|href)=\"([^\"]*)\"|url\(([^)]*)\)", text)
                assert all((a or b).strip("\"'").startswith("/static/") for a, b in files), (path, files)

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))


def test_the_terminals_font_is_served_from_the_servers_own_static(tmp_path: Path) -> None:
    """The page gives the terminal its own font, Roboto Mono (the name textual-serve's script asks for), in
    ``@font-face`` rules whose files are under this server's ``/static``, upright and italic, and preloads
    the upright one; each file answers 200 as a font."""

    async def run(url: str) -> None:
        page = page_of(url)
        async with aiohttp.ClientSession() as session:
            async with session.get(page + "/") as answer:
                assert answer.status == 200
                text = await answer.text()
            faces = re.findall(r"@font-face \{([^}]*)\}", text)
            assert len(faces) == 2 and all('font-family: "Roboto Mono"' in face for face in faces), faces
            files = [found for face in faces for found in re.findall(r'url\("([^"]*)"\)', face)]
            assert len(files) == 2 and all(re.fullmatch(r"/static/fonts/[\w.-]+\.ttf", f) for f in files), files
            preload = re.search(r'<link rel="preload" href="([^"]*)" as="font"', text)
            assert preload is not None and preload.group(1) in files, text[:800]
            for path in files:
                async with session.get(page + path) as answer:
                    body = await answer.read()
                    assert answer.status == 200, path
                    assert answer.headers["Content-Type"].startswith("font/"), answer.headers
                    assert body[:4] == b"\x00\x01\x00\x00" and len(body) > 50_000, (path, body[:8])

    with running_server(tmp_path, *FAST, "--web") as server:
        asyncio.run(run(server.url))


def test_aiohttps_own_error_answers_are_one_fixed_line_with_the_headers_of_every_answer(tmp_path: Path) -> None:
    """A request aiohttp cannot parse (a TLS hello on the plain port, a method that is not one, a header past
    the limit, a NUL in the path) gets ``400: Bad Request`` and nothing of what was sent, with the headers
    every answer of the server carries."""
    mark = b"ECHO-7f3a"
    requests = [
        b"\x16\x03\x01 GARBAGE " + mark + b"\r\n\r\n",
        b"G\x01T /" + mark + b" HTTP/1.1\r\nHost: x\r\n\r\n",
        mark + b" / HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET /" + mark + b"\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
        b"GET / HTTP/1.1\r\nHost: x\r\nX-" + mark + b": " + b"a" * 70000 + b"\r\n\r\n",
    ]
    with running_server(tmp_path, *FAST, "--web") as server:
        port = _port(server.url)
        for request in requests:
            answer = _exchange(port, request)
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.split(b" ", 2)[1:2] == [b"400"], answer[:300]
            assert body == b"400: Bad Request\n", (request[:40], answer[:600])
            assert mark not in answer and b"GARBAGE" not in answer, answer[:600]
            _guarded(_headers(answer), repr(request[:20]))


def test_malformed_and_unknown_requests_get_one_short_answer_and_no_traceback_in_the_log(tmp_path: Path) -> None:
    """A header past the limit, too many headers, a NUL in the path, a method that is not one, a path out of
    ``/static`` (as written, and encoded), a ``/static`` name or path longer than a file system takes, an
    unknown path: each gets one short answer with no file of the machine in it, and the server's log gets no
    traceback for any of them."""
    with running_server(tmp_path, *FAST, "--web") as server:
        port = _port(server.url)
        requests = [
            b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 70000 + b"\r\n\r\n",
            b"GET /" + b"a" * 20000 + b" HTTP/1.1\r\nHost: x\r\n\r\n",
            b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: a\r\n" % i for i in range(500)) + b"\r\n",
            b"GET /\x00 HTTP/1.1\r\nHost: x\r\n\r\n",
            b"GARBAGE\r\n\r\n",
        ]
        for path in ("/static/../../../../etc/passwd", "/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                     "/static/..%2f..%2f..%2f..%2fetc%2fpasswd", "/static/%2e%2e/templates/app_index.html",
                     "/static/%2e%2e/server.py", "/static/", "/static/js/", "/nowhere", "/web/ws",
                     "/static/" + "a" * 300, "/static/js/" + "%E3%81%82" * 100, "/static/" + "a/" * 2100):
            requests.append(f"GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".encode())
        for request in requests:
            answer = _exchange(port, request)
            status = answer[:12]
            assert status in (b"HTTP/1.0 400", b"HTTP/1.1 400", b"HTTP/1.1 403", b"HTTP/1.1 404"), answer[:300]
            body = answer.split(b"\r\n\r\n", 1)[1]
            assert len(body) < 400 and b"root:" not in body and b"Traceback" not in body, answer[:600]
            assert b"{{" not in body and b"import " not in body, answer[:600]
        err = server.log()
    assert "Traceback" not in err and "Error handling request" not in err, err[-2000:]


def _status(port: int) -> dict[str, object]:
    answer = _exchange(port, b"GET /status HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
    return dict(json.loads(answer.split(b"\r\n\r\n", 1)[1]))


def test_a_socket_request_that_is_no_handshake_gets_one_fixed_line_and_costs_no_seat(tmp_path: Path) -> None:
    """A plain ``GET`` of a browser seat's socket (either form) or of ``/game``, naming whatever ``Upgrade`` it
    likes, gets one fixed 400 line that quotes nothing of it, and counts no browser seat; nor does a handshake
    whose connection is gone before its answer: the address still gets its page, not "already has 2 browser
    seats"."""
    mark = "ECHO-c41d"
    key = base64.b64encode(os.urandom(16)).decode("ascii")
    with running_server(tmp_path, *FAST, "--web") as server:
        port = _port(server.url)
        for path in ("/web/en/lobby", "/web/lobby/Eve", "/web/ja/lobby", "/game"):
            answer = _exchange(port, f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: <{mark}>\r\n"
                                     "Connection: close\r\n\r\n".encode())
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.split(b" ", 2)[1:2] == [b"400"], answer[:300]
            assert body == b"cardsuite: this address takes a WebSocket handshake only\n", answer[:600]
            assert mark.encode() not in answer, answer[:600]
            _guarded(_headers(answer), path)
        for path in ("/web/en/lobby", "/game") * 10:  # a handshake, then a reset before the server answers it
            with socket.create_connection(("127.0.0.1", port)) as sock:
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                sock.sendall(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
                             f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n"
                             "\r\n".encode())
        for _ in range(40):
            if _status(port)["web_seats"] == 0:
                break
            time.sleep(0.25)
        assert _status(port)["web_seats"] == 0
        page = _exchange(port, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n\r\n".encode())
        assert page.startswith(b"HTTP/1.1 200"), page[-300:]
        err = server.log()
    assert "Traceback" not in err, err[-2000:]


def test_a_host_that_is_no_host_name_gets_one_fixed_line_not_a_page_or_a_traceback(tmp_path: Path) -> None:
    """The page builds its socket's address and its policy from ``Host``: one that is not a host name or
    address (an open bracket, a space and a ``;`` that would add a directive) gets a 400 line, never a page
    whose policy it wrote, nor a 500 and a traceback in the log for every such request."""
    with running_server(tmp_path, *FAST, "--web") as server:
        port = _port(server.url)
        for host in ("[", "a b; script-src *", "x:99999999", "[zz]:1"):
            answer = _exchange(port, f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            head, _, body = answer.partition(b"\r\n\r\n")
            assert head.split(b" ", 2)[1:2] == [b"400"], answer[:300]
            assert body == b"cardsuite: the request's Host is not a host name or address\n", answer[:600]
            assert b"script-src *" not in answer and b"set-cookie" not in head.lower(), answer[:600]
            _guarded(_headers(answer), host)
        for host in ("127.0.0.1", f"localhost:{port}", "[::1]:80", "cards.example.org"):
            answer = _exchange(port, f"GET / HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            assert answer.startswith(b"HTTP/1.1 200"), (host, answer[:300])
        err = server.log()
    assert "Traceback" not in err and "Error handling request" not in err, err[-2000:]
