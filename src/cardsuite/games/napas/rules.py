"""Napas (Lithuanian Nap, 2-6 players, 5-card hands): options, deal, auction, trumps, exchange, play, scoring.

Follows ``docs/rules/napas.md``. Seats are ints, play goes clockwise (increasing seat number). The
phases are ``bidding``, ``trump`` (the declarer names trumps; skipped in the zero game), ``exchange``,
``play`` and ``over``.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from types import MappingProxyType
from typing import Any, Final, NamedTuple, Protocol, cast

from ...cards import (
    BIT,
    RANK_OF,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    Card,
    CardError,
    card_name,
    card_text,
    cards_in,
    mask_of,
    parse_card,
    parse_suit,
    ranked_deck,
)
from ...core import turns
from ...core.auction import BidLadder, one_round_order
from ...core.choices import DiscardChoices
from ...core.errors import IllegalAction, InvalidDeal
from ...core.exchange import ExchangeRound, discard_choices
from ...core.game import PUBLIC_SEAT, Action, DealSetup, DealSummary, Event, SeatInfo, View
from ...core.intern import interned_event
from ...core.message import Message, SeatRef, SuitRef, msg, msg_n, msg_np, msg_p
from ...core.native import mypyc_attr, shallow_copy
from ...core.options import Options, OptionSpec
from ...core.tricks import HIGHEST, HIGHEST_TRUMP, lead_refusal, refusal
from ...core.turns import TurnState
from ...core.verbs import CARD, Phase, Verb, word
from ...core.views import EMPTY, ReplayFacts, frozen, live_view, secret_view
from ..plays import (
    PLAY_ACTIONS,
    PLAY_EVENT_TUPLES,
    PLAY_EVENTS,
    PLAYS_OF_MASK,
    SUIT_PLAYS,
    play_actions,
    suit_by_suit,
    suit_plays,
    summary_message,
    trick_message,
)

SEAT_SETS: Final = turns.SEAT_SETS
NOBODY: Final = turns.NOBODY
"""``core.turns``'s, as ``Final`` names of this module: compiled (mypyc), a ``Final`` module global is a C
global, where any other is a look-up in the module's dictionary at each use (``core.turns`` is not
compiled). The tables below are ``Final`` for the same reason: they are filled and cleared, never rebound."""
HAND_SIZE: Final = 5
MAX_DEALS: Final = 100
"""A safety stop: the match also ends after this many deals (the highest total wins), since scores may fall
without end and nobody might ever reach the target."""
ZERO: Final = "0"
TOP: Final = "5"
LADDER: Final = BidLadder(("1", "2", "3", ZERO, "4", TOP))
BID_NAMES: Final = {"1": "1 trick", "2": "2 tricks", "3": "3 tricks", ZERO: "the zero game",
                    "4": "4 tricks", TOP: "5 tricks"}

OPTIONS: Final = (
    OptionSpec("target", 20, "The match ends after the deal in which a player's total reaches this score.",
               minimum=1),
    OptionSpec("deck", "auto", "Cards used: auto (32 for 2-4 players, 52 for 5-6), or always 32 or 52.",
               choices=("auto", "32", "52")),
    OptionSpec("turn_timer", 0, "Seconds a person has for a turn (0: no limit); then the CPU plays it.",
               choices=(0, 30, 60)),
)

def bid_words(bid: str) -> Message:
    """A Napas bid in words: "the zero game", or a number of tricks."""
    if bid == ZERO:
        return msg_p("Napas bid", "the zero game")
    return msg_np("Napas bid", "{n} trick", "{n} tricks", int(bid))


CARD_TEXTS: Final = tuple(card_text(c) for c in range(52))
CARD_NAMES: Final = tuple(card_name(c) for c in range(52))
PASS: Final = Action("pass", (), "pass")
BID_ACTIONS: Final = {b: Action("bid", (b,), f"bid {b}") for b in LADDER.bids}
TRUMP_ACTIONS: Final = tuple(Action("trump", (SUIT_LETTERS[s],), f"trump {SUIT_LETTERS[s]}") for s in SUITS)
BID_EVENTS: Final = tuple(
    {b: Event("bid", seat, f"seat {seat} bid {BID_NAMES[b]}", action=f"bid {b}",
              message=msg("{seat} bid {bid}", seat=SeatRef(seat), bid=bid_words(b))) for b in LADDER.bids}
    for seat in range(6)
)
PASS_EVENTS: Final = tuple(Event("pass", seat, f"seat {seat} passed", action="pass",
                                 message=msg("{seat} passed", seat=SeatRef(seat))) for seat in range(6))
LEGAL_BIDS: Final = {
    high: (PASS, *(BID_ACTIONS[b] for b in LADDER.above(high))) for high in (None, *LADDER.bids)
}

_EXCHANGE_ACTIONS: Final[dict[int, Action]] = {}
_EXCHANGE_GET: Final = _EXCHANGE_ACTIONS.__getitem__
_EXCHANGE_OF_ID: Final[dict[int, tuple[int, Action]]] = {}
"""Each interned exchange action's discard mask, by the action's ``id``: see ``NapasState.apply``."""


def exchange_action(discard: int) -> Action:
    """The ``exchange`` action putting away the cards of ``discard`` (no cards: keep the hand).

    Interned up to four cards (about 41,000 actions with 32 cards); whole-hand exchanges are made afresh,
    but are still put in ``_EXCHANGE_OF_ID`` (bounded), so that ``apply`` takes the short way with them too
    (not more than five cards, which only a typed action can ask for: the preamble refuses those).
    """
    found = _EXCHANGE_ACTIONS.get(discard)
    if found is None:
        cards = tuple(cards_in(discard))
        found = Action("exchange", cards, " ".join(["exchange", *[CARD_TEXTS[c] for c in cards]]))
        if len(_EXCHANGE_ACTIONS) > 60_000 or len(_EXCHANGE_OF_ID) > 150_000:
            _EXCHANGE_ACTIONS.clear()
            _EXCHANGE_OF_ID.clear()
        if len(cards) < HAND_SIZE:
            _EXCHANGE_ACTIONS[discard] = found
        if len(cards) <= HAND_SIZE:  # more cards (parsed text) are malformed: the preamble says so
            _EXCHANGE_OF_ID[id(found)] = (discard, found)  # holds the action, so its id is not reused
    return found


def exchange_actions(hand: int, limit: int) -> tuple[Action, ...]:
    """Every exchange of at most ``limit`` cards of ``hand``: keeping the hand first, then by size.

    ``legal_actions`` (and so a view's ``legal``) gives the same actions as a ``DiscardChoices``, which
    makes only those it is asked for; this is their tuple."""
    masks = discard_choices(hand, limit)
    try:
        if masks[-1].bit_count() == HAND_SIZE:  # whole-hand exchanges are not interned
            return (*map(_EXCHANGE_GET, masks[:-1]), exchange_action(masks[-1]))
        return tuple(map(_EXCHANGE_GET, masks))
    except KeyError:
        get = _EXCHANGE_ACTIONS.get
        return tuple([get(m) or exchange_action(m) for m in masks])


_PLAY_OF_ID: Final = {id(action): card for card, action in enumerate(PLAY_ACTIONS)}
_BID_OF_ID: Final[dict[int, str | None]] = {id(PASS): None, **{id(a): bid for bid, a in BID_ACTIONS.items()}}
_TRUMP_OF_ID: Final = {id(action): suit for suit, action in zip(SUITS, TRUMP_ACTIONS, strict=True)}
"""The card, bid (``None``: pass) or suit of each of this game's own actions, by the action's ``id``: they
live as long as the module, so no other object can have their id (see ``NapasState.apply``)."""
_MASK_OF_SUIT: Final = (*SUIT_MASK, 0)
"""``SUIT_MASK`` with a fifth entry, read as ``[-1]``: no trumps, no cards."""


_LADDER_RANK: Final[dict[str | None, int]] = {None: -1, **{bid: LADDER.rank(bid) for bid in LADDER.bids}}
"""Each bid's place on the ladder (``None``, no bid yet, below them all)."""
_CLOCKWISE: Final[dict[tuple[int, int], tuple[int, ...]]] = {}


def clockwise(first: int, players: int) -> tuple[int, ...]:
    """Every seat once, clockwise from ``first``: the bidding order (from the dealer's left) and the
    exchange order (from the declarer), as ``one_round_order`` and ``exchange_order`` give them; made
    once for each pair, in ``_CLOCKWISE``."""
    found = _CLOCKWISE.get((first, players))
    if found is None:
        found = _CLOCKWISE[(first, players)] = one_round_order(first, players)
    return found


_TRUMP_EVENTS: Final = tuple(
    tuple(Event("trump", seat, f"seat {seat} named {SUIT_NAMES[suit]} trumps", action=TRUMP_ACTIONS[suit].text,
                data=(("trump", suit),),
                message=msg("{seat} named {suit} trumps", seat=SeatRef(seat), suit=SuitRef(suit)))
          for suit in SUITS)
    for seat in range(6)
)
"""``_TRUMP_EVENTS[seat][suit]``: ``seat N named spades trumps``."""
_CONTRACT_EVENTS: Final[dict[tuple[int, str], Event]] = {}
_DONE_EVENTS: Final[dict[int, Event]] = {}
_SCORE_EVENTS: Final[dict[tuple[int, str, int, int], Event]] = {}
_TRICK_EVENTS: Final[dict[int, Event]] = {}
"""The events of a deal's milestones, made the first time each is needed (by the functions below) and
shared after: an ``Event`` is an immutable value, and making one costs more than the rule it reports."""


def _contract_event(declarer: int, high: str) -> Event:
    """``seat N is the declarer with 3 tricks``."""
    event = _CONTRACT_EVENTS[(declarer, high)] = Event(
        "contract", declarer, f"seat {declarer} is the declarer with {BID_NAMES[high]}", data=(("contract", high),),
        message=msg("{seat} is the declarer with {bid}", seat=SeatRef(declarer), bid=bid_words(high)))
    return event


def _exchange_done_event(left: int) -> Event:
    """``the exchange is over: N cards left in the stock``."""
    event = _DONE_EVENTS[left] = Event(
        "exchange-done", None, f"the exchange is over: {left} cards left in the stock", data=(("stock", left),),
        message=msg_n("the exchange is over: {n} card left in the stock",
                      "the exchange is over: {n} cards left in the stock", left))
    return event


def _trick_event(winner: int, card: Card, ruffed: bool) -> Event:
    """``seat N won the trick with the ... (highest trump)``."""
    reason = HIGHEST_TRUMP if ruffed else HIGHEST[SUIT_OF[card]]
    event = _TRICK_EVENTS[(winner * 64 + card) * 2 + ruffed] = Event(
        "trick", winner, f"seat {winner} won the trick with {CARD_NAMES[card]} ({reason})",
        card=card, winner=winner, rule=reason, message=trick_message(winner, card, reason))
    return event


def _score_event(declarer: int, high: str, taken: int, players: int) -> Event:
    """``seat N made 3 tricks with 4 tricks: +7``, with every seat's score change (the declarer's alone)."""
    change = deal_points(high, taken)
    made = taken == 0 if high == ZERO else taken >= int(high)
    text = (f"seat {declarer} {'made' if made else 'failed'} {BID_NAMES[high]} with {taken}"
            f" trick{'s' if taken != 1 else ''}: {change:+d}")
    event = _SCORE_EVENTS[(declarer, high, taken, players)] = Event(
        "score", declarer, text, scores=tuple(change if s == declarer else 0 for s in range(players)),
        message=_score_message(declarer, high, taken, made, change))
    return event


_DECKS: Final = {32: tuple(ranked_deck(7)), 52: tuple(ranked_deck(2))}


def deck_size(players: int, options: Options) -> int:
    """How many cards are in use (32 or 52), by the ``deck`` option and the player count."""
    choice = options.text("deck")
    if choice == "auto":
        return 32 if players <= 4 else 52
    return 32 if choice == "32" else 52


def deck_for(players: int, options: Options) -> list[Card]:
    """The cards in use: 32 (A down to 7) or 52, by the ``deck`` option and the player count."""
    return list(_DECKS[deck_size(players, options)])


def deal_points(bid: str, taken: int) -> int:
    """The declarer's score for ``bid`` with ``taken`` tricks: b + t if made, else -(2b - t); 5 adds 5 more
    either way; the zero game scores +7 with no trick, else -5."""
    if bid == ZERO:
        return 7 if taken == 0 else -5
    b = int(bid)
    bonus = 5 if b == 5 else 0
    if taken >= b:
        return b + taken + bonus
    return -(2 * b - taken) - bonus


def parse_napas_action(text: str) -> Action:
    """``pass``, ``bid <n>``, ``trump <suit>``, ``exchange <cards...>`` or ``play <card>``."""
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    if verb == "pass" and len(words) == 1:
        return PASS
    if verb == "bid" and len(words) == 2:
        if words[1] in BID_ACTIONS:
            return BID_ACTIONS[words[1]]
        raise ValueError(f"unknown bid {words[1]!r} (1, 2, 3, 0, 4 or 5)")
    if verb == "trump" and len(words) == 2:
        return TRUMP_ACTIONS[parse_suit(words[1])]
    if verb == "exchange":
        cards = [parse_card(w) for w in words[1:]]
        if len(set(cards)) != len(cards):
            raise ValueError("a card is listed twice")
        if any(c >= 52 for c in cards):
            raise ValueError("Napas has no joker")
        return exchange_action(mask_of(cards))
    if verb == "play" and len(words) == 2:
        card = parse_card(words[1])
        if card >= 52:
            raise ValueError("Napas has no joker")
        return PLAY_ACTIONS[card]
    raise ValueError("expected pass, bid <n>, trump <suit>, exchange <cards...> or play <card>")


@mypyc_attr(serializable=True)  # clone() makes one without __init__, compiled or not
class NapasState(TurnState):
    """One deal of Napas.

    ``to_act`` and ``is_over`` are attributes here, kept up to date wherever the turn or the phase changes,
    rather than ``TurnState``'s properties: every caller reads both before every action (a random
    playout, the match, search), and a property is a call each time.

    ``players``, ``options``, ``turn``, ``phase_name`` and ``phases`` are declared again here, as they are
    in ``State`` and ``TurnState``: no change when interpreted, but compiled (mypyc), an attribute first
    declared in a class that is not compiled lives in the instance's ``__dict__``, and each read is a
    dictionary look-up; declared here, they are fields of the compiled class (``apply`` reads the turn and
    the phase at every action; a tenth of a compiled deal).
    """

    to_act: frozenset[int] = NOBODY
    is_over: bool = False
    players: int
    options: Options
    turn: int
    phase_name: str
    phases: Mapping[str, Phase]
    _exchange_facts: ExchangeFacts | None = None  # ``exchange``, made when first asked after each change
    _privates: dict[int, Mapping[str, object]] | None = None  # each seat's ``View.private``, made once

    def __init__(self, players: int, options: Options, dealer: int, hands: Sequence[Sequence[Card]],
                 stock: Sequence[Card], own_lists: bool = False) -> None:
        """A deal of ``hands`` and ``stock``. ``own_lists``: the caller hands over lists nobody else will
        change, so the ``DealSetup`` is made from them only when asked for (random playouts never ask)."""
        self.players = players
        self.options = options
        self.dealer = dealer
        if own_lists:
            self._setup_parts = (dealer, hands, stock)
        else:
            self._setup = DealSetup(dealer, tuple(tuple(h) for h in hands), tuple(stock))
        self.hands = [mask_of(h) for h in hands]
        first = (dealer + 1) % players
        self.order = order = _CLOCKWISE.get((first, players)) or clockwise(first, players)
        self.bids: list[tuple[int, str | None]] = []
        self.turn = order[0]
        self.to_act = SEAT_SETS[order[0]]
        self.put_away: list[tuple[Card, ...]] = [()] * players  # each seat's exchange, told to it alone
        self.drawn: list[tuple[Card, ...]] = [()] * players
        self.taken = [0] * players
        self.log: list[Event] = []
        self._scores: tuple[int, ...] = (0,) * players
        self.phase_name = "bidding"
        self.speaker = 0  # index into order while bidding
        self.high: str | None = None
        self.declarer = -1
        self.trump = -1
        self.round: ExchangeRound | None = None
        self.led = -1
        self.trick: tuple[Card, ...] = ()
        self.trick_leader = -1  # who led the trick in progress (``trick_seats`` follow clockwise)
        self.trick_number = 1
        self.last_cards: tuple[Card, ...] = ()
        self.last_seats: tuple[int, ...] = ()
        self.best = -1  # index in the trick of the card winning it so far
        self.best_key = -1  # its power: 100 + rank for a trump, the rank for the led suit
        self.thrown_in = False
        self.phases = PHASES

    # -- the contract -------------------------------------------------------------------------------
    @property
    def stock(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first."""
        return self.round.remaining_stock if self.round is not None else self.setup().stock

    @property
    def stock_size(self) -> int:
        """How many cards the stock still holds (public)."""
        round_ = self.round
        if round_ is not None:
            return len(round_.stock) - round_.drawn
        return len(self._setup.stock) if self._setup is not None else len(self._setup_parts[2])  # type: ignore[index]

    @property
    def exchange(self) -> ExchangeFacts | None:
        """The public facts of the exchange, once it has begun (made once per exchange: every view's
        ``NapasFacts`` reads them)."""
        round_ = self.round
        if round_ is None:
            return None
        facts = self._exchange_facts
        if facts is None:
            facts = self._exchange_facts = ExchangeFacts(len(round_.discards), round_.cap,
                                                         tuple(round_.counts.items()))
        return facts

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats that have played to the trick in progress, in order: clockwise from its leader."""
        played = len(self.trick)
        if not played:
            return ()
        return clockwise(self.trick_leader, self.players)[:played]

    def zones(self) -> dict[str, tuple[Card, ...]]:
        out = {f"hand {s}": tuple(cards_in(self.hands[s])) for s in range(self.players)}
        out["stock"] = self.stock
        out["discards"] = tuple(self.round.discards) if self.round is not None else ()
        setup = self.setup()
        elsewhere = {c for cards in out.values() for c in cards}
        out["played"] = tuple(c for c in (*(c for hand in setup.hands for c in hand), *setup.stock)
                              if c not in elsewhere)
        return out

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """The seat's legal actions: a tuple, except during the exchange, where it is a ``DiscardChoices``
        (up to 32 sets of cards, each action made only when it is indexed)."""
        if seat != self.turn:
            return ()
        phase = self.phase_name
        if phase == "play":
            hand = self.hands[seat]
            led = self.led
            if led >= 0:  # follow suit, else trump, else anything: one suit's plays come from SUIT_PLAYS
                ranks = hand >> 13 * led & 8191
                if ranks:
                    return SUIT_PLAYS[led][ranks] or suit_plays(led, ranks)
                trump = self.trump
                if trump >= 0:
                    ranks = hand >> 13 * trump & 8191
                    if ranks:
                        return SUIT_PLAYS[trump][ranks] or suit_plays(trump, ranks)
                mask = hand
            elif self.trick_number == 1:  # the opening lead: a trump if the declarer holds one
                mask = hand & _MASK_OF_SUIT[self.trump]
                if not mask:  # the whole five-card hand: seldom seen twice, so not kept in PLAYS_OF_MASK
                    return suit_by_suit(hand)
            else:
                mask = hand
            return PLAYS_OF_MASK.get(mask) or play_actions(mask)
        if phase == "bidding":
            return LEGAL_BIDS[self.high]
        if phase == "exchange":
            assert self.round is not None
            # a registered Sequence, which mypy cannot see (``core.choices``); the cast costs nothing
            return cast(Sequence[Action], DiscardChoices(self.hands[seat], self.round.limit(seat), exchange_action))
        if phase == "trump":
            return TRUMP_ACTIONS
        return ()

    def apply(self, seat: Any, action: Action) -> tuple[Event, ...]:
        """``TurnState.apply``, with a short way in for this game's own actions, and the play rule itself.

        ``seat`` is ``Any``: compiled by mypyc, an ``int`` parameter would raise ``TypeError`` for a seat
        that is not a whole number before the preamble could refuse it with ``IllegalAction`` (as Napoleon's).
        Once it is known to be an ``int`` (``type``, not ``isinstance``: ``True`` is not a seat), it is read
        as the ``int`` local ``me``, which mypyc keeps as a C integer (an ``Any`` is an object: each use
        would be a generic call).

        Almost every action a caller passes is one of this game's own, made once: ``PLAY_ACTIONS``, the
        bids, the trumps and the interned exchanges (what ``legal_actions`` and ``parse_action`` hand
        out). Such an object, found by its ``id`` in the table of the verb the phase takes, is known to be
        well formed, so only the seat and the rules remain to be checked: it goes straight to the rule
        (``_exchange_mask``, ``_bid_value``, ``_trump_suit``), which refuses it just as the handler would.
        (Each table holds its actions, so no other object can have one of their ids.) Anything else, and
        any seat whose turn it is not, goes through the shared preamble, which gives each refusal its words.

        Playing a card, 20 of a four-player deal's 28 actions, is written out here rather than called:
        follow suit, else trump; the opening lead must be a trump if the hand holds one. ``_play``, the
        handler for any other well-formed play action, comes back here with the interned action.
        """
        if type(seat) is int and seat == self.turn:
            me: int = seat
            phase = self.phase_name
            if phase == "play":
                card = _PLAY_OF_ID.get(id(action), -1)
                if card >= 0:
                    hand = self.hands[me]
                    if not hand >> card & 1:
                        raise IllegalAction(f"seat {me} does not hold {card_text(card)}")
                    suit = SUIT_OF[card]
                    trump = self.trump
                    led = self.led
                    if led >= 0:
                        if suit != led and (hand & SUIT_MASK[led] or (suit != trump and hand & _MASK_OF_SUIT[trump])):
                            raise IllegalAction(f"seat {me} {refusal(hand, card, led, trump, True)}")
                        key = 100 + RANK_OF[card] if suit == trump else (RANK_OF[card] if suit == led else -1)
                        if key > self.best_key:
                            self.best, self.best_key = len(self.trick), key
                    else:
                        if self.trick_number == 1 and suit != trump and hand & _MASK_OF_SUIT[trump]:
                            why = lead_refusal(hand, card, trump, "the opening lead", f"a trump ({SUIT_NAMES[trump]})")
                            raise IllegalAction(f"seat {me}: {why}")
                        self.led = suit
                        self.trick_leader = me
                        self.best, self.best_key = 0, (100 + RANK_OF[card] if suit == trump else RANK_OF[card])
                    self.hands[me] = hand ^ BIT[card]
                    self.trick = trick = self.trick + (card,)
                    if len(trick) < self.players:
                        played = PLAY_EVENT_TUPLES[me][card]
                        self.log.append(played[0])
                        self.turn = turn = me + 1 if me + 1 < self.players else 0
                        self.to_act = SEAT_SETS[turn]
                        return played
                    # The trick is full: score it here (the winner was tracked card by card, as
                    # ``standard_winner`` rules), rather than in a method of its own, one call fewer a trick.
                    play_event = PLAY_EVENTS[me][card]
                    self.last_cards = trick
                    leader, players = self.trick_leader, self.players
                    seats = self.last_seats = _CLOCKWISE.get((leader, players)) or clockwise(leader, players)
                    best = self.best
                    winner = seats[best]
                    top = trick[best]
                    self.taken[winner] += 1
                    ruffed = self.best_key > 100 and self.led != trump
                    event = (_TRICK_EVENTS.get((winner * 64 + top) * 2 + ruffed)
                             or _trick_event(winner, top, ruffed))
                    self.trick, self.led, self.best_key = (), -1, -1
                    self.turn = winner
                    self.to_act = SEAT_SETS[winner]
                    log = self.log
                    log.append(play_event)
                    log.append(event)
                    if self.trick_number == HAND_SIZE:
                        settle = self._settle()
                        log.append(settle)
                        return (play_event, event, settle)
                    self.trick_number += 1
                    return (play_event, event)
            elif phase == "exchange":
                known = _EXCHANGE_OF_ID.get(id(action))
                if known is not None:
                    return self._exchange_mask(me, known[0], known[1])
            elif phase == "bidding":
                bid = _BID_OF_ID.get(id(action), "")
                if bid != "":
                    return self._bid_value(me, bid)
            elif phase == "trump":
                suit = _TRUMP_OF_ID.get(id(action), -1)
                if suit >= 0:
                    return self._trump_suit(me, suit)
        return TurnState.apply(self, seat, action)

    # -- bidding ------------------------------------------------------------------------------------
    def _bid(self, seat: int, action: Action) -> tuple[Event, ...]:
        return self._bid_value(seat, None if action.verb == "pass" else str(action.args[0]))

    def _bid_value(self, seat: int, bid: str | None) -> tuple[Event, ...]:
        """``seat`` passes (``bid`` is ``None``) or bids ``bid``."""
        if bid is None:
            self.bids.append((seat, None))
            event = PASS_EVENTS[seat]
        else:
            if _LADDER_RANK[bid] <= _LADDER_RANK[self.high]:
                raise IllegalAction(f"a bid must outrank {self.high} (the ladder is 1 < 2 < 3 < 0 < 4 < 5)")
            self.bids.append((seat, bid))
            self.high, self.declarer = bid, seat
            event = BID_EVENTS[seat][bid]
        self.log.append(event)
        self.speaker += 1
        if self.high == TOP or self.speaker == self.players:
            return (event, *self._end_auction())
        self.turn = turn = self.order[self.speaker]
        self.to_act = SEAT_SETS[turn]
        return (event,)

    def _end_auction(self) -> list[Event]:
        high = self.high
        if high is None:
            self.phase_name = "over"
            self.to_act, self.is_over = NOBODY, True
            self.thrown_in = True
            players = self.players
            event = interned_event(("napas-redeal", players), lambda: Event(
                "redeal", None, "everyone passed: the deal is thrown in", scores=(0,) * players,
                message=msg("everyone passed: the deal is thrown in")))
            self.log.append(event)
            return [event]
        declarer = self.declarer
        event = _CONTRACT_EVENTS.get((declarer, high)) or _contract_event(declarer, high)
        self.log.append(event)
        self.turn = declarer
        self.to_act = SEAT_SETS[declarer]
        if high == ZERO:
            return [event, *self._start_exchange()]
        self.phase_name = "trump"
        return [event]

    # -- trumps and the exchange --------------------------------------------------------------------
    def _name_trump(self, seat: int, action: Action) -> tuple[Event, ...]:
        return self._trump_suit(seat, SUIT_LETTERS.index(str(action.args[0])))

    def _trump_suit(self, seat: int, suit: int) -> tuple[Event, ...]:
        """``seat`` (the declarer) names ``suit`` trumps."""
        self.trump = suit
        event = _TRUMP_EVENTS[seat][suit]
        self.log.append(event)
        return (event, *self._start_exchange())

    def _start_exchange(self) -> list[Event]:
        setup = self._setup
        stock = setup.stock if setup is not None else self._setup_parts[2]  # type: ignore[index]
        declarer, players = self.declarer, self.players
        self.round = ExchangeRound(_CLOCKWISE.get((declarer, players)) or clockwise(declarer, players), stock,
                                   HAND_SIZE, leader_word="the declarer")
        self.phase_name = "exchange"
        return self._after_exchange()

    def _exchange(self, seat: int, action: Action) -> tuple[Event, ...]:
        discard = 0
        for card in action.args:
            discard |= BIT[card]  # type: ignore[index]  # cards: the shape is checked
        return self._exchange_mask(seat, discard, exchange_action(discard))

    def _exchange_mask(self, seat: int, discard: int, action: Action) -> tuple[Event, ...]:
        """``seat`` puts away the cards of ``discard``; ``action`` is the interned (or a freshly made)
        action for it, whose arguments are those cards in ascending order and whose text is its record."""
        round_ = self.round
        assert round_ is not None
        result = round_.exchange(seat, self.hands[seat], discard, action.text, action.args)  # type: ignore[arg-type]
        self._exchange_facts = None
        self.hands[seat] = result.hand
        if discard:
            self.put_away[seat] = result.put_away
            self.drawn[seat] = result.drawn
        events = result.events
        self.log.extend(events)
        if round_.index < len(round_.order):
            self.turn = turn = round_.order[round_.index]
            self.to_act = SEAT_SETS[turn]
            return events
        return (*events, *self._after_exchange())

    def _after_exchange(self) -> list[Event]:
        round_ = self.round
        assert round_ is not None
        seat = round_.current
        if seat is not None:
            self.turn = seat
            self.to_act = SEAT_SETS[seat]
            return []
        self.phase_name = "play"
        self.turn = self.declarer
        self.to_act = SEAT_SETS[self.declarer]
        left = round_.stock_left
        event = _DONE_EVENTS.get(left) or _exchange_done_event(left)
        self.log.append(event)
        return [event]

    # -- play ---------------------------------------------------------------------------------------
    def _play(self, seat: int, action: Action) -> tuple[Event, ...]:
        """A well-formed play action that is not ``PLAY_ACTIONS``'s own: ``apply`` plays its card."""
        return self.apply(seat, PLAY_ACTIONS[action.args[0]])  # type: ignore[index]  # a card: the shape is checked

    def _settle(self) -> Event:
        high = self.high
        assert high is not None
        declarer = self.declarer
        taken = self.taken[declarer]
        players = self.players
        self.phase_name = "over"
        self.to_act, self.is_over = NOBODY, True
        event = _SCORE_EVENTS.get((declarer, high, taken, players)) or _score_event(declarer, high, taken, players)
        self._scores = event.scores  # type: ignore[assignment]  # ints, made by _score_event
        return event

    # -- summaries and views ------------------------------------------------------------------------
    def made(self) -> bool | None:
        """Whether the contract was made (``None`` until all five tricks are played, or when thrown in)."""
        if self.phase_name != "over" or self.high is None:
            return None
        taken = self.taken[self.declarer]
        return taken == 0 if self.high == ZERO else taken >= int(self.high)

    def summary(self) -> DealSummary:
        if self.thrown_in:
            return DealSummary(redeal=True, text="all passed: thrown in", message=msg("all passed: thrown in"))
        if self.high is None:
            return DealSummary()
        made = self.made()
        verdict = "" if made is None else (" made" if made else " failed")
        text = f"seat {self.declarer} bid {BID_NAMES[self.high]}{verdict} ({self.taken[self.declarer]} tricks)"
        message = summary_message(self.declarer, bid_words(self.high), made, self.taken[self.declarer])
        return DealSummary(self.declarer, self.high, made, False, text, {self.declarer: "declarer"}, message)

    def contract_text(self) -> Message:
        """The header line: who declared what, and the trumps."""
        return contract_text(self)

    def view(self, seat: int) -> View:
        # ``legal`` is the list ``legal_actions`` gives, lazy in the exchange (``DiscardChoices``, an
        # immutable value): a view hands it out as it is, so a random bot makes only the action it picks
        hand = self.hands[seat]
        # (in the play a view makes no facts object: ``core.views.secret_view``)
        private = self._private(seat) if self.put_away[seat] else EMPTY
        return secret_view(self, NapasFacts, seat, hand, self.legal_actions(seat), private)

    def public_view(self) -> View:
        return secret_view(self, NapasFacts, PUBLIC_SEAT, 0, (), EMPTY)

    def window(self, seat: int) -> View:
        hand = self.hands[seat]
        private = self._private(seat) if self.put_away[seat] else EMPTY
        return live_view(self, seat, hand, self.legal_actions(seat), private)

    game = "napas"

    def table(self) -> dict[str, object]:
        """The public table facts, from the live state (``View.table``)."""
        return napas_table(self)

    def seats(self) -> tuple[SeatInfo, ...]:
        """The public facts of every seat, from the live state (``View.seats``)."""
        return napas_seats(self)

    def _private(self, seat: int) -> Mapping[str, object]:
        """What ``seat`` alone knows once it has exchanged cards: what it put away and drew (made once: a
        seat exchanges once a deal)."""
        privates = self._privates
        if privates is None:
            privates = self._privates = {}
        found = privates.get(seat)
        if found is None:
            found = privates[seat] = frozen({"put_away": self.put_away[seat], "drawn": self.drawn[seat]})
        return found

    def clone(self) -> NapasState:
        other = shallow_copy(self)
        other.hands = list(self.hands)
        other.bids = list(self.bids)
        other.round = self.round.clone() if self.round is not None else None
        other.put_away = list(self.put_away)
        other.drawn = list(self.drawn)
        other.taken = list(self.taken)
        other.log = list(self.log)
        other._privates = None  # the copy's seats may yet exchange other cards
        return other


PHASES: Final[Mapping[str, Phase]] = {
    "bidding": Phase("must bid or pass now", {
        "pass": (Verb("pass"), NapasState._bid),
        "bid": (Verb("bid", (word(LADDER.bids, "a bid"),), "bid <1|2|3|0|4|5>"), NapasState._bid),
    }),
    "trump": Phase("(the declarer) must name trumps now", {
        "trump": (Verb("trump", (word(SUIT_LETTERS, "a suit letter"),), "trump <S|H|D|C>"), NapasState._name_trump),
    }),
    "exchange": Phase('must exchange now ("exchange" alone keeps the hand)', {
        "exchange": (Verb("exchange", (CARD,), "exchange <up to 5 different cards>", fewest=0, most=HAND_SIZE,
                          distinct=True), NapasState._exchange),
    }),
    "play": Phase("must play a card now", {"play": (Verb("play", (CARD,), "play <card>"), NapasState._play)}),
}


class NapasPublic(Protocol):
    """The public attributes the table is built from: a ``NapasState`` has them, and so does ``NapasFacts``."""

    phase_name: str
    high: str | None
    declarer: int
    trump: int
    trick_number: int
    last_seats: tuple[int, ...]
    last_cards: tuple[Card, ...]
    options: Options

    @property
    def bids(self) -> Sequence[tuple[int, str | None]]: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def trick_seats(self) -> Sequence[int]: ...
    @property
    def taken(self) -> Sequence[int]: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def exchange(self) -> ExchangeFacts | None: ...


class ExchangeFacts(NamedTuple):
    """The public facts of the exchange: the discards' size, the cap, each seat's count so far."""

    discards: int
    cap: int | None
    counts: tuple[tuple[int, int], ...]


@mypyc_attr(native_class=False)  # ReplayFacts is a slotted Python class
class NapasFacts(ReplayFacts):
    """What everyone may know of a Napas deal at one moment (see ``core.views``).

    Made from the state for a moment before the play and for the first moment of the play a view is made
    at; the facts of a later moment of the play are made from those only when a view's table or seats is
    read (``after``): ``cardsuite simulate`` makes a view at every decision, most of them read only for
    ``legal``, and 20 of a four-player deal's 28 decisions are in the play.
    """

    __slots__ = ("bids", "dealer", "declarer", "exchange", "high", "last_cards", "last_seats", "options", "players",
                 "stock_size", "taken", "trick", "trick_leader", "trick_number", "trump")
    game = "napas"
    replayed = ("bidding", "play")
    options: Options

    def __init__(self, state: NapasState) -> None:
        self.players = state.players
        self.options = state.options
        self.dealer = state.dealer
        self.phase_name = state.phase_name
        self.turn = state.turn
        self.bids = tuple(state.bids)
        self.high = state.high
        self.declarer = state.declarer
        self.trump = state.trump
        self.trick = state.trick
        self.trick_leader = state.trick_leader
        self.trick_number = state.trick_number
        self.taken = tuple(state.taken)
        self.last_seats = state.last_seats
        self.last_cards = state.last_cards
        self.stock_size = state.stock_size
        self.exchange = state.exchange

    def after(self, events: Sequence[Event], moment: int, turn: int) -> NapasFacts:
        """These facts once ``events`` (of the auction: bids and passes; or of the play: cards and tricks)
        have happened, as ``NapasState`` changes them: the bids, the high bid and its bidder; the trick in
        progress and its leader, each trick's winner, the last trick, the trick number (no trick event of
        the play is the deal's last: that one ends it). The auction's last bid or pass ends it (the next
        moment is another phase's), so no replayed event is its end's."""
        new: NapasFacts = self.copy()
        new.moment, new.turn = moment, turn
        event: Any  # a Napas event: its seat, card, winner and action are set where its kind says
        if self.phase_name == "bidding":
            bids, high, declarer = self.bids, self.high, self.declarer
            for event in events:
                if event.kind == "bid":
                    bid = str(event.action)[4:]  # ``bid 3``: the interned bid events' action text
                    bids += ((event.seat, bid),)
                    high, declarer = bid, event.seat
                elif event.kind == "pass":
                    bids += ((event.seat, None),)
            new.bids, new.high, new.declarer = bids, high, declarer
            return new
        trick, leader, number = self.trick, self.trick_leader, self.trick_number
        taken = list(self.taken)
        last_seats, last_cards = self.last_seats, self.last_cards
        for event in events:
            kind = event.kind
            if kind == "play":
                if not trick:
                    leader = event.seat
                trick += (event.card,)
            elif kind == "trick":
                taken[event.winner] += 1
                last_seats, last_cards = clockwise(leader, self.players), trick
                trick = ()
                number += 1
        new.trick, new.trick_leader, new.trick_number, new.taken = trick, leader, number, tuple(taken)
        new.last_seats, new.last_cards = last_seats, last_cards
        return new

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats that have played to the trick in progress, clockwise from its leader."""
        return clockwise(self.trick_leader, self.players)[: len(self.trick)] if self.trick else ()

    def build_table(self) -> dict[str, object]:
        return napas_table(self)

    def build_seats(self) -> tuple[SeatInfo, ...]:
        return napas_seats(self)


def contract_text(src: NapasPublic) -> Message:
    """The header line: who declared what, and the trumps."""
    return _contract_words(src.high, src.phase_name == "bidding", src.declarer, src.trump)


@lru_cache(maxsize=4096)
def _contract_words(high: str | None, bidding: bool, declarer: int, trump: int) -> Message:
    """``contract_text`` from the facts it depends on, made once for each (messages are immutable values)."""
    if high is None:
        return msg_p("header", "bidding") if bidding else msg_p("header", "thrown in")
    seat, bid = SeatRef(declarer), bid_words(high)
    if high == ZERO:
        return msg("{seat}: {bid}, no trumps", seat=seat, bid=bid)
    if trump >= 0:
        return msg("{seat}: {bid}, {suit} trumps", seat=seat, bid=bid, suit=SuitRef(trump))
    return msg("{seat}: {bid}, trumps not named yet", seat=seat, bid=bid)


def napas_table(src: NapasPublic) -> dict[str, object]:
    """``View.table`` of a Napas deal."""
    declarer = src.declarer if src.declarer >= 0 else None
    declarer_tricks = src.taken[src.declarer] if declarer is not None else 0
    exchange = src.exchange
    return {
        "contract_text": contract_text(src),
        "bids": tuple(src.bids),
        "contract": src.high,
        "declarer": declarer,
        "trump": src.trump,
        "trick": tuple(zip(src.trick_seats, src.trick, strict=True)),
        "trick_number": src.trick_number,
        "last_trick": tuple(zip(src.last_seats, src.last_cards, strict=True)),
        "stock_size": src.stock_size,
        "discards_size": exchange.discards if exchange is not None else 0,
        "exchange_cap": exchange.cap if exchange is not None else None,
        "exchanges": MappingProxyType(dict(exchange.counts)) if exchange is not None else EMPTY,
        "declarer_tricks": declarer_tricks,
        "opponent_tricks": sum(src.taken) - declarer_tricks if declarer is not None else 0,
        "target": src.options.integer("target"),
    }


def napas_seats(src: NapasPublic) -> tuple[SeatInfo, ...]:
    """``View.seats`` of a Napas deal: cards held, tricks, who declared, how many cards each exchanged.

    The exchange keeps five cards in every hand, and every seat plays one card to each trick.
    """
    taken, declarer, in_trick = src.taken, src.declarer, src.trick_seats
    played = sum(taken)
    counts = dict(src.exchange.counts) if src.exchange is not None else {}
    return tuple(SeatInfo(s, HAND_SIZE - played - (s in in_trick), taken[s], "declarer" if s == declarer else None,
                          MappingProxyType({"exchanged": counts[s]}) if s in counts else EMPTY)
                 for s in range(len(taken)))


_DEALING: Final[dict[tuple[int, int, int], tuple[Callable[[list[Card]], tuple[Card, ...]], ...]]] = {}


def _dealing(size: int, players: int, dealer: int) -> tuple[Callable[[list[Card]], tuple[Card, ...]], ...]:
    """For each seat, what picks its hand from the shuffled cards: 2 each from the dealer's left, then 3
    each (``deal_packets`` with packets of 2 and 3); made once per deck size, player count and dealer."""
    key = (size, players, dealer)
    found = _DEALING.get(key)
    if found is None:
        if 5 * players > size:
            raise CardError(f"{5 * players} cards needed to deal, only {size} in the deck")
        first = (dealer + 1) % players
        places = {(first + i) % players: (2 * i, 2 * i + 1, 2 * players + 3 * i, 2 * players + 3 * i + 1,
                                          2 * players + 3 * i + 2) for i in range(players)}
        found = _DEALING[key] = tuple(itemgetter(*places[seat]) for seat in range(players))
    return found


def _shuffled_deal(deck: tuple[Card, ...], players: int, dealer: int,
                   rng: random.Random) -> tuple[list[tuple[Card, ...]], list[Card]]:
    """The hands and the stock of a new deal: the deck sorted by one ``rng.random()`` draw per card, in
    deck order (a fair shuffle, faster than ``random.shuffle``), then dealt 2 then 3 from the dealer's left.

    The same cards and draws as ``deal_packets(sorted(deck, key=lambda _: rng.random()), players,
    (dealer + 1) % players, (2, 3))``, which it stands for: the draws come in deck order, and sorting the
    positions by them keeps ties in deck order as that stable sort does. Seeded deals are unchanged.
    """
    draw = rng.random
    keys = [draw() for _ in deck]
    cards = [deck[i] for i in sorted(range(len(keys)), key=keys.__getitem__)]
    dealing = _DEALING.get((len(deck), players, dealer)) or _dealing(len(deck), players, dealer)
    return [pick(cards) for pick in dealing], cards[5 * players :]


def new_napas_deal(players: int, options: Options, dealer: int, rng: random.Random | None,
                   hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None) -> NapasState:
    """Shuffle and deal 2 then 3 from the dealer's left, or check and use the given cards.

    ``NapasState`` is called with its arguments spelled out: compiled by mypyc (``bench/compiled.py``), a
    call with ``*args`` goes through the class object, which makes a ``serializable`` class's instance
    without running ``__init__``.

    Given hands with no stock take the rest of the deck, in deck order, as the stock.
    """
    if hands is None:
        if rng is None:
            raise InvalidDeal("a new deal needs a random generator or the hands")
        dealt, rest = _shuffled_deal(_DECKS[deck_size(players, options)], players, dealer, rng)
        return NapasState(players, options, dealer, dealt, rest, own_lists=True)  # no *args: see below
    deck = deck_for(players, options)
    if len(hands) != players:
        raise InvalidDeal(f"expected {players} hands, got {len(hands)}")
    for seat, hand in enumerate(hands):
        if len(hand) != HAND_SIZE:
            raise InvalidDeal(f"seat {seat} holds {len(hand)} cards, not {HAND_SIZE}")
    rest = list(stock or [])
    every = [c for h in hands for c in h] + rest
    in_deck = set(deck)
    for card in every:
        if card not in in_deck:
            raise InvalidDeal(f"{card_text(card)} is not in the {len(deck)}-card deck in use")
    if len(set(every)) != len(every):
        raise InvalidDeal("a card is dealt twice")
    if not rest:
        held = set(every)
        rest = [c for c in deck if c not in held]
    elif len(every) != len(deck):
        raise InvalidDeal(f"hands and stock hold {len(every)} cards; the deck has {len(deck)}")
    return NapasState(players, options, dealer, hands, rest)


def _score_message(declarer: int, bid: str, taken: int, made: bool, change: int) -> Message:
    """``seat N made 3 tricks with 4 tricks: +6`` without a language."""
    if made:
        return msg_n("{seat} made {bid} with {n} trick: {change:+}",
                     "{seat} made {bid} with {n} tricks: {change:+}", taken,
                     seat=SeatRef(declarer), bid=bid_words(bid), change=change)
    return msg_n("{seat} failed {bid} with {n} trick: {change:+}",
                 "{seat} failed {bid} with {n} tricks: {change:+}", taken,
                 seat=SeatRef(declarer), bid=bid_words(bid), change=change)
