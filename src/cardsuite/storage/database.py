"""The history database's tables, their checksums, the ratings kept in them, and upgrades of older files.

Tables: ``matches`` (the record itself, as JSON, keyed by ``match_key``: see ``storage.meta``), ``seats``
(who sat where: a person's name or ``CPU <level>`` with its kind, the total, win/draw/loss, hints and
undos), ``deals`` (per seat and deal: role, contract, whether its side won) and ``ratings`` (per game and
identity: kind and player together, so a person called "CPU easy" is never the CPU).

Each filed match carries a checksum of its rows (the match, its seats and deals) and of its record alone;
each rating row carries its own, so a flipped byte that SQLite's ``quick_check`` does not see is found.
A file of an older schema is upgraded in place, in one transaction, keeping every match and its id.
"""

from __future__ import annotations

import hashlib
import sqlite3
import struct
from collections.abc import Callable, Iterable

from ..core.errors import CardsuiteError
from ..files import parse_json
from .meta import match_key
from .ratings import Rating, rate_played

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id INTEGER PRIMARY KEY,
    save_id TEXT,
    match_key TEXT NOT NULL UNIQUE,
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
    kind TEXT NOT NULL,
    player TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    matches INTEGER NOT NULL,
    checksum TEXT,
    PRIMARY KEY (game, kind, player)
);
CREATE INDEX IF NOT EXISTS seats_player ON seats(player);
"""

SCHEMA_VERSION = 2
"""``PRAGMA user_version``: 0 is a file from before checksums, 1 one keyed by save id with ratings by name."""
MATCH_COLUMNS = "id, save_id, match_key, game, players, finished, deals, assisted, record, record_sum"
RATING_COLUMNS = "game, kind, player, mu, sigma, matches"
_V1_MATCH_COLUMNS = "id, save_id, game, players, finished, deals, assisted, record, record_sum"
_V1_RATING_COLUMNS = "game, player, kind, mu, sigma, matches"
CORRUPT_CODES = frozenset({11, 26})  # SQLITE_CORRUPT, SQLITE_NOTADB


class Damaged(Exception):
    """The database holds what no version of cardsuite wrote (a checksum that does not match)."""


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


def seal_match(conn: sqlite3.Connection, match_id: int) -> None:
    """Store the checksums of a match just filed (inside its transaction)."""
    match = tuple(conn.execute(f"SELECT {MATCH_COLUMNS} FROM matches WHERE id = ?", (match_id,)).fetchone())
    seats = conn.execute("SELECT * FROM seats WHERE match_id = ? ORDER BY seat", (match_id,)).fetchall()
    deals = conn.execute("SELECT * FROM deals WHERE match_id = ? ORDER BY deal, seat", (match_id,)).fetchall()
    record_sum = match[-1] if match[-1] is not None else digest([match[-2]])
    match = (*match[:-1], record_sum)
    conn.execute("UPDATE matches SET record_sum = ?, checksum = ? WHERE id = ?",
                 (record_sum, _match_sum(match, [tuple(r) for r in seats], [tuple(r) for r in deals]), match_id))


def _seal_rating(conn: sqlite3.Connection, game: str, kind: str, player: str) -> None:
    row = conn.execute(f"SELECT {RATING_COLUMNS} FROM ratings WHERE game = ? AND kind = ? AND player = ?",
                       (game, kind, player)).fetchone()
    conn.execute("UPDATE ratings SET checksum = ? WHERE game = ? AND kind = ? AND player = ?",
                 (digest(row), game, kind, player))


def rating_of(conn: sqlite3.Connection, game: str, kind: str, player: str) -> Rating:
    """The rating of one identity in one game (a newcomer's when it has none)."""
    row = conn.execute("SELECT mu, sigma, matches FROM ratings WHERE game = ? AND kind = ? AND player = ?",
                       (game, kind, player)).fetchone()
    return Rating(float(row[0]), float(row[1]), int(row[2])) if row else Rating()


def played_by(seat: tuple[str, str]) -> list[tuple[str, str]]:
    """Who a seat's result is charged to: a person's seat, that person; one the CPU helped (``shared``), the
    person of that name (a loss still costs them: ``ratings.rate_played``); a CPU's, nobody."""
    kind, player = seat
    return [] if kind == "cpu" else [("human", player)]


def rate_into(conn: sqlite3.Connection, game: str, seats: list[tuple[str, str]], totals: list[float]) -> None:
    """Update the ratings of a match's seats (``(kind, player)`` each) from its totals, inside a transaction; a
    seat the CPU helped is rated apart, and its result also costs its person where it would lower their rating."""
    people = [played_by(seat) for seat in seats]
    priors = {who: rating_of(conn, game, *who) for who in [*seats, *(p for seat in people for p in seat)]}
    for (kind, player), rating in rate_played(priors, seats, totals, people).items():
        conn.execute(
            "INSERT INTO ratings (game, kind, player, mu, sigma, matches) VALUES (?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (game, kind, player)"
            " DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma, matches = excluded.matches",
            (game, kind, player, rating.mu, rating.sigma, rating.matches),
        )
        _seal_rating(conn, game, kind, player)


def verify(conn: sqlite3.Connection, match_columns: str = MATCH_COLUMNS, rating_columns: str = RATING_COLUMNS) -> None:
    """Check every match's and rating's checksum, reading text as bytes; ``Damaged`` names the first bad one."""
    conn.text_factory = bytes
    try:
        seats: dict[object, list[tuple[object, ...]]] = {}
        for row in conn.execute("SELECT * FROM seats ORDER BY match_id, seat"):
            seats.setdefault(row[0], []).append(tuple(row))
        deals: dict[object, list[tuple[object, ...]]] = {}
        for row in conn.execute("SELECT * FROM deals ORDER BY match_id, deal, seat"):
            deals.setdefault(row[0], []).append(tuple(row))
        for row in conn.execute(f"SELECT {match_columns}, checksum FROM matches"):
            *match, checksum = tuple(row)
            if digest([match[-2]]) != text_of(match[-1]) or \
                    _match_sum(match, seats.pop(match[0], []), deals.pop(match[0], [])) != text_of(checksum):
                raise Damaged(f"match {match[0]} does not match its checksum")
        if seats or deals:
            raise Damaged("rows of a match that is not there")
        for row in conn.execute(f"SELECT {rating_columns}, checksum FROM ratings"):
            if digest(tuple(row)[:-1]) != text_of(row[-1]):
                raise Damaged("a rating does not match its checksum")
    finally:
        conn.text_factory = str


def text_of(value: object) -> str:
    """A checksum read back as text (it may come as bytes)."""
    return value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)


