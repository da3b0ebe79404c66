"""Napoleon: one test per rule, per special card and per worked example J1-J18 of the spec."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.cards import JOKER, card_text, parse_card
from cardsuite.core.errors import ActionSyntaxError, IllegalAction, InvalidDeal, RecordError
from cardsuite.core.game import Action
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.core.tricks import Trick
from cardsuite.games.napoleon import GAME
from cardsuite.games.napoleon.deck import bid_rank
from cardsuite.games.napoleon.rules import NapoleonState
from cardsuite.games.napoleon.trick import trick_rule

S, H, D, C = 0, 1, 2, 3


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def win(text: str, trump: int, number: int = 3, led: int | None = None, **flags: bool) -> tuple[str, str]:
    """The winning card (as text) and the reason, for a trick written as card texts in play order."""
    played = cards(text)
    suit = led if led is not None else played[0] // 13
    index, reason = trick_rule(**flags)(Trick(tuple(played), tuple(range(len(played))), suit, trump, number))
    return card_text(played[index]), reason


def deal(fixed: dict[int, str], widow: str | None = None, dealer: int = 4,
         **options: object) -> NapoleonState:
    """A deal where the given seats hold the given cards (the rest filled in card order)."""
    opts = GAME.resolve_options(options, 5)
    deck = list(range(52)) + ([JOKER] if opts.integer("jokers") else [])
    hands = {s: cards(t) for s, t in fixed.items()}
    stock = cards(widow) if widow is not None else None
    used = {c for h in hands.values() for c in h} | set(stock or [])
    rest = [c for c in deck if c not in used]
    for seat in range(5):
        hand = hands.setdefault(seat, [])
        while len(hand) < 10:
            hand.append(rest.pop(0))
    if stock is None:
        stock = rest[:3 if opts.integer("jokers") else 2]
        rest = rest[len(stock):]
    assert not rest
    return GAME.new_deal(5, opts, dealer, hands=[hands[s] for s in range(5)], stock=stock)


def act(state: NapoleonState, *lines: str) -> None:
    for line in lines:
        seat, _, text = line.partition(" ")
        state.apply(int(seat), GAME.parse_action(text))


def auction(state: NapoleonState, napoleon: int, bid: str = "13 H") -> None:
    """Everyone from the dealer's left passes but ``napoleon``, who bids ``bid``."""
    seat = (state.dealer + 1) % 5
    while state.phase == "bidding":
        act(state, f"{seat} bid {bid}" if seat == napoleon else f"{seat} pass")
        seat = min(state.to_act) if state.to_act else seat
    assert state.napoleon == napoleon


def play_random(state: NapoleonState, seed: int) -> None:
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


# -- the auction --------------------------------------------------------------------------------------
def test_j1_bid_order() -> None:
    assert bid_rank(7, D) < bid_rank(7, H) < bid_rank(7, S) < bid_rank(8, C)
    assert bid_rank(12, H) < bid_rank(12, S) < bid_rank(13, C)
    state = deal({}, min_bid=1)
    act(state, "0 bid 7 D")
    legal = [str(a) for a in state.legal_actions(1)]
    assert legal[:4] == ["pass", "bid 7 H", "bid 7 S", "bid 8 C"]


def test_j2_auction_until_four_have_passed() -> None:
    state = deal({})  # dealer 4: seat 0 speaks first (P1..P5 = seats 0..4)
    act(state, "0 bid 12 C", "1 bid 12 H", "2 pass", "3 bid 12 S", "4 pass", "0 pass")
    assert all(info.role is None for info in state.view(2).seats)  # the high bidder is not Napoleon yet
    assert state.to_act == {1}  # seat 2 has dropped out and is skipped
    act(state, "1 bid 13 H")
    assert state.to_act == {3}
    with pytest.raises(IllegalAction, match="seat 3's turn"):
        act(state, "2 bid 14 S")
    act(state, "3 pass")
    assert state.phase == "adjutant" and state.napoleon == 1
    assert state.view(0).seats[1].role == "napoleon"
    table = state.view(0).table
    assert table["declarer"] == 1 and table["bid"] == (13, H) and table["trump"] == H
    assert table["passed"] == (0, 2, 3, 4)
    assert state.summary().contract == "13 hearts"


