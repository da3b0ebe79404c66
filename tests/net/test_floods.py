"""Floods of creates, joins and browser sockets are refused while another table plays on at its pace.

A real server with ``--web --trust-proxy``: every client says which address it stands for in
``X-Forwarded-For`` (as a proxy on loopback would), so the players and each attacker are different
addresses. A table of two people and a CPU plays Nap throughout and must go on being answered during the
flood; its round trips before and during it are printed, not asserted (a busy machine slows both, and a
timing is a figure to read, never a pass or a fail). ``make soak`` runs the same flood for a minute.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import statistics
import time
from pathlib import Path

import aiohttp
import pytest

from cardsuite.net.client import Client, ClientError

from .helpers import running_server

PLAYERS = {"X-Forwarded-For": "10.0.0.1"}


def _as(address: str) -> dict[str, str]:
    return {"X-Forwarded-For": address}


class Table:
    """Two people and a CPU at one long Nap match, each acting as soon as its turn comes; every round trip
    timed."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.rtts: list[tuple[float, float]] = []  # (when, seconds)
        self.errors: list[str] = []
        self.stop = False

    async def play(self) -> None:
        """Match after match until told to stop."""
        while not self.stop:
            host = await Client(self.url, headers=PLAYERS).connect()
            made = await host.request("create", game="nap", players=3, cpu="random", name="Ann",
                                      options={"deals_per_player": 10})
            guest = await Client(self.url, headers=PLAYERS).connect()
            await guest.request("join", code=made["code"], name="Bob")
            await host.request("start")
            try:
                await asyncio.gather(self._seat(host), self._seat(guest))
            finally:
                await host.close()
                await guest.close()

    async def _seat(self, client: Client) -> None:
        rng = random.Random(id(client))
        acted: tuple[int, int] | None = None
        while not self.stop and not client.table.get("match_over"):
            with contextlib.suppress(TimeoutError):
                await client.next_update(0.5)
            view = client.view
            if view is None:
                continue
            moment = (client.deal, client.step)
            if view.is_over:
                if acted != (client.deal, -1):
                    acted = (client.deal, -1)
                    await client.send("ready")
                continue
            if view.seat not in view.to_act or acted == moment:
                continue
            acted = moment
            await asyncio.sleep(0.05)
            if (client.deal, client.step) != moment:  # the table moved on meanwhile: look again
                acted = None
                continue
            started = time.monotonic()
            try:
                await client.request("act", action=str(rng.choice(view.legal)))
            except ClientError as exc:
                self.errors.append(f"{exc.code}: {exc.message}")
                continue
            self.rtts.append((started, time.monotonic() - started))


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))] if ordered else 0.0


async def _creates(url: str, until: float, refused: dict[str, int]) -> None:
    """One attacker address opening connections and creating tables as fast as it can."""
    while time.monotonic() < until:
        try:
            client = await Client(url, headers=_as("10.6.6.6")).connect()
        except ClientError as exc:
            refused[exc.code] = refused.get(exc.code, 0) + 1
            await asyncio.sleep(0.01)
            continue
        try:
            while time.monotonic() < until:
                try:
                    await client.request("create", timeout=1, game="napoleon", players=5, cpu="hard", name="Eve")
                    await client.request("start", timeout=1)
                    await client.request("leave", timeout=1)
                except ClientError as exc:
                    refused[exc.code] = refused.get(exc.code, 0) + 1
                    if exc.code == "closed":
                        break
        finally:
            await client.close()


async def _guesses(url: str, until: float, refused: dict[str, int]) -> None:
    """Another address guessing join codes as fast as it can, on one connection after another."""
    rng = random.Random(5)
    while time.monotonic() < until:
        try:
            client = await Client(url, headers=_as("10.7.7.7")).connect()
        except ClientError as exc:
            refused[exc.code] = refused.get(exc.code, 0) + 1
            continue
        try:
            while time.monotonic() < until and not client.closed.is_set():
                code = "".join(rng.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6))
                try:
                    await client.request("join", timeout=1, code=code, name="Eve")
                except ClientError as exc:
                    refused[exc.code] = refused.get(exc.code, 0) + 1
        finally:
            await client.close()


