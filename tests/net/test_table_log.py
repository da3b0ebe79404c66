"""The operator's log: one INFO line for each event in a table's life, naming seats by number only; a seat
handed to the CPU and back, and a turn timer running out, are held to the table's allowance like comings and
goings.

A server runs in the test's event loop (aiohttp's test server) and real clients talk to it over loopback; the
lines are read with ``caplog``. None of them may carry a seat token, an identity, a name or an address.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import re
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace
from typing import cast

import pytest
from aiohttp.test_utils import TestServer

from cardsuite.net import tablelog
from cardsuite.net.config import GAME_PATH, ServerConfig
from cardsuite.net.hub import Hub
from cardsuite.net.identity import identity_id, new_key
from cardsuite.net.server import HUB, make_app
from cardsuite.net.table import FINISHED_LINGER, Table, Timing

from .helpers import Clients, ServerProcess, hosted_table, play_randomly, running_server

QUICK = Timing(turn_seconds=0, grace_seconds=0.5, cpu_delay=0.0, deal_pause=0.0, lobby_seconds=1.0, idle_seconds=1.0)
ANN, BOB = "Annabel Quill", "Bartholomew Stone"
CODE = re.compile(r"^table ([A-Z0-9]{6})\b")


@contextlib.asynccontextmanager
async def serving(data: Path) -> AsyncIterator[tuple[str, Hub]]:
    """A server in this event loop: its protocol address and its hub."""
    app = make_app(ServerConfig(port=0, data=data, timing=QUICK, rate=1000.0))
    server = TestServer(app)
    await server.start_server()
    try:
        yield str(server.make_url(GAME_PATH)).replace("http://", "ws://", 1), app[HUB]
    finally:
        await server.close()


def lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    """The table lines written so far, each checked to be one plain INFO line of the server's logger."""
    found = []
    for record in caplog.records:
        if record.name != "cardsuite.serve" or not CODE.match(record.getMessage()):
            continue
        assert record.levelno == logging.INFO and record.exc_info is None, record
        assert "\n" not in record.getMessage()
        found.append(record.getMessage())
    return found


async def logged(caplog: pytest.LogCaptureFixture, pattern: str, seconds: float = 20.0) -> str:
    """The first table line matching ``pattern`` (a regular expression), once it is written."""
    for _ in range(int(seconds / 0.05)):
        for line in lines(caplog):
            if re.search(pattern, line):
                return line
        await asyncio.sleep(0.05)
    raise AssertionError(f"no line like {pattern!r} in {lines(caplog)}")


def tell_nothing_of(caplog: pytest.LogCaptureFixture, *secrets: str) -> None:
    """No line of the server's carries any of ``secrets``, nor the clients' address."""
    assert lines(caplog)
    for record in caplog.records:
        for secret in (*secrets, "127.0.0.1"):
            assert secret not in record.getMessage(), record


def test_a_table_played_to_its_end_writes_a_line_for_each_event(tmp_path: Path,
                                                                caplog: pytest.LogCaptureFixture) -> None:
    ann_key, bob_key = new_key(), new_key()

    async def run() -> list[str]:
        async with serving(tmp_path) as (url, hub), Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name=ANN, identity=ann_key)
            code = made["code"]
            await logged(caplog, rf"^table {code} created \(id {made['table']}\): gops, 2 seats, 1 CPU seat "
                                 r"\(level random\), unrated, private$")
            watcher = await new()
            await watcher.request("join", code=code, name="Watcher", watch=True)
            await logged(caplog, rf"^table {code}: a watcher joined \(1 watching\)$")
            await watcher.close()
            await logged(caplog, rf"^table {code}: a watcher left \(0 watching\)$")
            bob = await new()
            joined = await bob.request("join", code=code, name=BOB, identity=bob_key)
            await logged(caplog, rf"^table {code}: seat 1 taken by a person \(2 of 2 seats held by people\)$")
            await logged(caplog, rf"^table {code}: match started \(2 people, 0 CPU seats\)$")
            await bob.close()
            await logged(caplog, rf"^table {code}: seat 1 lost its connection \(the seat is kept for its person\)$")
            bob = await new()
            await bob.request("resume", code=code, token=joined["token"])
            await logged(caplog, rf"^table {code}: seat 1 back \(its person reconnected\)$")
            await asyncio.gather(play_randomly(ann, random.Random(1)), play_randomly(bob, random.Random(2)))
            await logged(caplog, rf"^table {code}: match finished: gops, \d+ deals? played, filed in the history "
                                 r"as match \d+$")
            old = hub.tables[code]
            await ann.request("rematch")
            await bob.request("rematch")
            await logged(caplog, rf"created \(id [0-9a-f-]+\) as the rematch of table {code}, and started: "
                                   r"gops, 2 seats, 0 CPU seats \(level random\), unrated, private$")
            await hub.do(old, "drop", None)  # what its task does a minute after its last person went
            await logged(caplog, rf"^table {code} removed \(finished\): nobody at it for 60 s$")
            return [ann_key, bob_key, identity_id(ann_key), identity_id(bob_key), made["token"], joined["token"]]

    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        secrets = asyncio.run(run())
    tell_nothing_of(caplog, ANN, BOB, "Annabel", "Bartholomew", "Watcher", *secrets)
    assert len(lines(caplog)) < 20, lines(caplog)  # a line per event, none per card played