def test_a_bid_must_beat_the_last_and_reach_the_minimum() -> None:
    state = deal({})
    with pytest.raises(IllegalAction, match="lowest bid is 11"):
        act(state, "0 bid 10 S")
    act(state, "0 bid 12 H")
    with pytest.raises(IllegalAction, match="must beat 12 hearts"):
        act(state, "1 bid 12 D")
    with pytest.raises(IllegalAction, match="bid or pass"):
        act(state, "1 play 2C")
    assert state.high == bid_rank(12, H)


def test_all_pass_is_thrown_in_and_not_counted_as_a_game() -> None:
    state = deal({})
    act(state, "0 pass", "1 pass", "2 pass", "3 pass")
    assert {str(a) for a in state.legal_actions(4)} >= {"pass", "bid 11 C", "bid 20 S"}  # the last may bid
    act(state, "4 pass")
    assert state.is_over and state.summary().redeal and state.scores() == (0,) * 5


def test_the_last_player_may_bid_when_nobody_has() -> None:
    state = deal({})
    act(state, "0 pass", "1 pass", "2 pass", "3 pass", "4 bid 11 C")
    assert state.phase == "adjutant" and state.napoleon == 4


def test_twenty_spades_ends_the_auction_at_once() -> None:
    state = deal({})
    act(state, "0 bid 20 S")
    assert state.phase == "adjutant" and state.napoleon == 0 and state.bid_n == 20


# -- card power: one test per special card and per worked example --------------------------------------
def test_j3_trump_and_same_colour_jacks() -> None:
    assert win("AH JH JD 2H 3H", H) == ("JH", "trump jack")
    assert win("AD JD AH 2D 3D", H) == ("JD", "same-colour jack")
    assert win("AC JS 5C KC 3C", C) == ("JS", "same-colour jack")
    assert win("KS JC JS 5S 3S", S) == ("JS", "trump jack")
    assert win("QS JC KS 5S 3S", S) == ("JC", "same-colour jack")
    assert win("AH JH 5H KH 3H", D) == ("JH", "same-colour jack")
    assert win("AD JC 5D KD 3D", H) == ("AD", "highest diamond")  # other jacks are plain 11s


def test_j4_trump_beats_the_led_suit() -> None:
    assert win("KC 2C 3H AC 9S", H, number=3) == ("3H", "highest trump")


def test_j5_same_colour_jack_beats_trumps() -> None:
    assert win("9C 5C AH JD AC", H) == ("JD", "same-colour jack")


def test_j6_joker_any_time_and_beats_the_trump_jack() -> None:
    assert win("KS JK JH QS 2S", H) == ("JK", "joker")
    state = deal({0: "AH KH QH TH 9H 8H 7H 6H 5H KS", 1: "QS JS JK 2D 3D 4D 5D 6D 7D 8D"})
    auction(state, 0)
    act(state, "0 adjutant AS")
    discard = " ".join(card_text(c) for c in state.widow)
    act(state, f"0 discard {discard}", "0 play KS")
    legal = {str(a) for a in state.legal_actions(1)}
    assert legal == {"play QS", "play JS", "play JK"}  # follows spades, or the joker at any time
    with pytest.raises(IllegalAction, match="only a joker lead names a suit"):
        act(state, "1 play JK S")


def test_j7_mighty_beats_the_joker() -> None:
    assert win("5H 9H AS JK JH", H) == ("AS", "Mighty")


