"""Napoleon's events, each made once: plays and joker leads, calls, the adjutant, the discard, tricks and the score."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...cards import JOKER, SUIT_NAMES, Card, card_name
from ...core.game import Event
from ...core.message import CardRef, CardsRef, Message, SeatRef, SuitRef, msg, msg_n
from ...core.tricks import HIGHEST, HIGHEST_TRUMP
from ...core.turns import SEAT_SETS
from .actions import ADJUTANT, BIDS, JOKER_LEADS, PLAY, bid_text, bid_words
from .deck import PLAYERS
from .trick import (
    JOKER_REQUESTED,
    JOKER_RULE,
    MIGHTY_RULE,
    SAME_COLOUR_JACK_RULE,
    SAME_TWO_RULE,
    TRUMP_JACK_RULE,
    YOROMEKI,
)

PLAY_EVENTS: Final = tuple(
    tuple(Event("play", seat, f"seat {seat} played {card_name(c)}", card=c, action=PLAY[c].text,
                message=msg("{seat} played {card}", seat=SeatRef(seat), card=CardRef(c)))
          for c in range(53))
    for seat in range(PLAYERS)
)
PLAYED: Final = tuple(tuple((event,) for event in events) for events in PLAY_EVENTS)
"""``PLAYED[seat][card]``: what ``apply`` returns for a card played to a trick that goes on (made once)."""
JOKER_LEAD_EVENTS: Final = tuple(
    tuple(Event("play", seat, f"seat {seat} led the joker and named {SUIT_NAMES[suit]}", card=JOKER,
                action=JOKER_LEADS[suit].text, data=(("suit", suit),),
                message=msg("{seat} led the joker and named {suit}", seat=SeatRef(seat), suit=SuitRef(suit)))
          for suit in range(4))
    for seat in range(PLAYERS)
)
"""``JOKER_LEAD_EVENTS[seat][suit]``: the joker led, naming ``suit`` (made once, as the other play events)."""
JOKER_REQUEST_EVENTS: Final = tuple(
    Event("joker_request", seat, "the club 3 is led: the joker is requested",
          message=msg("the club 3 is led: the joker is requested"))
    for seat in range(PLAYERS)
)
REVEALS: Final[list[Event | None]] = [None] * (PLAYERS * 53 * 2)
"""``reveal_event``'s events by ``(seat * 53 + card) * 2 + by_napoleon``, made when first needed."""


def reveal_event(seat: int, card: Card, by_napoleon: bool) -> Event:
    """``seat N played the named card: seat N is the adjutant`` (or, Napoleon's own card: there is none)."""
    if by_napoleon:
        text = f"seat {seat} (Napoleon) played the named card: there is no adjutant"
        said = msg("{seat} (Napoleon) played the named card: there is no adjutant", seat=SeatRef(seat))
    else:
        text = f"seat {seat} played the named card: seat {seat} is the adjutant"
        said = msg("{seat} played the named card: {seat} is the adjutant", seat=SeatRef(seat))
    return Event("reveal", seat, text, card=card, message=said)


PASS_EVENTS: Final = tuple(Event("pass", seat, f"seat {seat} passed and drops out", action="pass",
                                 message=msg("{seat} passed and drops out", seat=SeatRef(seat)))
                           for seat in range(PLAYERS))
BID_EVENTS: Final = tuple(
    tuple(Event("bid", seat, f"seat {seat} bid {bid_text(int(b.args[0]), int(b.args[1]))}", action=b.text,
                message=msg("{seat} bid {bid}", seat=SeatRef(seat), bid=bid_words(int(b.args[0]), int(b.args[1]))))
          for b in BIDS)
    for seat in range(PLAYERS)
)
"""``BID_EVENTS[seat][bid_rank(n, suit)]``: ``seat N bid 13 hearts``."""
_NAMED_EVENTS: Final[dict[tuple[str, int, int], Event]] = {}
"""``named_event``'s events, made once each (a few hundred at most)."""


