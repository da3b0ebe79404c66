"""Japanese Napoleon (5 players, 53 cards): options, bids, deal, auction, adjutant, widow, play, scoring.

Follows ``docs/rules/napoleon.md``. Seats are ints, play goes clockwise (increasing seat number).
Hidden roles: the adjutant is whoever holds the named card; the state knows it from the naming on, but
views reveal it only when that card is played (and to the holder itself). "Napoleon plays alone" (the
named card was in the widow or in Napoleon's own hand) is told to Napoleon only, and to all at the end.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache, reduce
from operator import or_
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol

from ...cards import (
    BIT,
    JOKER,
    RANK_OF,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    card_name,
    card_text,
    cards_in,
    mask_of,
    parse_card,
    parse_suit,
    ranked_deck,
    shuffle,
)
from ...core.errors import IllegalAction, InvalidDeal
from ...core.game import PUBLIC_SEAT, Action, DealSetup, DealSummary, Event, SeatInfo, View
from ...core.message import N_, CardRef, CardsRef, Message, SeatRef, SuitRef, msg, msg_n, msg_p
from ...core.native import mypyc_attr, shallow_copy
from ...core.options import Options, OptionSpec
from ...core.tricks import HIGHEST, HIGHEST_TRUMP, Trick, TrickRule, refusal, standard_winner_of
from ...core.turns import NOBODY, SEAT_SETS, TurnState
from ...core.verbs import CARD_OR_JOKER, SUIT, Phase, Verb, number
from ...core.views import EMPTY, frozen, live_view, secret_view
from .discards import discard_action, discard_choices

if TYPE_CHECKING:
    from .facts import NapoleonFacts

PLAYERS: Final = 5
HAND_SIZE: Final = 10
TOP_BID: Final = 20
SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3
MIGHTY: Final = 12  # the ace of spades
HEART_QUEEN: Final = 13 + 10
CLUB_THREE: Final = 39 + 1
JOKER_BIT: Final = BIT[JOKER]
NEXT_SEAT: Final = (1, 2, 3, 4, 0)  # the seat to the left: (seat + 1) % PLAYERS
TO_ACT: Final = SEAT_SETS[:PLAYERS]
"""``turns.SEAT_SETS`` (the same sets) and ``turns.NOBODY`` as this module's own constants: compiled, a name
imported from an interpreted module is a dictionary lookup at every use, a ``Final`` of the module is not."""
NOBODY_TO_ACT: Final = NOBODY
HONOURS: Final = mask_of(c for c in range(52) if RANK_OF[c] >= 10)
IS_HONOUR: Final = tuple(HONOURS >> c & 1 for c in range(53))
TRUMP_JACK: Final = tuple(s * 13 + 9 for s in range(4))
SAME_COLOUR_JACK: Final = tuple(TRUMP_JACK[p] for p in (CLUBS, DIAMONDS, HEARTS, SPADES))
TWO_OF: Final = tuple(s * 13 for s in range(4))
SUIT_STRENGTH: Final = (3, 2, 1, 0)  # spades > hearts > diamonds > clubs at equal counts

OPTIONS: Final = (
    OptionSpec("jokers", 1, "Jokers in the pack: 1 (53 cards, widow of 3) or 0 (52 cards, widow and discard of 2).",
               choices=(1, 0)),
    OptionSpec("min_bid", 11, "The lowest number of honours that may be bid (1 is the source's literal rule).",
               minimum=1, maximum=20),
    OptionSpec("games", 5, "Games in a match (deals that were played; thrown-in deals do not count).", minimum=1),
    OptionSpec("yoromeki", True, "The heart queen beats the Mighty (spade ace) when both are in one trick."),
    OptionSpec("same_two", True, "Same-2: a 2 wins a trick of five cards of one suit, after the first trick."),
    OptionSpec("joker_request", True, "The club 3 led forces the joker's holder to play it."),
    OptionSpec("turn_timer", 0, "Seconds a person has for a turn (0: no limit); then the CPU plays it.",
               choices=(0, 30, 60)),
    OptionSpec("beginner", False, "The learning game: no auction or adjutant, trumps turned up from the widow, "
                                  "every seat for itself; the most honours wins."),
)


# -- actions (interned) -----------------------------------------------------------------------------
def bid_text(n: int, suit: int) -> str:
    """A bid in words: ``13 hearts``."""
    return f"{n} {SUIT_NAMES[suit]}"


def bid_words(n: int, suit: int) -> Message:
    """A Napoleon bid in words: "13 hearts" (Japanese "ハートで13")."""
    return msg_p("Napoleon bid", "{n} {suit}", n=n, suit=SuitRef(suit))


def bid_rank(n: int, suit: int) -> int:
    """The bid's place on the ladder: more honours first, then spades > hearts > diamonds > clubs."""
    return (n - 1) * 4 + SUIT_STRENGTH[suit]


PASS: Final = Action("pass", (), "pass")
BIDS: Final = tuple(
    Action("bid", (n, s), f"bid {n} {SUIT_LETTERS[s]}")
    for n in range(1, TOP_BID + 1) for s in (CLUBS, DIAMONDS, HEARTS, SPADES)
)  # BIDS[bid_rank(n, s)] is the bid (n, s)
BID_CHOICES: Final = tuple((PASS, *BIDS[i:]) for i in range(len(BIDS) + 1))
ADJUTANT: Final = tuple(Action("adjutant", (c,), f"adjutant {card_text(c)}") for c in range(53))
PLAY: Final = tuple(Action("play", (c,), f"play {card_text(c)}") for c in range(53))
JOKER_LEADS: Final = tuple(Action("play", (JOKER, s), f"play JK {SUIT_LETTERS[s]}") for s in range(4))
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
_REVEALS: Final[list[Event | None]] = [None] * (PLAYERS * 53 * 2)
"""``_reveal_event``'s events by ``(seat * 53 + card) * 2 + by_napoleon``, made when first needed."""


def _reveal_event(seat: int, card: Card, by_napoleon: bool) -> Event:
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
JOKER_ONLY: Final = (PLAY[JOKER],)
_INTERNED: Final = {
    **{id(a): "bidding" for a in (PASS, *BIDS)},
    **{id(a): "adjutant" for a in ADJUTANT},
    **{id(a): "play" for a in (*PLAY, *JOKER_LEADS)},
}
"""The phase whose verb each interned action is, by the action's identity: ``NapoleonState.apply`` lets
these skip the preamble's shape checks in that phase. They live as long as the module, so no other object
can have one of these ids."""


_SUIT_PLAYS: Final[list[list[tuple[Action, ...] | None]]] = [[None] * 8192 for _ in range(4)]