def test_j8_yoromeki() -> None:
    assert win("5H QH AS KH 9H", D) == ("QH", "yoromeki: the heart queen beats the Mighty")
    assert win("5H QH AS KH JK", D) == ("QH", "yoromeki: the heart queen beats the Mighty")
    assert win("5H QH AS KH 9H", D, yoromeki=False) == ("AS", "Mighty")


def test_j9_heart_queen_without_the_mighty_is_a_plain_twelve() -> None:
    assert win("5H QH KH 4C 3H", S) == ("KH", "highest heart")


def test_j10_same_two_but_not_on_the_first_trick() -> None:
    assert win("7D 2D KD AD TD", S, number=4) == ("2D", "same-2")
    assert win("7D 2D KD AD TD", S, number=1) == ("AD", "highest diamond")
    assert win("7D 2D KD AD TD", S, number=4, same_two=False) == ("AD", "highest diamond")
    assert win("7D 2D KD AD", S, number=4) == ("AD", "highest diamond")  # only a whole trick


def test_j11_same_two_is_blocked_by_the_same_colour_jack() -> None:
    assert win("7D 2D KD AD JD", H, number=4) == ("JD", "same-colour jack")


def test_j12_same_two_in_the_trump_suit() -> None:
    assert win("4C 2C KC AC 9C", C, number=5) == ("2C", "same-2")


def test_j13_the_club_three_requests_the_joker() -> None:
    assert win("3C JK 4C 5C 6C", H) == ("JK", "the joker requested by the club 3")
    assert win("3C JK AS 5C 6C", H) == ("AS", "Mighty")
    assert win("3C JK AS QH 6C", D) == ("QH", "yoromeki: the heart queen beats the Mighty")
    assert win("3C JK 4C 5C 6C", H, joker_request=False) == ("JK", "joker")
    hands = {0: "3C AH KH QH TH 9H 8H 7H 6H 5H", 1: "JK 4C 5C 2D 3D 4D 5D 6D 7D 8D"}
    state = deal(hands)
    auction(state, 0)
    act(state, "0 adjutant AS", f"0 discard {' '.join(card_text(c) for c in state.widow)}", "0 play 3C")
    assert state.view(3).table["joker_requested"] is True
    assert [str(a) for a in state.legal_actions(1)] == ["play JK"]
    with pytest.raises(IllegalAction, match="must play the joker: the club 3 requests it"):
        act(state, "1 play 4C")
    act(state, "1 play JK")
    off = deal(hands, joker_request=False)
    auction(off, 0)
    act(off, "0 adjutant AS", f"0 discard {' '.join(card_text(c) for c in off.widow)}", "0 play 3C")
    assert {str(a) for a in off.legal_actions(1)} == {"play JK", "play 4C", "play 5C"}


def test_j14_joker_lead_names_the_suit() -> None:
    state = deal({0: "JK AS KS QS TS 9S 8S 7S 6S 5S", 1: "JH 2H 2C 3C 4C 5C 6C 7C 8C 9C"})
    auction(state, 0, "13 S")
    act(state, "0 adjutant AH", f"0 discard {' '.join(card_text(c) for c in state.widow)}")
    with pytest.raises(IllegalAction, match="joker lead must name a suit"):
        act(state, "0 play JK")
    with pytest.raises(IllegalAction, match="only a joker lead names a suit"):
        state.apply(0, Action("play", (parse_card("AS"), H), "play AS H"))
    act(state, "0 play JK H")
    assert state.view(2).table["joker_suit"] == H
    assert {str(a) for a in state.legal_actions(1)} == {"play JH", "play 2H"}
    with pytest.raises(IllegalAction, match="does not hold the joker"):
        act(state, "1 play JK H")
    act(state, "1 play JH")
    for seat in (2, 3, 4):
        act(state, f"{seat} {state.legal_actions(seat)[0]}")
    trick = next(e for e in reversed(state.log) if e.kind == "trick")
    assert trick.winner == 0 and trick.rule == "joker"
    assert win("JK JH 2H 3H 4H", H, led=H) == ("JK", "joker")


