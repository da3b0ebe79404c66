"""The frame a table is drawn in, shared by the table and the replay: the top bar and the status line, the
table with the game's overflowing lines and the event log beside it, the card faces' size for the
terminal's size, and whether the terminal is too small to draw it at all.
"""

from __future__ import annotations

from typing import Any

from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widget import Widget

from ..text import Ascii
from ..widgets.hand import HandView
from ..widgets.kinsoku import KinsokuStatic
from ..widgets.panels import EventLog, TopBar
from ..widgets.table import TableView


def table_frame(ascii_fix: Ascii) -> tuple[Widget, ...]:
    """The top bar (``#top``), the status line (``#status``) and the body: the table (``#table``), and at its
    side the lines that did not fit (``#facts``) over the event log (``#log``). Their text breaks lines by
    the Japanese rules."""
    log = EventLog(ascii_fix, id="log")
    log.can_focus = False
    side = Vertical(KinsokuStatic(id="facts"), log, id="side")
    return TopBar(id="top"), KinsokuStatic(id="status"), Horizontal(TableView(id="table"), side, id="body")


MIN_WIDTH, MIN_HEIGHT = 80, 24
"""The smallest terminal a table is drawn in; below it the screen says so and only leaving works."""


def mark_too_small(screen: Screen[Any], width: int, height: int) -> bool:
    """Give ``screen`` the ``-small`` class (the stylesheet hides the table and shows ``#too-small``) when the
    terminal is below ``MIN_WIDTH``×``MIN_HEIGHT``; True when that changed, so the key bar is built again."""
    small = width < MIN_WIDTH or height < MIN_HEIGHT
    if small == screen.has_class("-small"):
        return False
    screen.set_class(small, "-small")
    return True


def fit_faces(screen: Screen[Any], width: int, height: int) -> None:
    """Larger faces and a wider log in a larger terminal: 3 rows at 80×24, 5 from 100×32, 7 from 120×40."""
    huge = width >= 120 and height >= 40
    large = width >= 100 and height >= 32 and not huge
    screen.set_class(large, "-large")
    screen.set_class(huge, "-huge")
    hand = screen.query_one(HandView)
    hand.size_rows = 7 if huge else (5 if large else 3)
    hand.refresh()
