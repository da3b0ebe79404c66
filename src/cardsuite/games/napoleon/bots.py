"""Napoleon's heuristic CPU players: ``normal`` (sound reading of the table) and ``easy`` (with mistakes).

Both see only their seat's ``View``. ``normal`` bids from honours, trump length and the specials it holds,
names the strongest card it lacks, discards to keep honours and trumps and to void short suits, and plays
by side: it knows Napoleon, learns the adjutant when the named card falls (or, as the adjutant, from the
start), and until then reads the cards: a seat that feeds honours to Napoleon's winning card is suspected
of being the adjutant, a seat that beats Napoleon is taken for an ally.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Final, cast

from ...cards import BIT, JOKER, RANK_OF, SUIT_MASK, SUIT_OF, SUITS, Card, mask_of
from ...core.fast.views import sorted_hand
from ...core.game import Action, ReasonedBot, State, View
from ...core.message import CardRef, Message, SuitRef, msg, msg_n
from ...core.search import Policy
from ..trickplay import pick
from .actions import BIDS, PASS
from .beginner import BeginnerState
from .deck import CLUB_THREE, HEART_QUEEN, MIGHTY, PLAYERS, SAME_COLOUR_JACK, SUIT_STRENGTH, TRUMP_JACK, bid_rank
from .discards import discard_action
from .rules import NapoleonState
from .sides import Reading, add_suspicion, read_log, trick_suspicion, trick_suspicion_memo
from .trick import trick_winner, winner_of

Choice = tuple[Action, Message]


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


POWER: Final = tuple(tuple(power(card, trump) for card in range(53)) for trump in range(4))
"""``POWER[trump][card]``: ``power(card, trump)``, looked up (the bots weigh cards by it all the time)."""
DUMP_ORDER: Final = tuple(
    tuple((is_honour(card), card == JOKER or power(card, trump) >= 85, power(card, trump)) for card in range(53))
    for trump in range(4)
)
"""``DUMP_ORDER[trump][card]``: how little ``_dump`` wants to keep ``card`` (least first)."""
HIGHER_IN_SUIT: tuple[int, ...] = tuple(
    mask_of(c for c in range(52) if SUIT_OF[c] == SUIT_OF[card] and RANK_OF[c] > RANK_OF[card]) for card in range(52)
)
"""``HIGHER_IN_SUIT[card]``: the cards of ``card``'s suit that outrank it."""
STRONGER: tuple[tuple[int, ...], ...] = tuple(
    tuple(mask_of(c for c in range(53) if power(c, trump) > power(card, trump)) for card in range(53))
    for trump in range(4)
)
"""``STRONGER[trump][card]``: the cards with more ``power`` than ``card`` under ``trump``."""


def played_mask(view: View) -> int:
    """Every card played so far, from the history."""
    mask = 0
    for event in view.history:
        if event.kind == "play" and event.card is not None:
            mask |= BIT[event.card]
    return mask


TOP_TRUMP_WORTH: Final = {14: 1.6, 13: 1.2, 12: 1.0}
"""What the ace, king and queen of trumps add to ``hand_score`` (any other trump adds 0.6)."""


def card_worth(card: Card, trump: int) -> float:
    """What one card adds to ``hand_score`` with ``trump``: the specials, then trumps, side aces, the heart
    queen (0 for any other card)."""
    if card == MIGHTY:
        return 3.0
    if card in (JOKER, TRUMP_JACK[trump]):
        return 2.5
    if card == SAME_COLOUR_JACK[trump]:
        return 2.0
    if SUIT_OF[card] == trump:
        return TOP_TRUMP_WORTH.get(RANK_OF[card], 0.6)
    if RANK_OF[card] == 14:
        return 1.0
    if card == HEART_QUEEN:
        return 0.4
    return 0.0


HAND_WORTH: Final = tuple(tuple(card_worth(card, trump) for card in range(53)) for trump in range(4))
"""``HAND_WORTH[trump][card]``: ``card_worth(card, trump)``, looked up (``hard``'s sampler scores every
sampled hand in every suit)."""