def test_a_table_given_up_or_left_alone_closes_saying_why(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> list[str]:
        async with serving(tmp_path) as (url, _hub), Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name=ANN, seed=5)
            code = made["code"]
            await logged(caplog, rf"^table {code} created .*: gops, 2 seats, 1 CPU seat \(level random\), practice, "
                                 r"private$")
            await ann.request("leave")
            await logged(caplog, rf"^table {code}: seat 0 given up by its person, the CPU plays it "
                                 r"\(0 of 2 seats held by people\)$")
            await logged(caplog, rf"^table {code} closed \(abandoned\): everyone at the table gave their seat up$")

            host = await new()
            three = await host.request("create", game="gops", players=3, cpu="random", name=ANN)
            bob = await new()
            await bob.request("join", code=three["code"], name=BOB)
            await host.request("leave")
            await logged(caplog, rf"^table {three['code']} closed \(abandoned\): the host left before the match "
                                 r"started$")

            alone = await new()
            left = await alone.request("create", game="gops", players=2, cpu="random", name=ANN)
            await alone.close()
            await logged(caplog, rf"^table {left['code']}: seat 0 lost its connection")
            await logged(caplog, rf"^table {left['code']} closed \(idle\): no person connected for 1 s, before the "
                                 r"match started$")
            return [made["token"], three["token"], left["token"]]

    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        secrets = asyncio.run(run())
    tell_nothing_of(caplog, ANN, BOB, "Annabel", "Bartholomew", *secrets)


def test_the_grace_period_running_out_is_one_line(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        async with serving(tmp_path) as (url, _hub), Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name=ANN)
            bob = await new()
            await bob.request("join", code=made["code"], name=BOB)
            await logged(caplog, rf"^table {made['code']}: match started")
            await bob.close()
            await logged(caplog, rf"^table {made['code']}: seat 1 handed to the CPU, its person has been gone 0.5 s "
                                 r"\(the seat is kept for them\)$")

    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        asyncio.run(run())
    tell_nothing_of(caplog, ANN, BOB, "Annabel", "Bartholomew")


