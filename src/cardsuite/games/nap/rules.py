"""Nap (3-6 players, 5-card hands): options, bid ladder, deal, bidding, play and scoring.

Follows ``docs/rules/nap.md``. Seats are ints, play goes clockwise (increasing seat number).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from operator import itemgetter
from typing import Any, Final, Protocol

from ...cards import (
    BIT,
    RANK_OF,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    Card,
    card_name,
    card_text,
    cards_in,
    mask_of,
    parse_card,
    ranked_deck,
    shuffle,
)
from ...core.auction import BidLadder
from ...core.errors import IllegalAction, InvalidDeal
from ...core.game import PUBLIC_SEAT, Action, DealSetup, DealSummary, Event, SeatInfo, View
from ...core.intern import interned_event
from ...core.message import Message, SeatRef, SuitRef, msg, msg_n, msg_p
from ...core.native import mypyc_attr, shallow_copy
from ...core.options import Options, OptionSpec
from ...core.tricks import HIGHEST, HIGHEST_TRUMP, refusal
from ...core.turns import NOBODY, SEAT_SETS, TurnState
from ...core.verbs import CARD, Phase, Verb, word
from ...core.views import LoggedFacts, live_view, turn_view
from ..plays import (
    HALF,
    HIGH_PLAYS,
    LOW_PLAYS,
    PLAY_ACTIONS,
    PLAY_EVENT_TUPLES,
    PLAY_EVENTS,
    SUIT_PLAYS,
    hand_plays,
    suit_plays,
    summary_message,
    trick_message,
)

HAND_SIZE: Final = 5
LADDER: Final = BidLadder(("1", "2", "3", "misere", "4", "nap", "wellington", "blucher"))
BID_NAMES: Final = {
    "1": "1", "2": "2", "3": "3", "4": "4", "misere": "misère",
    "nap": "nap", "wellington": "Wellington", "blucher": "Blücher",
}
BID_WORDS: Final[Mapping[str, Message]] = {
    # a bid in running text ("Ann bid misère") and on its button ("Misère")
    "1": msg_p("Nap bid", "1"), "2": msg_p("Nap bid", "2"), "3": msg_p("Nap bid", "3"),
    "4": msg_p("Nap bid", "4"), "misere": msg_p("Nap bid", "misère"), "nap": msg_p("Nap bid", "nap"),
    "wellington": msg_p("Nap bid", "Wellington"), "blucher": msg_p("Nap bid", "Blücher"),
}
"""``BID_NAMES`` without a language, for messages."""
TRICKS_NEEDED: Final = {"1": 1, "2": 2, "3": 3, "4": 4, "misere": 0, "nap": 5, "wellington": 5, "blucher": 5}

OPTIONS: Final = (
    OptionSpec("deals_per_player", 2, "How many times each player deals; the match ends then.", minimum=1),
    OptionSpec("lowest_bid", 3, "The lowest bid allowed: 3, or 2 (worth 2 points).", choices=(2, 3)),
    OptionSpec("misere", True, "Whether misère (take no tricks, no trumps) may be bid, between 3 and 4."),
    OptionSpec("above_nap", "wellington", "Bids allowed above nap: none, up to Wellington, or up to Blücher.",
               choices=("none", "wellington", "blucher")),
    OptionSpec("nap_points", "5/5", "Nap's points per opponent, made/failed (Wellington x2, Blücher x4).",
               choices=("5/5", "10/5")),
    OptionSpec("all_pass", "redeal", "When all pass: the next dealer deals, or the dealer must bid (from 1).",
               choices=("redeal", "dealer_bids")),
    OptionSpec("deck", "full", "Cards used: the full 52, or only the top (players + 3) ranks.",
               choices=("full", "reduced")),
    OptionSpec("turn_timer", 0, "Seconds a person has for a turn (0: no limit); then the CPU plays it.",
               choices=(0, 30, 60)),
)

PASS: Final = Action("pass", (), "pass")
BID_ACTIONS: Final = {b: Action("bid", (b,), f"bid {b}") for b in LADDER.bids}
PASS_EVENTS: Final = tuple(Event("pass", seat, f"seat {seat} passed", action="pass",
                                 message=msg("{seat} passed", seat=SeatRef(seat))) for seat in range(6))
BID_EVENTS: Final = tuple(
    {b: Event("bid", seat, f"seat {seat} bid {BID_NAMES[b]}", action=BID_ACTIONS[b].text,
              message=msg("{seat} bid {bid}", seat=SeatRef(seat), bid=BID_WORDS[b])) for b in LADDER.bids}
    for seat in range(6)
)
CONTRACT_EVENTS: Final = tuple(
    {b: Event("contract", seat, f"seat {seat} declared {BID_NAMES[b]}", data=(("contract", b),),
              message=msg("{seat} declared {bid}", seat=SeatRef(seat), bid=BID_WORDS[b])) for b in LADDER.bids}
    for seat in range(6)
)
REDEAL_EVENTS: Final = tuple(Event("redeal", None, "everyone passed: the deal is thrown in", scores=(0,) * players,
                                   message=msg("everyone passed: the deal is thrown in")) for players in range(7))
"""``REDEAL_EVENTS[players]``: everyone passed."""
TRUMP_EVENTS: Final = tuple(
    tuple(Event("trump", seat, f"{SUIT_NAMES[suit]} are trumps", data=(("trump", suit),),
                message=msg("{suit} are trumps", suit=SuitRef(suit))) for suit in SUITS)
    for seat in range(6)
)
FIRST_LEAD_EVENTS: Final = tuple(tuple((TRUMP_EVENTS[seat][SUIT_OF[c]], PLAY_EVENTS[seat][c]) for c in range(52))
                                 for seat in range(6))
"""``FIRST_LEAD_EVENTS[seat][card]``: the declarer's first lead, naming trumps and played."""
POWERS: Final = tuple(
    tuple((100 + RANK_OF[c] if SUIT_OF[c] == trump else (RANK_OF[c] if SUIT_OF[c] == led else -1)) << 12
          for c in range(52))
    for trump in (-1, *SUITS) for led in SUITS
)
"""``POWERS[(trump + 1) * 4 + led][card]``: a card's power in a trick, as ``standard_winner`` ranks it (100 +
its rank for a trump, its rank in the suit led, -1 otherwise), shifted up 12 bits. A trick reads its row
(``NapState.powers``), chosen when the trick is led, instead of working it out card by card; the card winning it so
far is kept as one number, its power with ``seat * 53 + card`` in the low 12 bits (``NapState.best``), so
that the power alone decides which of two is higher."""
RUFFED: Final = 101 << 12
"""``NapState.best`` from this up: a trump is winning the trick."""
TRICK_EVENTS: Final[list[Event | None]] = [None] * (6 * 53 * 2)
"""``TRICK_EVENTS[(winner * 53 + card) * 2 + ruffed]``: who won with which card, and whether by a trump on
another suit; made as they first occur."""


