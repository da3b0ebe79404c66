"""Opening the history database read-only, for a reader where nothing may be written.

A database in WAL mode is read through its ``-shm`` file, which a read-only connection creates (with an
empty ``-wal``) wherever the folder takes a new file, and cannot create where it does not. So the way in
depends on what lies beside the database, looked at before it is opened:

- its ``-wal`` and ``-shm`` (a writer is running, or one stopped without closing): an ordinary read-only
  open, which takes SQLite's locks through that ``-shm`` and reads what the ``-wal`` holds;
- a file not in WAL mode: an ordinary read-only open too (it reads under the file's own locks);
- no ``-shm`` and no ``-wal``, or an empty one: the file holds every committed change, and is opened as
  immutable;
- a ``-wal`` that holds changes but no ``-shm`` to read it by: opened without locks in exclusive locking
  mode, in which SQLite builds the WAL's index in memory from the ``-wal`` itself.

Without a ``-shm`` no writer has the database open (a running one keeps its ``-shm``), so there is
nothing to lock against; a writer that starts meanwhile writes into a ``-wal`` of its own and changes the
file only as it closes. None of these creates a file or writes a byte, in the database's folder or
anywhere else.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from urllib.parse import quote

CANTOPEN = 14
UNWRITABLE_CODES = frozenset({3, 8, 13, 14})
"""Primary SQLite codes for a file system that will not take a write: SQLITE_PERM, SQLITE_READONLY,
SQLITE_FULL, SQLITE_CANTOPEN."""
READ_ONLY_SHM_CODES = frozenset({264, 1288})
"""SQLITE_READONLY_RECOVERY and SQLITE_READONLY_CANTINIT: a read-only connection that cannot use the
``-shm`` it found."""
WAL_VERSIONS = b"\x02\x02"
"""Bytes 18 and 19 of a database header in WAL mode."""
NO_LOCK_VFS = "win32-none" if os.name == "nt" else "unix-none"


def is_unwritable(exc: sqlite3.Error) -> bool:
    """Whether ``exc`` says the database could not be opened or written because the file system refuses."""
    code = getattr(exc, "sqlite_errorcode", None)
    if isinstance(code, int):
        return code & 0xFF in UNWRITABLE_CODES
    text = str(exc)
    return "unable to open database file" in text or "readonly database" in text or "disk is full" in text


def _uri(path: Path, parameters: str) -> str:
    """An SQLite URI for ``path`` (every character that means something in a URI escaped)."""
    return f"file:{quote(str(path.absolute()), safe='/')}?{parameters}"


def _connect(path: Path, parameters: str) -> sqlite3.Connection:
    """A connection through ``parameters``, made to read the schema at once (opening the file is lazy)."""
    conn = sqlite3.connect(_uri(path, parameters), uri=True, timeout=30, isolation_level=None)
    try:
        if "vfs=" in parameters:
            conn.execute("PRAGMA locking_mode = EXCLUSIVE")
        conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except BaseException:
        conn.close()
        raise
    return conn


def _holds_changes(path: Path) -> bool:
    """Whether the file at ``path`` (a ``-wal``) is there and not empty."""
    try:
        return os.stat(path).st_size > 0
    except OSError:
        return False


def _in_wal_mode(path: Path) -> bool:
    """Whether the database header at ``path`` says WAL mode (its read and write versions are 2)."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(20)
    except OSError:
        return False
    return header[18:20] == WAL_VERSIONS


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the database at ``path`` that creates and writes nothing (see the
    module's docstring)."""
    wal = path.with_name(path.name + "-wal")
    beside = os.path.lexists(wal) and os.path.lexists(path.with_name(path.name + "-shm"))
    if beside or not _in_wal_mode(path):
        try:
            return _connect(path, "mode=ro")
        except sqlite3.OperationalError as exc:
            code = getattr(exc, "sqlite_errorcode", CANTOPEN)
            if code & 0xFF != CANTOPEN and code not in READ_ONLY_SHM_CODES:
                raise
    if _holds_changes(wal):
        return _connect(path, f"mode=ro&vfs={NO_LOCK_VFS}")
    return _connect(path, "mode=ro&immutable=1")
