"""The history of finished matches: a SQLite database (WAL mode) holding each record and what statistics need.

The tables, their checksums and upgrades are in ``storage.database``. Every write is one ``BEGIN
IMMEDIATE`` transaction, so two programs filing matches at once wait for each other instead of losing a
rating update. A match is filed under its ``match_key`` (``storage.meta``): filing the same match again
changes nothing, and two matches never take each other's place. Reading checks the checksums; a damaged
database (or anything that is not a regular file in its place) is moved aside, a new one is started, and
every match whose record is intact is filed into it again, in order, which also rebuilds the ratings.
Reading a history that does not exist yet creates nothing. Where the database, or the folder it is in,
cannot be written (a backup mounted read-only, a full disk, another user's folder), reading opens it
read-only (``storage.readonly``) and changes nothing: a damaged database is left where it is and an older
schema is not upgraded, each said in one line.
"""

from __future__ import annotations

import functools
import json
import os
import sqlite3
import stat
import time
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from ..core.errors import CardsuiteError, UnknownGame, message_of
from ..core.match import winners
from ..core.message import Message, msg, msg_n
from ..core.presentation import Role
from ..core.record import ReplayedDeal, as_record, replay
from ..core.registry import get_game
from ..files import FileRefused, parse_json
from ..filewrites import ensure_folder, link_words
from ..i18n import _, game_words, ngettext, pgettext
from ..naming import shown
from . import paths
from .database import (
    CORRUPT_CODES,
    MATCH_COLUMNS,
    SCHEMA_VERSION,
    Damaged,
    NewerSchema,
    digest,
    prepare,
    rate_into,
    seal_match,
    text_of,
)
from .database import verify as verify_all
from .listwords import cells, label_words, local_minute, padded, seat_scores
from .meta import counts, match_key, save_meta
from .ratings import Rating, identity, player_labels, seat_labels
from .readonly import connect_read_only, is_unwritable

T = TypeVar("T")


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
    if isinstance(exc, Damaged):
        return True
    if isinstance(exc, sqlite3.OperationalError) and "decode" in str(exc):
        return True  # text that is not UTF-8 any more
    if isinstance(exc, sqlite3.DatabaseError) and not isinstance(exc, sqlite3.OperationalError):
        code = getattr(exc, "sqlite_errorcode", None)
        return code in CORRUPT_CODES or "malformed" in str(exc) or "not a database" in str(exc)
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
    seats: tuple[tuple[str, str], ...] = ()
    """Who each seat is (``ratings.identity``): its label's words come from it."""

    def describe(self) -> str:
        """One line: id, local time, game, each seat's total, the winner(s), in the reader's words (names safe to
        print)."""
        words = self.names
        if self.seats:
            words = tuple(label_words(kind, player, label)
                          for (kind, player), label in zip(self.seats, self.names, strict=True))
        names = [shown(n) for n in words]
        comma = pgettext("list separator", ", ")
        scores = seat_scores(names, self.totals)
        best = [n for n, r in zip(names, self.results, strict=True) if r in ("win", "draw")]
        # TRANSLATORS: the end of a line of `cardsuite history`, in brackets
        verdict = (_("(draw: {names})") if len(best) > 1 else _("(won by {names})")).format(names=comma.join(best))
        column = cells(ngettext("{n} deal", "{n} deals", 100).format(n=100))  # aligned up to 999 deals
        deals = padded(ngettext("{n} deal", "{n} deals", self.deals).format(n=self.deals), column, right=True)
        title = padded(game_title(self.game), 9)
        return f"{self.id:>4}  {local_minute(self.finished)}  {title} {deals}  {scores}  {verdict}"


def game_title(key: str) -> str:
    """A game's title in the language in use; its key when it is not installed (or does not load)."""
    try:
        game = get_game(key)
    except UnknownGame:
        return shown(key)
    return game_words(game).gettext(game.info.title)


