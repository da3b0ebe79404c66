"""A Markdown table whose cells fold what is too long for their column onto more rows (Textual cuts it short with
``…``, which leaves a Japanese cell, with no spaces to wrap at, its first words only) and break Japanese lines by
the rules (``i18n.linebreak``), for ``KinsokuMarkdown``.

The table's parts (``MarkdownTable``, ``MarkdownTableContent``, ``MarkdownTableCellContents``) are Textual
internals, not public API: this module is the only place that uses them, and ``KinsokuMarkdown`` draws Textual's
own tables when it cannot be imported.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.css.styles import RulesMap
from textual.widgets._markdown import MarkdownTable, MarkdownTableCellContents, MarkdownTableContent

from ...i18n.linebreak import widest_unbreakable
from .kinsoku import KinsokuContent, KinsokuStatic

JAPANESE_COLUMN = 16
"""The fewest cells (eight Japanese characters) a table's column is squeezed to for Japanese in it: Textual narrows
a table too wide for the page column by column, first to last, each down to its cells' minimal width, and Japanese,
which may break between almost any two characters, would let a column go down to one or two."""


class CellContent(KinsokuContent):
    """A table cell's ``KinsokuContent``, whose minimal width lets Japanese break where the rules allow."""

    def get_minimal_width(self, rules: RulesMap) -> int:
        """Textual's (the widest word between spaces: a whole Japanese sentence is one), brought down to
        ``JAPANESE_COLUMN`` cells or the widest piece the rules keep whole (``widest_unbreakable``), whichever is
        wider."""
        pad = rules.get("line_pad", 0) * 2
        widest = max(widest_unbreakable(self.content.plain), JAPANESE_COLUMN)
        return min(super().get_minimal_width(rules), widest + pad)


class KinsokuTableCell(MarkdownTableCellContents, KinsokuStatic):
    """Textual's table cell (a header cell too), its text a ``CellContent``: broken by the Japanese rules."""

    content_class = CellContent


class FoldedTableContent(MarkdownTableContent):
    """Textual's grid of a table's cells, each a ``KinsokuTableCell`` that folds what is too long for its column
    (Textual's cuts it short with ``…``). Rows ``Markdown.append`` streams in later are Textual's own cells."""

    DEFAULT_CSS = """
    FoldedTableContent > .cell, FoldedTableContent > .header {
        text-overflow: fold;
    }
    """

    def compose(self) -> ComposeResult:
        """The header cells, then each row's, as Textual's ``MarkdownTableContent`` composes them."""
        for header in self.headers:
            yield KinsokuTableCell(header, classes="header").with_tooltip(header)
        for row_index, row in enumerate(self.rows, 1):
            for cell_index, cell in enumerate(row, 1):
                yield KinsokuTableCell(cell, classes=f"row{row_index} cell",
                                       name=f"cell{row_index}.{cell_index}").with_tooltip(cell.plain)
            self.last_row = row_index


class FoldedTable(MarkdownTable):
    """Textual's table block with its cells in a ``FoldedTableContent``."""

    def compose(self) -> ComposeResult:
        """Textual's table content, remade as a ``FoldedTableContent`` of the same headers and rows."""
        for content in super().compose():
            assert isinstance(content, MarkdownTableContent)
            yield FoldedTableContent(content.headers, content.rows)
