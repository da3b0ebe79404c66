"""GOPS: the worked examples G1-G14 of the spec, every option, the early end, records and properties."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.cards import parse_card
from cardsuite.core.errors import ActionSyntaxError, IllegalAction, InvalidDeal, OptionError, RecordError
from cardsuite.core.game import Action, DealResult, DealSummary, MatchProgress
from cardsuite.core.record import replay
from cardsuite.core.registry import get_game
from cardsuite.games.gops import GAME
from cardsuite.games.gops.faces import FACE_OF, PRIZES
from cardsuite.games.gops.rules import GopsState
from cardsuite.games.gops.tables import prize_value

RANKS = "A23456789TJQK"


def prizes(first: str) -> list[int]:
    """The prize pile: the ranks in ``first`` on top (``"9 Q"``), then the other diamonds, ace up."""
    top = [parse_card(f"{r}D") for r in first.split()]
    return top + [c for c in PRIZES if c not in top]


def deal(players: int, first: str, **options: object) -> GopsState:
    """A game whose prizes start with ``first``, standard hands."""
    resolved = GAME.resolve_options(options, players)
    return GAME.new_deal(players, resolved, None, hands=None, stock=prizes(first))


def bid(state: GopsState, *ranks: str) -> None:
    """Every seat bids, seat 0 first: ``bid(state, "T", "7", "4")``."""
    for seat, rank in enumerate(ranks):
        state.apply(seat, GAME.parse_action(f"play {rank}"))


def last_award(state: GopsState) -> str:
    """The text of the latest award or tie event."""
    return next(e.text for e in reversed(state.events()) if e.kind in ("award", "tie", "zero"))


# -- the worked examples -----------------------------------------------------------------------------------
def test_g1_highest_card_takes_the_prize() -> None:
    state = deal(3, "9")
    bid(state, "T", "7", "4")
    assert state.scores() == (9, 0, 0)
    assert "seat 0 takes the 9 of diamonds" in last_award(state)


def test_g2_two_equal_cards_give_the_prize_to_the_third() -> None:
    state = deal(3, "T")
    bid(state, "K", "K", "3")
    assert state.scores() == (0, 0, 10)
    assert state.rounds[-1][3] == "third"


def test_g3_three_equal_cards_carry_the_prize() -> None:
    state = deal(3, "5 Q")
    bid(state, "7", "7", "7")
    assert state.scores() == (0, 0, 0)
    assert state.view(0).table["pot_value"] == 5
    bid(state, "K", "2", "3")
    assert state.scores() == (17, 0, 0)
    assert sorted(state.taken[0]) == sorted([parse_card("5D"), parse_card("QD")])


def test_g4_a_carry_after_the_last_round_scores_for_nobody() -> None:
    state = deal(3, "")
    bid(state, "4", "3", "2")
    bid(state, "2", "4", "3")
    bid(state, "3", "2", "4")
    for rank in "56789TJQKA":
        assert not state.is_over
        bid(state, rank, rank, rank)
    assert state.is_over
    values = [FACE_OF[c] for c in PRIZES]
    assert state.scores() == (values[0], values[1], values[2])
    assert len(state.zones()["discarded"]) == 10 and not state.zones()["pot"]
    assert "score for nobody" in last_award(state)


def take(state: GopsState, winner: int, card: str | None = None) -> None:
    """Bids that give the prize to ``winner`` (its best card, or ``card``) against the others' lowest."""
    options = []
    for seat in range(state.players):
        faces = sorted((RANKS.index(str(a.args[0])) + 1 for a in state.legal_actions(seat)), reverse=seat == winner)
        options.append([RANKS.index(card) + 1] if card and seat == winner else faces)
    for faces in itertools.product(*options):
        trial = state.clone()
        bid(trial, *(RANKS[f - 1] for f in faces))
        if trial.rounds[-1][2] == winner:
            bid(state, *(RANKS[f - 1] for f in faces))
            return
    raise AssertionError(f"seat {winner} cannot take this prize")


def test_g5_the_highest_total_wins() -> None:
    order = "K T 7 Q 9 6 J 8 5 4 3 2 A"
    winners = [0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 1]
    state = deal(3, order, play_out=True)
    for number, winner in enumerate(winners):
        take(state, winner, "9" if number == 10 else None)  # seat 1 keeps its 10 for the last prize
    assert state.scores() == (40, 31, 20)
    assert sum(state.scores()) == 91
    end = state.events()[-1]
    assert end.kind == "end" and end.winner == 0 and "seat 0 wins with 40 points" in end.text


