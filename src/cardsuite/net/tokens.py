"""Seat tokens on the client side: ``online-seats.json`` in the data folder, so ``join`` again resumes the seat.

One entry per server and join code: the seat token (the only thing that proves the seat is yours), the
seat number and the name. The file is written atomically, readable by its owner alone (the tokens are
secrets), and read as hostile: anything malformed in it
is ignored (a damaged file is moved aside and reported, like every damaged file of cardsuite).
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from ..files import write_atomically
from ..storage import paths

FILE_NAME = "online-seats.json"
MAX_ENTRIES = 200


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


def _load(path: Path) -> dict[str, dict[str, object]]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        paths.quarantine(path, f"not a seats file: {exc}")
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)} \
        if isinstance(data, dict) else {}


def _key(server: str, code: str) -> str:
    return f"{server} {code}"


def find_seat(server: str, code: str) -> SavedSeat | None:
    """The seat kept for this server and code, if any (and well formed)."""
    entry = _load(seats_path()).get(_key(server, code))
    if entry is None:
        return None
    token, seat, name = entry.get("token"), entry.get("seat"), entry.get("name")
    if not isinstance(token, str) or len(token) != 32 or not isinstance(seat, int) or not isinstance(name, str):
        return None
    return SavedSeat(server, code, token, seat, name)


def keep_seat(seat: SavedSeat) -> None:
    """Remember a seat (the oldest entries go when there are too many)."""
    path = seats_path()
    data = _load(path)
    data[_key(seat.server, seat.code)] = {"token": seat.token, "seat": seat.seat, "name": seat.name,
                                          "saved": time.time()}
    newest = sorted(data.items(), key=lambda kv: -float(kv[1].get("saved", 0) or 0))[:MAX_ENTRIES]  # type: ignore[arg-type]
    write_atomically(path, json.dumps(dict(newest), indent=1) + "\n", private=True)


def forget_seat(server: str, code: str) -> None:
    """Drop a seat (the match is over, or the server no longer knows the token)."""
    path = seats_path()
    data = _load(path)
    if data.pop(_key(server, code), None) is not None:
        write_atomically(path, json.dumps(data, indent=1) + "\n", private=True)
