"""Napoleon's heuristic CPU players: ``normal`` (sound reading of the table) and ``easy`` (with mistakes).

Both see only their seat's ``View``. ``normal`` bids from honours, trump length and the specials it holds,
names the strongest card it lacks, discards to keep honours and trumps and to void short suits, and plays
by side: it knows Napoleon, learns the adjutant when the named card falls (or, as the adjutant, from the
start), and until then reads the cards: a seat that feeds honours to Napoleon's winning card is suspected
of being the adjutant, a seat that beats Napoleon is taken for an ally.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import cast

from ...cards import JOKER, RANK_OF, SUIT_NAMES, SUIT_OF, SUITS, Card, card_name
from ...core.game import Action, ReasonedBot, View
from ...core.tricks import Trick
from ..trickplay import pick
from .rules import (
    CLUB_THREE,
    HEART_QUEEN,
    MIGHTY,
    SAME_COLOUR_JACK,
    TRUMP_JACK,
    bid_rank,
    winner,
)

Choice = tuple[Action, str]


def is_honour(card: Card) -> bool:
    """10, J, Q, K or A (the joker is not an honour)."""
    return card != JOKER and RANK_OF[card] >= 10


def power(card: Card, trump: int) -> int:
    """A static strength for choosing between cards: specials, then trumps, then rank."""
    if card == MIGHTY:
        return 100
    if card == JOKER:
        return 95
    if trump >= 0 and card == TRUMP_JACK[trump]:
        return 90
    if trump >= 0 and card == SAME_COLOUR_JACK[trump]:
        return 85
    if SUIT_OF[card] == trump:
        return 60 + RANK_OF[card]
    return RANK_OF[card]


def hand_score(hand: Sequence[Card], trump: int) -> float:
    """How many honours beyond a base this hand adds as Napoleon with ``trump`` (a rough estimate)."""
    score = 0.0
    trumps = [c for c in hand if SUIT_OF[c] == trump]
    for card in hand:
        if card == MIGHTY:
            score += 3.0
        elif card in (JOKER, TRUMP_JACK[trump]):
            score += 2.5
        elif card == SAME_COLOUR_JACK[trump]:
            score += 2.0
        elif SUIT_OF[card] == trump:
            score += {14: 1.6, 13: 1.2, 12: 1.0}.get(RANK_OF[card], 0.6)
        elif RANK_OF[card] == 14:
            score += 1.0
        elif card == HEART_QUEEN:
            score += 0.4
    for suit in SUITS:
        if suit != trump and not any(SUIT_OF[c] == suit for c in hand) and len(trumps) >= 4:
            score += 0.6
    return score


class NormalNapoleonBot(ReasonedBot):
    """A sound heuristic Napoleon player."""

    level = "normal"
    mistake_rate = 0.0
    bid_noise = 0.0
    _yoromeki = True
    lead_trumps = True
    base = 7.0  # honours expected = base + slope * hand_score: the fit on normal-vs-normal deals plus 2,
    slope = 0.8  # for being Napoleon pays while the bid is made more often than about 40%

    def decide(self, view: View, rng: random.Random) -> Choice:
        """The chosen action and why."""
        if len(view.legal) == 1:
            return view.legal[0], "the only legal move"
        if self.mistake_rate and view.phase == "play" and rng.random() < self.mistake_rate:
            return view.legal[rng.randrange(len(view.legal))], "a hunch"
        if view.phase == "bidding":
            return self._bid(view, rng)
        if view.phase == "adjutant":
            return self._name(view, rng)
        if view.phase == "discard":
            return self._discard(view, rng)
        return self._play(view, rng)

    # -- bidding, naming, discarding ----------------------------------------------------------------
    def _bid(self, view: View, rng: random.Random) -> Choice:
        best_suit, best = max(((s, hand_score(view.hand, s)) for s in SUITS), key=lambda p: (p[1], -p[0]))
        estimate = self.base + self.slope * best + (rng.gauss(0, self.bid_noise) if self.bid_noise else 0.0)
        bids = [a for a in view.legal if a.verb == "bid"]
        pass_action = next(a for a in view.legal if a.verb == "pass")
        mine = [a for a in bids if int(a.args[1]) == best_suit]
        if mine:
            cheapest = min(mine, key=lambda a: bid_rank(int(a.args[0]), int(a.args[1])))
            n = int(cheapest.args[0])
            if n <= estimate:
                return cheapest, f"about {estimate:.0f} honours with {SUIT_NAMES[best_suit]} as trumps"
        return pass_action, f"the hand is worth about {estimate:.0f} honours: not enough to outbid"

    def _name(self, view: View, rng: random.Random) -> Choice:
        trump = cast(int, view.table["trump"])
        held = set(view.hand)
        wanted = [MIGHTY, JOKER, TRUMP_JACK[trump], SAME_COLOUR_JACK[trump],
                  *(trump * 13 + r - 2 for r in (14, 13, 12)),
                  *(s * 13 + 12 for s in SUITS if s != trump)]
        legal = {int(a.args[0]): a for a in view.legal}
        choices = [c for c in wanted if c not in held and c in legal]
        if self.mistake_rate and rng.random() < self.mistake_rate:
            rng.shuffle(choices)
        if choices:
            return legal[choices[0]], f"name {card_name(choices[0])}: the strongest card I lack"
        return legal[wanted[0]], "I hold every strong card: play alone"

    def _discard(self, view: View, rng: random.Random) -> Choice:
        trump = cast(int, view.table["trump"])
        hand = list(view.hand)
        size = len(view.hand) - 10
        length = {s: sum(1 for c in hand if SUIT_OF[c] == s) for s in SUITS}

        def keep_value(card: Card) -> float:
            value = power(card, trump) + (40 if is_honour(card) else 0)
            if card not in (MIGHTY, JOKER) and SUIT_OF[card] != trump:
                value += 3 * length[SUIT_OF[card]]  # short side suits go first: voids let us trump
            return value

        order = sorted(hand, key=keep_value)
        if self.mistake_rate and rng.random() < self.mistake_rate:
            rng.shuffle(order)
        chosen = order[:size]
        action = next(a for a in view.legal if set(cast("tuple[int, ...]", a.args)) == set(chosen))
        return action, "keep honours and trumps, shorten the side suits"

    # -- reading the table --------------------------------------------------------------------------
    def sides(self, view: View) -> tuple[set[int], set[int]]:
        """(friends, foes) as far as this seat can tell; the rest are unknown."""
        me = view.seat
        if view.table.get("beginner"):
            return set(), set()  # every seat for itself: nobody to help, nobody singled out
        nap = cast(int, view.table["declarer"])
        adjutant = cast("int | None", view.table.get("adjutant"))
        role = view.private.get("role")
        others = set(range(view.players)) - {me}
        if role == "napoleon":
            if adjutant is not None and adjutant != me:
                return {adjutant}, others - {adjutant}
            if view.private.get("alone"):
                return set(), others
            likely = {s for s, v in self.suspicion(view).items() if v >= 2}
            return likely, others - likely  # three of the four others are allies: assume the worst
        if role == "adjutant":
            return {nap}, others - {nap}
        foes = {nap}
        if adjutant is not None:
            foes.add(adjutant)
            return others - foes, foes
        suspects = self.suspicion(view)
        foes |= {s for s, v in suspects.items() if v >= 2 and s != nap}
        friends = {s for s, v in suspects.items() if v <= -1 and s != nap}
        return friends, foes

    def suspicion(self, view: View) -> dict[int, int]:
        """Per seat: + for feeding honours to Napoleon's winning card, - for beating Napoleon."""
        nap = cast(int, view.table["declarer"])
        trump = cast(int, view.table["trump"])
        score = {s: 0 for s in range(view.players) if s != nap}
        cards: list[Card] = []
        seats: list[int] = []
        led = -1
        for event in view.history:
            if event.kind == "play" and event.seat is not None and event.card is not None:
                if not cards:
                    led = int(cast(int, dict(event.data)["suit"])) if event.card == JOKER else SUIT_OF[event.card]
                elif event.seat != nap and event.seat in score:
                    now, _ = winner(Trick(tuple(cards), tuple(seats), led, trump, 2))
                    after, _ = winner(Trick((*cards, event.card), (*seats, event.seat), led, trump, 2))
                    if seats[now] == nap and after == now and is_honour(event.card) and SUIT_OF[event.card] != led:
                        score[event.seat] += 2  # threw an honour on Napoleon's trick while void
                    elif seats[now] == nap and after == len(cards):
                        score[event.seat] -= 1
                cards.append(event.card)
                seats.append(event.seat)
            elif event.kind == "trick":
                cards, seats = [], []
        return score

    # -- play ---------------------------------------------------------------------------------------
    def _play(self, view: View, rng: random.Random) -> Choice:
        self._yoromeki = bool(view.options.get("yoromeki", True))
        trump = cast(int, view.table["trump"])
        trick = cast("tuple[tuple[int, Card], ...]", view.table["trick"])
        by_card: dict[Card, Action] = {}
        for a in view.legal:
            by_card.setdefault(int(a.args[0]), a)
        cards = list(by_card)
        friends, foes = self.sides(view)
        played = {e.card for e in view.history if e.kind == "play" and e.card is not None}
        if not trick:
            return self._lead(view, cards, by_card, trump, played, rng)
        number = cast(int, view.table["trick_number"])
        led = cast("int | None", view.table.get("joker_suit"))
        led = SUIT_OF[trick[0][1]] if led is None else led
        seats = tuple(s for s, _ in trick)
        played_cards = tuple(c for _, c in trick)
        now, _ = winner(Trick(played_cards, seats, led, trump, number))
        leader_seat = seats[now]
        honours = sum(1 for c in played_cards if is_honour(c))
        last = len(trick) == view.players - 1
        winning: list[Card] = []
        for card in cards:
            idx, _ = winner(Trick((*played_cards, card), (*seats, view.seat), led, trump, number))
            if idx == len(trick):
                winning.append(card)
        to_come = [(view.seat + i) % view.players for i in range(1, view.players - len(trick))]
        if leader_seat in friends:
            secure = last or all(s in friends for s in to_come) or self._boss(played_cards[now], trump, played,
                                                                             view.hand)
            if secure:
                return by_card[self._feed(cards, trump, rng)], "my partner is winning: give them an honour"
            return by_card[self._dump(cards, trump, rng)], "my partner is winning: play low"
        if winning:
            cheapest = pick(winning, lambda c: power(c, trump), rng)
            worth = honours > 0 or last or is_honour(cheapest) or leader_seat in foes
            if worth:
                if not last and not self._boss(cheapest, trump, played, view.hand):
                    strong = [c for c in winning if self._boss(c, trump, played, view.hand)]
                    if strong and (honours >= 2 or leader_seat in foes):
                        card = pick(strong, lambda c: power(c, trump), rng)
                        return by_card[card], f"take the honours with {card_name(card)}, which nobody can beat"
                return by_card[cheapest], f"win with {card_name(cheapest)}, the cheapest card that is enough"
        return by_card[self._dump(cards, trump, rng)], "cannot win this trick: throw the least useful card"

    def _boss(self, card: Card, trump: int, played: set[Card], hand: Sequence[Card]) -> bool:
        """Whether no unseen card could beat ``card`` (ignoring same-2 and yoromeki-less leads)."""
        gone = played | set(hand)
        if card == MIGHTY:
            return HEART_QUEEN in gone or not self._yoromeki
        if card == JOKER:
            return MIGHTY in gone
        if power(card, trump) < 60:  # a plain side card: only a higher one of its suit counts here
            return not any(SUIT_OF[c] == SUIT_OF[card] and RANK_OF[c] > RANK_OF[card] and c not in gone
                           for c in range(52))
        return not any(power(c, trump) > power(card, trump) and c not in gone for c in range(53))

    def _dump(self, cards: Sequence[Card], trump: int, rng: random.Random | None = None) -> Card:
        """The least useful card: not an honour, not a special card, the weakest (``rng`` picks among equals)."""
        return pick(cards, lambda c: (is_honour(c), c == JOKER or power(c, trump) >= 85, power(c, trump)), rng)

    def _feed(self, cards: Sequence[Card], trump: int, rng: random.Random | None = None) -> Card:
        """The cheapest honour to give a partner's winning trick, else the least useful card."""
        plain = [c for c in cards if power(c, trump) < 85 and c != JOKER]
        honours = [c for c in plain if is_honour(c)]
        if honours:
            return pick(honours, lambda c: power(c, trump), rng)
        return self._dump(cards, trump, rng)

    def _lead(self, view: View, cards: list[Card], by_card: dict[Card, Action], trump: int, played: set[Card],
              rng: random.Random) -> Choice:
        role = view.private.get("role")
        beginner = bool(view.table.get("beginner"))  # every seat for itself: lead like a Napoleon
        if beginner:  # the widow's turned-up cards are out of play
            played = played | set(cast("tuple[Card, ...]", view.table.get("widow_shown", ())))
        hand = list(view.hand)
        bosses = [c for c in cards if self._boss(c, trump, played, hand)]
        trumps_out = sum(1 for c in range(52) if SUIT_OF[c] == trump and c not in played and c not in hand)
        if role == "napoleon" or beginner:
            if JOKER in cards and TRUMP_JACK[trump] not in played and TRUMP_JACK[trump] not in hand:
                lead = next(a for a in view.legal if a.args == (JOKER, trump))
                return lead, "lead the joker naming trumps to draw out the trump jack"
            power_trumps = [c for c in bosses if SUIT_OF[c] == trump or power(c, trump) >= 85]
            if power_trumps and trumps_out:
                card = max(power_trumps, key=lambda c: power(c, trump))
                return by_card[card], "draw trumps with a card nobody can beat"
        if role != "napoleon" and CLUB_THREE in cards and JOKER not in played and JOKER not in hand:
            return by_card[CLUB_THREE], "lead the club 3 to force out the joker"
        side_aces = [c for c in cards if RANK_OF[c] == 14 and SUIT_OF[c] != trump and c != MIGHTY]
        if side_aces:
            card = side_aces[rng.randrange(len(side_aces))] if len(side_aces) > 1 else side_aces[0]
            return by_card[card], f"cash {card_name(card)} while the suit still goes round"
        if bosses and (role == "napoleon" or beginner):
            card = pick(bosses, lambda c: power(c, trump), rng, largest=True)
            return by_card[card], f"cash {card_name(card)}: nobody can beat it"
        my_trumps = [c for c in cards if SUIT_OF[c] == trump and power(c, trump) < 85]
        if self.lead_trumps and (role == "napoleon" or beginner) and trumps_out and len(my_trumps) >= 3:
            card = min(my_trumps, key=lambda c: power(c, trump))
            if beginner:
                return by_card[card], "lead a low trump to pull the others' trumps"
            return by_card[card], "lead a low trump to pull the Allies' trumps"
        plain = [c for c in cards if c != JOKER and not is_honour(c) and SUIT_OF[c] != trump]
        if plain:
            card = pick(plain, lambda c: RANK_OF[c], rng)
            return by_card[card], "lead low in a side suit and keep the strong cards"
        card = self._dump(cards, trump, rng)
        return by_card.get(card) or view.legal[0], "lead the least useful card"


class EasyNapoleonBot(NormalNapoleonBot):
    """``normal`` with deliberate mistakes: noisy bidding, a random card half of the time."""

    level = "easy"
    mistake_rate = 0.5
    bid_noise = 3.0
