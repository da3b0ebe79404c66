"""``--plain``: an undo says what it does to the record. The seat stays the person's own (only a CPU's actions
file it apart, as ``Ann (with the CPU)``): the undo is counted in the person's statistics, and the words say
so, never that the seat is now filed or rated apart."""

from __future__ import annotations

import io

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.storage.stats import stats
from cardsuite.tui.plain import PlainTable
from cardsuite.tui.session import Session

from .helpers import config


def test_an_undo_is_said_as_counted_and_the_seat_stays_the_persons() -> None:
    use_language("en")
    session = Session(config("gops", [SeatSpec("Ann"), SeatSpec("CPU 1", "cpu", "easy")], seed=60))
    typed = "1\n1\nundo\n" + "1\n" * 20
    out = io.StringIO()
    assert PlainTable(session, io.StringIO(typed), out).run()
    lines = out.getvalue().splitlines()
    assert "Undone: back to your previous decision (counted as an undo in your statistics)." in lines, lines
    assert not any("now assisted" in line for line in lines)
    players = stats("gops")["games"]["gops"]["players"]
    assert "Ann" in players and "Ann (with the CPU)" not in players, players
    assert players["Ann"]["undos"] == 1 and players["Ann"]["rating"] is not None
