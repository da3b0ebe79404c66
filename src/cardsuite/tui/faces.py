"""Card faces: a light card with its rank and suit in the suit's colour, in three sizes, and a card's back.

Pure Rich text, no Textual: every face is a list of rows of equal width, so the hand and the table can
place faces anywhere. A face is drawn on its own light paper (``PAPER``) whatever the table's colour, with
black spades and clubs and red hearts and diamonds (four colours: blue diamonds, green clubs). Without
colour (``NO_COLOR``) the frame alone shows the card. ASCII mode draws frames with ``+ - |`` and suits as
``S H D C``.
"""

from __future__ import annotations

from rich.text import Text

from ..cards import JOKER, RANK_LETTERS, SUIT_LETTERS, SUIT_OF, SUIT_SYMBOLS, Card

PAPER = "on #f3efe4"
"""A card's face colour."""
FRAME = "#8c877a"
TWO_COLOUR = ("bold #151515", "bold #c8102e", "bold #c8102e", "bold #151515")
FOUR_COLOUR = ("bold #151515", "bold #c8102e", "bold #1550b0", "bold #13802b")
JOKER_STYLE = "bold #7b2fa8"
INLINE_TWO = ("bold", "bold #ff5f5f", "bold #ff5f5f", "bold")
INLINE_FOUR = ("bold", "bold #ff5f5f", "bold #5f9fff", "bold #5fd75f")
"""A card in running text, on the screen's own (dark or light) background."""
INLINE_JOKER = "bold magenta"
BACK = "#e8e4f4 on #2b4b8c"
"""A card's back (a card chosen face down)."""

SMALL = 3
LARGE = 5
HUGE = 7
WIDTHS = {SMALL: 5, LARGE: 7, HUGE: 9}


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
        colour = INLINE_JOKER if card == JOKER else (INLINE_FOUR if self.four_colour else INLINE_TWO)[SUIT_OF[card]]
        return Text(label, style=f"{colour} {extra}".strip())

    def width(self, size: int) -> int:
        """Cells a face of ``size`` rows takes."""
        return WIDTHS.get(size, 5)

    def face(self, card: Card | None, size: int = SMALL, style: str = "", dim: bool = False) -> list[Text]:
        """A face as rows of text; ``None`` draws the back of a card. ``style`` applies to the whole face
        (the cursor's or the trick winner's reverse)."""
        inner = self.width(size) - 2
        if card is None:
            paper = f"{BACK} {style}".strip()
            top = Text(self.top[0] + self.top[1] * inner + self.top[2], style=paper)
            bottom = Text(self.bottom[0] + self.bottom[1] * inner + self.bottom[2], style=paper)
            middle = [Text(self.side + self.back * inner + self.side, style=paper) for _ in range(size - 2)]
            return [top, *middle, bottom]
        paper = PAPER
        frame = f"{'dim ' if dim else ''}{FRAME} {paper} {style}".strip()
        ink = f"{'dim ' if dim else ''}{self.colour(card)} {paper} {style}".strip()
        top = Text(self.top[0] + self.top[1] * inner + self.top[2], style=frame)
        bottom = Text(self.bottom[0] + self.bottom[1] * inner + self.bottom[2], style=frame)
        rank, suit = self.rank(card), self.suit(card)
        if size == SMALL:
            label = (rank + ("" if card == JOKER else suit)).rjust(inner)
            return [top, self._row(label, ink, frame), bottom]
        corner = rank + ("" if card == JOKER else suit)
        if size == LARGE:
            rows = [corner.ljust(inner), suit.center(inner), corner.rjust(inner)]
        else:
            rows = [corner.ljust(inner), "".center(inner), suit.center(inner), "".center(inner),
                    corner.rjust(inner)]
        return [top, *(self._row(r, ink, frame) for r in rows), bottom]

    def _row(self, label: str, ink: str, frame: str) -> Text:
        row = Text(self.side, style=frame)
        row.append(label, style=ink)
        row.append(self.side, style=frame)
        return row
