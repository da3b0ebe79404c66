"""Whether a command runs at a terminal: a screen opens only there; piped or redirected, commands print text."""

from __future__ import annotations

import sys


def on_terminal() -> bool:
    """Whether stdin and stdout are both terminals, where a screen can be drawn and keys read."""
    return is_terminal(sys.stdin) and is_terminal(sys.stdout)


def is_terminal(stream: object) -> bool:
    """Whether ``stream`` is a terminal (a closed or odd stream is not)."""
    isatty = getattr(stream, "isatty", None)
    try:
        return bool(isatty()) if callable(isatty) else False
    except (OSError, ValueError):  # a closed stream
        return False
