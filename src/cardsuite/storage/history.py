"""The history of finished matches: a SQLite database (WAL mode) holding each record and what statistics need.

Tables: ``matches`` (the record itself, as JSON), ``seats`` (who sat where, their total, win/draw/loss,
hints and undos), ``deals`` (per seat and deal: role, contract, whether its side won) and ``ratings``.
Every write is one ``BEGIN IMMEDIATE`` transaction, so two programs filing matches at once wait for each
other instead of losing a rating update.

Each filed match carries a checksum of its rows (the match, its seats and deals) and of its record alone;
each rating row carries its own. Reading checks them, so a flipped byte that SQLite's ``quick_check``
does not see cannot silently change a statistic. A damaged database (or anything that is not a regular
file in its place) is moved aside, a new one is started, and every match whose record is intact is filed
into it again, in order, which also rebuilds the ratings.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import stat
import struct
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..core.errors import CardsuiteError
from ..core.match import winners
from ..core.presentation import Role
from ..core.record import ReplayedDeal, as_record, replay
from ..core.registry import get_game
from ..files import FileRefused, ensure_folder, parse_json
from ..i18n import _, ngettext, pgettext
from ..naming import shown
from . import paths
from .ratings import Rating, player_key, rate_match
from .saves import COUNT_LIMIT, save_meta

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
    record TEXT NOT NULL,
    record_sum TEXT,
    checksum TEXT
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
    checksum TEXT,
    PRIMARY KEY (game, player)
);
CREATE INDEX IF NOT EXISTS seats_player ON seats(player);
"""

SCHEMA_VERSION = 1
"""``PRAGMA user_version``: 0 is a database from before checksums (they are added on opening)."""
_CORRUPT_CODES = frozenset({11, 26})  # SQLITE_CORRUPT, SQLITE_NOTADB


class _Damaged(Exception):
    pass


def digest(values: Iterable[object]) -> str:
    """A SHA-256 of database values, the same whether text is read as ``str`` or as UTF-8 ``bytes``."""
    out = hashlib.sha256()
    for value in values:
        if value is None:
            out.update(b"n")
        elif isinstance(value, bool | int):
            out.update(b"i" + str(int(value)).encode() + b";")
        elif isinstance(value, float):
            out.update(b"f" + struct.pack(">d", value))
        else:
            data = value if isinstance(value, bytes) else str(value).encode("utf-8", "surrogatepass")
            out.update(b"t" + str(len(data)).encode() + b":" + data)
    return out.hexdigest()


def _match_sum(match: Iterable[object], seats: Iterable[Iterable[object]], deals: Iterable[Iterable[object]]) -> str:
    """The checksum of one filed match: its row (without the checksum) and its seat and deal rows in order."""
    values: list[object] = list(match)
    for kind, rows in (("seat", seats), ("deal", deals)):
        for row in rows:
            values.append(kind)
            values.extend(row)
    return digest(values)


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
    if isinstance(exc, sqlite3.OperationalError) and "decode" in str(exc):
        return True  # text that is not UTF-8 any more
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
        """One line: id, date, game, each seat's total, the winner(s) (names safe to print)."""
        names = [shown(n) for n in self.names]
        comma = pgettext("list separator", ", ")
        seats = comma.join(f"{n} {_num(t)}" for n, t in zip(names, self.totals, strict=True))
        best = [n for n, r in zip(names, self.results, strict=True) if r in ("win", "draw")]
        verdict = (_("draw: {names}") if len(best) > 1 else _("won by {names}")).format(names=comma.join(best))
        deals = ngettext("{n} deal", "{n} deals", self.deals).format(n=self.deals)
        return f"{self.id:>4}  {shown(self.finished)}  {self.game:<9} {deals:>8}  {seats}  ({verdict})"


