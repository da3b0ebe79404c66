"""Turning contract values into text for the screen: the display settings, table facts, scores, charts.

No Textual here, only Rich text, so these helpers are cheap to test and reuse.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction

from rich.text import Text

from ..cards import JOKER, SUIT_LETTERS, SUIT_SYMBOLS, Card
from ..core.game import Score
from ..core.message import Catalog, Message
from ..naming import name_seats
from .faces import Faces
from .text import Ascii, Filler

_CARD_KEYS = re.compile(r"card|prize|pot|discard|widow|hand|played|stock|taken|trick|put_away|drawn")
_NOT_CARDS = re.compile(r"size|count|value|tricks|points|honours|score|number|cap|round|target|seat|suit")
_ONE_CARD = re.compile(r"(^|_)card$|^prize$")


TABLE_COLOURS: Mapping[str, str] = {"felt": "#1b5e3c", "felt-edge": "#134a2f", "felt-text": "#eef3ea"}
"""The table's theme colours: its felt, the felt's edge under the hand, the text on them."""


class Display:
    """Display settings every widget shares: ASCII or symbols, two or four colours, the game's ASCII words,
    and the catalog the game's words are translated with (its own gettext domain, else cardsuite's)."""

    def __init__(self, ascii_only: bool = False, four_colour: bool = False,
                 words: Mapping[str, str] | None = None, catalog: Catalog | None = None) -> None:
        self.ascii_only = ascii_only
        self.four_colour = four_colour
        self.faces = Faces(ascii_only, four_colour)
        self.ascii = Ascii(ascii_only, words)
        self.catalog = catalog

    def with_words(self, words: Mapping[str, str], catalog: Catalog | None = None) -> Display:
        """The same settings with a game's ASCII words and catalog."""
        return Display(self.ascii_only, self.four_colour, words, catalog)

    def card(self, card: Card, extra: str = "") -> Text:
        """A card in running text: ``A♠`` (``AS`` in ASCII mode), coloured."""
        return self.faces.inline(card, extra)

    def cards(self, cards: Sequence[Card]) -> Text:
        """Several cards separated by spaces."""
        out = Text()
        for i, card in enumerate(cards):
            if i:
                out.append(" ")
            out.append_text(self.card(card))
        return out

    def suit(self, suit: int) -> str:
        """A suit symbol or letter; ``-`` for none."""
        if not 0 <= suit < 4:
            return "-"
        return (SUIT_LETTERS if self.ascii_only else SUIT_SYMBOLS)[suit]

    def plain(self, text: str) -> str:
        """``text`` as the terminal may show it (ASCII mode: no non-ASCII character at all)."""
        return self.ascii.text(text)

    def filler(self, names: Sequence[str]) -> Filler:
        """Fills the game's presentation lines and messages with names, faces and suits, in the language."""
        return Filler([self.plain(n) for n in names], self.card, self.suit, self.ascii, self.catalog)

    def say(self, text: str | Message, names: Sequence[str] = ()) -> str:
        """A game's message (or message id) as plain words in the viewer's language, fit for the terminal."""
        return self.filler(names).text(text)


Style = Display


def score_text(value: Score) -> str:
    """A score: whole numbers plain, fractions as ``7½`` or ``1/3``."""
    if isinstance(value, Fraction) and value.denominator != 1:
        whole, part = divmod(value, 1)
        if part == Fraction(1, 2):
            return f"{whole}½" if whole else "½"
        return str(value)
    return str(int(value))


def fact_text(key: str, value: object, style: Style, names: Sequence[str]) -> Text:
    """One ``view.table`` fact in words, guessing cards from the key name (generic game panel)."""
    label = key.replace("_", " ")
    out = Text(f"{label}: ", style="dim")
    cardish = bool(_CARD_KEYS.search(key)) and not _NOT_CARDS.search(key)
    if isinstance(value, int) and not isinstance(value, bool):
        cardish = bool(_ONE_CARD.search(key))
    out.append_text(_value_text(value, style, names, cardish))
    return out


def _value_text(value: object, style: Style, names: Sequence[str], cardish: bool) -> Text:
    if value is None:
        return Text("-")
    if isinstance(value, bool):
        return Text("yes" if value else "no")
    if isinstance(value, int):
        if cardish and 0 <= value <= JOKER:
            return style.card(value)
        return Text(str(value))
    if isinstance(value, Fraction):
        return Text(score_text(value))
    if isinstance(value, str):
        return Text(style.plain(name_seats(value, names)))
    if isinstance(value, Mapping):
        out = Text()
        for i, (k, v) in enumerate(value.items()):
            if i:
                out.append(", ")
            out.append(f"{_key_name(k, names)} ")
            out.append_text(_value_text(v, style, names, cardish))
        return out
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value) if isinstance(value, (frozenset, set)) else list(value)
        if not items:
            return Text("none")
        out = Text()
        for i, item in enumerate(items):
            if i:
                out.append(" ")
            if isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], int) and 0 <= item[0] < len(names):
                out.append(f"{names[item[0]]}:")
                out.append_text(_value_text(item[1], style, names, cardish))
            else:
                out.append_text(_value_text(item, style, names, cardish))
        return out
    return Text(str(value))


def _key_name(key: object, names: Sequence[str]) -> str:
    if isinstance(key, int) and 0 <= key < len(names):
        return names[key]
    return str(key)


BARS = "▁▂▃▄▅▆▇█"
ASCII_BARS = "._-=+*#@"



def sparkline(values: Sequence[Score], low: Score, high: Score, ascii_only: bool = False) -> str:
    """One character per value, scaled between ``low`` and ``high``: a deal-by-deal score chart."""
    bars = ASCII_BARS if ascii_only else BARS
    span = high - low
    out = []
    for value in values:
        level = 0 if span == 0 else int((value - low) / span * (len(bars) - 1) + Fraction(1, 2))
        out.append(bars[max(0, min(len(bars) - 1, level))])
    return "".join(out)


def running_totals(per_deal: Sequence[Sequence[Score]], players: int) -> list[list[Score]]:
    """Each seat's running total after each deal."""
    totals: list[Score] = [0] * players
    out: list[list[Score]] = [[] for _ in range(players)]
    for scores in per_deal:
        for seat in range(players):
            totals[seat] = totals[seat] + scores[seat]
            out[seat].append(totals[seat])
    return out
