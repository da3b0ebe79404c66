"""The hand: card faces in the game's order, legal ones bright and raised, the others dimmed; its key under each."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from ...cards import Card
from ...i18n import _
from ..faces import Faces
from ..layout import Canvas
from ..messages import CardChosen, CardsSubmitted


class HandView(Widget):
    """One seat's hand. ``show`` sets it; Enter and clicks post ``CardChosen`` or ``CardsSubmitted``.

    Under each card is the key that plays it (or marks it), when the hand is played from now.
    """

    def __init__(self, faces: Faces, id: str | None = None) -> None:
        super().__init__(id=id)
        self.faces = faces
        self.groups: tuple[tuple[Card, ...], ...] = ()
        self.cards: list[Card] = []
        self.legal: frozenset[Card] = frozenset()
        self.active = False
        self.marked: set[Card] = set()
        self.cursor = 0
        self.multi = False
        self.size_rows = 3
        self.keys: tuple[str, ...] = ()
        self.hidden_text: str | None = _("No hand is shown.")
        self._spans: list[tuple[int, int]] = []

    def show(self, groups: tuple[tuple[Card, ...], ...], legal: frozenset[Card], multi: bool, active: bool,
             keys: tuple[str, ...] = ()) -> None:
        """Show the ``groups`` of cards; ``legal`` are playable; ``multi`` lets the person mark several;
        ``keys`` are the cards' keys in order (none shown when empty)."""
        self.keys = keys
        cards = [c for g in groups for c in g]
        if cards != self.cards or multi != self.multi:
            self.marked &= set(cards)
            if not multi:
                self.marked.clear()
        self.groups, self.cards, self.legal, self.multi, self.active = groups, cards, legal, multi, active
        self.hidden_text = None
        if self.cursor >= len(self.cards) or (self.cards and legal and self.cards[self.cursor] not in legal):
            self.cursor = next((i for i, c in enumerate(self.cards) if c in legal), 0)
        self.refresh()

    def hide(self, text: str) -> None:
        """Show no card at all (hand-off, waiting for the first person)."""
        self.groups, self.cards, self.legal, self.marked, self.keys = (), [], frozenset(), set(), ()
        self.hidden_text = text
        self.refresh()

    @property
    def current(self) -> Card | None:
        """The card under the cursor."""
        return self.cards[self.cursor] if 0 <= self.cursor < len(self.cards) else None

    def move(self, delta: int) -> None:
        """Move the cursor, wrapping around."""
        if self.cards:
            self.cursor = (self.cursor + delta) % len(self.cards)
            self.refresh()

    def pick(self, index: int) -> bool:
        """Put the cursor on card ``index`` (0-based); False if there is no such card."""
        if 0 <= index < len(self.cards):
            self.cursor = index
            self.refresh()
            return True
        return False

    def toggle(self, card: Card | None = None) -> None:
        """Mark or unmark ``card`` (the one under the cursor by default) for a several-card action."""
        card = self.current if card is None else card
        if card is None or not self.multi or card not in self.cards:
            return
        self.cursor = self.cards.index(card)
        self.marked.symmetric_difference_update({card})
        self.refresh()

    @property
    def chosen(self) -> tuple[Card, ...]:
        """The marked cards, in the hand's order."""
        return tuple(c for c in self.cards if c in self.marked)

    def activate(self) -> None:
        """Enter: play the cursor card, or submit the marked cards."""
        if self.multi:
            self.post_message(CardsSubmitted(self.chosen))
        elif self.current is not None:
            self.post_message(CardChosen(self.current))

    def render(self) -> Text:
        """The faces (legal ones one row higher, marked ones underlined), then each card's key."""
        if self.hidden_text is not None or not self.cards:
            self._spans = []
            return Text(self.hidden_text or _("(no cards)"), style="dim italic")
        size = self.size_rows
        width = self.faces.width(size)
        count = len(self.cards)
        gaps = max(0, len(self.groups) - 1)
        room = max(1, self.content_region.width if self.is_mounted else 80)
        step = width + 1
        if count * step + gaps > room:  # overlap the faces, each showing its left part
            step = max(3, (room - width - gaps) // max(1, count - 1))
        canvas = Canvas(room, size + 2)
        spans: list[tuple[int, int]] = []
        x = 0
        index = 0
        for group in self.groups:
            for card in group:
                legal = card in self.legal
                raised = self.active and legal
                dim = self.active and not legal
                style = "reverse" if index == self.cursor and self.active else ""
                if card in self.marked:
                    style = f"{style} underline".strip()
                top = 0 if raised or card in self.marked else 1
                for dy, row in enumerate(self.faces.face(card, size, style, dim)):
                    canvas.put(x, top + dy, row)
                label = self.keys[index] if index < len(self.keys) else ""
                marked = card in self.marked
                look = "bold reverse" if marked else ("bold" if index == self.cursor and self.active else "")
                canvas.put(x + max(0, (min(step, width) - len(label)) // 2), size + 1,
                           Text(label, style=look or ("" if legal else "dim")))
                spans.append((x, x + min(step, width)))
                x += step
                index += 1
            x += 1
        self._spans = spans
        return Text("\n").join(canvas.rows())

    def on_click(self, event: events.Click) -> None:
        """A click on a card moves the cursor there and plays it (or marks it, for a several-card action)."""
        offset = event.get_content_offset(self)
        if offset is None:
            return
        for index, (start, end) in enumerate(self._spans):
            if start <= offset.x < end:
                self.cursor = index
                if self.multi:
                    self.toggle()
                else:
                    self.refresh()
                    self.activate()
                return
