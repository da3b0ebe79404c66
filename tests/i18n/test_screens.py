"""The screen checks themselves: they find unmarked English and text that does not fit, and nothing else."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.widgets import Label, Static

from .screens import cell_slice, cut_off, unmarked_words


def test_unmarked_words_skip_nested_markers_names_and_card_symbols() -> None:
    text = "⟦Ann won ⟦the ⟦ace⟧ of ⟦spades⟧⟧⟧ │ Score ⟦deal⟧ A♠ 10♦ Jonas\n⟦a message wrapped\nover two rows⟧"
    assert unmarked_words(text, allowed={"Ann", "Jonas"}) == ["Score"]
    assert unmarked_words("Top ⟦a message wrapped off the screen", allowed=()) == ["Top"]
    assert unmarked_words("its end⟧ Tail", allowed=()) == ["Tail"]


def test_cell_slice_counts_wide_characters_twice() -> None:
    assert cell_slice("ab日本cd", 2, 6) == "日本"
    assert cell_slice("ab日本cd", 3, 6) == "本"


class Boxes(App[None]):
    CSS = """
    #fits { width: 24; height: 1; }
    #wraps { width: 10; height: 1; }
    #tall { width: 10; height: 2; }
    #wide { width: 10; height: 1; text-wrap: nowrap; }
    """

    def compose(self) -> ComposeResult:
        yield Static("日本語の文章です", id="fits")  # 16 cells in 24
        yield Static("日本語の長い文章です", id="wraps")  # 20 cells need 2 rows of 10
        yield Static("日本語の長い文章です", id="tall")
        yield Label("日本語の長い文章です", id="wide")


async def test_cut_off_measures_in_cells() -> None:
    app = Boxes()
    async with app.run_test(size=(40, 10)):
        found = "\n".join(cut_off(app))
    assert "id='wraps'" in found and "needs 2 rows, has 1" in found
    assert "id='wide'" in found
    assert "id='fits'" not in found and "id='tall'" not in found
