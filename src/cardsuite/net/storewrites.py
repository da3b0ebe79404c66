"""Whether this process's store takes its writes: each save that failed is one WARNING line for the operator,
and ``GET /health`` says the store is unwritable while the last write failed and none has succeeded since
(the first that does is one line too).

A line names the table by its id and gives the error's class and the first line of its message, cut short:
never a join code, a seat token or a player's name. A full disk fails every table's saves at once, so the
lines share one allowance for the whole process (the next line said then tells how many were held back).
"""

from __future__ import annotations

import logging
import time

from ..naming import shown
from .limits import Bucket

log = logging.getLogger("cardsuite.serve")

FAILURES_BURST = 10
"""Lines of failed saves the process may write at once."""
FAILURES_PER_SECOND = 1 / 10
"""How fast that allowance comes back: a line every 10 seconds."""
REASON_CHARS = 200
"""The most of an error's message a line keeps."""


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

    def failed(self, table_id: str, exc: BaseException) -> None:
        """A save of table ``table_id`` failed with ``exc``: the store is unwritable until a write succeeds."""
        self.failing = True
        if not self.bucket.take(time.monotonic()):
            self.held += 1
            return
        line = "table %s: an action could not be saved (%s)"
        args: list[object] = [table_id, short_reason(exc)]
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
