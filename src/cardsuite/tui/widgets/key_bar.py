"""The key bar: Textual's footer, rebuilt once for any number of key changes made before the next repaint,
and only when the keys it shows changed."""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

Shown = tuple[tuple[str, str, str, str, bool, str, object], ...]
"""What the key bar shows: each shown binding's key, its display, words, action, whether it works, its tooltip
and its group."""


class KeyBar(Footer):
    """A ``Footer`` that rebuilds its keys once per repaint (Textual's rebuilds once per change: a table's
    move changed them two to six times, each rebuild mounting every key again), and not at all when the
    keys it would show are the ones it shows (most CPU moves change none)."""

    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._rebuild_due = False
        self._shown: Shown | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The keys of ``screen`` changed: rebuild after the next repaint, unless a rebuild is already due."""
        self._bindings_ready = True
        if not screen.app.app_focus or not self.is_attached or screen is not self.screen or self._rebuild_due:
            return
        self._rebuild_due = True
        self.call_after_refresh(self._rebuild)

    def shown_keys(self) -> Shown:
        """The keys the footer would show now, with everything its ``compose`` draws them from."""
        app = self.app
        return tuple(
            (binding.key, app.get_key_display(binding), binding.description, binding.action, enabled,
             tooltip or "", binding.group)
            for (_, binding, enabled, tooltip) in self.screen.active_bindings.values()
            if binding.show or binding.key == app.COMMAND_PALETTE_BINDING
        )

    async def _rebuild(self) -> None:
        """Show the keys as they are now (a change made meanwhile is in them); nothing to do when they are the
        ones shown."""
        self._rebuild_due = False
        if not self.is_attached:  # the screen closed meanwhile
            return
        shown = self.shown_keys()
        if shown == self._shown and self.children:
            return
        self._shown = shown
        await self.recompose()
