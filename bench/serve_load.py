"""Load bench for ``cardsuite serve``: N tables of CPU-driven remote clients over loopback, one WebSocket per seat.

    python bench/serve_load.py --tables 200 --seconds 60 --json
    python bench/serve_load.py --tables 200 --seconds 60 --kill-at 30 --json
    python bench/serve_load.py --tables 200 --seconds 60 --servers 2 --store postgresql://… --kill-at 30 --json

It starts a real server process (its own data folder), then client processes; every seat of every table is
a separate protocol client that waits ``--think-ms`` after its turn comes (a person's pace), lets a CPU
choose on its view, and sends the action, timing it until the server's ``ok``. With ``--kill-at`` the server
is killed (SIGKILL) that many seconds in and started again on the same port and folder; clients reconnect
and resume their seats with their tokens. With ``--servers N --store postgresql://…`` N server processes
share one PostgreSQL store, the tables spread over them; ``--kill-at`` then kills the first one for good
and its tables move to the others (their clients reconnect to any server and follow its ``elsewhere``
answer). After the run, every action a client was told succeeded is looked up in the store: ``lost``
counts those missing. Prints one JSON object:
``{"tables", "clients", "actions", "errors", "lost", "rtt_ms": {"p50", "p95", "p99"}, "server_cpu_s"}``
(``errors``: refusals and failures other than the planned kill). Progress and notes go to stderr.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import os
import random
import signal
import socket
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import aiohttp

from cardsuite.bots.base import make_bot
from cardsuite.core.registry import get_game
from cardsuite.net.client import Client, ClientError

# every client runs on this machine, so one address holds every table and connection: the per-address
# limits (docs/deploy.md) are raised for the bench; the server-wide ones stay above what it opens
ROOMY = ("--tables-per-address", "100000", "--creates-per-hour", "1000000", "--connections-per-address",
         "1000000", "--max-connections", "1000000", "--max-tables", "100000")


def log(text: str) -> None:
    print(f"serve_load: {text}", file=sys.stderr, flush=True)


# -- the server process ---------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def start_server(data: Path, port: int, store: str | None = None) -> tuple[subprocess.Popen[str], str]:
    """``cardsuite serve`` on loopback with the bench's folder (and store); it and its URL once it listens."""
    shared = ["--store", store] if store else []
    process = subprocess.Popen(
        [sys.executable, "-m", "cardsuite", "serve", "--port", str(port), "--data", str(data), *shared,
         "--turn-seconds", "0", "--deal-pause", "0.2", "--cpu-delay", "0.5", "--grace-seconds", "60",
         *ROOMY],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    if "serving " not in line:
        process.kill()
        raise SystemExit(f"serve_load: the server did not start: {line!r}")
    return process, line.split("serving ", 1)[1].split(" ", 1)[0]


def stored_actions(store: str | None, data: Path, tables: set[str]) -> set[tuple[Any, ...]]:
    """Every action of these tables in the store, as (table, deal, step, line)."""
    if store:
        import psycopg

        with psycopg.connect(store) as conn:
            return {tuple(r) for r in conn.execute(
                "SELECT table_id, deal, step, line FROM actions WHERE table_id = ANY(%s)", (sorted(tables),))}
    conn = sqlite3.connect(data / "tables.sqlite3")
    try:
        return set(conn.execute("SELECT table_id, deal, step, line FROM actions"))
    finally:
        conn.close()


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds of a live process (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# -- the clients ----------------------------------------------------------------------------------
class Seat:
    """One seat's client: acts at a person's pace, reconnects with its token after a drop."""

    def __init__(self, run: Run, code: str, token: str, seat: int, url: str) -> None:
        self.run, self.code, self.token, self.seat, self.url = run, code, token, seat, url
        self.client: Client | None = None

    async def connect(self) -> Client:
        """Resume the seat: at the server it was at, else any other, following an ``elsewhere`` answer."""
        urls = self.run.urls
        turn = urls.index(self.url) if self.url in urls else 0
        while time.monotonic() < self.run.deadline + 5:
            url = urls[turn % len(urls)]
            for _hop in range(3):
                try:
                    client = await Client(url, session=self.run.session).connect()
                except ClientError:
                    break
                try:
                    await client.request("resume", code=self.code, token=self.token)
                except ClientError as exc:
                    await client.close()
                    moved = exc.data.get("url") if exc.code == "elsewhere" else None
                    if isinstance(moved, str):
                        url = moved
                        continue
                    break
                self.client, self.url = client, url
                return client
            turn += 1
            await asyncio.sleep(0.25)
        raise ClientError("gone", "the server did not come back")

    async def play(self, client: Client) -> None:
        """Play until the match is filed or the run ends; reconnect when the connection drops."""
        run = self.run
        bot = make_bot(get_game(run.game), run.level)
        rng = random.Random(hash((self.code, self.seat)))
        acted: tuple[int, int] | None = None
        while time.monotonic() < run.deadline:
            try:
                update = await client.next_update(max(0.05, run.deadline - time.monotonic()))
            except TimeoutError:
                return
            if update.type == "closed":
                await client.close()
                if time.monotonic() >= run.deadline:
                    return
                client = await self.connect()
                acted = None
                continue
            if client.table.get("history_id") is not None:
                return
            if update.type != "view":
                continue
            if client.deal_ended():
                if acted != (client.deal, -1):
                    acted = (client.deal, -1)
                    await self.quietly(client.send("ready"))
                continue
            moment = (client.deal, client.step)
            if not client.my_turn() or acted == moment:
                continue
            acted = moment
            await asyncio.sleep(run.think)
            view = client.view
            if (client.deal, client.step) != moment or client.closed.is_set() or view is None:
                acted = None
                continue
            action = str(bot.choose(view, rng))
            started = time.monotonic()
            try:
                await client.request("act", action=action, timeout=30)
            except ClientError as exc:
                recovered = exc.code in ("closed", "timeout", "elsewhere", "state", "not_seated")
                if not recovered or not run.killing():  # the planned kill is no error
                    run.errors += 1
                    log(f"{action!r} at {moment}: {exc.code} {exc.message}")
                continue
            run.rtts.append(time.monotonic() - started)
            run.acked.append((client.table["table"], moment[0], moment[1], f"{view.seat} {action}"))

    async def quietly(self, coro: Any) -> None:
        with contextlib.suppress(ClientError):
            await coro


class Run:
    """One client process's share of the tables and what it measured."""

    def __init__(self, urls: list[str], args: argparse.Namespace, deadline: float) -> None:
        self.urls = urls
        self.game, self.players, self.level = args.game, args.players, args.level
        self.think = args.think_ms / 1000
        self.deadline = deadline
        self.kill_window: tuple[float, float] | None = None
        self.session: aiohttp.ClientSession | None = None
        self.rtts: list[float] = []
        self.acked: list[tuple[str, int, int, str]] = []
        self.errors = 0
        self.tables = 0

    def killing(self) -> bool:
        return self.kill_window is not None and self.kill_window[0] <= time.monotonic() <= self.kill_window[1]

    async def table(self, number: int) -> None:
        """Keep one table playing until the deadline (a new match when one ends)."""
        while time.monotonic() < self.deadline - 1:
            try:
                await self.match(number)
            except (TimeoutError, ClientError) as exc:
                if not self.killing():
                    self.errors += 1
                    log(f"table {number}: {exc}")
                await asyncio.sleep(0.5)

    async def match(self, number: int) -> None:
        url = self.urls[number % len(self.urls)]
        host = await Client(url, session=self.session).connect()
        made = await host.request("create", game=self.game, players=self.players, cpu="random", name="Seat 0")
        seats = [Seat(self, made["code"], made["token"], 0, url)]
        clients = [host]
        for index in range(1, self.players):
            guest = await Client(url, session=self.session).connect()
            joined = await guest.request("join", code=made["code"], name=f"Seat {index}")
            seats.append(Seat(self, made["code"], joined["token"], index, url))
            clients.append(guest)
        self.tables += 1
        try:
            await asyncio.gather(*(seat.play(client) for seat, client in zip(seats, clients, strict=True)))
        finally:
            for seat, client in zip(seats, clients, strict=True):
                await (seat.client or client).close()
                await client.close()


def client_process(urls: list[str], args: argparse.Namespace, numbers: list[int], start: float, out: Any) -> None:
    """A process holding some of the tables; puts its measurements on ``out``."""

    async def main() -> dict[str, Any]:
        deadline = time.monotonic() + (start - time.time()) + args.seconds
        run = Run(urls, args, deadline)
        if args.kill_at is not None:
            at = deadline - args.seconds + args.kill_at
            run.kill_window = (at - 1, at + 15)
        connector = aiohttp.TCPConnector(limit=0)
        async with aiohttp.ClientSession(connector=connector) as session:
            run.session = session
            await asyncio.sleep(max(0.0, start - time.time()))
            tasks = []
            for number in numbers:  # spread the sit-downs over the first second
                tasks.append(asyncio.ensure_future(run.table(number)))
                await asyncio.sleep(1.0 / max(1, len(numbers)))
            await asyncio.gather(*tasks)
        return {"rtts": run.rtts, "acked": run.acked, "errors": run.errors, "tables": run.tables,
                "cpu": time.process_time()}

    out.put(asyncio.run(main()))


# -- the run --------------------------------------------------------------------------------------
def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=20, help="tables playing at once")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long the load runs")
    parser.add_argument("--think-ms", type=float, default=500.0, help="each client's pause before it acts")
    parser.add_argument("--kill-at", type=float, default=None, help="kill -9 the server this many seconds in")
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.add_argument("--game", default="nap", help="the game (default nap)")
    parser.add_argument("--players", type=int, default=4, help="seats per table (default 4)")
    parser.add_argument("--level", default="random", help="the CPU level that decides for each client")
    parser.add_argument("--processes", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--servers", type=int, default=1, help="server processes (more than one needs --store)")
    parser.add_argument("--store", default=None, help="a postgresql:// store shared by the servers")
    args = parser.parse_args()
    if args.servers < 1 or (args.servers > 1 and not args.store):
        raise SystemExit("serve_load: --servers above 1 needs a shared --store postgresql://…")
    if args.tables < 1 or args.seconds <= 0 or args.think_ms < 0 or args.processes < 1:
        raise SystemExit("serve_load: --tables, --seconds and --processes must be positive")
    if args.kill_at is not None and not 0 < args.kill_at < args.seconds:
        raise SystemExit("serve_load: --kill-at must be inside the run")

    data = Path(tempfile.mkdtemp(prefix="serve-load-"))
    servers = [start_server(data / f"server-{i}", free_port(), args.store) for i in range(args.servers)]
    urls = [url for _, url in servers]
    port = int(urls[0].rsplit(":", 1)[1].split("/")[0])
    log(f"servers {' '.join(urls)}, data {data}; {args.tables} tables x {args.players} seats for {args.seconds:g}s")
    start = time.time() + 1.0
    context = multiprocessing.get_context("spawn")
    out = context.Queue()
    shares = [list(range(args.tables))[i::args.processes] for i in range(args.processes)]
    workers = [context.Process(target=client_process, args=(urls, args, share, start, out))
               for share in shares if share]
    for worker in workers:
        worker.start()
    server_cpu = 0.0
    if args.kill_at is not None:
        time.sleep(max(0.0, start + args.kill_at - time.time()))
        victim = servers[0][0]
        server_cpu += cpu_seconds(victim.pid)
        victim.send_signal(signal.SIGKILL)
        victim.wait()
        if args.servers == 1:
            log(f"killed the server (kill -9) at {args.kill_at:g}s; starting it again")
            servers[0] = start_server(data / "server-0", port, args.store)
        else:
            log(f"killed the first server (kill -9) at {args.kill_at:g}s; the others take its tables over")
            servers.pop(0)
    results = [out.get() for _ in workers]
    for worker in workers:
        worker.join()
    for server, _ in servers:
        server_cpu += cpu_seconds(server.pid)
        server.send_signal(signal.SIGTERM)
    for server, _ in servers:
        server.wait(30)

    acked = [tuple(a) for r in results for a in r["acked"]]
    stored = stored_actions(args.store, data / "server-0", {str(a[0]) for a in acked})
    lost = sum(1 for a in acked if a not in stored)
    rtts = [x * 1000 for r in results for x in r["rtts"]]
    report = {
        "tables": args.tables,
        "servers": args.servers,
        "clients": args.tables * args.players,
        "actions": len(acked),
        "errors": sum(r["errors"] for r in results),
        "lost": lost,
        "rtt_ms": {"p50": round(percentile(rtts, 0.50), 2), "p95": round(percentile(rtts, 0.95), 2),
                   "p99": round(percentile(rtts, 0.99), 2)},
        "server_cpu_s": round(server_cpu, 2),
    }
    if args.json:
        print(json.dumps(report))
    else:
        for key, value in report.items():
            print(f"{key:>13}: {value}")
    log(f"client processes used {sum(r['cpu'] for r in results):.1f} CPU seconds")
    if rtts:
        log(f"median {statistics.median(rtts):.1f} ms over {len(rtts)} actions; load {os.getloadavg()}")


if __name__ == "__main__":
    main()
