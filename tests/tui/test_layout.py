"""The table drawn as text (``tui/layout.py``): each trick card in front of its seat at every size, the winner
raised, faces that grow with the room."""

from __future__ import annotations

import pytest
from rich.text import Text

from cardsuite.tui.faces import HUGE, LARGE, SMALL, Faces
from cardsuite.tui.layout import SeatBlock, TableModel, card_places, draw, face_size, spots


def _model(players: int, winner: int | None = None) -> TableModel:
    seats = tuple(SeatBlock(s, (Text(f"Seat{s}"), Text("5 held, 0 won"))) for s in range(players))
    played = tuple((s, 13 * (s % 4) + 12) for s in range(players))  # each seat an ace
    return TableModel(players, 0, seats, played, winner)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("size", [(56, 16), (80, 30), (140, 45)])
def test_each_card_lies_in_front_of_its_seat_and_no_two_overlap(players: int, size: tuple[int, int]) -> None:
    """Top seats' cards under them, side seats' half a card lower on their side, yours above you; no two
    cards share a cell."""
    width, height = size
    model = _model(players)
    face = face_size(width, height, model)
    card_w = Faces().width(face)
    places = spots(players, 0)
    where = card_places(places, width, card_w, 5, face)
    cells: set[tuple[int, int]] = set()
    for seat, (x, y) in where.items():
        box = {(cx, cy) for cx in range(x, x + card_w) for cy in range(y, y + face)}
        assert not box & cells, (players, size, seat)
        cells |= box
        place = places[seat]
        if place == "left":
            assert x + card_w <= width // 2
        if place == "right":
            assert x >= width // 2
        if place == "bottom":
            assert y == max(yy for _, yy in where.values())
    assert len(where) == players


def test_faces_grow_with_the_room() -> None:
    """Small faces at 80×24's table, larger ones as the terminal grows."""
    model = _model(4)
    assert face_size(56, 16, model) == SMALL
    assert face_size(84, 30, model) in (LARGE, HUGE)
    assert face_size(140, 45, model) == HUGE


def test_the_winners_card_is_raised_and_reversed() -> None:
    """A finished trick: the winner's card one row above where it lies (the other side seat's), reversed."""
    for winner, raised, level in ((1, "A♥", "A♣"), (3, "A♣", "A♥"), (None, None, None)):
        rows = draw(_model(4, winner=winner), 80, 30)
        plain = [r.plain for r in rows]
        left, right = (next(i for i, line in enumerate(plain) if mark in line) for mark in ("A♥", "A♣"))
        if winner is None:
            assert left == right
            continue
        up, down = (left, right) if raised == "A♥" else (right, left)
        assert up == down - 1, (winner, plain)
        assert any("reverse" in str(span.style) for span in rows[up].spans)
        assert level