def named_event(kind: str, seat: int, n: int) -> Event:
    """An event of naming the adjutant that depends on one seat and one card (or the widow's size), made
    once: ``adjutant`` (Napoleon named the card), ``alone`` (he holds it himself), ``adjutant_told`` (the
    holder learns it), ``widow`` (he takes ``n`` cards), ``alone_widow`` (the card was in the widow)."""
    key = (kind, seat, n)
    found = _NAMED_EVENTS.get(key)
    if found is not None:
        return found
    if kind == "adjutant":
        event = Event("adjutant", seat, f"seat {seat} named {card_name(n)}: its holder is the adjutant", card=n,
                      action=ADJUTANT[n].text, message=msg("{seat} named {card}: its holder is the adjutant",
                                                           seat=SeatRef(seat), card=CardRef(n)))
    elif kind == "alone":
        event = Event("alone", seat, f"you hold {card_name(n)} yourself: you play alone", visible_to=SEAT_SETS[seat],
                      message=msg("you hold {card} yourself: you play alone", card=CardRef(n)))
    elif kind == "adjutant_told":
        event = Event("adjutant_told", seat, f"you hold {card_name(n)}: you are the adjutant",
                      visible_to=SEAT_SETS[seat], message=msg("you hold {card}: you are the adjutant", card=CardRef(n)))
    elif kind == "widow":
        event = Event("widow", seat, f"seat {seat} took the widow of {n} cards",
                      message=msg_n("{seat} took the widow of {n} card", "{seat} took the widow of {n} cards", n,
                                    seat=SeatRef(seat)))
    else:
        event = Event("alone", seat, f"{card_name(n)} was in the widow: you play alone", visible_to=SEAT_SETS[seat],
                      message=msg("{card} was in the widow: you play alone", card=CardRef(n)))
    _NAMED_EVENTS[key] = event
    return event


_DISCARD_EVENTS: Final[dict[tuple[int, int, tuple[Card, ...], str], Event]] = {}
"""``discard_event``'s events (bounded: cleared when full)."""


def discard_event(seat: int, size: int, face_up: tuple[Card, ...], action: str) -> Event:
    """The public ``discard`` event: ``seat N discarded 3 cards: face up ...; 2 face down``, with the
    action's text when every discarded card is face up (``""`` otherwise). Made once for each of the
    few thousand ways it can read."""
    key = (seat, size, face_up, action)
    found = _DISCARD_EVENTS.get(key)
    if found is not None:
        return found
    hidden = size - len(face_up)
    shown = ", ".join(map(card_name, face_up)) or "no honours"
    text = f"seat {seat} discarded {size} cards: face up {shown}; {hidden} face down"
    event = Event("discard", seat, text, data=(("face_up", face_up), ("hidden", hidden)), action=action or None,
                  message=_discard_message(seat, size, face_up, hidden))
    if len(_DISCARD_EVENTS) >= 20_000:
        _DISCARD_EVENTS.clear()
    _DISCARD_EVENTS[key] = event
    return event


_CONTRACT_EVENTS: Final[dict[tuple[int, int, int], Event]] = {}
SCORE_EVENTS: Final[dict[tuple[int, int, int, int, int], Event]] = {}
"""The contract events by Napoleon and bid, and the score events by Napoleon, adjutant, honours taken
and bid (bounded): made once each, as the trick events are."""


def contract_event(nap: int, n: int, suit: int) -> Event:
    """``seat N is Napoleon with 13 hearts: hearts are trumps``."""
    key = (nap, n, suit)
    found = _CONTRACT_EVENTS.get(key)
    if found is None:
        text = f"seat {nap} is Napoleon with {bid_text(n, suit)}: {SUIT_NAMES[suit]} are trumps"
        found = _CONTRACT_EVENTS[key] = Event(
            "contract", nap, text, data=(("bid", (n, suit)),),
            message=msg("{seat} is Napoleon with {bid}: {suit} are trumps", seat=SeatRef(nap), bid=bid_words(n, suit),
                        suit=SuitRef(suit)))
    return found


