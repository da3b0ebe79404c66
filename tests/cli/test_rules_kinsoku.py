"""`cardsuite rules GAME --lang ja` breaks lines by the Japanese rules: no row of the page's paragraphs, of
its tables' cells or of the option table's cells begins with a closing mark such as 、 or 。, and none ends
with an opening bracket, at widths where Rich's own wrapping would do so."""

from __future__ import annotations

import re
from unittest import mock

import pytest
from typer.testing import CliRunner

from cardsuite.cli import app
from cardsuite.i18n import linebreak
from cardsuite.i18n.linebreak import NO_END, NO_START

CELL_EDGE = re.compile(r"\s{2,}|[│┃]")
"""Where a printed row is cut into cells: a table's rules, or the spaces between a borderless table's columns."""


def printed(game: str, columns: int) -> str:
    """The page as a terminal ``columns`` wide shows it (piped, it is as wide as any piped output)."""
    with mock.patch("cardsuite.cli._console.is_terminal", return_value=True):
        result = CliRunner().invoke(app, ["rules", game, "--lang", "ja"], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output


def broken(output: str) -> list[str]:
    """The pieces of rows (a paragraph's row, a cell's) that begin with a closing mark or end with an opening one."""
    pieces = (piece.strip() for row in output.splitlines() for piece in CELL_EDGE.split(row))
    return [piece for piece in pieces if piece and (piece[0] in NO_START or piece[-1] in NO_END)]


@pytest.mark.parametrize("game", ["nap", "napoleon", "gops"])
@pytest.mark.parametrize("columns", [60, 80, 100])
def test_no_row_of_the_japanese_rules_begins_with_a_closing_mark(game: str, columns: int,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    assert broken(printed(game, columns)) == []
    monkeypatch.setattr(linebreak, "divide_line", None)  # the rules left out: Rich's own wrapping
    assert broken(printed(game, columns))


def test_the_option_table_of_a_game_without_a_japanese_page() -> None:
    """Napas's page is English; its option table's descriptions are Japanese."""
    table = printed("napas", 60)
    table = table[table.rindex("--option"):]
    assert broken(table) == []
