"""Nap scenario tests: each worked example of docs/rules/nap.md (N1-N12) and each option."""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.cards import parse_card, parse_cards
from cardsuite.core.errors import IllegalAction, InvalidDeal
from cardsuite.core.game import Event, MatchProgress
from cardsuite.core.match import Match
from cardsuite.core.registry import get_game
from cardsuite.games.nap.bidding import points
from cardsuite.games.nap.rules import NapState

NAP = get_game("nap")


def deal(players: int, hands: Sequence[str], dealer: int = 0, **options: object) -> NapState:
    opts = NAP.resolve_options(options, players)
    state = NAP.new_deal(players, opts, dealer, hands=[parse_cards(h.split()) for h in hands])
    assert isinstance(state, NapState)
    return state


def act(state: NapState, *steps: str) -> None:
    for step in steps:
        seat, _, text = step.partition(" ")
        state.apply(int(seat), NAP.parse_action(text))


def legal_texts(state: NapState, seat: int) -> list[str]:
    return [str(a) for a in state.legal_actions(seat)]


FOUR = ["AS KS QS JS TS", "AH KH QH JH TH", "AD KD QD JD TD", "AC KC QC JC TC"]


def test_n1_deal_3_then_2_from_the_dealers_left() -> None:
    opts = NAP.resolve_options({}, 4)
    cards = list(range(52))
    rng = random.Random(0)
    state = NAP.new_deal(4, opts, 3, rng=rng)
    setup = state.setup()
    assert [len(h) for h in setup.hands] == [5, 5, 5, 5]
    assert len(setup.stock) == 32
    assert sorted([c for h in setup.hands for c in h] + list(setup.stock)) == cards
    assert state.to_act == frozenset({0})  # the dealer's left speaks first
    assert NAP.next_dealer(3, 4) == 0


def test_n1_packets_go_round_three_then_two() -> None:
    from cardsuite.cards import deal_packets

    hands, rest = deal_packets(list(range(52)), 4, 0, (3, 2))
    assert hands[0] == [0, 1, 2, 12, 13]
    assert hands[3] == [9, 10, 11, 18, 19]
    assert rest[0] == 20


def test_n2_bids_must_climb_the_ladder() -> None:
    state = deal(4, FOUR, dealer=3)
    act(state, "0 bid 3", "1 bid misere")
    assert "bid 3" not in legal_texts(state, 2)
    assert "bid misere" not in legal_texts(state, 2)
    with pytest.raises(IllegalAction, match="must beat"):
        act(state, "2 bid 3")
    act(state, "2 bid 4", "3 pass")
    assert state.declarer == 2 and state.high == "4" and state.phase == "play"


def test_n3_wellington_needs_a_nap_first() -> None:
    state = deal(4, FOUR, dealer=3)
    act(state, "0 pass", "1 bid 4")
    with pytest.raises(IllegalAction, match="Wellington may be bid only after nap"):
        act(state, "2 bid wellington")
    act(state, "2 bid nap")
    assert "bid wellington" in legal_texts(state, 3)
    act(state, "3 bid wellington")
    assert state.phase == "play" and state.declarer == 3  # nothing outranks Wellington by default


def test_n3_none_above_nap_ends_the_auction_at_nap() -> None:
    state = deal(4, FOUR, dealer=3, above_nap="none")
    act(state, "0 pass", "1 bid 4", "2 bid nap")
    assert state.phase == "play" and state.declarer == 2
    assert len(state.bids) == 3  # seat 3 never speaks


def test_blucher_follows_wellington_when_allowed() -> None:
    state = deal(4, FOUR, dealer=3, above_nap="blucher")
    act(state, "0 bid nap", "1 bid wellington")
    assert "bid blucher" in legal_texts(state, 2)
    act(state, "2 bid blucher")
    assert state.phase == "play" and state.declarer == 2


