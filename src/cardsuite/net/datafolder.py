"""The data folder of a ``cardsuite serve`` process: made its owner's alone, and held by one process at a time.

With the SQLite store (the default) the folder's tables are served by one process only: a second ``serve``
on the same folder would keep its own timers for the same tables and could close those the first is
playing. The process holds the lock of the store's file (``storage/savelock.py``, as a table holds its
save's) for its whole life, and the system lets go of it however the process ends. The PostgreSQL store
is shared by several processes by design: no lock. A folder the process cannot write in (a read-only file
system, a lock or store it may not open for writing) is refused at start, not found out by every player,
and so is a store or history whose file (or ``-wal``, ``-shm``) is a symbolic link: SQLite would write into
the file it points to, and making the store private would change that file's mode, so a link planted
there could make the server overwrite, or narrow the mode of, any file its user may write. The folder
itself may be a link (the operator named it): the store is a file of the folder it points to.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from ..core.errors import message_of
from ..core.message import Message, msg
from ..files import FileRefused
from ..filewrites import ensure_folder
from ..naming import shown
from ..storage import savelock
from ..storage.paths import StorageError

STORE_FILE = "tables.sqlite3"
"""The SQLite store's file in the data folder (its lock is ``.tables.sqlite3.lock`` beside it)."""
HISTORY_FILE = "history.sqlite3"
"""The finished matches of a server on the SQLite store (on PostgreSQL they are in the database)."""
PROBE_FILE = ".tables.sqlite3.probe"
"""A file written and removed at start to find out that the folder can be written in."""
_FLAGS = getattr(os, "O_CLOEXEC", 0)


@contextlib.contextmanager
def serving_folder(folder: Path, shared_store: bool) -> Iterator[None]:
    """Create ``folder`` (and the parents it lacks, each ``0700``) and, unless the store is ``shared_store``,
    hold its SQLite store for this process until the block ends. A folder that cannot be used, or one
    another ``cardsuite serve`` holds, is a one-line ``StorageError`` naming it."""
    try:
        ensure_folder(folder)
    except FileRefused as exc:
        raise StorageError(msg("the server's data folder cannot be used: {problem}",
                               problem=message_of(exc))) from None
    if shared_store:
        yield
        return
    store = folder / STORE_FILE
    try:
        claimed = savelock.claim_for_writing(store)
    except OSError as exc:
        raise _unwritable(folder, savelock.lock_path(store), exc) from None
    if not claimed:
        raise StorageError(msg("another `cardsuite serve` is using the data folder {folder}: its tables are served "
                               "by one process (stop that one, or give this one another --data)",
                               folder=shown(os.fspath(folder))))
    try:
        _refuse_links(folder, store)
        _check_writable(folder, store)
        yield
    finally:
        savelock.release(store)


def _store_files(store: Path) -> tuple[Path, ...]:
    """The store's file and SQLite's ``-wal`` and ``-shm`` beside it (or the history's, for its file)."""
    return store, store.with_name(f"{store.name}-wal"), store.with_name(f"{store.name}-shm")


def _refuse_links(folder: Path, store: Path) -> None:
    """A one-line ``StorageError`` when one of the store's or the history's files in ``folder`` is a symbolic link
    (one that points nowhere too): neither is ever written through one, nor its mode changed."""
    for path in _store_files(store):
        if os.path.islink(path):
            raise StorageError(msg("the server's data folder cannot be used: {file} in {folder} is a symbolic link "
                                   "(the tables are kept only in a file of the folder itself)",
                                   file=shown(path.name), folder=shown(os.fspath(folder))))
    for path in _store_files(folder / HISTORY_FILE):
        if os.path.islink(path):
            raise StorageError(msg("the server's data folder cannot be used: {file} in {folder} is a symbolic link "
                                   "(the finished matches are kept only in a file of the folder itself)",
                                   file=shown(path.name), folder=shown(os.fspath(folder))))


def _check_writable(folder: Path, store: Path) -> None:
    """Write a byte in a file of ``folder`` and remove it, and open the store's files there for writing: a
    one-line ``StorageError`` naming the folder where one of them cannot be."""
    probe = folder / PROBE_FILE
    try:
        with contextlib.suppress(FileNotFoundError):
            probe.unlink()  # left by a process killed here: this process holds the folder now
        fd = os.open(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | _FLAGS, 0o600)
        try:
            os.write(fd, b"\0")
        finally:
            os.close(fd)
        probe.unlink()
    except OSError as exc:
        raise _unwritable(folder, probe, exc) from None
    for path in _store_files(store):
        try:
            os.close(os.open(path, os.O_RDWR | _FLAGS | getattr(os, "O_NOFOLLOW", 0)))  # links: refused above
        except FileNotFoundError:
            continue  # made when the store opens, in the folder just written in
        except OSError as exc:
            raise _unwritable(folder, path, exc) from None


def _unwritable(folder: Path, path: Path, exc: OSError) -> StorageError:
    """The refusal of a data folder this process cannot write in (``path``: what it could not write)."""
    return StorageError(msg("the server's data folder cannot be used: {folder} cannot be written ({file}: {reason})",
                            folder=shown(os.fspath(folder)), file=shown(path.name),
                            reason=Message(str(exc.strerror or exc))))
