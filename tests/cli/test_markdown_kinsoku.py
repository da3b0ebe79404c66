"""The rules page's Markdown headings and table cells, header cells too, break lines by the Japanese rules when
printed (``cardsuite rules``): at a width where Rich's own wrapping begins a row with 、 or 。, no row does, and
no cell is cut short with …."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from cardsuite.cli._markdown import KinsokuMarkdown
from cardsuite.i18n import linebreak
from cardsuite.i18n.linebreak import NO_START

PAGE = """## あいうえおかきくけこさし。すせそ

| あいうえおかきくけ、こさ | 値 |
|---|---|
| たちつてとなにぬね。のは | 二 |
"""
"""At 24 columns a heading's row holds 12 characters (its 。 is the 13th) and the first column 9 (each cell's
、 or 。 is its 10th)."""


def rows(page: str, width: int) -> list[str]:
    """The rows ``page`` prints as at ``width`` columns, stripped, the blank ones left out."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None).print(KinsokuMarkdown(page))
    return [row.strip() for row in out.getvalue().splitlines() if row.strip()]


def test_headings_and_table_cells_keep_their_closing_marks_on_the_row_before(monkeypatch: pytest.MonkeyPatch) -> None:
    kept = rows(PAGE, 24)
    assert [row for row in kept if row[0] in NO_START] == []
    assert kept[:2] == ["あいうえおかきくけこさ", "し。すせそ"]  # the heading: さ carried down with し
    assert kept[2] == "あいうえおかきく" and kept[3].startswith("け、こさ")  # the header cell
    assert kept[5].startswith("たちつてとなにぬ ") and kept[6] == "ね。のは"  # a body cell, folded, not cut
    assert not any("…" in row for row in kept)
    monkeypatch.setattr(linebreak, "divide_line", None)  # the rules left out: Rich's own wrapping
    plain = rows(PAGE, 24)
    assert plain[1] == "。すせそ" and plain[3].startswith("、こさ") and plain[6] == "。のは"