TRICK_EVENTS: Final[dict[int, Event]] = {}
"""The trick events made so far, by one number made of the winner (0-4), the trick number (1-10), the
winning card (0-52), the rule (``RULE_CODES``) and the honours gained (0-5), see ``_finish_trick``: an
event is an immutable value, and formatting one again for every trick of every playout was a large part
of finishing a trick. Bounded (cleared when full)."""
TRICK_EVENTS_LIMIT: Final = 40_000
RULE_CODES: Final = {rule: code for code, rule in enumerate(
    (YOROMEKI, JOKER_REQUESTED, MIGHTY_RULE, JOKER_RULE, TRUMP_JACK_RULE, SAME_COLOUR_JACK_RULE, SAME_TWO_RULE,
     HIGHEST_TRUMP, *HIGHEST))}
"""Every reason ``trick_winner`` gives, as a number under 16 (part of a ``TRICK_EVENTS`` key)."""
PAIRS: Final = tuple(tuple((seat, card) for card in range(53)) for seat in range(PLAYERS))
"""``PAIRS[seat][card]``: the pair ``(seat, card)`` of ``last_trick``, made once."""
_DISCARDS_TAKEN: Final[list[Event | None]] = [None] * (PLAYERS * 4)


def discards_taken(won_by: int, extra: int) -> Event:
    """``seat N takes Napoleon's discards: H honours`` (``extra`` 0-3), made once for each seat and count."""
    at = won_by * 4 + extra
    event = _DISCARDS_TAKEN[at]
    if event is None:
        event = _DISCARDS_TAKEN[at] = Event(
            "discards", won_by,
            f"seat {won_by} takes Napoleon's discards: {extra} honour{'s' if extra != 1 else ''}", winner=won_by,
            message=msg_n("{seat} takes Napoleon's discards: {n} honour",
                          "{seat} takes Napoleon's discards: {n} honours", extra, seat=SeatRef(won_by)))
    return event


def trick_event(won_by: int, number: int, card: Card, reason: str, gained: int) -> Event:
    """``seat N won trick T with <card> (<rule>), H honours``."""
    return Event("trick", won_by, f"seat {won_by} won trick {number} with {card_name(card)} ({reason}),"
                 f" {gained} honour{'s' if gained != 1 else ''}", card=card, winner=won_by, rule=reason,
                 message=msg_n("{seat} won trick {number} with {card} ({why}), {n} honour",
                               "{seat} won trick {number} with {card} ({why}), {n} honours", gained,
                               seat=SeatRef(won_by), number=number, card=CardRef(card), why=Message(reason)))


def _discard_message(seat: int, size: int, face_up: Sequence[Card], hidden: int) -> Message:
    """``seat N discarded 3 cards: face up ...; 2 face down`` without a language."""
    if not face_up:
        return msg("{seat} discarded {size} cards: no honours face up; {hidden} face down", seat=SeatRef(seat),
                   size=size, hidden=hidden)
    return msg("{seat} discarded {size} cards: face up {cards}; {hidden} face down", seat=SeatRef(seat),
               size=size, cards=CardsRef(tuple(face_up)), hidden=hidden)


def settle_message(nap: int, adjutant: int, got: int, made: bool, bid: Message) -> Message:
    """Who took how many honours and whether the bid was made, without a language."""
    if adjutant < 0:
        if made:
            return msg_n("{seat} alone took {n} honour and made {bid}", "{seat} alone took {n} honours and made {bid}",
                         got, seat=SeatRef(nap), bid=bid)
        return msg_n("{seat} alone took {n} honour and failed {bid}", "{seat} alone took {n} honours and failed {bid}",
                     got, seat=SeatRef(nap), bid=bid)
    if made:
        return msg_n("{seat} and the adjutant {adjutant} took {n} honour and made {bid}",
                     "{seat} and the adjutant {adjutant} took {n} honours and made {bid}", got,
                     seat=SeatRef(nap), adjutant=SeatRef(adjutant), bid=bid)
    return msg_n("{seat} and the adjutant {adjutant} took {n} honour and failed {bid}",
                 "{seat} and the adjutant {adjutant} took {n} honours and failed {bid}", got,
                 seat=SeatRef(nap), adjutant=SeatRef(adjutant), bid=bid)
