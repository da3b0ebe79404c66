"""Japanese line breaking (``i18n.linebreak``): Rich's breaks moved so that no row begins with a closing mark
or ends with an opening bracket, text without those marks broken as Rich breaks it, and ``KinsokuText``, a
``Text`` Rich wraps that way at the width it is drawn at."""

from __future__ import annotations

import pytest
from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.table import Table
from rich.text import Text

from cardsuite.i18n import linebreak
from cardsuite.i18n.linebreak import NO_END, NO_START, KinsokuText, break_offsets, kinsoku_text, widest_unbreakable

LINE = "ディール1、配り手はCy。持ち越しの得点札は3枚、合計24点です。"


def rich_rows(line: str, width: int) -> list[str]:
    """The rows Rich alone makes of ``line`` at ``width`` cells."""
    return [row.plain for row in Text(line).wrap(Console(width=width), width)]


def printed(renderable: RenderableType, width: int) -> list[str]:
    """The rows Rich draws of ``renderable`` ``width`` cells wide, trailing spaces left out."""
    console = Console(width=width)
    return ["".join(segment.text for segment in row).rstrip()
            for row in console.render_lines(renderable, console.options, pad=False)]


def broken(rows: list[str]) -> list[str]:
    """The rows among ``rows`` that begin with a closing mark or end with an opening one."""
    return [row for row in rows if row.strip() and (row.lstrip("│ ")[0] in NO_START
                                                    or row.rstrip("│ ")[-1] in NO_END)]
def test_oidashi_carries_the_last_character_down() -> None:
    line = "あいうえおかきくけこ、さしすせそ"
    assert rich_rows(line, 20)[1].startswith("、")
    assert [piece.plain for piece in Text(line).divide(break_offsets(line, 20))] == [
        "あいうえおかきくけ", "こ、さしすせそ"]
    line = "あいうえおかきく「けこ」"
    assert [piece.plain for piece in Text(line).divide(break_offsets(line, 18))] == ["あいうえおかきく", "「けこ」"]


def test_text_without_those_marks_breaks_where_rich_breaks() -> None:
    line = "Ann leads the king of spades and Bob follows with the two"
    for width in (7, 12, 20, 33):
        assert kinsoku_text(Text(line), width).plain.split("\n") == rich_rows(line, width)


def test_a_break_that_cannot_move_stays_and_styles_are_kept() -> None:
    assert break_offsets("、、、、", 2) == [1, 2, 3]
    text = Text("あいう、えお")
    text.stylize("bold", 0, 3)
    out = kinsoku_text(text, 6)
    assert out.plain == "あい\nう、え\nお"
    assert [(span.start, span.end, span.style) for span in out.spans] == [(0, 2, "bold"), (3, 4, "bold")]


def test_the_widest_unbreakable_piece_is_a_word_or_characters_the_rules_hold_together() -> None:
    assert widest_unbreakable("Ann leads the king") == 5
    assert widest_unbreakable("ナップを宣言したあとだけ。") == 4  # ナッ and け。 held together
    assert widest_unbreakable("ブルーヒャー（above_nap=blucherのときだけ）") == 19  # （above_nap=blucher
    assert widest_unbreakable("") == 0


