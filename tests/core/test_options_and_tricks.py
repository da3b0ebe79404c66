"""Typed options (defaults, validation, CLI text) and the trick helpers."""

from __future__ import annotations

import pytest

from cardsuite.cards import mask_of, parse_card, parse_cards
from cardsuite.core.auction import BidLadder, next_active, one_round_order
from cardsuite.core.errors import OptionError
from cardsuite.core.options import OptionSpec, parse_option_pairs, resolve_options
from cardsuite.core.tricks import Trick, playable, refusal, standard_winner

SPECS = (
    OptionSpec("n", 2, "a count", minimum=1, maximum=9),
    OptionSpec("flag", True, "a switch"),
    OptionSpec("mode", "a", "a choice", choices=("a", "b")),
    OptionSpec("size", 0, "a number choice", choices=(0, 30)),
)


def test_defaults_fill_in_and_non_default_is_what_records_store() -> None:
    opts = resolve_options(SPECS, {"mode": "b", "n": "3"})
    assert dict(opts) == {"n": 3, "flag": True, "mode": "b", "size": 0}
    assert opts.non_default() == {"n": 3, "mode": "b"}
    assert opts.integer("n") == 3 and opts.flag("flag") and opts.text("mode") == "b"


def test_option_values_in_words() -> None:
    assert [spec.values_text() for spec in SPECS] == ["1..9", "true, false", "a, b", "0, 30"]


@pytest.mark.parametrize(("given", "message"), [
    ({"nope": 1}, "unknown option 'nope'"),
    ({"n": 0}, "below the minimum"),
    ({"n": "x"}, "not a whole number"),
    ({"flag": "maybe"}, "not true or false"),
    ({"mode": "c"}, "not one of a, b"),
    ({"size": 15}, "not one of 0, 30"),
    ({"n": True}, "not a whole number"),
])
def test_bad_options_are_refused_with_reasons(given: dict[str, object], message: str) -> None:
    with pytest.raises(OptionError, match=message):
        resolve_options(SPECS, given)


def test_cli_pairs() -> None:
    assert parse_option_pairs(["a=1", " b = x "]) == {"a": "1", "b": "x"}
    with pytest.raises(OptionError, match="key=value"):
        parse_option_pairs(["oops"])
    with pytest.raises(OptionError, match="'ties' is given twice"):
        parse_option_pairs(["ties=rebid", " ties = discard"])


def test_follow_suit_must_trump_and_free_cards() -> None:
    hand = mask_of(parse_cards(["AS", "2H", "3C"]))
    spades, hearts, diamonds, clubs = 0, 1, 2, 3
    assert playable(hand, spades) == mask_of([parse_card("AS")])
    assert playable(hand, diamonds) == hand
    assert playable(hand, diamonds, trump=clubs, must_trump=True) == mask_of([parse_card("3C")])
    assert playable(hand, -1) == hand
    assert refusal(hand, parse_card("2H"), spades) == "must follow spades"
    assert refusal(hand, parse_card("2H"), diamonds, clubs, True) == "must trump (clubs) when void in diamonds"
    assert refusal(hand, parse_card("KD"), spades) == "does not hold that card"
    joker_hand = hand | 1 << 52
    assert playable(joker_hand, spades, free=1 << 52) == mask_of([parse_card("AS"), 52])
    del hearts


def test_standard_winner() -> None:
    cards = tuple(parse_cards(["5S", "KS", "2H", "AS"]))
    assert standard_winner(Trick(cards, (0, 1, 2, 3), 0, 1, 2)) == (2, "highest trump")
    assert standard_winner(Trick(cards, (0, 1, 2, 3), 0, -1, 2)) == (3, "highest spade")


def test_ladder_and_orders() -> None:
    ladder = BidLadder(("1", "2", "3", "0", "4", "5"))
    assert ladder.above("3") == ("0", "4", "5")
    assert ladder.beats("0", "3") and not ladder.beats("3", "0")
    assert ladder.top == "5"
    assert one_round_order(3, 4) == (3, 0, 1, 2)
    assert next_active(4, 5, [False, True, True, False, False]) == 0
    assert next_active(0, 2, [True, True]) is None