def test_a_bid_switched_off_by_the_options_is_refused_as_off() -> None:
    state = deal(4, FOUR, dealer=3)  # above_nap: wellington, so Blücher is off
    act(state, "0 bid nap")
    with pytest.raises(IllegalAction, match=r"Blücher is off in this game \(option above_nap is wellington\)"):
        act(state, "1 bid blucher")
    state = deal(4, FOUR, dealer=3, above_nap="none")
    act(state, "0 bid 4")
    with pytest.raises(IllegalAction, match="Wellington is off in this game"):
        act(state, "1 bid wellington")


def test_n4_first_lead_names_trumps_and_players_must_follow() -> None:
    hands = ["7H 5S 9C 2D 3D", "KS 4H 5C 6C 7C", "2H 8C 9D TD JD", "AS 3H 5H 6H 8H"]
    state = deal(4, hands, dealer=3)
    act(state, "0 bid 3", "1 pass", "2 pass", "3 pass")
    act(state, "0 play 7H")
    assert state.trump == 1  # hearts
    with pytest.raises(IllegalAction, match="must follow hearts"):
        act(state, "1 play KS")
    assert legal_texts(state, 1) == ["play 4H"]
    act(state, "1 play 4H", "2 play 2H", "3 play 6H")
    assert state.taken == [1, 0, 0, 0]


def test_n4_worked_trick() -> None:
    hands = ["5S 2C 3C 4C 6C", "KS 7C 8C 9C TC", "2H JC QC KC AC", "AS 3D 4D 5D 6D"]
    state = deal(4, hands, dealer=3)
    act(state, "0 bid 3", "1 pass", "2 pass", "3 pass")
    state.trump = 1  # as if an earlier lead had named hearts
    state.trick_number = 2
    act(state, "0 play 5S", "1 play KS", "2 play 2H", "3 play AS")
    assert state.taken == [0, 0, 1, 0]  # P3 (seat 2) wins with the 2 of hearts
    trick_event = [e for e in state.events() if e.kind == "trick"][-1]
    assert trick_event.winner == 2 and trick_event.rule == "highest trump"


def score_after(players: int, bid: str, taken: int, **options: object) -> tuple[int, ...]:
    """Scores of a deal where seat 0 declared ``bid`` and took ``taken`` tricks."""
    state = deal(players, ["2S 3S 4S 5S 6S"] + ["7S 8S 9S TS JS", "2H 3H 4H 5H 6H", "7H 8H 9H TH JH",
                                                    "2D 3D 4D 5D 6D", "7D 8D 9D TD JD"][: players - 1],
                 dealer=players - 1, **options)
    state.high, state.declarer, state.phase_name = bid, 0, "play"
    state.taken = [taken] + [0] * (players - 1)
    state._settle()
    return state.scores()


@pytest.mark.parametrize(("bid", "taken", "declarer", "each"), [
    ("3", 3, 9, -3), ("3", 2, -9, 3), ("3", 5, 9, -3),          # N5
    ("nap", 5, 15, -5), ("nap", 4, -15, 5),                      # N6
    ("misere", 0, 9, -3), ("misere", 1, -9, 3),                  # N7
    ("4", 4, 12, -4), ("4", 3, -12, 4),
])
def test_n5_n6_n7_four_player_scores(bid: str, taken: int, declarer: int, each: int) -> None:
    scores = score_after(4, bid, taken)
    assert scores == (declarer, each, each, each)
    assert sum(scores) == 0


def test_n8_wellington_five_players() -> None:
    assert score_after(5, "wellington", 5) == (40, -10, -10, -10, -10)
    assert score_after(5, "wellington", 4) == (-40, 10, 10, 10, 10)


def test_n9_ten_five_nap_points_three_players() -> None:
    assert score_after(3, "nap", 5, nap_points="10/5") == (20, -10, -10)
    assert score_after(3, "nap", 3, nap_points="10/5") == (-10, 5, 5)


def test_point_table_for_every_bid() -> None:
    opts = NAP.resolve_options({}, 4)
    ten = NAP.resolve_options({"nap_points": "10/5"}, 4)
    assert [points(b, opts) for b in ("1", "2", "3", "misere", "4", "nap", "wellington", "blucher")] == [
        (1, 1), (2, 2), (3, 3), (3, 3), (4, 4), (5, 5), (10, 10), (20, 20)]
    assert [points(b, ten) for b in ("nap", "wellington", "blucher")] == [(10, 5), (20, 10), (40, 20)]


