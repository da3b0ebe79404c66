"""How a browser seat's session ends, against a real ``serve --web`` on loopback: a full table is said in a
browser's words on the seat's last screen and nowhere in the server's output; a binary frame, which the page
never sends, ends the session; what a seat's process writes to stderr reaches the log as one bounded line."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import aiohttp
import pytest

from cardsuite.net import web

from .helpers import Clients, Terminal, page_of, running_server

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--turn-seconds", "0")
CAT = "d4" * 16  # a browser's key (its cookie)


def test_a_full_table_is_said_in_a_browsers_words_and_not_in_the_servers_output(tmp_path: Path) -> None:
    """A link to a table whose every seat is taken: the browser's last screen says so without naming the
    terminal's ``--watch``; the server's stdout and stderr carry no line of the seat process's own."""

    async def run(url: str) -> str:
        page = page_of(url)
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            made = await (await new()).request("create", game="gops", players=2, cpu="random", name="Ann")
            await (await new()).request("join", code=made["code"], name="Bob")
            seat = await Terminal.open(session, page, f"/web/en/ws/{made['code']}/Cat", CAT)
            await seat.shows("every seat at this table is taken", "Press any key to end the session.")
            await seat.press("x")
            await seat.ws.receive(timeout=20)  # the session ends
            await seat.close()
            return seat.drawn

    with running_server(tmp_path, *FAST, "--web") as server:
        drawn = asyncio.run(run(server.url))
        out, err = server.output(), server.log()
    assert "--watch" not in drawn, drawn[-600:]
    assert "every seat" not in out and "every seat" not in err, (out[-2000:], err[-2000:])
    assert not [line for line in err.splitlines() if line.startswith("cardsuite:")], err[-2000:]


def test_a_binary_frame_ends_the_browser_seats_session(tmp_path: Path) -> None:
    """The page sends text frames only: a binary frame on a seat's socket ends the session (and its process),
    as an unknown message does."""

    async def run(url: str) -> tuple[aiohttp.WSMsgType, int | None]:
        page = page_of(url)
        async with Clients(url) as new, aiohttp.ClientSession() as session:
            made = await (await new()).request("create", game="nap", players=6, cpu="random", name="Ann")
            seat = await Terminal.open(session, page, f"/web/en/ws/{made['code']}/W", CAT)
            await seat.shows("W")
            await seat.ws.send_bytes(b"\x00\xff" * 10)
            for _ in range(200):  # what was drawn meanwhile, then the close
                frame = await seat.ws.receive(timeout=10)
                if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.CLOSING):
                    return frame.type, seat.ws.close_code
            return frame.type, seat.ws.close_code

    with running_server(tmp_path, *FAST, "--web") as server:
        kind, code = asyncio.run(run(server.url))
    assert kind in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED), kind
    assert code == 1000


def test_a_seat_process_stderr_is_one_bounded_log_line(caplog: pytest.LogCaptureFixture) -> None:
    """Whatever a seat's process writes to stderr (many lines, control characters, far too much) is logged as
    one WARNING line of the server's logger, with the table's code, at most ``MAX_SEAT_STDERR`` of it kept."""

    async def run() -> None:
        reader = asyncio.StreamReader()
        reader.feed_data(b"Traceback (most recent call last):\n  \x1b[2Jboom\n" + b"x" * 50_000 + b"\n")
        reader.feed_eof()
        await web._log_stderr(reader, "K7P2QX")
        quiet = asyncio.StreamReader()
        quiet.feed_eof()
        await web._log_stderr(quiet, "K7P2QX")

    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        asyncio.run(run())
    records = [r for r in caplog.records if r.name == "cardsuite.serve"]
    assert len(records) == 1 and records[0].levelno == logging.WARNING, records
    line = records[0].getMessage()
    assert "\n" not in line and "\x1b" not in line
    assert line.startswith("browser seat at table K7P2QX: its process wrote: Traceback (most recent call last): | ")
    assert len(line) < web.MAX_SEAT_STDERR + 200 and line.endswith("bytes more)"), line[-200:]