def trick_event(key: int) -> Event:
    """``seat N won the trick with ...`` for a ``TRICK_EVENTS`` key, with the reason ``standard_winner``
    gives; made and kept."""
    winner, rest = divmod(key, 106)
    card, ruffed = divmod(rest, 2)
    reason = HIGHEST_TRUMP if ruffed else HIGHEST[SUIT_OF[card]]
    event = TRICK_EVENTS[key] = Event("trick", winner, f"seat {winner} won the trick with {card_name(card)} ({reason})",
                                      card=card, winner=winner, rule=reason,
                                      message=trick_message(winner, card, reason))
    return event


_DECKS: dict[int, tuple[Card, ...]] = {}


def deck_for(players: int, options: Options) -> tuple[Card, ...]:
    """The cards in use: 52, or the top players + 3 ranks of each suit."""
    lowest = 12 - players if options.text("deck") == "reduced" else 2
    deck = _DECKS.get(lowest)
    if deck is None:
        deck = _DECKS[lowest] = tuple(ranked_deck(lowest))
    return deck


_ZEROS: Final = tuple((0,) * n for n in range(7))
Calls = dict[tuple[str | None, bool, bool], tuple[Action, ...] | frozenset[tuple[str, tuple[int | str, ...]]]]
_BIDDING: dict[tuple[object, ...], Calls] = {}
_BIDDING_BY_OPTIONS: dict[int, tuple[Options, Calls]] = {}
Auction = tuple[dict[str | None, tuple[Action, ...]], tuple[Action, ...], str, bool, dict[str | None, frozenset[str]],
                frozenset[str], dict[tuple[int, int, str, int], Event]]
_AUCTIONS: dict[int, tuple[Options, Auction]] = {}
_CALL_OF_ID: Final = {id(PASS): "pass"} | {id(action): bid for bid, action in BID_ACTIONS.items()}
"""``pass`` or the bid by the ``id`` of each interned call (``apply`` knows them by identity)."""
_CARD_OF_ID: Final = {id(action): card for card, action in enumerate(PLAY_ACTIONS)}
"""The card of each interned play action (``PLAY_ACTIONS``), by its ``id``; the tuple keeps the actions."""
def bidding_table(options: Options) -> Calls:
    """The legal calls by (the high bid so far, whether the dealer is forced to bid, ``False``), for these
    options; with ``True`` last, the same calls as a set of (verb, args) to check an action against.

    In one round of bidding Wellington is open exactly when nap is the high bid (bids only go up), and
    Blücher when Wellington is, so the high bid and the dealer's duty decide everything.
    """
    hit = _BIDDING_BY_OPTIONS.get(id(options))
    if hit is not None and hit[0] is options:
        return hit[1]
    key = (options.integer("lowest_bid"), options.flag("misere"), options.text("above_nap"))
    table = _BIDDING.get(key)
    if table is None:
        table = _BIDDING[key] = {}
        for high in (None, *LADDER.bids):
            for forced in (False, True):
                calls = table[(high, forced, False)] = _calls(options, high, forced)
                table[(high, forced, True)] = frozenset((a.verb, a.args) for a in calls)
    if len(_BIDDING_BY_OPTIONS) > 1000:
        _BIDDING_BY_OPTIONS.clear()
    _BIDDING_BY_OPTIONS[id(options)] = (options, table)
    return table


