"""What everyone may know of a Napoleon deal at one moment, for its views (``core.fast.views``).

``NapoleonFacts`` stays interpreted (the beginner game extends it; a compiled method takes no subclass).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...cards import Card
from ...core.fast.facts import ReplayFacts
from ...core.game import Event, SeatInfo
from ...core.options import Options
from .actions import BIDS
from .deck import IS_HONOUR
from .table import NapoleonPublic, napoleon_seats, napoleon_table

_BID_RANKS = {bid.text: rank for rank, bid in enumerate(BIDS)}
"""A bid's rank on the ladder by its action text (a bid event's ``action``)."""


class NapoleonFacts(ReplayFacts, NapoleonPublic):
    """What everyone may know of a Napoleon deal at one moment (see ``core.fast.views``): never the adjutant's
    seat before the named card is played (``shown_adjutant``), nor the widow's or the discards' cards."""

    __slots__ = ("adjutant_card", "bid_n", "bids", "dealer", "discarded", "discards_to", "face_up", "high",
                 "honours", "joker_suit", "last_trick", "napoleon", "options", "passed", "players", "requested",
                 "revealed", "same_two", "shown_adjutant", "thrown_in", "trick", "trick_number", "trick_seats",
                 "tricks_won", "trump", "widow_size")
    game = "napoleon"
    replayed = ("bidding", "play")
    options: Options
    players: int
    dealer: int
    trick: tuple[Card, ...]
    trick_seats: tuple[int, ...]
    bids: tuple[tuple[int, tuple[int, int] | None], ...]
    passed: tuple[bool, ...]
    honours: tuple[int, ...]
    tricks_won: tuple[int, ...]
    shown_adjutant: int

    def after(self, events: Sequence[Event], moment: int, turn: int) -> NapoleonFacts:
        """These facts once ``events`` have happened: in the auction its bids and passes; in the play, as
        ``NapoleonState._play`` and ``_finish_trick`` change them: the cards of the trick in progress, the
        joker's suit and the club 3's request, the named card revealed, each trick's winner (the honours in
        the trick, and after the first one the discards' face-up honours: every discarded honour is face
        up), the last trick."""
        new: NapoleonFacts = self.copy()
        new.moment, new.turn = moment, turn
        event: Event
        if self.phase_name == "bidding":  # bids and passes, as ``NapoleonState._bid`` (the last ends it)
            bids, passed, high, napoleon = self.bids, list(self.passed), self.high, self.napoleon
            for event in events:
                seat: int = event.seat  # type: ignore[assignment]  # a bid or pass event names its seat
                if event.kind == "bid":
                    high, napoleon = _BID_RANKS[str(event.action)], seat
                    n, suit = BIDS[high].args
                    bids += ((seat, (int(n), int(suit))),)
                elif event.kind == "pass":
                    passed[seat] = True
                    bids += ((seat, None),)
            new.bids, new.passed, new.high, new.napoleon = bids, tuple(passed), high, napoleon
            return new
        trick, seats, number, last = self.trick, self.trick_seats, self.trick_number, self.last_trick
        honours, won = list(self.honours), list(self.tricks_won)
        shown, joker_suit, requested = self.shown_adjutant, self.joker_suit, self.requested
        for event in events:
            kind = event.kind
            if kind == "play":
                trick += (event.card,)  # type: ignore[operator]  # a play event names its card
                seats += (event.seat,)  # type: ignore[operator]
                if event.data:  # only a joker lead says more: the suit it names
                    joker_suit = int(dict(event.data)["suit"])  # type: ignore[call-overload]
            elif kind == "trick":
                winner: int = event.winner  # type: ignore[assignment]  # a trick event names its winner
                won[winner] += 1
                honours[winner] += sum(IS_HONOUR[c] for c in trick)
                last = tuple(zip(seats, trick, strict=True))
                trick, seats, number, joker_suit, requested = (), (), number + 1, -1, False
            elif kind == "discards":
                winner = event.winner  # type: ignore[assignment]
                new.discards_to = winner
                honours[winner] += len(self.face_up)
            elif kind == "joker_request":
                requested = True
            elif kind == "reveal":
                new.revealed = True
                shown = -1 if event.seat == self.napoleon else event.seat  # type: ignore[assignment]
        new.trick, new.trick_seats, new.trick_number, new.last_trick = trick, seats, number, last
        new.honours, new.tricks_won = tuple(honours), tuple(won)
        new.shown_adjutant, new.joker_suit, new.requested = shown, joker_suit, requested
        return new

    def build_table(self) -> dict[str, object]:
        return napoleon_table(self)

    def build_seats(self) -> tuple[SeatInfo, ...]:
        return napoleon_seats(self)