class NewerSchema(sqlite3.OperationalError):
    """A history file written by a newer cardsuite: its schema ``version`` is above ``SCHEMA_VERSION``."""

    def __init__(self, version: int) -> None:
        super().__init__(f"written by a newer cardsuite (schema {version})")
        self.version = version


def prepare(conn: sqlite3.Connection, begin: Callable[[str], object]) -> None:
    """Create the tables, or upgrade a file of an older schema; ``begin(sql)`` starts the transaction.

    An upgrade keeps every match and its id: each gets its ``match_key`` from its record, and the ratings
    are worked out again from the seats in filing order, by identity (kind and player).
    """
    if int(conn.execute("PRAGMA user_version").fetchone()[0]) == SCHEMA_VERSION:
        return
    begin("BEGIN IMMEDIATE")
    try:
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise NewerSchema(version)
        if version < SCHEMA_VERSION:
            tables = {str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            if "matches" in tables:
                _upgrade(conn, version)
            else:
                _create(conn)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        conn.execute("COMMIT")
    except BaseException:
        conn.execute("ROLLBACK")
        raise


def _create(conn: sqlite3.Connection) -> None:
    for statement in SCHEMA.split(";"):
        if statement.strip():
            conn.execute(statement)


def _columns(conn: sqlite3.Connection, table: str) -> set[str]:
    return {str(r[1]) for r in conn.execute(f"PRAGMA table_info({table})")}


def _upgrade(conn: sqlite3.Connection, version: int) -> None:
    """Bring a schema 0 or 1 file to the current schema (inside the caller's transaction)."""
    _create_missing(conn)
    if version == 1 and {"record_sum", "checksum"} <= _columns(conn, "matches"):
        verify(conn, _V1_MATCH_COLUMNS, _V1_RATING_COLUMNS)  # a damaged file is moved aside, not upgraded
    rows = conn.execute("SELECT id, save_id, game, players, finished, deals, assisted, record FROM matches "
                        "ORDER BY id").fetchall()
    conn.execute("DROP TABLE matches")
    conn.execute("DROP TABLE IF EXISTS ratings")
    _create(conn)
    used: set[str] = set()
    for match_id, save_id, game, players, finished, deals, assisted, text in rows:
        key = _key_of(text, int(match_id))
        if key in used:  # the same match filed twice before keys: both rows stay, nothing is dropped
            key = f"{key}#{match_id}"
        used.add(key)
        conn.execute(f"INSERT INTO matches ({MATCH_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL)",
                     (match_id, save_id, key, game, players, finished, deals, assisted, text))
        seal_match(conn, int(match_id))
        seats = conn.execute("SELECT kind, player, total FROM seats WHERE match_id = ? ORDER BY seat",
                             (match_id,)).fetchall()
        if seats:
            rate_into(conn, str(game), [(str(k), str(p)) for k, p, _ in seats], [float(t) for _, _, t in seats])


def _create_missing(conn: sqlite3.Connection) -> None:
    """The seats and deals tables of a file that lacks them (a schema 0 file may)."""
    for statement in SCHEMA.split(";"):
        if statement.strip() and ("TABLE IF NOT EXISTS seats" in statement or "TABLE IF NOT EXISTS deals" in statement):
            conn.execute(statement)


def _key_of(text: object, match_id: int) -> str:
    """A stored record's ``match_key``; a row whose record does not parse keeps a key of its own."""
    try:
        data = parse_json(text.decode("utf-8") if isinstance(text, bytes) else str(text))
    except (CardsuiteError, UnicodeDecodeError):
        return f"row-{match_id}"
    return match_key(data) if isinstance(data, dict) else f"row-{match_id}"