def _suit_plays(suit: int, bits: int) -> tuple[Action, ...]:
    """The play actions for the ranks ``bits`` (13 bits) of one suit, built once."""
    found = _SUIT_PLAYS[suit][bits]
    if found is None:
        found = _SUIT_PLAYS[suit][bits] = tuple(PLAY[suit * 13 + r] for r in range(13) if bits >> r & 1)
    return found


def play_actions(mask: int, leading: bool) -> tuple[Action, ...]:
    """The play actions for the cards of ``mask``; a leader's joker comes as four suit-naming leads."""
    plays: tuple[Action, ...] = ()
    for suit in range(4):
        bits = mask >> (13 * suit) & 8191
        if bits:
            plays += _SUIT_PLAYS[suit][bits] or _suit_plays(suit, bits)
    if mask & JOKER_BIT:
        plays += JOKER_LEADS if leading else JOKER_ONLY
    return plays


_SPADE_PLAYS, _HEART_PLAYS, _DIAMOND_PLAYS, _CLUB_PLAYS = _SUIT_PLAYS


def lead_actions(mask: int) -> tuple[Action, ...]:
    """``play_actions(mask, True)``, the suits unrolled: a lead is a fifth of the decisions of a deal."""
    plays: tuple[Action, ...] = ()
    bits = mask & 8191
    if bits:
        plays = _SPADE_PLAYS[bits] or _suit_plays(SPADES, bits)
    bits = mask >> 13 & 8191
    if bits:
        plays += _HEART_PLAYS[bits] or _suit_plays(HEARTS, bits)
    bits = mask >> 26 & 8191
    if bits:
        plays += _DIAMOND_PLAYS[bits] or _suit_plays(DIAMONDS, bits)
    bits = mask >> 39 & 8191
    if bits:
        plays += _CLUB_PLAYS[bits] or _suit_plays(CLUBS, bits)
    return plays + JOKER_LEADS if mask & JOKER_BIT else plays


def parse_napoleon_action(text: str) -> Action:
    """``pass``, ``bid <n> <suit>``, ``adjutant <card>``, ``discard <cards>``, ``play <card>``, ``play JK <suit>``."""
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    if verb == "pass" and len(words) == 1:
        return PASS
    if verb == "bid":
        if len(words) != 3 or not words[1].isdigit():
            raise ValueError("a bid is bid <n> <suit>, like bid 13 H")
        n = int(words[1])
        if not 1 <= n <= TOP_BID:
            raise ValueError(f"a bid counts 1..{TOP_BID} honours, not {n}")
        return BIDS[bid_rank(n, parse_suit(words[2]))]
    if verb == "adjutant" and len(words) == 2:
        return ADJUTANT[parse_card(words[1])]
    if verb == "discard" and len(words) in (3, 4):
        cards = [parse_card(w) for w in words[1:]]
        if len(set(cards)) != len(cards):
            raise ValueError("a card is discarded twice")
        return discard_action(cards)
    if verb == "play" and len(words) == 2:
        return PLAY[parse_card(words[1])]
    if verb == "play" and len(words) == 3:
        if parse_card(words[1]) != JOKER:
            raise ValueError("only a joker lead names a suit (play JK H)")
        return JOKER_LEADS[parse_suit(words[2])]
    raise ValueError("expected pass, bid <n> <suit>, adjutant <card>, discard <cards>, play <card> or play JK <suit>")


# -- card power -------------------------------------------------------------------------------------
def trick_rule(yoromeki: bool = True, same_two: bool = True, joker_request: bool = True) -> TrickRule:
    """The card-power hook for the chosen specials (see ``winner``)."""
    return _RULES[(yoromeki, same_two, joker_request)]


YOROMEKI: Final = N_("yoromeki: the heart queen beats the Mighty")
JOKER_REQUESTED: Final = N_("the joker requested by the club 3")
MIGHTY_RULE: Final = N_("Mighty")
JOKER_RULE: Final = N_("joker")
TRUMP_JACK_RULE: Final = N_("trump jack")
SAME_COLOUR_JACK_RULE: Final = N_("same-colour jack")
SAME_TWO_RULE: Final = N_("same-2")
"""Why a trick was won (``Event.rule``): message ids, translated where they are shown."""


def _make_rule(yoromeki: bool, same_two: bool, joker_request: bool) -> TrickRule:
    def rule(trick: Trick) -> tuple[int, str]:
        return winner(trick, yoromeki, same_two, joker_request)

    return rule


def winner(trick: Trick, yoromeki: bool = True, same_two: bool = True,
           joker_request: bool = True) -> tuple[int, str]:
    """The winning index of a (possibly partial) trick and why, high to low (see ``winner_of``)."""
    return winner_of(trick.cards, trick.led_suit, trick.trump, trick.number, yoromeki, same_two, joker_request)


def winner_of(cards: Sequence[Card], led: int, trump: int, number: int, yoromeki: bool = True,
              same_two: bool = True, joker_request: bool = True) -> tuple[int, str]:
    """The winning index of the cards of a (possibly partial) trick and why, high to low: ``winner``
    without making a ``Trick`` (the CPU players weigh many partial tricks).

    Yoromeki, the Mighty, the joker, the trump jack, the same-colour jack, same-2 (a complete trick of
    one suit, not the first trick), the highest trump, the highest card of the led (or named) suit.
    """
    if MIGHTY in cards:
        if yoromeki and HEART_QUEEN in cards:
            return cards.index(HEART_QUEEN), YOROMEKI
        return cards.index(MIGHTY), MIGHTY_RULE
    if JOKER in cards:
        i = cards.index(JOKER)
        if joker_request and i > 0 and cards[0] == CLUB_THREE:
            return i, JOKER_REQUESTED
        return i, JOKER_RULE
    if trump >= 0:
        if TRUMP_JACK[trump] in cards:
            return cards.index(TRUMP_JACK[trump]), TRUMP_JACK_RULE
        if SAME_COLOUR_JACK[trump] in cards:
            return cards.index(SAME_COLOUR_JACK[trump]), SAME_COLOUR_JACK_RULE
    if same_two and number > 1 and len(cards) == PLAYERS and TWO_OF[led] in cards \
            and all(SUIT_OF[c] == led for c in cards):
        return cards.index(TWO_OF[led]), SAME_TWO_RULE
    return standard_winner_of(cards, led, trump)


