"""An exact double-dummy solver for plain trick play (Nap, Napas), used by the ``hard`` CPU level.

With every hand shown, the declarer plays against the other seats as one side; the solver finds the
declarer's trick count under best play by both sides (most tricks, or fewest in misère and the zero
game). It is a minimax search over bitmask hands with alpha-beta, the bounds learnt on each position at a
trick's start memoized, equivalent cards (touching in rank among the unplayed cards) tried once, and the
count capped at the tricks left to play. It reads a position only through the contract (``State.zones``,
``View.table``, ``SeatInfo``), so it also serves Napas, whose rules differ only by ``TrickRules``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import cast

from ..cards import BIT, SUIT_MASK, SUIT_OF, Card, CardSet, mask_of
from ..core.game import DealSummary, Score, State
from ..core.search import Evaluator, Policy, rollout_until

UNNAMED = -2
"""Trumps not named yet: Nap's first lead names them."""


@dataclass(frozen=True)
class TrickRules:
    """How a plain trick game differs: must-trump when void, a forced trump lead, trumps named by a lead."""

    must_trump: bool = False
    lead_trump_first: bool = False
    first_lead_names_trump: bool = False
    no_trump_contracts: tuple[str, ...] = ("misere",)
    thresholds: tuple[tuple[str, int], ...] = ()
    """Contracts scored only on made or failed, with the tricks that decide it: the solver stops
    counting there, which prunes far more (no-trump contracts: one trick fails them)."""


NAP_RULES = TrickRules(first_lead_names_trump=True, no_trump_contracts=("misere",),
                       thresholds=(("1", 1), ("2", 2), ("3", 3), ("4", 4), ("misere", 1), ("nap", 5),
                                   ("wellington", 5), ("blucher", 5)))
NAPAS_RULES = TrickRules(must_trump=True, lead_trump_first=True, no_trump_contracts=("0",),
                         thresholds=(("0", 1),))


@dataclass
class Position:
    """A play-phase position with every hand shown, as the solver sees it."""

    players: int
    hands: list[CardSet]
    turn: int
    trick: list[tuple[int, Card]]
    trump: int
    declarer: int
    minimize: bool
    opening: bool
    declarer_tricks: int
    cap: int = 99
    """The solver counts the declarer's tricks only up to this many (``TrickRules.thresholds``)."""


def position_of(state: State, rules: TrickRules) -> Position | None:
    """The solver's position for a play-phase ``state`` (``None`` outside trick play)."""
    if state.phase != "play" or len(state.to_act) != 1:
        return None
    view = state.view(next(iter(state.to_act)))
    table = view.table
    declarer = table.get("declarer")
    if not isinstance(declarer, int):
        return None
    zones = state.zones()
    hands = [mask_of(zones.get(f"hand {s}", ())) for s in range(state.players)]
    trick = [(int(s), int(c)) for s, c in cast(Iterable[tuple[int, int]], table.get("trick", ()))]
    trick_number = int(cast(int, table.get("trick_number", 1)))
    contract = str(table.get("contract"))
    no_trump = contract in rules.no_trump_contracts
    trump = int(cast(int, table.get("trump", -1)))
    if rules.first_lead_names_trump and not no_trump and trump < 0:
        trump = UNNAMED
    return Position(
        players=state.players, hands=hands, turn=next(iter(state.to_act)), trick=trick,
        trump=-1 if no_trump else trump, declarer=declarer, minimize=no_trump,
        opening=trick_number == 1 and not trick, declarer_tricks=view.seats[declarer].tricks,
        cap=dict(rules.thresholds).get(contract, 99),
    )


def _winner_and_cards(trick: list[tuple[int, Card]], trump: int) -> tuple[int, CardSet]:
    """The seat whose card wins a complete trick (the highest trump, else the highest card of the suit led:
    ``core.tricks.standard_winner_of``), and the trick's cards."""
    seat, best = trick[0]
    suit = SUIT_OF[best]
    cards = 0
    for s, card in trick:
        cards |= BIT[card]
        if SUIT_OF[card] == suit:
            if card > best:
                seat, best = s, card
        elif SUIT_OF[card] == trump:
            seat, best, suit = s, card, trump
    return seat, cards


