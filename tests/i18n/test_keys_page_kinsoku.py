"""The ``?`` page in Japanese: what each key does breaks its lines by the rules, no row beginning with ``、``, a
small kana or a long vowel mark, at widths where Rich alone would begin one so."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from cardsuite.i18n import use_language
from cardsuite.i18n.linebreak import NO_START
from cardsuite.tui.screens.table_keys import TABLE_BINDINGS, key_page, key_rows


def second_column_rows(page: RenderableType, width: int) -> list[str]:
    """The rows of the page's second column (what the keys do), ``width`` cells wide."""
    console = Console(width=width, file=io.StringIO())
    return [("".join(s.text for s in row).rstrip().split("  ")[-1]).strip()
            for row in console.render_lines(page, pad=False)]


def test_the_keys_page_breaks_japanese_lines_by_the_rules() -> None:
    use_language("ja")
    rows = key_rows(TABLE_BINDINGS, lambda key: key, ["1", "2", "3"])
    plain = Table(box=None, show_header=False, padding=(0, 2, 0, 0), expand=False)
    plain.add_column(no_wrap=True)
    plain.add_column(overflow="fold")
    for keys, words in rows:
        plain.add_row(Text(keys), Text(words))
    widths = range(30, 90)
    assert any(row[:1] in NO_START for width in widths for row in second_column_rows(plain, width))  # Rich alone
    page = key_page(rows, True, lambda text: text)
    assert [row for width in widths for row in second_column_rows(page, width) if row[:1] in NO_START] == []