def test_g6_two_player_carry() -> None:
    state = deal(2, "6 2")
    bid(state, "8", "8")
    assert state.scores() == (0, 0)
    bid(state, "J", "9")
    assert state.scores() == (8, 0)


def test_g7_46_points_decide_a_two_player_game() -> None:
    state = deal(2, "K Q J T")
    for _ in range(3):
        take(state, 0)
    assert state.scores() == (36, 0) and not state.is_over
    take(state, 0)
    assert state.scores() == (46, 0)
    assert state.is_over and state.early
    assert state.to_act == frozenset() and state.legal_actions(1) == ()


def test_g7_45_points_do_not_decide_it() -> None:
    state = deal(2, "K Q J 9")
    for _ in range(4):
        take(state, 0)
    assert state.scores() == (45, 0)
    assert not state.is_over


def test_g8_a_negative_prize_goes_to_the_lowest_card() -> None:
    state = deal(3, "Q", negative_faces=True)
    bid(state, "9", "4", "7")
    assert state.scores() == (0, -2, 0)


def test_g9_a_negative_pot_goes_to_the_lowest_card() -> None:
    state = deal(3, "K 2", negative_faces=True)
    bid(state, "5", "5", "5")
    assert state.view(0).table["pot_value"] == -3
    bid(state, "9", "4", "7")
    assert state.scores() == (0, -1, 0)
    assert len(state.taken[1]) == 2


def test_g10_a_zero_pot_is_removed_and_nobody_scores() -> None:
    state = deal(2, "J A", negative_faces=True)
    bid(state, "5", "5")
    bid(state, "9", "3")
    assert state.scores() == (0, 0)
    zones = state.zones()
    assert sorted(zones["discarded"]) == sorted([parse_card("JD"), parse_card("AD")])
    assert len(zones["hand 0"]) == 11 and len(zones["hand 1"]) == 11
    assert state.rounds[-1][3] == "zero"


def test_g10_a_zero_pot_beats_the_two_way_tie_rule() -> None:
    state = deal(3, "J A", negative_faces=True)
    bid(state, "5", "5", "5")
    bid(state, "9", "9", "3")
    assert state.scores() == (0, 0, 0)


def test_g3_negative_two_way_tie_still_gives_the_third() -> None:
    state = deal(3, "K", negative_faces=True)
    bid(state, "2", "2", "9")
    assert state.scores() == (0, 0, -3)


def test_g11_discard_ties() -> None:
    state = deal(3, "7 3", ties="discard")
    bid(state, "5", "5", "5")
    assert state.view(0).table["pot_value"] == 0
    assert state.zones()["discarded"] == (parse_card("7D"),)
    bid(state, "K", "2", "3")
    assert state.scores() == (3, 0, 0)


def test_g11_discard_keeps_the_third_player_rule() -> None:
    state = deal(3, "7", ties="discard")
    bid(state, "5", "5", "2")
    assert state.scores() == (0, 0, 7)


def test_g12_ace_high() -> None:
    options = GAME.resolve_options({"ace": "high"}, 2)
    assert sum(prize_value(c, options) for c in PRIZES) == 104
    state = deal(2, "A", ace="high")
    bid(state, "A", "K")
    assert state.scores() == (14, 0)


def test_g13_two_fives_and_a_king() -> None:
    state = deal(3, "8")
    bid(state, "5", "5", "K")
    assert state.scores() == (0, 0, 8)


def test_g14_split_ties() -> None:
    state = deal(2, "9", ties="split")
    bid(state, "6", "6")
    assert state.scores() == (Fraction(9, 2), Fraction(9, 2))
    assert "4.5 each" in last_award(state)


def test_split_is_for_two_players_only() -> None:
    with pytest.raises(OptionError):
        GAME.resolve_options({"ties": "split"}, 3)


# -- options -----------------------------------------------------------------------------------------------
def test_ace_beats_only_the_king_two_players() -> None:
    state = deal(2, "9 8", ace="beats_king")
    bid(state, "A", "K")
    assert state.scores() == (9, 0)
    bid(state, "2", "Q")
    assert state.scores() == (9, 8)