def auction_rules(options: Options) -> Auction:
    """What a deal's bidding reads on every call, for these options (memoized by the options object):
    the legal calls by the high bid so far, those of a dealer who must bid, the top bid allowed (the
    auction ends when it is made), whether the dealer must bid when the others have passed, the
    words of the first two (``pass``, ``nap``), to check a call by its word rather than compare actions,
    and the settling events of these options by (players, declarer, bid, tricks taken), filled by ``_settle``."""
    hit = _AUCTIONS.get(id(options))
    if hit is not None and hit[0] is options:
        return hit[1]
    table = bidding_table(options)
    calls: dict[str | None, tuple[Action, ...]] = {
        high: table[(high, False, False)] for high in (None, *LADDER.bids)}  # type: ignore[misc]
    forced: tuple[Action, ...] = table[(None, True, False)]  # type: ignore[assignment]
    words = {high: frozenset(map(_call_word, legal)) for high, legal in calls.items()}
    rules: Auction = (calls, forced, top_bid(options), options.text("all_pass") == "dealer_bids", words,
                     frozenset(map(_call_word, forced)), {})
    if len(_AUCTIONS) > 1000:
        _AUCTIONS.clear()
    _AUCTIONS[id(options)] = (options, rules)
    return rules


def _call_word(action: Action) -> str:
    """``pass``, or the bid of a bid action (as ``_CALL_OF_ID`` names them)."""
    return "pass" if action.verb == "pass" else str(action.args[0])


def _calls(options: Options, high: str | None, forced: bool) -> tuple[Action, ...]:
    lowest = "1" if forced else str(options.integer("lowest_bid"))
    allowed = LADDER.bids[LADDER.rank(lowest) : LADDER.rank(top_bid(options)) + 1]
    out = [] if forced else [PASS]
    for bid in allowed:
        if not LADDER.beats(bid, high):
            continue
        if bid == "misere" and not options.flag("misere"):
            continue
        if bid == "wellington" and high != "nap":
            continue
        if bid == "blucher" and high != "wellington":
            continue
        out.append(BID_ACTIONS[bid])
    return tuple(out)


def top_bid(options: Options) -> str:
    """The highest bid the options allow; the auction ends as soon as it is made."""
    return {"none": "nap", "wellington": "wellington", "blucher": "blucher"}[options.text("above_nap")]


def points(bid: str, options: Options) -> tuple[int, int]:
    """Points per opponent for ``bid``: (made, failed)."""
    if bid in ("1", "2", "3", "4"):
        return int(bid), int(bid)
    if bid == "misere":
        return 3, 3
    made, failed = (10, 5) if options.text("nap_points") == "10/5" else (5, 5)
    factor = {"nap": 1, "wellington": 2, "blucher": 4}[bid]
    return made * factor, failed * factor


def score_event(players: int, declarer: int, bid: str, taken: int, per: int) -> Event:
    """The settling event: the declarer made or failed ``bid`` with ``taken`` tricks, ``per`` from each
    opponent (made once per outcome)."""
    def make() -> Event:
        verdict = "made" if per > 0 else "failed"
        scores = tuple(per * (players - 1) if s == declarer else -per for s in range(players))
        text = (f"seat {declarer} {verdict} {BID_NAMES[bid]} with {taken} trick{'s' if taken != 1 else ''}:"
                f" {per * (players - 1):+d}, each opponent {-per:+d}")
        if per > 0:
            message = msg_n("{seat} made {bid} with {n} trick: {gain:+}, each opponent {loss:+}",
                            "{seat} made {bid} with {n} tricks: {gain:+}, each opponent {loss:+}", taken,
                            seat=SeatRef(declarer), bid=BID_WORDS[bid], gain=per * (players - 1), loss=-per)
        else:
            message = msg_n("{seat} failed {bid} with {n} trick: {gain:+}, each opponent {loss:+}",
                            "{seat} failed {bid} with {n} tricks: {gain:+}, each opponent {loss:+}", taken,
                            seat=SeatRef(declarer), bid=BID_WORDS[bid], gain=per * (players - 1), loss=-per)
        return Event("score", declarer, text, scores=scores, message=message)

    return interned_event(("nap-score", players, declarer, bid, taken, per), make)


