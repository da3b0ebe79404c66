"""Japanese line breaking (kinsoku) for wrapped text: no line begins with a closing mark and none
ends with an opening one.

Rich wraps a line at spaces, and a run of Japanese (which has none) at whatever character reaches the
width, so a line may begin with ``、`` or ``。``. ``kinsoku_text`` breaks the lines itself, at a given
width, where Rich would (``rich._wrap.divide_line``, which ``Text.wrap`` calls), then carries characters
down to the next line (oidashi) while that line would begin with a character of ``NO_START`` or this one
end with one of ``NO_END``. The lines it returns fit the width, so Rich draws them as they are. Text
without those characters breaks exactly as Rich breaks it. ``KinsokuText`` is a ``Text`` that Rich wraps
this way at whatever width it is drawn at (a table's cell, a Markdown paragraph or heading). Nor is a run of
narrow characters inside Japanese split (a number such as ``+6.8``, a card such as ``10♦``), as Japanese
typesetting keeps them whole. This module needs only Rich: the command line uses it as well as the screens.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import Final

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions
from rich.segment import Segment
from rich.text import Text

NO_START: Final = frozenset(
    "、。，．・：；？！‼⁇⁈⁉ー〜～"  # punctuation, the long vowel mark and the wave dash
    "）］｝〕〉》」』】〙〗〟’”｠»"  # closing brackets and quotes
    "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶㇰㇱㇲㇳㇴㇵㇶㇷㇸㇹㇺㇻㇼㇽㇾㇿ"  # small kana
    "々〻ゝゞヽヾ゛゜"  # iteration and voicing marks
)
"""The characters a line may not begin with (gyōtō kinsoku)."""

NO_END: Final = frozenset("（［｛〔〈《「『【〘〖〝‘“｟«")
"""The characters a line may not end with (gyōmatsu kinsoku)."""


def _rich_breaks() -> Callable[..., list[int]] | None:
    """Rich's own line breaker, which is not public API: ``None`` in a Rich that no longer has it (then
    lines break as Rich breaks them, without these rules, rather than the screen failing to start)."""
    try:
        found = getattr(importlib.import_module("rich._wrap"), "divide_line", None)
    except ImportError:
        return None
    return found if callable(found) else None


divide_line = _rich_breaks()


def break_offsets(line: str, width: int) -> list[int]:
    """Where to break ``line`` (one line, no ``\\n``) so that each piece fits in ``width`` cells: Rich's
    breaks, each moved back (its characters carried down) until it falls between two characters that may
    be apart; a break that cannot be moved without emptying its line stays where Rich put it."""
    offsets: list[int] = []
    if divide_line is None:
        return offsets
    if any(cell_len(ch) > 1 for ch in line):
        return _filled(line, width)
    start = 0
    while True:
        found = divide_line(line[start:], width, fold=True)
        if not found:
            return offsets
        cut = start + found[0]
        moved = cut
        while moved - 1 > start and _held_together(line, moved):
            moved -= 1
        if not _held_together(line, moved):
            cut = moved
        offsets.append(cut)
        start = cut


def _filled(line: str, width: int) -> list[int]:
    """Breaks for a line with wide (Japanese) characters: each row filled as far as it fits, broken at a space
    or next to a wide character where the rules let the two be apart (``_held_together``), so that a short
    Latin word before Japanese (``CPU 1が…``) stays on the row it begins instead of being left alone there, as
    Rich's word wrap leaves it; a row with no such place is cut where it is full (``_forced_cut``), and at any
