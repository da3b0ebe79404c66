"""The rules of Tiny Tricks as a ``State``: three cards each, follow suit, the highest card of the led suit wins.

Only what cardsuite offers every game is used, as any game from outside the package would: the contract
(``core.game``), the turn-based bookkeeping with its ``apply`` preamble (``core.turns``), the verbs and the
shape of their arguments (``core.verbs``), the options, the card helpers and the typed errors. An event's
text names a card with ``card_name``, which says the article already ("the king of clubs").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from cardsuite.cards import RANK_OF, SUIT_NAMES, SUIT_OF, Card, card_name, card_text, ranked_deck, sort_hand
from cardsuite.core.errors import IllegalAction, InvalidDeal
from cardsuite.core.game import Action, DealSetup, DealSummary, Event, SeatInfo, View
from cardsuite.core.options import Options, OptionSpec
from cardsuite.core.turns import TurnState
from cardsuite.core.verbs import CARD, Phase, Verb

NAME: Final = "tinytricks"
DECK: Final = tuple(ranked_deck(9))  # 24 cards: nine to ace in each suit
HAND_SIZE: Final = 3
PLAY: Final = tuple(Action("play", (card,), f"play {card_text(card)}") for card in range(52))

OPTIONS: Final = (
    OptionSpec("deals_per_player", 1, "How many times each player deals; the match ends then.", minimum=1,
               maximum=9),
    OptionSpec("last_trick", 1, "Points for taking the last trick (every other trick is worth 1).", choices=(1, 2)),
)


class TinyTricksState(TurnState):
    """One deal: ``HAND_SIZE`` tricks, each worth a point (the last one ``last_trick`` points).

    ``TurnState`` gives ``phase``, ``to_act``, ``is_over``, ``scores``, ``events`` and ``setup`` from
    ``phase_name``, ``turn``, ``log``, ``_scores`` and ``_setup``, and its ``apply`` refuses whatever the
    ``play`` phase's verbs do not fit (a deal that is over, a seat out of turn, a malformed action) before
    ``_play`` runs.
    """

    def __init__(self, players: int, options: Options, dealer: int, hands: Sequence[Sequence[Card]],
                 stock: Sequence[Card]) -> None:
        self.players = players
        self.options = options
        self.dealer = dealer
        self.hands = [list(hand) for hand in hands]
        self.stock = list(stock)
        self.phase_name = "play"
        self.turn = (dealer + 1) % players
        self.trick: list[tuple[int, Card]] = []
        self.last_trick: tuple[tuple[int, Card], ...] = ()
        self.taken: list[list[Card]] = [[] for _ in range(players)]
        self.tricks = [0] * players
        self.points = [0] * players
        self.log: list[Event] = []
        self._scores: tuple[int, ...] = (0,) * players
        self._setup = DealSetup(dealer, tuple(tuple(hand) for hand in hands), tuple(stock))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        if self.is_over or seat != self.turn:
            return ()
        hand = self.hands[seat]
        if self.trick:
            led = SUIT_OF[self.trick[0][1]]
            following = [card for card in hand if SUIT_OF[card] == led]
            hand = following or hand
        return tuple(PLAY[card] for card in sort_hand(hand))

    def _play(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Play a card (``TurnState.apply`` has checked the turn and that the argument is a card number)."""
        card = self._check(seat, action)
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        events = [Event("play", seat, f"seat {seat} played {card_name(card)}", card=card, action=str(PLAY[card]))]
        if len(self.trick) < self.players:
            self.turn = (seat + 1) % self.players
        else:
            events.extend(self._end_trick())
        self.log.extend(events)
        return tuple(events)

    def _check(self, seat: int, action: Action) -> Card:
        """The card ``action`` plays for ``seat``; ``IllegalAction`` naming the rule if it may not."""
        card = action.args[0]
        assert isinstance(card, int)
        if card not in self.hands[seat]:
            raise IllegalAction(f"seat {seat} does not hold {card_name(card)}")
        if PLAY[card] not in self.legal_actions(seat):
            led = SUIT_OF[self.trick[0][1]]
            raise IllegalAction(f"seat {seat} must follow {SUIT_NAMES[led]}")
        return card

    def _end_trick(self) -> list[Event]:
        led = SUIT_OF[self.trick[0][1]]
        winner, card = max((play for play in self.trick if SUIT_OF[play[1]] == led), key=lambda p: RANK_OF[p[1]])
        last = not any(self.hands)
        self.tricks[winner] += 1
        self.points[winner] += self.options.integer("last_trick") if last else 1
        self.taken[winner].extend(c for _, c in self.trick)
        self.last_trick, self.trick = tuple(self.trick), []
        self.turn = winner
        events = [Event("trick", winner, f"seat {winner} won the trick with {card_name(card)} (highest of "
                        f"{SUIT_NAMES[led]})", card=card, winner=winner, rule="highest")]
        if last:
            self.phase_name = "over"
            self._scores = tuple(self.points)
            events.append(Event("score", None, "the deal is over: " + ", ".join(
                f"seat {s} {p}" for s, p in enumerate(self.points)), scores=self._scores))
        return events

    def view(self, seat: int) -> View:
        return View(
            game=NAME,
            seat=seat,
            players=self.players,
            phase=self.phase,
            to_act=self.to_act,
            hand=tuple(sort_hand(self.hands[seat])),
            legal=self.legal_actions(seat),
            history=tuple(self.log),  # every event of this game is public
            seats=tuple(SeatInfo(s, len(self.hands[s]), self.tricks[s]) for s in range(self.players)),
            table={"contract_text": "every trick is worth a point", "declarer": None, "trump": -1,
                   "trick": tuple(self.trick), "last_trick": self.last_trick,
                   "trick_number": sum(self.tricks) + 1},
            private={},
            options=dict(self.options),
            dealer=self.dealer,
            is_over=self.is_over,
        )

    def clone(self) -> TinyTricksState:
        twin = TinyTricksState(self.players, self.options, self.dealer, self.hands, self.stock)
        twin.phase_name, twin.turn, twin.trick, twin.last_trick = self.phase_name, self.turn, list(self.trick), \
            self.last_trick
        twin.taken = [list(cards) for cards in self.taken]
        twin.tricks, twin.points, twin.log = list(self.tricks), list(self.points), list(self.log)
        twin._scores, twin._setup = self._scores, self._setup
        return twin

    def summary(self) -> DealSummary:
        if not self.is_over:
            return DealSummary(text="in play")
        return DealSummary(text="tricks taken: " + ", ".join(f"seat {s} {t}" for s, t in enumerate(self.tricks)))

    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        out = {f"hand {s}": tuple(hand) for s, hand in enumerate(self.hands)}
        out.update({f"taken {s}": tuple(cards) for s, cards in enumerate(self.taken)})
        out["trick"] = tuple(card for _, card in self.trick)
        out["stock"] = tuple(self.stock)
        return out



TinyTricksState.phases = {
    "play": Phase("must play a card now", {"play": (Verb("play", (CARD,), "play <card>"), TinyTricksState._play)}),
}


def check_deal(players: int, hands: Sequence[Sequence[Card]], stock: Sequence[Card]) -> None:
    """Refuse given hands and stock that are not a deal of Tiny Tricks (``InvalidDeal``)."""
    if len(hands) != players or any(len(hand) != HAND_SIZE for hand in hands):
        raise InvalidDeal(f"Tiny Tricks deals {HAND_SIZE} cards to each of {players} players")
    cards = [card for hand in hands for card in hand] + list(stock)
    if sorted(cards) != sorted(DECK):
        raise InvalidDeal("the hands and the stock must hold the 24 cards from nine to ace, each once")