def parse_nap_action(text: str) -> Action:
    """``pass``, ``bid <b>`` or ``play <card>``."""
    words = text.strip().lower().split()
    if words == ["pass"]:
        return PASS
    if len(words) == 2 and words[0] == "bid":
        bid = words[1].replace("ü", "u").replace("è", "e")
        if bid in BID_ACTIONS:
            return BID_ACTIONS[bid]
        raise ValueError(f"unknown bid {words[1]!r} (1, 2, 3, 4, misere, nap, wellington, blucher)")
    if len(words) == 2 and words[0] == "play":
        card = parse_card(words[1])
        if card >= 52:
            raise ValueError("Nap has no joker")
        return PLAY_ACTIONS[card]
    raise ValueError("expected pass, bid <b> or play <card>")


def _bid_handler(state: NapState, seat: int, action: Action) -> tuple[Event, ...]:
    """``NapState._bid``, for ``PHASES`` (made before the class, which reads them)."""
    return state._bid(seat, action)


def _play_handler(state: NapState, seat: int, action: Action) -> tuple[Event, ...]:
    """``NapState._play``, for ``PHASES``."""
    return state._play(seat, action)


PHASES: Final[Mapping[str, Phase]] = {
    "bidding": Phase("must bid or pass before play starts", {
        "pass": (Verb("pass"), _bid_handler),
        "bid": (Verb("bid", (word(LADDER.bids, "a bid"),), "bid <1|2|3|4|misere|nap|wellington|blucher>"),
                _bid_handler),
    }, (PASS, *BID_ACTIONS.values())),
    "play": Phase("must play a card now", {"play": (Verb("play", (CARD,), "play <card>"), _play_handler)},
                  PLAY_ACTIONS),
}
CLOCKWISE: Final = tuple(tuple(tuple((first + i) % players for i in range(players)) for first in range(players))
                         for players in range(7))
"""``CLOCKWISE[players][first]``: the seats in playing order from ``first`` (who plays to a trick)."""