def test_j15_the_mighty_must_follow_suit() -> None:
    state = deal({0: "AH KH QH TH 9H 8H 7H 6H 5H 4H", 1: "AS 3H 2C 3C 4C 5C 6C 7C 8C 9C"})
    auction(state, 0)
    act(state, "0 adjutant JK", f"0 discard {' '.join(card_text(c) for c in state.widow)}", "0 play AH")
    assert [str(a) for a in state.legal_actions(1)] == ["play 3H"]
    with pytest.raises(IllegalAction, match="must follow hearts"):
        act(state, "1 play AS")


# -- events explain special wins ----------------------------------------------------------------------
def test_trick_events_name_the_rule_that_decided() -> None:
    state = deal({0: "AS KH QH TH 9H 8H 7H 6H 5H 4H", 1: "2S 3H 2C 3C 4C 5C 6C 7C 8C 9C"})
    auction(state, 0)
    act(state, "0 adjutant JK", f"0 discard {' '.join(card_text(c) for c in state.widow)}", "0 play AS")
    for seat in (1, 2, 3, 4):
        act(state, f"{seat} {state.legal_actions(seat)[0]}")
    trick = next(e for e in state.log if e.kind == "trick")
    assert trick.rule == "Mighty" and trick.winner == 0 and trick.text.startswith("seat 0 won trick 1")


# -- the adjutant, the widow and the discards --------------------------------------------------------
def test_j16_adjutant_card_in_the_widow_napoleon_alone() -> None:
    outcomes = set()
    for seed in range(40):
        state = deal({}, widow="AS 2C 3C")
        auction(state, 2)
        act(state, "2 adjutant AS")
        assert state.view(2).private.get("alone") is True
        for seat in (0, 1, 3, 4):
            view = state.view(seat)
            assert "alone" not in view.private and view.table["alone"] is None
        play_random(state, seed)
        assert state.view(0).table["alone"] is True
        expected = (0, 0, 60, 0, 0) if state.made else (15, 15, 0, 15, 15)
        assert state.scores() == expected
        outcomes.add(state.made)
        if len(outcomes) == 2:
            break
    assert outcomes == {True, False}


def test_naming_a_card_of_ones_own_hand_means_playing_alone() -> None:
    state = deal({1: "AS KS QS JS TS 9S 8S 7S 6S 5S"})
    auction(state, 1, "12 S")
    act(state, "1 adjutant AS")
    assert state.view(1).private["alone"] is True
    assert all("alone" not in state.view(s).private for s in (0, 2, 3, 4))
    assert state.adjutant_seat == -1


def test_j17_normal_scoring() -> None:
    outcomes = set()
    for seed in range(200):
        state = deal({0: "AH KH QH JH TH AD KD QD JD TD", 3: "AS KS QS JS TS 2C 3C 4C 5C 6C"})
        auction(state, 0, "12 H")
        act(state, "0 adjutant AS")
        play_random(state, seed)
        got = state.honours[0] + state.honours[3]
        assert state.made == (got >= 12)
        if state.made:
            assert state.scores() == (40, 0, 0, 20, 0)
        else:
            assert state.scores() == (0, 20, 20, 0, 20)
        assert sum(state.scores()) == 60
        outcomes.add(state.made)
        if len(outcomes) == 2:
            break
    assert outcomes == {True, False}


