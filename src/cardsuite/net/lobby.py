"""The lobby: a server's public tables (every process's, on a shared store), to sit at or to watch.

A table is public when its host says so at ``create``; private tables are reached by their code only.
Each entry says the game, its options, how many seats are free, whether it is rated or a practice
table, and the host's language. Tables being played are listed too, to watch.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .protocol import LANGUAGE

if TYPE_CHECKING:
    from .table import Table

MAX_LISTED = 100


@dataclass(frozen=True)
class Listing:
    """How a table is offered: in the lobby or by code only, rated or not, a practice table (its seed was
    chosen: never rated), and the language its host plays in."""

    public: bool = False
    rated: bool = False
    practice: bool = False
    language: str = ""

    def to_text(self) -> str:
        """As stored in the SQLite store's ``listing`` column."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object) -> Listing:
        """Read back; anything malformed is a private, unrated table."""
        try:
            data = json.loads(str(text)) if text else {}
        except ValueError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        language = data.get("language")
        return cls(data.get("public") is True, data.get("rated") is True, data.get("practice") is True,
                   language if isinstance(language, str) and LANGUAGE.fullmatch(language) else "")


def listed_here(tables: Iterable[Table], game: str | None) -> list[dict[str, object]]:
    """The public tables of one process (the SQLite store), waiting ones first, newest first."""
    found = [t for t in tables if t.listing.public and t.status in ("lobby", "playing")
             and (game is None or t.game.info.name == game)]
    found.sort(key=lambda t: (t.status != "lobby", t.row.created), reverse=False)
    return [entry(t) for t in found[:MAX_LISTED]]


def entry(table: Table) -> dict[str, object]:
    """One table as the lobby lists it."""
    listing = table.listing
    host = table.seats[0].name if table.seats and table.seats[0].kind == "person" else ""
    return {"code": table.code, "game": table.game.info.name, "players": len(table.seats),
            "options": dict(table.options.non_default()), "status": table.status,
            "seats_free": sum(1 for s in table.seats if s.kind == "open"), "rated": listing.rated,
            "practice": listing.practice, "language": listing.language, "host": host}


def describe(entries: Iterable[Mapping[str, Any]]) -> list[str]:
    """The lobby as lines of text (``cardsuite online`` piped): code, game, seats free, rated, language."""
    lines = []
    for e in entries:
        kind = "practice" if e.get("practice") else "rated" if e.get("rated") else "unrated"
        state = f"{e.get('seats_free')} of {e.get('players')} seats free" if e.get("status") == "lobby" \
            else "playing (watch)"
        options = " ".join(f"{k}={v}" for k, v in sorted(dict(e.get("options") or {}).items()))
        lines.append(f"{e.get('code')}  {e.get('game'):<9} {state:<22} {kind:<8} {e.get('language') or '-':<6}"
                     f" {e.get('host')}{'  ' + options if options else ''}")
    return lines