def _num(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


class History:
    """The history database at ``path`` (default: ``history.sqlite3`` in the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.history_path()

    def _fail(self, why: object) -> paths.StorageError:
        return paths.StorageError(f"history database {shown(str(self.path))}: {why}")

    def _open(self, verify: bool = False) -> sqlite3.Connection:
        """A checked connection; a damaged database is moved aside, its intact matches filed into a new one."""
        try:
            ensure_folder(self.path.parent)
        except FileRefused as exc:
            raise self._fail(exc) from None
        for attempt in range(2):
            try:
                self._check_file()
                conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            except (sqlite3.Error, _Damaged) as exc:
                if attempt or not _is_damage(exc):
                    raise self._fail(exc) from None
                self._replace_damaged(str(exc))
                continue
            try:
                conn.execute("PRAGMA busy_timeout = 30000")
                _while_locked(conn.execute, "PRAGMA journal_mode = WAL")
                check = _while_locked(conn.execute, "PRAGMA quick_check").fetchone()
                if not check or check[0] != "ok":
                    raise _Damaged(str(check[0]) if check else "no answer to a check")
                self._prepare(conn)
                if verify:
                    _verify(conn)
                return conn
            except (sqlite3.Error, _Damaged) as exc:
                conn.close()
                if attempt or not _is_damage(exc):
                    raise self._fail(exc) from None
                self._replace_damaged(str(exc))
        raise AssertionError("unreachable")

    def _check_file(self) -> None:
        """Only a regular file may be opened as the database (a folder, a FIFO or a device is damage)."""
        try:
            mode = os.stat(self.path).st_mode
        except FileNotFoundError:
            return
        except OSError as exc:
            raise sqlite3.OperationalError(exc.strerror or str(exc)) from None
        if not stat.S_ISREG(mode):
            raise _Damaged("not a regular file")

    @staticmethod
    def _prepare(conn: sqlite3.Connection) -> None:
        """Create the schema, or add the checksums to a database from before them (sealing its rows as found)."""
        if int(conn.execute("PRAGMA user_version").fetchone()[0]) == SCHEMA_VERSION:
            return
        _while_locked(conn.execute, "BEGIN IMMEDIATE")
        try:
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise sqlite3.OperationalError(f"written by a newer cardsuite (schema {version})")
            if version < SCHEMA_VERSION:
                for statement in SCHEMA.split(";"):
                    if statement.strip():
                        conn.execute(statement)
                for table, column in (("matches", "record_sum"), ("matches", "checksum"), ("ratings", "checksum")):
                    if column not in {r[1] for r in conn.execute(f"PRAGMA table_info({table})")}:
                        conn.execute(f"ALTER TABLE {table} ADD COLUMN {column} TEXT")
                for (match_id,) in conn.execute("SELECT id FROM matches WHERE checksum IS NULL").fetchall():
                    _seal_match(conn, int(match_id))
                for game, player in conn.execute("SELECT game, player FROM ratings WHERE checksum IS NULL").fetchall():
                    _seal_rating(conn, game, player)
                conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _replace_damaged(self, why: str) -> None:
        """Move the damaged database aside and file the intact matches it held into a new one."""
        line = paths.quarantine(self.path, why, companions=("-wal", "-shm"))
        aside = _aside_path(self.path, line)
        if aside is None:
            return
        records = _salvage(aside)
        if not records:
            return
        filed = 0
        for record in records:
            try:
                self.record_finished(record)
                filed += 1
            except CardsuiteError:
                continue
        paths.note(f"{filed} of the finished matches in {aside.name} were filed into a new history database")

    @contextmanager
    def _connection(self, verify: bool = False) -> Iterator[sqlite3.Connection]:
        conn = self._open(verify)
        try:
            yield conn
        except sqlite3.Error as exc:
            raise self._fail(exc) from None
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
        updated = meta.get("updated")
        finished = updated[:40] if isinstance(updated, str) and updated else _now()
        text = json.dumps(record, ensure_ascii=False)
        try:
            for value in (text, *keys):
                value.encode("utf-8")
        except UnicodeEncodeError:
            raise CardsuiteError("the match holds text that is not valid Unicode: it cannot be filed") from None

        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                if save_id is not None:
                    row = conn.execute("SELECT id FROM matches WHERE save_id = ?", (save_id,)).fetchone()
                    if row:
                        conn.execute("ROLLBACK")
                        return int(row[0])
                cursor = conn.execute(
                    "INSERT INTO matches (save_id, game, players, finished, deals, assisted, record, record_sum)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (save_id, game, players, finished, len(checked.deals), int(meta.get("assisted") is True),
                     text, digest([text])),
                )
                match_id = int(cursor.lastrowid or 0)
                conn.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(match_id, i, keys[i], kinds[i], levels[i], totals[i], results[i], hints[i], undos[i])
                     for i in range(players)],
                )
                rows = _deal_rows(match_id, checked.deals, checked.game.roles())
                conn.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?)", rows)
                _seal_match(conn, match_id)
                priors = [self._rating(conn, game, key) for key in keys]
                for key, rating in rate_match(priors, keys, totals).items():
                    kind = kinds[keys.index(key)]
                    conn.execute(
                        "INSERT INTO ratings (game, player, kind, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?)"
                        " ON CONFLICT (game, player)"
                        " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches",
                        (game, key, kind, rating.mu, rating.sigma, rating.matches),
                    )
                    _seal_rating(conn, game, key)
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
        with self._connection(verify=True) as conn:
            for match_id, name, finished, deals in conn.execute(sql, args).fetchall():
                seats = conn.execute("SELECT player, total, result FROM seats WHERE match_id = ? ORDER BY seat",
                                     (match_id,)).fetchall()
                out.append(HistoryEntry(int(match_id), str(name), str(finished), int(deals),
                                        tuple(str(s[0]) for s in seats), tuple(float(s[1]) for s in seats),
                                        tuple(str(s[2]) for s in seats)))
        return out

    def record(self, match_id: int) -> dict[str, object]:
        """The stored record of history match ``match_id``."""
        with self._connection(verify=True) as conn:
            row = conn.execute("SELECT record FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise CardsuiteError(f"no match {match_id} in the history (see `cardsuite history`)")
        try:
            return as_record(parse_json(str(row[0])))
        except CardsuiteError as exc:
            raise CardsuiteError(f"match {match_id} in the history holds no record ({exc})") from None

    def ratings(self, game: str | None = None) -> dict[str, dict[str, Rating]]:
        """Ratings by game, then by player (``Ann``, ``CPU hard``), best first."""
        sql = "SELECT game, player, mu, sigma, matches FROM ratings"
        args: tuple[object, ...] = ()
        if game:
            sql += " WHERE game = ?"
            args = (game,)
        out: dict[str, dict[str, Rating]] = {}
        with self._connection(verify=True) as conn:
            rows = conn.execute(sql, args).fetchall()
        for name, player, mu, sigma, count in sorted(rows, key=lambda r: (r[0], -(r[2] - 3 * r[3]), r[1])):
            out.setdefault(str(name), {})[str(player)] = Rating(float(mu), float(sigma), int(count))
        return out

    def rows(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """Rows of a read-only query (for ``stats``)."""
        with self._connection(verify=True) as conn:
            return [tuple(r) for r in conn.execute(sql, args).fetchall()]


_MATCH_COLUMNS = "id, save_id, game, players, finished, deals, assisted, record, record_sum"


def _match_rows(conn: sqlite3.Connection, match_id: int) -> tuple[tuple[object, ...], list[tuple[object, ...]],
                                                                    list[tuple[object, ...]]]:
    match = conn.execute(f"SELECT {_MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)).fetchone()
    seats = conn.execute("SELECT * FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)).fetchall()
    deals = conn.execute("SELECT * FROM deals WHERE match_id = ? ORDER BY deal, seat", (match_id,)).fetchall()
    return tuple(match), [tuple(r) for r in seats], [tuple(r) for r in deals]


def _seal_match(conn: sqlite3.Connection, match_id: int) -> None:
    """Store the checksums of a match just filed (inside its transaction)."""
    match, seats, deals = _match_rows(conn, match_id)
    record_sum = match[-1] if match[-1] is not None else digest([match[-2]])
    match = (*match[:-1], record_sum)
    conn.execute("UPDATE matches SET record_sum = ?, checksum = ? WHERE id = ?",
                 (record_sum, _match_sum(match, seats, deals), match_id))


def _seal_rating(conn: sqlite3.Connection, game: object, player: object) -> None:
    row = conn.execute("SELECT game, player, kind, mu, sigma, matches FROM ratings WHERE game = ? AND player = ?",
                       (game, player)).fetchone()
    conn.execute("UPDATE ratings SET checksum = ? WHERE game = ? AND player = ?", (digest(row), game, player))


def _verify(conn: sqlite3.Connection) -> None:
    """Check every match's and rating's checksum, reading text as bytes; ``_Damaged`` names the first bad one."""
    conn.text_factory = bytes
    try:
        seats: dict[object, list[tuple[object, ...]]] = {}
        for row in conn.execute("SELECT * FROM seats ORDER BY match_id, seat"):
            seats.setdefault(row[0], []).append(tuple(row))
        deals: dict[object, list[tuple[object, ...]]] = {}
        for row in conn.execute("SELECT * FROM deals ORDER BY match_id, deal, seat"):
            deals.setdefault(row[0], []).append(tuple(row))
        for row in conn.execute(f"SELECT {_MATCH_COLUMNS}, checksum FROM matches"):
            *match, checksum = tuple(row)
            if digest([match[-2]]) != _text(match[-1]) or \
                    _match_sum(match, seats.pop(match[0], []), deals.pop(match[0], [])) != _text(checksum):
                raise _Damaged(f"match {match[0]} does not match its checksum")
        if seats or deals:
            raise _Damaged("rows of a match that is not there")
        for row in conn.execute("SELECT game, player, kind, mu, sigma, matches, checksum FROM ratings"):
            if digest(tuple(row)[:-1]) != _text(row[-1]):
                raise _Damaged("a rating does not match its checksum")
    finally:
        conn.text_factory = str


def _text(value: object) -> str:
    return value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)


def _aside_path(path: Path, line: str) -> Path | None:
    """Where ``quarantine`` moved ``path`` (read back from its notice), or None if it could not move it."""
    marker = "moved aside to "
    if marker not in line:
        return None
    return path.with_name(line.rsplit(marker, 1)[1])


def _salvage(path: Path) -> list[dict[str, object]]:
    """The records of a damaged database whose text still matches its own checksum, oldest first."""
    if not path.is_file():
        return []
    out: list[dict[str, object]] = []
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1)
    except sqlite3.Error:
        return []
    try:
        conn.text_factory = bytes
        rows = conn.execute("SELECT record, record_sum FROM matches ORDER BY id").fetchall()
    except sqlite3.Error:
        return []
    finally:
        conn.close()
    for text, record_sum in rows:
        if not isinstance(text, bytes) or record_sum is None or digest([text]) != _text(record_sum):
            continue
        try:
            out.append(as_record(parse_json(text.decode("utf-8"))))
        except (UnicodeDecodeError, CardsuiteError):
            continue
    return out


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _seat_counts(raw: object, players: int) -> list[int]:
    """Per-seat counts from a save: whole numbers 0..COUNT_LIMIT, anything else 0 (never an overflow)."""
    values = raw if isinstance(raw, list) else []
    counts = [min(v, COUNT_LIMIT) if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0
              for v in values[:players]]
    return (counts + [0] * players)[:players]


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

