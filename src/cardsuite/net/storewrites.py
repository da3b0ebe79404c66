"""Whether this process's store takes its writes: each save that failed (an action, a new table) is one WARNING
line for the operator, and ``GET /health`` says the store is unwritable while the last write failed and none has
succeeded since (the first that does is one line too). An idle server writes nothing, so ``/health`` asks the store
itself then: a cheap real write, at most once every ``PROBE_SECONDS`` however often it is polled.

A line names the table by its id and gives the error's class and the first line of its message, cut short:
never a join code, a seat token or a player's name. A full disk fails every table's saves at once, so the
lines share one allowance for the whole process (the next line said then tells how many were held back).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable

from ..naming import shown
from .limits import Bucket

log = logging.getLogger("cardsuite.serve")

FAILURES_BURST = 10
"""Lines of failed saves the process may write at once."""
FAILURES_PER_SECOND = 1 / 10
"""How fast that allowance comes back: a line every 10 seconds."""
REASON_CHARS = 200
"""The most of an error's message a line keeps."""
PROBE_SECONDS = 1.0
"""While the store is unwritable, ``/health`` tries a write at most this often (polls in between get the last
answer): a health check polling fast cannot hammer a full disk."""


def short_reason(exc: BaseException) -> str:
    """The error's class and the first line of its message, at most ``REASON_CHARS`` characters of it (a
    database's further lines may quote the row's values), control characters shown as escapes."""
    said = str(exc).strip().splitlines()
    first = shown(said[0]) if said else ""
    if len(first) > REASON_CHARS:
        first = first[:REASON_CHARS] + "…"
    return f"{type(exc).__name__}: {first}" if first else type(exc).__name__


class StoreWrites:
    """The outcome of this process's last write to its store, and the allowance of lines about failed ones."""

    def __init__(self) -> None:
        self.failing = False
        self.held = 0
        self.bucket = Bucket(FAILURES_PER_SECOND, FAILURES_BURST)
        self.next_probe = 0.0

    def failed(self, table_id: str, exc: BaseException) -> None:
        """A save of table ``table_id`` failed with ``exc``: the store is unwritable until a write succeeds."""
        self._failed("table %s: an action could not be saved (%s)", [table_id], exc)

    def create_failed(self, exc: BaseException) -> None:
        """A new table could not be stored (``exc``): the store is unwritable until a write succeeds."""
        self._failed("a new table could not be saved (%s)", [], exc)

    def _failed(self, line: str, args: list[object], exc: BaseException) -> None:
        self.failing = True
        if not self.bucket.take(time.monotonic()):
            self.held += 1
            return
        args = [*args, short_reason(exc)]
        if self.held:
            line += " (%d such lines held back before this one)"
            args.append(self.held)
            self.held = 0
        log.warning(line, *args)

    def succeeded(self) -> None:
        """A write to the store succeeded: it takes writes again (said once, after failures)."""
        if self.failing:
            log.info("the store takes writes again")
        self.failing = False

    async def writable(self, probe: Callable[[], object]) -> bool:
        """Whether the store takes writes: while it does not, ``probe`` (a cheap real write to it, run off the
        event loop) is tried again, at most once every ``PROBE_SECONDS``; the first that succeeds ends the
        unwritable state. A probe that fails says nothing: the failed saves have said why."""
        if not self.failing:
            return True
        now = time.monotonic()
        if now < self.next_probe:
            return False
        self.next_probe = now + PROBE_SECONDS
        try:
            await asyncio.to_thread(probe)
        except Exception:
            return not self.failing  # (a save may have succeeded meanwhile)
        self.succeeded()
        return True