def test_ace_beats_only_the_king_three_players_decision_2() -> None:
    state = deal(3, "9 8", ace="beats_king")
    bid(state, "Q", "K", "A")
    assert state.scores() == (0, 0, 9)
    bid(state, "A", "Q", "K")  # a king is out, so seat 0's ace counts 14
    assert state.scores() == (8, 0, 9)


def test_ace_beats_king_two_aces_tie_so_the_king_takes_it() -> None:
    state = deal(3, "9", ace="beats_king")
    bid(state, "A", "A", "K")
    assert state.scores() == (0, 0, 9)


def test_ace_low_loses_to_everything() -> None:
    state = deal(2, "9")
    bid(state, "A", "2")
    assert state.scores() == (0, 9)


def test_blind_prize_is_hidden_until_the_bids() -> None:
    state = deal(2, "K Q", blind_prize=True)
    view = state.view(0)
    assert view.table["prize"] is None
    assert not any(e.kind == "prize" for e in view.history)
    assert len(view.table["prizes_left"]) == 13  # type: ignore[arg-type]
    bid(state, "2", "3")
    assert [e.card for e in state.view(0).history if e.kind == "prize"] == [parse_card("KD")]
    assert state.scores() == (0, 13)


def test_blind_sample_deal_guesses_the_prize_order() -> None:
    state = deal(2, "K Q", blind_prize=True)
    bid(state, "2", "3")
    view = state.view(0)
    orders = {tuple(GAME.sample_deal(view, random.Random(i)).setup().stock) for i in range(20)}
    assert len(orders) > 1
    assert all(order[0] == parse_card("KD") for order in orders)


def test_memory_flag_is_in_the_view() -> None:
    assert deal(2, "9", memory=True).view(0).table["memory"] is True
    assert deal(2, "9").view(0).table["memory"] is False


def test_memory_mode_logs_a_card_only_until_the_next_reveal() -> None:
    state = deal(3, "9 8 7 6", memory=True)
    bid(state, "T", "7", "4")
    bid(state, "K", "2", "3")
    state.apply(0, GAME.parse_action("play Q"))  # the third round is being bid
    view = state.view(0)
    kept = GAME.log_events(view)
    reveals = [e.text for e in kept if e.kind == "reveal"]
    assert reveals == ["seat 0 played the king", "seat 1 played the 2", "seat 2 played the 3"]
    assert not any(w in e.text for e in kept for w in ("the 10", "played the 7", "the 4"))  # round 1 forgotten
    assert [e.text for e in kept if e.kind == "choose"] == ["seat 0 chose the king", "seat 0 chose the queen"]
    assert sum(e.kind == "award" for e in kept) == 2  # who took each prize stays
    assert view.history != kept and sum(e.kind == "reveal" for e in view.history) == 6  # bots still know
    plain = deal(3, "9 8 7 6")
    bid(plain, "T", "7", "4")
    assert GAME.log_events(plain.view(0)) == plain.view(0).history


def test_a_person_is_sent_of_a_memory_table_only_what_it_shows() -> None:
    state = deal(3, "9 8 7 6", memory=True)
    bid(state, "T", "7", "4")
    bid(state, "K", "2", "3")
    state.apply(2, GAME.parse_action("play Q"))  # the third round is being bid
    for view in (state.view(0), state.view(2), state.public_view()):
        sent = GAME.person_view(view)
        assert sent.history == GAME.log_events(view) and GAME.log_events(sent) == sent.history
        assert not {"played", "remaining", "history"} & set(sent.table)
        assert {k: v for k, v in view.table.items() if k in sent.table} == dict(sent.table)  # points, prizes
        assert (sent.hand, sent.legal, sent.seats, sent.private) == (view.hand, view.legal, view.seats, view.private)
        assert GAME.outcome(sent) == GAME.outcome(view)  # the round on show keeps its number
    plain = deal(3, "9 8 7 6")
    bid(plain, "T", "7", "4")
    view = plain.view(0)
    assert GAME.person_view(view) is view  # without memory a person is sent the whole view


def test_play_out_keeps_playing_after_46() -> None:
    state = deal(2, "K Q J T", play_out=True)
    for _ in range(4):
        take(state, 0)
    assert not state.is_over
    while not state.is_over:
        bid(state, str(state.legal_actions(0)[0].args[0]), str(state.legal_actions(1)[0].args[0]))
    assert len(state.rounds) == 13