@mypyc_attr(serializable=True)  # clone() makes one without __init__, compiled or not
class NapState(TurnState):
    """One deal of Nap.

    The hot path (random playouts, search rollouts) keeps ints, bitmasks and tuples: the trick's winner
    is tracked card by card (``best``) as ``standard_winner`` rules, and every event comes
    from a table built once. ``to_act`` and ``is_over`` are attributes, kept up to date wherever the
    turn or the phase changes, rather than ``TurnState``'s properties: a caller reads both before every
    action (a random playout, the match, search), and a property is a call each time.

    Few attributes: CPython 3.11 keeps an object's attributes in a compact array shared by its class only
    up to 30 names; past that every instance gets a full dict and each attribute read is slower (with 31
    names a random deal took 15% longer, measured). So what the bidding reads per options is one tuple
    (``auction``), ``phases`` is the class's, and what follows from other attributes is not stored: the
    speaker is the number of calls made, the next seat is the one to the left, a trick's seats follow
    from its leader (``trick_seats``) and a deal is thrown in when it is over without a bid
    (``thrown_in``). A random deal sets 25 names; a view and ``setup()`` add 2.
    """

    def __init__(self, players: int, options: Options, dealer: int, hands: Sequence[Sequence[Card]],
                 stock: Sequence[Card], own_lists: bool = False, masks: list[int] | None = None) -> None:
        """A deal of ``hands`` and ``stock``. ``own_lists``: the caller hands over lists nobody else will
        change, so the ``DealSetup`` is made from them only when asked for (random playouts never ask).
        ``masks``: the hands as bitmasks, when the caller has made them already."""
        self.players = players
        self.options = options
        self.dealer = dealer
        if own_lists:
            self._setup_parts = (dealer, hands, stock)
        else:
            self._setup = DealSetup(dealer, tuple(tuple(h) for h in hands), tuple(stock))
        self.hands = [mask_of(h) for h in hands] if masks is None else masks
        self.auction = auction_rules(options)  # one attribute: see "Few attributes" in the class docstring
        self.bids: list[tuple[int, str | None]] = []
        self.turn = turn = (dealer + 1) % players  # the dealer's left speaks first
        self.to_act = SEAT_SETS[turn]
        self.taken = [0] * players
        self.log: list[Event] = []
        self._scores: tuple[int, ...] = _ZEROS[players]
        # What every action reads, set here rather than read from the class until first changed: CPython
        # 3.11 specialises reading an instance's own attribute, not a class default read through it.
        self.phase_name = "bidding"
        self.is_over = False
        self.high = None
        self.led = -1
        self.trick = ()

    # How every deal starts; those not set by ``__init__`` are read from the class until a deal changes them
    # (fewer stores per new deal: they are read once or twice a trick, not at every action).
    phases = PHASES
    phase_name = "bidding"
    to_act: frozenset[int] = NOBODY
    is_over: bool = False
    high: str | None = None
    declarer = -1
    trump = -1
    led = -1
    trick: tuple[Card, ...] = ()
    leader = 0  # who led the trick in play
    best = -1  # the card winning the trick so far: its power (``POWERS``) | seat * 53 + card
    powers: tuple[int, ...] = POWERS[0]  # every card's power in this trick (``POWERS``), set when the trick is led
    trick_number = 1
    last_seats: tuple[int, ...] = ()  # the last complete trick: who played, and what
    last_cards: tuple[Card, ...] = ()

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """Who played to the trick in play, in order: clockwise from its leader."""
        return CLOCKWISE[self.players][self.leader][:len(self.trick)]

    @property
    def thrown_in(self) -> bool:
        """Whether everyone passed (the deal is over without a bid; when the dealer must bid, never)."""
        return self.phase_name == "over" and self.high is None

    # -- the contract -------------------------------------------------------------------------------
    def zones(self) -> dict[str, tuple[Card, ...]]:
        out = {f"hand {s}": tuple(cards_in(self.hands[s])) for s in range(self.players)}
        setup = self.setup()
        out["stock"] = setup.stock
        out["played"] = tuple(c for s, dealt in enumerate(setup.hands) for c in dealt if not self.hands[s] >> c & 1)
        return out

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """The interned actions of the seat to act: the suit led if the hand holds it (one table lookup),
        else the whole hand (``hand_plays``, written out: two lookups); while bidding, the calls left
        (``auction_rules``)."""
        if seat != self.turn:
            return ()
        phase = self.phase_name
        if phase == "play":
            hand = self.hands[seat]
            led = self.led
            if led >= 0:
                ranks = hand >> 13 * led & 8191
                if ranks:
                    return SUIT_PLAYS[led][ranks] or suit_plays(led, ranks)
            low = LOW_PLAYS.get(hand & HALF)
            high = HIGH_PLAYS.get(hand >> 26)
            if low is None or high is None:
                return hand_plays(hand)
            return low + high
        if phase == "bidding":
            auction = self.auction
            high_bid = self.high
            if high_bid is None and seat == self.dealer and len(self.bids) == self.players - 1 and auction[3]:
                return auction[1]  # everyone else passed: the dealer must bid
            return auction[0][high_bid]
        return ()

    def apply(self, seat: Any, action: Action) -> tuple[Event, ...]:
        """``TurnState.apply``, with a short way in for the interned actions ``legal_actions`` hands out.

        ``seat`` is ``Any``: compiled by mypyc, an ``int`` parameter would raise ``TypeError`` for a seat
        that is not a whole number before the preamble could refuse it with ``IllegalAction``.

        A play action of ``PLAY_ACTIONS`` or a call of ``PASS`` and ``BID_ACTIONS``, found by its ``id``,
        is well formed, so only the seat and the rules remain to be checked. Playing a card, 20 of about
        24 actions of a four-player deal, is written out here with the end of the trick rather than
        called: in a random playout each call is a noticeable part of an action's cost. The trick's
        winner so far is kept by the cards' powers in this trick (``POWERS``), and the events returned
        are tuples made once. Anything else, and any seat whose turn it is not, goes through the shared
        preamble, which gives each refusal its words; its handlers (``_play``, ``_bid``) come back here
        with the interned action.
        """
        if seat == self.turn and seat.__class__ is int:
            if self.phase_name == "play":
                card = _CARD_OF_ID.get(id(action), -1)
                if card >= 0:
                    hand = self.hands[seat]
                    led = self.led
                    if not hand >> card & 1 or (led >= 0 and SUIT_OF[card] != led and hand & SUIT_MASK[led]):
                        raise IllegalAction(self._why_not_play(seat, card))
                    self.hands[seat] = hand ^ BIT[card]
                    players = self.players
                    if led < 0:  # a lead: the first lead of a contract with trumps names them
                        led = self.led = SUIT_OF[card]
                        self.leader = seat
                        self.trick = (card,)
                        if self.trick_number == 1 and self.high != "misere":
                            self.trump = led
                            events: tuple[Event, ...] = FIRST_LEAD_EVENTS[seat][card]
                            self.log += events
                        else:
                            events = PLAY_EVENT_TUPLES[seat][card]
                            self.log.append(PLAY_EVENTS[seat][card])
                        powers = self.powers = POWERS[(self.trump + 1) * 4 + led]
                        self.best = powers[card] | seat * 53 + card
                        turn = self.turn = seat + 1 if seat + 1 < players else 0
                        self.to_act = SEAT_SETS[turn]
                        return events
                    trick = self.trick = self.trick + (card,)
                    power = self.powers[card]
                    if power > self.best:
                        self.best = power | seat * 53 + card
                    event = PLAY_EVENTS[seat][card]
                    self.log.append(event)
                    if len(trick) < players:
                        turn = self.turn = seat + 1 if seat + 1 < players else 0
                        self.to_act = SEAT_SETS[turn]
                        return PLAY_EVENT_TUPLES[seat][card]
                    # The trick is complete: its winner was tracked card by card, as ``standard_winner`` rules.
                    best = self.best
                    won = (best & 4095) * 2 + (best >= RUFFED and led != self.trump)
                    trick_won = TRICK_EVENTS[won] or trick_event(won)
                    self.log.append(trick_won)
                    winner = won // 106
                    self.taken[winner] += 1
                    self.last_seats, self.last_cards = CLOCKWISE[players][self.leader], trick
                    self.trick, self.led = (), -1
                    self.turn = winner
                    if self.trick_number == HAND_SIZE:
                        settled = self._settle()
                        self.log.append(settled)
                        return (event, trick_won, settled)
                    self.to_act = SEAT_SETS[winner]
                    self.trick_number += 1
                    return (event, trick_won)
            elif self.phase_name == "bidding":
                bid = _CALL_OF_ID.get(id(action))
                if bid is not None:
                    return self._call(seat, bid, action)
        return TurnState.apply(self, seat, action)

    def _why_not_play(self, seat: int, card: Card) -> str:
        hand = self.hands[seat]
        if not hand >> card & 1:
            return f"seat {seat} does not hold {card_text(card)}"
        return f"seat {seat} {refusal(hand, card, self.led)}"

    # -- bidding ------------------------------------------------------------------------------------
    def _bid(self, seat: int, action: Action) -> tuple[Event, ...]:
        """A well-formed call that is not the interned one (the shape is checked): ``apply`` with that."""
        return self.apply(seat, PASS if action.verb == "pass" else BID_ACTIONS[action.args[0]])  # type: ignore[index]

    def _call(self, seat: int, bid: str, action: Action) -> tuple[Event, ...]:
        """``seat`` passes (``bid`` is ``"pass"``) or bids, if the call is among the legal ones."""
        _, _, top, dealer_bids, words, forced_words, _ = self.auction
        high = self.high
        bids = self.bids
        players = self.players
        if bid not in (forced_words if high is None and seat == self.dealer and len(bids) == players - 1
                       and dealer_bids else words[high]):
            raise IllegalAction(self._why_not_bid(seat, action))
        if bid == "pass":
            bids.append((seat, None))
            event = PASS_EVENTS[seat]
        else:
            bids.append((seat, bid))
            self.high, self.declarer = bid, seat
            event = BID_EVENTS[seat][bid]
        self.log.append(event)
        if len(bids) == players or bid == top:
            return (event, self._end_auction())
        turn = self.turn = seat + 1 if seat + 1 < players else 0
        self.to_act = SEAT_SETS[turn]
        return (event,)

    def _why_not_bid(self, seat: int, action: Action) -> str:
        if action.verb == "pass":
            return "the dealer must bid when all the others have passed"
        bid = str(action.args[0])
        if bid == "misere" and not self.options.flag("misere"):
            return "misère is not allowed by the options"
        if LADDER.rank(bid) > LADDER.rank(top_bid(self.options)):
            allowed = self.options.text("above_nap")
            return f"{BID_NAMES[bid]} is off in this game (option above_nap is {allowed})"
        if bid == "wellington" and all(b != "nap" for _, b in self.bids):
            return "Wellington may be bid only after nap"
        if bid == "blucher" and all(b != "wellington" for _, b in self.bids):
            return "Blücher may be bid only after Wellington"
        if self.high is not None and not LADDER.beats(bid, self.high):
            return f"a bid must beat {BID_NAMES[self.high]}"
        return f"{BID_NAMES[bid]} is below the lowest bid allowed"

    def _end_auction(self) -> Event:
        if self.high is None:
            self.phase_name = "over"
            self.to_act, self.is_over = NOBODY, True
            event = REDEAL_EVENTS[self.players]
        else:
            self.phase_name = "play"
            self.turn = declarer = self.declarer
            self.to_act = SEAT_SETS[declarer]
            event = CONTRACT_EVENTS[declarer][self.high]
        self.log.append(event)
        return event

    # -- play ---------------------------------------------------------------------------------------
    def _play(self, seat: int, action: Action) -> tuple[Event, ...]:
        """A well-formed play action that is not the interned one (the shape is checked): ``apply`` with that."""
        return self.apply(seat, PLAY_ACTIONS[action.args[0]])  # type: ignore[index]  # a card: the shape is checked

    def _settle(self) -> Event:
        """Score the contract; the event of each outcome is kept with the options' auction rules."""
        bid = self.high
        assert bid is not None
        declarer = self.declarer
        taken = self.taken[declarer]
        settled = self.auction[6]
        key = (self.players, declarer, bid, taken)
        event = settled.get(key)
        if event is None:
            made = taken == 0 if bid == "misere" else taken >= TRICKS_NEEDED[bid]
            win, lose = points(bid, self.options)
            event = settled[key] = score_event(self.players, declarer, bid, taken, win if made else -lose)
        assert event.scores is not None
        self._scores = event.scores  # type: ignore[assignment]  # ints: Nap scores whole points
        self.phase_name = "over"
        self.to_act, self.is_over = NOBODY, True
        return event

    # -- summaries and views ------------------------------------------------------------------------
    def made(self) -> bool | None:
        """Whether the contract was made (``None`` until scored or when thrown in)."""
        if self.phase_name != "over" or self.high is None:
            return None
        return self._scores[self.declarer] > 0

    def summary(self) -> DealSummary:
        if self.thrown_in:
            return DealSummary(redeal=True, text="all passed: thrown in", message=msg("all passed: thrown in"))
        if self.high is None:
            return DealSummary()
        made = self.made()
        contract = BID_NAMES[self.high]
        verdict = "" if made is None else (" made" if made else " failed")
        text = f"seat {self.declarer} bid {contract}{verdict} ({self.taken[self.declarer]} tricks)"
        message = summary_message(self.declarer, BID_WORDS[self.high], made, self.taken[self.declarer])
        return DealSummary(self.declarer, self.high, made, False, text, {self.declarer: "declarer"}, message)

    def contract_text(self) -> Message:
        """The header line: who declared what, and trumps once the first lead names them."""
        return contract_text(self)

    def view(self, seat: int) -> View:
        return turn_view(self, NapFacts, seat, self.hands[seat], self.legal_actions(seat))

    def public_view(self) -> View:
        return turn_view(self, NapFacts, PUBLIC_SEAT, 0, ())

    def window(self, seat: int) -> View:
        return live_view(self, seat, self.hands[seat], self.legal_actions(seat), all_public=True)

    game = "nap"

    def table(self) -> dict[str, object]:
        """The public table facts, from the live state (``View.table``)."""
        return nap_table(self)

    def seats(self) -> tuple[SeatInfo, ...]:
        """The public facts of every seat, from the live state (``View.seats``)."""
        return nap_seats(self)

    def clone(self) -> NapState:
        other = shallow_copy(self)
        other.hands = list(self.hands)
        other.bids = list(self.bids)
        other.taken = list(self.taken)
        other.log = list(self.log)
        return other


