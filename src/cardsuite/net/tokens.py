"""Seat tokens on the client side: ``online-seats.json`` in the data folder, so ``join`` again resumes the seat.

One entry per server and join code: the seat token (the only thing that proves the seat is yours), the
seat number and the name. The file is written atomically, readable by its owner alone (the tokens are
secrets), and read as hostile input through the bounded reader (``cardsuite.files``): anything malformed in
an entry is ignored, a damaged file is moved aside and reported, like every damaged file of cardsuite, and
a file the system will not let us read is reported and left as it is (never written over). A change (read,
change, write) is made by one process at a time: it holds the lock of the file (``storage/savelock.py``,
``.online-seats.json.lock`` beside it, removed when the change is done), so two programs keeping seats at
once never drop each other's.
"""

from __future__ import annotations

import contextlib
import json
import math
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from ..core.message import Message, msg
from ..files import FileMissing, FileRefused, FileUnreadable, read_json
from ..filewrites import ensure_folder, write_atomically
from ..naming import shown
from ..storage import paths, savelock

FILE_NAME = "online-seats.json"
MAX_ENTRIES = 200
SEATS_LIMIT = 1024 * 1024
"""The largest seats file read (``MAX_ENTRIES`` seats take a few tens of kilobytes)."""
LOCK_WAIT = 5.0
"""How long a change waits, in seconds, for another process's change of the seats file (which takes
milliseconds) before it is given up, in one line."""
LOCK_POLL = 0.01
"""How often, in seconds, a waiting change looks again whether the seats file is free."""

_changing_here = threading.Lock()
"""The file lock is one process's (held again by the same process at once): this orders its threads."""


@dataclass(frozen=True)
class SavedSeat:
    """A seat this person holds at a table of some server."""

    server: str
    code: str
    token: str
    seat: int
    name: str


def seats_path() -> Path:
    """Where the tokens are kept."""
    return paths.data_dir() / FILE_NAME


def _load(path: Path, held: bool = True) -> dict[str, dict[str, object]] | None:
    """The entries of the seats file (none when there is no file, or it was damaged: then, while ``held``
    against other programs, it is moved aside and reported); None when the system will not let it be read
    (reported, and left as it is)."""
    try:
        data = read_json(path, SEATS_LIMIT)
    except FileMissing:
        return {}
    except FileUnreadable as exc:
        paths.note(f"{exc}: the seats of online tables kept there are not used")
        return None
    except FileRefused as exc:
        if held:  # unheld, the name may be a good file another program has just put there
            paths.quarantine(path, f"not a seats file: {exc.reason}")
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)} \
        if isinstance(data, dict) else {}


def _saved(entry: dict[str, object]) -> float:
    """When an entry was kept (0 for an entry whose time is not a number)."""
    value = entry.get("saved")
    return float(value) if isinstance(value, int | float) and math.isfinite(value) else 0.0


def _key(server: str, code: str) -> str:
    return f"{server} {code}"


def find_seat(server: str, code: str) -> SavedSeat | None:
    """The seat kept for this server and code, if any (and well formed); a damaged seats file is left to the
    next change, which moves it aside while it holds the file."""
    entry = (_load(seats_path(), held=False) or {}).get(_key(server, code))
    if entry is None:
        return None
    token, seat, name = entry.get("token"), entry.get("seat"), entry.get("name")
    if not isinstance(token, str) or len(token) != 32 or not isinstance(seat, int) or not isinstance(name, str):
        return None
    return SavedSeat(server, code, token, seat, name)


@contextlib.contextmanager
def _changing(path: Path, given_up: Message) -> Iterator[bool]:
    """Hold the seats file ``path`` for one change, against every other thread and process: True; False when
    another has held it for ``LOCK_WAIT`` seconds (a stuck program): ``given_up`` is then noted, in one line."""
    deadline = time.monotonic() + LOCK_WAIT
    if not _changing_here.acquire(timeout=LOCK_WAIT):
        paths.note(given_up)
        yield False
        return
    try:
        while not savelock.claim(path):  # True also where no lock can be taken (a read-only folder)
            if time.monotonic() >= deadline:
                paths.note(given_up)
                yield False
                return
            time.sleep(LOCK_POLL)
        try:
            yield True
        finally:
            savelock.release(path)
    finally:
        _changing_here.release()


def keep_seat(seat: SavedSeat) -> None:
    """Remember a seat (the oldest entries go when there are too many; nothing is written over a seats file
    that cannot be read, nor while another program has been changing it for ``LOCK_WAIT`` seconds)."""
    path = seats_path()
    ensure_folder(path.parent)  # the lock file goes beside the seats file
    given_up = msg("the seat token of this table is not kept in {file}: another cardsuite program has been "
                   "changing that file for {seconds} s", file=shown(str(path)), seconds=int(LOCK_WAIT))
    with _changing(path, given_up) as held:
        data = _load(path) if held else None
        if data is None:
            return
        data[_key(seat.server, seat.code)] = {"token": seat.token, "seat": seat.seat, "name": seat.name,
                                              "saved": time.time()}
        newest = sorted(data.items(), key=lambda kv: -_saved(kv[1]))[:MAX_ENTRIES]
        write_atomically(path, json.dumps(dict(newest), indent=1) + "\n", private=True)


def forget_seat(server: str, code: str) -> None:
    """Drop a seat (the match is over, or the server no longer knows the token)."""
    path = seats_path()
    given_up = msg("the seat token of this table stays in {file}: another cardsuite program has been changing "
                   "that file for {seconds} s", file=shown(str(path)), seconds=int(LOCK_WAIT))
    with _changing(path, given_up) as held:
        data = _load(path) if held else None
        if data is not None and data.pop(_key(server, code), None) is not None:
            write_atomically(path, json.dumps(data, indent=1) + "\n", private=True)
