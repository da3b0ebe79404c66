"""Seat names in event texts: games write ``seat N``; the CLI and the TUI show the seat's name instead."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with each ``seat N`` replaced by ``names[N]`` (left as it is when there is no such name)."""

    def swap(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return names[index] if 0 <= index < len(names) else match.group(0)

    return _SEAT.sub(swap, text)