class _Unwritable(paths.StorageError):
    """The database could not be opened for writing (a read-only or full file system): a reader reads it
    read-only instead; a writer reports it like any other failure."""


class History:
    """The history database at ``path`` (default: ``history.sqlite3`` in the data folder)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.history_path()

    def _fail(self, why: object) -> paths.StorageError:
        """``history database FILE: WHY`` in the reader's language (the system's and SQLite's words stay English)."""
        if isinstance(why, NewerSchema):
            why = msg("written by a newer cardsuite (schema {version})", version=why.version)
        reason = why if isinstance(why, Message) else message_of(why) if isinstance(why, CardsuiteError) \
            else Message(shown(str(why)))
        line = msg("history database {file}: {reason}", file=shown(str(self.path)), reason=reason)
        if isinstance(why, sqlite3.Error) and is_unwritable(why):
            return _Unwritable(line)
        return paths.StorageError(line)

    def _open(self, verify: bool = False) -> sqlite3.Connection:
        """A checked connection; a damaged database is moved aside, its intact matches filed into a new one."""
        try:
            ensure_folder(self.path.parent)
        except FileRefused as exc:
            raise self._fail(exc) from None
        linked = self._linked()
        if linked is not None:  # SQLite would write through it, into whatever file it points to
            raise self._fail(msg("cannot write {file}: {reason}", file=shown(linked.name), reason=link_words()))
        for attempt in range(2):
            try:
                self._check_file()
                conn = sqlite3.connect(self.path, timeout=30, isolation_level=None)
            except (sqlite3.Error, Damaged) as exc:
                if attempt or not _is_damage(exc):
                    raise self._fail(exc) from None
                self._replace_damaged(str(exc))
                continue
            try:
                conn.execute("PRAGMA busy_timeout = 30000")
                _while_locked(conn.execute, "PRAGMA journal_mode = WAL")
                check = _while_locked(conn.execute, "PRAGMA quick_check").fetchone()
                if not check or check[0] != "ok":
                    raise Damaged(str(check[0]) if check else "no answer to a check")
                self._keep_before_upgrade(conn)
                prepare(conn, functools.partial(_while_locked, conn.execute))
                if verify:
                    verify_all(conn)
                return conn
            except (sqlite3.Error, Damaged) as exc:
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
            raise Damaged("not a regular file")

    def _keep_before_upgrade(self, conn: sqlite3.Connection) -> None:
        """Copy a file of an older schema to ``history.sqlite3.schema-N`` before it is upgraded (never over a file)."""
        version = int(conn.execute("PRAGMA user_version").fetchone()[0])
        tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = 'matches'")
        if version >= SCHEMA_VERSION or not tables.fetchone()[0]:
            return
        for counter in range(100):
            name = f"{self.path.name}.schema-{version}" + (f"-{counter}" if counter else "")
            kept = self.path.with_name(name)
            try:
                fd = os.open(kept, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            except FileExistsError:
                continue
            except OSError as exc:  # a full disk, a folder that takes no new file: no copy, so no upgrade
                raise sqlite3.OperationalError(exc.strerror or str(exc)) from None
            os.close(fd)
            copy = sqlite3.connect(kept)
            try:
                conn.backup(copy)
            except sqlite3.Error:
                copy.close()
                kept.unlink(missing_ok=True)  # the unfinished copy made just now; the database is untouched
                raise
            copy.close()
            paths.note(msg("the history database was upgraded; the file as it was is kept as {file}", file=shown(name)))
            return

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
        paths.note(msg_n("{n} of the finished matches in {file} was filed into a new history database",
                         "{n} of the finished matches in {file} were filed into a new history database", filed,
                         file=shown(aside.name)))

    def _linked(self) -> Path | None:
        """The database's file, ``-wal`` or ``-shm`` that is a symbolic link, if one is: it is never written through
        (``filewrites.refuse_link``), only read read-only."""
        for name in (self.path.name, f"{self.path.name}-wal", f"{self.path.name}-shm"):
            if os.path.islink(self.path.with_name(name)):
                return self.path.with_name(name)
        return None

    def _may_write(self) -> bool:
        """Whether this program may write the database and beside it (SQLite's ``-wal`` and ``-shm``, a
        copy kept before an upgrade, a damaged file moved aside); a read-only file system answers no, even
        to root."""
        return os.access(self.path.parent, os.W_OK) and os.access(self.path, os.W_OK)

    def _open_for_reading(self, verify: bool) -> sqlite3.Connection:
        """A connection for reading: the usual one where this program may write, else (or when opening it
        for writing fails because the file system will not take a write, or the database's file is a symbolic
        link) a read-only one."""
        linked = self._linked()
        if linked not in (None, self.path):  # SQLite might write its -shm even reading: refused like a write
            return self._open(verify)
        if self._may_write() and linked is None:
            try:
                return self._open(verify)
            except _Unwritable:
                pass
        return self._open_read_only(verify)

    def _open_read_only(self, verify: bool) -> sqlite3.Connection:
        """A checked read-only connection that changes no file: damage and an older schema are refused in
        one line, never moved aside or upgraded (a run that can write does that)."""
        try:
            self._check_file()
            conn = connect_read_only(self.path)
        except (sqlite3.Error, Damaged) as exc:
            raise self._left_as_it_is(exc) if _is_damage(exc) else self._fail(exc) from None
        try:
            conn.execute("PRAGMA busy_timeout = 30000")
            check = conn.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise Damaged(str(check[0]) if check else "no answer to a check")
            version = int(conn.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA_VERSION:
                raise self._fail(NewerSchema(version))
            if version < SCHEMA_VERSION:
                tables = conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0]
                if not tables:  # created and never filed into: an empty history
                    conn.close()
                    return _empty_history()
                raise self._fail(msg("written by an older cardsuite (schema {version}); it is upgraded by the next "
                                     "run that can write to its folder", version=version))
            if verify:
                verify_all(conn)
            return conn
        except (sqlite3.Error, Damaged) as exc:
            conn.close()
            raise self._left_as_it_is(exc) if _is_damage(exc) else self._fail(exc) from None
        except BaseException:
            conn.close()
            raise

    def _left_as_it_is(self, exc: BaseException) -> paths.StorageError:
        """The line for a damaged database that a read-only reader cannot move aside."""
        why = shown(" ".join(str(exc).split()))
        why = why if len(why) <= 200 else why[:200] + "…"
        return paths.StorageError(msg("history database {file} is damaged ({why}); it is left as it is, as its "
                                      "folder cannot be written", file=shown(str(self.path)), why=Message(why)))

    @contextmanager
    def _connection(self, verify: bool = False, reading: bool = False) -> Iterator[sqlite3.Connection]:
        """A connection for filing, or for ``reading`` (read-only where the database cannot be written)."""
        conn = self._open_for_reading(verify) if reading else self._open(verify)
        try:
            yield conn
        except sqlite3.Error as exc:
            raise self._fail(exc) from None
        finally:
            conn.close()

    # -- writing ----------------------------------------------------------------------------------
    def record_finished(self, record: Mapping[str, object]) -> int:
        """File a finished match (its record, with the ``"save"`` key's hints and undos); its history id.

        The match is filed under its ``match_key``: filing the same match again returns the first id and
        changes nothing, so a retry after a crash is safe, and two matches never collide.
        """
        checked = replay(record, get_game)
        if not checked.complete:
            raise CardsuiteError("the match is not finished: only finished matches go into the history")
        meta = save_meta(record)
        raw_id = meta.get("id")
        save_id = raw_id[:200] if isinstance(raw_id, str) else None
        players = checked.players
        seats = seat_facts(checked.seats, players, meta)
        totals = [float(t) for t in checked.totals]
        best = winners(checked.totals)
        results = ["draw" if i in best and len(best) > 1 else "win" if i in best else "loss" for i in range(players)]
        game = checked.game.info.name
        updated = meta.get("updated")
        finished = updated[:40] if isinstance(updated, str) and updated else _now()
        text = json.dumps(record, ensure_ascii=False)
        try:
            for value in (text, *(seat.player for seat in seats), save_id or ""):
                value.encode("utf-8")
        except UnicodeEncodeError:
            raise CardsuiteError("the match holds text that is not valid Unicode: it cannot be filed") from None
        key = match_key(record)

        with self._connection() as conn:
            _while_locked(conn.execute, "BEGIN IMMEDIATE")
            try:
                row = conn.execute("SELECT id FROM matches WHERE match_key = ?", (key,)).fetchone()
                if row:
                    conn.execute("ROLLBACK")
                    return int(row[0])
                cursor = conn.execute(
                    f"INSERT INTO matches ({MATCH_COLUMNS}) VALUES (NULL, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (save_id, key, game, players, finished, len(checked.deals), int(meta.get("assisted") is True),
                     text, digest([text])),
                )
                match_id = int(cursor.lastrowid or 0)
                conn.executemany(
                    "INSERT INTO seats VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [(match_id, i, seat.player, seat.kind, seat.level, totals[i], results[i], seat.hints, seat.undos)
                     for i, seat in enumerate(seats)],
                )
                rows = _deal_rows(match_id, checked.deals, checked.game.roles())
                conn.executemany("INSERT INTO deals VALUES (?, ?, ?, ?, ?, ?)", rows)
                seal_match(conn, match_id)
                rate_into(conn, game, [(seat.kind, seat.player) for seat in seats], totals)
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        return match_id

    # -- reading ----------------------------------------------------------------------------------
    def _nothing_filed(self) -> bool:
        """Whether there is no database to read (then reading creates none); a data folder that is a file
        is an error of one line."""
        if os.path.lexists(self.path):
            return False
        parent = self.path.parent
        if os.path.lexists(parent) and not parent.is_dir():
            raise self._fail(msg("{folder} is not a folder", folder=shown(str(parent))))
        return True

    def matches(self, game: str | None = None, limit: int | None = None) -> list[HistoryEntry]:
        """Finished matches, newest first (names as ``seat_labels`` gives them)."""
        if self._nothing_filed():
            return []
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
        with self._connection(verify=True, reading=True) as conn:
            for match_id, name, finished, deals in conn.execute(sql, args).fetchall():
                seats = conn.execute("SELECT kind, player, total, result FROM seats WHERE match_id = ? ORDER BY seat",
                                     (match_id,)).fetchall()
                who = tuple((str(s[0]), str(s[1])) for s in seats)
                out.append(HistoryEntry(int(match_id), str(name), str(finished), int(deals), tuple(seat_labels(who)),
                                        tuple(float(s[2]) for s in seats), tuple(str(s[3]) for s in seats), who))
        return out

    def record(self, match_id: int) -> dict[str, object]:
        """The stored record of history match ``match_id``."""
        row = None
        if not self._nothing_filed():
            with self._connection(verify=True, reading=True) as conn:
                row = conn.execute("SELECT record FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise CardsuiteError(msg("no match {id} in the history (see `cardsuite history`)", id=match_id))
        try:
            return as_record(parse_json(str(row[0])))
        except CardsuiteError as exc:
            raise CardsuiteError(msg("match {id} in the history holds no record ({reason})", id=match_id,
                                      reason=message_of(exc))) from None

    def match_keys(self) -> set[str]:
        """The ``match_key`` of every filed match (what must never be lost)."""
        return {str(row[0]) for row in self.rows("SELECT match_key FROM matches")}

    def ratings(self, game: str | None = None) -> dict[str, dict[str, Rating]]:
        """Ratings by game, then by player label (``Ann``, ``CPU hard``; see ``player_labels``), best first."""
        out: dict[str, dict[str, Rating]] = {}
        for name, _kind, _player, label, rating in self._rated(game):
            out.setdefault(name, {})[label] = rating
        return out

    def rating_words(self, game: str) -> list[tuple[str, Rating]]:
        """The game's ratings, best first, each player in the reader's words (``CPU つよい``, as ``history``
        and ``stats`` say them: ``listwords.label_words``)."""
        return [(label_words(kind, player, label), rating) for _name, kind, player, label, rating in self._rated(game)]

    def _rated(self, game: str | None) -> list[tuple[str, str, str, str, Rating]]:
        """Each rating as (game, kind, player, label, rating), by game, best first."""
        sql = "SELECT game, kind, player, mu, sigma, matches FROM ratings"
        args: tuple[object, ...] = ()
        if game:
            sql += " WHERE game = ?"
            args = (game,)
        rows = self.rows(sql, args)
        labels = player_labels(sorted({(str(r[1]), str(r[2])) for r in rows}))
        return [(str(name), str(kind), str(player), labels[(str(kind), str(player))],
                 Rating(_float(mu), _float(sigma), int(str(count))))
                for name, kind, player, mu, sigma, count in sorted(
                    rows, key=lambda r: (str(r[0]), -(_float(r[3]) - 3 * _float(r[4])), str(r[2]), str(r[1])))]

    def rows(self, sql: str, args: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
        """Rows of a read-only query (for ``stats``); none when nothing is filed yet."""
        if self._nothing_filed():
            return []
        with self._connection(verify=True, reading=True) as conn:
            return [tuple(r) for r in conn.execute(sql, args).fetchall()]


def _empty_history() -> sqlite3.Connection:
    """An empty history in memory, read in place of a database file that holds no tables yet."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    prepare(conn, conn.execute)
    return conn


def _float(value: object) -> float:
    return float(value) if isinstance(value, int | float) else 0.0


@dataclass(frozen=True)
class SeatFacts:
    """Who sat in one seat of a finished match (``kind`` and ``player`` are its identity), and the help used.

    What a seat is told apart by lives here, in one place, so that a seat handed to a CPU during the match
    can be counted as such without another change to the tables' users.
    """

    kind: str
    player: str
    level: str | None
    hints: int
    undos: int


def seat_facts(raw_seats: tuple[Mapping[str, object], ...], players: int,
               meta: Mapping[str, object]) -> list[SeatFacts]:
    """Each seat's identity and counts from a record's ``seats`` and its ``"save"`` key."""
    hints = counts(meta.get("hints"), players)
    undos = counts(meta.get("undos"), players)
    helped = counts(meta.get("cpu"), players)
    seats = list(raw_seats[:players]) + [{} for _ in range(players - len(raw_seats[:players]))]
    out: list[SeatFacts] = []
    for index, seat in enumerate(seats):
        level = seat.get("level")
        kind, player = identity(str(seat.get("kind", "human")), str(seat.get("name", f"Seat {index}"))[:200],
                                str(level)[:100] if level is not None else None, helped[index] > 0)
        out.append(SeatFacts(kind, player, str(level)[:100] if kind == "cpu" and level is not None else None,
                             hints[index], undos[index]))
    return out


def _aside_path(path: Path, line: Message) -> Path | None:
    """Where ``quarantine`` moved ``path`` (the ``aside`` of its notice), or None if it could not move it."""
    aside = dict(line.params).get("aside")
    return path.with_name(aside) if isinstance(aside, str) else None


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
        if not isinstance(text, bytes) or record_sum is None or digest([text]) != text_of(record_sum):
            continue
        try:
            out.append(as_record(parse_json(text.decode("utf-8"))))
        except (UnicodeDecodeError, CardsuiteError):
            continue
    return out


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


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
    """Ratings by game and player label (empty when nothing is filed yet)."""
    return History().ratings(game)


def rating_words_for(game: str) -> list[tuple[str, Rating]]:
    """The game's ratings for the home screen, best first, each player in the reader's words."""
    return History().rating_words(game)

