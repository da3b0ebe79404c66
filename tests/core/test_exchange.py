"""The exchange round: order, the leader's cap, a short stock, drawing top first, discards, events."""

from __future__ import annotations

import itertools
import operator

import pytest

from cardsuite.cards import mask_of, parse_cards
from cardsuite.core.errors import IllegalAction
from cardsuite.core.exchange import ExchangeRound, discard_choices, exchange_order
from cardsuite.core.tricks import lead_refusal, leadable


def cards(text: str) -> list[int]:
    return parse_cards(text.split())


def test_order_is_the_leader_then_clockwise() -> None:
    assert exchange_order(2, 4) == (2, 3, 0, 1)


def test_discard_choices_are_every_small_enough_subset_smallest_first() -> None:
    hand = cards("AS KH 7D 9C 8S")
    for limit in range(6):
        got = discard_choices(mask_of(hand), limit)
        expected = {mask_of(c) for k in range(limit + 1) for c in itertools.combinations(hand, k)}
        assert sorted(got) == sorted(expected) and len(got) == len(expected)
        assert [m.bit_count() for m in got] == sorted(m.bit_count() for m in got)
        assert got[0] == 0
    assert len(discard_choices(mask_of(cards("AS KH 7D")), 2)) == 7


def test_leader_caps_the_others_and_draws_come_from_the_top() -> None:
    stock = cards("2S 3S 4S 5S 6S")
    round_ = ExchangeRound((1, 2, 0), stock, 5, leader_word="the declarer")
    hand1 = mask_of(cards("AS KS QS JS TS"))
    assert round_.current == 1 and round_.limit(1) == 5 and round_.cap is None
    result = round_.exchange(1, hand1, mask_of(cards("QS JS")), "exchange QS JS")
    assert result.drawn == tuple(cards("2S 3S"))
    assert result.hand == mask_of(cards("AS KS TS 2S 3S"))
    assert round_.cap == 2 and round_.stock_left == 3 and round_.current == 2
    hand2 = mask_of(cards("AH KH QH JH TH"))
    with pytest.raises(IllegalAction, match="no more than the declarer exchanged"):
        round_.exchange(2, hand2, mask_of(cards("AH KH QH")), "x")
    assert round_.current == 2 and round_.stock_left == 3  # unchanged by the refusal
    round_.exchange(2, hand2, mask_of(cards("AH KH")), "exchange AH KH")
    assert round_.limit(0) == 1  # one card left in the stock
    round_.exchange(0, mask_of(cards("AD KD QD JD TD")), mask_of(cards("AD")), "exchange AD")
    assert round_.done and round_.remaining_stock == ()
    assert sorted(round_.discards) == sorted(cards("QS JS AH KH AD"))
    assert round_.counts == {1: 2, 2: 2, 0: 1}


def test_a_zero_exchange_by_the_leader_skips_everyone() -> None:
    round_ = ExchangeRound((0, 1, 2), cards("2S 3S"), 5)
    result = round_.exchange(0, mask_of(cards("AS KS QS JS TS")), 0, "exchange")
    assert round_.done
    assert [e.kind for e in result.events] == ["exchange"]
    assert result.events[0].action == "exchange" and result.events[0].visible_to is None


def test_cards_are_private_and_counts_public() -> None:
    round_ = ExchangeRound((0, 1), cards("2S 3S"), 5)
    result = round_.exchange(0, mask_of(cards("AS KS QS JS TS")), mask_of(cards("AS")), "exchange AS")
    private, public = result.events
    assert private.visible_to == frozenset({0}) and private.action == "exchange AS"
    assert "the ace of spades" in private.text and "the 2 of spades" in private.text
    assert public.visible_to is None and public.action is None
    assert public.text == "seat 0 exchanged 1 card"


def test_not_your_turn_and_cards_not_held() -> None:
    round_ = ExchangeRound((0, 1), cards("2S 3S"), 5)
    with pytest.raises(IllegalAction, match="not seat 1's turn"):
        round_.exchange(1, mask_of(cards("AS")), 0, "exchange")
    with pytest.raises(IllegalAction, match="does not hold"):
        round_.exchange(0, mask_of(cards("AS")), mask_of(cards("KS")), "exchange KS")


def test_clone_is_independent() -> None:
    round_ = ExchangeRound((0, 1), cards("2S 3S"), 5)
    twin = round_.clone()
    round_.exchange(0, mask_of(cards("AS KS")), mask_of(cards("AS")), "exchange AS")
    assert twin.current == 0 and twin.stock_left == 2 and twin.discards == []


