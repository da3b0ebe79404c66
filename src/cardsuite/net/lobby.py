"""The lobby: a server's public tables (every process's, on a shared store), to sit at or to watch.

A table is public when its host says so at ``create``; private tables are reached by their code only.
Each entry says the game, its options, how many seats are free, whether it is rated or a practice
table, and the host's language. Tables being played are listed too, to watch.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .rows import Listed

if TYPE_CHECKING:
    from .table import Table

MAX_LISTED = 100


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
    return Listed(table.code, table.game.info.name, len(table.seats), dict(table.options.non_default()),
                  table.status, sum(1 for s in table.seats if s.kind == "open"), listing.rated, listing.practice,
                  listing.language, host).as_json()