async def _sockets(url: str, code: str, until: float, refused: dict[str, int], held: list[object]) -> None:
    """A third address opening browser sockets to a real table's link, holding every one it gets."""
    page = url.replace("ws://", "http://").removesuffix("/game")
    async with aiohttp.ClientSession() as session:
        while time.monotonic() < until:
            try:
                ws = await session.ws_connect(f"{page}/web/ws/{code}/Eve", headers=_as("10.8.8.8"))
            except aiohttp.ClientError:
                refused["http"] = refused.get("http", 0) + 1
                continue
            try:  # a refused socket is closed at once; a seat's process may take a while to say anything
                frame = await ws.receive(timeout=1.0)
            except TimeoutError:
                held.append(ws)
                continue
            if frame.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED) and ws.close_code == 1008:
                refused["web"] = refused.get("web", 0) + 1
                await ws.close()
                await asyncio.sleep(0.02)
            else:
                held.append(ws)
        for ws in held:
            await ws.close()  # type: ignore[attr-defined]


def _flood(tmp_path: Path, seconds: float) -> None:
    async def run(url: str, status_url: str) -> tuple[list[float], list[float], dict[str, int], Table]:
        table = Table(url)
        playing = asyncio.ensure_future(table.play())
        await asyncio.sleep(4.0)
        calm_until = time.monotonic()
        lure = await Client(url, headers=_as("10.8.8.8")).connect()
        code = str((await lure.request("create", game="gops", players=2, cpu="random", name="Eve"))["code"])
        refused: dict[str, int] = {}
        held: list[object] = []
        until = time.monotonic() + seconds
        await asyncio.gather(*(_creates(url, until, refused) for _ in range(12)),
                             *(_guesses(url, until, refused) for _ in range(3)),
                             _sockets(url, code, until, refused, held))
        table.stop = True
        await playing
        await lure.close()
        async with aiohttp.ClientSession() as session:
            for _ in range(100):  # the browser seat's process ends a moment after its socket
                async with session.get(status_url) as page:
                    status = await page.json()
                if status["web_seats"] == 0:
                    break
                await asyncio.sleep(0.1)
        calm = [s for at, s in table.rtts if at < calm_until]
        flood = [s for at, s in table.rtts if at >= calm_until]
        # one at a time for this address, and at most the hour's first share of starts (60 an hour: 10)
        assert 1 <= len(held) <= 10, f"{len(held)} browser seats started for one address"
        assert status["web_seats"] == 0
        return calm, flood, refused, table

    with running_server(tmp_path, "--web", "--trust-proxy", "--cpu-delay", "0", "--turn-seconds", "0",
                        "--web-seats-per-address", "1") as server:
        status_url = server.url.replace("ws://", "http://").replace("/game", "/status")
        calm, flood, refused, table = asyncio.run(run(server.url, status_url))
    assert table.errors == []
    assert len(calm) > 10 and len(flood) > 10, (len(calm), len(flood))
    # every kind of flood met its limit: tables and creations per address, connections, strikes, pauses
    assert refused.get("limit", 0) > 0 and refused.get("no_table", 0) > 0 and refused.get("paused", 0) > 0
    assert refused.get("web", 0) > 0
    calm_p95, flood_p95 = _p95(calm), _p95(flood)
    print(f"p95 calm {calm_p95 * 1000:.1f} ms ({len(calm)}), flood {flood_p95 * 1000:.1f} ms ({len(flood)}), "
          f"median {statistics.median(flood) * 1000:.1f} ms, refused {refused}")


def test_floods_are_refused_while_another_table_keeps_its_pace(tmp_path: Path) -> None:
    _flood(tmp_path, 4.0)


@pytest.mark.soak
def test_a_minute_of_floods_is_refused_while_another_table_keeps_its_pace(tmp_path: Path) -> None:
    _flood(tmp_path, 60.0)
