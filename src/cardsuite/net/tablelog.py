"""The operator's log lines of a table's life: created, a seat taken, back, lost, given up or handed to the CPU
(its grace over, by its person, or for one decision when its turn timer ran out) and taken back, watchers, the
match started, finished, and the table closed or removed; one INFO line each, in English.

Each line names the table by its code and a seat by its number only: never a player's name (chosen by
anyone, and personal), an address, a seat token, a browser key or an identity. Nothing per action or per
connection beyond a seat's first; the lines that may come many times a match (people coming and going, a seat
handed to the CPU and back, a turn timer running out) are held to an allowance per table, and a stopping
server writes one line for all its connections.
"""

from __future__ import annotations

import logging
import time
import weakref
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .limits import Bucket
from .table import FINISHED_LINGER, Table

if TYPE_CHECKING:
    from .conn import Conn

log = logging.getLogger("cardsuite.serve")

COMINGS_BURST = 30
"""Lines of people and watchers coming and going a table may write at once (seats taken, back, lost, given
up, handed to the CPU by their person and taken back, run out of time; watchers): a table's whole life at a
friendly pace, while one that a client joins and leaves, or hands to the CPU and back, in a loop cannot fill
the log."""
COMINGS_PER_SECOND = 1 / 20
"""How fast that allowance comes back: a line every 20 seconds."""


@dataclass
class _Comings:
    """One table's allowance of coming-and-going lines, and how many it has held back since its last one."""

    bucket: Bucket = field(default_factory=lambda: Bucket(COMINGS_PER_SECOND, COMINGS_BURST))
    held: int = 0


_comings: weakref.WeakKeyDictionary[Table, _Comings] = weakref.WeakKeyDictionary()


def _coming(table: Table, line: str, *args: object) -> None:
    """A line of someone coming or going, within the table's allowance; beyond it the line is counted, and the
    next one said tells how many were held back."""
    allowance = _comings.setdefault(table, _Comings())
    if not allowance.bucket.take(time.monotonic()):
        allowance.held += 1
        return
    if allowance.held:
        line, args = line + " (%d such lines held back before this one)", (*args, allowance.held)
        allowance.held = 0
    log.info(line, *args)


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _people(table: Table) -> int:
    return sum(1 for s in table.seats if s.kind == "person")


def _kind(table: Table) -> str:
    listing = table.listing
    rated = "practice" if listing.practice else "rated" if listing.rated else "unrated"
    return f"{rated}, {'public' if listing.public else 'private'}"


def _settings(table: Table) -> str:
    """The game, the seats and who plays them, and how the table is offered: ``nap, 4 seats, ...``."""
    cpus = len(table.seats) - _people(table)
    return (f"{table.game.info.name}, {_count(len(table.seats), 'seat', 'seats')}, "
            f"{_count(cpus, 'CPU seat', 'CPU seats')} (level {table.row.cpu}), {_kind(table)}")


def created(table: Table) -> None:
    """A host opened the table (seat 0 is theirs)."""
    log.info("table %s created (id %s): %s", table.code, table.id, _settings(table))


def rematch(old: Table, fresh: Table) -> None:
    """Everyone at a finished table asked for a rematch: the new table, started at once."""
    log.info("table %s created (id %s) as the rematch of table %s, and started: %s",
             fresh.code, fresh.id, old.code, _settings(fresh))


def seated(table: Table, seat: int, came_back: bool) -> None:
    """A person sat down at ``seat``, or came back to the seat they kept (said once, not per connection)."""
    if not came_back:
        _coming(table, "table %s: seat %d taken by a person (%d of %d seats held by people)",
                table.code, seat, _people(table), len(table.seats))
    elif table.seats[seat].connections == 1:
        _coming(table, "table %s: seat %d back (its person reconnected)", table.code, seat)


