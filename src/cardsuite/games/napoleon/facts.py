"""Napoleon's public facts for views (``core.views``), in a module of their own.

``NapoleonFacts`` is a plain Python class: it extends the slotted ``TurnFacts``, and the beginner game
extends it in turn. Kept out of ``rules.py``, it stays interpreted when ``bench/compiled.py`` compiles the
rules with mypyc, whose compiled methods of a Python class take no subclass as ``self``. Importing this
module (the package does) makes it ``NapoleonState.facts_class``.
"""

from __future__ import annotations

from ...core.game import SeatInfo
from ...core.options import Options
from ...core.views import TurnFacts
from .rules import PLAYERS, NapoleonState, napoleon_seats, napoleon_table


class NapoleonFacts(TurnFacts):
    """What everyone may know of a Napoleon deal at one moment (see ``core.views``): never the adjutant's
    seat before the named card is played (``shown_adjutant``), nor the widow's or the discards' cards."""

    __slots__ = ("adjutant_card", "bid_n", "bids", "dealer", "discarded", "discards_to", "face_up", "high",
                 "honours", "joker_suit", "last_trick", "napoleon", "options", "passed", "players", "requested",
                 "revealed", "same_two", "shown_adjutant", "thrown_in", "trick", "trick_number", "trick_seats",
                 "tricks_won", "trump", "widow_size")
    game = "napoleon"
    options: Options

    def __init__(self, state: NapoleonState) -> None:
        self.players = PLAYERS
        self.options = state.options
        self.dealer = state.dealer
        self.phase_name = state.phase_name
        self.turn = state.turn
        self.high = state.high
        self.napoleon = state.napoleon
        self.bid_n = state.bid_n
        self.trump = state.trump
        self.adjutant_card = state.adjutant_card
        self.revealed = state.revealed
        self.shown_adjutant = state.shown_adjutant
        self.trick = tuple(state.trick)
        self.trick_seats = tuple(state.trick_seats)
        self.trick_number = state.trick_number
        self.last_trick = state.last_trick
        self.bids = tuple(state.bids)
        self.passed = tuple(state.passed)
        self.widow_size = state.widow_size
        self.discarded = state.discarded
        self.face_up = state.face_up
        self.discards_to = state.discards_to
        self.honours = tuple(state.honours)
        self.tricks_won = tuple(state.tricks_won)
        self.joker_suit = state.joker_suit
        self.requested = state.requested
        self.same_two = state.same_two
        self.thrown_in = state.thrown_in

    def build_table(self) -> dict[str, object]:
        return napoleon_table(self)

    def build_seats(self) -> tuple[SeatInfo, ...]:
        return napoleon_seats(self)


NapoleonState.facts_class = NapoleonFacts
