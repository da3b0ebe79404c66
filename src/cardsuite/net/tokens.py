"""Seat tokens on the client side: ``online-seats.json`` in the data folder, so ``join`` again resumes the seat.

One entry per server and join code: the seat token (the only thing that proves the seat is yours), the
seat number and the name. The file is written atomically, readable by its owner alone (the tokens are
secrets), and read as hostile input through the bounded reader (``cardsuite.files``): anything malformed in
an entry is ignored, a damaged file is moved aside and reported, like every damaged file of cardsuite, and
a file the system will not let us read is reported and left as it is (never written over).
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from pathlib import Path

from ..files import FileMissing, FileRefused, FileUnreadable, read_json
from ..filewrites import write_atomically
from ..storage import paths

FILE_NAME = "online-seats.json"
MAX_ENTRIES = 200
SEATS_LIMIT = 1024 * 1024
"""The largest seats file read (``MAX_ENTRIES`` seats take a few tens of kilobytes)."""


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


def _load(path: Path) -> dict[str, dict[str, object]] | None:
    """The entries of the seats file (none when there is no file, or it was damaged: then it is moved aside
    and reported); None when the system will not let it be read (reported, and left as it is)."""
    try:
        data = read_json(path, SEATS_LIMIT)
    except FileMissing:
        return {}
    except FileUnreadable as exc:
        paths.note(f"{exc}: the seats of online tables kept there are not used")
        return None
    except FileRefused as exc:
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
    """The seat kept for this server and code, if any (and well formed)."""
    entry = (_load(seats_path()) or {}).get(_key(server, code))
    if entry is None:
        return None
    token, seat, name = entry.get("token"), entry.get("seat"), entry.get("name")
    if not isinstance(token, str) or len(token) != 32 or not isinstance(seat, int) or not isinstance(name, str):
        return None
    return SavedSeat(server, code, token, seat, name)


def keep_seat(seat: SavedSeat) -> None:
    """Remember a seat (the oldest entries go when there are too many; nothing is written over a seats file
    that cannot be read)."""
    path = seats_path()
    data = _load(path)
    if data is None:
        return
    data[_key(seat.server, seat.code)] = {"token": seat.token, "seat": seat.seat, "name": seat.name,
                                          "saved": time.time()}
    newest = sorted(data.items(), key=lambda kv: -_saved(kv[1]))[:MAX_ENTRIES]
    write_atomically(path, json.dumps(dict(newest), indent=1) + "\n", private=True)


def forget_seat(server: str, code: str) -> None:
    """Drop a seat (the match is over, or the server no longer knows the token)."""
    path = seats_path()
    data = _load(path)
    if data is not None and data.pop(_key(server, code), None) is not None:
        write_atomically(path, json.dumps(data, indent=1) + "\n", private=True)
