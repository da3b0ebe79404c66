"""Napas CPU players: always legal, reasons given, and the heuristics they promise."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.cards import RANK_OF, SUIT_OF, parse_card, parse_cards
from cardsuite.games.napas import GAME
from cardsuite.games.napas.bots import EasyNapasBot, NormalNapasBot, zero_reason, zero_risk
from cardsuite.games.napas.rules import NapasState

from .test_napas import rest_of_deck

HANDS = [
    "7C 8C 9C TC JC",
    "AS KS QS AH 7D",
    "JS TS 9H 8H KD",
    "9S 8S AD KH QH",
]
STOCK = "7S JH TH 7H QD JD TD 9D 8D QC KC AC"


def deal(hands: list[str] = HANDS, stock: str = STOCK) -> NapasState:
    """A deal from card notation (no ``stock``: the rest of the deck, in deck order)."""
    opts = GAME.resolve_options({}, len(hands))
    return GAME.new_deal(len(hands), opts, 0, hands=[parse_cards(h.split()) for h in hands],
                         stock=parse_cards(stock.split()) if stock else parse_cards(rest_of_deck(hands).split()))


def act(state: NapasState, *lines: str) -> None:
    for line in lines:
        seat, _, text = line.partition(" ")
        state.apply(int(seat), GAME.parse_action(text))


def test_levels() -> None:
    levels = GAME.bot_levels()
    assert set(levels) == {"easy", "normal"}
    assert levels["normal"]().level == "normal" and levels["easy"]().level == "easy"


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("bot", [NormalNapasBot, EasyNapasBot])
def test_bots_play_legal_moves_with_reasons(players: int, bot: type[NormalNapasBot]) -> None:
    rng = random.Random(players)
    player = bot()
    opts = GAME.resolve_options({}, players)
    for n in range(15):
        state = GAME.new_deal(players, opts, n % players, rng=rng)
        while not state.is_over:
            seat = min(state.to_act)
            view = state.view(seat)
            hint = player.hint(view, random.Random(n))
            assert hint.action in view.legal and hint.reason
            state.apply(seat, player.choose(view, rng))


def test_a_strong_trump_hand_bids_high_and_names_its_suit() -> None:
    state = deal(["7C 8C 9C TC JC", "AS KS QS JS AH", "TS 9S 9H 8H KD", "8S 7S AD KH QH"], "")
    bot = NormalNapasBot()
    action = bot.choose(state.view(1), random.Random(1))
    assert str(action) == "bid 5"
    act(state, "1 bid 5")
    assert str(bot.choose(state.view(1), random.Random(1))) == "trump S"


def test_a_weak_hand_passes() -> None:
    state = deal(["7C 8C 9C TC JC", "JS 9H TD 8D QC", "AS KS QS AH KH", "TS 9S 8H JD 9D"], "")
    assert str(NormalNapasBot().choose(state.view(1), random.Random(1))) == "pass"


def test_a_low_hand_tries_the_zero_game() -> None:
    state = deal(["AC KC QC AD KD", "7S 8S 7H 8H 7D", "AS KS QS AH KH", "JS TS 9H JD TD"], "")
    assert str(NormalNapasBot().choose(state.view(1), random.Random(1))) == "bid 0"


def test_the_declarer_puts_away_weak_side_cards() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S")
    action = NormalNapasBot().choose(state.view(1), random.Random(1))
    assert action.verb == "exchange" and tuple(action.args) == (parse_card("7D"),)


def test_zero_game_declarer_sheds_its_highest_losing_card() -> None:
    hands = ["AC KC QC JC TC", "7S 8S 7H 8H 9D", "AS KS QS AH KH", "JS TS 9H JD TD"]
    state = deal(hands, "")
    act(state, "1 bid 0", "2 pass", "3 pass", "0 pass", "1 exchange")
    act(state, "1 play 7H", "2 play KH", "3 play 9H", "0 play AC")  # seat 2 wins, leads
    act(state, "2 play AS")
    action = NormalNapasBot().choose(state.view(3), random.Random(1))
    assert str(action) in ("play JS", "play TS")
    act(state, "3 play TS", "0 play KC")
    assert str(NormalNapasBot().choose(state.view(1), random.Random(1))) == "play 8S"


def test_the_bot_sees_only_its_view() -> None:
    state = deal()
    view = state.view(1)
    twin = deal(["7C 8C 9C TC JC", "AS KS QS AH 7D", "9S TS 9H 8H KD", "JS 8S AD KH QH"])
    assert twin.view(1) == view
    a = NormalNapasBot().choose(view, random.Random(3))
    b = NormalNapasBot().choose(twin.view(1), random.Random(3))
    assert a == b


def test_the_zero_game_reason_names_the_high_cards_the_hand_holds() -> None:
    state = deal(["7S 7H JS 7D KH", "KS 8C 7C 9S TH", "QD QS TC QH 9D", "AH 8H 8S AD TS"],
                 "JD KC JC TD KD JH AS 9C 8D QC AC 9H")
    act(state, "1 bid 1", "2 pass", "3 bid 2")
    hint = NormalNapasBot().hint(state.view(0), random.Random(1))
    assert str(hint.action) == "bid 0"
    assert str(hint.reason) == "every high card is guarded by low cards of its suit: good for the zero game"


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([7, 2]).flatmap(
    lambda low: st.tuples(st.just(low), st.lists(st.sampled_from([c for c in range(52) if RANK_OF[c] >= low]),
                                                 min_size=5, max_size=5, unique=True))))
def test_a_zero_game_reason_is_true_of_the_hand(drawn: tuple[int, list[int]]) -> None:
    """Whatever hand the zero game is bid on, its reason says which high cards (jack up of 32 cards, 8 up of
    52) it holds and which of them have no low card of their suit, and says so truly."""
    low, hand = drawn
    reason = zero_reason(hand, low)
    high = {c for c in hand if RANK_OF[c] >= (11 if low == 7 else 8)}
    low_suits = {SUIT_OF[c] for c in hand if c not in high}
    unguarded = {c for c in high if SUIT_OF[c] not in low_suits}
    named = set(reason.param("cards").cards) if reason.params else set()  # type: ignore[union-attr]
    assert named == unguarded
    if not high:
        assert reason.key == "only low cards: good for the zero game"
    elif not unguarded:
        assert reason.key == "every high card is guarded by low cards of its suit: good for the zero game"
    elif unguarded == high:
        assert reason.key == "only low cards besides {cards}: good for the zero game"
    else:
        assert reason.key.startswith("every high card but {cards} is guarded")
    if zero_risk(hand, low) < NormalNapasBot.zero_limit:
        assert "only low cards:" not in str(reason) or max(RANK_OF[c] for c in hand) < (11 if low == 7 else 8)