def trick_winner(cards: int, trick: Sequence[Card], led: int, trump: int, number: int, yoromeki: bool,
                 same_two: bool, joker_request: bool) -> tuple[Card, str]:
    """The winning card of a (possibly partial) trick and why: ``winner_of`` (the same order of the
    specials), from the trick's mask ``cards``, since a deal finishes ten tricks and the CPU players weigh
    each card they could add. The highest card of a suit in the trick is the highest bit of the mask in
    that suit; ``trick`` (the cards in play order) is read only for its length (same-2) and its first card
    (the joker's request)."""
    if cards >> MIGHTY & 1:
        if yoromeki and cards >> HEART_QUEEN & 1:
            return HEART_QUEEN, YOROMEKI
        return MIGHTY, MIGHTY_RULE
    if cards & JOKER_BIT:
        if joker_request and trick[0] == CLUB_THREE:  # the club 3 led, so the joker came after it
            return JOKER, JOKER_REQUESTED
        return JOKER, JOKER_RULE
    if trump >= 0:
        if cards >> TRUMP_JACK[trump] & 1:
            return TRUMP_JACK[trump], TRUMP_JACK_RULE
        if cards >> SAME_COLOUR_JACK[trump] & 1:
            return SAME_COLOUR_JACK[trump], SAME_COLOUR_JACK_RULE
    follow = cards & SUIT_MASK[led]
    if same_two and number > 1 and len(trick) == PLAYERS and follow == cards and cards >> TWO_OF[led] & 1:
        return TWO_OF[led], SAME_TWO_RULE  # before the highest trump: five trumps led fall to their 2
    if trump >= 0 and led != trump:
        trumps = cards & SUIT_MASK[trump]
        if trumps:
            return trumps.bit_length() - 1, HIGHEST_TRUMP
    return follow.bit_length() - 1, HIGHEST[led]


_RULES: Final = {(y, s, j): _make_rule(y, s, j) for y in (True, False) for s in (True, False) for j in (True, False)}
SPECIAL_RULES: Final = frozenset({MIGHTY_RULE, JOKER_RULE, TRUMP_JACK_RULE, SAME_COLOUR_JACK_RULE, SAME_TWO_RULE,
                                  YOROMEKI, JOKER_REQUESTED})


_DECKS: Final = (ranked_deck(2, 0), ranked_deck(2, 1))


def deck_for(options: Options) -> list[Card]:
    """53 cards with the joker, or 52 without (a new list)."""
    return list(_DECKS[options.integer("jokers")])


def widow_size(options: Options) -> int:
    """3 cards with the joker, 2 without: the widow and the discard."""
    return 3 if options.integer("jokers") else 2


def honour_count(mask: int) -> int:
    """Honours (10, J, Q, K, A) among the cards of ``mask``."""
    return (mask & HONOURS).bit_count()


_SETTINGS: dict[int, tuple[Options, tuple[bool, bool, bool, int, int]]] = {}
"""``_settings`` by the options' identity (each entry keeps its options, so the id stays theirs)."""


def _settings(options: Options) -> tuple[bool, bool, bool, int, int]:
    """What a deal reads from its options: yoromeki, same-2, the joker request (which needs the joker),
    the lowest bid's rank and the jokers in the pack. Read once for each ``Options``: a playout deals
    thousands of times with the same ones."""
    found = _SETTINGS.get(id(options))
    if found is not None and found[0] is options:
        return found[1]
    jokers = options.integer("jokers")
    settings = (options.flag("yoromeki"), options.flag("same_two"), options.flag("joker_request") and jokers == 1,
                bid_rank(options.integer("min_bid"), CLUBS), jokers)
    if len(_SETTINGS) >= 64:
        _SETTINGS.clear()
    _SETTINGS[id(options)] = (options, settings)
    return settings


_NAMED_EVENTS: Final[dict[tuple[str, int, int], Event]] = {}
"""``_named_event``'s events, made once each (a few hundred at most)."""


def _named_event(kind: str, seat: int, n: int) -> Event:
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
"""``_discard_event``'s events (bounded: cleared when full)."""


def _discard_event(seat: int, size: int, face_up: tuple[Card, ...], action: str) -> Event:
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
_SCORE_EVENTS: Final[dict[tuple[int, int, int, int, int], Event]] = {}
"""The contract events by Napoleon and bid, and the score events by Napoleon, adjutant, honours taken
and bid (bounded): made once each, as the trick events are."""


def _contract_event(nap: int, n: int, suit: int) -> Event:
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


_TRICK_EVENTS: Final[dict[int, Event]] = {}
"""The trick events made so far, by one number made of the winner (0-4), the trick number (1-10), the
winning card (0-52), the rule (``_RULE_CODES``) and the honours gained (0-5), see ``_finish_trick``: an
event is an immutable value, and formatting one again for every trick of every playout was a large part
of finishing a trick. Bounded (cleared when full)."""
_TRICK_EVENTS_LIMIT: Final = 40_000
_RULE_CODES: Final = {rule: code for code, rule in enumerate(
    (YOROMEKI, JOKER_REQUESTED, MIGHTY_RULE, JOKER_RULE, TRUMP_JACK_RULE, SAME_COLOUR_JACK_RULE, SAME_TWO_RULE,
     HIGHEST_TRUMP, *HIGHEST))}
"""Every reason ``trick_winner`` gives, as a number under 16 (part of a ``_TRICK_EVENTS`` key)."""
PAIRS: Final = tuple(tuple((seat, card) for card in range(53)) for seat in range(PLAYERS))
"""``PAIRS[seat][card]``: the pair ``(seat, card)`` of ``last_trick``, made once."""


_DISCARDS_TAKEN: Final[list[Event | None]] = [None] * (PLAYERS * 4)


def _discards_taken(won_by: int, extra: int) -> Event:
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


