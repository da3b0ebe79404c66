"""``--plain``, Napas: an exchange over the cap is refused with the game's own reason, typed as cards alone or
as a record writes it (``exchange KS 7H``), and the record's form of a legal exchange is taken."""

from __future__ import annotations

import io

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.tui.plain import PlainTable
from cardsuite.tui.session import Session

from .helpers import config

CAPPED = "Not allowed: Ann may exchange at most 1 card: no more than the declarer exchanged"


def _answers(typed: str) -> list[str]:
    """The line after each ``> `` of a 4-seat Napas deal (seed 3) where a CPU declares the zero game and
    exchanges one card, so Ann may exchange one card at most."""
    use_language("en")
    seats = [SeatSpec("Ann"), *(SeatSpec(f"CPU {n}", "cpu", "normal") for n in (1, 2, 3))]
    session = Session(config("napas", seats, seed=3))
    out = io.StringIO()
    PlainTable(session, io.StringIO(typed), out).run()
    lines = out.getvalue().splitlines()
    assert "CPU 3 exchanged 1 card" in lines, lines
    return [lines[i + 1] for i, line in enumerate(lines[:-1]) if line == "> "]


def test_two_cards_over_the_cap_get_the_games_reason() -> None:
    answers = _answers("p\nKS 7H\nexchange KS 7H\n")
    assert answers[1:3] == [CAPPED, CAPPED], answers


def test_the_records_form_of_an_exchange_is_taken() -> None:
    answers = _answers("p\nexchange 7H\n")
    assert answers[1].startswith("Ann put away the 7 of hearts and drew "), answers
