"""The rules of Nap (3-6 players, 5-card hands) as a ``State``: the bidding, the play and the settling.

Follows ``docs/rules/nap.md``. Seats are ints, play goes clockwise (increasing seat number). The bids
are in ``bidding``, the events in ``events``, what the table shows in ``public``, the deal in ``deal``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from ...cards import BIT, RANK_OF, SUIT_MASK, SUIT_OF, SUITS, Card, cards_in, mask_of
from ...core.cardparse import parse_card
from ...core.errors import IllegalAction
from ...core.fast.native import mypyc_attr, shallow_copy
from ...core.fast.views import live_view, turn_view
from ...core.game import PUBLIC_SEAT, Action, DealSummary, Event, SeatInfo, View
from ...core.message import CardRef, Message, N_p, SeatRef, msg
from ...core.options import Options, OptionSpec
from ...core.tricks import refusal
from ...core.turns import NOBODY, SEAT_SETS, TurnState
from ...core.verbs import CARD, Phase, Verb, word
from ...naming import quoted
from ..plays import (
    HALF,
    HIGH_PLAYS,
    LOW_PLAYS,
    PLAY_ACTIONS,
    PLAY_EVENT_TUPLES,
    PLAY_EVENTS,
    SUIT_PLAYS,
    contract_summary,
    hand_plays,
    play_interned,
    suit_plays,
)
from .bidding import (
    BID_ACTIONS,
    BID_NAMES,
    BID_WORDS,
    HAND_SIZE,
    LADDER,
    PASS,
    TRICKS_NEEDED,
    auction_rules,
    points,
    top_bid,
)
from .events import (
    BID_EVENTS,
    CONTRACT_EVENTS,
    FIRST_LEAD_EVENTS,
    PASS_EVENTS,
    REDEAL_EVENTS,
    TRICK_EVENTS,
    score_event,
    trick_event,
)
from .public import NapFacts, contract_text, nap_seats, nap_table

OPTIONS: Final = (
    OptionSpec("deals_per_player", 2, "How many times each player deals; the match ends then.", minimum=1,
               maximum=100),
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
CHOICE_WORDS: Final = (
    # TRANSLATORS: an option's value in words, in the home screen's list of the option's choices
    N_p("option value", "none"), N_p("option value", "wellington"), N_p("option value", "blucher"),
    N_p("option value", "redeal"), N_p("option value", "dealer_bids"), N_p("option value", "full"),
    N_p("option value", "reduced"),
)
"""The words of the options' choices, marked for the catalogs (the home screen shows them)."""
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
_ZEROS: Final = tuple((0,) * n for n in range(7))
_CALL_OF_ID: Final = {id(PASS): "pass"} | {id(action): bid for bid, action in BID_ACTIONS.items()}
"""``pass`` or the bid by the ``id`` of each interned call (``apply`` knows them by identity)."""
_CARD_OF_ID: Final = {id(action): card for card, action in enumerate(PLAY_ACTIONS)}
"""The card of each interned play action (``PLAY_ACTIONS``), by its ``id``; the tuple keeps the actions."""


def parse_nap_action(text: str) -> Action:
    """``pass``, ``bid <b>`` or ``play <card>``."""
    words = text.strip().split()  # the words as written: an error quotes them so
    verb = words[0].lower() if words else ""
    if len(words) == 1 and verb == "pass":
        return PASS
    if len(words) == 2 and verb == "bid":
        bid = words[1].lower().replace("ü", "u").replace("è", "e")
        if bid in BID_ACTIONS:
            return BID_ACTIONS[bid]
        said = quoted(words[1], 12, "'")
        raise ValueError(msg("unknown bid {said} (1, 2, 3, 4, misere, nap, wellington, blucher)", said=said))
    if len(words) == 2 and verb == "play":
        card = parse_card(words[1])
        if card >= 52:
            raise ValueError(msg("Nap has no joker"))
        return PLAY_ACTIONS[card]
    raise ValueError(msg("expected pass, bid <b> or play <card>"))


def _bid_handler(state: NapState, seat: int, action: Action) -> tuple[Event, ...]:
    """``NapState._bid``, for ``PHASES`` (made before the class, which reads them)."""
    return state._bid(seat, action)


PHASES: Final[Mapping[str, Phase]] = {
    "bidding": Phase(msg("{seat} must bid or pass before play starts, not {action}"), {
        "pass": (Verb("pass"), _bid_handler),
        "bid": (Verb("bid", (word(LADDER.bids, "a bid"),), msg("bid <1|2|3|4|misere|nap|wellington|blucher>")),
                _bid_handler),
    }, (PASS, *BID_ACTIONS.values())),
    "play": Phase(msg("{seat} must play a card now, not {action}"),
                  {"play": (Verb("play", (CARD,), msg("play <card>")), play_interned)}, PLAY_ACTIONS),
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
        self.keep_setup(dealer, hands, stock, own_lists)
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

    def _why_not_play(self, seat: int, card: Card) -> str | Message:
        hand = self.hands[seat]
        if not hand >> card & 1:
            return msg("{seat} does not hold {card}", seat=SeatRef(seat), card=CardRef(card))
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

    def _why_not_bid(self, seat: int, action: Action) -> Message:
        if action.verb == "pass":
            return msg("the dealer must bid when all the others have passed")
        bid = str(action.args[0])
        if bid == "misere" and not self.options.flag("misere"):
            return msg("misère is not allowed by the options")
        if LADDER.rank(bid) > LADDER.rank(top_bid(self.options)):
            allowed = self.options.text("above_nap")
            return msg("{bid} is off in this game (option above_nap is {allowed})", bid=BID_WORDS[bid],
                       allowed=allowed)
        if bid == "wellington" and all(b != "nap" for _, b in self.bids):
            return msg("Wellington may be bid only after nap")
        if bid == "blucher" and all(b != "wellington" for _, b in self.bids):
            return msg("Blücher may be bid only after Wellington")
        if self.high is not None and not LADDER.beats(bid, self.high):
            return msg("a bid must beat {bid}", bid=BID_WORDS[self.high])
        return msg("{bid} is below the lowest bid allowed", bid=BID_WORDS[bid])

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
        high = self.high
        return contract_summary(self.declarer, high, self.thrown_in, self.made(), self.taken[self.declarer],
                                BID_NAMES[high] if high else "", BID_WORDS[high] if high else None)

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
