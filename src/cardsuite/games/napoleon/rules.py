"""The rules of Japanese Napoleon (5 players, 53 cards) as a ``State``: auction, adjutant, widow, play, scoring.

Follows ``docs/rules/napoleon.md``. Seats are ints, play goes clockwise (increasing seat number).
Hidden roles: the adjutant is whoever holds the named card; the state knows it from the naming on, but
views reveal it only when that card is played (and to the holder itself). "Napoleon plays alone" (the
named card was in the widow or in Napoleon's own hand) is told to Napoleon only, and to all at the end.
The pack and options are in ``deck``, the actions in ``actions``, who wins a trick in ``trick``, the
events in ``events``, what the table shows in ``table`` and ``facts``, the deal in ``deal``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import reduce
from operator import or_
from typing import Any, ClassVar, Final

from ...cards import BIT, JOKER, SUIT_MASK, SUIT_OF, Card, card_name, cards_in, mask_of
from ...core.errors import IllegalAction
from ...core.fast.facts import EMPTY, ReplayFacts, frozen
from ...core.fast.native import mypyc_attr, shallow_copy
from ...core.fast.views import live_view, secret_view
from ...core.game import PUBLIC_SEAT, Action, DealSetup, DealSummary, Event, SeatInfo, View
from ...core.message import CardRef, CardsRef, Message, SeatRef, msg, msg_n
from ...core.options import Options
from ...core.tricks import refusal
from ...core.turns import NOBODY, SEAT_SETS, TurnState
from ...core.verbs import CARD_OR_JOKER, SUIT, Phase, Verb, number
from .actions import (
    ADJUTANT,
    BID_CHOICES,
    BIDS,
    INTERNED,
    JOKER_CODE,
    JOKER_ONLY,
    SUIT_PLAYS,
    bid_text,
    bid_words,
    lead_actions,
    play_actions,
    suit_plays,
)
from .deck import (
    CLUB_THREE,
    HAND_SIZE,
    HONOURS,
    JOKER_BIT,
    NEXT_SEAT,
    NOBODY_TO_ACT,
    PLAYERS,
    SUIT_STRENGTH,
    TO_ACT,
    TOP_BID,
    honour_count,
    settings_for,
)
from .discards import discard_action, discard_choices
from .events import (
    BID_EVENTS,
    JOKER_LEAD_EVENTS,
    JOKER_REQUEST_EVENTS,
    PAIRS,
    PASS_EVENTS,
    PLAY_EVENTS,
    PLAYED,
    REVEALS,
    RULE_CODES,
    SCORE_EVENTS,
    TRICK_EVENTS,
    TRICK_EVENTS_LIMIT,
    contract_event,
    discard_event,
    discards_taken,
    named_event,
    reveal_event,
    settle_message,
    trick_event,
)
from .facts import NapoleonFacts
from .table import TABLE_FIELDS, UNKNOWN, NapoleonPublic, contract_text, napoleon_seats, napoleon_table, public_roles
from .trick import RULES, trick_winner


@mypyc_attr(serializable=True, allow_interpreted_subclasses=True)  # clone() without __init__; BeginnerState
class NapoleonState(TurnState):
    """One deal of Napoleon: the auction, the adjutant's card, the widow and the discard, ten tricks.

    ``to_act`` and ``is_over`` are attributes kept current, and the attributes ``TurnState`` declares are
    declared again here, so that a compiled deal keeps them in fixed fields (docs/fast.md).
    """

    facts_class: ClassVar[type[ReplayFacts]] = NapoleonFacts
    """What its views are built from (the beginner game has its own)."""
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
        self.yoromeki, self.same_two, self.request_on, self.min_rank, self.jokers = settings_for(options)
        self.rule = RULES[(self.yoromeki, self.same_two, self.request_on)]
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
            plays = SUIT_PLAYS[led][bits] or suit_plays(led, bits)
            return plays + JOKER_ONLY if hand & JOKER_BIT else plays
        if phase == "bidding":
            return BID_CHOICES[max(self.min_rank, self.high + 1)]
        if phase == "adjutant":
            return ADJUTANT if self.jokers else ADJUTANT[:52]
        if phase == "discard":
            return discard_choices(self.hands[seat], len(self.widow))
        return ()  # over

    def apply(self, seat: Any, action: Action) -> tuple[Event, ...]:
        """``TurnState.apply``; an interned action of the phase's own verb (``INTERNED``) from the seat to act
        goes straight to its handler, which checks the rules; anything else takes the whole preamble.
        ``seat`` is ``Any``: compiled, an ``int`` parameter would refuse a malformed seat with ``TypeError``."""
        phase = self.phase_name
        if INTERNED.get(id(action)) == phase and seat == self.turn and seat.__class__ is int:
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
                lowest = self.options.integer("min_bid")
                raise IllegalAction(msg_n("the lowest bid is {n} honour", "the lowest bid is {n} honours", lowest))
            if rank <= self.high:
                high = BIDS[self.high].args
                raise IllegalAction(msg("a bid must beat {bid}", bid=bid_words(int(high[0]), int(high[1]))))
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
        event = contract_event(self.napoleon, n, suit)
        self.log.append(event)
        return [event]

    # -- the adjutant and the widow -----------------------------------------------------------------
    def _name(self, seat: int, action: Action) -> tuple[Event, ...]:
        card = int(action.args[0])
        if card == JOKER and not self.jokers:
            raise IllegalAction(msg("there is no joker in play"))
        self.adjutant_card = card
        nap = self.napoleon
        hands = self.hands
        events = [named_event("adjutant", nap, card)]
        holder = -1
        for s in range(PLAYERS):
            if hands[s] >> card & 1:
                holder = s
                break
        if holder == nap:
            self.alone_known = True
            events.append(named_event("alone", nap, card))
            holder = -1
        elif holder >= 0:
            events.append(named_event("adjutant_told", holder, card))
        self.adjutant_seat = holder
        # Napoleon takes the widow at once: only he sees it.
        widow = self.widow
        self.widow_taken = True
        hands[nap] |= mask_of(widow)
        self.phase_name = "discard"
        events.append(named_event("widow", nap, len(widow)))
        seen = ", ".join(map(card_name, widow))
        events.append(Event("widow_cards", nap, f"the widow held {seen}", visible_to=SEAT_SETS[nap],
                            data=(("cards", widow),), message=msg("the widow held {cards}", cards=CardsRef(widow))))
        if card in widow:
            self.alone_known = True
            events.append(named_event("alone_widow", nap, card))
        self._privates = None  # the roles, the widow and "alone" are known now
        self.log.extend(events)
        return tuple(events)

    def _discard(self, seat: int, action: Action) -> tuple[Event, ...]:
        size = len(self.widow)
        cards: tuple[Card, ...] = action.args  # type: ignore[assignment]  # cards: the shape is checked
        hand = self.hands[seat]
        for c in cards:
            if not hand >> c & 1:
                raise IllegalAction(msg("{seat} does not hold {card}", seat=SeatRef(seat), card=CardRef(c)))
        self.hands[seat] = hand & ~mask_of(cards)
        self.discards = cards
        self._privates = None  # Napoleon's now include his discards
        face_up = self.face_up = tuple(c for c in cards if HONOURS >> c & 1)
        hidden = size - len(face_up)
        if hidden:
            events = [Event("discard_private", seat, f"you discarded {', '.join(map(card_name, cards))}",
                            visible_to=SEAT_SETS[seat], action=discard_action(cards).text,
                            message=msg("you discarded {cards}", cards=CardsRef(cards))),
                      discard_event(seat, size, face_up, "")]
        else:
            events = [discard_event(seat, size, face_up, discard_action(cards).text)]
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
            raise IllegalAction(msg("{seat} does not hold {card}", seat=SeatRef(seat), card=CardRef(card)))
        trick = self.trick
        if trick:
            if len(args) != 1:
                raise IllegalAction(msg("only a joker lead names a suit"))
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
                    raise IllegalAction(msg("a joker lead must name a suit: play {joker} S, H, D or C",
                                            joker=JOKER_CODE))
            elif len(args) != 1:
                raise IllegalAction(msg("only a joker lead names a suit"))
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
                    self.log.append(PLAY_EVENTS[seat][card])
                    return PLAYED[seat][card]
                events = [PLAY_EVENTS[seat][card]]
                if card == CLUB_THREE and self.request_on and not self.joker_out:
                    self.requested = True
                    events.append(JOKER_REQUEST_EVENTS[seat])
        if card == self.adjutant_card:
            self.revealed = True
            at = (seat * 53 + card) * 2 + (seat == self.napoleon)
            event = REVEALS[at]
            if event is None:
                event = REVEALS[at] = reveal_event(seat, card, seat == self.napoleon)
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
        after the first trick, the settling after the last. The trick's event is found by a number made of
        what it says (``TRICK_EVENTS``), which costs less than a tuple key."""
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
        key = (((won_by * 16 + number) * 64 + card) * 16 + RULE_CODES[reason]) * 8 + gained
        event = TRICK_EVENTS.get(key)
        if event is None:
            event = trick_event(won_by, number, card, reason, gained)
            if len(TRICK_EVENTS) >= TRICK_EVENTS_LIMIT:
                TRICK_EVENTS.clear()
            TRICK_EVENTS[key] = event
        events.append(event)
        if number == 1 and self.discards:  # the beginner game has no discards
            self.discards_to = won_by
            extra = honour_count(mask_of(self.discards))
            self.honours[won_by] += extra
            events.append(discards_taken(won_by, extra))
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
        event = SCORE_EVENTS.get(key)
        if event is None:
            team = f"seat {nap} alone" if adj < 0 else f"seat {nap} and the adjutant seat {adj}"
            verdict = "made" if made else "failed"
            text = f"{team} took {got} honours and {verdict} {bid_text(self.bid_n, self.trump)}"
            event = Event("score", nap, text, scores=tuple(scores),
                          message=settle_message(nap, adj, got, made, bid_words(self.bid_n, self.trump)))
            if len(SCORE_EVENTS) >= 20_000:
                SCORE_EVENTS.clear()
            SCORE_EVENTS[key] = event
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
        seat, bid, got = SeatRef(self.napoleon), bid_words(self.bid_n, self.trump), self.side_honours()
        if self.made is not None:
            text += f" ({got} honour{'' if got == 1 else 's'})"
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
        # In the play a view makes no facts object: ``core.fast.views.secret_view``.
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
    table_fields: ClassVar[Mapping[str, Callable[[NapoleonPublic], object]]] = TABLE_FIELDS
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



