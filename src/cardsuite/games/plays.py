"""Play actions and play events of the plain 52-card trick games (Nap, Napas), made once and shared.

The legal plays are on the hot path of every playout. Following suit is one lookup in a table of one
suit's 13 rank bits (``SUIT_PLAYS``, filled as first needed: at most 4 x 8192 entries); a whole hand
(``hand_plays``, a lead or a void) is two lookups, by its spades and hearts and by its diamonds and clubs;
``play_actions(mask)`` remembers whole masks besides.
"""

from __future__ import annotations

from typing import Final

from ..cards import Card, card_name, card_text
from ..core.game import Action, DealSummary, Event, State
from ..core.message import CardRef, Message, SeatRef, msg, msg_n

PLAY_ACTIONS: Final = tuple(Action("play", (c,), f"play {card_text(c)}") for c in range(52))
PLAY_EVENTS: Final = tuple(
    tuple(Event("play", seat, f"seat {seat} played {card_name(c)}", card=c, action=PLAY_ACTIONS[c].text,
                message=msg("{seat} played {card}", seat=SeatRef(seat), card=CardRef(c)))
          for c in range(52))
    for seat in range(6)
)
"""``PLAY_EVENTS[seat][card]``: ``seat N played the ...``."""
PLAY_EVENT_TUPLES: Final = tuple(tuple((event,) for event in row) for row in PLAY_EVENTS)
"""``(PLAY_EVENTS[seat][card],)``, made once: what ``apply`` returns for most plays."""


def contract_summary(declarer: int, high: str | None, thrown_in: bool, made: bool | None, tricks: int, name: str,
                     words: Message | None) -> DealSummary:
    """The deal's summary in a plain trick game with one declarer (Nap, Napas): thrown in, or the
    declarer's bid (``name`` in English, ``words`` for the screens), whether it was made, the tricks taken."""
    if thrown_in:
        return DealSummary(redeal=True, text="all passed: thrown in", message=msg("all passed: thrown in"))
    if high is None or words is None:
        return DealSummary()
    verdict = "" if made is None else (" made" if made else " failed")
    text = f"seat {declarer} bid {name}{verdict} ({tricks} trick{'' if tricks == 1 else 's'})"
    seat = SeatRef(declarer)
    if made is None:
        message = msg_n("{seat} bid {bid} ({n} trick so far)", "{seat} bid {bid} ({n} tricks so far)", tricks,
                        seat=seat, bid=words)
    elif made:
        message = msg_n("{seat} bid {bid} and made it ({n} trick)", "{seat} bid {bid} and made it ({n} tricks)",
                        tricks, seat=seat, bid=words)
    else:
        message = msg_n("{seat} bid {bid} and failed ({n} trick)", "{seat} bid {bid} and failed ({n} tricks)", tricks,
                        seat=seat, bid=words)
    return DealSummary(declarer, high, made, False, text, {declarer: "declarer"}, message)


def play_interned(state: State, seat: int, action: Action) -> tuple[Event, ...]:
    """The ``play`` handler of a game whose ``apply`` knows ``PLAY_ACTIONS`` by identity: a well-formed play
    action that is not one of them (its shape is checked) is applied as the interned one of its card."""
    return state.apply(seat, PLAY_ACTIONS[action.args[0]])  # type: ignore[index]  # a card: the shape is checked


def trick_message(winner: int, card: Card, reason: str) -> Message:
    """``seat N won the trick with the ... (highest trump)``; ``reason`` is a rule's message id."""
    return msg("{seat} won the trick with {card} ({why})", seat=SeatRef(winner), card=CardRef(card),
               why=Message(reason))


SUIT_PLAYS: Final[list[list[tuple[Action, ...] | None]]] = [[None] * 8192 for _ in range(4)]
"""``SUIT_PLAYS[suit][ranks]``: the play actions of one suit's cards (13 rank bits), made when first needed."""


def suit_plays(suit: int, ranks: int) -> tuple[Action, ...]:
    """The play actions for the ranks ``ranks`` (13 bits) of ``suit``, lowest first (made once)."""
    found = SUIT_PLAYS[suit][ranks]
    if found is None:
        found = SUIT_PLAYS[suit][ranks] = tuple(PLAY_ACTIONS[suit * 13 + r] for r in range(13) if ranks >> r & 1)
    return found


HALF: Final = (1 << 26) - 1
LOW_PLAYS: Final[dict[int, tuple[Action, ...]]] = {}
HIGH_PLAYS: Final[dict[int, tuple[Action, ...]]] = {}
"""The play actions of a hand's spades and hearts (``LOW_PLAYS``, by ``hand & HALF``) and of its diamonds and
clubs (``HIGH_PLAYS``, by ``hand >> 26``), filled as first needed (``hand_plays``)."""


def hand_plays(hand: int) -> tuple[Action, ...]:
    """The play actions of every card of ``hand``, lowest first: two lookups, by its spades and hearts and
    by its diamonds and clubs. A lead may play any card, and a 5-card hand recurs too seldom for a table
    by whole hands to find it (``PLAYS_OF_MASK`` missed on nearly every lead of a random Nap deal); its
    halves recur far more often (at most 83,682 halves of up to 5 cards)."""
    low, high = hand & HALF, hand >> 26
    low_plays = LOW_PLAYS.get(low)
    if low_plays is None:
        if len(LOW_PLAYS) > 100_000:
            LOW_PLAYS.clear()
        low_plays = LOW_PLAYS[low] = suit_by_suit(low)
    high_plays = HIGH_PLAYS.get(high)
    if high_plays is None:
        if len(HIGH_PLAYS) > 100_000:
            HIGH_PLAYS.clear()
        high_plays = HIGH_PLAYS[high] = suit_by_suit(high << 26)
    return low_plays + high_plays


PLAYS_OF_MASK: Final[dict[int, tuple[Action, ...]]] = {}
"""``play_actions`` remembered by mask (bounded): the same playable sets recur within and across playouts."""


def play_actions(mask: int) -> tuple[Action, ...]:
    """The play actions for the cards of ``mask``, lowest card first; look in ``PLAYS_OF_MASK`` first."""
    found = PLAYS_OF_MASK.get(mask)
    if found is None:
        if len(PLAYS_OF_MASK) > 200_000:
            PLAYS_OF_MASK.clear()
        found = PLAYS_OF_MASK[mask] = hand_plays(mask)
    return found


def suit_by_suit(mask: int) -> tuple[Action, ...]:
    """The play actions for the cards of ``mask``, lowest card first (one table lookup per suit held)."""
    plays: tuple[Action, ...] = ()
    for suit in range(4):
        ranks = mask >> (13 * suit) & 8191
        if ranks:
            plays += SUIT_PLAYS[suit][ranks] or suit_plays(suit, ranks)
    return plays


def follow_plays(hand: int, suit: int) -> tuple[Action, ...] | None:
    """The plays of ``hand``'s cards of ``suit``, or ``None`` when it holds none (one table lookup)."""
    ranks = hand >> (13 * suit) & 8191
    if not ranks:
        return None
    return SUIT_PLAYS[suit][ranks] or suit_plays(suit, ranks)


__all__ = ["HALF", "HIGH_PLAYS", "LOW_PLAYS", "PLAYS_OF_MASK", "PLAY_ACTIONS", "PLAY_EVENTS", "PLAY_EVENT_TUPLES",
           "SUIT_PLAYS", "Card", "follow_plays", "hand_plays", "play_actions", "suit_plays"]