def detached(table: Table, seat: int | None, watching: bool, conns: Iterable[Conn]) -> None:
    """A connection at the table closed (``conns``: those left): a seat's last one, or a watcher's."""
    if seat is not None:
        if table.seats[seat].kind == "person" and not table.seats[seat].connections:
            _coming(table, "table %s: seat %d lost its connection (the seat is kept for its person)", table.code, seat)
    elif watching:
        watcher(table, False, conns)


def gave_up(table: Table, seat: int) -> None:
    """The person left the table for good: the CPU plays the seat, and a newcomer may take it."""
    _coming(table, "table %s: seat %d given up by its person, the CPU plays it (%d of %d seats held by people)",
            table.code, seat, _people(table), len(table.seats))


def grace_over(table: Table, seat: int) -> None:
    """The grace period ran out: the CPU plays the seat until its person is back."""
    if table.seats[seat].dropped:
        log.info("table %s: seat %d handed to the CPU, its person has been gone %g s (the seat is kept for them)",
                 table.code, seat, table.timing.grace_seconds)


def by_choice(table: Table, seat: int, on: bool) -> None:
    """The seat's person handed it to the CPU (``on``) or took it back."""
    if on:
        _coming(table, "table %s: seat %d handed to the CPU by its person (the seat is kept for them)",
                table.code, seat)
    else:
        _coming(table, "table %s: seat %d taken back from the CPU by its person", table.code, seat)


def timed_out(table: Table, seat: int) -> None:
    """The seat's turn timer ran out: the CPU played that one decision for it."""
    _coming(table, "table %s: seat %d ran out of time (%d s), the CPU played for it (the seat is kept for its "
            "person)", table.code, seat, table.turn_seconds)


def watcher(table: Table, joined: bool, conns: Iterable[Conn]) -> None:
    """A watcher came or went (``conns``: the table's connections now)."""
    _coming(table, "table %s: a watcher %s (%d watching)", table.code, "joined" if joined else "left",
            sum(1 for c in conns if c.watching))


def started(table: Table) -> None:
    """The match left the lobby."""
    people = _people(table)
    log.info("table %s: match started (%s, %s)", table.code, _count(people, "person", "people"),
             _count(len(table.seats) - people, "CPU seat", "CPU seats"))


def finished(table: Table) -> None:
    """The match is over (and filed, unless it was a practice match)."""
    filed = "practice, not filed" if table.listing.practice else f"filed in the history as match {table.history_id}"
    log.info("table %s: match finished: %s, %s played, %s", table.code, table.game.info.name,
             _count(len(table.match.logs), "deal", "deals"), filed)


def closing(table: Table) -> None:
    """The table closes unfinished (said before ``Table.close``, while its status still says why)."""
    why = table.why_closing()
    if why is not None:
        log.info("table %s closed (abandoned): %s", table.code, why)
        return
    lobby = table.status == "lobby"
    wait = table.timing.lobby_seconds if lobby else table.timing.idle_seconds
    if table.host_away() and table.people_here():
        log.info("table %s closed (abandoned): the host was away for %g s before the match started", table.code,
                 wait)
        return
    log.info("table %s closed (idle): no person connected for %g s, %s", table.code, wait,
             "before the match started" if lobby else "during the match")


def removed(table: Table) -> None:
    """A finished table leaves memory (its result is in the history)."""
    log.info("table %s removed (finished): nobody at it for %g s", table.code, FINISHED_LINGER)


def handed_over(table: Table, lapsed: bool = False) -> None:
    """Another process took the table over (a shared store): it is served there now; ``lapsed``: the store
    could not be reached (its lease ran out meanwhile, or the table could not be read back)."""
    if lapsed:
        log.warning("table %s let go: the store cannot be reached (the process that reaches it first serves the"
                    " table)", table.code)
    else:
        log.info("table %s handed over: another process serves it now", table.code)


def stopping(tables: int, connections: int) -> None:
    """The server stops: its connections close together, said in this one line instead of a line each."""
    log.info("stopping: closing %s at %s (the tables are kept in the store)",
             _count(connections, "connection", "connections"), _count(tables, "table", "tables"))
