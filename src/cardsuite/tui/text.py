"""Text for the screen: ASCII fallbacks, widths in terminal cells, and presentation lines filled in.

Widths are measured in cells (Rich's ``cell_len``), never ``len``: a Japanese name takes two cells a
character. In ASCII mode every string passes through ``Ascii.text``, so nothing non-ASCII reaches the
terminal: the game's own words first (``表J`` -> ``omote-J``), then common symbols, then accents dropped,
then ``?`` for anything left. What is drawn without passing there (a key bar's words, a page's title) is
folded character by character as it is drawn (``ascii_cells``), keeping each character's width.
"""

from __future__ import annotations

import string
import unicodedata
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from rich.cells import cell_len, set_cell_size
from rich.text import Text

from ..core.message import CardRef, CardsRef, Catalog, Message, N_p, RankRef, SeatRef, SuitRef, Wording
from ..core.presentation import Line, Value
from ..i18n import active

SYMBOLS: Mapping[str, str] = {
    "♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C",
    "—": "-", "–": "-", "−": "-", "…": "...", "·": ".", "•": "*", "×": "x", "→": "->", "←": "<-",
    "↑": "^", "↓": "v", "▶": ">", "▼": "v", "▲": "^", "★": "*", "½": ".5", "‘": "'", "’": "'", "“": '"', "”": '"',
    "─": "-", "│": "|", "┌": "+", "┐": "+", "└": "+", "┘": "+", "╭": "+", "╮": "+", "╰": "+", "╯": "+",
    "±": "+/-", "≥": ">=", "≤": "<=", "⏎": "enter", "░": ".", "▒": ":", "█": "#",
    "„": '"', "‚": "'", "«": '"', "»": '"', "‹": "<", "›": ">",
    "▌": "|", "▐": "|", "▎": "|", "▍": "|", "▊": "|", "▋": "|", "▉": "|", "▏": "|", "▕": "|",
    "▀": "-", "▔": "-", "▄": "_", "▁": "_", "▛": "+", "▜": "+", "▙": "+", "▟": "+",
    "▗": "+", "▖": "+", "▝": "+", "▘": "+",
}
"""Each symbol's ASCII: suits, dashes and quotes (Lithuanian's „ “ too), arrows (a list's ▼ too), and the
frames Textual draws (box lines and the block elements of a notice's edge)."""


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


@lru_cache(maxsize=4096)
def _cell_fold(char: str) -> str:
    """``char`` as ASCII of the same width in cells (a symbol's fallback, its letter without accents, or ``?``)."""
    cells = cell_len(char)
    plain = SYMBOLS.get(char) or unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
    return plain[:cells].ljust(cells) if plain else "?" * cells


def ascii_cells(text: str) -> str:
    """``text`` in ASCII with the same width in cells: ``Žaisti`` -> ``Zaisti``, ``…`` -> ``.``."""
    return text if text.isascii() else "".join(c if c.isascii() else _cell_fold(c) for c in text)


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
    """Fills a presentation ``Line`` or a ``Message`` in the viewer's language: seats become names, cards
    faces, suits symbols; the sentence comes from the game's catalog (``words``)."""

    def __init__(self, names: Sequence[str], card: object, suit: object, ascii_fix: Ascii,
                 words: Catalog | None = None) -> None:
        self.names = names
        self._card = card
        self._suit = suit
        self.ascii = ascii_fix
        self.wording = Wording(words if words is not None else active(), names)

    def value(self, value: Value, form: str = "") -> Text:
        """One placeholder value as text (``form``: what the sentence asks of it, such as ``+`` for a sign)."""
        if isinstance(value, SeatRef):
            name = self.names[value.seat] if 0 <= value.seat < len(self.names) else self.wording.seat(value.seat)
            return Text(self.ascii.text(name), style="bold")
        if isinstance(value, CardRef):
            return self._card(value.card)  # type: ignore[operator, no-any-return]
        if isinstance(value, CardsRef):
            if not value.cards:
                return Text(self.ascii.text(self.wording.word(NO_CARDS)))
            out = Text()
            for i, card in enumerate(value.cards):
                if i:
                    out.append(" ")
                out.append_text(self._card(card))  # type: ignore[operator]
            return out
        if isinstance(value, SuitRef):
            return Text(str(self._suit(value.suit)))  # type: ignore[operator]
        if isinstance(value, RankRef):
            return Text(self.wording.rank(value.rank, "sym"))
        if isinstance(value, Message):
            return self.message(value, form)
        if isinstance(value, bool):
            return Text(str(value).lower())
        if isinstance(value, int | Fraction):
            return Text(self.ascii.text(self.wording.number(value, form)))
        return Text(self.ascii.text(str(value)))

    def line(self, line: Line) -> Text:
        """The whole sentence, translated, placeholders filled; bold when the line is strong."""
        out = self.message(line.message)
        if line.strong:
            out.stylize("bold")
        return out

    def message(self, message: Message, form: str = "") -> Text:
        """A message as styled text in the viewer's language (the English sentence if a translation does not fit),
        in the grammatical ``form`` the sentence around it asks for (``{bid:acc}``)."""
        values = dict(message.params)
        for template in (self.wording.template(message, form), message.key):
            try:
                return self._fill(template, values)
            except (KeyError, ValueError, IndexError):
                continue
        return Text(self.ascii.text(message.key))

    def text(self, message: Message | str) -> str:
        """A message (or a message id) as plain words in the viewer's language."""
        if isinstance(message, str):
            message = Message(message)
        return self.ascii.text(self.wording(message))

    def _fill(self, template: str, values: Mapping[str, Value]) -> Text:
        out = Text()
        for literal, field_name, form, _conversion in _PARSER.parse(template):
            if literal:
                out.append(self.ascii.text(literal))
            if field_name is None:
                continue
            if not field_name.isidentifier():
                raise KeyError(field_name)
            out.append_text(self.value(values[field_name], form or ""))
        return out


_PARSER = string.Formatter()
NO_CARDS = N_p("no cards", "none")
