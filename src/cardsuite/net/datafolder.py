"""The data folder of a ``cardsuite serve`` process: made its owner's alone, and held by one process at a time.

With the SQLite store (the default) the folder's tables are served by one process only: a second ``serve``
on the same folder would keep its own timers for the same tables and could close those the first is
playing. The process holds the lock of the store's file (``storage/savelock.py``, as a table holds its
save's) for its whole life, and the system lets go of it however the process ends. The PostgreSQL store
is shared by several processes by design: no lock.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from ..core.errors import message_of
from ..core.message import msg
from ..files import FileRefused
from ..filewrites import ensure_folder
from ..naming import shown
from ..storage import savelock
from ..storage.paths import StorageError

STORE_FILE = "tables.sqlite3"
"""The SQLite store's file in the data folder (its lock is ``.tables.sqlite3.lock`` beside it)."""


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
    if not savelock.claim(store):
        raise StorageError(msg("another `cardsuite serve` is using the data folder {folder}: its tables are served "
                               "by one process (stop that one, or give this one another --data)",
                               folder=shown(os.fspath(folder))))
    try:
        yield
    finally:
        savelock.release(store)
