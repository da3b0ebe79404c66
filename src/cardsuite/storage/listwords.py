"""How the lists of saved and finished matches (the Continue list, ``resume --list``, ``history``) show a
seat's total, a time and a column of mixed-width text."""

from __future__ import annotations

import calendar
import time
from collections.abc import Sequence
from unicodedata import east_asian_width

from ..i18n import _, pgettext
from ..i18n.levels import level_word
from ..naming import shown
from .ratings import SHARED, base_label


def total_text(value: float) -> str:
    """A total as a person writes it: ``12``, ``-3``, ``2.5`` (never ``12.0``)."""
    return str(int(value)) if float(value).is_integer() else str(value)


def seat_scores(names: Sequence[str], totals: Sequence[float]) -> str:
    """``Ann (12), CPU 1 (-3)``: the total in brackets, so that a name ending in a number (``CPU 1``) is not
    read as part of it. ``names`` are already safe to print."""
    comma = pgettext("list separator", ", ")
    # TRANSLATORS: a seat's name and its total in a list of saved or finished matches, "Ann (12)"
    return comma.join(_("{name} ({total})").format(name=name, total=total_text(total))
                      for name, total in zip(names, totals, strict=False))


def label_words(kind: str, player: str, label: str) -> str:
    """A player's label (``ratings.player_labels``, ``seat_labels``: English, the statistics' and ratings' key)
    in the reader's words: a CPU's level and the marks after a name translated, a seat's number kept
    (``CPU normal [2]`` is ``CPU ふつう [2]``)."""
    base = base_label(kind, player)
    number = label[len(base):] if label.startswith(base) else ""
    if kind == "cpu":
        level = player.removeprefix("CPU ")
        words = _("CPU {level}").format(level=level_word(level)) if level != player else player
    elif kind == SHARED:
        # TRANSLATORS: a person's seat that a CPU played for part of the match, in the history and statistics
        words = _("{name} (with the CPU)").format(name=player)
    elif base != player:
        # TRANSLATORS: a person whose name reads like a CPU's ("CPU easy"), in the history and statistics
        words = _("{name} (person)").format(name=player)
    else:
        words = player
    return words + number


def local_minute(stamp: str) -> str:
    """A stored UTC time (``2026-11-30T00:51:07Z``) in local time to the minute, ``2026-11-30 01:51``; a stamp
    that is not such a time as stored (safe to print)."""
    try:
        moment = time.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return shown(stamp[:20])
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(calendar.timegm(moment)))


def cells(text: str) -> int:
    """Columns ``text`` takes at a terminal (a Japanese character two)."""
    return sum(2 if east_asian_width(ch) in "WF" else 1 for ch in text)


def padded(text: str, width: int, right: bool = False) -> str:
    """``text`` filled with spaces to ``width`` columns, on the left when ``right`` (numbers)."""
    fill = " " * max(0, width - cells(text))
    return fill + text if right else text + fill
