"""The table in the middle of the screen: seats around it, the trick in the centre, the game's lines."""

from __future__ import annotations

from rich.text import Text
from textual.message import Message
from textual.widget import Widget

from ..layout import TableModel, draw, join_rows


class TableView(Widget):
    """Draws a ``TableModel`` at whatever size the layout gives it (``show`` sets the model)."""

    class Resized(Message):
        """The table's size changed: the game's lines may fit differently now."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model: TableModel | None = None

    def show(self, model: TableModel | None) -> None:
        """Draw ``model`` (``None``: an empty table)."""
        self.model = model
        self.refresh()

    def on_resize(self) -> None:
        """Tell the screen: the game's lines may fit differently now."""
        self.post_message(self.Resized())

    def render(self) -> Text:
        """The table's rows for the widget's current size."""
        if self.model is None:
            return Text("")
        size = self.content_region.size if self.is_mounted else self.size
        return join_rows(draw(self.model, max(1, size.width), max(1, size.height)))
