"""Text for the screen: ASCII fallbacks, widths in terminal cells, and presentation lines filled in.

Widths are measured in cells (Rich's ``cell_len``), never ``len``: a Japanese name takes two cells a
character. In ASCII mode every string passes through ``Ascii.text``, so nothing non-ASCII reaches the
terminal: the game's own words first (``表J`` -> ``omote-J``), then common symbols, then accents dropped,
then ``?`` for anything left.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from fractions import Fraction

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from ..core.presentation import CardsRef, Line, SeatRef, SuitRef, Value
from ..naming import name_seats

SYMBOLS: Mapping[str, str] = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "—": "-", "–": "-", "−": "-", "…": "...", "·": ".", "•": "*", "×": "x", "→": "->", "←": "<-",
    "↑": "^", "↓": "v", "▶": ">", "★": "*", "½": ".5", "‘": "'", "’": "'", "“": '"', "”": '"',
    "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "╭": "+", "╮": "+", "╰": "+", "╯": "+",
    "±": "+/-", "≥": ">=", "≤": "<=", "⏎": "enter", "░": ".", "▒": ":", "█": "#",
}


class Ascii:
    """Turns any text into ASCII with the game's own words first (``on`` False: text passes unchanged)."""

    def __init__(self, on: bool, words: Mapping[str, str] | None = None) -> None:
        self.on = on
        self.words = sorted((words or {}).items(), key=lambda kv: -len(kv[0]))

    def text(self, text: str) -> str:
        """``text`` as the terminal may show it."""
        if not self.on or text.isascii():
            return text
        for word, plain in self.words:
            text = text.replace(word, plain)
        out: list[str] = []
        for char in text:
            if char.isascii():
                out.append(char)
            elif char in SYMBOLS:
                out.append(SYMBOLS[char])
            else:
                base = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
                out.append(base or "?")
        return "".join(out)

    def rich(self, text: Text) -> Text:
        """A Rich ``Text`` with its characters made ASCII (styles kept where lengths allow)."""
        if not self.on or text.plain.isascii():
            return text
        cuts = sorted({span.start for span in text.spans} | {span.end for span in text.spans})
        out = Text(style=text.style, end=text.end, no_wrap=text.no_wrap, overflow=text.overflow)
        for part in text.divide(cuts):
            piece = Text(self.text(part.plain))
            for span in part.spans:
                piece.stylize(span.style)
            out.append_text(piece)
        return out


def fit(text: str, width: int, ascii_only: bool = False) -> str:
    """``text`` cut to ``width`` cells with an ellipsis (``...`` in ASCII mode) when it is longer."""
    if width <= 0:
        return ""
    if cell_len(text) <= width:
        return text
    mark = "." if ascii_only else "…"
    return set_cell_size(text, max(0, width - 1)).rstrip() + mark


def fit_text(text: Text, width: int, ascii_only: bool = False) -> Text:
    """A Rich ``Text`` cut to ``width`` cells with an ellipsis, styles kept."""
    if cell_len(text.plain) <= width:
        return text
    out = text.copy()
    out.truncate(max(0, width - 1))
    while cell_len(out.plain) > max(0, width - 1):
        out.right_crop(1)
    out.append("." if ascii_only else "…")
    return out


class Filler:
    """Fills a presentation ``Line``: seats become names, cards become faces, suits symbols."""

    def __init__(self, names: Sequence[str], card: object, suit: object, ascii_fix: Ascii) -> None:
        self.names = names
        self._card = card
        self._suit = suit
        self.ascii = ascii_fix

    def value(self, value: Value) -> Text:
        """One placeholder value as text."""
        if isinstance(value, SeatRef):
            name = self.names[value.seat] if 0 <= value.seat < len(self.names) else f"seat {value.seat}"
            return Text(self.ascii.text(name), style="bold")
        if isinstance(value, CardsRef):
            if not value.cards:
                return Text("none")
            out = Text()
            for i, card in enumerate(value.cards):
                if i:
                    out.append(" ")
                out.append_text(self._card(card))  # type: ignore[operator]
            return out
        if isinstance(value, SuitRef):
            return Text(str(self._suit(value.suit)))  # type: ignore[operator]
        if isinstance(value, Fraction):
            return Text(_fraction(value))
        return Text(self.ascii.text(str(value)))

    def line(self, line: Line) -> Text:
        """The whole sentence, placeholders filled; a missing value shows as its name in braces."""
        out = Text(style="bold" if line.strong else "")
        rest = line.text
        while rest:
            start = rest.find("{")
            end = rest.find("}", start + 1) if start >= 0 else -1
            if start < 0 or end < 0:
                out.append(self._literal(rest))
                break
            out.append(self._literal(rest[:start]))
            key = rest[start + 1 : end]
            if key in line.values:
                out.append_text(self.value(line.values[key]))
            else:
                out.append("{" + key + "}")
            rest = rest[end + 1 :]
        return out


    def _literal(self, text: str) -> str:
        """A literal part of a line: ``seat N`` in a game's text becomes the name."""
        return self.ascii.text(name_seats(text, self.names))


def _fraction(value: Fraction) -> str:
    if value.denominator == 1:
        return str(value.numerator)
    return f"{float(value):g}"