class NapPublic(Protocol):
    """The public attributes the table is built from: a ``NapState`` has them, and so does ``NapFacts``."""

    phase_name: str
    high: str | None
    declarer: int
    trump: int
    trick_number: int
    last_seats: tuple[int, ...]
    last_cards: tuple[Card, ...]

    @property
    def bids(self) -> Sequence[tuple[int, str | None]]: ...
    @property
    def trick(self) -> Sequence[Card]: ...
    @property
    def trick_seats(self) -> Sequence[int]: ...
    @property
    def taken(self) -> Sequence[int]: ...


@mypyc_attr(native_class=False)  # LoggedFacts is a slotted Python class
class NapFacts(LoggedFacts):
    """What everyone may know of a Nap deal at one moment (see ``core.views``).

    Every Nap event is public and the table follows from the log, so a Nap view (``core.views.turn_view``)
    takes only the phase, the seat to act and the log's length, and a ``NapFacts`` is made only when a
    view's table or seats is first read (once per moment): it has the deal's constants and log, the
    moment, the phase and the seat to act (``LoggedFacts``). The table's facts (the bids, the contract,
    trumps, the trick, tricks taken, the last trick) are worked out from the log's first ``moment``
    events (``_replay``, once per moment), the same values as the state's own at that moment.
    """

    __slots__ = ("bids", "declarer", "high", "last_cards", "last_seats", "taken", "trick", "trick_number",
                 "trick_seats", "trump")
    game = "nap"
    bids: tuple[tuple[int, str | None], ...]
    taken: tuple[int, ...]

    def _replay(self) -> None:
        """Set the table's facts from the events up to ``moment``, as ``NapState`` changed them."""
        bids: list[tuple[int, str | None]] = []
        high: str | None = None
        declarer = trump = -1
        trick: tuple[Card, ...] = ()
        seats: tuple[int, ...] = ()
        number = 1
        taken = [0] * self.players
        last_seats: tuple[int, ...] = ()
        last_cards: tuple[Card, ...] = ()
        event: Any  # a Nap event: its seat, card, winner and action are set where its kind says
        for event in self.log[:self.moment]:
            kind = event.kind
            if kind == "play":
                trick += (event.card,)
                seats += (event.seat,)
            elif kind == "trick":
                taken[event.winner] += 1
                last_seats, last_cards, trick, seats = seats, trick, (), ()
                if number < HAND_SIZE:  # the last trick keeps its number
                    number += 1
            elif kind == "pass":
                bids.append((event.seat, None))
            elif kind == "bid":  # its action is "bid <b>"
                high, declarer = event.action[4:], event.seat
                bids.append((declarer, high))
            elif kind == "trump":
                trump = event.data[0][1]
        self.bids, self.high, self.declarer, self.trump = tuple(bids), high, declarer, trump
        self.trick, self.trick_seats, self.trick_number, self.taken = trick, seats, number, tuple(taken)
        self.last_seats, self.last_cards = last_seats, last_cards

    def build_table(self) -> dict[str, object]:
        if not hasattr(self, "taken"):
            self._replay()
        return nap_table(self)

    def build_seats(self) -> tuple[SeatInfo, ...]:
        if not hasattr(self, "taken"):
            self._replay()
        return nap_seats(self)