def _trick_event(won_by: int, number: int, card: Card, reason: str, gained: int) -> Event:
    """``seat N won trick T with <card> (<rule>), H honours``."""
    return Event("trick", won_by, f"seat {won_by} won trick {number} with {card_name(card)} ({reason}),"
                 f" {gained} honour{'s' if gained != 1 else ''}", card=card, winner=won_by, rule=reason,
                 message=msg_n("{seat} won trick {number} with {card} ({why}), {n} honour",
                               "{seat} won trick {number} with {card} ({why}), {n} honours", gained,
                               seat=SeatRef(won_by), number=number, card=CardRef(card), why=Message(reason)))


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # clone() without __init__; BeginnerState
class NapoleonState(TurnState):
    """One deal of Napoleon.

    ``to_act`` and ``is_over`` are attributes, kept up to date wherever the turn or the phase changes
    (``__init__``, the auction's next bidder and its end, the discard, each card played, the end of a trick
    and of the deal), rather than ``TurnState``'s properties: every caller (a random playout, the match,
    search) reads both before every action, and a property is a Python call each time (a tenth of a
    compiled random deal). ``NapState`` does the same.

    ``phase_name``, ``turn`` and the other attributes a random deal sets that ``State`` and ``TurnState``
    declare are declared here again: compiled, a class keeps the attributes it declares itself in fixed
    fields, and those of its interpreted bases in a ``__dict__``, where reading one (every action reads the
    phase and the turn) is a type lookup and a dictionary lookup. With none of them there, a random deal
    makes no ``__dict__`` at all, and the interpreter's lookups of ``apply`` and ``legal_actions`` on the
    state need not look into one first.
    """

    facts_class: ClassVar[type[NapoleonFacts]]
    """What its views are built from: ``facts.NapoleonFacts``, set there (the beginner game adds its own)."""
    to_act: frozenset[int] = NOBODY
    is_over: bool = False
    phase_name: str = "bidding"
    turn: int = 0
    players: int
    options: Options
    phases: Mapping[str, Phase]
    _setup: DealSetup | None = None
    _setup_parts: tuple[int | None, Sequence[Sequence[Card]], Sequence[Card]] | None = None

    def __init__(self, options: Options, dealer: int, hands: Sequence[Sequence[Card]],
                 widow: Sequence[Card]) -> None:
        self.players = PLAYERS
        self.options = options
        self.dealer = dealer
        self.yoromeki, self.same_two, self.request_on, self.min_rank, self.jokers = _settings(options)
        self.rule = _RULES[(self.yoromeki, self.same_two, self.request_on)]
        self.phases = PHASES[len(widow)]
        self.widow = tuple(widow)
        self._setup = None
        self._setup_parts = (dealer, tuple(hands), self.widow)  # setup() makes the DealSetup when asked:
        # ``hands`` are not changed afterwards (new_napoleon_deal's own lists, or copies of the caller's)
        self.hands = [reduce(or_, map(BIT.__getitem__, hand), 0) for hand in hands]  # mask_of, at C speed
        self.widow_taken = False
        self.phase_name = "bidding"
        self.turn = turn = (dealer + 1) % PLAYERS
        self.to_act = TO_ACT[turn]
        self.is_over = False
        self.passed = [False] * PLAYERS
        self.passes = 0
        self.bids: list[tuple[int, tuple[int, int] | None]] = []
        self.high = -1  # rank of the high bid on the ladder
        self.napoleon = -1
        self.bid_n = 0
        self.trump = -1
        self.adjutant_card = -1
        self.adjutant_seat = -1  # the holder of the named card; -1: Napoleon plays alone
        self.alone_known = False  # whether Napoleon has learnt that he plays alone
        self.revealed = False
        self.discards: tuple[Card, ...] = ()
        self.face_up: tuple[Card, ...] = ()
        self.discards_to = -1
        self.led = -1
        self.joker_suit = -1
        self.requested = False
        self.joker_out = False
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.trick_number = 1
        self.tricks_won = [0] * PLAYERS
        self.honours = [0] * PLAYERS
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        self.log: list[Event] = []
        self._scores: tuple[int, ...] = (0,) * PLAYERS
        self.thrown_in = False
        self.made: bool | None = None
        self._privates: tuple[Mapping[str, object], ...] | None = None  # private_mapping's, made when asked

    # -- the contract -------------------------------------------------------------------------------
    def zones(self) -> dict[str, tuple[Card, ...]]:
        out = {f"hand {s}": tuple(cards_in(self.hands[s])) for s in range(PLAYERS)}
        out["widow"] = () if self.widow_taken else self.widow
        out["discards"] = self.discards
        out["played"] = tuple(e.card for e in self.log if e.kind == "play" and e.card is not None)  # in order
        return out

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """What ``seat`` may do now, as interned actions: a tuple, or Napoleon's discards as the lazy
        ``DiscardChoices``. The play phase comes first: it is nearly every decision of a deal."""
        if seat != self.turn:
            return ()
        phase = self.phase_name
        if phase == "play":
            hand = self.hands[seat]
            if not self.trick:
                return lead_actions(hand)
            if self.requested and hand & JOKER_BIT:
                return JOKER_ONLY
            led = self.led
            bits = hand >> (13 * led) & 8191
            if not bits:
                return play_actions(hand, False)
            plays = _SUIT_PLAYS[led][bits] or _suit_plays(led, bits)
            return plays + JOKER_ONLY if hand & JOKER_BIT else plays
        if phase == "bidding":
            return BID_CHOICES[max(self.min_rank, self.high + 1)]
        if phase == "adjutant":
            return ADJUTANT if self.jokers else ADJUTANT[:52]
        if phase == "discard":
            return discard_choices(self.hands[seat], len(self.widow))
        return ()  # over

    def apply(self, seat: Any, action: Action) -> tuple[Event, ...]:
        """``TurnState.apply``, with a shortcut: an interned action of the phase's own verb (``PLAY``,
        ``JOKER_LEADS``, ``PASS``, ``BIDS`` or ``ADJUTANT``, known by its identity, see ``_INTERNED``) from
        the seat to act goes straight to the phase's handler, since it has the shape the preamble would
        check. Anything else, discards included, takes the whole preamble. The handlers check the rules.
        ``seat`` is ``Any``: compiled by mypyc, an ``int`` parameter would raise ``TypeError`` for a seat
        that is not a whole number before the preamble could refuse it with ``IllegalAction``."""
        phase = self.phase_name
        if _INTERNED.get(id(action)) == phase and seat == self.turn and seat.__class__ is int:
            if phase == "play":
                return self._play(seat, action)
            if phase == "bidding":
                return self._bid(seat, action)
            return self._name(seat, action)
        return super().apply(seat, action)

    # -- bidding ------------------------------------------------------------------------------------
    def _bid(self, seat: int, action: Action) -> tuple[Event, ...]:
        if action.verb == "pass":
            self.passed[seat] = True
            self.passes += 1
            self.bids.append((seat, None))
            event = PASS_EVENTS[seat]
        else:
            n, suit = int(action.args[0]), int(action.args[1])
            rank = (n - 1) * 4 + SUIT_STRENGTH[suit]  # bid_rank(n, suit)
            if rank < self.min_rank:
                raise IllegalAction(f"the lowest bid is {self.options.integer('min_bid')} honours")
            if rank <= self.high:
                high = BIDS[self.high].args
                raise IllegalAction(f"a bid must beat {bid_text(int(high[0]), int(high[1]))}")
            self.high = rank
            self.napoleon = seat
            self.bids.append((seat, (n, suit)))
            event = BID_EVENTS[seat][rank]
        self.log.append(event)
        if self.high == len(BIDS) - 1 or (self.passes == PLAYERS - 1 and self.high >= 0):
            return (event, *self._end_auction())
        if self.passes == PLAYERS:
            self.phase_name = "over"
            self.to_act, self.is_over = NOBODY_TO_ACT, True
            self.thrown_in = True
            redeal = Event("redeal", None, "everyone passed: the deal is thrown in and the next dealer deals",
                           scores=self._scores,
                           message=msg("everyone passed: the deal is thrown in and the next dealer deals"))
            self.log.append(redeal)
            return (event, redeal)
        passed = self.passed  # the next seat that has not passed (core.auction.next_active): one has not
        nxt = seat + 1 if seat < PLAYERS - 1 else 0
        while passed[nxt]:
            nxt = nxt + 1 if nxt < PLAYERS - 1 else 0
        self.turn = nxt
        self.to_act = TO_ACT[nxt]
        return (event,)

    def _end_auction(self) -> list[Event]:
        n, suit = (int(x) for x in BIDS[self.high].args)
        self.bid_n, self.trump = n, suit
        self.phase_name = "adjutant"
        self.turn = self.napoleon
        self.to_act = TO_ACT[self.napoleon]
        event = _contract_event(self.napoleon, n, suit)
        self.log.append(event)
        return [event]

    # -- the adjutant and the widow -----------------------------------------------------------------
    def _name(self, seat: int, action: Action) -> tuple[Event, ...]:
        card = int(action.args[0])
        if card == JOKER and not self.jokers:
            raise IllegalAction("there is no joker in play")
        self.adjutant_card = card
        nap = self.napoleon
        hands = self.hands
        events = [_named_event("adjutant", nap, card)]
        holder = -1
        for s in range(PLAYERS):
            if hands[s] >> card & 1:
                holder = s
                break
        if holder == nap:
            self.alone_known = True
            events.append(_named_event("alone", nap, card))
            holder = -1
        elif holder >= 0:
            events.append(_named_event("adjutant_told", holder, card))
        self.adjutant_seat = holder
        # Napoleon takes the widow at once: only he sees it.
        widow = self.widow
        self.widow_taken = True
        hands[nap] |= mask_of(widow)
        self.phase_name = "discard"
        events.append(_named_event("widow", nap, len(widow)))
        seen = ", ".join(map(card_name, widow))
        events.append(Event("widow_cards", nap, f"the widow held {seen}", visible_to=SEAT_SETS[nap],
                            data=(("cards", widow),), message=msg("the widow held {cards}", cards=CardsRef(widow))))
        if card in widow:
            self.alone_known = True
            events.append(_named_event("alone_widow", nap, card))
        self._privates = None  # the roles, the widow and "alone" are known now
        self.log.extend(events)
        return tuple(events)

    def _discard(self, seat: int, action: Action) -> tuple[Event, ...]:
        size = len(self.widow)
        cards: tuple[Card, ...] = action.args  # type: ignore[assignment]  # cards: the shape is checked
        hand = self.hands[seat]
        for c in cards:
            if not hand >> c & 1:
                raise IllegalAction(f"seat {seat} does not hold {card_name(c)}")
        self.hands[seat] = hand & ~mask_of(cards)
        self.discards = cards
        self._privates = None  # Napoleon's now include his discards
        face_up = self.face_up = tuple(c for c in cards if HONOURS >> c & 1)
        hidden = size - len(face_up)
        if hidden:
            events = [Event("discard_private", seat, f"you discarded {', '.join(map(card_name, cards))}",
                            visible_to=SEAT_SETS[seat], action=discard_action(cards).text,
                            message=msg("you discarded {cards}", cards=CardsRef(cards))),
                      _discard_event(seat, size, face_up, "")]
        else:
            events = [_discard_event(seat, size, face_up, discard_action(cards).text)]
        self.phase_name = "play"
        self.turn = self.napoleon
        self.to_act = TO_ACT[self.napoleon]
        self.log.extend(events)
        return tuple(events)

    # -- play ---------------------------------------------------------------------------------------
    def _play(self, seat: int, action: Action) -> tuple[Event, ...]:
        args = action.args
        card: Card = args[0]  # type: ignore[assignment]  # a card: the shape is checked
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(f"seat {seat} does not hold {card_name(card)}")
        trick = self.trick
        if trick:
            if len(args) != 1:
                raise IllegalAction("only a joker lead names a suit")
            if self.requested and hand & JOKER_BIT:
                allowed = JOKER_BIT
            else:
                follow = hand & SUIT_MASK[self.led]
                allowed = follow | (hand & JOKER_BIT) if follow else hand
            if not allowed >> card & 1:
                if self.requested and hand & JOKER_BIT:
                    raise IllegalAction(f"seat {seat} must play the joker: the club 3 requests it")
                raise IllegalAction(f"seat {seat} {refusal(hand, card, self.led, free=JOKER_BIT)}")
            self.hands[seat] = hand ^ BIT[card]
            trick.append(card)
            self.trick_seats.append(seat)
            if card == JOKER:
                self.joker_out = True
            if card != self.adjutant_card and len(trick) < PLAYERS:
                self.turn = nxt = NEXT_SEAT[seat]
                self.to_act = TO_ACT[nxt]
                played = PLAYED[seat][card]
                self.log.append(played[0])
                return played
            events = [PLAY_EVENTS[seat][card]]
        else:
            if card == JOKER:
                if len(args) != 2 or args[1] not in (0, 1, 2, 3):
                    raise IllegalAction("a joker lead must name a suit: play JK S, H, D or C")
            elif len(args) != 1:
                raise IllegalAction("only a joker lead names a suit")
            self.hands[seat] = hand ^ BIT[card]
            trick.append(card)
            self.trick_seats.append(seat)
            if card == JOKER:
                suit = int(args[-1])
                self.led = self.joker_suit = suit
                self.joker_out = True
                events = [JOKER_LEAD_EVENTS[seat][suit]]
            else:
                self.led = SUIT_OF[card]
                if card != CLUB_THREE and card != self.adjutant_card:  # a plain lead: one event, made once
                    self.turn = nxt = NEXT_SEAT[seat]
                    self.to_act = TO_ACT[nxt]
                    played = PLAYED[seat][card]
                    self.log.append(played[0])
                    return played
                events = [PLAY_EVENTS[seat][card]]
                if card == CLUB_THREE and self.request_on and not self.joker_out:
                    self.requested = True
                    events.append(JOKER_REQUEST_EVENTS[seat])
        if card == self.adjutant_card:
            self.revealed = True
            at = (seat * 53 + card) * 2 + (seat == self.napoleon)
            event = _REVEALS[at]
            if event is None:
                event = _REVEALS[at] = _reveal_event(seat, card, seat == self.napoleon)
            events.append(event)
        if len(trick) < PLAYERS:
            self.turn = nxt = NEXT_SEAT[seat]
            self.to_act = TO_ACT[nxt]
        else:
            self._finish_trick(events)
        self.log.extend(events)
        return tuple(events)

    def _finish_trick(self, events: list[Event]) -> None:
        """End the trick of five cards: its winner, honours and event (added to ``events``), the discards
        after the first trick, the settling after the last.

        Written to make few objects, since a random deal ends ten tricks: the trick's mask and the last
        trick's (seat, card) pairs come from tables, and the trick's event is found by a number made of
        what it says rather than by a tuple (a tuple's hash and comparison cost more, and
        every new tuple brings the next garbage collection closer).
        """
        trick = self.trick
        seats = self.trick_seats
        number = self.trick_number
        cards = BIT[trick[0]] | BIT[trick[1]] | BIT[trick[2]] | BIT[trick[3]] | BIT[trick[4]]  # five cards
        card, reason = trick_winner(cards, trick, self.led, self.trump, number, self.yoromeki, self.same_two,
                                    self.request_on)  # what self.rule says, from the mask
        won_by = seats[trick.index(card)]
        self.tricks_won[won_by] += 1
        gained = (cards & HONOURS).bit_count()
        self.honours[won_by] += gained
        self.last_trick = (PAIRS[seats[0]][trick[0]], PAIRS[seats[1]][trick[1]], PAIRS[seats[2]][trick[2]],
                           PAIRS[seats[3]][trick[3]], PAIRS[seats[4]][trick[4]])  # zip(seats, trick)
        key = (((won_by * 16 + number) * 64 + card) * 16 + _RULE_CODES[reason]) * 8 + gained
        event = _TRICK_EVENTS.get(key)
        if event is None:
            event = _trick_event(won_by, number, card, reason, gained)
            if len(_TRICK_EVENTS) >= _TRICK_EVENTS_LIMIT:
                _TRICK_EVENTS.clear()
            _TRICK_EVENTS[key] = event
        events.append(event)
        if number == 1 and self.discards:  # the beginner game has no discards
            self.discards_to = won_by
            extra = honour_count(mask_of(self.discards))
            self.honours[won_by] += extra
            events.append(_discards_taken(won_by, extra))
        self.trick, self.trick_seats = [], []
        self.led = self.joker_suit = -1
        self.requested = False
        self.turn = won_by
        self.to_act = TO_ACT[won_by]
        if self.trick_number == HAND_SIZE:
            events.append(self._settle())
            self.to_act, self.is_over = NOBODY_TO_ACT, True  # _settle (the beginner game's too) ended the deal
        else:
            self.trick_number += 1

    def side_honours(self) -> int:
        """Honours captured by Napoleon and the adjutant (the discards count for the trick-1 winner)."""
        total = self.honours[self.napoleon]
        if self.adjutant_seat >= 0:
            total += self.honours[self.adjutant_seat]
        return total

    def _settle(self) -> Event:
        nap, adj = self.napoleon, self.adjutant_seat
        got = self.side_honours()
        made = self.made = got >= self.bid_n
        scores = [0] * PLAYERS
        if adj < 0:
            for s in range(PLAYERS):
                scores[s] = (60 if s == nap else 0) if made else (0 if s == nap else 15)
        else:
            for s in range(PLAYERS):
                side = s in (nap, adj)
                scores[s] = (40 if s == nap else 20 if s == adj else 0) if made else (0 if side else 20)
        self.phase_name = "over"
        key = (nap, adj, got, self.bid_n, self.trump)  # the scores follow from these
        event = _SCORE_EVENTS.get(key)
        if event is None:
            team = f"seat {nap} alone" if adj < 0 else f"seat {nap} and the adjutant seat {adj}"
            verdict = "made" if made else "failed"
            text = f"{team} took {got} honours and {verdict} {bid_text(self.bid_n, self.trump)}"
            event = Event("score", nap, text, scores=tuple(scores),
                          message=_settle_message(nap, adj, got, made, bid_words(self.bid_n, self.trump)))
            if len(_SCORE_EVENTS) >= 20_000:
                _SCORE_EVENTS.clear()
            _SCORE_EVENTS[key] = event
        self._scores = event.scores  # type: ignore[assignment]  # the scores given just above
        return event

    # -- summaries and views ------------------------------------------------------------------------
    def roles(self, public: bool = True) -> dict[int, str]:
        """Seat roles: Napoleon once the auction is won, the adjutant once revealed; every role at the end
        (all of them now, with ``public=False``)."""
        if not public and self.napoleon >= 0:
            out = {s: "allies" for s in range(PLAYERS)}
            if self.adjutant_seat >= 0 and self.adjutant_card >= 0:
                out[self.adjutant_seat] = "adjutant"
            out[self.napoleon] = "napoleon"
            return out
        return public_roles(self)

    def summary(self) -> DealSummary:
        if self.thrown_in:
            return DealSummary(redeal=True, text="everyone passed: thrown in",
                               message=msg("everyone passed: thrown in"))
        if self.napoleon < 0 or self.trump < 0:
            return DealSummary()
        contract = bid_text(self.bid_n, self.trump)
        verdict = "" if self.made is None else (" made" if self.made else " failed")
        text = f"seat {self.napoleon} (Napoleon) bid {contract}{verdict}"
        if self.made is not None:
            text += f" ({self.side_honours()} honours)"
        seat, bid, got = SeatRef(self.napoleon), bid_words(self.bid_n, self.trump), self.side_honours()
        if self.made is None:
            message = msg("{seat} (Napoleon) bid {bid}", seat=seat, bid=bid)
        elif self.made:
            message = msg_n("{seat} (Napoleon) bid {bid} and made it ({n} honour)",
                            "{seat} (Napoleon) bid {bid} and made it ({n} honours)", got, seat=seat, bid=bid)
        else:
            message = msg_n("{seat} (Napoleon) bid {bid} and failed ({n} honour)",
                            "{seat} (Napoleon) bid {bid} and failed ({n} honours)", got, seat=seat, bid=bid)
        return DealSummary(self.napoleon, contract, self.made, False, text, self.roles(), message)

    def contract_text(self) -> Message:
        """The header line: Napoleon, the bid and trumps, and the named card."""
        return contract_text(self)

    def table(self) -> dict[str, object]:
        """The public table facts (see the module docs for what stays hidden)."""
        return napoleon_table(self)

    @property
    def widow_size(self) -> int:
        """The widow's cards still on the table (public)."""
        return 0 if self.widow_taken else len(self.widow)

    @property
    def discarded(self) -> int:
        """How many cards Napoleon has discarded (public; which ones, only the face-up honours say)."""
        return len(self.discards)

    @property
    def shown_adjutant(self) -> int:
        """The adjutant's seat once everyone knows it (the named card played, or the deal over), else -3."""
        return self.adjutant_seat if self.revealed or self.phase_name == "over" else UNKNOWN

    def private(self, seat: int) -> dict[str, object]:
        """What only ``seat`` has been told: its role, and for Napoleon the widow, discards, "alone"."""
        if self.adjutant_card < 0:
            return {}
        if seat == self.napoleon:
            out: dict[str, object] = {"role": "napoleon", "widow": self.widow}
            if self.discards:
                out["discards"] = self.discards
            if self.alone_known:
                out["alone"] = True
            return out
        if seat == self.adjutant_seat:
            return {"role": "adjutant", "adjutant": True, "text": "you are the adjutant"}
        return {"role": "allies"}

    def view(self, seat: int) -> View:
        # ``legal`` is the list ``legal_actions`` gives, lazy in the discard (``DiscardChoices``, an
        # immutable value of hundreds of choices): a view hands it out as it is, made only when read.
        # In the play a view makes no facts object: ``core.views.secret_view``.
        return secret_view(self, self.facts_class, seat, self.hands[seat], self.legal_actions(seat),
                           self.private_mapping(seat))

    def public_view(self) -> View:
        return secret_view(self, self.facts_class, PUBLIC_SEAT, 0, (), EMPTY)

    def window(self, seat: int) -> View:
        return live_view(self, seat, self.hands[seat], self.legal_actions(seat), self.private_mapping(seat),
                         table=self.table_fields)

    def private_mapping(self, seat: int) -> Mapping[str, object]:
        """``private(seat)`` as a read-only mapping, made for every seat at once and kept until naming the
        adjutant or the discard changes one (a view is made at every decision; these change twice a deal)."""
        privates = self._privates
        if privates is None:
            privates = self._privates = tuple(frozen(self.private(s)) for s in range(PLAYERS))
        return privates[seat]

    game = "napoleon"
    table_fields: ClassVar[Mapping[str, Callable[[NapoleonPublic], object]]]
    """The table's entries, each built when read in a window (the beginner game has its own)."""

    def seats(self) -> tuple[SeatInfo, ...]:
        """The public facts of every seat, from the live state (``View.seats``)."""
        return napoleon_seats(self)

    def clone(self) -> NapoleonState:
        other = shallow_copy(self)
        other.hands = list(self.hands)
        other.passed = list(self.passed)
        other.bids = list(self.bids)
        other.trick = list(self.trick)
        other.trick_seats = list(self.trick_seats)
        other.tricks_won = list(self.tricks_won)
        other.honours = list(self.honours)
        other.log = list(self.log)
        return other