width from one cell up a wide character wider than the column stands alone on its row."""
    offsets: list[int] = []
    start, end = 0, len(line)
    while True:
        used, fits, index = 0, start, start
        while index < end:
            char = line[index]
            if index > start and not char.isspace() and _may_break(line, index):
                fits = index
            size = cell_len(char)
            if used + size > width and not char.isspace():
                break
            used += size
            index += 1
        full = max(index, start + 1)  # a wide character in a column narrower than itself has a row of its own
        if full >= end:
            return offsets
        start = fits if fits > start else _forced_cut(line, start, full)
        offsets.append(start)


def _forced_cut(line: str, start: int, cut: int) -> int:
    """Where to cut a row beginning at ``start`` that has no place to break before ``cut``, where it is full:
    moved back while the next row would begin with ``NO_START`` or this one end with ``NO_END`` (splitting a
    Latin word such as ``（textual-serve）。`` rather than beginning a row with ``）。``), never to an empty row."""
    moved = cut
    while moved - 1 > start and (line[moved] in NO_START or line[moved - 1] in NO_END):
        moved -= 1
    return moved if line[moved] not in NO_START and line[moved - 1] not in NO_END else cut


def _may_break(line: str, offset: int) -> bool:
    """Whether a row may begin at ``line[offset]`` (not a space): after a space, or next to a wide character,
    unless the rules hold the two together."""
    before, after = line[offset - 1], line[offset]
    if before.isspace():
        return after not in NO_START
    return (cell_len(before) > 1 or cell_len(after) > 1) and not _held_together(line, offset)


def kinsoku_text(text: Text, width: int) -> Text:
    """``text`` broken into lines of at most ``width`` cells with ``\\n`` by the rules above (its styles
    kept); a width below one, or a Rich without its line breaker, leaves it as it is."""
    if width < 1 or divide_line is None:
        return text
    pieces: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        for piece in line.divide(break_offsets(line.plain, width)):
            piece.rstrip_end(width)
            piece.style = ""  # the style of the whole text stays the whole text's, not one span a line
            pieces.append(piece)
    broken = text.blank_copy()
    broken.append_text(Text("\n").join(pieces))
    return broken


class KinsokuText(Text):
    """A ``Text`` that Rich wraps by the rules above, at the width it is drawn at (as a table's cell, a Markdown
    element, any renderable's part: ``Console.print`` itself joins the texts it is given into a plain
    ``Text``); one that is not wrapped (``no_wrap``) or not folded (an ``overflow`` other than ``fold``) is
    drawn as a plain ``Text``."""

    def copy(self) -> KinsokuText:
        """A copy that is still a ``KinsokuText`` (Rich's ``Text.copy`` makes a plain ``Text``, and a Markdown
        heading or a table's header cell is drawn from a copy)."""
        return KinsokuText(self.plain, style=self.style, justify=self.justify, overflow=self.overflow,
                           no_wrap=self.no_wrap, end=self.end, tab_size=self.tab_size, spans=list(self.spans))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> Iterable[Segment]:
        """The lines ``kinsoku_text`` makes at ``options.max_width``, drawn by ``Text``."""
        wraps = not (self.no_wrap or options.no_wrap) and (self.overflow or options.overflow or "fold") == "fold"
        shown = kinsoku_text(self, options.max_width) if wraps else self
        return Text.__rich_console__(shown, console, options)


def widest_unbreakable(text: str) -> int:
    """The width in cells of the widest piece of ``text`` that no line may break inside: between spaces, a word
    of narrow characters (``above_nap=blucher``) is whole, and next to a wide (Japanese) character a line may
    break wherever the rules above let two characters be apart."""
    widest = 0
    for word in text.split():
        start = 0
        for offset in range(1, len(word) + 1):
            if offset == len(word) or (max(cell_len(word[offset - 1]), cell_len(word[offset])) > 1
                                       and not _held_together(word, offset)):
                widest = max(widest, cell_len(word[start:offset]))
                start = offset
    return widest


def _held_together(line: str, offset: int) -> bool:
    """Whether a break before ``line[offset]`` would begin a line with ``NO_START``, end one with ``NO_END``, or
    split a run of narrow characters (a number such as ``+6.8`` or ``10``, a card such as ``A♠``, a word)."""
    before, after = line[offset - 1], line[offset]
    if after in NO_START or before in NO_END:
        return True
    return cell_len(before) == 1 and cell_len(after) == 1 and not (before.isspace() or after.isspace())
