"""Japanese line breaking at any column width from one cell up: no failure, nothing lost, and no piece wider
than the column unless it is one character (a wide character in a column narrower than itself)."""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.cells import cell_len

from cardsuite.i18n.linebreak import NO_END, NO_START, break_offsets

CHARACTERS = st.sampled_from(
    sorted(NO_START | NO_END) + list("ゲームの手番をかきくけこ漢字ab10♦+.- ") + ["A♠", "wss://x/p/1"])
"""Japanese, the marks the rules hold, narrow words and numbers, spaces."""


def pieces(line: str, width: int) -> list[str]:
    """``line`` cut at ``break_offsets(line, width)``."""
    bounds = [0, *break_offsets(line, width), len(line)]
    return [line[begin:end] for begin, end in pairwise(bounds)]


def test_a_wide_character_in_a_column_one_cell_wide_stands_alone() -> None:
    assert pieces("ゲーム", 1) == ["ゲ", "ー", "ム"]
    assert pieces("ゲーム、", 1) == ["ゲ", "ー", "ム", "、"]


@settings(max_examples=400, deadline=None)
@given(st.lists(CHARACTERS, max_size=40).map("".join), st.integers(min_value=1, max_value=40))
def test_any_text_breaks_at_any_width(line: str, width: int) -> None:
    cut = pieces(line, width)
    assert "".join(cut) == line
    assert all(piece for piece in cut) or line == ""
    for piece in cut:
        assert len(piece) == 1 or cell_len(piece.rstrip(" ")) <= width, (piece, width)
