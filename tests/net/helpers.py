"""A real server process on loopback for the tests, and small client helpers (no mocks)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import resource
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp
from textual.css.query import NoMatches

from cardsuite.bots.base import make_bot
from cardsuite.core.game import View
from cardsuite.core.registry import get_game
from cardsuite.net.client import Client, ClientError

ROOMY = ("--tables-per-address", "1000", "--creates-per-hour", "1000000", "--connections-per-address", "1000")
"""``serve`` options for a test that opens many tables and connections from loopback on purpose."""


@dataclass
class ServerProcess:
    """A ``cardsuite serve`` process: its URL, its data folder and the process. What it writes after its first
    line is read as it comes (a pipe nobody reads fills, and a server blocked on it would hang its test)."""

    url: str
    data: Path
    process: subprocess.Popen[str]
    said: list[str] = field(default_factory=list)
    printed: list[str] = field(default_factory=list)
    readers: list[threading.Thread] = field(default_factory=list)

    def kill(self) -> None:
        """kill -9, as a crash would."""
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(10)

    def stop(self) -> None:
        """Ask it to stop (SIGTERM) and wait."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        """Stop it; everything it wrote to stderr."""
        self.stop()
        for reader in self.readers:
            reader.join(10)
        return "".join(self.said)

    def output(self) -> str:
        """Stop it; everything it wrote to stdout after the line that gives its URL."""
        self.log()
        return "".join(self.printed)


def _read_all(stream: Any, into: list[str]) -> threading.Thread:
    """A thread that keeps every line of ``stream`` in ``into`` until it closes."""
    reader = threading.Thread(target=lambda: into.extend(iter(stream.readline, "")), daemon=True)
    reader.start()
    return reader


def start_server(data: Path, *args: str, descriptors: int | None = None) -> ServerProcess:
    """Start ``cardsuite serve --port 0`` on loopback and wait for the line that gives its URL; with
    ``descriptors``, the process may hold that many file descriptors at most (``ulimit -n``)."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}

    def limit() -> None:
        if descriptors is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (descriptors, descriptors))

    process = subprocess.Popen(
        [sys.executable, "-m", "cardsuite", "serve", "--port", "0", "--data", str(data), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, preexec_fn=limit,
    )
    assert process.stdout is not None and process.stderr is not None
    server = ServerProcess("", data, process)
    server.readers.append(_read_all(process.stderr, server.said))
    line = process.stdout.readline()
    if "serving " not in line:
        process.kill()
        raise RuntimeError(f"the server did not start: {line!r} {server.log()[-2000:]}")
    server.url = line.split("serving ", 1)[1].split(" ", 1)[0]
    server.readers.append(_read_all(process.stdout, server.printed))
    return server


@contextlib.contextmanager
def running_server(data: Path, *args: str, descriptors: int | None = None) -> Iterator[ServerProcess]:
    """A server for the ``with`` block, stopped afterwards."""
    server = start_server(data, *args, descriptors=descriptors)
    try:
        yield server
    finally:
        server.stop()


# -- clients that play ----------------------------------------------------------------------------

class RecordingClient(Client):
    """A client that keeps every message it received and every view it rebuilt, with its moment."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.log = []
        self.views: list[tuple[int, int, View, dict[str, Any]]] = []

    def _take_view(self, data: dict[str, Any]) -> None:
        super()._take_view(data)
        assert self.view is not None
        self.views.append((self.deal, self.step, self.view, data))


async def play_randomly(client: Client, rng: random.Random, until_filed: bool = True, level: str = "random",
                        until_step: int | None = None) -> None:
    """Act (a CPU of ``level`` decides on the client's view) whenever the client's seat must, say ready
    after each deal, until the match is filed (a practice match: until it is over)."""
    bot = None
    acted: tuple[int, int] | None = None
    while True:
        update = await client.next_update(60)
        if update.type == "closed":
            return
        if until_filed and (client.table.get("history_id") is not None
                            or (client.table.get("practice") and client.table.get("status") == "finished")):
            return
        view = client.view
        if until_step is not None and client.step >= until_step:
            return
        if update.type != "view" or view is None:
            continue
        if view.is_over:
            if acted != (client.deal, -1):
                acted = (client.deal, -1)
                with contextlib.suppress(ClientError):
                    await client.send("ready")
        elif view.seat in view.to_act and view.legal and acted != (client.deal, client.step):
            acted = (client.deal, client.step)
            if bot is None:
                bot = make_bot(get_game(view.game), level)
            await client.send("act", action=str(bot.choose(view, rng)))


async def seated_clients(url: str, game: str, players: int, options: dict[str, object], seed: int | None = None,
                         cls: type[Client] = RecordingClient) -> tuple[list[Client], str]:
    """A table with every seat held by a client (the host creates it; the others join); they and its code.
    With a ``seed`` it is a practice table."""
    host = await cls(url).connect()
    chosen = {} if seed is None else {"seed": seed}
    made = await host.request("create", game=game, players=players, options=options, cpu="random",
                              name="Seat0", **chosen)
    clients = [host]
    for seat in range(1, players):
        other = await cls(url).connect()
        await other.request("join", code=made["code"], name=f"Seat{seat}")
        clients.append(other)
    return clients, made["code"]


async def wait_for(predicate: Any, seconds: float = 20.0) -> None:
    """Wait until ``predicate()`` is true (polling), or fail; a widget not mounted yet counts as not yet."""
    for _ in range(int(seconds * 20)):
        try:
            if predicate():
                return
        except NoMatches:
            pass
        await asyncio.sleep(0.05)
    raise AssertionError("condition not reached in time")


async def updates_until(client: Client, kinds: tuple[str, ...], seconds: float = 40.0) -> list[str]:
    """The types of ``client``'s updates up to the first of ``kinds`` (the last one), or fail after ``seconds``."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    seen: list[str] = []
    while not seen or seen[-1] not in kinds:
        left = deadline - loop.time()
        if left <= 0:
            raise AssertionError(f"none of {kinds} within {seconds} s: {seen[-10:]}")
        try:
            seen.append((await client.next_update(timeout=left)).type)
        except TimeoutError:
            raise AssertionError(f"none of {kinds} within {seconds} s: {seen[-10:]}") from None
    return seen


class Clients:
    """Clients opened in a test, all closed at the end (``async with Clients(url) as new: a = await new()``)."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opened: list[Client] = []

    async def __call__(self, cls: type[Client] = Client) -> Any:
        client = await cls(self.url).connect()
        self.opened.append(client)
        return client

    async def __aenter__(self) -> Clients:
        return self

    async def __aexit__(self, *_: object) -> None:
        for client in self.opened:
            await client.close()


# -- a browser's terminal, as textual-serve's page speaks it ---------------------------------------

SCREEN_CODES = re.compile(r"\x1b\[[0-9;?$]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[()][A-Z0-9]|[\x00-\x08\x0b-\x1f]")


class Terminal:
    """A browser socket of ``serve --web`` (``/web[/LANG]/ws/CODE[/NAME]`` or ``/web[/LANG]/lobby[/NAME]``): what
    its process drew, as plain text, and keys sent as the page sends them."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self.drawn = ""

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, page: str, path: str, key: str | None = None,
                   address: str | None = None) -> Terminal:
        """Open ``path`` on the page's server as a browser with cookie ``key``, standing for ``address``
        (``X-Forwarded-For``, for a server with ``--trust-proxy``)."""
        headers = {"Cookie": f"cardsuite_browser={key}"} if key else {}
        if address:
            headers["X-Forwarded-For"] = address
        return cls(await session.ws_connect(f"{page}{path}?width=120&height=40", headers=headers))

    async def refusal(self) -> str | None:
        """The line a refused socket was closed with (1008), or None when it is open (its process runs)."""
        try:
            frame = await asyncio.wait_for(self.ws.receive(), 2.0)
        except TimeoutError:
            return None
        if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and self.ws.close_code == 1008:
            return str(frame.extra or "")
        if frame.type == aiohttp.WSMsgType.BINARY:
            self.drawn += SCREEN_CODES.sub("", frame.data.decode("utf-8", "replace"))
        return None

    async def shows(self, *words: str, seconds: float = 60.0) -> None:
        """Read what the process draws until every one of ``words`` has been drawn (or fail)."""
        loop = asyncio.get_running_loop()
        until = loop.time() + seconds
        while not all(word in self.drawn for word in words):
            left = until - loop.time()
            if left <= 0:
                raise AssertionError(f"{words} not drawn; the end of what was: {self.drawn[-600:]!r}")
            with contextlib.suppress(TimeoutError):
                frame = await asyncio.wait_for(self.ws.receive(), left)  # (a ping restarts receive's own timeout)
                if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED):
                    raise AssertionError(f"closed ({self.ws.close_code}) before {words}: {self.drawn[-600:]!r}")
                if frame.type == aiohttp.WSMsgType.BINARY:
                    self.drawn += SCREEN_CODES.sub("", frame.data.decode("utf-8", "replace"))

    async def press(self, keys: str) -> None:
        """Type ``keys`` (``"\\r"`` is Enter) into the process, as the page does."""
        await self.ws.send_json(["stdin", keys])

    async def close(self) -> None:
        await self.ws.close()


async def hosted_table(url: str) -> str:
    """The code of a new two-player GOPS table at ``url`` (Ann hosts it; its host's connection is closed)."""
    client = await Client(url).connect()
    try:
        made = await client.request("create", game="gops", players=2, cpu="random", name="Ann")
    finally:
        await client.close()
    return str(made["code"])


def page_of(url: str) -> str:
    """The browser page's address of the server whose protocol socket is ``url``."""
    return url.replace("ws://", "http://").removesuffix("/game")


async def web_seats(page: str, session: aiohttp.ClientSession) -> int:
    """How many browser processes the server runs now (``/status``)."""
    async with session.get(page + "/status") as answer:
        return int((await answer.json())["web_seats"])
