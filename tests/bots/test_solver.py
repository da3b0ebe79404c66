"""The double-dummy trick solver: exact against a plain minimax, and on hands whose result is obvious."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsuite.cards import BIT, SUIT_MASK, SUIT_OF, mask_of, parse_cards
from cardsuite.core.registry import get_game
from cardsuite.core.tricks import standard_winner_of
from cardsuite.games.tricksolver import (
    NAP_RULES,
    NAPAS_RULES,
    Position,
    TrickRules,
    TrickSolver,
    _winner_and_cards,
    position_of,
)

NAP = get_game("nap")


def winner(trick: list[tuple[int, int]], trump: int) -> int:
    """The seat that wins a complete trick: the highest trump, else the highest card of the suit led."""
    led = SUIT_OF[trick[0][1]]
    return max(trick, key=lambda p: (SUIT_OF[p[1]] == trump, SUIT_OF[p[1]] == led, p[1] % 13))[0]


def brute(pos: Position, rules: TrickRules) -> int:
    """Declarer's final tricks by plain minimax: no memo, no pruning, no card equivalence."""

    def legal(hands: list[int], seat: int, trick: list[tuple[int, int]], trump: int, opening: bool) -> list[int]:
        hand = hands[seat]
        if trick:
            led = SUIT_OF[trick[0][1]]
            allowed = hand & SUIT_MASK[led]
            if not allowed and rules.must_trump and trump >= 0:
                allowed = hand & SUIT_MASK[trump]
            allowed = allowed or hand
        elif opening and rules.lead_trump_first and trump >= 0 and hand & SUIT_MASK[trump]:
            allowed = hand & SUIT_MASK[trump]
        else:
            allowed = hand
        return [c for c in range(52) if allowed >> c & 1]

    def go(hands: list[int], seat: int, trick: list[tuple[int, int]], trump: int, opening: bool) -> int:
        if not any(hands) and not trick:
            return 0
        results = []
        for card in legal(hands, seat, trick, trump, opening):
            t = SUIT_OF[card] if trump == -2 else trump
            hands[seat] ^= BIT[card]
            nxt = [*trick, (seat, card)]
            if len(nxt) == pos.players:
                w = winner(nxt, t)
                results.append((w == pos.declarer) + go(hands, w, [], t, False))
            else:
                results.append(go(hands, (seat + 1) % pos.players, nxt, t, False))
            hands[seat] ^= BIT[card]
        maximize = (seat == pos.declarer) != pos.minimize
        return max(results) if maximize else min(results)

    return pos.declarer_tricks + go(list(pos.hands), pos.turn, list(pos.trick), pos.trump, pos.opening)


def random_position(rng: random.Random, cards: int, players: int, trump: int, minimize: bool) -> Position:
    deck = rng.sample(range(52), cards * players)
    hands = [sum(BIT[c] for c in deck[s * cards:(s + 1) * cards]) for s in range(players)]
    return Position(players, hands, rng.randrange(players), [], trump, 0, minimize, trump == -2, 0)


@pytest.mark.parametrize("rules", [NAP_RULES, NAPAS_RULES], ids=["nap", "napas"])
def test_solver_matches_plain_minimax(rules: TrickRules) -> None:
    rng = random.Random(7)
    for _ in range(40):
        trump = rng.choice([-1, 0, 1, 2, 3] + ([-2] if rules.first_lead_names_trump else []))
        pos = random_position(rng, rng.choice([2, 3]), rng.choice([3, 4]), trump, rng.random() < 0.3)
        pos.opening = pos.opening or (rules.lead_trump_first and rng.random() < 0.5)
        assert TrickSolver(rules).tricks(pos) == brute(pos, rules)


