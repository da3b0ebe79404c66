"""Card faces: the rank and suit in a small frame (3 rows) or a larger one (5 rows), and a face-down back.

Pure Rich text, no Textual: every face is a list of rows of equal width, so the hand and the table can
place faces anywhere. ASCII mode draws frames with ``+ - |`` and suits as ``S H D C``.
"""

from __future__ import annotations

from rich.text import Text

from ..cards import JOKER, RANK_LETTERS, SUIT_LETTERS, SUIT_OF, SUIT_SYMBOLS, Card

TWO_COLOUR = ("bold", "bold red", "bold red", "bold")
FOUR_COLOUR = ("bold", "bold red", "bold blue", "bold green")
JOKER_STYLE = "bold magenta"

SMALL = 3
LARGE = 5


class Faces:
    """Draws cards in one style: ASCII or symbols, two or four colours."""

    def __init__(self, ascii_only: bool = False, four_colour: bool = False) -> None:
        self.ascii_only = ascii_only
        self.four_colour = four_colour
        if ascii_only:
            self.top, self.side, self.bottom, self.back = "+-+", "|", "+-+", "#"
        else:
            self.top, self.side, self.bottom, self.back = "┌─┐", "│", "└─┘", "░"

    def colour(self, card: Card) -> str:
        """The style of a card's rank and suit."""
        if card == JOKER:
            return JOKER_STYLE
        return (FOUR_COLOUR if self.four_colour else TWO_COLOUR)[SUIT_OF[card]]

    def rank(self, card: Card) -> str:
        """``A``, ``10``, ``JK`` for the joker."""
        if card == JOKER:
            return "JK"
        letter = RANK_LETTERS[card % 13]
        return "10" if letter == "T" else letter

    def suit(self, card: Card) -> str:
        """The suit symbol (or letter); ``*`` for the joker."""
        if card == JOKER:
            return "*"
        return (SUIT_LETTERS if self.ascii_only else SUIT_SYMBOLS)[card // 13]

    def inline(self, card: Card, extra: str = "") -> Text:
        """A card in running text: ``A♠`` (``AS``), coloured."""
        label = "JK" if card == JOKER else self.rank(card) + self.suit(card)
        return Text(label, style=f"{self.colour(card)} {extra}".strip())

    def width(self, size: int) -> int:
        """Cells a face of ``size`` rows takes."""
        return 5 if size == SMALL else 7

    def face(self, card: Card | None, size: int = SMALL, style: str = "", dim: bool = False) -> list[Text]:
        """A face as rows of text; ``None`` draws the back of a card. ``style`` applies to the whole face."""
        inner = self.width(size) - 2
        frame = f"dim {style}".strip() if dim else style
        top = Text(self.top[0] + self.top[1] * inner + self.top[2], style=frame)
        bottom = Text(self.bottom[0] + self.bottom[1] * inner + self.bottom[2], style=frame)
        if card is None:
            middle = [Text(self.side + self.back * inner + self.side, style=frame) for _ in range(size - 2)]
            return [top, *middle, bottom]
        ink = "dim" if dim else self.colour(card)
        ink = f"{ink} {style}".strip()
        rank, suit = self.rank(card), self.suit(card)
        if size == SMALL:
            label = (rank + ("" if card == JOKER else suit)).rjust(inner)
            return [top, self._row(label, ink, frame), bottom]
        rows = [rank.ljust(inner), suit.center(inner), rank.rjust(inner)]
        return [top, *(self._row(r, ink, frame) for r in rows), bottom]

    def _row(self, label: str, ink: str, frame: str) -> Text:
        row = Text(self.side, style=frame)
        row.append(label, style=ink)
        row.append(self.side, style=frame)
        return row
