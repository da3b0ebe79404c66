"""The hand: cards grouped by suit, legal ones bright and illegal ones dim, a cursor and marks."""

from __future__ import annotations

from rich.text import Text
from textual import events
from textual.widget import Widget

from ...cards import JOKER, SUIT_OF, Card, sort_hand
from ..messages import CardChosen, CardsSubmitted
from ..render import Style

DIGITS = "1234567890"


class HandView(Widget):
    """One seat's hand. ``show`` sets it; keys and clicks post ``CardChosen`` or ``CardsSubmitted``."""

    def __init__(self, style: Style, id: str | None = None) -> None:
        super().__init__(id=id)
        self.style_set = style
        self.cards: list[Card] = []
        self.legal: frozenset[Card] = frozenset()
        self.marked: set[Card] = set()
        self.cursor = 0
        self.multi = False
        self.hidden_text: str | None = "No hand is shown."
        self._spans: list[tuple[int, int]] = []

    def show(self, cards: tuple[Card, ...], legal: frozenset[Card], multi: bool) -> None:
        """Show ``cards``; ``legal`` are the playable ones; ``multi`` lets the person mark several."""
        new = sort_hand(cards)
        if new != self.cards or multi != self.multi:
            self.marked &= set(new)
            if not multi:
                self.marked.clear()
        self.cards = new
        self.legal = legal
        self.multi = multi
        self.hidden_text = None
        if self.cursor >= len(self.cards) or (self.cards and self.cards[self.cursor] not in legal):
            self.cursor = next((i for i, c in enumerate(self.cards) if c in legal), 0)
        self.refresh()

    def hide(self, text: str) -> None:
        """Show no card at all (hand-off, waiting for the first person)."""
        self.cards, self.legal, self.marked = [], frozenset(), set()
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

    def toggle(self) -> None:
        """Mark or unmark the card under the cursor (multi-card actions)."""
        card = self.current
        if card is None or not self.multi:
            return
        self.marked.symmetric_difference_update({card})
        self.refresh()

    def activate(self) -> None:
        """Enter: play the cursor card, or submit the marked cards."""
        if self.multi:
            self.post_message(CardsSubmitted(tuple(sort_hand(self.marked))))
        elif self.current is not None:
            self.post_message(CardChosen(self.current))

    def render(self) -> Text:
        """Two lines: the cards, then each card's number key (or a mark)."""
        if self.hidden_text is not None or not self.cards:
            self._spans = []
            return Text(self.hidden_text or "(no cards)", style="dim italic")
        top, bottom = Text(), Text()
        spans: list[tuple[int, int]] = []
        last_suit: int | None = None
        for index, card in enumerate(self.cards):
            suit = SUIT_OF[card] if card != JOKER else 9
            if last_suit is not None and suit != last_suit:
                top.append("  ")
                bottom.append("  ")
            last_suit = suit
            chip = self.style_set.card(card).plain
            start = len(top.plain)
            legal = card in self.legal
            style = self.style_set.card_style(card) if legal else "dim"
            if index == self.cursor:
                style += " reverse"
            if card in self.marked:
                style += " underline"
            top.append(f"{chip:>3}", style=style)
            top.append(" ")
            spans.append((start, start + 3))
            label = "^" if card in self.marked else (DIGITS[index] if index < len(DIGITS) else " ")
            bottom.append(f"{label:>3} ", style="bold" if card in self.marked else "dim")
        self._spans = spans
        return Text("\n").join([top, bottom])

    def on_click(self, event: events.Click) -> None:
        """A click on a card moves the cursor there and activates it (a second click on a marked set)."""
        offset = event.get_content_offset(self)
        if offset is None or offset.y != 0:
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
