"""Record notation read with refusals in words (``core.cardparse``) and without (``cards``): the same cards, and
the same refusals, a ``Message`` from the core and its English from ``cardsuite.cards``."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardsuite import cards
from cardsuite.cards import CardError, read_card, read_rank, read_suit
from cardsuite.core import cardparse
from cardsuite.core.message import Message

BAD_CARDS = ["", " ", "A", "ß", "1S", "ZZ", "AX", "11H", "KSS", "10", "♠A", "K" * 40]
BAD_SUITS = ["", "X", "SS", "spades", "♠♠"]
BAD_RANKS = ["", "1", "11", "QS", "Z", "ace"]


def refusal(parse: Callable[[str], object], text: str) -> CardError:
    with pytest.raises(CardError) as caught:
        parse(text)
    return caught.value


@pytest.mark.parametrize("text", BAD_CARDS)
def test_a_card_refused_in_words_and_in_english_says_the_same(text: str) -> None:
    reason = refusal(cardparse.parse_card, text).args[0]
    assert isinstance(reason, Message)
    assert reason.key in ("not a card: {said}", "not a card: {said} (write rank then suit, like AS, TH or JK)")
    assert dict(reason.params) == {"said": cards.said(text)}
    assert str(refusal(cards.parse_card, text)) == str(reason)
    assert read_card(text) is None


def test_a_card_too_short_is_refused_without_an_example() -> None:
    assert refusal(cardparse.parse_card, "Z").args[0].key == "not a card: {said}"
    assert refusal(cardparse.parse_card, "ZZ").args[0].key.endswith("(write rank then suit, like AS, TH or JK)")
    assert str(refusal(cardparse.parse_card, "ZZ")) == "not a card: 'ZZ' (write rank then suit, like AS, TH or JK)"


@pytest.mark.parametrize("text", BAD_SUITS)
def test_a_suit_refused_says_the_same_both_ways(text: str) -> None:
    reason = refusal(cardparse.parse_suit, text).args[0]
    assert isinstance(reason, Message) and reason.key == "not a suit: {said} (use S, H, D or C)"
    assert str(refusal(cards.parse_suit, text)) == str(reason) == f"not a suit: {cards.said(text)} (use S, H, D or C)"
    assert read_suit(text) is None


@pytest.mark.parametrize("text", BAD_RANKS)
def test_a_rank_refused_says_the_same_both_ways(text: str) -> None:
    reason = refusal(cardparse.parse_rank, text).args[0]
    assert isinstance(reason, Message) and reason.key == "not a rank: {said} (use 2-9, T, J, Q, K or A)"
    assert str(refusal(cards.parse_rank, text)) == str(reason)
    assert read_rank(text) is None


def test_a_card_listed_twice_is_refused_both_ways() -> None:
    reason = refusal(lambda _: cardparse.parse_cards(["AS", "as"]), "").args[0]
    assert isinstance(reason, Message) and reason.key == "a card is listed twice"
    assert str(refusal(lambda _: cards.parse_cards(["AS", "as"]), "")) == "a card is listed twice"


@given(st.text(max_size=4))
def test_both_readers_agree_on_any_text(text: str) -> None:
    card = read_card(text)
    if card is None:
        assert str(refusal(cards.parse_card, text)) == str(refusal(cardparse.parse_card, text))
    else:
        assert cards.parse_card(text) == cardparse.parse_card(text) == card


@given(st.integers(0, 52), st.sampled_from(["{}", " {} ", "{}\t"]))
def test_every_card_reads_back(card: int, shape: str) -> None:
    text = shape.format(cards.card_text(card))
    assert read_card(text) == read_card(text.lower()) == cardparse.parse_card(text) == card
    assert read_card(cards.card_text(card).replace("T", "10")) == card