def hand_score(hand: Sequence[Card], trump: int) -> float:
    """How many honours beyond a base this hand adds as Napoleon with ``trump`` (a rough estimate): each
    card's ``card_worth`` added in the hand's order (a sum of floats depends on it; adding a card worth
    nothing adds 0.0, which changes no sum), then 0.6 for each void side suit when it holds 4 trumps."""
    worth = HAND_WORTH[trump]
    score = 0.0
    trumps = 0
    for card in hand:
        score += worth[card]
        trumps += SUIT_OF[card] == trump
    if trumps >= 4:
        held = {SUIT_OF[c] for c in hand}
        for suit in SUITS:
            if suit != trump and suit not in held:
                score += 0.6  # a void to trump in
    return score


_MEMO_LIMIT: Final = 10_000
"""Entries the memo of ``best_trump`` keeps before it starts again (bounds a table's memory)."""

_BEST_TRUMP: dict[tuple[Card, ...], tuple[int, float]] = {}


def best_trump(hand: Sequence[Card]) -> tuple[int, float]:
    """The suit with the best ``hand_score`` (spades first among equals) and that score, remembered for
    each hand (a pure function; the bidding inference of ``hard`` asks it for thousands of sampled hands,
    and a seat bids several times with one hand). The hand keeps its order: the score is a sum of floats."""
    key = tuple(hand)  # a view's hand is a tuple already: no copy
    found = _BEST_TRUMP.get(key)
    if found is None:
        if len(_BEST_TRUMP) > _MEMO_LIMIT:
            _BEST_TRUMP.clear()
        found = (0, hand_score(hand, 0))
        for suit in SUITS[1:]:  # only a higher score displaces an earlier suit
            score = hand_score(hand, suit)
            if score > found[1]:
                found = (suit, score)
        _BEST_TRUMP[key] = found
    return found


def _no_sides() -> tuple[set[int], set[int]]:
    """``sides`` in the beginner game: every seat for itself, nobody to help, nobody singled out."""
    return set(), set()


_LAST_READING: list[Reading | None] = [None]
"""The latest ``Reading`` made by any ``state_policy``: every seat's policy of one rollout goes on from it."""