def test_n7_misere_has_no_trumps() -> None:
    hands = ["9C 2S 3S 4S 5S", "JC 6S 7S 8S 9S", "AH TS JS QS KS", "3C 2H 3H 4H 5H"]
    state = deal(4, hands, dealer=3)
    act(state, "0 bid misere", "1 pass", "2 pass", "3 pass")
    act(state, "0 play 9C", "1 play JC", "2 play AH", "3 play 3C")
    assert state.trump == -1
    assert state.taken == [0, 1, 0, 0]


def test_n10_match_length_counts_thrown_in_deals() -> None:
    opts = NAP.resolve_options({}, 4)
    from cardsuite.core.game import DealResult, DealSummary

    def progress(n: int) -> MatchProgress:
        return MatchProgress(4, opts, tuple(DealResult((0, 0, 0, 0), DealSummary(redeal=True)) for _ in range(n)),
                             (0, 0, 0, 0))

    assert not NAP.match_over(progress(7))
    assert NAP.match_over(progress(8))


def test_all_pass_is_a_redeal_by_default() -> None:
    state = deal(4, FOUR, dealer=3)
    act(state, "0 pass", "1 pass", "2 pass", "3 pass")
    assert state.is_over and state.scores() == (0, 0, 0, 0) and state.summary().redeal


def test_n11_dealer_must_bid_from_one() -> None:
    state = deal(4, FOUR, dealer=3, all_pass="dealer_bids")
    act(state, "0 pass", "1 pass", "2 pass")
    legal = legal_texts(state, 3)
    assert "pass" not in legal and legal[:3] == ["bid 1", "bid 2", "bid 3"]
    with pytest.raises(IllegalAction, match="dealer must bid"):
        act(state, "3 pass")
    act(state, "3 bid 1")
    state.taken = [0, 0, 0, 1]
    state._settle()
    assert state.scores() == (-1, -1, -1, 3)


def test_n12_reduced_deck_four_players() -> None:
    opts = NAP.resolve_options({"deck": "reduced"}, 4)
    state = NAP.new_deal(4, opts, 0, rng=random.Random(3))
    setup = state.setup()
    every = [c for h in setup.hands for c in h] + list(setup.stock)
    assert len(every) == 28 and len(setup.stock) == 8
    assert {c % 13 + 2 for c in every} == {8, 9, 10, 11, 12, 13, 14}
    with pytest.raises(InvalidDeal, match="not in the deck"):
        deal(4, ["2S 3S 4S 5S 6S", *FOUR[1:]], deck="reduced")


def test_lowest_bid_two_and_misere_off() -> None:
    state = deal(4, FOUR, dealer=3, lowest_bid=2, misere=False)
    assert legal_texts(state, 0) == ["pass", "bid 2", "bid 3", "bid 4", "bid nap"]
    with pytest.raises(IllegalAction, match="misère is not allowed"):
        act(state, "0 bid misere")


def test_refused_actions_change_nothing_and_say_why() -> None:
    state = deal(4, FOUR, dealer=3)
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        act(state, "1 bid 3")
    with pytest.raises(IllegalAction, match="must bid or pass"):
        act(state, "0 play AS")
    act(state, "0 bid 3", "1 pass", "2 pass", "3 pass")
    with pytest.raises(IllegalAction, match="does not hold the ace of hearts"):
        act(state, "0 play AH")
    assert state.phase == "play" and state.hands[0].bit_count() == 5


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6))
def test_scores_sum_to_zero_and_follow_the_table(seed: int, players: int) -> None:
    rng = random.Random(seed)
    opts = NAP.resolve_options({}, players)
    state = NAP.new_deal(players, opts, rng.randrange(players), rng=rng)
    while not state.is_over:
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    scores = state.scores()
    assert sum(scores) == 0
    if state.high is not None:
        made_pts, fail_pts = points(state.high, opts)
        expected = made_pts if state.summary().made else -fail_pts
        assert scores[state.declarer] == expected * (players - 1)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 6), misere=st.booleans())