def contract_text(src: NapPublic) -> Message:
    """The header line: who declared what, and trumps once the first lead names them."""
    return _contract_words(src.high, src.phase_name == "bidding", src.declarer, src.trump)


@lru_cache(maxsize=4096)
def _contract_words(high: str | None, bidding: bool, declarer: int, trump: int) -> Message:
    """``contract_text`` from the facts it depends on, made once for each (messages are immutable values)."""
    if high is None:
        return msg_p("header", "bidding") if bidding else msg_p("header", "thrown in")
    seat, bid = SeatRef(declarer), BID_WORDS[high]
    if high == "misere":
        return msg("{seat}: {bid}, no trumps", seat=seat, bid=bid)
    if trump >= 0:
        return msg("{seat}: {bid}, {suit} trumps", seat=seat, bid=bid, suit=SuitRef(trump))
    return msg("{seat}: {bid}, trumps: the first lead", seat=seat, bid=bid)


def nap_table(src: NapPublic) -> dict[str, object]:
    """``View.table`` of a Nap deal."""
    return {
        "contract_text": contract_text(src),
        "bids": tuple(src.bids),
        "contract": src.high,
        "declarer": src.declarer if src.declarer >= 0 else None,
        "trump": src.trump,
        "trick": tuple(zip(src.trick_seats, src.trick, strict=True)),
        "trick_number": src.trick_number,
        "last_trick": tuple(zip(src.last_seats, src.last_cards, strict=True)),
    }


