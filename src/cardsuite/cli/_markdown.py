"""A rules page printed from Markdown with its paragraphs and table cells wrapped by the Japanese
line-breaking rules (``i18n.linebreak``): no row begins with ``、`` or ``。``."""

from __future__ import annotations

from typing import ClassVar

from rich.console import JustifyMethod
from rich.markdown import Markdown, MarkdownContext, MarkdownElement, Paragraph, TableDataElement

from ..i18n.linebreak import KinsokuText


class KinsokuParagraph(Paragraph):
    """A paragraph (a list item's too) whose text is a ``KinsokuText``."""

    def on_enter(self, context: MarkdownContext) -> None:
        """Start the paragraph's text, as Rich's ``Paragraph`` does, as a ``KinsokuText``."""
        super().on_enter(context)
        self.text = KinsokuText(justify="left")


class KinsokuCell(TableDataElement):
    """A table cell whose text is a ``KinsokuText`` (a header cell is copied into a plain ``Text`` by Rich)."""

    def __init__(self, justify: JustifyMethod) -> None:
        super().__init__(justify)
        self.content = KinsokuText("", justify=justify)


class KinsokuMarkdown(Markdown):
    """Rich's ``Markdown`` with ``KinsokuParagraph`` and ``KinsokuCell`` in place of its own elements."""

    elements: ClassVar[dict[str, type[MarkdownElement]]] = {
        **Markdown.elements,
        "paragraph_open": KinsokuParagraph,
        "td_open": KinsokuCell,
        "th_open": KinsokuCell,
    }