class TrickSolver:
    """Exact declarer trick counts under best play; one instance may serve many positions (its memo)."""

    def __init__(self, rules: TrickRules, max_entries: int = 200_000) -> None:
        self.rules = rules
        self.memo: dict[tuple[object, ...], tuple[int, int]] = {}
        """What is known of a position at a trick's start: the least and the most the declarer can still take."""
        self.max_entries = max_entries

    # -- public -------------------------------------------------------------------------------------
    def tricks(self, pos: Position) -> int:
        """The declarer's final trick count under best play from ``pos`` (counted up to ``pos.cap``)."""
        hands = list(pos.hands)
        need = pos.cap - pos.declarer_tricks
        return pos.declarer_tricks + self._node(pos, hands, pos.turn, list(pos.trick), pos.trump,
                                                pos.opening, need, -1, 99, _present(hands, pos.trick))

    def card_values(self, pos: Position) -> dict[Card, int]:
        """For each card the player to move may play: the declarer's final tricks after it, best play."""
        hands = list(pos.hands)
        out: dict[Card, int] = {}
        seat = pos.turn
        need = pos.cap - pos.declarer_tricks
        present = _present(hands, pos.trick)
        allowed = self._allowed(hands[seat], pos.trick, pos.trump, pos.opening)
        for card in _representatives(allowed, present):
            hands[seat] ^= BIT[card]
            value = self._after(pos, hands, seat, card, list(pos.trick), pos.trump, need, -1, 99, present)
            hands[seat] ^= BIT[card]
            for c in _equivalents(card, allowed, present):
                out[c] = pos.declarer_tricks + value
        return out

    def best_card(self, pos: Position) -> Card:
        """A card that keeps the best result for the side to move (alpha-beta at the root)."""
        hands = list(pos.hands)
        seat = pos.turn
        need = pos.cap - pos.declarer_tricks
        maximize = self._maximizer(pos, seat)
        present = _present(hands, pos.trick)
        moves = _representatives(self._allowed(hands[seat], pos.trick, pos.trump, pos.opening), present)
        if not maximize:
            moves.reverse()  # defenders and misère declarers: try low cards first, keep the lowest
        alpha, beta = -1, 99
        best_card, best = moves[0], -2 if maximize else 100
        for card in moves:
            hands[seat] ^= BIT[card]
            value = self._after(pos, hands, seat, card, list(pos.trick), pos.trump, need, alpha, beta, present)
            hands[seat] ^= BIT[card]
            if maximize and value > best:
                best_card, best, alpha = card, value, value
            elif not maximize and value < best:
                best_card, best, beta = card, value, value
            if alpha >= beta or (maximize and best >= need) or (not maximize and best <= 0):
                break
        return best_card

    # -- search -------------------------------------------------------------------------------------
    def _maximizer(self, pos: Position, seat: int) -> bool:
        return (seat == pos.declarer) != pos.minimize

    def _allowed(self, hand: CardSet, trick: list[tuple[int, Card]], trump: int, opening: bool) -> CardSet:
        """The cards of ``hand`` that may be played to ``trick``."""
        rules = self.rules
        if trick:
            led = SUIT_MASK[SUIT_OF[trick[0][1]]]
            allowed = hand & led
            if not allowed and rules.must_trump and trump >= 0:
                allowed = hand & SUIT_MASK[trump]
            return allowed or hand
        if opening and rules.lead_trump_first and trump >= 0 and hand & SUIT_MASK[trump]:
            return hand & SUIT_MASK[trump]
        return hand

    def _node(self, pos: Position, hands: list[CardSet], seat: int, trick: list[tuple[int, Card]],
              trump: int, opening: bool, need: int, alpha: int, beta: int, present: CardSet) -> int:
        """Declarer tricks still to come (the current trick included, at most ``need``), ``seat`` to play: exact
        when it lies strictly between ``alpha`` and ``beta``, else a bound on that side (alpha-beta).
        ``present`` holds every card in a hand or on the table."""
        if need <= 0:
            return 0
        if not trick:
            left = hands[seat].bit_count()
            if not left:
                return 0
            if left < need:
                need = left  # no more tricks than are left to play: the search stops once it has them all
            if trump != UNNAMED and not opening:
                key = (*hands, seat, trump, need, pos.declarer, pos.minimize)
                found = self.memo.get(key)
                low, high = found if found is not None else (0, need)
                if low == high or low >= beta:
                    return low
                if high <= alpha:
                    return high
                a, b = max(alpha, low), min(beta, high)
                value = self._search(pos, hands, seat, trick, trump, opening, need, a, b, present)
                if value <= a:
                    high = value
                elif value >= b:
                    low = value
                else:
                    low = high = value
                if len(self.memo) >= self.max_entries:
                    self.memo.clear()
                self.memo[key] = (low, high)
                return value
        return self._search(pos, hands, seat, trick, trump, opening, need, alpha, beta, present)

    def _search(self, pos: Position, hands: list[CardSet], seat: int, trick: list[tuple[int, Card]],
                trump: int, opening: bool, need: int, alpha: int, beta: int, present: CardSet) -> int:
        """``_node`` without its memo, for ``need`` above 0. Each card's play is ``_after`` written out in the
        loop: a call per card made the whole search about half as fast again."""
        maximize = (seat == pos.declarer) != pos.minimize
        best = -1 if maximize else 99
        hand = hands[seat]
        players = pos.players
        for card in _representatives(self._allowed(hand, trick, trump, opening), present):
            hands[seat] = hand ^ BIT[card]
            played = SUIT_OF[card] if trump == UNNAMED else trump
            trick.append((seat, card))
            if len(trick) < players:
                value = self._search(pos, hands, (seat + 1) % players, trick, played, False, need, alpha, beta,
                                     present)
            else:
                winner, gone = _winner_and_cards(trick, played)
                won = 1 if winner == pos.declarer else 0
                value = won + self._node(pos, hands, winner, [], played, False, need - won, alpha - won,
                                         beta - won, present & ~gone)
            trick.pop()
            hands[seat] = hand
            if maximize:
                if value > best:
                    best = value
                    alpha = max(alpha, value)
            else:
                if value < best:
                    best = value
                    beta = min(beta, value)
            if alpha >= beta or (maximize and best >= need) or (not maximize and best <= 0):
                break
        return best

    def _after(self, pos: Position, hands: list[CardSet], seat: int, card: Card,
               trick: list[tuple[int, Card]], trump: int, need: int, alpha: int, beta: int,
               present: CardSet) -> int:
        """The value once ``seat`` has played ``card`` (already out of its hand)."""
        if trump == UNNAMED:
            trump = SUIT_OF[card]
        trick.append((seat, card))
        try:
            if len(trick) < pos.players:
                return self._node(pos, hands, (seat + 1) % pos.players, trick, trump, False, need, alpha,
                                  beta, present)
            winner, gone = _winner_and_cards(trick, trump)
            won = 1 if winner == pos.declarer else 0
            return won + self._node(pos, hands, winner, [], trump, False, need - won, alpha - won, beta - won,
                                    present & ~gone)
        finally:
            trick.pop()


