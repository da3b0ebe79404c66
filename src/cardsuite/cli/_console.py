"""The console the commands print their text, tables and headings to: at a terminal, as wide as the terminal;
piped or redirected, ``PIPED_WIDTH`` cells whatever ``COLUMNS`` says (a script run from cron or a small pane
inherits one), widened for a table or a heading that needs more, so that no word or figure is cut to "…", and
lines of text are not wrapped."""

from __future__ import annotations

import sys
from typing import Any, Final

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.measure import Measurement
from rich.rule import Rule
from rich.text import Text

from ._terminal import is_terminal

PIPED_WIDTH: Final = 80
"""The width of text that goes to a pipe or a file (Rich's own width there, when ``COLUMNS`` is not set)."""

_UNBOUNDED: Final = 100_000


def stdout_console(**settings: Any) -> Console:
    """A Rich console on stdout with ``settings``: at a terminal, its width; else ``PIPED_WIDTH``, and a line of
    text is never wrapped (one line for each line printed, for grep and screen readers)."""
    if is_terminal(sys.stdout):
        return Console(**settings)
    return Console(**({"width": PIPED_WIDTH, "soft_wrap": True} | settings))


def print_whole(console: Console, renderable: RenderableType) -> None:
    """Print ``renderable``; piped or redirected, at least as wide as it needs for no cell to be cut."""
    if is_terminal(console.file):
        console.print(renderable)
        return
    needed = Measurement.get(console, console.options.update_width(_UNBOUNDED), renderable).minimum
    _print_at(console, renderable, needed)


def rule_whole(console: Console, title: Text) -> None:
    """A heading rule with ``title``; piped or redirected, widened so that the title is never cut."""
    if is_terminal(console.file):
        console.rule(title)
        return
    _print_at(console, Rule(title), cell_len(title.plain) + 6)


def _print_at(console: Console, renderable: RenderableType, needed: int) -> None:
    """Print ``renderable`` at the console's width, or at ``needed`` cells if that is wider (``print``'s own
    ``width`` can only narrow it)."""
    width = console.width
    console.width = max(width, needed)
    try:
        console.print(renderable)
    finally:
        console.width = width
