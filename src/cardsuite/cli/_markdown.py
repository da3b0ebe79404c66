"""A rules page printed from Markdown with its paragraphs, headings and table cells (header cells too) wrapped by
the Japanese line-breaking rules (``i18n.linebreak``): no row begins with ``、`` or ``。``. A table's cells
are folded, never cut short with ``…`` (Japanese has no spaces to wrap at)."""

from __future__ import annotations

from typing import ClassVar

from rich.console import Console, ConsoleOptions, JustifyMethod, RenderResult
from rich.markdown import (
    Heading,
    Markdown,
    MarkdownContext,
    MarkdownElement,
    Paragraph,
    TableDataElement,
    TableElement,
)
from rich.table import Table

from ..i18n.linebreak import KinsokuText


class KinsokuParagraph(Paragraph):
    """A paragraph (a list item's too) whose text is a ``KinsokuText``."""

    def on_enter(self, context: MarkdownContext) -> None:
        """Start the paragraph's text, as Rich's ``Paragraph`` does, as a ``KinsokuText``."""
        super().on_enter(context)
        self.text = KinsokuText(justify="left")


class KinsokuHeading(Heading):
    """A heading whose text is a ``KinsokuText`` (Rich draws a copy of it, which stays one)."""

    def on_enter(self, context: MarkdownContext) -> None:
        """Start the heading's text, as Rich's ``Heading`` does, as a ``KinsokuText``."""
        super().on_enter(context)
        self.text = KinsokuText()


class KinsokuCell(TableDataElement):
    """A table cell, a header cell too, whose text is a ``KinsokuText`` (Rich copies a header cell's text,
    and the copy stays one)."""

    def __init__(self, justify: JustifyMethod) -> None:
        super().__init__(justify)
        self.content = KinsokuText("", justify=justify)


class FoldedTable(TableElement):
    """A table whose every column folds what is too long for it (Rich's cuts it short with ``…``), so that its
    cells wrap, by the rules when they are ``KinsokuText``."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Rich's table, its columns set to fold."""
        for drawn in super().__rich_console__(console, options):
            if isinstance(drawn, Table):
                for column in drawn.columns:
                    column.overflow = "fold"
            yield drawn


class KinsokuMarkdown(Markdown):
    """Rich's ``Markdown`` with ``KinsokuParagraph``, ``KinsokuHeading``, ``FoldedTable`` and ``KinsokuCell`` in
    place of its own elements."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "paragraph_open": KinsokuParagraph,
        "heading_open": KinsokuHeading,
        "table_open": FoldedTable,
        "td_open": KinsokuCell,
        "th_open": KinsokuCell,
    }
