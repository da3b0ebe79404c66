"""Read-only panels: the top bar and the event log."""

from __future__ import annotations

from typing import Self

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.widgets import RichLog

from ...i18n.linebreak import kinsoku_text
from ..text import Ascii
from .kinsoku import KinsokuStatic


class TopBar(KinsokuStatic):
    """The header: game, deal, contract, trumps, timer, assisted (a second row when one is not enough, broken
    by the Japanese rules)."""

    def show(self, parts: list[str], ascii_fix: Ascii) -> None:
        """Show ``parts`` separated by dots (``|`` in ASCII mode), wrapped between parts where it must."""
        sep = " | " if ascii_fix.on else " · "
        text = Text(ascii_fix.text(sep.join(p for p in parts if p)))
        self.update(text, layout=True)


class EventLog(RichLog):
    """The event log: ``show`` appends only what is new, and starts over when the lines diverge; a new width
    wraps every line again (a ``RichLog`` keeps each line as wrapped when it was written), by the Japanese
    line-breaking rules (``i18n.linebreak.kinsoku_text``)."""

    def __init__(self, ascii_fix: Ascii, id: str | None = None) -> None:
        super().__init__(id=id, wrap=True, markup=False, highlight=False, auto_scroll=True, min_width=1)
        self.ascii_fix = ascii_fix
        self.shown: list[str] = []
        self._width = 0

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the lines shown again when the width changes (``RichLog.on_resize`` then runs as well)."""
        width = event.size.width
        if width == self._width:
            return
        known = self._width and self._size_known  # the first size: RichLog writes the waiting lines itself
        self._width = width
        if known and width:
            self.clear()
            for line in self.shown:
                self.write(Text(line))

    def write(self, content: RenderableType | object, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None, animate: bool = False) -> Self:
        """``RichLog.write``, a text broken into lines first at the width it is drawn at (a write made before
        the size is known comes back here when it is)."""
        if isinstance(content, Text) and width is None and self._size_known:
            content = kinsoku_text(content, self.scrollable_content_region.width)
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def show(self, lines: list[str]) -> None:
        """Show ``lines`` (names already substituted)."""
        lines = [self.ascii_fix.text(line) for line in lines]
        if lines[: len(self.shown)] != self.shown:
            self.clear()
            self.shown = []
        for line in lines[len(self.shown) :]:
            self.write(Text(line))
        self.shown = list(lines)
