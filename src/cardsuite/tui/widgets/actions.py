"""The action bar: one button per legal non-card action (with its key), or per verb that opens a list."""

from __future__ import annotations

from textual.containers import HorizontalScroll
from textual.widgets import Button

from ..messages import ItemPicked


class ActionBar(HorizontalScroll):
    """Buttons for ``labels`` (``key label``); a keyboard cursor (``-cursor``); posts ``ItemPicked``."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id, can_focus=False)  # the screen's keys drive it; arrows must reach the screen
        self.labels: tuple[str, ...] = ()
        self.cursor = 0
        self.active = False

    def show(self, labels: tuple[str, ...], active: bool) -> None:
        """Replace the buttons when the labels change; ``active`` shows the keyboard cursor."""
        self.active = active
        if labels != self.labels:
            self.labels = labels
            self.cursor = 0
            self.remove_children()
            buttons = []
            for index, label in enumerate(labels):
                button = Button(label, name=f"act-{index}", classes="act", compact=True)
                button.can_focus = False
                buttons.append(button)
            if buttons:
                self.mount_all(buttons)
        self._mark()

    def move(self, delta: int) -> None:
        """Move the keyboard cursor between buttons."""
        if self.labels:
            self.cursor = (self.cursor + delta) % len(self.labels)
            self._mark()

    def pick(self, index: int) -> bool:
        """Press button ``index`` (0-based) from the keyboard."""
        if 0 <= index < len(self.labels):
            self.cursor = index
            self._mark()
            self.post_message(ItemPicked(index))
            return True
        return False

    def activate(self) -> None:
        """Press the button under the cursor."""
        self.pick(self.cursor)

    def _mark(self) -> None:
        for index, button in enumerate(self.query(Button)):
            button.set_class(self.active and index == self.cursor, "-cursor")

    def on_button_pressed(self, event: Button.Pressed) -> None:
        """A click: say which item."""
        event.stop()
        button_id = event.button.name or ""
        if button_id.startswith("act-"):
            index = int(button_id[4:])
            self.cursor = index
            self._mark()
            self.post_message(ItemPicked(index))