def test_early_end_with_ace_high_is_53_of_104() -> None:
    state = deal(2, "A K Q J 2", ace="high")
    for _ in range(4):
        take(state, 0)
    assert state.scores() == (50, 0) and not state.is_over
    take(state, 0)
    assert state.scores() == (52, 0) and not state.is_over
    state = deal(2, "A K Q J 3", ace="high")
    for _ in range(5):
        take(state, 0)
    assert state.scores() == (53, 0) and state.is_over


def test_early_end_counts_the_carried_pot() -> None:
    state = deal(2, "K Q J 9 A")
    for _ in range(4):
        take(state, 0)
    bid(state, "5", "5")  # the ace carries: 45 with 46 still out (45 to turn plus the carried 1)
    assert state.scores() == (45, 0) and not state.is_over


def test_three_player_games_play_all_13_prizes() -> None:
    """Decision 1 (revised): the source counts a 3-player game after the 13th prize, never earlier."""
    state = deal(3, "K Q J T 9 8 7 6")
    for winner in [0, 1, 0, 0, 0, 0, 0]:
        take(state, winner)
    assert state.scores() == (58, 12, 0) and not state.is_over  # 58 - 12 > 21 left: the old rule stopped here
    while not state.is_over:
        bid(state, *(str(state.legal_actions(s)[0].args[0]) for s in range(3)))
    assert len(state.rounds) == 13 and not state.early


def test_every_game_of_a_longer_match_plays_all_13_prizes() -> None:
    state = deal(2, "K Q J T", games=2)
    for _ in range(4):
        take(state, 0)
    assert state.scores() == (46, 0) and not state.is_over
    while not state.is_over:
        bid(state, str(state.legal_actions(0)[0].args[0]), str(state.legal_actions(1)[0].args[0]))
    assert len(state.rounds) == 13 and not state.early


def test_games_option_sets_the_match_length() -> None:
    options = GAME.resolve_options({"games": 3}, 2)
    one = DealResult((46, 0), DealSummary())
    assert not GAME.match_over(MatchProgress(2, options, (one, one), (92, 0)))
    assert GAME.match_over(MatchProgress(2, options, (one, one, one), (138, 0)))


def test_option_keys_are_exactly_the_spec() -> None:
    assert [s.key for s in GAME.info.options] == [
        "ties", "negative_faces", "ace", "blind_prize", "games", "memory", "play_out"]
    assert GAME.info.uses_dealer is False
    assert GAME.info.players == (2, 3)


# -- actions, legality, views ------------------------------------------------------------------------------
def test_parse_rank_alone() -> None:
    king = GAME.parse_action("play K")
    assert GAME.parse_action("PLAY k") is king and str(king) == "play K"
    assert GAME.parse_action("play 10") is GAME.parse_action("play T")
    for bad in ("play KS", "play 1", "bid 3", "play", "play X"):
        with pytest.raises(ActionSyntaxError):
            GAME.parse_action(bad)


def test_refusals_leave_the_state_unchanged() -> None:
    state = deal(2, "9 8")
    bid(state, "K", "2")

    def seen() -> object:
        return (state.events(), state.zones(), state.scores(), state.to_act, state.view(0), state.view(1))

    before = seen()
    with pytest.raises(IllegalAction, match="no king"):
        state.apply(0, GAME.parse_action("play K"))
    with pytest.raises(IllegalAction, match="no seat"):
        state.apply(2, GAME.parse_action("play J"))
    assert seen() == before
    state.apply(0, GAME.parse_action("play Q"))
    before = seen()
    with pytest.raises(IllegalAction, match="already chosen"):
        state.apply(0, GAME.parse_action("play J"))
    assert seen() == before


def test_a_pending_choice_is_hidden_from_the_other_seats() -> None:
    first, second = deal(3, "9"), deal(3, "9")
    first.apply(0, GAME.parse_action("play K"))
    second.apply(0, GAME.parse_action("play 2"))
    assert first.view(1) == second.view(1) and first.view(2) == second.view(2)
    assert first.view(0) != second.view(0)
    assert first.view(0).private == {"chosen": "K"}
    assert first.to_act == frozenset({1, 2})
    texts = [e.text for e in first.view(1).history]
    assert "seat 0 has chosen" in texts and not any("king" in t for t in texts)


