"""Text helpers shared by the commands: seat names in event texts."""

from __future__ import annotations

import re
from collections.abc import Sequence

_SEAT = re.compile(r"\bseat (\d+)\b")


def name_seats(text: str, names: Sequence[str]) -> str:
    """Replace ``seat N`` in an event text with that seat's name."""

    def swap(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return names[seat] if seat < len(names) else match.group(0)

    return _SEAT.sub(swap, text)