@pytest.mark.parametrize("rules", [NAP_RULES, NAPAS_RULES], ids=["nap", "napas"])
def test_one_solver_stays_exact_across_positions_caps_and_windows(rules: TrickRules) -> None:
    """The memo keeps bounds learnt under one search window and reuses them under others: a single solver asked
    about many related positions (every card of a line of play, several caps) still answers as plain minimax."""
    rng = random.Random(11)
    solver = TrickSolver(rules)
    for _ in range(25):
        trump = rng.choice([-1, 0, 1, 2, 3])
        pos = random_position(rng, 3, rng.choice([3, 4]), trump, rng.random() < 0.3)
        while any(pos.hands):
            still = brute(pos, rules) - pos.declarer_tricks
            for cap in (99, 1, 2, 3):
                capped = Position(pos.players, list(pos.hands), pos.turn, list(pos.trick), pos.trump, pos.declarer,
                                  pos.minimize, pos.opening, pos.declarer_tricks, cap)
                assert solver.tricks(capped) == pos.declarer_tricks + min(still, max(0, cap - pos.declarer_tricks))
            card = solver.best_card(pos)
            after = play(pos, card)
            values = [brute(play(pos, c), rules) for c in solver.card_values(pos)]
            best = min(values) if (pos.turn == pos.declarer) == pos.minimize else max(values)
            assert brute(after, rules) == best
            pos = after


def play(pos: Position, card: int) -> Position:
    """The position after the player to move plays ``card``."""
    hands = list(pos.hands)
    hands[pos.turn] ^= BIT[card]
    trick = [*pos.trick, (pos.turn, card)]
    trump = SUIT_OF[card] if pos.trump == -2 else pos.trump
    if len(trick) < pos.players:
        return Position(pos.players, hands, (pos.turn + 1) % pos.players, trick, trump, pos.declarer, pos.minimize,
                        False, pos.declarer_tricks)
    won = winner(trick, trump)
    return Position(pos.players, hands, won, [], trump, pos.declarer, pos.minimize, False,
                    pos.declarer_tricks + (won == pos.declarer))


@given(st.lists(st.integers(0, 51), min_size=2, max_size=6, unique=True), st.integers(0, 5), st.integers(-1, 3))
def test_the_solvers_trick_winner_is_the_rules(cards: list[int], leader: int, trump: int) -> None:
    """The solver judges a trick in one pass of its own; it must agree with ``core.tricks``, which the games use."""
    seats = [(leader + i) % len(cards) for i in range(len(cards))]
    index = standard_winner_of(cards, SUIT_OF[cards[0]], trump)[0]
    assert _winner_and_cards(list(zip(seats, cards, strict=True)), trump) == (seats[index], mask_of(cards))


def test_card_values_match_minimax_after_each_card() -> None:
    rng = random.Random(3)
    for _ in range(15):
        pos = random_position(rng, 3, 4, rng.choice([0, 1, 2, 3]), False)
        values = TrickSolver(NAP_RULES).card_values(pos)
        assert sorted(values) == [c for c in range(52) if pos.hands[pos.turn] >> c & 1]  # every card, one by one
        for card, value in values.items():
            after = Position(pos.players, list(pos.hands), pos.turn, [], pos.trump, 0, False, False, 0)
            after.hands[pos.turn] ^= BIT[card]
            after.trick = [(pos.turn, card)]
            after.turn = (pos.turn + 1) % pos.players
            assert value == brute(after, NAP_RULES)


def deal(hands: list[str], dealer: int = 3, **options: object):  # type: ignore[no-untyped-def]
    cards = [parse_cards(h.split()) for h in hands]
    return NAP.new_deal(4, NAP.resolve_options(options, 4), dealer, hands=cards, stock=[])


def test_a_solid_suit_takes_all_five_and_low_cards_make_misere() -> None:
    state = deal(["AS KS QS JS TS", "2H 3H 4H 5H 6H", "2D 3D 4D 5D 6D", "2C 3C 4C 5C 6C"], dealer=3)
    state.apply(0, NAP.parse_action("bid nap"))
    for seat in (1, 2, 3):
        if state.phase == "bidding":
            state.apply(seat, NAP.parse_action("pass"))
    pos = position_of(state, NAP_RULES)
    assert pos is not None and TrickSolver(NAP_RULES).tricks(pos) == 5

    state = deal(["2S 3H 2D 3C 4C", "AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD"], dealer=3)
    state.apply(0, NAP.parse_action("bid misere"))
    for seat in (1, 2, 3):
        state.apply(seat, NAP.parse_action("pass"))
    pos = position_of(state, NAP_RULES)
    assert pos is not None and pos.minimize and TrickSolver(NAP_RULES).tricks(pos) == 0