class NormalNapoleonBot(ReasonedBot):
    """A sound heuristic Napoleon player."""

    level = "normal"
    mistake_rate = 0.0
    bid_noise = 0.0
    lead_trumps = True
    base = 7.0  # honours expected = base + slope * hand_score: the fit on normal-vs-normal deals plus 2,
    slope = 0.8  # for being Napoleon pays while the bid is made more often than about 40%

    def decide(self, view: View, rng: random.Random) -> Choice:
        """The chosen action and why."""
        if view.phase != "discard" and len(view.legal) == 1:  # a discard has 66 or 286 choices: not read
            return view.legal[0], msg("the only legal move")
        if self.mistake_rate and view.phase == "play" and rng.random() < self.mistake_rate:
            return view.legal[rng.randrange(len(view.legal))], msg("a hunch")
        if view.phase == "bidding":
            return self._bid(view, rng)
        if view.phase == "adjutant":
            return self._name(view, rng)
        if view.phase == "discard":
            return self._discard(view, rng)
        return self._play(view, rng)

    def state_policy(self) -> Policy:
        """This bot as a rollout policy that reads the live state (``bots.search.bot_policy`` uses it):
        exactly ``choose(state.view(seat), rng)``, with the same draws from ``rng``, but without a view.

        Every card of every rollout of ``hard`` asks this bot; through a window, each of them built the
        window, read its fields one by one, and read the whole history for the cards played and for whose
        side everyone is on. Here a card (and a bid) reads only what the seat knows from the state: its hand,
        its legal actions, the trick, trumps, the public roles and its own role, as the table and
        ``private`` give them; the cards played and the suspicion come from a ``Reading`` carried from card
        to card (``read_log``). A position with one legal action takes it at once, as ``decide`` does. Other
        phases (naming the adjutant, the discard: once a deal each) go through ``State.window``.
        ``tests/bots/test_fast_policy.py`` compares the two over thousands of positions.
        """
        last = _LAST_READING

        def policy(state: State, seat: int, rng: random.Random) -> Action:
            deal = cast(NapoleonState, state)
            phase = deal.phase_name
            if phase == "play":
                legal = deal.legal_actions(seat)
                if len(legal) == 1:
                    return legal[0]
                if self.mistake_rate and rng.random() < self.mistake_rate:
                    return legal[rng.randrange(len(legal))]
                beginner = isinstance(deal, BeginnerState)
                nap = -1 if beginner else deal.napoleon
                trump = deal.trump
                reading = last[0] = read_log(deal.log, nap, trump, last[0])
                cards = tuple(deal.trick)
                if beginner:
                    return self._card(seat, legal, deal.hands[seat], cards, tuple(deal.trick_seats), trump,
                                      deal.trick_number, deal.led, deal.yoromeki, reading.played, True,
                                      cast(BeginnerState, deal).widow_shown, None, _no_sides, rng)[0]
                role = None if deal.adjutant_card < 0 else (
                    "napoleon" if seat == nap else "adjutant" if seat == deal.adjutant_seat else "allies")
                adjutant = deal.adjutant_seat if deal.adjutant_seat >= 0 else nap
                shown = adjutant if deal.revealed else None  # the table's "adjutant" during the play
                alone = seat == nap and deal.alone_known

                def sides() -> tuple[set[int], set[int]]:  # asked only when following to a trick
                    return self._sides(seat, nap, shown, role, alone, reading.suspicion)

                return self._card(seat, legal, deal.hands[seat], cards, tuple(deal.trick_seats), trump,
                                  deal.trick_number, deal.led, deal.yoromeki, reading.played, False, (), role,
                                  sides, rng)[0]
            if phase == "bidding":
                legal = deal.legal_actions(seat)
                if len(legal) == 1:
                    return legal[0]
                return self._bid_with(sorted_hand(deal.hands[seat]) if deal.hands[seat] else (), legal, rng)[0]
            return self.choose(state.window(seat), rng)

        return policy

    # -- bidding, naming, discarding ----------------------------------------------------------------
    def _bid(self, view: View, rng: random.Random) -> Choice:
        return self._bid_with(view.hand, view.legal, rng)

    def _bid_with(self, hand: tuple[Card, ...], legal: Sequence[Action], rng: random.Random) -> Choice:
        """``_bid`` from the hand (in a view's order: ``best_trump`` sums floats in it) and the legal bids."""
        best_suit, best = best_trump(hand)
        estimate = self.base + self.slope * best + (rng.gauss(0, self.bid_noise) if self.bid_noise else 0.0)
        bids = [a for a in legal if a.verb == "bid"]
        pass_action = next(a for a in legal if a.verb == "pass")
        mine = [a for a in bids if int(a.args[1]) == best_suit]
        if mine:
            cheapest = min(mine, key=lambda a: bid_rank(int(a.args[0]), int(a.args[1])))
            n = int(cheapest.args[0])
            if n <= estimate:
                return cheapest, msg_n("about {n} honour with {suit} as trumps",
                                       "about {n} honours with {suit} as trumps",
                                        round(estimate), suit=SuitRef(best_suit))
        return pass_action, msg_n("the hand is worth about {n} honour: not enough to outbid",
                                  "the hand is worth about {n} honours: not enough to outbid", round(estimate))

    def bid_for(self, hand: Sequence[Card], lowest: int) -> Action:
        """What ``_bid`` chooses for ``hand`` (in a view's order) when the lowest legal bid has the rank
        ``lowest`` (the legal actions are ``BID_CHOICES[lowest]``), without a view: the sampler that keeps
        deals whose bids this player would have made asks it for every bid of a sampled deal
        (``Napoleon.inferred_deal``). The same arithmetic as ``_bid``: the cheapest legal bid in the best
        suit is the first rank from ``lowest`` on with that suit's place in the ladder. Only for levels
        without bidding noise (``bid_noise`` 0: the choice draws nothing from a generator)."""
        assert not self.bid_noise, "a noisy bid draws from the generator: ask _bid through a view"
        best_suit, best = best_trump(hand)
        rank = lowest + (SUIT_STRENGTH[best_suit] - lowest) % 4
        if rank < len(BIDS) and rank // 4 + 1 <= self.base + self.slope * best:
            return BIDS[rank]
        return PASS

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
            return legal[choices[0]], msg("name {card}: the strongest card I lack", card=CardRef(choices[0]))
        return legal[wanted[0]], msg("I hold every strong card: play alone")

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
        return discard_action(chosen), msg("keep honours and trumps, shorten the side suits")  # one of view.legal

    # -- reading the table --------------------------------------------------------------------------
    def sides(self, view: View) -> tuple[set[int], set[int]]:
        """(friends, foes) as far as this seat can tell; the rest are unknown."""
        table = view.table
        if table.get("beginner"):
            return set(), set()  # every seat for itself: nobody to help, nobody singled out
        private = view.private
        return self._sides(view.seat, cast(int, table["declarer"]), cast("int | None", table.get("adjutant")),
                           cast("str | None", private.get("role")), bool(private.get("alone")),
                           lambda: self.suspicion(view))

    @staticmethod
    def _sides(me: int, nap: int, adjutant: int | None, role: str | None, alone: bool,
               suspicion: Callable[[], dict[int, int]]) -> tuple[set[int], set[int]]:
        """``sides`` from the facts it reads (outside the beginner game): Napoleon's seat, the adjutant's
        once everyone knows it, this seat's role, whether Napoleon knows he plays alone, and a function
        giving the ``suspicion`` of each seat, asked only when the roles leave someone unknown."""
        others = set(range(PLAYERS)) - {me}
        if role == "napoleon":
            if adjutant is not None and adjutant != me:
                return {adjutant}, others - {adjutant}
            if alone:
                return set(), others
            likely = {s for s, v in suspicion().items() if v >= 2}
            return likely, others - likely  # three of the four others are allies: assume the worst
        if role == "adjutant":
            return {nap}, others - {nap}
        foes = {nap}
        if adjutant is not None:
            foes.add(adjutant)
            return others - foes, foes
        suspects = suspicion()
        foes |= {s for s, v in suspects.items() if v >= 2 and s != nap}
        friends = {s for s, v in suspects.items() if v <= -1 and s != nap}
        return friends, foes

    def suspicion(self, view: View) -> dict[int, int]:
        """Per seat: + for feeding honours to Napoleon's winning card, - for beating Napoleon.

        Each trick is read on its own (``trick_suspicion``, remembered for tricks already complete).
        """
        nap = cast(int, view.table["declarer"])
        trump = cast(int, view.table["trump"])
        score = {s: 0 for s in range(view.players) if s != nap}
        plays: list[tuple[int, Card]] = []
        led = -1
        for event in view.history:
            kind = event.kind
            if kind == "play" and event.seat is not None and event.card is not None:
                if not plays:
                    led = int(cast(int, dict(event.data)["suit"])) if event.card == JOKER else SUIT_OF[event.card]
                plays.append((event.seat, event.card))
            elif kind == "trick":
                add_suspicion(score, trick_suspicion_memo(tuple(plays), led, trump, nap))
                plays = []
        if plays:
            add_suspicion(score, trick_suspicion(tuple(plays), led, trump, nap))
        return score

    # -- play ---------------------------------------------------------------------------------------
    def _play(self, view: View, rng: random.Random) -> Choice:
        """A card to play, from the view's fields (``_card`` decides; the search path gives it the same
        facts read from the live state, ``state_policy``)."""
        table = view.table
        trick = cast("tuple[tuple[int, Card], ...]", table["trick"])
        number, led = 0, -1
        if trick:
            number = cast(int, table["trick_number"])
            joker_suit = cast("int | None", table.get("joker_suit"))
            led = SUIT_OF[trick[0][1]] if joker_suit is None else joker_suit
        beginner = bool(table.get("beginner"))  # every seat for itself
        shown = cast("tuple[Card, ...]", table.get("widow_shown", ())) if beginner else ()
        return self._card(view.seat, view.legal, mask_of(view.hand), tuple(c for _, c in trick),
                          tuple(s for s, _ in trick), cast(int, table["trump"]), number, led,
                          bool(view.options.get("yoromeki", True)), played_mask(view), beginner, shown,
                          cast("str | None", view.private.get("role")), lambda: self.sides(view), rng)

    def _card(self, seat: int, legal: Sequence[Action], hand: int, played_cards: tuple[Card, ...],
              trick_seats: Sequence[int], trump: int, number: int, led: int, yoromeki: bool, played: int,
              beginner: bool, widow_shown: tuple[Card, ...], role: str | None,
              sides: Callable[[], tuple[set[int], set[int]]], rng: random.Random) -> Choice:
        """A card to play, from the facts a seat knows: its legal plays and hand (a mask), the trick so far
        (its cards and their seats), trumps, the trick's number and the suit led (-1 on a lead), whether
        yoromeki is on, the cards played so far (a mask), the beginner game's turned-up widow cards, this
        seat's role, and a function that tells (friends, foes) when asked (``sides`` reads the whole history,
        and a lead does not ask whose side anyone is on). Each fact is read when a rule needs it: every
        rollout of ``hard`` makes these choices."""
        by_card: dict[Card, Action] = {}
        for a in legal:
            by_card.setdefault(a.args[0], a)  # type: ignore[arg-type]  # a play's first argument is a card
        cards = list(by_card)
        if not played_cards:
            return self._lead(seat, legal, hand, cards, by_card, trump, played, yoromeki, beginner, widow_shown,
                              role, rng)
        friends, foes = sides()
        gone = played | hand
        now, _ = winner_of(played_cards, led, trump, number)
        leader_seat = trick_seats[now]
        last = len(played_cards) == PLAYERS - 1
        strength = POWER[trump].__getitem__
        if leader_seat in friends:
            to_come = [(seat + i) % PLAYERS for i in range(1, PLAYERS - len(played_cards))]
            secure = (last or all(s in friends for s in to_come)
                      or self._boss(played_cards[now], trump, gone, yoromeki))
            if secure:
                card = self._feed(cards, trump, rng)
                return by_card[card], self._feed_reason(cards, card)
            return by_card[self._dump(cards, trump, rng)], msg("my partner is winning: play low")
        held = mask_of(played_cards)  # winner_of for each card I could add, from the trick's mask (the same)
        winning = [card for card in cards
                   if trick_winner(held | BIT[card], (*played_cards, card), led, trump, number, True, True, True)[0]
                   == card]
        if winning:
            honours = sum(1 for c in played_cards if is_honour(c))
            cheapest = pick(winning, strength, rng)
            worth = honours > 0 or last or is_honour(cheapest) or leader_seat in foes
            if worth:
                if not last and not self._boss(cheapest, trump, gone, yoromeki):
                    strong = [c for c in winning if self._boss(c, trump, gone, yoromeki)]
                    if strong and (honours >= 2 or leader_seat in foes):
                        card = pick(strong, strength, rng)
                        return by_card[card], msg("take the honours with {card}, which nobody can beat",
                                                  card=CardRef(card))
                return by_card[cheapest], msg("win with {card}, the cheapest card that is enough",
                                              card=CardRef(cheapest))
        return by_card[self._dump(cards, trump, rng)], msg("cannot win this trick: throw the least useful card")

    def _boss(self, card: Card, trump: int, gone: int, yoromeki: bool = True) -> bool:
        """Whether no unseen card could beat ``card`` (ignoring same-2 and yoromeki-less leads); ``gone`` is
        the mask of the cards played or in this hand; without ``yoromeki`` nothing beats the Mighty."""
        if card == MIGHTY:
            return bool(gone >> HEART_QUEEN & 1) or not yoromeki
        if card == JOKER:
            return bool(gone >> MIGHTY & 1)
        if POWER[trump][card] < 60:  # a plain side card: only a higher one of its suit counts here
            return not HIGHER_IN_SUIT[card] & ~gone
        return not STRONGER[trump][card] & ~gone

    def _dump(self, cards: Sequence[Card], trump: int, rng: random.Random | None = None) -> Card:
        """The least useful card: not an honour, not a special card, the weakest (``rng`` picks among equals)."""
        return pick(cards, DUMP_ORDER[trump].__getitem__, rng)

    def _feed(self, cards: Sequence[Card], trump: int, rng: random.Random | None = None) -> Card:
        """The cheapest honour to give a partner's winning trick, else the least useful card."""
        strength = POWER[trump]
        honours = [c for c in cards if strength[c] < 85 and c != JOKER and is_honour(c)]
        if honours:
            return pick(honours, strength.__getitem__, rng)
        return self._dump(cards, trump, rng)

    @staticmethod
    def _feed_reason(cards: Sequence[Card], card: Card) -> Message:
        """Why ``_feed`` gave ``card`` from the legal ``cards``: an honour, or the least useful card when no honour
        could be played or every one is a strong card (the Mighty, a jack of the trump colour) worth keeping."""
        if is_honour(card):
            return msg("my partner is winning: give them an honour")
        if any(is_honour(c) for c in cards):
            return msg("my partner is winning, but my only honours are strong cards worth keeping: play the least "
                       "useful card")
        return msg("my partner is winning, but I have no honour to give: play the least useful card")

    def _lead(self, seat: int, legal: Sequence[Action], hand: int, cards: list[Card], by_card: dict[Card, Action],
              trump: int, played: int, yoromeki: bool, beginner: bool, widow_shown: tuple[Card, ...],
              role: str | None, rng: random.Random) -> Choice:
        """A card to lead (``beginner``: every seat for itself, so lead like a Napoleon)."""
        del seat
        if beginner:  # the widow's turned-up cards are out of play
            played |= mask_of(widow_shown)
        gone = played | hand
        bosses = [c for c in cards if self._boss(c, trump, gone, yoromeki)]
        trumps_out = (SUIT_MASK[trump] & ~gone).bit_count()
        if role == "napoleon" or beginner:
            if JOKER in cards and not gone >> TRUMP_JACK[trump] & 1:
                lead = next(a for a in legal if a.args == (JOKER, trump))
                return lead, msg("lead the joker naming trumps to draw out the trump jack")
            power_trumps = [c for c in bosses if SUIT_OF[c] == trump or POWER[trump][c] >= 85]
            if power_trumps and trumps_out:
                card = max(power_trumps, key=POWER[trump].__getitem__)
                return by_card[card], msg("draw trumps with a card nobody can beat")
        if role != "napoleon" and CLUB_THREE in cards and not gone >> JOKER & 1:
            return by_card[CLUB_THREE], msg("lead the club 3 to force out the joker")
        side_aces = [c for c in cards if RANK_OF[c] == 14 and SUIT_OF[c] != trump and c != MIGHTY]
        if side_aces:
            card = side_aces[rng.randrange(len(side_aces))] if len(side_aces) > 1 else side_aces[0]
            return by_card[card], msg("cash {card} while the suit still goes round", card=CardRef(card))
        if bosses and (role == "napoleon" or beginner):
            card = pick(bosses, POWER[trump].__getitem__, rng, largest=True)
            return by_card[card], msg("cash {card}: nobody can beat it", card=CardRef(card))
        my_trumps = [c for c in cards if SUIT_OF[c] == trump and POWER[trump][c] < 85]
        if self.lead_trumps and (role == "napoleon" or beginner) and trumps_out and len(my_trumps) >= 3:
            card = min(my_trumps, key=POWER[trump].__getitem__)
            if beginner:
                return by_card[card], msg("lead a low trump to pull the others' trumps")
            return by_card[card], msg("lead a low trump to pull the Allies' trumps")
        plain = [c for c in cards if c != JOKER and not is_honour(c) and SUIT_OF[c] != trump]
        if plain:
            card = pick(plain, lambda c: RANK_OF[c], rng)
            return by_card[card], msg("lead low in a side suit and keep the strong cards")
        card = self._dump(cards, trump, rng)
        return by_card.get(card) or legal[0], msg("lead the least useful card")


class EasyNapoleonBot(NormalNapoleonBot):
    """``normal`` with deliberate mistakes: noisy bidding, a random card half of the time."""

    level = "easy"
    mistake_rate = 0.5
    bid_noise = 3.0