def test_j18_discards_honours_face_up_and_to_the_first_trick_winner() -> None:
    state = deal({0: "AH 4C TD 2S 3S 4S 5S 6S 7S 8S"}, widow="9S 9D 9C")
    auction(state, 0, "12 S")
    act(state, "0 adjutant JK", "0 discard AH TD 4C")
    for seat in (1, 2, 3, 4):
        view = state.view(seat)
        assert view.table["face_up_discards"] == tuple(cards("AH TD"))
        assert all("4 of clubs" not in e.text and (e.action is None or "4C" not in e.action)
                   for e in view.history)
    assert any("4C" in (e.action or "") for e in state.view(0).history)
    before = list(state.honours)
    act(state, "0 play 2S")
    for seat in (1, 2, 3, 4):
        act(state, f"{seat} {state.legal_actions(seat)[0]}")
    first = state.discards_to
    in_trick = sum(1 for _, c in state.last_trick if c < 52 and c % 13 >= 8)
    assert state.honours[first] == before[first] + in_trick + 2
    assert state.view(1).table["discards_to"] == first


def test_discard_must_be_held_and_of_the_right_size() -> None:
    state = deal({0: "AH 4C TD 2S 3S 4S 5S 6S 7S 8S"}, widow="9S 9D 9C")
    auction(state, 0, "12 S")
    act(state, "0 adjutant JK")
    with pytest.raises(IllegalAction, match="does not hold"):
        act(state, "0 discard AS 4C TD")
    with pytest.raises(IllegalAction, match="exactly 3"):
        act(state, "0 discard 4C TD")
    assert len(state.legal_actions(0)) == 286


def test_no_joker_option_gives_a_widow_of_two() -> None:
    state = GAME.new_deal(5, GAME.resolve_options({"jokers": 0}, 5), 0, rng=random.Random(3))
    assert len(state.widow) == 2 and JOKER not in {c for h in state.setup().hands for c in h}
    play_random(state, 1)
    assert state.thrown_in or len(state.discards) == 2


# -- hidden roles ------------------------------------------------------------------------------------
def test_the_adjutant_is_told_privately_and_revealed_when_the_card_is_played() -> None:
    state = deal({0: "AH KH QH TH 9H 8H 7H 6H 5H 4H", 3: "AS 2C 3C 4C 5C 6C 7C 8C 9C TC"})
    auction(state, 0)
    act(state, "0 adjutant AS")
    assert state.view(3).private["role"] == "adjutant"
    for seat in (0, 1, 2, 4):
        view = state.view(seat)
        assert view.table["adjutant"] is None and view.private.get("role") != "adjutant"
        assert all(info.role in (None, "napoleon") for info in view.seats)
    act(state, f"0 discard {' '.join(card_text(c) for c in state.widow)}", "0 play 4H")
    for seat in (1, 2):
        act(state, f"{seat} {state.legal_actions(seat)[0]}")
    assert state.view(1).table["adjutant"] is None
    act(state, "3 play AS")
    for seat in range(5):
        view = state.view(seat)
        assert view.table["adjutant"] == 3 and view.seats[3].role == "adjutant"
    assert state.summary().roles == {0: "napoleon", 3: "adjutant"}


@pytest.mark.parametrize("alone_where", ["hand", "widow"])
def test_playing_alone_is_invisible_to_the_others(alone_where: str) -> None:
    """Moving the named card between seat 4 and Napoleon's hand (or the widow) changes no other view."""
    nap_hand = "AH KH QH TH 9H 8H 7H 6H 5H 4H"
    other = "2C 3C 4C 5C 6C 7C 8C 9C TC JC"
    if alone_where == "hand":
        alone = deal({0: nap_hand.replace("4H", "KS"), 4: other.replace("JC", "4H")}, widow="2D 3D 4D")
        paired = deal({0: nap_hand, 4: other.replace("JC", "KS")}, widow="2D 3D 4D")
    else:
        alone = deal({0: nap_hand, 4: other}, widow="KS 3D 4D")
        paired = deal({0: nap_hand, 4: other.replace("JC", "KS")}, widow="JC 3D 4D")
    for state in (alone, paired):
        auction(state, 0)
        act(state, "0 adjutant KS", "0 discard 3D 4D 5H")
    assert alone.view(0).private.get("alone") is True and "alone" not in paired.view(0).private
    assert paired.view(4).private["role"] == "adjutant" and alone.view(4).private["role"] == "allies"
    for seat in (1, 2, 3):
        assert alone.view(seat) == paired.view(seat)


