"""Whether a command runs at a terminal: a screen opens only there; piped or redirected, commands print text."""

from __future__ import annotations

import sys


def on_terminal() -> bool:
    """Whether stdin and stdout are both terminals, where a screen can be drawn and keys read."""
    return _is_terminal(sys.stdin) and _is_terminal(sys.stdout)


def _is_terminal(stream: object) -> bool:
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed stream
        return False
