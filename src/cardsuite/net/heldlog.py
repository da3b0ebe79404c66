"""Log records held back while the server starts: one that cannot listen (its port taken) says only why, in
one line, not what it resumed and closed on the way; one that listens says it all, in order."""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Iterator


class HeldBack(logging.Filter):
    """Holds every log record back until ``release``: a server that cannot listen (its port taken) says
    only why, in one line, not what it resumed and closed on the way."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []
        self.holding = True

    def filter(self, record: logging.LogRecord) -> bool:
        if self.holding:
            self.records.append(record)
        return not self.holding

    def release(self) -> None:
        """Let the records held so far through, in order, and the next ones at once."""
        self.holding = False
        records, self.records = self.records, []
        for record in records:
            logging.getLogger(record.name).handle(record)


@contextlib.contextmanager
def held_back() -> Iterator[HeldBack]:
    """A ``HeldBack`` on every handler of the root logger for the block; what it still holds at the end is
    dropped."""
    held = HeldBack()
    handlers = list(logging.getLogger().handlers)
    for handler in handlers:
        handler.addFilter(held)
    try:
        yield held
    finally:
        for handler in handlers:
            handler.removeFilter(held)
