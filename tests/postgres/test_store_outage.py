"""Real server processes whose PostgreSQL connections are killed (``pg_terminate_backend``), or whose role is
refused new ones for a while: the process opens a new connection when it can, lets its tables go once their
leases may have run out (never answering for a table another process has adopted), writes each failure in one
line, and keeps answering ``/metrics``."""

from __future__ import annotations

import asyncio
import re
import secrets
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from cardsuite.net.client import Client, ClientError

from ..net.helpers import ServerProcess, start_server, wait_for

pytestmark = pytest.mark.postgres

FAST = ("--cpu-delay", "0", "--deal-pause", "0", "--rate", "1000", "--lease-seconds", "2")


def _get(url: str, path: str) -> tuple[int, str]:
    """An HTTP GET of the server at ``url`` (its status, also for 5xx, and its body)."""
    base = url.replace("ws://", "http://", 1).removesuffix("/game")
    try:
        with urllib.request.urlopen(base + path, timeout=10) as answer:
            return int(answer.status), answer.read().decode()
    except urllib.error.HTTPError as exc:
        return int(exc.code), exc.read().decode()


@pytest.fixture
def role(pg_url: str) -> Iterator[str]:
    """A login role of the cluster of its own, so one process's connections can be cut and refused alone."""
    name = "cs_" + secrets.token_hex(5)
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"CREATE ROLE {name} LOGIN SUPERUSER")
    yield name
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{name}'")


def _as(pg_url: str, role: str) -> str:
    return pg_url.replace("postgres@", f"{role}@", 1)


def _cut(pg_url: str, role: str, refuse: bool = True) -> None:
    """Kill every connection of ``role`` (and with ``refuse``, refuse it new ones)."""
    with psycopg.connect(pg_url, autocommit=True) as conn:
        if refuse:
            conn.execute(f"ALTER ROLE {role} NOLOGIN")
        conn.execute(f"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = '{role}'")


def _restore(pg_url: str, role: str) -> None:
    with psycopg.connect(pg_url, autocommit=True) as conn:
        conn.execute(f"ALTER ROLE {role} LOGIN")


def _owner_url(pg_url: str) -> str | None:
    with psycopg.connect(pg_url) as conn:
        row = conn.execute("SELECT p.url FROM tables t JOIN processes p ON p.id = t.owner").fetchone()
    return None if row is None else str(row[0])


def _log(server: ServerProcess) -> str:
    """Stop the server; everything it wrote to stderr."""
    return server.log()


def _healthy(url: str) -> bool:
    return _get(url, "/health")[0] == 200


def test_killed_connections_are_opened_again_and_the_table_plays_on(tmp_path: Path, pg_url: str,
                                                                    role: str) -> None:
    server = start_server(tmp_path / "s", "--store", _as(pg_url, role), *FAST)
    acked: list[str] = []

    async def run() -> None:
        host = await Client(server.url).connect()
        await host.request("create", game="gops", players=2, cpu="random", name="Ann", options={"games": 1})
        await host.request("start")
        await wait_for(lambda: host.view is not None and host.view.legal)
        _cut(pg_url, role, refuse=False)  # as a restart of the database does
        await wait_for(lambda: _healthy(server.url), seconds=10)
        assert host.view is not None
        action = str(host.view.legal[0])
        for _ in range(10):  # an action caught on the killed connection is refused ("try again"), never lost
            try:
                await host.request("act", action=action)
                acked.append(f"{host.view.seat} {action}")
                break
            except ClientError as exc:
                assert exc.code == "server", exc
                await asyncio.sleep(0.3)
        else:
            raise AssertionError("no action was taken after the connection was opened again")
        await host.close()

    try:
        asyncio.run(run())
        assert _healthy(server.url)
    finally:
        server.stop()
    with psycopg.connect(pg_url) as conn:
        stored = [line for (line,) in conn.execute("SELECT line FROM actions WHERE NOT by_cpu")]
    assert len(acked) == 1 and stored == acked


def test_a_process_cut_off_from_the_store_never_serves_the_table_another_adopted(
        tmp_path: Path, pg_url: str, role: str) -> None:
    cut_off = start_server(tmp_path / "a", "--store", _as(pg_url, role), *FAST)
    other = start_server(tmp_path / "b", "--store", pg_url, *FAST)

    async def resume(url: str, code: str, token: str) -> dict[str, object]:
        client = await Client(url).connect()
        try:
            return await client.request("resume", code=code, token=token)
        finally:
            await client.close()

    async def run() -> None:
        host = await Client(cut_off.url).connect()
        made = await host.request("create", game="nap", players=3, cpu="random", name="Ann")
        code, token = str(made["code"]), str(made["token"])
        _cut(pg_url, role)
        await wait_for(lambda: _owner_url(pg_url) == other.url)
        with pytest.raises(ClientError) as stale:  # its old view of the table is not served
            await resume(cut_off.url, code, token)
        assert stale.value.code in ("elsewhere", "server")
        assert _get(cut_off.url, "/health")[0] == 503
        _restore(pg_url, role)
        await wait_for(lambda: _healthy(cut_off.url), seconds=15)
        with pytest.raises(ClientError) as moved:
            await resume(cut_off.url, code, token)
        assert moved.value.code == "elsewhere" and moved.value.data["url"] == other.url
        assert (await resume(other.url, code, token))["seat"] == 0
        await host.close()

    try:
        asyncio.run(run())
    finally:
        cut_off_log, other_log = _log(cut_off), _log(other)
    assert re.search(r"WARNING cardsuite\.serve: table [A-Z0-9]{6} let go: the store cannot be reached", cut_off_log)
    assert "INFO cardsuite.serve: adopted 1 unfinished table from the store, its lease having run out" in other_log


def test_a_store_outage_is_one_line_a_failure_and_metrics_still_answer(tmp_path: Path, pg_url: str,
                                                                        role: str) -> None:
    server = start_server(tmp_path / "s", "--store", _as(pg_url, role), *FAST)

    async def create() -> str:
        client = await Client(server.url).connect()
        try:
            with pytest.raises(ClientError) as refused:
                await client.request("create", game="nap", players=3, cpu="random", name="Ann")
            return refused.value.code
        finally:
            await client.close()

    try:
        _cut(pg_url, role)
        polls = [_get(server.url, "/health")[0] for _ in range(8)]
        assert polls == [503] * 8
        status, text = _get(server.url, "/metrics")
        assert status == 200
        assert "cardsuite_tables 0" in text and "cardsuite_store_up 0" in text
        assert "cardsuite_store_processes" not in text
        assert asyncio.run(create()) == "server"
    finally:
        err = _log(server)
        _restore(pg_url, role)
    assert "Traceback" not in err
    lines = err.splitlines()
    assert all(re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} [A-Z]+ [\w.]+: ", line) for line in lines), lines
    health = [line for line in lines if "health: the store did not answer" in line]
    assert 1 <= len(health) <= 6, health  # eight polls: the connection killed, then five of the same at most
    assert any("StoreUnreachable: the store cannot be reached" in line for line in health), health
    assert any("request failed: " in line for line in lines)
    assert any("metrics: the store did not answer" in line for line in lines)