def test_a_seat_handed_to_the_cpu_and_taken_back_and_a_turn_timer_running_out_are_a_line_each(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        async with serving(tmp_path) as (url, _hub), Clients(url) as new:
            ann = await new()
            made = await ann.request("create", game="gops", players=2, cpu="random", name=ANN, turn_seconds=1)
            code = made["code"]
            bob = await new()
            await bob.request("join", code=code, name=BOB)
            await logged(caplog, rf"^table {code}: match started")
            await bob.request("cpu", on=True)
            await bob.request("cpu", on=True)  # already the CPU's: nothing changes, nothing is said
            await logged(caplog, rf"^table {code}: seat 1 handed to the CPU by its person \(the seat is kept for "
                                 r"them\)$")
            await bob.request("cpu", on=False)
            await logged(caplog, rf"^table {code}: seat 1 taken back from the CPU by its person$")
            await logged(caplog, rf"^table {code}: seat 0 ran out of time \(1 s\), the CPU played for it \(the seat "
                                 r"is kept for its person\)$")
            said = lines(caplog)
            assert sum("handed to the CPU by its person" in line for line in said) == 1, said

    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        asyncio.run(run())
    tell_nothing_of(caplog, ANN, BOB, "Annabel", "Bartholomew")


def test_serve_writes_the_table_lines_to_its_log_and_one_line_when_it_stops(tmp_path: Path) -> None:
    """A real ``cardsuite serve`` process: its log (stderr) has the lines at INFO, in its one format; when it
    stops, the connections it closes are one line, not one line each."""

    async def run(server: ServerProcess) -> tuple[str, str]:
        code = await hosted_table(server.url)
        async with Clients(server.url) as new:
            host = await new()
            made = await host.request("create", game="gops", players=2, cpu="random", name=ANN)
            await asyncio.to_thread(server.stop)
            await asyncio.wait_for(host.closed.wait(), 10)
        return code, made["code"]

    with running_server(tmp_path) as server:
        code, open_code = asyncio.run(run(server))
    log = server.log()
    assert f"INFO cardsuite.serve: table {code} created (id " in log, log
    assert f"INFO cardsuite.serve: table {code}: seat 0 lost its connection" in log, log
    assert f"INFO cardsuite.serve: table {open_code} created (id " in log, log
    assert "INFO cardsuite.serve: stopping: closing 1 connection at 2 tables (the tables are kept in the store)" in log
    assert f"table {open_code}: seat 0 lost" not in log
    assert "Ann" not in log and "Traceback" not in log


class _Table:
    """What the coming-and-going lines read of a table: its code and its turn timer."""

    code = "K7P2QX"
    turn_seconds = 60


def test_a_table_someone_joins_and_leaves_in_a_loop_cannot_fill_the_log(caplog: pytest.LogCaptureFixture,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(tablelog, "time", SimpleNamespace(monotonic=lambda: now[0]))
    table = cast(Table, _Table())
    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        for _ in range(250):
            tablelog.watcher(table, True, [])
            tablelog.watcher(table, False, [])
        said = [record.getMessage() for record in caplog.records]
        assert len(said) == tablelog.COMINGS_BURST
        caplog.clear()
        now[0] += 1 / tablelog.COMINGS_PER_SECOND
        tablelog.watcher(table, True, [])
        tablelog.removed(table)  # the lines of a table's life itself are never held back
        assert [record.getMessage() for record in caplog.records] == [
            f"table K7P2QX: a watcher joined (0 watching) ({500 - tablelog.COMINGS_BURST} such lines held back "
            "before this one)",
            f"table K7P2QX removed (finished): nobody at it for {FINISHED_LINGER:g} s"]


def test_a_seat_handed_to_the_cpu_and_back_in_a_loop_or_timing_out_again_and_again_cannot_fill_the_log(
        caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch) -> None:
    now = [1000.0]
    monkeypatch.setattr(tablelog, "time", SimpleNamespace(monotonic=lambda: now[0]))
    table = cast(Table, _Table())
    with caplog.at_level(logging.INFO, logger="cardsuite.serve"):
        for _ in range(100):
            tablelog.by_choice(table, 1, True)
            tablelog.by_choice(table, 1, False)
            tablelog.timed_out(table, 0)
        said = [record.getMessage() for record in caplog.records]
        assert len(said) == tablelog.COMINGS_BURST
        assert said[:3] == ["table K7P2QX: seat 1 handed to the CPU by its person (the seat is kept for them)",
                            "table K7P2QX: seat 1 taken back from the CPU by its person",
                            "table K7P2QX: seat 0 ran out of time (60 s), the CPU played for it (the seat is kept "
                            "for its person)"]
        caplog.clear()
        now[0] += 1 / tablelog.COMINGS_PER_SECOND
        tablelog.watcher(table, True, [])  # the same allowance as the comings and goings
        assert [record.getMessage() for record in caplog.records] == [
            f"table K7P2QX: a watcher joined (0 watching) ({300 - tablelog.COMINGS_BURST} such lines held back "
            "before this one)"]
