"""Napoleon's beginner game (option ``beginner``): decision 14 of the spec, from the source's last paragraph.

"Decide no Napoleon and no adjutant, fix trumps casually, and whoever takes the most honours wins; first
learn the order of the cards." There is no auction, no adjutant and no widow exchange. The widow's cards
stay out of play; they are turned up one by one until one is not the joker, and that card's suit is
trumps (so a record's dealt cards fix it). The player left of the dealer leads the first trick. Every
special card works as its option says. Each seat scores the honours it took; the deal's winners are the
seats with the most; a match sums the honours over its games. Records hold only ``play`` actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ...cards import JOKER, SUIT_NAMES, SUIT_OF, Card, card_name
from ...core.game import DealSummary, Event
from ...core.message import CardRef, Message, SeatRef, SuitRef, listed, msg
from ...core.options import Options
from ...core.turns import SEAT_SETS
from .deck import PLAYERS
from .facts import NapoleonFacts
from .rules import NapoleonState
from .table import TABLE_FIELDS, NapoleonPublic


def seat_list(seats: Sequence[int]) -> str:
    """Several seats in words: ``seat 0, seat 3 and seat 4`` (each stays ``seat N`` for the UI's names)."""
    names = [f"seat {s}" for s in seats]
    return ", ".join(names[:-1]) + f" and {names[-1]}"


class BeginnerPublic(NapoleonPublic, Protocol):
    """The public attributes of a beginner deal: the full game's, and the turned-up widow cards."""

    trump_card: Card
    widow_shown: tuple[Card, ...]


class BeginnerFacts(NapoleonFacts):
    """What everyone may know of a beginner deal at one moment (``core.fast.views``)."""

    __slots__ = ("trump_card", "widow_shown")

    trump_card: Card
    widow_shown: tuple[Card, ...]

    def build_table(self) -> dict[str, object]:
        return beginner_table(self)


def beginner_contract_text(src: BeginnerPublic) -> Message:
    """The header line: it is the beginner game, and why the trump suit is what it is."""
    suit, card = SuitRef(src.trump), CardRef(src.trump_card)
    if len(src.widow_shown) > 1:
        return msg("beginner game: {suit} are trumps (the widow's joker passed over, {card} turned up)", suit=suit,
                   card=card)
    return msg("beginner game: {suit} are trumps ({card} turned up from the widow)", suit=suit, card=card)


BEGINNER_FIELDS: dict[str, Callable[[Any], object]] = {
    **TABLE_FIELDS, "contract_text": lambda src: beginner_contract_text(src), "declarer": lambda src: None,
    "alone": lambda src: None, "beginner": lambda src: True, "widow_shown": lambda src: src.widow_shown,
    "trump_card": lambda src: src.trump_card,
}
"""The full game's table entries, without Napoleon's, plus the beginner game's own."""


def beginner_table(src: BeginnerPublic) -> dict[str, object]:
    """The full game's facts, without Napoleon's, plus the beginner game's own."""
    return {key: build(src) for key, build in BEGINNER_FIELDS.items()}


class BeginnerState(NapoleonState):
    """A deal of the beginner game: straight to the play, trumps from the widow, honours for each seat."""

    facts_class = BeginnerFacts
    table_fields = BEGINNER_FIELDS

    def __init__(self, options: Options, dealer: int, hands: Sequence[Sequence[Card]],
                 widow: Sequence[Card]) -> None:
        super().__init__(options, dealer, hands, widow)
        shown: list[Card] = []
        for card in widow:  # a widow holds at most one joker, so a plain card always turns up
            shown.append(card)
            if card != JOKER:
                break
        self.widow_shown = tuple(shown)
        self.joker_out = JOKER in self.widow_shown  # turned up, so out of play: nothing for the club 3 to request
        self.trump_card = shown[-1]
        self.trump = SUIT_OF[self.trump_card]
        self.phase_name = "play"
        self.turn = (dealer + 1) % PLAYERS
        self.to_act = SEAT_SETS[self.turn]  # the same seat as NapoleonState's bidding starts with
        self.log.append(Event("trumps", None, self.trump_reason(), card=self.trump_card,
                              data=(("shown", self.widow_shown),), message=self.trump_message()))

    def trump_reason(self) -> str:
        """Why the trump suit is what it is, as one sentence."""
        suit = SUIT_NAMES[self.trump]
        card = card_name(self.trump_card)
        if len(self.widow_shown) > 1:
            return (f"beginner game: the widow's first card is the joker, so the next one, {card}, is turned "
                    f"up: {suit} are trumps")
        return f"beginner game: the widow's first card, {card}, is turned up: {suit} are trumps"

    def trump_message(self) -> Message:
        """``trump_reason`` without a language."""
        card, suit = CardRef(self.trump_card), SuitRef(self.trump)
        if len(self.widow_shown) > 1:
            return msg("beginner game: the widow's first card is the joker, so the next one, {card}, is turned up: "
                       "{suit} are trumps", card=card, suit=suit)
        return msg("beginner game: the widow's first card, {card}, is turned up: {suit} are trumps", card=card,
                   suit=suit)

    def winners(self) -> tuple[int, ...]:
        """The seats with the most honours so far (all of them at the start)."""
        best = max(self.honours)
        return tuple(s for s in range(PLAYERS) if self.honours[s] == best)

    def _settle(self) -> Event:
        self._scores = tuple(self.honours)
        self.phase_name = "over"
        top = self.winners()
        best = self.honours[top[0]]
        if len(top) == 1:
            text = f"seat {top[0]} took the most honours ({best}) and wins the deal"
            return Event("score", top[0], text, winner=top[0], scores=self._scores,
                         message=msg("{seat} took the most honours ({n}) and wins the deal", seat=SeatRef(top[0]),
                                     n=best))
        return Event("score", None, f"{seat_list(top)} took the most honours ({best} each) and share the deal",
                     scores=self._scores,
                     message=msg("{seats} took the most honours ({n} each) and share the deal",
                                 seats=listed([SeatRef(s) for s in top]), n=best))

    def summary(self) -> DealSummary:
        suit = SUIT_NAMES[self.trump]
        trumps = SuitRef(self.trump)
        if self.phase_name != "over":
            return DealSummary(text=f"beginner game, {suit} trumps",
                               message=msg("beginner game, {suit} trumps", suit=trumps))
        top = self.winners()
        best = self.honours[top[0]]
        who = f"seat {top[0]} took the most honours ({best})" if len(top) == 1 else \
            f"{seat_list(top)} took the most honours ({best} each)"
        if len(top) == 1:
            message = msg("beginner game, {suit} trumps: {seat} took the most honours ({n})", suit=trumps,
                          seat=SeatRef(top[0]), n=best)
        else:
            message = msg("beginner game, {suit} trumps: {seats} took the most honours ({n} each)", suit=trumps,
                          seats=listed([SeatRef(s) for s in top]), n=best)
        return DealSummary(text=f"beginner game, {suit} trumps: {who}", message=message)

    def contract_text(self) -> Message:
        """The header line: it is the beginner game, and why the trump suit is what it is."""
        return beginner_contract_text(self)

    def table(self) -> dict[str, object]:
        """The full game's facts, without Napoleon's, plus the beginner game's own."""
        return beginner_table(self)
