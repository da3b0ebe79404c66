"""The table's rules page (``r``, then ``f`` for the full rules) breaks Japanese lines by the Japanese rules: where
Textual's own Markdown begins a row with 、 or 。, it carries the character before down with it; an English or
Lithuanian page is drawn exactly as Textual's Markdown draws it. A table cell too long for its column wraps onto
more rows, by the same rules, where Textual's cuts it short with …, in any language."""

from __future__ import annotations

import sys

import pytest
from textual.app import App, ComposeResult
from textual.containers import VerticalScroll
from textual.widgets import Markdown

from cardsuite.core.match import SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.i18n import linebreak, use_language
from cardsuite.i18n.linebreak import NO_START
from cardsuite.rules_pages import rules_markdown
from cardsuite.tui.screens.modals import RulesScreen
from cardsuite.tui.widgets import kinsoku_markdown

from .helpers import config, screen_text, settle, table_app


async def full_rules(game: str, players: int) -> str:
    """The screen showing the full rules of ``game`` at the table, 80 columns wide and tall enough for most of it."""
    seats = [SeatSpec("You")] + [SeatSpec(f"Cy{i}", "cpu", "random") for i in range(players - 1)]
    app = table_app(config(game, seats, seed=1))
    async with app.run_test(size=(80, 150)) as pilot:
        await settle(pilot, app)
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("f")
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen) and app.screen.showing_full
        return screen_text(app)


def page_rows(screen: str) -> list[str]:
    """The rows inside the page's frame, each cut at a table's rules and without a list's bullet."""
    rows = []
    for line in screen.splitlines():
        framed = line.strip()
        if len(framed) > 2 and framed[0] == "│" and framed[-1] == "│":
            rows += [piece.strip().removeprefix("• ") for piece in framed[1:-1].split("│")]
    return [row for row in rows if row]


def use_textuals_markdown(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rules page drawn by Textual's own ``Markdown``, as it was without the rules."""
    monkeypatch.setattr(kinsoku_markdown, "KinsokuMarkdown", Markdown)


async def test_a_japanese_rules_page_begins_no_row_with_a_closing_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    use_language("ja")
    kept = page_rows(await full_rules("nap", 3))
    assert [row for row in kept if row[0] in NO_START] == []
    assert "はそれぞれ−3。3を宣言して2つなら、宣言者は−9、相手はそれぞれ＋" in kept  # ＋ carried down with 3
    assert any(row.startswith("3。ナップ成功なら") for row in kept)
    assert any(row.startswith("て、次の配り手が配ります。") for row in kept)
    use_textuals_markdown(monkeypatch)
    plain = page_rows(await full_rules("nap", 3))
    assert any(row.startswith("。ナップ成功なら") for row in plain)
    assert any(row.startswith("、次の配り手が配ります。") for row in plain)


class PageApp(App[None]):
    """Only the full rules of a game, as the table's page draws them (its Markdown class)."""

    def __init__(self, markdown: str) -> None:
        super().__init__()
        self.markdown = markdown

    def compose(self) -> ComposeResult:
        with VerticalScroll():
            yield kinsoku_markdown.KinsokuMarkdown(self.markdown)


async def page_alone(markdown: str) -> str:
    """Every row of ``markdown`` drawn 80 columns wide, as the rules page's Markdown draws it."""
    app = PageApp(markdown)
    async with app.run_test(size=(80, 200)) as pilot:
        await pilot.pause()
        return screen_text(app)


@pytest.mark.parametrize(("language", "game"), [("en", "nap"), ("lt", "napas")])
async def test_an_english_or_lithuanian_rules_page_is_drawn_as_textual_draws_it(
        language: str, game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    use_language(language)
    markdown = rules_markdown(get_game(game), language)
    kept = await page_alone(markdown)
    use_textuals_markdown(monkeypatch)
    assert kept == await page_alone(markdown)


DEALING = ("配り手の左どなりから時計回りに一枚ずつ配り全員が五枚になったら、"
           "残りのカードはこのディールでは使わずに伏せたまま脇に置きます。最初の配り手はくじで決めます。")
"""A table cell too long for its column, with 、 and 。 where folding it at the column's width begins a row."""


def table_cells(screen: str) -> tuple[list[int], list[list[list[str]]]]:
    """The widths inside the padding of the columns of the one table on ``screen``, and its cells row by row,
    each cell the rows it is drawn in."""
    lines = [line.strip() for line in screen.splitlines() if line.strip()[:1] in ("┌", "│", "├")]
    widths = [len(rule) - 2 for rule in lines[0][1:-1].split("┬")]
    table: list[list[list[str]]] = []
    for line in lines[1:]:
        if line.startswith("│"):
            if not table:
                table.append([[] for _ in widths])
            for cell, row in zip(table[-1], line[1:-1].split("│"), strict=True):
                if row.strip():
                    cell.append(row.strip())
        else:
            table.append([[] for _ in widths])
    return widths, table


async def test_a_japanese_table_cell_wraps_onto_rows_by_the_rules() -> None:
    divide_line = linebreak.divide_line
    assert divide_line is not None
    screen = await page_alone(f"| 宣言 | 約束すること |\n|---|---|\n| ナップ | {DEALING} |\n")
    assert "…" not in screen
    widths, ((bid_heading, promise_heading), (bid, promise)) = table_cells(screen)
    assert (bid_heading, promise_heading, bid) == (["宣言"], ["約束すること"], ["ナップ"])  # not squeezed away
    assert "".join(promise) == DEALING
    assert [DEALING[offset] for offset in divide_line(DEALING, widths[1], fold=True)] == ["、", "。"]
    assert len(promise) == 3 and [row for row in promise if row[0] in NO_START] == []


async def test_an_english_word_too_long_for_its_column_is_folded() -> None:
    key = "option_" * 12 + "name"
    screen = await page_alone(f"| key | what it changes |\n|---|---|\n| {key} | the name |\n")
    assert "…" not in screen
    _, (_, (keys, what)) = table_cells(screen)
    assert ("".join(keys), " ".join(what)) == (key, "the name")


async def test_a_textual_without_its_table_internals_draws_its_own_tables(monkeypatch: pytest.MonkeyPatch) -> None:
    """The folded table leans on Textual internals: should they move, the page still opens, its tables cut."""
    monkeypatch.setitem(sys.modules, "cardsuite.tui.widgets.kinsoku_table", None)  # its import fails
    monkeypatch.setattr(kinsoku_markdown, "KINSOKU_BLOCKS", {
        name: block for name, block in kinsoku_markdown.KINSOKU_BLOCKS.items() if name != "table_open"})
    assert kinsoku_markdown.folded_tables() == {}
    key = "option_" * 12 + "name"
    screen = await page_alone(f"| key | what it changes |\n|---|---|\n| {key} | the name |\n")
    assert "…" in screen and "key" in screen  # Textual's own cells, cut short