def test_a_rich_without_its_line_breaker_leaves_the_text_to_rich(monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich's breaker is not public API: without it the log still shows every line, wrapped by Rich."""
    monkeypatch.setattr(linebreak, "divide_line", None)
    text = Text("あいうえおかきくけこ、さしすせそ。")
    assert linebreak.kinsoku_text(text, 10) is text
    assert linebreak.break_offsets(text.plain, 10) == []


def test_kinsoku_text_breaks_by_the_rules_at_the_width_it_is_drawn_at() -> None:
    for width in (10, 12, 20, 22):
        assert broken(rich_rows(LINE, width))  # Rich alone would
        rows = printed(KinsokuText(LINE), width)
        assert broken(rows) == []
        assert "".join(rows) == LINE


def test_kinsoku_text_in_a_table_cell() -> None:
    def table(cell: Text) -> Table:
        grid = Table(show_header=False)
        grid.add_column(overflow="fold")
        grid.add_row(cell)
        return grid

    assert broken(printed(table(Text(LINE)), 24))
    assert broken(printed(table(KinsokuText(LINE)), 24)) == []


def test_kinsoku_text_without_those_marks_prints_as_text() -> None:
    line = "Ann leads the king of spades and Bob follows with the two"
    for width in (7, 12, 20, 33):
        assert printed(KinsokuText(line), width) == printed(Text(line), width)


def test_kinsoku_text_that_is_not_wrapped_is_left_to_rich() -> None:
    assert printed(KinsokuText(LINE, no_wrap=True, overflow="crop"), 20) == printed(
        Text(LINE, no_wrap=True, overflow="crop"), 20)


def test_the_style_of_the_whole_text_stays_on_the_whole_text() -> None:
    """Rows wrapped from the result are the rows Rich makes of the text itself, styles and all."""
    text = Text("Keisk kortas: pasirink iki trijų kortų, kurias nori pakeisti, tada Enter", style="bold")
    text.stylize("reverse", 6, 12)
    out = kinsoku_text(text, 30)
    assert out.style == "bold"
    assert [(span.start, span.end, span.style) for span in out.spans] == [(6, 12, "reverse")]
    console = Console(width=30)
    assert [(row.plain, row.style, row.spans) for row in out.wrap(console, 30)] == [
        (row.plain, row.style, row.spans) for row in text.wrap(console, 30)]


def test_a_number_or_a_card_inside_japanese_is_not_split() -> None:
    line = "このような8通りの配りで平均+6.8。次点はパスで-0.8"
    assert rich_rows(line, 30)[0].endswith("+6.")  # Rich alone splits the number
    assert kinsoku_text(Text(line), 30).plain.split("\n") == ["このような8通りの配りで平均", "+6.8。次点はパスで-0.8"]
    line = "得点札：ダイヤの10（10点）"
    assert rich_rows(line, 17)[0].endswith("の1")
    assert [piece.plain for piece in Text(line).divide(break_offsets(line, 17))] == ["得点札：ダイヤの", "10（10点）"]
    assert kinsoku_text(Text("above_nap=blucher"), 5).plain.split("\n") == rich_rows("above_nap=blucher", 5)


def test_a_latin_name_before_japanese_stays_on_the_row_it_begins() -> None:
    """Rich moves the whole run of Japanese after a space to the next row, leaving ``CPU 1`` alone (or ``CPU``);
    a row is filled as far as it fits instead, broken next to a Japanese character."""
    line = "CPU 1が3トリックを宣言しました。"
    assert rich_rows(line, 22)[0].rstrip() == "CPU"
    assert kinsoku_text(Text(line), 22).plain.split("\n") == ["CPU 1が3トリックを宣言", "しました。"]
    line = "あなたの番です。CPU 1が勝ちました"
    assert kinsoku_text(Text(line), 18).plain.split("\n") == ["あなたの番です。", "CPU 1が勝ちました"]
    for width in (8, 10, 14, 20, 30):
        rows = kinsoku_text(Text(line), width).plain.split("\n")
        assert "".join(rows) == line and all(cell_len(row.rstrip()) <= width for row in rows)
        assert broken(rows) == []


def test_a_row_with_nowhere_to_break_is_cut_where_it_is_full() -> None:
    line = "あ" + "x" * 30 + "い"
    rows = kinsoku_text(Text(line), 10).plain.split("\n")
    assert "".join(rows) == line and all(cell_len(row) <= 10 for row in rows)


def test_a_row_cut_where_it_is_full_does_not_begin_with_a_closing_mark() -> None:
    """A Latin word in brackets wider than the row is split inside rather than leaving ``）。`` to begin the
    next row; the pieces still put the line back together."""
    line = "ますのテーブルを提供します（textual-serve）。アドレスは"
    for width in (9, 12, 14, 16):
        rows = [piece.plain for piece in Text(line).divide(break_offsets(line, width))]
        assert broken(rows) == []
        assert "".join(rows) == line
        assert max(cell_len(row) for row in rows) <= width
    assert [piece.plain for piece in Text(line).divide(break_offsets(line, 16))][-2:] == [
        "（textual-serv", "e）。アドレスは"]