UNKNOWN: Final = -3
"""``shown_adjutant`` while the public does not know who the adjutant is."""


class NapoleonPublic(Protocol):
    """The public attributes the table is built from: a ``NapoleonState`` has them, and ``NapoleonFacts``."""

    phase_name: str
    high: int
    napoleon: int
    bid_n: int
    trump: int
    adjutant_card: int
    revealed: bool
    trick_number: int
    last_trick: tuple[tuple[int, Card], ...]
    face_up: tuple[Card, ...]
    discards_to: int
    joker_suit: int
    requested: bool
    same_two: bool
    thrown_in: bool
    options: Options

    @property
    def shown_adjutant(self) -> int: ...
    @property
    def widow_size(self) -> int: ...
    @property
    def discarded(self) -> int: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def trick_seats(self) -> Sequence[int]: ...
    @property
    def bids(self) -> Sequence[tuple[int, tuple[int, int] | None]]: ...
    @property
    def passed(self) -> Sequence[bool]: ...
    @property
    def honours(self) -> Sequence[int]: ...
    @property
    def tricks_won(self) -> Sequence[int]: ...


def public_roles(src: NapoleonPublic) -> dict[int, str]:
    """What everyone knows of the roles: Napoleon once the auction is won, the adjutant once revealed,
    every role at the end."""
    if src.napoleon < 0 or src.phase_name == "bidding":
        return {}
    if src.phase_name == "over":
        out = {s: "allies" for s in range(PLAYERS)}
        if src.shown_adjutant >= 0 and src.adjutant_card >= 0:
            out[src.shown_adjutant] = "adjutant"
        out[src.napoleon] = "napoleon"
        return out
    out = {src.napoleon: "napoleon"}
    if src.revealed and src.shown_adjutant >= 0:
        out[src.shown_adjutant] = "adjutant"
    return out