def test_summary_roles_are_complete_only_at_the_end() -> None:
    state = deal({3: "AS 2C 3C 4C 5C 6C 7C 8C 9C TC"})
    auction(state, 0, "12 H")
    act(state, "0 adjutant AS")
    assert state.summary().roles == {0: "napoleon"}
    play_random(state, 5)
    assert state.summary().roles == {0: "napoleon", 3: "adjutant", 1: "allies", 2: "allies", 4: "allies"}
    assert state.summary().declarer == 0 and state.summary().made is not None


def test_scores_are_zero_until_the_deal_is_scored() -> None:
    state = deal({})
    auction(state, 1)
    act(state, "1 adjutant AS")
    assert state.scores() == (0,) * 5


# -- records -----------------------------------------------------------------------------------------
def record_for(state: NapoleonState, actions: Sequence[str], **options: object) -> dict[str, object]:
    setup = state.setup()
    return {"format": "cardsuite-record/1", "game": "napoleon", "players": 5, "options": options,
            "deals": [{"dealer": setup.dealer, "hands": [[card_text(c) for c in h] for h in setup.hands],
                       "stock": [card_text(c) for c in setup.stock], "actions": list(actions)}]}


def test_record_replays_with_napoleon_verbs() -> None:
    state = deal({0: "AH KH QH TH 9H 8H 7H 6H 5H 4H"}, widow="2D 3D 4D")
    lines = ["0 bid 13 H", "1 pass", "2 pass", "3 pass", "4 pass", "0 adjutant AS", "0 discard 4d 3d 2d"]
    act(state, *lines)
    rng = random.Random(9)
    while not state.is_over:
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        action = legal[rng.randrange(len(legal))]
        lines.append(f"{seat} {action}")
        state.apply(seat, action)
    result = replay(record_for(state, lines), get_game)
    assert result.complete is False  # one game of five
    assert result.deals[0].complete and result.deals[0].scores == state.scores()
    assert sum(result.deals[0].scores) == 60
    assert result.deals[0].summary.contract == "13 hearts"


def test_record_illegal_and_malformed_actions_fail_with_a_reason() -> None:
    state = deal({0: "AH KH QH TH 9H 8H 7H 6H 5H 4H"}, widow="2D 3D 4D")
    base = ["0 bid 13 H", "1 pass", "2 pass", "3 pass", "4 pass", "0 adjutant AS", "0 discard 2D 3D 4D"]
    with pytest.raises(RecordError, match=r'action 1 "1 bid 12 S": illegal: a bid must beat 13 hearts'):
        replay(record_for(state, [*base[:1], "1 bid 12 S"]), get_game)
    with pytest.raises(RecordError, match=r'action 7 "2 play 2S": illegal: it is seat 0\'s turn'):
        replay(record_for(state, [*base, "2 play 2S"]), get_game)
    with pytest.raises(RecordError, match="malformed"):
        replay(record_for(state, ["0 bid thirteen H"]), get_game)
    with pytest.raises(RecordError, match="illegal: seat 0 does not hold"):
        replay(record_for(state, [*base[:6], "0 discard AS 2D 3D"]), get_game)


def test_parse_round_trips_and_rejects_nonsense() -> None:
    for text in ("pass", "bid 13 H", "bid 20 S", "adjutant JK", "discard AH TD 4C", "play JK", "play JK C",
                 "play TH"):
        assert str(GAME.parse_action(text)) == text
    assert GAME.parse_action("discard 4C TD AH") == GAME.parse_action("discard AH TD 4C")
    assert GAME.parse_action("bid 13 ♥") == GAME.parse_action("bid 13 H")
    for bad in ("bid 21 S", "bid 13", "play AS H", "discard AS AS 2C", "jump"):
        with pytest.raises(ActionSyntaxError):
            GAME.parse_action(bad)
    assert isinstance(GAME.parse_action("play 2C"), Action)


