"""``--plain``: the auction's refusals give the reason (a bid too low is the game's own refusal, a card says no
card is played now), and between two people a typed line is said not played, never dropped without a word
and never shown with the next person's hand."""

from __future__ import annotations

import io

from cardsuite.core.match import SeatSpec
from cardsuite.i18n import use_language
from cardsuite.tui.plain import PlainTable
from cardsuite.tui.session import Session

from .helpers import config


def _play(game: str, seats: list[SeatSpec], typed: str, seed: int, **options: object) -> list[str]:
    use_language("en")
    session = Session(config(game, seats, seed=seed, **options))
    out = io.StringIO()
    PlainTable(session, io.StringIO(typed), out).run()
    return out.getvalue().splitlines()


def test_a_bid_too_low_and_a_card_in_the_auction_say_why() -> None:
    """Napas, the CPU has bid 3: ``1`` is refused with the game's rule, ``KS`` says no card is played now and
    lists the bids; ``zz`` is still no choice."""
    seats = [SeatSpec("Ann"), SeatSpec("CPU 1", "cpu", "normal")]
    lines = _play("napas", seats, "zz\nKS\n1\n", 2, target=5)
    assert "CPU 1 bid 3 tricks" in lines, lines
    refusals = [lines[i + 1] for i, line in enumerate(lines[:-1]) if line == "> "]
    assert refusals[0] == "That is not a choice now. Type help for the words you may use."
    assert refusals[1].startswith("No card is played now. You may: p Pass"), refusals
    assert refusals[2] == "Not allowed: a bid must outrank 3 (the ladder is 1 < 2 < 3 < 0 < 4 < 5)", refusals


def test_a_line_typed_at_the_hand_off_is_said_not_played() -> None:
    """Nap, Ann then Bob: ``3`` typed at "Pass to Ann" is answered in one line and Ann's hand shows only after
    an empty line; the next ``hello`` too."""
    seats = [SeatSpec("Ann"), SeatSpec("Bob"), SeatSpec("Cy", "cpu", "easy")]
    lines = _play("nap", seats, "3\nhello\n\n", 5)
    text = "\n".join(lines)
    hand_off = next(i for i, line in enumerate(lines) if "Pass to " in line and "then press Enter" in line)
    told = [i for i, line in enumerate(lines) if "Press Enter alone: the line was not played." in line]
    assert len(told) == 2 and told[0] > hand_off, text
    hand = next(i for i, line in enumerate(lines) if "Your hand:" in line)
    assert hand > told[-1], text
