"""The key bar: Textual's footer, rebuilt once for any number of key changes made before the next repaint."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer


class KeyBar(Footer):
    """A ``Footer`` that rebuilds its keys once per repaint (Textual's rebuilds once per change: a table's
    move changed them two to six times, each rebuild mounting every key again)."""

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._rebuild_due = False

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The keys of ``screen`` changed: rebuild after the next repaint, unless a rebuild is already due."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen or self._rebuild_due:
            return
        self._rebuild_due = True
        self.call_after_refresh(self._rebuild)

    async def _rebuild(self) -> None:
        """Show the keys as they are now (a change made meanwhile is in them)."""
        self._rebuild_due = False
        await self.recompose()
