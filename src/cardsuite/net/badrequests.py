"""Malformed HTTP requests (a header past the size limit, too many headers, a byte a URL may not hold): each gets
one short 400 (``errorpages.py``) and aiohttp logs a traceback besides; this filter keeps those tracebacks out
of the operator's log, so that no stranger can fill it, or bury the server's own errors, one bad request at a
time.
"""

from __future__ import annotations

import logging

from aiohttp.http_exceptions import HttpProcessingError

SERVER_LOGGER = "aiohttp.server"
"""The logger aiohttp writes a request's failure to."""


class BadRequestFilter(logging.Filter):
    """Drops a record whose exception is the client's malformed request (``HttpProcessingError``)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        return not isinstance(exc, HttpProcessingError)


def quiet_bad_requests() -> None:
    """Install the filter on aiohttp's server logger (once)."""
    logger = logging.getLogger(SERVER_LOGGER)
    if not any(isinstance(existing, BadRequestFilter) for existing in logger.filters):
        logger.addFilter(BadRequestFilter())