def test_view_table_shows_the_public_knowledge() -> None:
    state = deal(2, "9 8")
    bid(state, "K", "2")
    table = state.view(1).table
    assert table["prize"] == parse_card("8D") and table["prize_value"] == 8
    assert table["played"] == ((13,), (2,))
    assert 13 not in table["remaining"][0] and 2 in table["remaining"][0]  # type: ignore[index]
    assert table["taken"] == ((parse_card("9D"),), ())
    assert table["ties"] == "carry"
    assert parse_card("9D") not in table["prizes_left"]  # type: ignore[operator]
    assert parse_card("8D") not in table["prizes_left"]  # type: ignore[operator]


def test_events_name_seats() -> None:
    state = deal(2, "9")
    bid(state, "K", "2")
    assert all("seat" in e.text for e in state.events() if e.kind not in ("prize",))


def test_hands_may_be_given_or_left_out() -> None:
    options = GAME.resolve_options({}, 3)
    state = GAME.new_deal(3, options, None, stock=prizes(""))
    assert [sorted(h) for h in state.setup().hands] == [
        sorted(parse_card(f"{r}{s}") for r in RANKS) for s in "SHC"]
    with pytest.raises(InvalidDeal):
        GAME.new_deal(2, GAME.resolve_options({}, 2), None, stock=prizes("")[:12])
    with pytest.raises(InvalidDeal):
        GAME.new_deal(2, GAME.resolve_options({}, 2), None, hands=[[parse_card("2D")] * 13] * 2, stock=prizes(""))


def suit_hand(text: str) -> list[int]:
    return [parse_card(card) for card in text.split()]


@pytest.mark.parametrize("players", [2, 3])
def test_each_given_hand_is_one_whole_suit(players: int) -> None:
    options = GAME.resolve_options({}, players)
    mixed = suit_hand("KS KC QS QC JS JC TS TC 9S 9C 8S 8C 7S")  # two kings, two queens ...: 13 cards, no diamond
    whole = [[parse_card(f"{r}{s}") for r in RANKS] for s in "HCS"]
    with pytest.raises(InvalidDeal, match="seat 0 holds KS and KC: each hand is one whole suit"):
        GAME.new_deal(players, options, None, hands=[mixed, *whole[:players - 1]], stock=prizes(""))
    chosen = GAME.new_deal(players, options, None, hands=whole[:players], stock=prizes(""))  # any suits, any seat
    assert [list(h) for h in chosen.setup().hands] == whole[:players]


# -- records -----------------------------------------------------------------------------------------------
def record(players: int, stock: str, actions: list[str], options: dict[str, object] | None = None,
           hands: bool = False) -> dict[str, object]:
    deal_: dict[str, object] = {"stock": [f"{r}D" for r in stock.split()], "actions": actions}
    if hands:
        deal_["hands"] = [[f"{r}{s}" for r in RANKS] for s in "SHC"[:players]]
    return {"format": "cardsuite-record/1", "game": "gops", "players": players,
            "options": options or {}, "deals": [deal_]}


def test_record_with_rank_only_plays_and_no_hands_replays() -> None:
    actions = ["0 play K", "1 play 2", "1 play 3", "0 play Q", "0 play J", "1 play 4", "1 play 5", "0 play 10"]
    result = replay(record(2, "K Q J T 9 8 7 6 5 4 3 2 A", actions), get_game)
    assert result.complete
    assert result.as_json()["totals"] == [46, 0]
    assert result.deals[0].scores == (46, 0)


def test_unfinished_record_reports_the_points_so_far() -> None:
    result = replay(record(3, "9 8 7 6 5 4 3 2 A K Q J T", ["0 play T", "2 play 4", "1 play 7", "0 play A"],
                           hands=True), get_game)
    assert not result.complete
    assert result.as_json()["totals"] == [9, 0, 0]


def test_record_errors_name_the_action() -> None:
    with pytest.raises(RecordError, match=r'action 1 "0 play K": illegal: seat 0 has already chosen'):
        replay(record(2, "K Q J T 9 8 7 6 5 4 3 2 A", ["0 play K", "0 play K"]), get_game)
    with pytest.raises(RecordError, match="malformed"):
        replay(record(2, "K Q J T 9 8 7 6 5 4 3 2 A", ["0 play KS"]), get_game)
    with pytest.raises(RecordError, match="split is for 2 players"):
        replay(record(3, "K Q J T 9 8 7 6 5 4 3 2 A", [], {"ties": "split"}), get_game)


