"""The browser seat's last screen: why its session ends (the table closed, or it refused the seat), since the
page covers the terminal the moment the process exits and a terminal's last printed line never reaches it.
Any key ends the session."""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.screen import Screen

from ...i18n import _
from ..widgets.kinsoku import KinsokuStatic


class PartingScreen(Screen[None]):
    """One line saying why the session ends, and that any key ends it."""

    DEFAULT_CSS = """
    PartingScreen { align: center middle; }
    PartingScreen > Vertical { width: 72; max-width: 100%; height: auto; border: round $accent; padding: 1 2; }
    """

    def __init__(self, line: str) -> None:
        super().__init__()
        self.line = line

    def compose(self) -> ComposeResult:
        with Vertical():
            yield KinsokuStatic(self.line, id="parting-line", markup=False)
            yield KinsokuStatic(_("Press any key to end the session."), markup=False)

    def on_key(self, event: events.Key) -> None:
        """Any key ends the session."""
        event.stop()
        self.app.exit()