def nap_seats(src: NapPublic) -> tuple[SeatInfo, ...]:
    """``View.seats`` of a Nap deal: cards held, tricks, and who declared.

    Every seat plays one card to each trick, so a seat holds five less the tricks played so far (one for
    each trick won by anyone) and less one if it has played to the current trick.
    """
    taken, declarer, in_trick = src.taken, src.declarer, src.trick_seats
    played = sum(taken)
    return tuple(SeatInfo(s, HAND_SIZE - played - (s in in_trick), taken[s], "declarer" if s == declarer else None)
                 for s in range(len(taken)))


def _pickers(players: int, dealer: int) -> tuple[tuple[int, Callable[[list[Card]], tuple[Card, ...]]], ...]:
    """Each seat from the dealer's left, with the ``itemgetter`` of its 3 then 2 cards of a shuffled deck."""
    first = 3 * players
    return tuple(((dealer + 1 + i) % players, itemgetter(3 * i, 3 * i + 1, 3 * i + 2, first + 2 * i, first + 2 * i + 1))
                 for i in range(players))


DEALING: Final = tuple(tuple(_pickers(players, dealer) for dealer in range(players)) for players in range(7))
"""``DEALING[players][dealer]``: each seat, from the dealer's left, with what picks its hand from the shuffled
deck: 3 cards to each seat, then 2 (one ``itemgetter`` call instead of two slices and a list per seat)."""


def new_nap_deal(players: int, options: Options, dealer: int, rng: random.Random | None,
                 hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None) -> NapState:
    """Shuffle and deal 3 then 2 from the dealer's left, or check and use the given cards."""
    deck = deck_for(players, options)
    if hands is None:
        if rng is None:
            raise InvalidDeal("a new deal needs a random generator or the hands")
        cards = list(deck)
        shuffle(cards, rng)
        dealt: list[Sequence[Card]] = [()] * players
        masks = [0] * players
        for seat, take in DEALING[players][dealer % players]:
            dealt[seat] = picked = take(cards)
            a, b, c, d, e = picked
            masks[seat] = BIT[a] | BIT[b] | BIT[c] | BIT[d] | BIT[e]
        return NapState(players, options, dealer, dealt, cards[5 * players:], own_lists=True, masks=masks)
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
            raise InvalidDeal(f"{card_text(card)} is not in the deck in use")
    if len(set(every)) != len(every):
        raise InvalidDeal("a card is dealt twice")
    if rest and len(every) != len(deck):
        raise InvalidDeal(f"hands and stock hold {len(every)} cards; the deck has {len(deck)}")
    return NapState(players, options, dealer, hands, rest)