def contract_text(src: NapoleonPublic) -> Message:
    """The header line: Napoleon, the bid and trumps, and the named card."""
    return _contract_words(src.thrown_in, src.trump, src.high, src.napoleon, src.bid_n, src.adjutant_card)


@lru_cache(maxsize=4096)
def _contract_words(thrown_in: bool, trump: int, high: int, napoleon: int, bid_n: int, adjutant_card: int) -> Message:
    """``contract_text`` from the facts it depends on, made once for each (messages are immutable values)."""
    if thrown_in:
        return msg_p("header", "thrown in")
    if trump < 0:
        if high < 0:
            return msg_p("header", "bidding")
        n, s = BIDS[high].args
        return msg("bidding: {bid} by {seat}", bid=bid_words(int(n), int(s)), seat=SeatRef(napoleon))
    seat, bid = SeatRef(napoleon), bid_words(bid_n, trump)
    if adjutant_card >= 0:
        return msg("{seat}: Napoleon, {bid}; adjutant: {card}", seat=seat, bid=bid, card=CardRef(adjutant_card))
    return msg("{seat}: Napoleon, {bid}", seat=seat, bid=bid)


def _shown_adjutant(src: NapoleonPublic) -> int | None:
    """The adjutant's seat as the table shows it: once the named card is played, or at the end."""
    adjutant = src.shown_adjutant
    if src.revealed and adjutant < 0:
        return src.napoleon  # Napoleon played the card he named: everyone saw it
    return adjutant if (src.revealed or src.phase_name == "over") and adjutant >= 0 else None


