"""The server's log lines of failures (a request, ``/health``, ``/metrics``, a table's due work, the leases):
one line each, never a traceback: what failed, the error's class and first line (bounded), and the last place
in cardsuite it came through. A store that is away fails every request alike, so the same failure repeated is
held to an allowance: 5 at once and one a minute after that, the next one said ending ``(N such lines held
back before this one)``, as a table's coming-and-going lines are (``tablelog.py``)."""

from __future__ import annotations

import logging
import time
import traceback
from collections import OrderedDict
from collections.abc import Callable

from .limits import Bucket

log = logging.getLogger("cardsuite.serve")

FAULT_BURST = 5
"""Lines of one failure written at once."""
FAULT_PER_SECOND = 1 / 60
"""How fast that allowance comes back: a line a minute."""
MOST_CHARS = 240
"""The error's message is cut there: a message may carry anything."""
KINDS = 64
"""Failures whose allowances are remembered (the oldest is forgotten first)."""


def error_line(exc: BaseException) -> str:
    """``Class: first line of the message``, bounded."""
    text = str(exc).strip()
    line = text.splitlines()[0] if text else ""
    if len(line) > MOST_CHARS:
        line = line[:MOST_CHARS] + "…"
    return f"{type(exc).__name__}: {line}" if line else type(exc).__name__


def where(exc: BaseException) -> str:
    """`` (at net/pgstore.py:97)``: the last place in cardsuite the error came through (or nothing)."""
    ours = [(f.filename.replace("\\", "/"), f.lineno) for f in traceback.extract_tb(exc.__traceback__)]
    ours = [(name, number) for name, number in ours if "/cardsuite/" in name]
    if ours:
        name, number = ours[-1]
        return f" (at {name.rsplit('/cardsuite/', 1)[1]}:{number})"
    return ""


class Faults:
    """Writes failure lines, each kind of failure within its own allowance."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.kinds: OrderedDict[str, tuple[Bucket, list[int]]] = OrderedDict()

    def __call__(self, what: str, exc: BaseException, level: int = logging.ERROR, kind: str | None = None) -> None:
        """Write ``what: <the error> (at <where>)`` in one line, unless that failure (``kind``, else ``what``, and
        the error) has used up its allowance: then count it for the next such line."""
        said = error_line(exc)
        key = f"{kind or what}|{said}"
        said += where(exc)
        if key not in self.kinds:
            self.kinds[key] = (Bucket(FAULT_PER_SECOND, FAULT_BURST), [0])
            while len(self.kinds) > KINDS:
                self.kinds.popitem(last=False)
        self.kinds.move_to_end(key)
        bucket, held = self.kinds[key]
        if not bucket.take(self.clock()):
            held[0] += 1
            return
        if held[0]:
            log.log(level, "%s: %s (%d such lines held back before this one)", what, said, held[0])
            held[0] = 0
        else:
            log.log(level, "%s: %s", what, said)


fault = Faults()
"""The server's one writer of failure lines."""
