"""Napoleon's beginner game (decision 14): trumps from the widow, every seat for itself, most honours wins.

Scenario deals play the special cards (Mighty, yoromeki, the jacks, the joker, same-2, the joker request)
in the beginner game, then records, replay, bots, hints and sampled deals.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.bots import make_bot
from cardsuite.cards import JOKER, parse_card
from cardsuite.core.errors import IllegalAction, RecordError
from cardsuite.core.match import Match
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.games.napoleon import GAME
from cardsuite.games.napoleon.beginner import BeginnerState
from cardsuite.games.napoleon.rules import NapoleonState

S, H, D, C = 0, 1, 2, 3

# Spades are trumps (the 7 of spades turns up); the joker is in play.
SPADES_HANDS = [
    "KH AH 2H 3H 4H 3D 5D 6D 8D 9D",
    "5H 7H 8H 9H TD JD QD KD AD 4C",
    "AS 2S 3S 4S 5S 6S 8S 3C 5C 6C",  # no hearts
    "JS 9S TS QS KS 7C 8C 9C TC JC",  # no hearts
    "6H TH JH QH 2C QC KC AC JK 7D",
]
SPADES_WIDOW = "7S 2D 4D"
# The widow's first card is the joker: it is passed over and the 9 of hearts makes hearts trumps.
HEARTS_HANDS = [
    "5S 2S 3S 4S AC 5C KD AH KH JH",
    "AS TC 6C AD 6S 7S 8S TH 8H 7H",
    "QH 7C 8C 3D 6H 5H 4H 2H 4D 6D",  # no spades
    "KS 2C 3C 5D 9S TS JS QS 7D 8D",
    "3H KC 4C JD 9D TD QD 9C JC QC",  # no spades
]
HEARTS_WIDOW = "JK 9H 2D"


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def beginner_deal(hands: list[str], widow: str, dealer: int = 4, **options: object) -> NapoleonState:
    opts = GAME.resolve_options({"beginner": True, **options}, 5)
    return GAME.new_deal(5, opts, dealer, hands=[cards(h) for h in hands], stock=cards(widow))


def act(state: NapoleonState, *lines: str) -> None:
    for line in lines:
        seat, _, text = line.partition(" ")
        state.apply(int(seat), GAME.parse_action(text))


def last_trick(state: NapoleonState) -> str:
    return next(e.text for e in reversed(state.events()) if e.kind == "trick")


# -- the deal -------------------------------------------------------------------------------------------
def test_trumps_come_from_the_widow_and_play_starts_left_of_the_dealer() -> None:
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW, dealer=4)
    assert isinstance(state, BeginnerState)
    assert state.phase == "play" and state.to_act == {0} and state.trump == S
    table = state.view(3).table
    assert table["beginner"] is True and table["trump"] == S and table["declarer"] is None
    assert table["widow_shown"] == (parse_card("7S"),) and table["widow_size"] == 3
    assert str(table["contract_text"]) == "beginner game: spades are trumps (the 7 of spades turned up from the widow)"
    assert state.events()[0].text == "beginner game: the widow's first card, the 7 of spades, is turned up: " \
                                     "spades are trumps"
    assert all(info.role is None for info in state.view(0).seats)
    assert beginner_deal(SPADES_HANDS, SPADES_WIDOW, dealer=1).to_act == {2}


def test_a_joker_on_top_of_the_widow_is_passed_over() -> None:
    state = beginner_deal(HEARTS_HANDS, HEARTS_WIDOW)
    assert state.trump == H
    table = state.view(0).table
    assert table["widow_shown"] == (JOKER, parse_card("9H"))
    assert "the widow's joker passed over, the 9 of hearts turned up" in str(table["contract_text"])
    assert "the widow's first card is the joker" in state.events()[0].text


def test_without_the_joker_the_widow_of_two_gives_trumps() -> None:
    hands = [h.replace("JK", "2D") for h in SPADES_HANDS]
    state = beginner_deal(hands, "7S 4D", jokers=0)
    assert state.trump == S and state.view(0).table["widow_size"] == 2


def test_there_is_no_auction_adjutant_or_discard() -> None:
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW)
    before = state.view(0)
    for line in ("0 bid 12 S", "0 pass", "0 adjutant AS", "0 discard 2H 3H 4H"):
        with pytest.raises(IllegalAction, match="must play a card now"):
            act(state, line)
    assert state.view(0) == before
    assert all(a.verb == "play" for a in state.legal_actions(0))


# -- the special cards ------------------------------------------------------------------------------------
def test_mighty_beats_the_trump_jack_then_the_club_three_requests_the_joker() -> None:
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW)
    act(state, "0 play KH", "1 play 5H", "2 play AS", "3 play JS", "4 play 6H")
    assert "seat 2 won trick 1 with the ace of spades (Mighty), 3 honours" in last_trick(state)
    assert not any(e.kind == "discards" for e in state.events())  # no discards to take in the beginner game
    act(state, "2 play 3C", "3 play 7C")
    assert state.view(0).table["joker_requested"] is True
    assert [str(a) for a in state.legal_actions(4)] == ["play JK"]
    with pytest.raises(IllegalAction, match="must play the joker"):
        act(state, "4 play 2C")
    act(state, "4 play JK", "0 play 3D", "1 play 4C")
    assert "seat 4 won trick 2 with the joker (the joker requested by the club 3)" in last_trick(state)
    assert state.honours == [0, 0, 3, 0, 0]


def test_a_joker_lead_names_the_suit_and_the_mighty_still_beats_it() -> None:
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW, dealer=3)  # seat 4 leads
    act(state, "4 play JK H")
    assert {str(a) for a in state.legal_actions(0)} == {"play KH", "play AH", "play 2H", "play 3H", "play 4H"}
    act(state, "0 play 2H", "1 play 5H", "2 play AS", "3 play JS")
    assert "seat 2 won trick 1 with the ace of spades (Mighty), 2 honours" in last_trick(state)


def test_yoromeki_same_two_no_request_and_the_same_colour_jack() -> None:
    state = beginner_deal(HEARTS_HANDS, HEARTS_WIDOW)
    act(state, "0 play 5S", "1 play AS", "2 play QH", "3 play KS", "4 play 3H")
    assert "seat 2 won trick 1 with the queen of hearts (yoromeki" in last_trick(state)
    act(state, "2 play 7C", "3 play 2C", "4 play KC", "0 play AC", "1 play TC")
    assert "seat 3 won trick 2 with the 2 of clubs (same-2), 3 honours" in last_trick(state)
    act(state, "3 play 3C")  # the joker is out of play, turned up from the widow: nothing is requested
    assert state.view(0).table["joker_requested"] is False
    assert not any(e.kind == "joker_request" for e in state.events())
    act(state, "4 play 4C", "0 play 5C", "1 play 6C", "2 play 8C")
    assert "seat 2 won trick 3 with the 8 of clubs" in last_trick(state)
    act(state, "2 play 3D", "3 play 5D", "4 play JD", "0 play KD", "1 play AD")
    assert "seat 4 won trick 4 with the jack of diamonds (same-colour jack), 3 honours" in last_trick(state)
    assert state.honours == [0, 0, 3, 3, 3]


# -- scoring, records, replay -------------------------------------------------------------------------------
def test_each_seat_scores_its_honours_and_the_most_wins() -> None:
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW)
    rng = random.Random(3)
    while not state.is_over:
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    assert state.scores() == tuple(state.honours)
    assert sum(state.scores()) == 20  # no honour in this widow (7S 2D 4D)
    best = max(state.honours)
    top = [s for s in range(5) if state.honours[s] == best]
    end = state.events()[-1]
    assert end.kind == "score" and "took the most honours" in end.text
    assert end.winner == (top[0] if len(top) == 1 else None)
    summary = state.summary()
    assert summary.declarer is None and summary.made is None and summary.text.startswith("beginner game, spades")


def test_a_beginner_match_sums_honours_and_replays_from_its_record(tmp_path: object) -> None:
    options = GAME.resolve_options({"beginner": True, "games": 2}, 5)
    match = Match(GAME, 5, options, seed=11)
    rng = random.Random(2)
    while True:
        while not match.deal_over:
            seat = min(match.state.to_act)
            legal = match.state.legal_actions(seat)
            match.act(seat, legal[rng.randrange(len(legal))])
        if match.is_over:
            break
        match.next_deal()
    record = match.record()
    assert record["options"] == {"beginner": True, "games": 2}
    deals = record["deals"]
    assert isinstance(deals, list)
    assert all(line.split()[1] == "play" for deal in deals for line in deal["actions"])
    result = replay(json.loads(json.dumps(record)), get_game)
    out = result.as_json()
    assert out["complete"] is True and len(out["deals"]) == 2  # type: ignore[arg-type]
    assert out["totals"] == [a + b for a, b in zip(*(d["scores"] for d in out["deals"]), strict=True)]  # type: ignore[union-attr]
    assert out["totals"] == list(match.totals)
    for deal in result.deals:
        widow_honours = sum(1 for c in deal.setup.stock if c != JOKER and c % 13 >= 8)
        assert sum(deal.scores) == 20 - widow_honours  # type: ignore[arg-type]


def test_a_beginner_record_with_a_bid_is_refused() -> None:
    record = {"format": "cardsuite-record/1", "game": "napoleon", "players": 5, "options": {"beginner": True},
              "deals": [{"dealer": 4, "hands": [h.split() for h in SPADES_HANDS], "stock": SPADES_WIDOW.split(),
                         "actions": ["0 bid 12 S"]}]}
    with pytest.raises(RecordError, match=r'deal 0, action 0 "0 bid 12 S": illegal: seat 0 must play a card now'):
        replay(record, get_game)
    record["deals"][0]["actions"] = ["0 play KH", "1 play 5H"]  # type: ignore[index]
    result = replay(record, get_game)
    assert not result.complete and result.as_json()["totals"] == [0, 0, 0, 0, 0]


# -- bots, hints, sampled deals -----------------------------------------------------------------------------
@pytest.mark.parametrize("level", ["random", "easy", "normal", "hard:2"])
def test_every_level_plays_the_beginner_game(level: str) -> None:
    bot = make_bot(GAME, level)
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW)
    rng = random.Random(5)
    moves = 0
    while not state.is_over and moves < (10 if level.startswith("hard") else 50):
        seat = min(state.to_act)
        view = state.view(seat)
        action = bot.choose(view, rng)
        assert action in view.legal
        state.apply(seat, action)
        moves += 1
    hint = make_bot(GAME, "hard:2").hint(state.view(min(state.to_act)), random.Random(1)) if not state.is_over \
        else None
    assert hint is None or (hint.action in state.view(min(state.to_act)).legal and hint.reason)


def test_normal_plays_for_itself_in_the_beginner_game() -> None:
    normal = make_bot(GAME, "normal")
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW, dealer=1)  # seat 2 leads, without the joker
    action, reason = normal.decide(state.view(2), random.Random(1))  # type: ignore[attr-defined]
    assert str(action) == "play 3C" and "force out the joker" in str(reason)  # the Mighty fears the yoromeki
    state = beginner_deal(SPADES_HANDS, SPADES_WIDOW)
    act(state, "0 play AH")  # seat 0 wins with the ace unless someone trumps: nobody is a partner
    action, reason = normal.decide(state.view(1), random.Random(1))  # type: ignore[attr-defined]
    assert str(action) == "play 5H" and "partner" not in str(reason)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_sampled_beginner_deals_match_the_view(seed: int) -> None:
    rng = random.Random(seed)
    options = GAME.resolve_options({"beginner": True, "jokers": rng.choice([0, 1])}, 5)
    state = GAME.new_deal(5, options, rng.randrange(5), rng=rng)
    for _ in range(rng.randrange(0, 40)):
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    viewer = rng.randrange(5)
    view = state.view(viewer)
    sample = GAME.sample_deal(view, rng)
    assert sample.view(viewer) == view
