"""The prompt and the buttons: what the seat is asked to do, then each action that is not a card with its key,
then the greyed-out buttons of actions not open yet.

Drawn as one text that wraps: a button is never split across rows and never falls off the right edge (a
label longer than the whole row wraps inside itself). The keyboard cursor (arrows) is shown in reverse;
there is none until an arrow key puts it on a button, so Enter presses nothing by default, and it never
stops on a greyed-out button. A click on a button posts ``ItemPicked``, on a greyed-out one ``NotYetPicked``.
"""

from __future__ import annotations

from rich.cells import cell_len
from rich.text import Text
from textual import events
from textual.widget import Widget

from ..layout import wrap
from ..messages import ItemPicked, NotYetPicked

KEY_COLOUR = "#ffa62b"
"""A button's key, in the key bar's colour (bold alone without colour)."""


def lay_out(prompt: Text, chips: list[Text], width: int) -> tuple[list[Text], list[tuple[int, int, int]]]:
    """Rows of at most ``width`` cells: the prompt, then the chips, each kept whole on one row where it fits;
    and each chip's place (row, first column, end column)."""
    width = max(1, width)
    rows: list[Text] = [line.copy() for line in wrap(prompt, width)] if prompt.plain else [Text()]
    places: list[tuple[int, int, int]] = []
    for chip in chips:
        size = cell_len(chip.plain)
        used = cell_len(rows[-1].plain)
        gap = 2 if used else 0
        if used and used + gap + size > width:
            rows.append(Text())
            used, gap = 0, 0
        if size > width:  # longer than a whole row: it wraps inside itself
            parts = wrap(chip, width)
            for index, part in enumerate(parts):
                if index:
                    rows.append(Text())
                rows[-1].append_text(part)
                places.append((len(rows) - 1, 0, cell_len(part.plain)))
            continue
        rows[-1].append(" " * gap)
        rows[-1].append_text(chip)
        places.append((len(rows) - 1, used + gap, used + gap + size))
    return rows, places


class ActionBar(Widget):
    """The prompt and the buttons (key and words); a keyboard cursor; posts ``ItemPicked``."""

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.prompt = Text()
        self.labels: tuple[tuple[str, str], ...] = ()
        self.greyed: tuple[tuple[str, str], ...] = ()
        self.cursor: int | None = None
        self.active = False
        self._places: list[tuple[int, int, int, int]] = []

    def show(self, labels: tuple[tuple[str, str], ...], active: bool, prompt: Text | None = None,
             greyed: tuple[tuple[str, str], ...] = ()) -> None:
        """Show ``labels`` (key, words) as buttons after ``prompt``, then ``greyed`` (key, why) greyed out;
        ``active`` shows the keyboard cursor. New labels start with no cursor (Enter then presses nothing)."""
        self.active = active
        self.greyed = greyed
        if labels != self.labels:
            self.labels = labels
            self.cursor = None
        if prompt is not None:
            self.prompt = prompt
        self.refresh(layout=True)

    @property
    def selected(self) -> int | None:
        """The button under the keyboard cursor, if any."""
        return self.cursor if self.active and self.cursor is not None and self.cursor < len(self.labels) else None

    def move(self, delta: int) -> None:
        """Move the keyboard cursor between buttons (the first arrow puts it on the first or last one)."""
        if not self.labels:
            return
        if self.cursor is None:
            self.cursor = 0 if delta >= 0 else len(self.labels) - 1
        else:
            self.cursor = (self.cursor + delta) % len(self.labels)
        self.refresh()

    def pick(self, index: int) -> bool:
        """Press button ``index`` (0-based)."""
        if 0 <= index < len(self.labels):
            self.cursor = index
            self.refresh()
            self.post_message(ItemPicked(index))
            return True
        return False

    def _chips(self) -> list[Text]:
        out = []
        for index, (key, words) in enumerate(self.labels):
            under = self.active and index == self.cursor
            chip = Text(key, style="bold reverse" if under else f"bold {KEY_COLOUR}")
            chip.append((" " if key else "") + words, style="reverse" if under else "")
            out.append(chip)
        for key, why in self.greyed:
            out.append(Text(key + (" " if key else "") + why, style="dim"))
        return out

    def _rows(self, width: int) -> list[Text]:
        rows, places = lay_out(self.prompt, self._chips(), width)
        self._places = [(i, *place) for i, place in enumerate(places)]
        return rows

    def get_content_height(self, container: object, viewport: object, width: int) -> int:
        """As many rows as the prompt and the buttons need at this width."""
        return len(self._rows(width))

    def render(self) -> Text:
        """The prompt and the buttons, wrapped to the width."""
        return Text("\n").join(self._rows(self.content_region.width or 80))

    def on_click(self, event: events.Click) -> None:
        """A click on a button presses it; on a greyed-out one, asks why it is not open."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, row, start, end in self._places:
            if row == offset.y and start <= offset.x < end:
                event.stop()
                if index < len(self.labels):
                    self.pick(index)
                else:
                    self.post_message(NotYetPicked(index - len(self.labels)))
                return
