"""The history of finished matches: a SQLite database (WAL mode) holding each record and what statistics need.

Tables: ``matches`` (the record itself, as JSON), ``seats`` (who sat where, their total, win/draw/loss,
hints and undos), ``deals`` (per seat and deal: role, contract, whether its side won) and ``ratings``.
Every write is one ``BEGIN IMMEDIATE`` transaction, so two programs filing matches at once wait for each
other instead of losing a rating update. A damaged database is moved aside and a new one started.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..core.errors import CardsuiteError
from ..core.match import winners
from ..core.presentation import Role
from ..core.record import ReplayedDeal, replay
from ..core.registry import get_game
from . import paths
from .ratings import Rating, player_key, rate_match
from .saves import save_meta

T = TypeVar("T")

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    save_id TEXT UNIQUE,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    finished TEXT NOT NULL,
    deals INTEGER NOT NULL,
    assisted INTEGER NOT NULL,
    record TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT,
    total REAL NOT NULL,
    result TEXT NOT NULL,
    hints INTEGER NOT NULL,
    undos INTEGER NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS deals (
    match_id INTEGER NOT NULL REFERENCES matches(id),
    deal INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    role TEXT NOT NULL,
    contract TEXT,
    won INTEGER,
    PRIMARY KEY (match_id, deal, seat)
);
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    kind TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE INDEX IF NOT EXISTS seats_player ON seats(player);
"""

_CORRUPT_CODES = frozenset({11, 26})  # SQLITE_CORRUPT, SQLITE_NOTADB


class _Damaged(Exception):
    pass


def _while_locked(step: Callable[[str], T], sql: str, seconds: float = 30.0) -> T:
    """Run ``step(sql)``, retrying while another process holds the database lock.

    Switching to WAL mode and creating the schema need a lock that SQLite's busy timeout does not always
    wait for (it answers "database is locked" at once), so two processes opening a new database together
    would otherwise fail.
    """
    deadline = time.monotonic() + seconds
    while True:
        try:
            return step(sql)
        except sqlite3.OperationalError as exc:
            busy = "locked" in str(exc) or "busy" in str(exc)
            if not busy or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def _is_damage(exc: BaseException) -> bool:
    if isinstance(exc, _Damaged):
        return True
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        code = getattr(exc, "sqlite_errorcode", None)
        return code in _CORRUPT_CODES or "malformed" in str(exc) or "not a database" in str(exc)
    return False


@dataclass(frozen=True)
class HistoryEntry:
    """One finished match as ``cardsuite history`` lists it."""

    id: int
    game: str
    finished: str
    deals: int
    names: tuple[str, ...]
    totals: tuple[float, ...]
    results: tuple[str, ...]

    def describe(self) -> str:
        """One line: id, date, game, each seat's total, the winner(s)."""
        seats = ", ".join(f"{n} {_num(t)}" for n, t in zip(self.names, self.totals, strict=True))
        best = [n for n, r in zip(self.names, self.results, strict=True) if r in ("win", "draw")]
        verdict = ("draw: " if len(best) > 1 else "won by ") + " and ".join(best)
        return f"{self.id:>4}  {self.finished}  {self.game:<9} {self.deals:>2} deals  {seats}  ({verdict})"


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