TABLE_FIELDS: Final[dict[str, Callable[[NapoleonPublic], object]]] = {
    "contract_text": lambda src: contract_text(src),
    "declarer": lambda src: src.napoleon if src.trump >= 0 else None,
    "trump": lambda src: src.trump,
    "trick": lambda src: tuple(zip(src.trick_seats, src.trick, strict=True)),
    "last_trick": lambda src: src.last_trick,
    "trick_number": lambda src: src.trick_number,
    "bid": lambda src: None if src.high < 0 else (int(BIDS[src.high].args[0]), int(BIDS[src.high].args[1])),
    "bids": lambda src: tuple(src.bids),
    "high_bidder": lambda src: src.napoleon if src.high >= 0 else None,
    "passed": lambda src: tuple(s for s in range(PLAYERS) if src.passed[s]),
    "adjutant_card": lambda src: src.adjutant_card if src.adjutant_card >= 0 else None,
    "adjutant": _shown_adjutant,
    "alone": lambda src: (src.shown_adjutant < 0) if src.phase_name == "over" and src.trump >= 0 else None,
    "widow_size": lambda src: src.widow_size,
    "discarded": lambda src: src.discarded,
    "face_up_discards": lambda src: src.face_up,
    "discards_to": lambda src: src.discards_to if src.discards_to >= 0 else None,
    "honours": lambda src: tuple(src.honours),
    "joker_suit": lambda src: src.joker_suit if src.joker_suit >= 0 else None,
    "joker_requested": lambda src: src.requested,
    "trump_jack": lambda src: TRUMP_JACK[src.trump] if src.trump >= 0 else None,
    "same_colour_jack": lambda src: SAME_COLOUR_JACK[src.trump] if src.trump >= 0 else None,
    "same_two_active": lambda src: src.same_two and src.trick_number > 1,
}
"""Each entry of a Napoleon deal's ``View.table`` (see the module docs for what stays hidden), built from
the public facts or the live state: all at once for a view, each when read for a window."""


