"""Nap (3-6 players, 5-card hands): options, bid ladder, deal, bidding, play and scoring.

Follows ``docs/rules/nap.md``. Seats are ints, play goes clockwise (increasing seat number).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from ...cards import (
    BIT,
    RANK_OF,
    SUIT_NAMES,
    SUIT_OF,
    Card,
    card_name,
    card_text,
    cards_in,
    deal_packets,
    mask_of,
    parse_card,
    ranked_deck,
    shuffled,
)
from ...core.auction import BidLadder, one_round_order
from ...core.errors import IllegalAction, InvalidDeal
from ...core.game import Action, DealSetup, DealSummary, Event, SeatInfo, View
from ...core.options import Options, OptionSpec
from ...core.tricks import Trick, playable, refusal, standard_winner
from ...core.turns import TurnState
from ...core.verbs import CARD, Phase, Verb, word

HAND_SIZE: Final = 5
LADDER: Final = BidLadder(("1", "2", "3", "misere", "4", "nap", "wellington", "blucher"))
BID_NAMES: Final = {
    "1": "1", "2": "2", "3": "3", "4": "4", "misere": "misère",
    "nap": "nap", "wellington": "Wellington", "blucher": "Blücher",
}
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
PLAY_ACTIONS: Final = tuple(Action("play", (c,), f"play {card_text(c)}") for c in range(52))
PLAY_EVENTS: Final = tuple(
    tuple(Event("play", seat, f"seat {seat} played {card_name(c)}", card=c, action=PLAY_ACTIONS[c].text)
          for c in range(52))
    for seat in range(6)
)
_PLAYS_OF_MASK: dict[int, tuple[Action, ...]] = {}


def play_actions(mask: int) -> tuple[Action, ...]:
    """The play actions for the cards of ``mask`` (memoized: hands repeat across playouts)."""
    found = _PLAYS_OF_MASK.get(mask)
    if found is None:
        if len(_PLAYS_OF_MASK) > 100_000:
            _PLAYS_OF_MASK.clear()
        found = _PLAYS_OF_MASK[mask] = tuple(PLAY_ACTIONS[c] for c in cards_in(mask))
    return found


_DECKS: dict[int, tuple[Card, ...]] = {}


def deck_for(players: int, options: Options) -> tuple[Card, ...]:
    """The cards in use: 52, or the top players + 3 ranks of each suit."""
    lowest = 12 - players if options.text("deck") == "reduced" else 2
    deck = _DECKS.get(lowest)
    if deck is None:
        deck = _DECKS[lowest] = tuple(ranked_deck(lowest))
    return deck


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


class NapState(TurnState):
    """One deal of Nap."""

    def __init__(self, players: int, options: Options, dealer: int, hands: Sequence[Sequence[Card]],
                 stock: Sequence[Card]) -> None:
        self.players = players
        self.options = options
        self.dealer = dealer
        self._setup = DealSetup(dealer, tuple(tuple(h) for h in hands), tuple(stock))
        self.hands = [mask_of(h) for h in hands]
        self.order = one_round_order((dealer + 1) % players, players)
        self.speaker = 0  # index into order while bidding
        self.bids: list[tuple[int, str | None]] = []
        self.high: str | None = None
        self.declarer = -1
        self.phase_name = "bidding"
        self.turn = self.order[0]
        self.trump = -1
        self.led = -1
        self.trick: list[Card] = []
        self.trick_seats: list[int] = []
        self.trick_number = 1
        self.taken = [0] * players
        self.played: list[list[Card]] = [[] for _ in range(players)]
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        self.log: list[Event] = []
        self._scores: tuple[int, ...] = (0,) * players
        self.thrown_in = False
        self._bid_cache: tuple[Action, ...] | None = None

    # -- the contract -------------------------------------------------------------------------------
    def zones(self) -> dict[str, tuple[Card, ...]]:
        out = {f"hand {s}": tuple(cards_in(self.hands[s])) for s in range(self.players)}
        out["stock"] = self._setup.stock
        out["played"] = tuple(c for cards in self.played for c in cards)
        return out

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.phase_name == "over" or seat != self.turn:
            return ()
        if self.phase_name == "bidding":
            return self._legal_bids(seat)
        return play_actions(playable(self.hands[seat], self.led))

    # -- bidding ------------------------------------------------------------------------------------
    def _dealer_forced(self, seat: int) -> bool:
        return (self.options.text("all_pass") == "dealer_bids" and seat == self.dealer
                and self.high is None and self.speaker == self.players - 1)

    def _legal_bids(self, seat: int) -> tuple[Action, ...]:
        if self._bid_cache is None:
            self._bid_cache = self._compute_bids(seat)
        return self._bid_cache

    def _compute_bids(self, seat: int) -> tuple[Action, ...]:
        forced = self._dealer_forced(seat)
        lowest = "1" if forced else str(self.options.integer("lowest_bid"))
        allowed = LADDER.bids[LADDER.rank(lowest) : LADDER.rank(top_bid(self.options)) + 1]
        spoken = {b for _, b in self.bids}
        out = [] if forced else [PASS]
        for bid in allowed:
            if not LADDER.beats(bid, self.high):
                continue
            if bid == "misere" and not self.options.flag("misere"):
                continue
            if bid == "wellington" and "nap" not in spoken:
                continue
            if bid == "blucher" and "wellington" not in spoken:
                continue
            out.append(BID_ACTIONS[bid])
        return tuple(out)

    def _bid(self, seat: int, action: Action) -> tuple[Event, ...]:
        if action not in self._legal_bids(seat):
            raise IllegalAction(self._why_not_bid(seat, action))
        if action.verb == "pass":
            self.bids.append((seat, None))
            event = Event("pass", seat, f"seat {seat} passed", action="pass")
        else:
            bid = str(action.args[0])
            self.bids.append((seat, bid))
            self.high, self.declarer = bid, seat
            event = Event("bid", seat, f"seat {seat} bid {BID_NAMES[bid]}", action=BID_ACTIONS[bid].text)
        self.log.append(event)
        events = [event]
        self.speaker += 1
        self._bid_cache = None
        if self.high == top_bid(self.options) or self.speaker == self.players:
            events.extend(self._end_auction())
        else:
            self.turn = self.order[self.speaker]
        return tuple(events)

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

    def _end_auction(self) -> list[Event]:
        if self.high is None:
            self.phase_name = "over"
            self.thrown_in = True
            event = Event("redeal", None, "everyone passed: the deal is thrown in", scores=self._scores)
            self.log.append(event)
            return [event]
        self.phase_name = "play"
        self.turn = self.declarer
        text = f"seat {self.declarer} declared {BID_NAMES[self.high]}"
        event = Event("contract", self.declarer, text, data=(("contract", self.high),))
        self.log.append(event)
        return [event]

    # -- play ---------------------------------------------------------------------------------------
    def _play(self, seat: int, action: Action) -> tuple[Event, ...]:
        card: Card = action.args[0]  # type: ignore[assignment]  # a card: the shape is checked
        hand = self.hands[seat]
        if not hand >> card & 1:
            raise IllegalAction(f"seat {seat} does not hold {card_text(card)}")
        led = self.led
        if led >= 0 and not playable(hand, led) >> card & 1:
            raise IllegalAction(f"seat {seat} {refusal(hand, card, led)}")
        play_event = PLAY_EVENTS[seat][card]
        self.hands[seat] = hand ^ BIT[card]
        trick = self.trick
        if not trick:
            self.led = SUIT_OF[card]
        trick.append(card)
        self.trick_seats.append(seat)
        self.played[seat].append(card)
        if self.trick_number == 1 and len(trick) == 1 and self.high != "misere":
            self.trump = SUIT_OF[card]
            trump_event = Event("trump", seat, f"{SUIT_NAMES[self.trump]} are trumps",
                                data=(("trump", self.trump),))
            events = [trump_event, play_event]
        elif len(trick) < self.players:
            self.turn = (seat + 1) % self.players
            self.log.append(play_event)
            return (play_event,)
        else:
            events = [play_event]
        if len(trick) < self.players:
            self.turn = (seat + 1) % self.players
        else:
            events.extend(self._finish_trick())
        self.log.extend(events)
        return tuple(events)

    def _finish_trick(self) -> list[Event]:
        trick = Trick(tuple(self.trick), tuple(self.trick_seats), self.led, self.trump, self.trick_number)
        index, reason = standard_winner(trick)
        winner = self.trick_seats[index]
        card = self.trick[index]
        self.taken[winner] += 1
        self.last_trick = tuple(zip(self.trick_seats, self.trick, strict=True))
        events = [Event("trick", winner, f"seat {winner} won the trick with {card_name(card)} ({reason})",
                        card=card, winner=winner, rule=reason)]
        self.trick, self.trick_seats, self.led = [], [], -1
        self.turn = winner
        if self.trick_number == HAND_SIZE:
            events.append(self._settle())
        else:
            self.trick_number += 1
        return events

    def _settle(self) -> Event:
        assert self.high is not None
        bid = self.high
        taken = self.taken[self.declarer]
        made = taken == 0 if bid == "misere" else taken >= TRICKS_NEEDED[bid]
        win, lose = points(bid, self.options)
        per = win if made else -lose
        self._scores = tuple(per * (self.players - 1) if s == self.declarer else -per
                             for s in range(self.players))
        self.phase_name = "over"
        verdict = "made" if made else "failed"
        text = (f"seat {self.declarer} {verdict} {BID_NAMES[bid]} with {taken} trick{'s' if taken != 1 else ''}:"
                f" {per * (self.players - 1):+d}, each opponent {-per:+d}")
        return Event("score", self.declarer, text, scores=self._scores)

    # -- summaries and views ------------------------------------------------------------------------
    def made(self) -> bool | None:
        """Whether the contract was made (``None`` until scored or when thrown in)."""
        if self.phase_name != "over" or self.high is None:
            return None
        return self._scores[self.declarer] > 0

    def summary(self) -> DealSummary:
        if self.thrown_in:
            return DealSummary(redeal=True, text="all passed: thrown in")
        if self.high is None:
            return DealSummary()
        made = self.made()
        contract = BID_NAMES[self.high]
        verdict = "" if made is None else (" made" if made else " failed")
        text = f"seat {self.declarer} bid {contract}{verdict} ({self.taken[self.declarer]} tricks)"
        return DealSummary(self.declarer, self.high, made, False, text, {self.declarer: "declarer"})

    def contract_text(self) -> str:
        """The header line: who declared what, and trumps once the first lead names them."""
        if self.high is None:
            return "bidding" if self.phase_name == "bidding" else "thrown in"
        trumps = "no trumps" if self.high == "misere" else (
            f"{SUIT_NAMES[self.trump]} trumps" if self.trump >= 0 else "trumps: the first lead")
        return f"seat {self.declarer}: {BID_NAMES[self.high]}, {trumps}"

    def view(self, seat: int) -> View:
        seats = tuple(
            SeatInfo(s, self.hands[s].bit_count(), self.taken[s], "declarer" if s == self.declarer else None)
            for s in range(self.players)
        )
        table: dict[str, object] = {
            "contract_text": self.contract_text(),
            "bids": tuple(self.bids),
            "contract": self.high,
            "declarer": self.declarer if self.declarer >= 0 else None,
            "trump": self.trump,
            "trick": tuple(zip(self.trick_seats, self.trick, strict=True)),
            "trick_number": self.trick_number,
            "last_trick": self.last_trick,
        }
        return View(
            game="nap", seat=seat, players=self.players, phase=self.phase_name, to_act=self.to_act,
            hand=tuple(sorted(cards_in(self.hands[seat]), key=lambda c: (SUIT_OF[c], -RANK_OF[c]))),
            legal=self.legal_actions(seat), history=tuple(self.log), seats=seats, table=table,
            private={}, options=dict(self.options), dealer=self.dealer, is_over=self.is_over,
        )

    def clone(self) -> NapState:
        other = NapState.__new__(NapState)
        other.__dict__.update(self.__dict__)
        other.hands = list(self.hands)
        other.bids = list(self.bids)
        other.trick = list(self.trick)
        other.trick_seats = list(self.trick_seats)
        other.taken = list(self.taken)
        other.played = [list(p) for p in self.played]
        other.log = list(self.log)
        return other


NapState.phases = {
    "bidding": Phase("must bid or pass before play starts", {
        "pass": (Verb("pass"), NapState._bid),
        "bid": (Verb("bid", (word(LADDER.bids, "a bid"),), "bid <1|2|3|4|misere|nap|wellington|blucher>"),
                NapState._bid),
    }),
    "play": Phase("must play a card now", {"play": (Verb("play", (CARD,), "play <card>"), NapState._play)}),
}


def new_nap_deal(players: int, options: Options, dealer: int, rng: random.Random | None,
                 hands: Sequence[Sequence[Card]] | None, stock: Sequence[Card] | None) -> NapState:
    """Shuffle and deal 3 then 2 from the dealer's left, or check and use the given cards."""
    deck = deck_for(players, options)
    if hands is None:
        if rng is None:
            raise InvalidDeal("a new deal needs a random generator or the hands")
        dealt, rest = deal_packets(shuffled(deck, rng), players, (dealer + 1) % players, (3, 2))
        return NapState(players, options, dealer, dealt, rest)
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


