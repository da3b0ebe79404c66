"""Opening the history database read-only, for a reader where nothing may be written.

A database in WAL mode is read through its ``-shm`` file, which a read-only connection cannot create on a
file system that refuses writes. So the way in depends on what lies beside the database:

- its ``-shm`` (a writer is running, or one stopped without closing): an ordinary read-only open, which
  takes SQLite's locks and reads what the ``-wal`` holds;
- no ``-wal``, or an empty one: the file holds every committed change, and is opened as immutable;
- a ``-wal`` that holds changes but no ``-shm`` to read it by: opened without locks in exclusive locking
  mode, in which SQLite builds the WAL's index in memory from the ``-wal`` itself. No writer is running
  then (a running one keeps its ``-shm``), so there is nothing to lock against.

None of these writes a byte, in the database's folder or anywhere else.
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


def connect_read_only(path: Path) -> sqlite3.Connection:
    """A read-only connection to the database at ``path`` that writes nothing (see the module's docstring)."""
    try:
        return _connect(path, "mode=ro")
    except sqlite3.OperationalError as exc:
        code = getattr(exc, "sqlite_errorcode", CANTOPEN)
        if code & 0xFF != CANTOPEN and code not in READ_ONLY_SHM_CODES:
            raise
    if _holds_changes(path.with_name(path.name + "-wal")):
        return _connect(path, f"mode=ro&vfs={NO_LOCK_VFS}")
    return _connect(path, "mode=ro&immutable=1")