def test_the_log_is_what_apply_returned_and_ends_with_the_score(seed: int, players: int, misere: bool) -> None:
    """``apply`` writes its events to the log itself on the fast path (plays, the trick, the settling):
    the log must be exactly what every ``apply`` returned, in order, ending with the score or the redeal;
    ``to_act`` and ``is_over`` (attributes) must follow the turn and the phase."""
    rng = random.Random(seed)
    state = NAP.new_deal(players, NAP.resolve_options({"misere": misere}, players), rng.randrange(players), rng=rng)
    assert isinstance(state, NapState)
    returned: list[Event] = []
    while not state.is_over:
        assert state.to_act == frozenset({state.turn}) and state.phase != "over"
        (seat,) = state.to_act
        legal = state.legal_actions(seat)
        returned += state.apply(seat, legal[rng.randrange(len(legal))])
        assert list(state.events()) == returned
    assert state.to_act == frozenset() and state.phase == "over"
    assert returned[-1].kind in ("score", "redeal") and returned[-1].scores == state.scores()
    assert state.thrown_in == (returned[-1].kind == "redeal")
    if not state.thrown_in:
        assert sum(1 for event in returned if event.kind == "trick") == 5
        assert list(state.last_seats) == [(state.last_seats[0] + i) % players for i in range(players)]


def test_match_ends_after_each_player_dealt_twice() -> None:
    match = Match(NAP, 3, NAP.resolve_options({}, 3), seed=5)
    rng = random.Random(5)
    while True:
        while not match.deal_over:
            (seat,) = match.state.to_act
            legal = match.state.legal_actions(seat)
            match.act(seat, legal[rng.randrange(len(legal))])
        if match.is_over:
            break
        match.next_deal()
    assert len(match.results) == 6
    dealers = [log.setup.dealer for log in match.logs]
    assert all((b - a) % 3 == 1 for a, b in itertools.pairwise(dealers))


def test_parse_errors_are_clear() -> None:
    from cardsuite.core.errors import ActionSyntaxError

    with pytest.raises(ActionSyntaxError, match="unknown bid"):
        NAP.parse_action("bid seven")
    with pytest.raises(ActionSyntaxError):
        NAP.parse_action("play JK")
    assert str(NAP.parse_action("bid Blücher")) == "bid blucher"
    assert NAP.parse_action("play 10h") == NAP.parse_action("play TH")
    assert parse_card("10h") == parse_card("TH")


@settings(max_examples=200, deadline=None)
@given(mask=st.integers(0, (1 << 52) - 1))
def test_a_hands_plays_from_its_halves_are_its_cards_in_order(mask: int) -> None:
    """``hand_plays`` (two half-hand lookups, cached) lists exactly the hand's cards, lowest first, as the
    interned play actions; asked again it gives the same."""
    from cardsuite.cards import cards_in
    from cardsuite.games.plays import PLAY_ACTIONS, hand_plays, play_actions

    expected = tuple(PLAY_ACTIONS[card] for card in cards_in(mask))
    assert hand_plays(mask) == expected and all(a is b for a, b in zip(hand_plays(mask), expected, strict=True))
    assert play_actions(mask) == expected


def test_the_misere_reason_is_true_of_the_hand() -> None:
    """A misère hand with high cards guarded by low ones is not called "only low cards"."""
    from cardsuite.cards import parse_card
    from cardsuite.games.nap.bots import misere_reason, misere_safe

    guarded = [parse_card(c) for c in ("KS", "JS", "6S", "4S", "6D")]
    assert misere_safe(guarded)
    assert "only low cards" not in misere_reason(guarded).key
    low = [parse_card(c) for c in ("7S", "5S", "2H", "4D", "3C")]
    assert misere_safe(low) and "only low cards" in misere_reason(low).key