class History:
    """The history database at ``path`` (default: ``history.sqlite3`` in the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.history_path()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        for attempt in range(2):
            conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            try:
                conn.execute("PRAGMA busy_timeout = 30000")
                _while_locked(conn.execute, "PRAGMA journal_mode = WAL")
                check = _while_locked(conn.execute, "PRAGMA quick_check").fetchone()
                if not check or check[0] != "ok":
                    raise _Damaged(str(check[0]) if check else "no answer to a check")
                _while_locked(conn.executescript, SCHEMA)
                return conn
            except (sqlite3.Error, _Damaged) as exc:
                conn.close()
                if attempt or not _is_damage(exc):
                    raise paths.StorageError(f"history database {self.path}: {exc}") from None
                paths.quarantine(self.path, str(exc), companions=("-wal", "-shm"))
        raise AssertionError("unreachable")

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        conn = self._open()
        try:
            yield conn
        except sqlite3.Error as exc:
            raise paths.StorageError(f"history database {self.path}: {exc}") from None
        finally:
            conn.close()

    # -- writing ----------------------------------------------------------------------------------
    def record_finished(self, record: Mapping[str, object]) -> int:
        """File a finished match (its record, with the ``"save"`` key's hints and undos); its history id.

        Filing the same save twice returns the first id and changes nothing, so a retry after a crash is safe.
        """
        checked = replay(record, get_game)
        if not checked.complete:
            raise CardsuiteError("the match is not finished: only finished matches go into the history")
        meta = save_meta(record)
        save_id = meta.get("id") if isinstance(meta.get("id"), str) else None
        players = checked.players
        hints = _seat_counts(meta.get("hints"), players)
        undos = _seat_counts(meta.get("undos"), players)
        seats = list(checked.seats) + [{} for _ in range(players - len(checked.seats))]
        kinds = [str(s.get("kind", "human")) for s in seats[:players]]
        levels = [str(s["level"]) if s.get("level") is not None else None for s in seats[:players]]
        keys = [
            player_key(kinds[i], str(seats[i].get("name", f"Seat {i}")), levels[i]) for i in range(players)
        ]
        totals = [float(t) for t in checked.totals]
        best = winners(checked.totals)
        results = ["draw" if i in best and len(best) > 1 else "win" if i in best else "loss" for i in range(players)]
        game = checked.game.info.name
        finished = str(meta.get("updated") or _now())

        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if save_id is not None:
                    row = conn.execute("SELECT id FROM matches WHERE save_id = ?", (save_id,)).fetchone()
                    if row:
                        conn.execute("ROLLBACK")
                        return int(row[0])
                cursor = conn.execute(
                    "INSERT INTO matches (save_id, game, players, finished, deals, assisted, record)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (save_id, game, players, finished, len(checked.deals), int(bool(meta.get("assisted"))),
                     json.dumps(record, ensure_ascii=False)),
                )
                match_id = int(cursor.lastrowid or 0)
                conn.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(match_id, i, keys[i], kinds[i], levels[i], totals[i], results[i], hints[i], undos[i])
                     for i in range(players)],
                )
                rows = _deal_rows(match_id, checked.deals, checked.game.roles())
                conn.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?)", rows)
                priors = [self._rating(conn, game, key) for key in keys]
                for key, rating in rate_match(priors, keys, totals).items():
                    kind = kinds[keys.index(key)]
                    conn.execute(
                        "INSERT INTO ratings VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (game, player)"
                        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches",
                        (game, key, kind, rating.mu, rating.sigma, rating.matches),
                    )
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        return match_id

    @staticmethod
    def _rating(conn: sqlite3.Connection, game: str, key: str) -> Rating:
        row = conn.execute("SELECT mu, sigma, matches FROM ratings WHERE game = ? AND player = ?",
                           (game, key)).fetchone()
        return Rating(float(row[0]), float(row[1]), int(row[2])) if row else Rating()

    # -- reading ----------------------------------------------------------------------------------
    def matches(self, game: str | None = None, limit: int | None = None) -> list[HistoryEntry]:
        """Finished matches, newest first."""
        sql = "SELECT id, game, finished, deals FROM matches"
        args: list[object] = []
        if game:
            sql += " WHERE game = ?"
            args.append(game)
        sql += " ORDER BY id DESC"
        if limit:
            sql += " LIMIT ?"
            args.append(limit)
        out: list[HistoryEntry] = []
        with self._connection() as conn:
            for match_id, name, finished, deals in conn.execute(sql, args).fetchall():
                seats = conn.execute("SELECT player, total, result FROM seats WHERE match_id = ? ORDER BY seat",
                                     (match_id,)).fetchall()
                out.append(HistoryEntry(int(match_id), str(name), str(finished), int(deals),
                                        tuple(str(s[0]) for s in seats), tuple(float(s[1]) for s in seats),
                                        tuple(str(s[2]) for s in seats)))
        return out

    def record(self, match_id: int) -> dict[str, object]:
        """The stored record of history match ``match_id``."""
        with self._connection() as conn:
            row = conn.execute("SELECT record FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise CardsuiteError(f"no match {match_id} in the history (see `cardsuite history`)")
        data = json.loads(row[0])
        if not isinstance(data, dict):
            raise CardsuiteError(f"match {match_id} in the history holds no record")
        return data

    def ratings(self, game: str | None = None) -> dict[str, dict[str, Rating]]:
        """Ratings by game, then by player (``Ann``, ``CPU hard``), best first."""
        sql = "SELECT game, player, mu, sigma, matches FROM ratings"
        args: tuple[object, ...] = ()
        if game:
            sql += " WHERE game = ?"
            args = (game,)
        out: dict[str, dict[str, Rating]] = {}
        with self._connection() as conn:
            rows = conn.execute(sql, args).fetchall()
        for name, player, mu, sigma, count in sorted(rows, key=lambda r: (r[0], -(r[2] - 3 * r[3]), r[1])):
            out.setdefault(str(name), {})[str(player)] = Rating(float(mu), float(sigma), int(count))
        return out

    def rows(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """Rows of a read-only query (for ``stats``)."""
        with self._connection() as conn:
            return [tuple(r) for r in conn.execute(sql, args).fetchall()]


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _seat_counts(raw: object, players: int) -> list[int]:
    values = [int(v) for v in raw if isinstance(v, int)] if isinstance(raw, list) else []
    return (values + [0] * players)[:players]


def _deal_rows(match_id: int, deals: tuple[ReplayedDeal, ...], roles: Mapping[str, Role]) -> list[tuple[object, ...]]:
    """One row per seat of each played deal: its role, its contract, and whether its side won (the game's
    ``roles()`` say which roles are on the declarer's side)."""
    rows: list[tuple[object, ...]] = []
    for index, deal in enumerate(deals):
        s = deal.summary
        if not deal.complete or s.redeal or s.declarer is None:
            continue
        players = len(deal.scores)
        for seat in range(players):
            role = s.roles.get(seat) or ("declarer" if seat == s.declarer else "defender")
            known = roles.get(role)
            on_declarer_side = known.declarer_side if known is not None else seat == s.declarer
            won = None if s.made is None else (s.made if on_declarer_side else not s.made)
            contract = str(s.contract) if seat == s.declarer and s.contract is not None else None
            rows.append((match_id, index, seat, role, contract, None if won is None else int(won)))
    return rows


def ratings_for(game: str | None = None) -> dict[str, dict[str, Rating]]:
    """Ratings by game and player, for the home screen (empty when nothing is filed yet)."""
    return History().ratings(game)

