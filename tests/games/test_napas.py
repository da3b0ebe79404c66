"""Napas rules: one test per rule and per worked example (L1-L10) of the spec, records, and properties."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.cards import card_text, parse_card, parse_cards
from cardsuite.core.errors import IllegalAction, InvalidDeal, RecordError
from cardsuite.core.game import DealResult, DealSummary, MatchProgress
from cardsuite.core.match import Match
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.games.napas import GAME
from cardsuite.games.napas.bidding import deal_limit, deal_points
from cardsuite.games.napas.deal import deck_for
from cardsuite.games.napas.rules import NapasState

# A 4-player deal: dealer 0, so seat 1 speaks first. The stock is what is left of the 32 cards, top first.
HANDS_4 = [
    "7C 8C 9C TC JC",  # seat 0
    "AS KS QS AH 7D",  # seat 1
    "JS TS 9H 8H KD",  # seat 2
    "9S 8S AD KH QH",  # seat 3
]
STOCK_4 = "7S JH TH 7H QD JD TD 9D 8D QC KC AC"


def rest_of_deck(hands: Sequence[str], options: dict[str, object] | None = None) -> str:
    """The cards of the deck in use that ``hands`` do not hold, in deck order: a stock for hands alone."""
    held = {card for hand in hands for card in parse_cards(hand.split())}
    deck = deck_for(len(hands), GAME.resolve_options(options or {}, len(hands)))
    return " ".join(card_text(card) for card in deck if card not in held)


def deal(hands: Sequence[str] = HANDS_4, stock: str = STOCK_4, dealer: int = 0,
         options: dict[str, object] | None = None) -> NapasState:
    """A deal from card notation (no ``stock``: the rest of the deck, in deck order)."""
    players = len(hands)
    opts = GAME.resolve_options(options or {}, players)
    stock = stock or rest_of_deck(hands, options)
    return GAME.new_deal(players, opts, dealer, hands=[parse_cards(h.split()) for h in hands],
                         stock=parse_cards(stock.split()))


def act(state: NapasState, *lines: str) -> None:
    """Apply record lines (``"1 bid 4"``) in order."""
    for line in lines:
        seat, _, text = line.partition(" ")
        state.apply(int(seat), GAME.parse_action(text))


def record(hands: Sequence[str], stock: str, actions: Sequence[str], dealer: int = 0,
           options: dict[str, object] | None = None) -> dict[str, object]:
    """A one-deal record (no ``stock``: the rest of the deck, in deck order)."""
    stock = stock or rest_of_deck(hands, options)
    return {"format": "cardsuite-record/1", "game": "napas", "players": len(hands), "options": options or {},
            "deals": [{"dealer": dealer, "hands": [h.split() for h in hands], "stock": stock.split(),
                       "actions": list(actions)}]}


def illegal(state: NapasState, line: str) -> str:
    """The reason ``line`` is refused (and the state is unchanged)."""
    before = (state.phase, state.to_act, state.events(), tuple(sorted(state.zones().items())))
    seat, _, text = line.partition(" ")
    with pytest.raises(IllegalAction) as info:
        state.apply(int(seat), GAME.parse_action(text))
    assert (state.phase, state.to_act, state.events(), tuple(sorted(state.zones().items()))) == before
    return info.value.reason


# -- L1: deck, deal and stock ---------------------------------------------------------------------------
@pytest.mark.parametrize(("players", "deck", "stock"), [(2, 32, 22), (3, 32, 17), (4, 32, 12), (5, 52, 27),
                                                         (6, 52, 22)])
def test_l1_deck_and_stock_size(players: int, deck: int, stock: int) -> None:
    opts = GAME.resolve_options({}, players)
    state = GAME.new_deal(players, opts, 0, rng=random.Random(players))
    setup = state.setup()
    assert all(len(h) == 5 for h in setup.hands)
    assert len(setup.stock) == stock
    cards = [c for h in setup.hands for c in h] + list(setup.stock)
    assert len(set(cards)) == deck
    assert state.view(0).table["stock_size"] == stock


def test_deck_option_overrides_the_player_count() -> None:
    opts = GAME.resolve_options({"deck": "52"}, 4)
    assert len(GAME.new_deal(4, opts, 0, rng=random.Random(1)).setup().stock) == 32
    opts = GAME.resolve_options({"deck": "32"}, 6)
    assert len(GAME.new_deal(6, opts, 0, rng=random.Random(1)).setup().stock) == 2


class CountingRandom(random.Random):
    """``random()`` counts up, so the shuffle keeps the deck in order: the deal order can be read off."""

    def __init__(self) -> None:
        super().__init__(0)
        self.n = 0

    def random(self) -> float:
        self.n += 1
        return self.n / 1000


def test_l1_deal_two_then_three_from_the_dealers_left() -> None:
    opts = GAME.resolve_options({}, 4)
    state = GAME.new_deal(4, opts, 2, rng=CountingRandom())
    deck = sorted(c for h in state.setup().hands for c in h) + list(state.setup().stock)
    deck.sort()
    hands = state.setup().hands
    # seat 3 is left of dealer 2: it gets cards 0-1, then 8-10 of the pack
    assert hands[3] == (deck[0], deck[1], deck[8], deck[9], deck[10])
    assert hands[0] == (deck[2], deck[3], deck[11], deck[12], deck[13])
    assert hands[2] == (deck[6], deck[7], deck[17], deck[18], deck[19])
    assert state.setup().stock == tuple(deck[20:])
    assert state.to_act == {3}


# -- L2: the auction ------------------------------------------------------------------------------------
def test_l2_bid_ladder() -> None:
    state = deal()
    act(state, "1 bid 2", "2 bid 0")  # 0 outranks 3
    assert "outrank" in illegal(state, "3 bid 3")
    act(state, "3 bid 4", "0 pass")
    assert state.phase == "trump" and state.declarer == 3 and state.to_act == {3}
    assert state.view(0).table["bids"] == ((1, "2"), (2, "0"), (3, "4"), (0, None))


def test_each_player_bids_once_and_five_ends_the_auction() -> None:
    state = deal()
    act(state, "1 pass", "2 bid 5")
    assert state.phase == "trump" and state.declarer == 2
    assert "seat 2's turn" in illegal(state, "3 pass")


def test_all_pass_throws_the_deal_in() -> None:
    state = deal()
    act(state, "1 pass", "2 pass", "3 pass", "0 pass")
    assert state.is_over and state.scores() == (0, 0, 0, 0)
    assert state.summary().redeal


def test_the_zero_game_has_no_trumps() -> None:
    state = deal()
    act(state, "1 bid 0", "2 pass", "3 pass", "0 pass")
    assert state.phase == "exchange" and state.trump == -1
    assert str(state.view(1).table["contract_text"]) == "seat 1: the zero game, no trumps"


def test_trumps_may_be_any_suit() -> None:
    state = deal()
    act(state, "1 bid 3", "2 pass", "3 pass", "0 pass", "1 trump C")  # seat 1 holds no clubs
    assert state.trump == 3 and state.phase == "exchange"


# -- L3: the exchange -----------------------------------------------------------------------------------
def test_l3_exchange_limit_is_the_declarers_count() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange 7D AH")
    assert state.to_act == {2}
    assert {len(a.args) for a in state.legal_actions(2)} == {0, 1, 2}
    assert "no more than the declarer exchanged" in illegal(state, "2 exchange 9H 8H KD")
    act(state, "2 exchange 9H")
    assert state.to_act == {3}
    act(state, "3 exchange", "0 exchange 7C 8C")
    assert state.phase == "play" and state.to_act == {1}
    table = state.view(0).table
    assert table["exchanges"] == {1: 2, 2: 1, 3: 0, 0: 2}
    assert table["exchange_cap"] == 2
    assert table["stock_size"] == 12 - 5


def test_cards_come_from_the_top_of_the_stock_and_discards_leave_play() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange 7D AH", "2 exchange 9H",
        "3 exchange", "0 exchange 7C 8C")
    assert {parse_card("7S"), parse_card("JH")} <= set(state.view(1).hand)
    assert parse_card("TH") in state.view(2).hand
    assert set(state.view(0).hand) >= set(parse_cards(["7H", "QD"]))
    zones = state.zones()
    assert sorted(zones["discards"]) == sorted(parse_cards(["7D", "AH", "9H", "7C", "8C"]))
    assert zones["stock"] == tuple(parse_cards(["JD", "TD", "9D", "8D", "QC", "KC", "AC"]))


def test_when_the_declarer_keeps_the_hand_nobody_exchanges() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange")
    assert state.phase == "play" and state.to_act == {1}
    assert state.view(2).table["exchanges"] == {1: 0}


def test_a_short_stock_caps_and_then_skips_the_exchange() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange 7D AH QS KS AS",
        "2 exchange JS TS 9H 8H KD")
    assert state.to_act == {3}
    assert max(len(a.args) for a in state.legal_actions(3)) == 2  # only 2 cards left in the stock
    assert "only 2 left in the stock" in illegal(state, "3 exchange 9S 8S AD")
    act(state, "3 exchange 9S 8S")
    assert state.phase == "play"  # seat 0 may not exchange from an empty stock: skipped


def test_exchange_allowed_in_the_zero_game() -> None:
    state = deal()
    act(state, "1 bid 0", "2 pass", "3 pass", "0 pass", "1 exchange AS KS")
    assert state.to_act == {2}


def test_exchange_must_use_held_cards() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S")
    assert "does not hold" in illegal(state, "1 exchange 7C")


def test_exchanged_cards_are_private_but_counts_are_public() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange 7D AH")
    mine = state.view(1)
    other = state.view(2)
    assert mine.private == {"put_away": tuple(parse_cards(["AH", "7D"])), "drawn": tuple(parse_cards(["7S", "JH"]))}
    assert other.private == {}
    assert any(e.kind == "draw" for e in mine.history)
    assert not any(e.kind == "draw" for e in other.history)
    public = [e for e in other.history if e.kind == "exchange"]
    assert [e.text for e in public] == ["seat 1 exchanged 2 cards"]
    assert other.seats[1].facts == {"exchanged": 2}


# -- L4: the opening lead -------------------------------------------------------------------------------
def test_l4_opening_lead_must_be_a_trump() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange")
    assert {str(a) for a in state.legal_actions(1)} == {"play AS", "play KS", "play QS"}
    assert "the opening lead must be a trump" in illegal(state, "1 play AH")


def test_opening_lead_is_free_without_a_trump_in_hand() -> None:
    state = deal()
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump C", "1 exchange")
    assert len(state.legal_actions(1)) == 5


def test_l4_zero_game_lead_is_free() -> None:
    state = deal()
    act(state, "1 bid 0", "2 pass", "3 pass", "0 pass", "1 exchange")
    assert len(state.legal_actions(1)) == 5


def test_only_the_opening_lead_is_restricted() -> None:
    hands = ["7C 8C 9C TC JC", "AS KS AH KH QH", "JS TS 9H 8H KD", "9S 8S AD 7H QD"]
    state = deal(hands, "")
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange")
    act(state, "1 play AS", "2 play JS", "3 play 9S", "0 play 7C")  # seat 1 wins, leads again
    assert len(state.legal_actions(1)) == 4  # KS, AH, KH, QH: any card, trumps or not


# -- L5, L6: following, must trump, trick winner --------------------------------------------------------
def play_l5() -> NapasState:
    hands = ["7C 8C 9C TC JC", "AS KS TH AH 7D", "JS 9S 8S 7S KD", "QS 8H 9H AD KC"]
    state = deal(hands, "")
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange")
    act(state, "1 play AS", "2 play 7S", "3 play QS", "0 play 7C")  # seat 1 wins
    act(state, "1 play TH")
    return state


def test_l5_must_trump_when_void() -> None:
    state = play_l5()
    assert {str(a) for a in state.legal_actions(2)} == {"play JS", "play 9S", "play 8S"}
    assert "must trump" in illegal(state, "2 play KD")


def test_l5_with_neither_suit_any_card() -> None:
    state = play_l5()
    act(state, "2 play 8S", "3 play 8H")
    assert len(state.legal_actions(0)) == 4  # clubs only: no hearts, no spades


def test_must_follow_suit() -> None:
    state = play_l5()
    act(state, "2 play 8S")
    assert "must follow hearts" in illegal(state, "3 play KC")


def test_no_obligation_to_overtrump() -> None:
    hands = ["7C 8C 9C TC JC", "AS KS TH AH 7D", "JS 9S 7S KD QD", "QS 8S TS AD KC"]
    state = deal(hands, "")
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange")
    act(state, "1 play AS", "2 play 7S", "3 play TS", "0 play 7C", "1 play TH", "2 play JS")
    assert {str(a) for a in state.legal_actions(3)} == {"play QS", "play 8S"}  # 8S need not beat JS


def test_l6_highest_trump_wins() -> None:
    hands = ["9S TS 8C 9C TC", "AS TH 7D 8D 9D", "KH QH JH 7H AD", "7S 8S KD QD JD"]
    state = deal(hands, "")
    act(state, "1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange")
    act(state, "1 play AS", "2 play AD", "3 play 8S", "0 play TS")  # seat 1 wins and leads
    act(state, "1 play TH", "2 play KH", "3 play 7S", "0 play 9S")
    trick = state.events()[-1]
    assert trick.kind == "trick" and trick.winner == 0 and trick.card == parse_card("9S")
    assert trick.rule == "highest trump"
    assert state.view(2).table["last_trick"] == tuple(zip((1, 2, 3, 0), parse_cards(["TH", "KH", "7S", "9S"]),
                                                          strict=True))


# -- L7, L8, L9: scoring --------------------------------------------------------------------------------
@pytest.mark.parametrize(("bid", "taken", "points"), [
    ("4", 5, 9), ("5", 5, 15), ("4", 3, -5), ("5", 3, -12),  # L7
    ("3", 3, 6), ("1", 4, 5), ("2", 0, -4), ("4", 0, -8), ("5", 4, -11), ("5", 0, -15),  # L8
    ("0", 0, 7), ("0", 1, -5), ("0", 4, -5),  # L9
])
def test_scoring_formula(bid: str, taken: int, points: int) -> None:
    assert deal_points(bid, taken) == points


# Two players make the tree small enough to search for a play in which the declarer takes t tricks.
HANDS_2 = ["8H 9C 7C TC 7D", "QH JD TD 7H 7S"]  # dealer 0: seat 1 bids first
STOCK_2 = "AC KC TS AD 8C TH JC KH QS JS QC QD KS AH JH 9S AS 9H 8S 9D KD 8D"


def find_play(state: NapasState, declarer: int, tricks: int) -> list[str] | None:
    """Legal plays from here after which the declarer has taken exactly ``tricks`` (depth-first)."""
    if state.is_over:
        return [] if state.taken[declarer] == tricks else None
    seat = min(state.to_act)
    for action in state.legal_actions(seat):
        child = state.clone()
        child.apply(seat, action)
        rest = find_play(child, declarer, tricks)
        if rest is not None:
            return [f"{seat} {action}", *rest]
    return None


@pytest.mark.parametrize(("bid", "taken", "points"), [
    ("4", 5, 9), ("5", 5, 15), ("4", 3, -5), ("5", 3, -12),  # L7
    ("3", 3, 6), ("1", 4, 5), ("2", 0, -4), ("4", 0, -8), ("5", 4, -11), ("5", 0, -15),  # L8
    ("0", 0, 7), ("0", 1, -5), ("0", 4, -5),  # L9
])
def test_scoring_examples_played_out_and_replayed(bid: str, taken: int, points: int) -> None:
    stock = STOCK_2
    state = deal(HANDS_2, stock)
    trump = "1 trump S" if taken else "1 trump C"  # this deal lets seat 1 take 1-5 with spades, 0 with clubs
    opening = [f"1 bid {bid}"] + ([] if bid == "5" else ["0 pass"]) + ([] if bid == "0" else [trump])
    opening.append("1 exchange")
    act(state, *opening)
    plays = find_play(state, 1, taken)
    assert plays is not None
    act(state, *plays)
    assert state.scores() == (0, points)
    result = replay(record(HANDS_2, stock, opening + plays), get_game)
    assert list(result.totals) == [0, points]
    assert result.deals[0].scores == (0, points)
    assert result.deals[0].summary.made == (points > 0)


# -- L10 and the match ----------------------------------------------------------------------------------
def progress(totals: Sequence[int], deals: int = 1, target: int = 20) -> MatchProgress:
    opts = GAME.resolve_options({"target": target}, len(totals))
    results = tuple(DealResult(tuple(0 for _ in totals), DealSummary()) for _ in range(deals))
    return MatchProgress(len(totals), opts, results, tuple(totals))


def test_l10_target_reached_ends_the_match() -> None:
    assert deal_points("4", 4) == 8
    assert not GAME.match_over(progress((14, 0, -3, 5)))
    assert GAME.match_over(progress((14 + 8, 0, -3, 5)))
    assert not GAME.match_over(progress((22, 0, 0, 0), target=30))


def test_the_match_goes_on_until_the_target_however_long_and_a_table_stops_after_five_deals_a_point_of_it(
) -> None:
    below = (0, -40, -3, 5)
    assert not GAME.match_over(progress(below, deals=100))
    assert not GAME.match_over(progress(below, deals=5000, target=100))
    assert GAME.deal_limit(4, GAME.resolve_options({}, 4)) == 100  # the default target, 20: at least 100 deals
    assert GAME.deal_limit(4, GAME.resolve_options({"target": 100}, 4)) == 500
    assert deal_limit(1) == 100 and deal_limit(1000) == 5000


def test_a_record_of_101_deals_with_nobody_at_the_target_replays_unfinished() -> None:
    match = Match(GAME, 5, GAME.resolve_options({"target": 30}, 5), seed=3)
    rng = random.Random(3)
    for number in range(101):
        if number:
            match.next_deal()
        while not match.deal_over:
            seat = min(match.state.to_act)
            legal = match.state.legal_actions(seat)
            match.act(seat, legal[rng.randrange(len(legal))])
    assert max(match.totals) < 30 and not match.is_over
    assert sum(not r.summary.redeal for r in match.results) > 90  # played deals, not thrown-in ones
    result = replay(match.record(), get_game)
    assert len(result.deals) == 101 and result.deals[-1].complete and not result.complete
    assert list(result.totals) == list(match.totals)


def thrown_in(deals: int) -> dict[str, object]:
    """A 4-player Napas record of ``deals`` deals in which everyone passes."""
    return {"format": "cardsuite-record/1", "game": "napas", "players": 4,
            "deals": [{"dealer": i % 4, "seed": i, "actions": [f"{(i + k) % 4} pass" for k in range(1, 5)]}
                      for i in range(deals)]}


def test_a_record_goes_on_past_the_tables_stop_until_the_rules_end_the_match() -> None:
    result = replay(thrown_in(101), get_game)
    assert len(result.deals) == 101 and not result.complete  # nobody has reached the target


def test_options_have_exactly_the_spec_keys() -> None:
    assert [s.key for s in GAME.info.options] == ["target", "deck", "turn_timer"]
    assert GAME.resolve_options({}, 4) == {"target": 20, "deck": "auto", "turn_timer": 0}


# -- records --------------------------------------------------------------------------------------------
GOOD = ["1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange 7D AH", "2 exchange 9H",
        "3 exchange", "0 exchange 7C 8C"]


def test_a_record_replays() -> None:
    result = replay(record(HANDS_4, STOCK_4, GOOD), get_game)
    assert not result.deals[0].complete
    assert result.deals[0].summary.declarer == 1


@pytest.mark.parametrize(("actions", "why"), [
    (["1 bid 0", "2 bid 3"], "a bid must outrank 0"),
    (["1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange", "1 play AH"],
     "the opening lead must be a trump"),
    ([*GOOD[:5], "1 exchange 7D AH", "2 exchange 9H 8H KD"], "no more than the declarer exchanged"),
    ([*GOOD[:5], "1 exchange", "2 exchange"], "it is seat 1's turn, not seat 2's"),
    ([*GOOD[:5], "1 exchange", "1 play AS", "2 play KD"], "must follow spades"),
    (["1 bid 5", "2 pass"], "it is seat 1's turn"),
])
def test_illegal_records_fail_in_one_line(actions: list[str], why: str) -> None:
    with pytest.raises(RecordError) as info:
        replay(record(HANDS_4, STOCK_4, actions), get_game)
    message = str(info.value)
    assert "\n" not in message and why in message
    assert message.startswith(f'deal 0, action {len(actions) - 1} "{actions[-1]}": illegal:')


def test_must_trump_record() -> None:
    hands = ["7C 8C 9C TC JC", "AS KS TH AH 7D", "JS 9S 8S 7S KD", "QS 8H 9H AD KC"]
    actions = ["1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange", "1 play AS", "2 play 7S",
               "3 play QS", "0 play 7C", "1 play TH", "2 play KD"]
    with pytest.raises(RecordError, match="must trump"):
        replay(record(hands, "", actions), get_game)


def test_given_hands_need_the_whole_stock() -> None:
    opts = GAME.resolve_options({}, 4)
    with pytest.raises(InvalidDeal, match="the stock holds 0 cards, not 12"):
        GAME.new_deal(4, opts, 0, hands=[parse_cards(h.split()) for h in HANDS_4], stock=None)
    short = record(HANDS_4, STOCK_4, [])
    deal_ = short["deals"][0]  # type: ignore[index]
    del deal_["stock"]
    with pytest.raises(RecordError, match="deal 0, key \"stock\": the stock holds 0 cards, not 12"):
        replay(short, get_game)
    deal_["stock"] = STOCK_4.split()[:-1]
    with pytest.raises(RecordError, match="deal 0, key \"stock\": the stock holds 11 cards, not 12"):
        replay(short, get_game)


def test_skipped_players_record_nothing() -> None:
    actions = ["1 bid 4", "2 pass", "3 pass", "0 pass", "1 trump S", "1 exchange"]
    with pytest.raises(RecordError, match="it is seat 1's turn, not seat 2's"):
        replay(record(HANDS_4, STOCK_4, [*actions, "2 exchange"]), get_game)
    with pytest.raises(RecordError, match="must play a card now"):
        replay(record(HANDS_4, STOCK_4, [*actions, "1 exchange"]), get_game)


def test_exchange_text_round_trips_in_any_card_order() -> None:
    action = GAME.parse_action("exchange AH 7d")
    assert str(action) == "exchange AH 7D" or str(action) == "exchange 7D AH"
    assert GAME.parse_action(str(action)) == action
    assert str(GAME.parse_action("exchange")) == "exchange"


# -- properties -----------------------------------------------------------------------------------------
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_only_the_declarer_scores_by_the_formula(seed: int, players: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_deal(players, GAME.resolve_options({}, players), rng.randrange(players), rng=rng)
    while not state.is_over:
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    scores = state.scores()
    if state.high is None:
        assert scores == (0,) * players
        return
    assert all(s == 0 for i, s in enumerate(scores) if i != state.declarer)
    assert scores[state.declarer] == deal_points(state.high, state.taken[state.declarer])
    assert sum(state.taken) == 5


@given(bid=st.sampled_from(["1", "2", "3", "4", "5"]), taken=st.integers(0, 5))
def test_the_formula(bid: str, taken: int) -> None:
    b = int(bid)
    points = deal_points(bid, taken)
    if taken >= b:
        assert points == b + taken + (5 if b == 5 else 0) > 0
    else:
        assert points == -(2 * (b - taken) + taken) - (5 if b == 5 else 0) < 0


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_sampled_deals_fit_the_view_after_exchanges(seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.new_deal(4, GAME.resolve_options({}, 4), 0, rng=rng)
    while not state.is_over:
        seat = min(state.to_act)
        for watcher in range(4):
            view = state.view(watcher)
            sampled = GAME.sample_deal(view, random.Random(seed + watcher))
            assert sampled.view(watcher) == view
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])


def test_a_whole_match_ends_and_replays() -> None:
    match = Match(GAME, 4, GAME.resolve_options({"target": 10}, 4), seed=7)
    bots = GAME.bot_levels()
    players = [bots["normal"]() for _ in range(4)]
    rng = random.Random(7)
    while True:
        while not match.deal_over:
            seat = min(match.state.to_act)
            match.act(seat, players[seat].choose(match.state.view(seat), rng))
        if match.is_over:
            break
        match.next_deal()
    result = replay(match.record(), get_game)
    assert result.complete and list(result.totals) == list(match.totals)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_trick_winners_follow_the_standard_rule(seed: int, players: int) -> None:
    from cardsuite.core.tricks import Trick, standard_winner

    rng = random.Random(seed)
    state = GAME.new_deal(players, GAME.resolve_options({}, players), rng.randrange(players), rng=rng)
    while not state.is_over:
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    trick: list[tuple[int, int]] = []
    number = 0
    for event in state.events():
        if event.kind == "play" and event.seat is not None and event.card is not None:
            trick.append((event.seat, event.card))
        elif event.kind == "trick":
            number += 1
            cards = tuple(c for _, c in trick)
            index, reason = standard_winner(Trick(cards, tuple(s for s, _ in trick), cards[0] // 13, state.trump,
                                                  number))
            assert event.winner == trick[index][0] and event.rule == reason
            trick = []
    assert number == (0 if state.high is None else 5)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(2, 6))
def test_own_actions_and_equal_fresh_ones_play_alike(seed: int, players: int) -> None:
    """``apply`` takes the game's own (interned) actions a short way: a fresh ``Action`` equal to one of them
    (exchanged cards in any order) goes through the shared preamble and must do exactly the same. The
    exchange's lazy legal actions are the view's tuple, and ``to_act``/``is_over`` follow the turn."""
    from cardsuite.core.game import Action
    from cardsuite.games.napas.exchange import exchange_actions

    rng = random.Random(seed)
    options = GAME.resolve_options({}, players)
    state = GAME.new_deal(players, options, rng.randrange(players), rng=rng)
    twin = state.clone()
    while not state.is_over:
        assert state.to_act == frozenset({state.turn}) and twin.to_act == state.to_act
        seat = state.turn
        legal = state.legal_actions(seat)
        if state.phase == "exchange":
            assert tuple(legal) == exchange_actions(state.hands[seat], state.round.limit(seat)) == legal
            assert state.view(seat).legal == tuple(legal)
        action = legal[rng.randrange(len(legal))]
        fresh = Action(action.verb, tuple(reversed(action.args)) if action.verb == "exchange" else action.args)
        assert fresh is not action and fresh.text == ""
        assert state.apply(seat, action) == twin.apply(seat, fresh)
        assert state.events() == twin.events()
    assert twin.is_over and not twin.to_act and state.scores() == twin.scores()
    assert [e.action for e in state.events()] == [e.action for e in twin.events()]