def test_a_longer_match_plays_out_and_sums_its_totals() -> None:
    """Seat 0 clinches 46-0 after four prizes, yet a 2-game match counts all 13: 49-42 a game."""
    first = ["0 play K", "1 play 2", "1 play 3", "0 play Q", "0 play J", "1 play 4", "1 play 5", "0 play 10"]
    rest = [f"{s} play {r}" for r0, r1 in zip("9876A", "KQJT9", strict=True) for s, r in ((0, r0), (1, r1))]
    rest += [f"{s} play {r}" for r0, r1 in zip("5432", "8A76", strict=True) for s, r in ((0, r0), (1, r1))]
    stock = "K Q J T 9 8 7 6 5 4 3 2 A"
    data = record(2, stock, first + rest, {"games": 2})
    deals = data["deals"]
    assert isinstance(deals, list)
    data["deals"] = [deals[0], deals[0]]
    result = replay(data, get_game)
    out = result.as_json()
    assert out["complete"] is True
    assert [d["scores"] for d in out["deals"]] == [[49, 42], [49, 42]]  # type: ignore[index]
    assert out["totals"] == [98, 84]


def test_a_record_that_stops_a_game_of_a_longer_match_early_is_refused() -> None:
    stopped = ["0 play K", "1 play 2", "1 play 3", "0 play Q", "0 play J", "1 play 4", "1 play 5", "0 play 10"]
    data = record(2, "K Q J T 9 8 7 6 5 4 3 2 A", stopped, {"games": 2})
    deals = data["deals"]
    assert isinstance(deals, list)
    data["deals"] = [deals[0], deals[0]]
    with pytest.raises(RecordError, match="deal 1: deal 0 is unfinished"):
        replay(data, get_game)
    # a 3-player record that stopped at the old clinch (46-0-0 with 45 left) and went on
    clinch = [f"{s} play {r}" for r0, r1, r2 in zip("KQJT", "A234", "2345", strict=True)
              for s, r in ((0, r0), (1, r1), (2, r2))]
    three = record(3, "K Q J T 9 8 7 6 5 4 3 2 A", clinch, {"games": 2})
    three_deals = three["deals"]
    assert isinstance(three_deals, list)
    three["deals"] = [three_deals[0], three_deals[0]]
    with pytest.raises(RecordError, match="deal 1: deal 0 is unfinished"):
        replay(three, get_game)


def test_split_record_reports_halves() -> None:
    result = replay(record(2, "9 8 7 6 5 4 3 2 A K Q J T", ["0 play 6", "1 play 6"], {"ties": "split"}), get_game)
    assert result.as_json()["totals"] == [4.5, 4.5]


# -- properties --------------------------------------------------------------------------------------------
def reference_winner(faces: tuple[int, ...], value: int, ace: str, negative: bool) -> int | None:
    """An independent, slow statement of who takes a pot worth ``value``."""
    if negative and value == 0:
        return None
    kings = 13 in faces
    power = [14 if f == 1 and (ace == "high" or (ace == "beats_king" and kings)) else f for f in faces]
    if len(faces) == 3:
        for i in range(3):
            others = [power[j] for j in range(3) if j != i]
            if others[0] == others[1] and power[i] != others[0]:
                return i
    if len(set(power)) < len(power):
        return None
    best = max(power) if value > 0 else min(power)
    return power.index(best)


OPTION_SETS = st.fixed_dictionaries({}, optional={
    "ties": st.sampled_from(["carry", "discard", "split"]),
    "negative_faces": st.booleans(),
    "ace": st.sampled_from(["low", "high", "beats_king"]),
    "blind_prize": st.booleans(),
    "play_out": st.booleans(),
    "games": st.sampled_from([1, 1, 2]),
})