def test_lead_restriction() -> None:
    hand = mask_of(cards("AS 7H 8D"))
    assert leadable(hand, 0) == mask_of(cards("AS"))
    assert leadable(hand, 3) == hand  # no clubs held: any card
    assert leadable(hand, -1) == hand
    why = lead_refusal(hand, cards("7H")[0], 0, "the opening lead", "a trump (spades)")
    assert why == "the opening lead must be a trump (spades) while the hand holds one"
    assert lead_refusal(hand, cards("AS")[0], 0) is None


def test_discard_choices_as_actions_are_made_when_indexed() -> None:
    from cardsuite.core.choices import DiscardChoices
    from cardsuite.core.game import Action

    made: list[int] = []

    def make(mask: int) -> Action:
        made.append(mask)
        return Action("exchange", tuple(sorted(cards_in_mask(mask))))

    hand = mask_of(cards("AS KH 7D 9C 8S"))
    for limit in range(7):
        lazy = DiscardChoices(hand, limit, make)
        masks = discard_choices(hand, min(limit, 5))
        made.clear()
        assert len(lazy) == len(masks) and not made  # nothing made to know how many there are
        assert lazy[len(lazy) - 1] == make(masks[-1]) and len(made) == 2
        assert [lazy[i] for i in range(len(lazy))] == [make(m) for m in masks] == list(lazy)
        assert lazy[-1] == lazy[len(lazy) - 1] and lazy[1:3] == tuple(make(m) for m in masks[1:3])
        assert lazy == tuple(lazy) and tuple(lazy) == lazy and hash(lazy) == hash(tuple(lazy))
        assert make(masks[-1]) in lazy and Action("exchange", (99,)) not in lazy
        with pytest.raises(IndexError):
            lazy[len(lazy)]
        with pytest.raises(IndexError):
            lazy[-len(lazy) - 1]
        with pytest.raises(TypeError):
            lazy["0"]  # type: ignore[call-overload]
    assert len(DiscardChoices(mask_of(cards("AS KH 7D")), 2, make)) == 7
    assert list(DiscardChoices(0, 3, make)) == [make(0)]


def test_discard_choices_answer_as_their_tuple_does() -> None:
    """A registered ``Sequence`` (not a subclass, so that mypyc can compile it): every question a tuple
    answers, it answers the same way, errors included."""
    from collections.abc import Sequence

    from cardsuite.core.choices import DiscardChoices
    from cardsuite.core.game import Action

    def make(mask: int) -> Action:
        return Action("exchange", tuple(cards_in_mask(mask)))

    lazy = DiscardChoices(mask_of(cards("AS KH 7D 9C 8S")), 2, make)
    same = tuple(lazy)
    assert isinstance(lazy, Sequence) and len(same) == 16
    assert operator.ne(lazy, same) is False and operator.ne(same, lazy) is False  # __ne__ both ways
    assert lazy != same[:-1] and lazy != list(same)
    assert list(reversed(lazy)) == list(reversed(same))
    for index in (0, 5, 15, -1, -16, True):
        assert lazy[index] == same[index]
    for cut in (slice(None), slice(3, 9), slice(None, None, -3), slice(-4, None), slice(9, 2, -2), slice(20, 30)):
        assert lazy[cut] == same[cut]
    assert lazy.index(same[7]) == 7 and lazy.index(same[7], 2, 8) == 7 and lazy.count(same[3]) == 1
    with pytest.raises(ValueError):
        lazy.index(same[7], 8)
    with pytest.raises(ValueError):
        lazy.index(Action("exchange", (99,)))
    assert lazy.count(Action("exchange", (99,))) == 0 and lazy.count("x") == 0
    for bad in (16, -17, 2**70):
        with pytest.raises(IndexError):
            lazy[bad]
    with pytest.raises(TypeError):
        lazy[1.0]  # type: ignore[call-overload]
    assert lazy[IndexLike(3)] == same[3]  # type: ignore[call-overload]
    assert "x" not in lazy and same[9] in lazy and repr(lazy) == f"DiscardChoices({same!r})"


class IndexLike:
    """A whole number that is not an ``int``: a tuple takes it as an index."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __index__(self) -> int:
        return self.value


def cards_in_mask(mask: int) -> list[int]:
    return [c for c in range(53) if mask >> c & 1]