def test_given_deals_are_checked() -> None:
    opts = GAME.resolve_options({}, 5)
    hands = [list(range(i * 10, i * 10 + 10)) for i in range(5)]
    with pytest.raises(InvalidDeal, match="widow"):
        GAME.new_deal(5, opts, 0, hands=hands, stock=[50, 51])
    with pytest.raises(InvalidDeal, match="twice"):
        GAME.new_deal(5, opts, 0, hands=hands, stock=[50, 51, 49])


def test_deal_one_at_a_time_from_the_dealers_left() -> None:
    deck = list(range(53))
    rng = random.Random(4)
    expected = list(deck)
    random.Random(4).shuffle(expected)
    state = GAME.new_deal(5, GAME.resolve_options({}, 5), 2, rng=rng)
    assert state.setup().hands[3][:2] == tuple(expected[0:6:5])
    assert state.setup().hands[4][0] == expected[1] and state.setup().stock == tuple(expected[50:])


# -- properties --------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), jokers=st.sampled_from([0, 1]))
def test_scores_sum_to_60_and_honours_split_20(seed: int, jokers: int) -> None:
    state = GAME.new_deal(5, GAME.resolve_options({"jokers": jokers}, 5), seed % 5, rng=random.Random(seed))
    play_random(state, seed)
    if state.thrown_in:
        assert state.scores() == (0,) * 5
        return
    assert sum(state.scores()) == 60
    assert sum(state.honours) == 20
    side = state.side_honours()
    assert state.made == (side >= state.bid_n)


def test_match_counts_games_not_redeals() -> None:
    from cardsuite.core.game import DealResult, DealSummary, MatchProgress

    opts = GAME.resolve_options({"games": 2}, 5)
    redeal = DealResult((0,) * 5, DealSummary(redeal=True))
    played = DealResult((60, 0, 0, 0, 0), DealSummary(declarer=0, made=True))
    assert not GAME.match_over(MatchProgress(5, opts, (played, redeal, redeal), (60, 0, 0, 0, 0)))
    assert GAME.match_over(MatchProgress(5, opts, (played, redeal, played), (120, 0, 0, 0, 0)))


def test_table_keys_and_action_words() -> None:
    state = deal({})
    auction(state, 0)
    act(state, "0 adjutant AS")
    table = state.view(2).table
    for key in ("contract_text", "declarer", "trump", "trick", "last_trick", "trick_number", "bid", "passed",
                "adjutant_card", "adjutant", "face_up_discards", "honours", "joker_suit", "joker_requested"):
        assert key in table
    assert table["adjutant_card"] == parse_card("AS") and str(table["contract_text"]).startswith("seat 0: Napoleon")
    assert GAME.describe_action(GAME.parse_action("bid 13 H")) == "Bid 13 hearts"
    assert GAME.describe_action(GAME.parse_action("play JK C")) == "Lead the joker, naming clubs"


# -- the fast paths: each must say exactly what the plain code says -------------------------
def test_discard_choices_are_the_tuple_of_discards_made_lazily() -> None:
    from cardsuite.games.napoleon.discards import DiscardChoices, discard_action, discard_actions

    rng = random.Random(11)
    for size, held in ((3, 13), (2, 12)):
        for _ in range(20):
            hand_cards = rng.sample(range(53), held)
            hand = sum(1 << c for c in hand_cards)
            lazy, full = DiscardChoices(hand, size), discard_actions(hand, size)
            assert len(lazy) == len(full) == (286 if size == 3 else 66)
            assert tuple(lazy) == full and lazy == full and full == lazy and hash(lazy) == hash(full)
            assert [lazy[i] for i in range(-len(full), len(full))] == list(full) * 2
            assert lazy[5:40:3] == full[5:40:3] and lazy[::-1] == full[::-1]
            for past in (len(full), -len(full) - 1):
                with pytest.raises(IndexError):
                    lazy[past]
            outside = next(c for c in range(53) if c not in hand_cards)
            wrong = [discard_action([outside, *hand_cards[:size - 1]]), Action("play", full[0].args),
                     Action("discard", tuple(reversed(full[0].args))), Action("discard", full[0].args[:-1]),
                     Action("discard", ([1], 2, 3)[:size])]  # type: ignore[arg-type]  # unhashable
            for action in (*full[::17], Action("discard", full[-1].args), *wrong):
                assert (action in lazy) == (action in full)
            assert lazy.index(full[9]) == 9


