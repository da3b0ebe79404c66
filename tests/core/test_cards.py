"""Card notation (records.md): parse and format round-trip, clear errors; decks and dealing."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsuite.cards import (
    JOKER,
    CardError,
    card_symbol,
    card_text,
    cards_in,
    deal_packets,
    make_card,
    mask_of,
    parse_card,
    parse_cards,
    ranked_deck,
    shuffled,
    sort_hand,
)


@given(st.integers(0, 52))
def test_every_card_round_trips(card: int) -> None:
    assert parse_card(card_text(card)) == card
    assert parse_card(card_text(card).lower()) == card


def test_canonical_output_and_accepted_input() -> None:
    assert card_text(make_card(10, 1)) == "TH"
    assert parse_card("10h") == parse_card("TH") == parse_card("T♥")
    assert parse_card("a♠") == parse_card("AS")
    assert parse_card("jk") == JOKER
    assert card_symbol(parse_card("TH")) == "10♥"
    assert card_symbol(parse_card("TH"), ascii_only=True) == "10H"


@pytest.mark.parametrize("bad", ["", "A", "1S", "ZZ", "AX", "11H", "KSS"])
def test_bad_cards_say_what_is_wrong(bad: str) -> None:
    with pytest.raises(CardError, match="not a card"):
        parse_card(bad)


def test_duplicates_are_refused() -> None:
    with pytest.raises(CardError, match="twice"):
        parse_cards(["AS", "as"])


@given(st.sets(st.integers(0, 52)))
def test_masks_round_trip(cards: set[int]) -> None:
    assert cards_in(mask_of(cards)) == sorted(cards)


def test_decks() -> None:
    assert len(ranked_deck(2)) == 52
    assert len(ranked_deck(7)) == 32  # piquet
    assert len(ranked_deck(2, jokers=1)) == 53 and ranked_deck(2, 1)[-1] == JOKER
    assert len(ranked_deck(9)) == 24  # Nap reduced, 3 players


def test_dealing_is_seeded_and_conserves_cards() -> None:
    a = shuffled(ranked_deck(2), random.Random(7))
    b = shuffled(ranked_deck(2), random.Random(7))
    assert a == b and sorted(a) == list(range(52))
    hands, rest = deal_packets(a, 5, 2, (2, 3))
    assert all(len(h) == 5 for h in hands) and len(rest) == 27
    assert sorted([c for h in hands for c in h] + rest) == list(range(52))
    with pytest.raises(CardError):
        deal_packets(a[:10], 5, 0, (3, 2))


def test_sort_hand_groups_by_suit_high_first() -> None:
    cards = parse_cards(["2S", "AH", "KS", "JK", "3C"])
    assert [card_text(c) for c in sort_hand(cards)] == ["KS", "2S", "AH", "3C", "JK"]


def test_shuffle_is_random_shuffle_with_fewer_calls() -> None:
    """Seeded deals must not change: ``cards.shuffle`` gives ``random.shuffle``'s exact permutation."""
    import random

    from cardsuite.cards import shuffle

    for seed in range(200):
        for size in (2, 13, 32, 52, 53):
            ours, theirs = list(range(size)), list(range(size))
            mine, reference = random.Random(seed), random.Random(seed)
            shuffle(ours, mine)
            reference.shuffle(theirs)
            assert ours == theirs
            assert mine.random() == reference.random()  # and the generator is left in the same state