@settings(max_examples=150, deadline=None)
@given(players=st.sampled_from([2, 3]), options=OPTION_SETS, seed=st.integers(0, 2**32 - 1))
def test_points_are_conserved_and_follow_the_rules(players: int, options: dict[str, object], seed: int) -> None:
    if players == 3 and options.get("ties") == "split":
        options = {**options, "ties": "carry"}
    resolved = GAME.resolve_options(options, players)
    rng = random.Random(seed)
    state = GAME.new_deal(players, resolved, None, rng=rng)
    value = {c: prize_value(c, resolved) for c in PRIZES}
    carried = 0
    while not state.is_over:
        for seat in sorted(state.to_act, key=lambda _: rng.random()):
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        pot, cards, winner, rule = state.rounds[-1]
        faces = cards
        pot_value = sum(value[c] for c in pot)
        assert pot_value == carried + value[pot[-1]]
        assert winner == reference_winner(faces, pot_value, str(resolved["ace"]), bool(resolved["negative_faces"]))
        carried = pot_value if rule == "carry" else 0
        turned = state.setup().stock[: len(state.rounds)]
        taken = sum(value[c] for s in range(players) for c in state.taken[s])
        split = sum(value[c] for p, _, _, r in state.rounds if r == "split" for c in p)
        lost = sum(value[c] for c in state.discarded) - split
        assert sum(state.scores()) == taken + split
        assert taken + split + lost + state.pot_value == sum(value[c] for c in turned)
        for s in range(players):
            halves = sum(Fraction(value[c], 2) for p, _, _, r in state.rounds if r == "split" for c in p)
            assert state.scores()[s] == sum(value[c] for c in state.taken[s]) + halves
    if resolved["play_out"] or players == 3:
        assert len(state.rounds) == 13
    scores = state.scores()
    if len(state.rounds) < 13:  # ended early (a single 2-player game): nobody can catch the leader on points
        assert players == 2 and resolved["games"] == 1
        rest = sum(abs(value[c]) for c in state.setup().stock[len(state.rounds):]) + abs(state.pot_value)
        ordered = sorted(scores, reverse=True)
        assert ordered[0] - ordered[1] > rest


@settings(max_examples=40, deadline=None)
@given(players=st.sampled_from([2, 3]), blind=st.booleans(), seed=st.integers(0, 2**32 - 1))
def test_sampled_deals_match_the_view(players: int, blind: bool, seed: int) -> None:
    resolved = GAME.resolve_options({"blind_prize": blind}, players)
    rng = random.Random(seed)
    state = GAME.new_deal(players, resolved, None, rng=rng)
    while not state.is_over:
        seat = rng.choice(sorted(state.to_act))
        view = state.view(seat)
        sample = GAME.sample_deal(view, rng)
        assert sample.view(seat) == view
        state.apply(seat, view.legal[rng.randrange(len(view.legal))])


@pytest.mark.parametrize("options", [{}, {"ties": "split"}, {"ties": "discard", "play_out": True},
                                     {"negative_faces": True}, {"blind_prize": True}, {"ace": "beats_king"}])
@pytest.mark.parametrize("players", [2, 3])
def test_views_work_the_table_out_from_the_public_lists(options: dict[str, object], players: int) -> None:
    """A view holds a few ints and the shared public lists; the points, the pot, the prizes turned and the
    history it works out agree with the live state at the moment it was made, read then or at the end."""
    try:
        resolved = GAME.resolve_options(options, players)
    except OptionError:
        return
    for seed in range(12):
        rng = random.Random(seed)
        state = GAME.new_deal(players, resolved, None, rng=rng)
        kept = []
        while True:
            for seat in range(players):
                view = state.view(seat)
                expected = (tuple(state.pts2[s] / 2 for s in range(players)), tuple(state.pot), state.pot_value,
                            state.turned, tuple(e for e in state.events() if e.seen_by(seat)))
                kept.append((view, expected))
                if seat == 0:  # read some now, the rest only when the game is over
                    assert (view.table["points"], view.table["pot"], view.table["pot_value"]) == expected[:3]
            public = state.public_view()
            assert public.history == tuple(e for e in state.events() if e.visible_to is None)
            if state.is_over:
                break
            seat = rng.choice(sorted(state.to_act))
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        for view, (points, pot, pot_value, turned, history) in kept:
            table = view.table
            assert (table["points"], table["pot"], table["pot_value"]) == (points, pot, pot_value)
            assert tuple(c for c in PRIZES if c in turned) == tuple(c for c in PRIZES if c not in table["prizes_left"])
            assert view.history == history


