"""Checks of what a screen shows: words that bypassed the catalogs, and text that does not fit its box.

``unmarked_words`` reads a screen drawn in the pseudo-locale, where every translated message is wrapped in
``⟦ ⟧``: a word of Latin letters outside every marker did not go through gettext. ``cut_off`` measures in
terminal cells (Rich's measure: a Japanese character takes two) whether each widget's text fits the box it
is given, so that nothing is cut off when a language needs more room than English.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from rich.cells import cell_len
from textual.app import App
from textual.containers import ScrollableContainer
from textual.visual import visualize
from textual.widget import Widget

from cardsuite.i18n import CLOSE, OPEN

_MARKED = re.compile(f"{OPEN}[^{OPEN}{CLOSE}]*{CLOSE}")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")


def unmarked_words(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """Words of two or more Latin letters outside the pseudo-locale's markers (nested ones too).

    A marker left alone (its partner scrolled out of view) counts to the end (or from the start) of the text.

    >>> unmarked_words("⟦Ann won ⟦the ⟦ace⟧ of ⟦spades⟧⟧⟧ │ Score ⟦deal⟧ A♠ 10♦", allowed={"Ann"})
    ['Score']
    """
    rest = text
    while True:
        shorter = _MARKED.sub(" ", rest)
        if shorter == rest:
            break
        rest = shorter
    # a message that runs past the edge of a scrolled page or box has only one of its markers on the screen
    rest = rest[rest.rfind(CLOSE) + 1:] if CLOSE in rest else rest
    rest = rest[: rest.find(OPEN)] if OPEN in rest else rest
    keep = set(allowed)
    return [word for word in _WORD.findall(rest) if word not in keep]


def screen_lines(app: App[Any]) -> list[str]:
    """The characters on the screen now, one string per row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


def _scrolls(widget: Widget) -> bool:
    return any(isinstance(node, ScrollableContainer) for node in widget.ancestors_with_self)


def cut_off(app: App[Any]) -> list[str]:
    """Every visible widget whose own text needs more cells than its box has, wide or high.

    Containers are skipped (their children are checked), and so are widgets inside something that scrolls.
    A box shortened with an ellipsis counts as cut off too.
    """
    out = []
    for widget in app.screen.query("*"):
        if not widget.display or not widget.region.area or widget.children or _scrolls(widget):
            continue
        box = widget.content_region
        if box.width <= 0 or box.height <= 0:
            continue
        try:
            visual = visualize(widget, widget.render())
        except Exception:  # a widget that cannot render alone is drawn by its parent
            continue
        rules = widget.styles
        height = visual.get_height(rules, box.width)
        words = " ".join(screen_lines_of(app, widget))[:60]
        if height > box.height:
            out.append(f"{widget!r} needs {height} rows, has {box.height}: {words!r}")
        elif rules.text_wrap == "nowrap" and visual.get_optimal_width(rules, 10_000) > box.width:
            out.append(f"{widget!r} needs {visual.get_optimal_width(rules, 10_000)} cells, has {box.width}: {words!r}")
        elif "…" in words:
            out.append(f"{widget!r} is shortened with an ellipsis: {words!r}")
    return out


def screen_lines_of(app: App[Any], widget: Widget) -> list[str]:
    """The rows of the screen inside ``widget``'s content box."""
    box = widget.content_region
    lines = screen_lines(app)
    return [cell_slice(lines[y], box.x, box.right) for y in range(box.y, min(box.bottom, len(lines)))]


def cell_slice(line: str, start: int, end: int) -> str:
    """The part of ``line`` between terminal columns ``start`` and ``end`` (wide characters count twice)."""
    out, column = [], 0
    for char in line:
        width = cell_len(char)
        if start <= column and column + width <= end:
            out.append(char)
        column += width
    return "".join(out)
