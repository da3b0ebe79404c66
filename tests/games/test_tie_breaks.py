"""Heuristic CPUs choose among equally good cards with the generator they are given, not by suit order."""

from __future__ import annotations

import random

from cardsuite.bots import make_bot
from cardsuite.cards import parse_card
from cardsuite.core.registry import get_game
from cardsuite.games.napoleon.bots import NormalNapoleonBot
from cardsuite.games.trickplay import follow_to_win, highest, lowest, pick

H = 1


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def test_pick_breaks_only_exact_ties_and_only_with_a_generator() -> None:
    hand = cards("2C 2D 5S 9H")
    assert pick(hand, lambda c: c % 13) == parse_card("2C")  # no generator: the first, as min() gives
    seen = {pick(hand, lambda c: c % 13, random.Random(seed)) for seed in range(30)}
    assert seen == set(cards("2C 2D"))
    assert {pick(hand, lambda c: c % 13, random.Random(s), largest=True) for s in range(10)} == {parse_card("9H")}


def test_the_trick_helpers_spread_their_choice_over_equal_cards() -> None:
    hand = cards("2C 2D 7H KS KD")
    assert {lowest(hand, H, random.Random(s)) for s in range(30)} == set(cards("2C 2D"))
    assert {highest(hand, random.Random(s)) for s in range(30)} == set(cards("KS KD"))
    trick = [(0, parse_card("3S"))]  # hearts trumps, a spade led: the 4 and the king win, the 4 is cheaper
    picks = {follow_to_win(cards("KS 4S 2C"), trick, H, set(), 4, random.Random(s))[0] for s in range(10)}
    assert picks == {parse_card("4S")}  # a single best card stays the only choice


def test_napoleon_throws_any_of_its_equally_useless_cards() -> None:
    bot = NormalNapoleonBot()
    hand = cards("2C 2D 3H AS")
    assert {bot._dump(hand, 0, random.Random(s)) for s in range(30)} == set(cards("2C 2D"))


def test_a_heuristic_bot_is_still_deterministic_for_a_seed() -> None:
    game = get_game("nap")
    options = game.resolve_options({}, 4)
    for level in ("easy", "normal"):
        bot = make_bot(game, level)
        for seed in range(5):
            state = game.new_deal(4, options, 0, rng=random.Random(seed))
            while not state.is_over:
                seat = min(state.to_act)
                view = state.view(seat)
                first = bot.choose(view, random.Random(seed * 31 + len(view.history)))
                assert bot.choose(view, random.Random(seed * 31 + len(view.history))) == first
                state.apply(seat, first)
