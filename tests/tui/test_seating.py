"""What sits round the table, drawn from one view without a screen (``tui/seating.py``)."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.tui.render import Display
from cardsuite.tui.seating import marked, table_model
from cardsuite.tui.session import Session

from .helpers import config

SEATS = [SeatSpec("Ann"), SeatSpec("Bo", "cpu", "normal"), SeatSpec("Cy", "cpu", "normal"),
         SeatSpec("Di", "cpu", "normal")]


def played_to_mid_trick(seed: int) -> Session:
    """A Nap session after the bidding and one card of the first trick."""
    session = Session(config("nap", SEATS, seed=seed))
    rng = random.Random(seed)
    while session.match.state.phase != "play" or not session.view(0).table.get("trick"):
        seat = min(session.match.state.to_act)
        legal = session.match.state.legal_actions(seat)
        session.act(seat, legal[rng.randrange(len(legal))])
    return session


def test_the_viewer_sits_at_the_bottom_marked_and_every_seat_has_a_block() -> None:
    session = played_to_mid_trick(3)
    model = table_model(session.view(2), session, Display(), viewer=2, flash=None)
    assert model.bottom == 2 and [b.seat for b in model.seats] == [0, 1, 2, 3]
    bottom = "\n".join(line.plain for line in model.seats[2].lines)
    assert "Cy" in bottom and "(you)" in bottom
    dealer = session.view(2).dealer
    assert any(" D" in line.plain for line in model.seats[dealer].lines)
    assert all("(you)" not in line.plain for block in model.seats if block.seat != 2 for line in block.lines)


def test_no_block_or_centre_line_names_a_card_the_viewer_cannot_see() -> None:
    for seed in range(6):
        session = played_to_mid_trick(seed)
        view = session.view(0)
        display = Display(ascii_only=True)
        model = table_model(view, session, display, viewer=0, flash=None)
        public = {card for _, card in model.played if card is not None}
        hidden = {c for seat in (1, 2, 3) for c in session.view(seat).hand} - public
        text = " ".join(line.plain for block in model.seats for line in block.lines)
        text += " " + " ".join(line.plain for line in model.lines)
        words = set(text.replace(",", " ").split())
        assert hidden and not any(display.card(card).plain.strip() in words for card in hidden)


def test_a_failing_presentation_hook_does_not_close_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    session = played_to_mid_trick(1)

    def broken(*_: object) -> None:
        raise RuntimeError("a bug in a plugin's hook")

    for hook in ("table_cards", "seat_note", "table_lines"):
        monkeypatch.setattr(session.game, hook, broken)
    model = table_model(session.view(0), session, Display(), viewer=0, flash=None)
    assert len(model.seats) == 4 and model.played == ()


def test_a_mark_in_full_width_brackets_follows_the_name_without_a_space() -> None:
    session = played_to_mid_trick(3)
    use_language("ja")
    try:
        model = table_model(session.view(2), session, Display(), viewer=2, flash=None)
    finally:
        use_language("en")
    bottom = "\n".join(line.plain for line in model.seats[2].lines)
    assert "Cy（あなた）" in bottom
    assert marked(["D", "（あなた）"]) == " D（あなた）" and marked(["D", "(you)"]) == " D (you)"
