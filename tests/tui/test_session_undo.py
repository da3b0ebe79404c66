"""Undo at the session level: back to the seat's previous decision, into the previous deal if need be."""

from __future__ import annotations

import random

from cardsuite.core.match import SeatSpec
from cardsuite.tui.session import Session

from .helpers import config

SEATS = [SeatSpec("Ann"), SeatSpec("Bo", "cpu", "normal"), SeatSpec("Cy", "cpu", "normal"),
         SeatSpec("Di", "cpu", "normal")]


def play_deal(session: Session, rng: random.Random) -> None:
    while not session.match.deal_over:
        seat = min(session.match.state.to_act)
        legal = session.match.state.legal_actions(seat)
        session.act(seat, legal[rng.randrange(len(legal))])


def test_undo_at_the_start_of_a_deal_goes_back_into_the_previous_one() -> None:
    session = Session(config("nap", SEATS, seed=4))
    play_deal(session, random.Random(1))
    first_deal = list(session.match.logs[0].actions)
    session.next_deal()
    assert len(session.match.logs) == 2 and not session.match.logs[1].actions

    assert session.undo(0)

    assert len(session.match.logs) == 1 and not session.match.deal_over
    chose = [i for i, line in enumerate(first_deal) if line.startswith("0 ")
             and len(session.replay([first_deal[:i]]).state.legal_actions(0)) > 1]
    assert session.match.logs[0].actions == first_deal[:chose[-1]]  # past the forced last card: no decision
    assert chose[-1] < max(i for i, line in enumerate(first_deal) if line.startswith("0 "))
    assert session.match.state.to_act == frozenset({0})
    assert session.assisted


def test_undo_with_no_decision_of_the_seat_is_refused() -> None:
    session = Session(config("nap", SEATS, seed=4))
    assert not session.undo(0)
    assert not session.assisted
