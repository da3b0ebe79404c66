"""The rules of Napas (Lithuanian Nap, 2-6 players, 5-card hands) as a ``State``.

Follows ``docs/rules/napas.md``. Seats are ints, play goes clockwise (increasing seat number). The
phases are ``bidding``, ``trump`` (the declarer names trumps; skipped in the zero game), ``exchange``,
``play`` and ``over``. The calls are in ``bidding``, the exchange actions in ``exchange``, the events
in ``events``, what the table shows in ``public``, the deal in ``deal``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from ...cards import (
    BIT,
    RANK_OF,
    SUIT_LETTERS,
    SUIT_MASK,
    SUIT_NAMES,
    SUIT_OF,
    SUITS,
    Card,
    card_text,
    cards_in,
    mask_of,
    said,
)
from ...core import turns
from ...core.cardparse import parse_card, parse_suit
from ...core.choices import DiscardChoices
from ...core.errors import IllegalAction
from ...core.exchange import ExchangeRound
from ...core.fast.facts import EMPTY, frozen
from ...core.fast.intern import interned_event
from ...core.fast.native import mypyc_attr, shallow_copy
from ...core.fast.views import live_view, secret_view
from ...core.game import PUBLIC_SEAT, Action, DealSummary, Event, SeatInfo, View
from ...core.message import Message, N_p, msg
from ...core.options import Options, OptionSpec
from ...core.tricks import lead_refusal, refusal
from ...core.turns import TurnState
from ...core.verbs import CARD, Phase, Verb, word
from ..plays import (
    PLAY_ACTIONS,
    PLAY_EVENT_TUPLES,
    PLAY_EVENTS,
    PLAYS_OF_MASK,
    SUIT_PLAYS,
    contract_summary,
    play_actions,
    play_interned,
    suit_by_suit,
    suit_plays,
)
from .bidding import (
    BID_ACTIONS,
    BID_NAMES,
    CLOCKWISE,
    HAND_SIZE,
    LADDER,
    LADDER_RANK,
    LEGAL_BIDS,
    PASS,
    TOP,
    TRUMP_ACTIONS,
    ZERO,
    bid_words,
    clockwise,
)
from .events import (
    BID_EVENTS,
    CONTRACT_EVENTS,
    DONE_EVENTS,
    PASS_EVENTS,
    SCORE_EVENTS,
    TRICK_EVENTS,
    TRUMP_EVENTS,
    contract_event,
    exchange_done_event,
    score_event,
    trick_event,
)
from .exchange import EXCHANGE_OF_ID, exchange_action
from .public import ExchangeFacts, NapasFacts, NapasValues, contract_text, napas_seats, napas_table

SEAT_SETS: Final = turns.SEAT_SETS
NOBODY: Final = turns.NOBODY
"""``core.turns``'s, as ``Final`` names of this module: compiled (mypyc), a ``Final`` module global is a C
global, where any other is a look-up in the module's dictionary at each use (``core.turns`` is not
compiled). The tables below are ``Final`` for the same reason: they are filled and cleared, never rebound."""
OPTIONS: Final = (
    OptionSpec("target", 20, "The match ends after the deal in which a player's total reaches this score.",
               minimum=1, maximum=1000),
    OptionSpec("deck", "auto", "Cards used: auto (32 for 2-4 players, 52 for 5-6), or always 32 or 52.",
               choices=("auto", "32", "52")),
    OptionSpec("turn_timer", 0, "Seconds a person has for a turn (0: no limit); then the CPU plays it.",
               choices=(0, 30, 60)),
)
CHOICE_WORDS: Final = (
    # TRANSLATORS: an option's value in words, in the home screen's list of the option's choices
    N_p("option value", "auto"),
)
"""The words of the options' choices, marked for the catalogs (the home screen shows them)."""
_PLAY_OF_ID: Final = {id(action): card for card, action in enumerate(PLAY_ACTIONS)}
_BID_OF_ID: Final[dict[int, str | None]] = {id(PASS): None, **{id(a): bid for bid, a in BID_ACTIONS.items()}}
_TRUMP_OF_ID: Final = {id(action): suit for suit, action in zip(SUITS, TRUMP_ACTIONS, strict=True)}
"""The card, bid (``None``: pass) or suit of each of this game's own actions, by the action's ``id``: they
live as long as the module, so no other object can have their id (see ``NapasState.apply``)."""
_MASK_OF_SUIT: Final = (*SUIT_MASK, 0)
"""``SUIT_MASK`` with a fifth entry, read as ``[-1]``: no trumps, no cards."""


