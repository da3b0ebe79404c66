"""Textual's ``Markdown`` whose headings, paragraphs (a list item's and a quote's too) and table cells break lines
by the Japanese rules (``i18n.linebreak``), as ``KinsokuStatic`` does: no row begins with ``、`` or ``。``.
A table cell too long for its column is folded onto more rows, never cut short with ``…`` (Textual's way, which
leaves a Japanese cell, with no spaces to wrap at, its first words only).

Each of those blocks is Textual's own with ``KinsokuStatic``'s drawing put in front of it, so it keeps its styles
(the Markdown styles name Textual's classes, which these inherit) and text the rules never move (English) is
drawn exactly as by Textual's ``Markdown``, but for a word too long for its table column, folded rather than cut.
The table is ``kinsoku_table.FoldedTable``, built on Textual internals; a Textual whose internals moved gets its
own tables back (cut with ``…``) rather than a page that does not open. Importing this module loads markdown-it.
"""

from __future__ import annotations

from typing import cast

from textual.widgets import Markdown
from textual.widgets.markdown import MarkdownBlock

from .kinsoku import KinsokuStatic

TEXT_BLOCKS = ("h1", "h2", "h3", "h4", "h5", "h6", "paragraph_open")
"""The blocks that draw text of their own (a list, a quote or a table draws the blocks inside it)."""


def kinsoku_block(block: type[MarkdownBlock]) -> type[MarkdownBlock]:
    """``block`` drawing its text as a ``KinsokuStatic`` does."""
    doc = f"Textual's ``{block.__name__}``, its text broken by the Japanese rules."
    return cast(type[MarkdownBlock], type(f"Kinsoku{block.__name__}", (block, KinsokuStatic), {"__doc__": doc}))


def folded_tables() -> dict[str, type[MarkdownBlock]]:
    """The table block by name (``FoldedTable``), or none when this Textual's table internals moved."""
    try:
        from .kinsoku_table import FoldedTable
    except ImportError:
        return {}
    return {"table_open": FoldedTable}


KINSOKU_BLOCKS: dict[str, type[MarkdownBlock]] = {
    **{name: kinsoku_block(Markdown.BLOCKS[name]) for name in TEXT_BLOCKS},
    **folded_tables(),
}
"""Textual's text blocks by name, each made by ``kinsoku_block``, and its table as a ``FoldedTable``."""


class KinsokuMarkdown(Markdown):
    """Textual's ``Markdown`` with its text blocks (``TEXT_BLOCKS``) made by ``kinsoku_block`` and its tables
    folded (``FoldedTable``)."""

    def get_block_class(self, block_name: str) -> type[MarkdownBlock]:
        """The ``KINSOKU_BLOCKS`` block of that name, else Textual's."""
        return KINSOKU_BLOCKS.get(block_name) or super().get_block_class(block_name)