def test_the_log_is_public_and_events_put_each_choice_back() -> None:
    """The state logs public events only; ``events()`` has each seat's private bid just before its
    ``chosen`` event, the pending one too."""
    state = deal(2, "9 Q")
    bid(state, "T", "7")
    state.apply(1, GAME.parse_action("play K"))
    assert all(e.visible_to is None for e in state.log)
    kinds = [(e.kind, e.seat) for e in state.events()]
    assert kinds == [("prize", None), ("choose", 0), ("chosen", 0), ("choose", 1), ("chosen", 1), ("reveal", 0),
                     ("reveal", 1), ("award", 0), ("prize", None), ("choose", 1), ("chosen", 1)]
    assert dict(state.events()[-2].data)["face"] == 13
    assert [dict(e.data)["face"] for e in state.view(1).history if e.kind == "choose"] == [7, 13]
    assert [e.seat for e in state.view(0).history if e.kind == "choose"] == [0]


@pytest.mark.parametrize("options", [{}, {"ties": "discard", "play_out": True}, {"negative_faces": True},
                                     {"ace": "beats_king"}, {"ace": "high"}])
def test_the_looked_up_round_is_the_one_resolve_works_out(options: dict[str, object]) -> None:
    """2-player rounds come from a table (``_fast_entry``) on the hot path; a twin state made to resolve
    every round the long way (``fast`` off) returns and logs the same events, with the same points."""
    resolved = GAME.resolve_options(options, 2)
    for seed in range(20):
        rng = random.Random(seed)
        state = GAME.new_deal(2, resolved, None, rng=rng)
        twin = state.clone()
        twin.fast = twin.quick = False
        while not state.is_over:
            seat = rng.choice(sorted(state.to_act))
            action = rng.choice(state.legal_actions(seat))
            assert state.apply(seat, action) == twin.apply(seat, action)
            assert (state.log, state.pts2, state.rounds) == (twin.log, twin.pts2, twin.rounds)
            assert state.to_act == twin.to_act
        assert twin.is_over and state.scores() == twin.scores() and state.events() == twin.events()


def test_an_action_equal_to_a_legal_one_is_taken_like_it() -> None:
    """``apply`` knows the interned actions of ``legal_actions`` by identity; an equal action made by hand
    goes through the whole preamble and then does the same; a malformed one changes nothing."""
    by_hand, interned = deal(2, "9 Q"), deal(2, "9 Q")
    for seat, rank in ((0, "K"), (1, "2"), (1, "T"), (0, "A")):
        made = Action("play", (rank,), f"play {rank}")
        legal = next(a for a in interned.legal_actions(seat) if a == made)
        assert made is not legal
        assert by_hand.apply(seat, made) == interned.apply(seat, legal)
    assert by_hand.events() == interned.events()
    before = by_hand.events()
    for wrong in (Action("play", ("K",)), Action("play", ("Z",)), Action("bid", ("K",)), Action("play", (["K"],))):
        with pytest.raises(IllegalAction):
            by_hand.apply(0, wrong)  # seat 0: K is gone, Z is no rank, bid is no verb, a list is no rank
    with pytest.raises(IllegalAction):
        by_hand.apply(True, interned.legal_actions(1)[0])  # type: ignore[arg-type]
    assert by_hand.events() == before


def test_a_view_is_built_from_a_plain_tuple_once_per_field() -> None:
    """A GOPS view's parts are a plain tuple whose first item builds its fields (``core.game.BuildTuple``): each
    field is built when first read and then kept, and the view equals one made with every field given."""
    from cardsuite.core.game import View

    state = deal(2, "9 Q")
    bid(state, "T")
    view = state.view(0)
    parts = view.parts
    assert parts.__class__ is tuple and callable(parts[0])
    assert view.hand is view.hand and view.private == {"chosen": "T"} and view.seat == 0
    fields = {name: getattr(view, name) for name in ("game", "seat", "players", "phase", "to_act", "hand", "legal",
                                                     "history", "seats", "table", "private", "options", "dealer",
                                                     "is_over")}
    given = View(**fields)
    assert given.parts is None and given == view and view == given
    assert view.legal == () and state.view(1).legal == state.legal_actions(1)
    with pytest.raises(AttributeError):
        view.no_such_field  # noqa: B018