def parse_napas_action(text: str) -> Action:
    """``pass``, ``bid <n>``, ``trump <suit>``, ``exchange <cards...>`` or ``play <card>``."""
    words = text.strip().split()
    verb = words[0].lower() if words else ""
    if verb == "pass" and len(words) == 1:
        return PASS
    if verb == "bid" and len(words) == 2:
        if words[1] in BID_ACTIONS:
            return BID_ACTIONS[words[1]]
        raise ValueError(msg("unknown bid {said} (1, 2, 3, 0, 4 or 5)", said=said(words[1])))
    if verb == "trump" and len(words) == 2:
        return TRUMP_ACTIONS[parse_suit(words[1])]
    if verb == "exchange":
        cards = [parse_card(w) for w in words[1:]]
        if len(set(cards)) != len(cards):
            raise ValueError(msg("a card is listed twice"))
        if any(c >= 52 for c in cards):
            raise ValueError(msg("Napas has no joker"))
        return exchange_action(mask_of(cards))
    if verb == "play" and len(words) == 2:
        card = parse_card(words[1])
        if card >= 52:
            raise ValueError(msg("Napas has no joker"))
        return PLAY_ACTIONS[card]
    raise ValueError(msg("expected pass, bid <n>, trump <suit>, exchange <cards...> or play <card>"))


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
        self.keep_setup(dealer, hands, stock, own_lists)
        self.hands = [mask_of(h) for h in hands]
        first = (dealer + 1) % players
        self.order = order = CLOCKWISE.get((first, players)) or clockwise(first, players)
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

    def public_values(self) -> NapasValues:
        """This moment's public facts in ``NapasFacts``'s order (``public.NapasValues``)."""
        return (self.players, self.options, self.dealer, self.phase_name, self.turn, self.high, self.declarer,
                self.trump, self.trick, self.trick_leader, self.trick_number, self.last_seats, self.last_cards,
                self.stock_size, self.exchange, tuple(self.bids), tuple(self.taken))

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
                    seats = self.last_seats = CLOCKWISE.get((leader, players)) or clockwise(leader, players)
                    best = self.best
                    winner = seats[best]
                    top = trick[best]
                    self.taken[winner] += 1
                    ruffed = self.best_key > 100 and self.led != trump
                    event = (TRICK_EVENTS.get((winner * 64 + top) * 2 + ruffed)
                             or trick_event(winner, top, ruffed))
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
                known = EXCHANGE_OF_ID.get(id(action))
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
            if LADDER_RANK[bid] <= LADDER_RANK[self.high]:
                raise IllegalAction(msg("a bid must outrank {bid} (the ladder is 1 < 2 < 3 < 0 < 4 < 5)",
                                        bid=str(self.high)))
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
        event = CONTRACT_EVENTS.get((declarer, high)) or contract_event(declarer, high)
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
        event = TRUMP_EVENTS[seat][suit]
        self.log.append(event)
        return (event, *self._start_exchange())

    def _start_exchange(self) -> list[Event]:
        setup = self._setup
        stock = setup.stock if setup is not None else self._setup_parts[2]  # type: ignore[index]
        declarer, players = self.declarer, self.players
        self.round = ExchangeRound(CLOCKWISE.get((declarer, players)) or clockwise(declarer, players), stock,
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
        event = DONE_EVENTS.get(left) or exchange_done_event(left)
        self.log.append(event)
        return [event]

    # -- play ---------------------------------------------------------------------------------------
    def _settle(self) -> Event:
        high = self.high
        assert high is not None
        declarer = self.declarer
        taken = self.taken[declarer]
        players = self.players
        self.phase_name = "over"
        self.to_act, self.is_over = NOBODY, True
        event = SCORE_EVENTS.get((declarer, high, taken, players)) or score_event(declarer, high, taken, players)
        self._scores = event.scores  # type: ignore[assignment]  # ints, made by score_event
        return event

    # -- summaries and views ------------------------------------------------------------------------
    def made(self) -> bool | None:
        """Whether the contract was made (``None`` until all five tricks are played, or when thrown in)."""
        if self.phase_name != "over" or self.high is None:
            return None
        taken = self.taken[self.declarer]
        return taken == 0 if self.high == ZERO else taken >= int(self.high)

    def summary(self) -> DealSummary:
        high = self.high
        return contract_summary(self.declarer, high, self.thrown_in, self.made(), self.taken[self.declarer],
                                BID_NAMES[high] if high else "", bid_words(high) if high else None)

    def contract_text(self) -> Message:
        """The header line: who declared what, and the trumps."""
        return contract_text(self)

    def view(self, seat: int) -> View:
        # ``legal`` is the list ``legal_actions`` gives, lazy in the exchange (``DiscardChoices``, an
        # immutable value): a view hands it out as it is, so a random bot makes only the action it picks
        hand = self.hands[seat]
        # (in the play a view makes no facts object: ``core.fast.views.secret_view``)
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
    "bidding": Phase(msg("{seat} must bid or pass now, not {action}"), {
        "pass": (Verb("pass"), NapasState._bid),
        "bid": (Verb("bid", (word(LADDER.bids, "a bid"),), msg("bid <1|2|3|0|4|5>")), NapasState._bid),
    }),
    "trump": Phase(msg("{seat} (the declarer) must name trumps now, not {action}"), {
        "trump": (Verb("trump", (word(SUIT_LETTERS, "a suit letter"),), msg("trump <S|H|D|C>")),
                  NapasState._name_trump),
    }),
    "exchange": Phase(msg('{seat} must exchange now ("exchange" alone keeps the hand), not {action}'), {
        "exchange": (Verb("exchange", (CARD,), msg("exchange <up to 5 different cards>"), fewest=0, most=HAND_SIZE,
                          distinct=True), NapasState._exchange),
    }),
    "play": Phase(msg("{seat} must play a card now, not {action}"),
                  {"play": (Verb("play", (CARD,), msg("play <card>")), play_interned)}),
}
