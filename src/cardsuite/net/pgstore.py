"""The server's tables in PostgreSQL, shared by several server processes (``serve --store postgresql://…``).

The same tables as the SQLite store (``store.py``: tables, seats, actions) plus what sharing needs. Each table
is **owned** by one process at a time through a lease in its row (``owner``, ``lease_until``, in the database's
clock): the owner renews the leases of the tables it serves every few seconds; when a process dies (or lets a
table go) those leases run out and any other process adopts the tables (row locks with ``SKIP LOCKED`` decide
who) and rebuilds them by replaying their actions. Every write of an owner is fenced: it changes the row only
while this process still holds the lease, so a process that stalled past its lease can never write over the new
owner (``LeaseLost``). Actions are inserted in autocommit, before the ``ok``; once the server
``group_commits``, the actions that arrive while one commit is under way go together in the next one (one round
trip, off the event loop), and each caller awaits its own. A lost connection is opened again at the next use
(``pglink.py``); each call uses one connection throughout, so a transaction is never finished on another.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import threading
from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from .pglink import Link
from .pgschema import migrate
from .rows import Actor, Listed, Listing, SeatRow, TableRow

LEASE_SECONDS = 10.0
"""How long a lease lasts unless renewed; a dead process's tables move after at most this long."""


ActionRow = tuple[str, int, int, str, bool, str | None, str | None]
"""An action as inserted: table, deal, step, line, by the CPU, and the name and identity of the person who made it."""


class LeaseLost(Exception):
    """This process no longer owns the table (its lease ran out and another process took it over)."""


@dataclass(frozen=True)
class Owner:
    """Who holds a table: the process, the address it serves at, and whether the lease is still running."""

    table_id: str
    process: str | None
    url: str | None
    live: bool


