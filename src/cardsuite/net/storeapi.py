"""What a table store does, whichever database holds it: SQLite for one process (``store.py``), PostgreSQL
shared by several (``pgstore.py``). A table and the server speak only to this."""

from __future__ import annotations

from collections.abc import Awaitable, Iterator
from pathlib import Path
from typing import Protocol

from .rows import Actor, SeatRow, TableRow


class NotStored(Exception):
    """The store refused to write a new table; ``error`` is why."""

    def __init__(self, error: Exception) -> None:
        super().__init__(str(error))
        self.error = error


class Store(Protocol):
    """Tables, seats and actions; every write is committed before the call returns (an action's: or before
    the awaitable it returns is done)."""

    def code_taken(self, code: str) -> bool:
        """Whether a table already has join code ``code``."""

    def create(self, row: TableRow) -> None:
        """Store a new table with its seats."""

    def set_seat(self, table_id: str, seat: int, row: SeatRow) -> None:
        """Change who holds a seat."""

    def set_status(self, table_id: str, status: str, history_id: int | None = None) -> None:
        """Move a table to another status."""

    def add_action(self, table_id: str, deal: int, step: int, line: str, by_cpu: bool = False,
                   actor: Actor | None = None) -> Awaitable[None] | None:
        """Store one action, and whether the server's CPU made it or which person did: committed on return
        (``None``), or once the awaitable it returns is done."""

    def open_tables(self) -> Iterator[TableRow]:
        """The tables this process should serve after it starts."""

    def table(self, table_id: str) -> TableRow | None:
        """One table with its seats and actions."""

    def probe(self) -> None:
        """A cheap real write, committed on return (or its error): whether the store takes writes; safe to call
        from another thread."""

    def close(self) -> None:
        """Close the database."""


def open_store(url: str | None, data_path: Path, advertise: str, durable: bool, lease_seconds: float) -> Store:
    """The PostgreSQL store at ``url`` (``postgresql://…``), or with no URL the SQLite one at ``data_path``."""
    if url:
        from .pgstore import PgTableStore

        return PgTableStore(url, advertise, durable=durable, lease_seconds=lease_seconds)
    from .store import TableStore

    return TableStore(data_path, durable=durable)
