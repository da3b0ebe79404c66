"""A ``Static`` whose lines break by the Japanese rules (``i18n.linebreak``): no row begins with ``、`` or
``。``, and none ends with an opening bracket.

Textual wraps a ``Static``'s text at the width it is drawn at, where Rich would, with no such rules.
``KinsokuStatic`` gives Textual its text as a ``KinsokuContent``: at each width, a line whose breaks the
rules move is broken there first (each row but its last without trailing spaces, as Textual leaves them), so
Textual has nothing left to break in it; every other line is left whole, for Textual to wrap as it always
has. Text the rules never move (English) is drawn exactly as by a ``Static``.
"""

from __future__ import annotations

from typing import ClassVar

from textual.app import RenderResult
from textual.content import Content
from textual.css.styles import RulesMap
from textual.selection import Selection
from textual.strip import Strip
from textual.style import Style
from textual.visual import RenderOptions, Visual
from textual.widgets import Static

from ...i18n import linebreak
from ...i18n.linebreak import break_offsets


def kinsoku_content(content: Content, width: int) -> Content:
    """``content`` with its lines broken for ``width`` cells wherever the rules move a break of Textual's
    (``content`` itself when they move none)."""
    divide_line = linebreak.divide_line
    if width < 1 or divide_line is None:
        return content
    lines: list[Content] = []
    moved = False
    for line in content.split("\n", allow_blank=True):
        offsets = break_offsets(line.plain, width)
        if offsets == divide_line(line.plain, width, fold=True):
            lines.append(line)
            continue
        moved = True
        *rows, last = line.divide(offsets)
        lines.extend(row.rstrip() for row in rows)
        lines.append(last)
    return Content("\n").join(lines) if moved else content


class KinsokuContent(Visual):
    """A ``Content`` that Textual draws with its lines broken by ``kinsoku_content`` at the width it is given
    (not when the widget's style says not to wrap or not to fold)."""

    def __init__(self, content: Content) -> None:
        self.content = content
        self._broken: tuple[int, Content] = (0, content)

    def shown(self, rules: RulesMap, width: int) -> Content:
        """The content as drawn ``width`` cells wide under ``rules`` (the widget's styles)."""
        if rules.get("text_wrap", "wrap") == "nowrap" or rules.get("text_overflow", "fold") != "fold":
            return self.content
        width -= rules.get("line_pad", 0) * 2
        if self._broken[0] != width:
            self._broken = (width, kinsoku_content(self.content, width))
        return self._broken[1]

    def __str__(self) -> str:
        """The text, as a ``Content``'s ``str`` is (what reads a widget's words off its ``render()``)."""
        return str(self.content)

    @property
    def last_shown(self) -> Content:
        """The content as it was last broken (the text a selection is taken from)."""
        return self._broken[1]

    def render_strips(self, width: int, height: int | None, style: Style, options: RenderOptions) -> list[Strip]:
        """The rows of the content broken at ``width``, drawn by ``Content``."""
        return self.shown(options.rules, width).render_strips(width, height, style, options)

    def get_optimal_width(self, rules: RulesMap, container_width: int) -> int:
        """The content's own optimal width (breaking lines never widens one)."""
        return self.content.get_optimal_width(rules, container_width)

    def get_minimal_width(self, rules: RulesMap) -> int:
        """The content's own minimal width."""
        return self.content.get_minimal_width(rules)

    def get_height(self, rules: RulesMap, width: int) -> int:
        """The rows of the content broken at ``width``."""
        return self.shown(rules, width).get_height(rules, width)


class KinsokuStatic(Static):
    """A ``Static`` whose text (a string, a Rich ``Text`` or a ``Content``) is drawn as a ``KinsokuContent``;
    any other renderable is drawn as by a ``Static``."""

    content_class: ClassVar[type[KinsokuContent]] = KinsokuContent
    """What the text is drawn as (a subclass may measure it otherwise)."""
    _kinsoku: KinsokuContent | None = None

    def render(self) -> RenderResult:
        """The widget's visual, a ``KinsokuContent`` (its ``content_class``) around it when it is text."""
        visual = self.visual
        if not isinstance(visual, Content):
            return visual
        if self._kinsoku is None or self._kinsoku.content is not visual:
            self._kinsoku = self.content_class(visual)
        return self._kinsoku

    def get_selection(self, selection: Selection) -> tuple[str, str] | None:
        """The selected text, taken from the rows as drawn."""
        shown = self.render()
        if isinstance(shown, KinsokuContent):
            return selection.extract(shown.last_shown.plain), "\n"
        return super().get_selection(selection)
