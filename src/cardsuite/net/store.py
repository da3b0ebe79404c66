"""The server's tables on disk: one SQLite database (WAL) in the server's data folder.

A table is its settings (game, players, options, the deal secret or a practice table's chosen seed, timer),
its seats (name, kind, the SHA-256 of the seat token, never the token, and the deal its person sat down
during, which they only watch) and its actions, one row per action (marked when the server's CPU made it,
else with the name and identity of the person who made it), written before the action is confirmed to
anyone. The match itself is never stored: it is rebuilt by replaying
the actions from the deals' source, so a restart (or a kill -9) resumes every table exactly where it was. A
table's status is ``lobby``, ``playing``, ``finished`` or ``closed`` (it ended unplayed or abandoned);
finished and closed tables are never loaded again. One more row (``write_probe``) is written only to find out
that the disk takes writes again after a failed one. ``synchronous=NORMAL``: a committed action survives the
process being killed; only a power cut can lose the last ones (``durable=True`` makes every commit wait for
the disk). The database holds every table's deal secret and seat digests: it is readable by the server's user
alone (SQLite gives its ``-wal`` and ``-shm`` the same mode).
"""

from __future__ import annotations

import json
import os
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path

from ..filewrites import PRIVATE, ensure_folder, make_private
from .rows import Actor, Listing, SeatRow, TableRow

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    code TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    cpu TEXT NOT NULL,
    seed INTEGER NOT NULL,
    turn_seconds INTEGER NOT NULL,
    status TEXT NOT NULL,
    created TEXT NOT NULL,
    updated TEXT NOT NULL,
    history_id INTEGER
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,
    token TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    deal INTEGER NOT NULL,
    step INTEGER NOT NULL,
    line TEXT NOT NULL,
    PRIMARY KEY (table_id, deal, step)
);
CREATE INDEX IF NOT EXISTS tables_status ON tables(status);
CREATE TABLE IF NOT EXISTS write_probe (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    writes INTEGER NOT NULL
);
"""

ADDED = (("tables", "listing", "TEXT"), ("seats", "identity", "TEXT"), ("tables", "secret", "TEXT"),
         ("seats", "joined_deal", "INTEGER"), ("actions", "by_cpu", "INTEGER"), ("actions", "by_name", "TEXT"),
         ("actions", "by_identity", "TEXT"))
"""Columns later versions added (table, column, type): a database made before gains them in place, empty."""


def now() -> str:
    """The time now as stored (UTC, ISO 8601)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _private_database(path: Path) -> None:
    """Create the database file readable by its owner alone before SQLite opens it, or take the group's and
    others' permissions from one (and its ``-wal`` and ``-shm``) made by a version that gave it the umask's."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), PRIVATE))
    except FileExistsError:
        for name in (path.name, f"{path.name}-wal", f"{path.name}-shm"):
            make_private(path.with_name(name))


class TableStore:
    """The database of one server process; every write is one transaction, committed before it returns."""

    def __init__(self, path: Path, durable: bool = False) -> None:
        self.path = path
        ensure_folder(path.parent)
        _private_database(path)
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self.conn.execute("PRAGMA busy_timeout = 10000")
        self.conn.execute("PRAGMA journal_mode = WAL")
        self.conn.execute(f"PRAGMA synchronous = {'FULL' if durable else 'NORMAL'}")
        self.conn.executescript(SCHEMA)
        for table, column, kind in ADDED:
            if column not in {r[1] for r in self.conn.execute(f"PRAGMA table_info({table})")}:
                self.conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} {kind}")

    def close(self) -> None:
        """Close the database."""
        self.conn.close()

    def code_taken(self, code: str) -> bool:
        """Whether a table (of any status) already has join code ``code``."""
        return self.conn.execute("SELECT 1 FROM tables WHERE code = ?", (code,)).fetchone() is not None

    def create(self, row: TableRow) -> None:
        """Store a new table with its seats."""
        stamp = now()
        with self._transaction():
            self.conn.execute(
                "INSERT INTO tables (id, code, game, players, options, cpu, seed, turn_seconds, status, created,"
                " updated, listing, secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (row.id, row.code, row.game, row.players, json.dumps(row.options), row.cpu, row.seed,
                 row.turn_seconds, row.status, stamp, stamp, row.listing.to_text(),
                 row.secret.hex() if row.secret else None),
            )
            self.conn.executemany(
                "INSERT INTO seats (table_id, seat, name, kind, token, identity, joined_deal)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row.id, i, s.name, s.kind, s.token, s.identity, s.joined_deal) for i, s in enumerate(row.seats)],
            )

    def set_seat(self, table_id: str, seat: int, row: SeatRow) -> None:
        """Change who holds a seat (a person sat down, or gave the seat up)."""
        with self._transaction():
            self.conn.execute("UPDATE seats SET name = ?, kind = ?, token = ?, identity = ?, joined_deal = ?"
                              " WHERE table_id = ? AND seat = ?",
                              (row.name, row.kind, row.token, row.identity, row.joined_deal, table_id, seat))
            self._touch(table_id)

    def set_status(self, table_id: str, status: str, history_id: int | None = None) -> None:
        """Move a table to ``playing``, ``finished`` (with its history id) or ``closed``."""
        with self._transaction():
            self.conn.execute("UPDATE tables SET status = ?, history_id = COALESCE(?, history_id) WHERE id = ?",
                              (status, history_id, table_id))
            self._touch(table_id)

    def add_action(self, table_id: str, deal: int, step: int, line: str, by_cpu: bool = False,
                   actor: Actor | None = None) -> None:
        """Store one action (``"2 play KH"``) as step ``step`` of deal ``deal``, and whether the server's CPU
        made it or which person did; committed on return."""
        self.conn.execute("INSERT INTO actions (table_id, deal, step, line, by_cpu, by_name, by_identity)"
                          " VALUES (?, ?, ?, ?, ?, ?, ?)",
                          (table_id, deal, step, line, int(by_cpu), actor.name if actor else None,
                           actor.identity if actor else None))

    def probe(self) -> None:
        """A cheap real write (the one row of ``write_probe`` counts them), committed on a connection of its own,
        so that it may run in another thread: whether the disk takes writes again (``storewrites.py``)."""
        conn = sqlite3.connect(self.path, isolation_level=None)
        try:
            conn.execute("PRAGMA busy_timeout = 2000")
            conn.execute("INSERT INTO write_probe (id, writes) VALUES (1, 1) ON CONFLICT (id) DO UPDATE SET"
                         " writes = writes + 1")
        finally:
            conn.close()

    def _touch(self, table_id: str) -> None:
        self.conn.execute("UPDATE tables SET updated = ? WHERE id = ?", (now(), table_id))

    class _Tx:
        def __init__(self, conn: sqlite3.Connection) -> None:
            self.conn = conn

        def __enter__(self) -> None:
            self.conn.execute("BEGIN IMMEDIATE")

        def __exit__(self, kind: object, *_: object) -> None:
            self.conn.execute("COMMIT" if kind is None else "ROLLBACK")

    def _transaction(self) -> TableStore._Tx:
        return TableStore._Tx(self.conn)

    # -- reading ----------------------------------------------------------------------------------
    def open_tables(self) -> Iterator[TableRow]:
        """Every table in the lobby or playing (and finished ones not yet filed in the history, but practice
        tables, which are never filed), with seats and actions."""
        ids = [r[0] for r in self.conn.execute(
            "SELECT id FROM tables WHERE status IN ('lobby', 'playing')"
            " OR (status = 'finished' AND history_id IS NULL"
            " AND COALESCE(json_extract(listing, '$.practice'), 0) = 0) ORDER BY created")]
        for table_id in ids:
            found = self.table(table_id)
            if found is not None:
                yield found

    def table(self, table_id: str) -> TableRow | None:
        """One table with its seats and actions."""
        row = self.conn.execute(
            "SELECT id, code, game, players, options, cpu, seed, turn_seconds, status, created, history_id, listing,"
            " secret FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            return None
        options = json.loads(row[4])
        out = TableRow(row[0], row[1], row[2], int(row[3]), options if isinstance(options, dict) else {},
                       row[5], int(row[6]), int(row[7]), row[8], row[9], history_id=row[10],
                       listing=Listing.from_text(row[11]), secret=bytes.fromhex(row[12]) if row[12] else None)
        out.seats = [SeatRow(name, kind, token, identity, None if joined is None else int(joined))
                     for name, kind, token, identity, joined in self.conn.execute(
                         "SELECT name, kind, token, identity, joined_deal FROM seats WHERE table_id = ? ORDER BY seat",
                         (table_id,))]
        out.add_actions(self.conn.execute("SELECT deal, step, line, by_cpu, by_name, by_identity FROM actions"
                                          " WHERE table_id = ? ORDER BY deal, step", (table_id,)))
        return out

    def actions(self, table_id: str) -> set[tuple[int, int, str]]:
        """Every stored action of a table as (deal, step, line): what the load bench checks for losses."""
        return {(int(d), int(s), str(line)) for d, s, line in self.conn.execute(
            "SELECT deal, step, line FROM actions WHERE table_id = ?", (table_id,))}
