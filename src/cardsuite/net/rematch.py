"""Rematch: when a match is over, the same table again with the same people, options and listing, and
fresh deals from a new secret. Each person asks for it (``rematch``); when every person at the table has,
the new table is made with every seat as it was (the same names, seat tokens and identities, so nobody
needs a new token) and starts at once; every connection at the old table moves to it, and the old table's
summary names the new code (``next_code``), where a ``resume`` with the old code lands too.
"""

from __future__ import annotations

from typing import Protocol

from ..core.message import msg
from . import refusals, tablelog
from .conn import Conn
from .dealing import new_secret
from .limits import AddressBook
from .protocol import ProtocolError, new_code
from .rows import Listing, SeatRow, TableRow
from .storeapi import NotStored, Store
from .table import Table, Timing, new_table_id


class Host(Protocol):
    """What a rematch needs of this process's hub (``hub.Hub``): its store and tables, and serving a new one."""

    store: Store
    timing: Timing
    addresses: AddressBook
    conns: dict[str, set[Conn]]

    def code_taken(self, code: str) -> bool:
        """Whether a table here or in the store has join code ``code``."""

    def add(self, table: Table) -> None:
        """Start serving ``table``."""

    def wake(self, table: Table) -> None:
        """Tell the table's task that something changed."""

    def broadcast(self, table: Table) -> None:
        """Send every connection at ``table`` what changed, each only its own seat's view."""


def ask(table: Table, seat: int) -> bool:
    """``seat``'s person asks for a rematch; True when every person at the table has."""
    if table.status != "finished":
        raise ProtocolError("state", msg(refusals.REMATCH_LATER))
    if table.next_code is not None:
        raise ProtocolError("state", msg(refusals.REMATCH_STARTED, code=table.next_code))
    table.rematch.add(seat)
    table.changed()
    people = {i for i, s in enumerate(table.seats) if s.kind == "person"}
    return people <= table.rematch


def rematch_row(table: Table, code: str) -> TableRow:
    """The new table: the old one's settings and seats, a fresh deal secret from the operating system (a
    practice table's rematch is a fair one)."""
    old = table.row
    listing = Listing(table.listing.public, table.listing.rated, False, table.listing.language)
    seats = [SeatRow(s.name, s.kind, s.token, s.identity) if s.kind == "person" else SeatRow(f"CPU {i}", "open")
             for i, s in enumerate(table.seats)]
    return TableRow(new_table_id(), code, old.game, old.players, dict(old.options), old.cpu, 0,
                    old.turn_seconds, "lobby", "", seats, listing=listing, secret=new_secret())


def stored(hub: Host, table: Table) -> TableRow:
    """Every person at finished ``table`` asked: the rematch's table, written to the store. ``NotStored`` when
    the store refuses it (a full disk); nothing has changed then, and the rematch may be asked for again."""
    row = rematch_row(table, new_code(hub.code_taken))
    try:
        hub.store.create(row)
    except Exception as exc:
        raise NotStored(exc) from exc
    return row


def start(hub: Host, table: Table, row: TableRow) -> None:
    """Serve the rematch's table ``row`` (``stored``): every connection at the old table moves to it, and it
    starts."""
    code = row.code
    fresh = Table(row, table.game, hub.timing, hub.store)
    hub.add(fresh)
    creator = hub.addresses.creators.get(table.code)
    if creator is not None:
        hub.addresses.created(creator, code)
    table.next_code = code
    table.changed()
    for conn in list(hub.conns.get(table.code, ())):
        hub.conns[table.code].discard(conn)
        conn.table, conn.sent_deal, conn.sent_history, conn.sent_version = fresh, -1, (), -1
        hub.conns[code].add(conn)
        if conn.seat is not None:
            fresh.connect(conn.seat)
    fresh.start()
    tablelog.rematch(table, fresh)
    hub.wake(fresh)
    hub.broadcast(fresh)