class PgTableStore:
    """One server process's view of the shared store: its own tables' writes, fenced by their leases."""

    shared = True

    def __init__(self, url: str, advertise: str, durable: bool = False, lease_seconds: float = LEASE_SECONDS,
                 process_id: str | None = None) -> None:
        self.url = url
        self.advertise = advertise
        self.lease = lease_seconds
        self.process = process_id or secrets.token_hex(8)
        self.durable = durable
        self.lock = threading.Lock()
        self.loop: asyncio.AbstractEventLoop | None = None
        self.waiting: list[tuple[ActionRow, asyncio.Future[None]]] = []
        self.flushing = False
        self.link = Link(url, self._prepare)
        self.link.open()

    def _prepare(self, conn: Any) -> None:
        """Set up a new connection: the schema migrated, the commit mode, and this process known to the store
        (again, after a restore)."""
        migrate(conn)
        if not self.durable:  # like SQLite's synchronous=NORMAL: a killed server loses nothing, a power cut may
            conn.execute("SET synchronous_commit = off")
        conn.execute("INSERT INTO processes (id, url) VALUES (%s, %s)"
                     " ON CONFLICT (id) DO UPDATE SET url = excluded.url, seen = now()", (self.process, self.advertise))

    @property
    def conn(self) -> Any:
        """The connection to use now (a new one when the last was lost): take it once per call."""
        return self.link.get()

    def close(self) -> None:
        """Close the connection (leases are left to run out; ``release`` hands them over at once)."""
        self.link.close()

    def _run(self, sql: str, args: Sequence[object] = ()) -> Any:
        with self.lock:
            return self.conn.execute(sql, args)

    # -- the TableStore methods -------------------------------------------------------------------
    def code_taken(self, code: str) -> bool:
        """Whether a table (of any status) already has join code ``code``."""
        return self._run("SELECT 1 FROM tables WHERE code = %s", (code,)).fetchone() is not None

    def create(self, row: TableRow) -> None:
        """Store a new table with its seats, owned by this process."""
        listing = row.listing
        with self.lock:
            conn = self.conn
            with conn.transaction():
                self._create(conn, row, listing)

    def _create(self, conn: Any, row: TableRow, listing: Listing) -> None:
        """The table's row and its seats, in the caller's transaction."""
        conn.execute(
            "INSERT INTO tables (id, code, game, players, options, cpu, seed, turn_seconds, status, owner,"
            " lease_until, public, rated, practice, language, secret)"
            " VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, now() + %s * interval '1 second', %s, %s, %s, %s,"
            " %s)",
            (row.id, row.code, row.game, row.players, json.dumps(row.options), row.cpu, row.seed,
             row.turn_seconds, row.status, self.process, self.lease, listing.public, listing.rated,
             listing.practice, listing.language, row.secret.hex() if row.secret else None))
        with conn.cursor() as cursor:
            cursor.executemany(
                "INSERT INTO seats (table_id, seat, name, kind, token, identity, joined_deal)"
                " VALUES (%s, %s, %s, %s, %s, %s, %s)",
                [(row.id, i, s.name, s.kind, s.token, s.identity, s.joined_deal) for i, s in enumerate(row.seats)])
        for seat in row.seats:
            self._label(conn, seat)

    def set_seat(self, table_id: str, seat: int, row: SeatRow) -> None:
        """Change who holds a seat (a person sat down, or gave the seat up)."""
        with self.lock:
            conn = self.conn
            with conn.transaction():
                self._fence(conn, table_id, "updated = now()")
                conn.execute("UPDATE seats SET name = %s, kind = %s, token = %s, identity = %s, joined_deal = %s"
                             " WHERE table_id = %s AND seat = %s",
                             (row.name, row.kind, row.token, row.identity, row.joined_deal, table_id, seat))
                self._label(conn, row)

    @staticmethod
    def _label(conn: Any, seat: SeatRow) -> None:
        """Remember the name an identity last sat down with (the leaderboard's label for it)."""
        if seat.identity is not None and seat.kind == "person":
            conn.execute("INSERT INTO identities (id, name) VALUES (%s, %s) ON CONFLICT (id)"
                         " DO UPDATE SET name = excluded.name, seen = now()", (seat.identity, seat.name))

    def set_status(self, table_id: str, status: str, history_id: int | None = None) -> None:
        """Move a table to ``playing``, ``finished`` (with its history id) or ``closed``."""
        with self.lock:
            self._fence(self.conn, table_id, "status = %s, history_id = COALESCE(%s, history_id), updated = now()",
                        (status, history_id))

    def add_action(self, table_id: str, deal: int, step: int, line: str, by_cpu: bool = False,
                   actor: Actor | None = None) -> asyncio.Future[None] | None:
        """Store one action as step ``step`` of deal ``deal`` (``by_cpu``: the server's CPU made it; else
        ``actor``, the person who did), only while this process owns the table: at once (``None``), or after
        ``group_commits`` a future done once its commit is (``LeaseLost`` if refused)."""
        row = (table_id, deal, step, line, by_cpu, actor.name if actor else None, actor.identity if actor else None)
        if self.loop is not None:
            done: asyncio.Future[None] = self.loop.create_future()
            self.waiting.append((row, done))
            if not self.flushing:
                self.flushing = True
                self.loop.create_task(self._flush())
            return done
        if not self._insert([row]):
            raise LeaseLost(f"table {table_id} is no longer served here")
        return None

    def group_commits(self) -> None:
        """From now on ``add_action`` answers with a future and commits in groups (call it in the event loop)."""
        self.loop = asyncio.get_running_loop()

    async def _flush(self) -> None:
        try:
            while self.waiting:
                batch, self.waiting = self.waiting, []
                try:
                    written = await asyncio.to_thread(self._insert, [row for row, _ in batch])
                except Exception as exc:
                    for _, done in batch:
                        if not done.done():
                            done.set_exception(exc)
                    continue
                for row, done in batch:
                    if done.done():
                        continue
                    if row[:3] in written:
                        done.set_result(None)
                    else:
                        done.set_exception(LeaseLost(f"table {row[0]} is no longer served here"))
        finally:
            self.flushing = False

    def _insert(self, rows: Sequence[ActionRow]) -> set[tuple[str, int, int]]:
        """Insert the actions of the tables this process still owns, in one statement; those written."""
        columns = [list(column) for column in zip(*rows, strict=True)]
        with self.lock:
            done = self.conn.execute(
                "INSERT INTO actions (table_id, deal, step, line, by_cpu, by_name, by_identity)"
                " SELECT v.table_id, v.deal, v.step, v.line, v.by_cpu, v.by_name, v.by_identity"
                " FROM unnest(%s::text[], %s::int[], %s::int[], %s::text[], %s::boolean[], %s::text[], %s::text[])"
                " AS v(table_id, deal, step, line, by_cpu, by_name, by_identity)"
                " WHERE EXISTS (SELECT 1 FROM tables t WHERE t.id = v.table_id AND t.owner = %s"
                " AND t.lease_until > now()) RETURNING table_id, deal, step",
                (*columns, self.process)).fetchall()
        return {(str(r[0]), int(r[1]), int(r[2])) for r in done}

    def _fence(self, conn: Any, table_id: str, assignments: str, args: Sequence[object] = ()) -> None:
        done = conn.execute(
            f"UPDATE tables SET {assignments} WHERE id = %s AND owner = %s AND lease_until > now()",
            (*args, table_id, self.process))
        if done.rowcount != 1:
            raise LeaseLost(f"table {table_id} is no longer served here")

    def open_tables(self) -> Iterator[TableRow]:
        """Nothing at start: a process adopts tables once it listens and knows its address (``adopt``)."""
        return iter(())

    def set_url(self, url: str) -> None:
        """The address this process serves at, once it listens (where other processes send its clients)."""
        self.advertise = url
        self._run("UPDATE processes SET url = %s WHERE id = %s", (url, self.process))

    def table(self, table_id: str) -> TableRow | None:
        """One table with its seats and actions."""
        with self.lock:
            conn = self.conn
            row = conn.execute(
                "SELECT id, code, game, players, options, cpu, seed, turn_seconds, status, created, history_id,"
                " public, rated, practice, language, secret FROM tables WHERE id = %s", (table_id,)).fetchone()
            if row is None:
                return None
            seats = conn.execute("SELECT name, kind, token, identity, joined_deal FROM seats WHERE table_id = %s"
                                      " ORDER BY seat", (table_id,)).fetchall()
            actions = conn.execute("SELECT deal, step, line, by_cpu, by_name, by_identity FROM actions"
                                        " WHERE table_id = %s ORDER BY deal, step", (table_id,)).fetchall()
        options = row[4] if isinstance(row[4], dict) else {}
        out = TableRow(row[0], row[1], row[2], int(row[3]), options, row[5], int(row[6]), int(row[7]), row[8],
                       row[9].strftime("%Y-%m-%dT%H:%M:%SZ"), history_id=row[10],
                       listing=Listing(bool(row[11]), bool(row[12]), bool(row[13]), str(row[14])),
                       secret=bytes.fromhex(row[15]) if row[15] else None)
        out.seats = [SeatRow(name, kind, token, identity, None if joined is None else int(joined))
                     for name, kind, token, identity, joined in seats]
        out.add_actions(actions)
        return out

    def actions(self, table_id: str) -> set[tuple[int, int, str]]:
        """Every stored action of a table as (deal, step, line)."""
        rows = self._run("SELECT deal, step, line FROM actions WHERE table_id = %s", (table_id,)).fetchall()
        return {(int(d), int(s), str(line)) for d, s, line in rows}

    def probe(self) -> None:
        """A cheap real write (this process's row: when it was last seen): whether the store takes writes again
        (``storewrites.py``)."""
        self._run("UPDATE processes SET seen = now() WHERE id = %s", (self.process,))

    # -- leases -----------------------------------------------------------------------------------
    def renew(self, table_ids: Collection[str]) -> set[str]:
        """Renew the leases of the tables ``table_ids`` (those this process serves) that it still holds; their
        ids. A table it holds but let go (``cluster.lapse``) is not renewed: its lease runs out and any process
        adopts it."""
        with self.lock:
            conn = self.conn
            conn.execute("UPDATE processes SET seen = now() WHERE id = %s", (self.process,))
            rows = conn.execute(
                "UPDATE tables SET lease_until = now() + %s * interval '1 second'"
                " WHERE owner = %s AND lease_until > now() AND id = ANY(%s) RETURNING id",
                (self.lease, self.process, list(table_ids))).fetchall()
        return {r[0] for r in rows}

    def adopt(self, limit: int = 50, mine_before: bool = False) -> list[str]:
        """Take over up to ``limit`` unfinished tables whose lease ran out (and, with ``mine_before``, those of
        an earlier process at this same address, which cannot be running any more); their ids."""
        with self.lock:
            rows = self.conn.execute(
                "UPDATE tables SET owner = %s, lease_until = now() + %s * interval '1 second' WHERE id IN ("
                " SELECT id FROM tables WHERE (status IN ('lobby', 'playing')"
                "  OR (status = 'finished' AND history_id IS NULL AND NOT practice)) AND (lease_until <= now()"
                "  OR (%s AND owner IN (SELECT id FROM processes WHERE url = %s AND id <> %s)))"
                " ORDER BY created LIMIT %s FOR UPDATE SKIP LOCKED) RETURNING id",
                (self.process, self.lease, mine_before, self.advertise, self.process, limit)).fetchall()
        return [r[0] for r in rows]

    def take(self, code: str) -> str | None:
        """Adopt the table with join code ``code`` now if its lease ran out (a client asked for it); its id."""
        with self.lock:
            row = self.conn.execute(
                "UPDATE tables SET owner = %s, lease_until = now() + %s * interval '1 second' WHERE id = ("
                " SELECT id FROM tables WHERE code = %s AND lease_until <= now()"
                " AND (status IN ('lobby', 'playing') OR (status = 'finished' AND history_id IS NULL AND NOT practice))"
                " FOR UPDATE SKIP LOCKED) RETURNING id",
                (self.process, self.lease, code)).fetchone()
        return None if row is None else str(row[0])

    def owner(self, code: str) -> Owner | None:
        """Who serves the table with join code ``code`` (None: no such table)."""
        row = self._run(
            "SELECT t.id, t.owner, p.url, t.lease_until > now() FROM tables t LEFT JOIN processes p ON p.id = t.owner"
            " WHERE t.code = %s", (code,)).fetchone()
        return None if row is None else Owner(row[0], row[1], row[2], bool(row[3]))

    def release(self, table_ids: Sequence[str] | None = None) -> None:
        """Give leases up now (a clean stop): another process adopts those tables at once."""
        if table_ids is None:
            self._run("UPDATE tables SET lease_until = now() WHERE owner = %s", (self.process,))
        else:
            self._run("UPDATE tables SET lease_until = now() WHERE owner = %s AND id = ANY(%s)",
                      (self.process, list(table_ids)))

    # -- the lobby --------------------------------------------------------------------------------
    def listing(self, game: str | None = None, limit: int = 100) -> list[Listed]:
        """Public tables of every process: those waiting for people first, then those being played (to watch)."""
        rows = self._run(
            "SELECT t.code, t.game, t.players, t.options, t.status, t.rated, t.practice, t.language,"
            " (SELECT count(*) FROM seats s WHERE s.table_id = t.id AND s.kind = 'open'),"
            " (SELECT name FROM seats s WHERE s.table_id = t.id AND s.seat = 0)"
            " FROM tables t WHERE t.public AND t.status IN ('lobby', 'playing') AND t.lease_until > now()"
            " AND (%s::text IS NULL OR t.game = %s) ORDER BY t.status = 'lobby' DESC, t.updated DESC LIMIT %s",
            (game, game, limit)).fetchall()
        return [Listed(r[0], r[1], int(r[2]), r[3] if isinstance(r[3], dict) else {}, r[4], int(r[8]), bool(r[5]),
                       bool(r[6]), r[7], r[9] or "") for r in rows]

    def counts(self) -> dict[str, int]:
        """Tables by status and live processes, across the whole store (for ``/metrics``)."""
        rows = self._run("SELECT status, count(*) FROM tables WHERE status IN ('lobby', 'playing')"
                         " GROUP BY status").fetchall()
        out = {f"tables_{r[0]}": int(r[1]) for r in rows}
        live = self._run("SELECT count(*) FROM processes WHERE seen > now() - %s * interval '1 second'",
                         (self.lease,)).fetchone()
        out["processes"] = int(live[0]) if live else 0
        return out