def test_discard_choices_are_what_the_discard_phase_offers() -> None:
    state = deal({0: "AH 4C TD 2S 3S 4S 5S 6S 7S 8S"}, widow="9S 9D 9C")
    auction(state, 0, "12 S")
    act(state, "0 adjutant JK")
    legal = state.legal_actions(0)
    assert legal == state.view(0).legal and len(legal) == 286
    last = legal[-1]  # the three highest cards
    assert last is max(state.view(0).legal, key=lambda a: a.args)
    state.apply(0, last)
    assert state.discards == last.args


def test_trick_winner_from_the_mask_is_winner_of() -> None:
    from cardsuite.games.napoleon.deck import HEART_QUEEN, MIGHTY, SAME_COLOUR_JACK, TRUMP_JACK, TWO_OF
    from cardsuite.games.napoleon.trick import trick_winner, winner_of

    rng = random.Random(12)
    specials = [JOKER, parse_card("3C"), HEART_QUEEN, MIGHTY, *TRUMP_JACK, *SAME_COLOUR_JACK, *TWO_OF]
    checked = 0
    while checked < 20_000:
        if rng.random() < 0.3:  # five of one suit, as same-2 needs
            suit = rng.randrange(4)
            played = rng.sample(range(13 * suit, 13 * suit + 13), 5)
        else:
            played = rng.sample(range(53), 3) + rng.sample(specials, 2)
            if len(set(played)) < 5:
                continue
            rng.shuffle(played)
        led = rng.randrange(4) if played[0] == JOKER else played[0] // 13
        trump, number = rng.randrange(4), rng.randrange(1, 11)
        flags = (rng.random() < 0.5, rng.random() < 0.5, rng.random() < 0.5)
        index, reason = winner_of(played, led, trump, number, *flags)
        assert trick_winner(sum(1 << c for c in played), played, led, trump, number, *flags) == (played[index], reason)
        checked += 1


def test_interned_and_equal_actions_are_refused_alike() -> None:
    """``apply`` lets interned actions skip the preamble: an equal action that is not interned, a seat
    that is not to act, and a card of another phase must still be refused exactly as before."""
    from cardsuite.games.napoleon.actions import ADJUTANT, BIDS, PLAY

    state = GAME.new_deal(5, GAME.resolve_options({}, 5), 0, rng=random.Random(4))
    with pytest.raises(IllegalAction, match="must bid or pass"):
        state.apply(1, PLAY[0])
    with pytest.raises(IllegalAction, match="turn"):
        state.apply(2, BIDS[-1])
    with pytest.raises(IllegalAction, match="whole number"):
        state.apply(True, BIDS[-1])  # True is not seat 1
    rng = random.Random(4)
    while state.phase != "play":
        seat = min(state.to_act)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = min(state.to_act)
    held = list(state.legal_actions(seat))
    with pytest.raises(IllegalAction, match="must play a card"):
        state.apply(seat, ADJUTANT[int(held[0].args[0])])
    copy = Action("play", held[0].args)
    assert copy is not held[0] and copy == held[0]
    twin = state.clone()
    assert state.apply(seat, copy) == twin.apply(seat, held[0])
