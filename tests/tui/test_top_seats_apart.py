"""Seat blocks side by side at the top keep a gap between them: at 80×24 with six Lithuanian seats, each seat's
"rankoje 5, paimta 0" wraps inside its own slot, its number with its words, never into the next seat's line."""

from __future__ import annotations

from rich.text import Text

from cardsuite.tui.layout import SeatBlock, TableModel, draw


def test_three_top_seats_do_not_run_together() -> None:
    seats = tuple(SeatBlock(s, (Text(f"CPU {s}"), Text("pas"), Text("rankoje 5, paimta 0"), Text("iš viso 0")))
                  for s in range(6))
    rows = [row.plain for row in draw(TableModel(6, 0, seats), 56, 20)]
    top = rows[:5]
    assert not any("paimta rankoje" in row for row in top), top
    assert sum(row.count("paimta 0") for row in top) == 3, top  # a seat's number stays with its word
    for row in top:
        words = row.split("  ")  # two spaces at least between any two seats' words
        assert all(part.count("rankoje") <= 1 and part.count("paimta") <= 1 for part in words), row