def _phases(widow: int) -> dict[str, Phase]:
    """What each phase accepts, with ``widow`` cards in the widow (and so in the discard)."""
    return {
        "bidding": Phase(msg("{seat} must bid or pass now, not {action}"), {
            "pass": (Verb("pass"), NapoleonState._bid),
            "bid": (Verb("bid", (number(1, TOP_BID, "a number of honours"), SUIT),
                         msg("bid <honours 1..{top}> <suit>", top=TOP_BID)), NapoleonState._bid),
        }),
        "adjutant": Phase(msg("{seat} (Napoleon) must name the adjutant's card now, not {action}"), {
            "adjutant": (Verb("adjutant", (CARD_OR_JOKER,), msg("adjutant <card>")), NapoleonState._name),
        }),
        "discard": Phase(msg_n("{seat} (Napoleon) must discard {n} card now, not {action}",
                               "{seat} (Napoleon) must discard {n} cards now, not {action}", widow), {
            "discard": (Verb("discard", (CARD_OR_JOKER,), msg_n("discard <exactly {n} different card>",
                                                               "discard <exactly {n} different cards>", widow),
                             fewest=widow, most=widow, distinct=True), NapoleonState._discard),
        }),
        "play": Phase(msg("{seat} must play a card now, not {action}"), {
            "play": (Verb("play", (CARD_OR_JOKER, SUIT),
                          msg("play <card>, or {joker} <suit> for a joker lead", joker=JOKER_CODE), fewest=1, most=2),
                     NapoleonState._play),
        }),
    }


PHASES: Final = {3: _phases(3), 2: _phases(2)}
"""The phase tables by widow size (3 cards with the joker, 2 without)."""