def _present(hands: list[CardSet], trick: list[tuple[int, Card]]) -> CardSet:
    """Every card still in a hand or on the table."""
    present = mask_of(c for _, c in trick)
    for hand in hands:
        present |= hand
    return present


def _representatives(allowed: CardSet, present: CardSet) -> list[Card]:
    """One card of each run of ``allowed`` cards that touch in rank among the ``present`` ones (the run's
    highest), high cards first: they decide tricks, so alpha-beta cuts sooner."""
    out: list[Card] = []
    rest = allowed
    while rest:
        low = rest & -rest
        rest ^= low
        card = low.bit_length() - 1
        above = present & SUIT_MASK[SUIT_OF[card]] & ~((low << 1) - 1)
        if not (above & -above & allowed):
            out.append(card)  # the next present card up is not ours (or there is none): the run ends here
    out.reverse()
    return out


def _equivalents(card: Card, allowed: CardSet, present: CardSet) -> list[Card]:
    """``card`` and the ``allowed`` cards of its run below it (``_representatives``)."""
    out = [card]
    below = present & SUIT_MASK[SUIT_OF[card]] & (BIT[card] - 1)
    while below:
        top = 1 << (below.bit_length() - 1)
        if not top & allowed:
            break
        out.append(top.bit_length() - 1)
        below ^= top
    return out


def solve_out(state: State, solver: TrickSolver) -> State:
    """Play ``state`` to its end with best play by both sides (trick play only); returns it."""
    while not state.is_over:
        pos = position_of(state, solver.rules)
        if pos is None:
            break
        card = solver.best_card(pos)
        seat = pos.turn
        action = next(a for a in state.legal_actions(seat) if a.verb == "play" and a.args[0] == card)
        state.apply(seat, action)
    return state


@dataclass(frozen=True)
class Outcome:
    """A deal's end as the search needs it: the scores and the summary (no state to carry around)."""

    final_scores: tuple[Score, ...]
    final_summary: DealSummary
    is_over: bool = True

    def scores(self) -> tuple[Score, ...]:
        """Each seat's score change."""
        return self.final_scores

    def summary(self) -> DealSummary:
        """Who declared what, and whether it was made."""
        return self.final_summary


def _trick_number(state: State) -> int:
    if state.phase != "play" or not state.to_act:
        return 0
    return int(cast(int, state.view(next(iter(state.to_act))).table.get("trick_number", 0)))


def solved_evaluator(rules: TrickRules, solve_from_trick: int = 2) -> Evaluator:
    """A ``SearchBot`` evaluator: solve the trick play exactly; before it, roll out with the policy.

    From a play-phase decision it solves at once. From a bidding (or exchange) decision, the rollout
    policy finishes the auction and plays until trick ``solve_from_trick`` begins, and the solver takes
    over from there: solving a whole deal from its first lead costs several times more, and bidding
    wants many sampled deals more than exact first tricks.

    The score of a plain trick game depends only on the contract, the declarer and the declarer's
    tricks, so each (contract, declarer, tricks) outcome is found once by playing the solved line out
    through the contract and then reused. The solver and that table belong to one evaluator (one bot).
    """
    solver = TrickSolver(rules)
    outcomes: dict[tuple[object, ...], Outcome] = {}

    def evaluate(state: State, seat: int, rng: random.Random, policy: Policy) -> State | Outcome:
        del seat
        if state.phase != "play":
            rollout_until(state, rng, policy, lambda s: _trick_number(s) >= solve_from_trick)
        pos = position_of(state, rules) if not state.is_over else None
        if pos is None:
            return state
        tricks = solver.tricks(pos)
        key = (state.view(pos.turn).table.get("contract"), pos.declarer, tricks)
        found = outcomes.get(key)
        if found is None:
            final = solve_out(state, solver)
            found = outcomes[key] = Outcome(final.scores(), final.summary(), final.is_over)
        return found

    return evaluate