def napoleon_table(src: NapoleonPublic) -> dict[str, object]:
    """``View.table`` of a Napoleon deal."""
    return {key: build(src) for key, build in TABLE_FIELDS.items()}


def napoleon_seats(src: NapoleonPublic) -> tuple[SeatInfo, ...]:
    """``View.seats``: cards held, tricks, the public roles, honours taken and who has passed.

    Every seat plays one card to each trick; Napoleon holds the widow too between taking it and discarding.
    """
    roles = public_roles(src)
    played = sum(src.tricks_won)
    out = []
    for s in range(PLAYERS):
        held = HAND_SIZE - played - (s in src.trick_seats)
        if s == src.napoleon and src.phase_name == "discard":
            held += widow_size(src.options)  # the widow, taken and not yet discarded
        out.append(SeatInfo(s, held, src.tricks_won[s], roles.get(s),
                            MappingProxyType({"honours": src.honours[s], "passed": src.passed[s]})))
    return tuple(out)


NapoleonState.table_fields = TABLE_FIELDS


def _phases(widow: int) -> dict[str, Phase]:
    """What each phase accepts, with ``widow`` cards in the widow (and so in the discard)."""
    card = "<card>, or JK <suit> for a joker lead"
    return {
        "bidding": Phase("must bid or pass now", {
            "pass": (Verb("pass"), NapoleonState._bid),
            "bid": (Verb("bid", (number(1, TOP_BID, "a number of honours"), SUIT), "bid <honours 1..20> <suit>"),
                    NapoleonState._bid),
        }),
        "adjutant": Phase("(Napoleon) must name the adjutant's card now", {
            "adjutant": (Verb("adjutant", (CARD_OR_JOKER,), "adjutant <card>"), NapoleonState._name),
        }),
        "discard": Phase(f"(Napoleon) must discard {widow} cards now", {
            "discard": (Verb("discard", (CARD_OR_JOKER,), f"discard <exactly {widow} different cards>",
                             fewest=widow, most=widow, distinct=True), NapoleonState._discard),
        }),
        "play": Phase("must play a card now", {
            "play": (Verb("play", (CARD_OR_JOKER, SUIT), f"play {card}", fewest=1, most=2), NapoleonState._play),
        }),
    }


PHASES: Final = {3: _phases(3), 2: _phases(2)}
"""The phase tables by widow size (3 cards with the joker, 2 without)."""


def new_napoleon_deal(options: Options, dealer: int, rng: random.Random | None,
                      hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None) -> NapoleonState:
    """Shuffle and deal one card at a time clockwise from the dealer's left, or check the given cards."""
    jokers = _settings(options)[4]
    deck = list(_DECKS[jokers])  # deck_for(options)
    size = 3 if jokers else 2  # widow_size(options)
    if hands is None:
        if rng is None:
            raise InvalidDeal("a new deal needs a random generator or the hands")
        shuffle(deck, rng)
        first = (dealer + 1) % PLAYERS
        dealt: list[list[Card]] = [[] for _ in range(PLAYERS)]
        for i in range(PLAYERS):
            dealt[(first + i) % PLAYERS] = deck[i:PLAYERS * HAND_SIZE:PLAYERS]
        return state_class(options)(options, dealer, dealt, deck[PLAYERS * HAND_SIZE:])
    if len(hands) != PLAYERS:
        raise InvalidDeal(f"expected {PLAYERS} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise InvalidDeal(f"seat {seat} holds {len(hand)} cards, not {HAND_SIZE}")
    widow = list(stock or [])
    if len(widow) != size:
        raise InvalidDeal(f"the widow (stock) holds {len(widow)} cards, not {size}")
    every = [c for h in hands for c in h] + widow
    in_deck = set(deck)
    for card in every:
        if card not in in_deck:
            raise InvalidDeal(f"{card_text(card)} is not in the pack in use")
    if len(set(every)) != len(every):
        raise InvalidDeal("a card is dealt twice")
    return state_class(options)(options, dealer, [tuple(h) for h in hands], widow)  # copies: setup() reads them later


def state_class(options: Options) -> type[NapoleonState]:
    """The deal's class: the full game, or the beginner game (option ``beginner``)."""
    if options.flag("beginner"):
        from .beginner import BeginnerState

        return BeginnerState
    return NapoleonState


def _discard_message(seat: int, size: int, face_up: Sequence[Card], hidden: int) -> Message:
    """``seat N discarded 3 cards: face up ...; 2 face down`` without a language."""
    if not face_up:
        return msg("{seat} discarded {size} cards: no honours face up; {hidden} face down", seat=SeatRef(seat),
                   size=size, hidden=hidden)
    return msg("{seat} discarded {size} cards: face up {cards}; {hidden} face down", seat=SeatRef(seat),
               size=size, cards=CardsRef(tuple(face_up)), hidden=hidden)


def _settle_message(nap: int, adjutant: int, got: int, made: bool, bid: Message) -> Message:
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
