"""Running out of file descriptors: one warning line a minute instead of a traceback for every accept.

The event loop retries an accept that failed for want of descriptors by itself; this handler only decides
what the operator reads. Anything else goes to the loop's default handler.
"""

from __future__ import annotations

import asyncio
import errno
import logging
import time
from typing import Any

OUT_OF = frozenset({errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM})
"""The errors that mean the process (or the machine) has no descriptor or buffer left for a connection."""
EVERY = 60.0
"""Seconds between two warning lines."""

log = logging.getLogger("cardsuite.serve")


class DescriptorWarning:
    """An event loop exception handler that turns out-of-descriptor errors into a line a minute at most."""

    def __init__(self, clock: Any = time.monotonic) -> None:
        self.clock = clock
        self.last: float | None = None
        self.quiet = 0  # errors since the last line

    def __call__(self, loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if not isinstance(exc, OSError) or exc.errno not in OUT_OF:
            loop.default_exception_handler(context)
            return
        now = self.clock()
        self.quiet += 1
        if self.last is not None and now - self.last < EVERY:
            return
        log.warning("out of file descriptors (%s; %d times since the last line): new connections wait; raise "
                    "`ulimit -n` or put a proxy in front (docs/deploy.md)", exc.strerror or exc, self.quiet)
        self.last = now
        self.quiet = 0
