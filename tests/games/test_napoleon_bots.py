"""Napoleon: the heuristic bots and ``sample_deal`` (hidden discards, voids, the requested joker)."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots import make_bot
from cardsuite.cards import JOKER, card_text, parse_card
from cardsuite.games.napoleon import GAME
from cardsuite.games.napoleon.bots import NormalNapoleonBot
from cardsuite.games.napoleon.deck import HONOURS
from cardsuite.games.napoleon.rules import NapoleonState

from .test_napoleon import act, auction, deal


def test_levels() -> None:
    assert set(GAME.bot_levels()) == {"easy", "normal"}


@pytest.mark.parametrize("level", ["easy", "normal"])
def test_bots_play_whole_deals_with_reasons(level: str) -> None:
    bot = make_bot(GAME, level)
    rng = random.Random(7)
    for deal_no in range(6):
        state = GAME.new_deal(5, GAME.resolve_options({}, 5), deal_no % 5, rng=random.Random(deal_no))
        while not state.is_over:
            seat = min(state.to_act)
            view = state.view(seat)
            hint = bot.hint(view, random.Random(1))
            assert hint.action in view.legal and hint.reason
            state.apply(seat, bot.choose(view, rng))


def test_normal_names_the_mighty_when_lacking_it_and_else_the_joker() -> None:
    bot = NormalNapoleonBot()
    state = deal({0: "AH KH QH JH TH 9H 8H 7H 6H 5H"})
    auction(state, 0)
    assert str(bot.choose(state.view(0), random.Random(1))) == "adjutant AS"
    state = deal({0: "AS KH QH JH TH 9H 8H 7H 6H 5H"})
    auction(state, 0)
    assert str(bot.choose(state.view(0), random.Random(1))) == "adjutant JK"


def discard_widow(state: NapoleonState) -> None:
    act(state, f"{state.napoleon} discard {' '.join(card_text(c) for c in state.widow)}")


def test_normal_keeps_honours_and_trumps_when_discarding() -> None:
    bot = NormalNapoleonBot()
    state = deal({0: "AS KH QH JH TH 9H 8H AC 2D 3C"}, widow="2S 4D 7H")
    auction(state, 0)
    act(state, "0 adjutant JK")
    action = bot.choose(state.view(0), random.Random(1))
    assert all(not HONOURS >> c & 1 and c // 13 != 1 for c in map(int, action.args))


def test_normal_bids_a_strong_hand_and_passes_a_weak_one() -> None:
    bot = NormalNapoleonBot()
    strong = deal({0: "AS JK JH JD AH KH QH TH 9H AC"})
    assert bot.choose(strong.view(0), random.Random(1)).verb == "bid"
    weak = deal({0: "2S 3S 4H 5H 6D 7D 8C 9C 2C 3D"})
    assert bot.choose(weak.view(0), random.Random(1)).verb == "pass"


def test_the_adjutant_feeds_napoleon_and_an_ally_plays_low() -> None:
    bot = NormalNapoleonBot()
    state = deal({0: "AS KH QH JH TH 9H 8H 7H 6H 5H", 1: "KS QS 2C 3C 4C 5C 6C 7C 8C 9C",
                  2: "2S TS 2D 3D 4D 5D 6D 7D 8D 9D"}, widow="TC JC QC", yoromeki=False)
    auction(state, 0)
    act(state, "0 adjutant KS")
    discard_widow(state)
    act(state, "0 play AS")
    hint = bot.hint(state.view(1), random.Random(1))  # seat 1 holds the named KS: the adjutant
    assert str(hint.action) == "play QS" and "partner" in str(hint.reason)
    act(state, "1 play QS")
    assert str(bot.choose(state.view(2), random.Random(1))) == "play 2S"


def test_samples_hide_and_respect_the_discards() -> None:
    state = deal({0: "AH 4C TD 2S 3S 4S 5S 6S 7S 8S"}, widow="9S 9D 9C")
    auction(state, 0, "12 S")
    act(state, "0 adjutant JK", "0 discard AH TD 4C")
    for seat in range(5):
        for i in range(4):
            assert GAME.sample_deal(state.view(seat), random.Random(i)).view(seat) == state.view(seat)
    for i in range(20):
        sample = GAME.sample_deal(state.view(2), random.Random(i))
        assert set(sample.face_up) == {parse_card("AH"), parse_card("TD")}
        hidden = [c for c in sample.discards if c not in sample.face_up]
        assert len(hidden) == 1 and not HONOURS >> hidden[0] & 1
    napoleon_sample = GAME.sample_deal(state.view(0), random.Random(1))
    assert napoleon_sample.discards == state.discards and napoleon_sample.widow == state.widow


def test_samples_respect_the_requested_joker_and_voids() -> None:
    state = deal({0: "3C AH KH QH TH 9H 8H 7H 6H 5H", 1: "2S 3S 4S 5S 6S 7S 8S 9S TS JS",
                  4: "JK 4C 2D 3D 4D 5D 6D 7D 8D 9D"}, widow="AD KD QD")
    auction(state, 0)
    act(state, "0 adjutant AS")
    discard_widow(state)
    act(state, "0 play 3C", "1 play 2S")  # seat 1 shows it has neither clubs nor the joker
    view = state.view(3)
    for i in range(20):
        sample = GAME.sample_deal(view, random.Random(i))
        assert sample.view(3) == view
        assert not sample.hands[1] >> JOKER & 1
        assert not any(sample.hands[1] >> c & 1 for c in range(39, 52))


@pytest.mark.parametrize("options", [{}, {"jokers": 0, "min_bid": 1}, {"beginner": True}])
def test_inferred_deal_is_the_generic_inferring_sampler(options: dict[str, object]) -> None:
    """``Napoleon.inferred_deal`` (the search's sampler) keeps the very deal ``inferring_sampler`` with the
    ``normal`` model keeps, from the same draws, at decisions of every phase and seat."""
    from cardsuite.bots.search import inferring_sampler

    generic = inferring_sampler(GAME, NormalNapoleonBot())
    normal = NormalNapoleonBot()
    compared = 0
    for deal_no in range(8):
        state = GAME.new_deal(5, GAME.resolve_options(options, 5), deal_no % 5, rng=random.Random(deal_no))
        rng = random.Random(deal_no)
        step = 0
        while not state.is_over:
            seat = min(state.to_act)
            view = state.view(seat)
            step += 1
            if step % 3 == 0:
                viewer = (seat + step) % 5
                other = state.view(viewer)
                ours = GAME.inferred_deal(other, random.Random(step))
                theirs = generic(other, random.Random(step))
                assert ours.events() == theirs.events() and ours.hands == theirs.hands
                assert ours.widow == theirs.widow and ours.view(viewer) == other
                compared += 1
            state.apply(seat, normal.choose(view, rng))
    assert compared > 50


def test_bid_for_is_the_bid_of_a_view() -> None:
    """``NormalNapoleonBot.bid_for`` (no view) chooses what ``_bid`` chooses through a window."""
    bot = NormalNapoleonBot()
    rng = random.Random(3)
    checked = set()
    for deal_no in range(300):
        min_bid = rng.choice((1, 8, 11, 13))
        state = GAME.new_deal(5, GAME.resolve_options({"min_bid": min_bid}, 5), deal_no % 5,
                              rng=random.Random(deal_no))
        while state.phase == "bidding":
            seat = min(state.to_act)
            lowest = max(state.min_rank, state.high + 1)
            view = state.window(seat)
            action = bot.choose(view, rng)
            assert bot.bid_for(view.hand, lowest) == action
            checked.add(action.verb)
            state.apply(seat, action if rng.random() < 0.7 else view.legal[rng.randrange(len(view.legal))])
    assert checked == {"bid", "pass"}


STATE_POLICY_OPTIONS = [{}, {"beginner": True}, {"jokers": 0}, {"yoromeki": False, "min_bid": 12},
                        {"same_two": False, "joker_request": False}, {"beginner": True, "jokers": 0}]


@pytest.mark.parametrize("options", STATE_POLICY_OPTIONS)
def test_the_state_policy_chooses_what_views_choose(options: dict[str, object]) -> None:
    """``state_policy`` (the search path: no view, the cards played read on from card to card) chooses what
    the bot chooses from the seat's view, with the same draws, at every decision of whole deals played by
    the policy itself, each carried along while another deal's clone is read in between (the reading
    starts over on another log and goes on when it comes back)."""
    compared = 0
    for level in ("normal", "easy"):
        bot = make_bot(GAME, level)
        policy = bot.state_policy()  # type: ignore[attr-defined]
        for deal_no in range(12):
            state = GAME.new_deal(5, GAME.resolve_options(options, 5), deal_no % 5, rng=random.Random(deal_no))
            rng = random.Random(deal_no)
            while not state.is_over:
                seat = min(state.to_act)
                mine, theirs = random.Random(compared), random.Random(compared)
                action = policy(state, seat, mine)
                assert action == bot.choose(state.view(seat), theirs), f"{level} deal {deal_no} at {len(state.log)}"
                assert mine.getstate() == theirs.getstate(), "the policy drew differently from the bot"
                compared += 1
                if rng.random() < 0.2:  # another log in between: a clone, played on a little
                    other = state.clone()
                    for _ in range(rng.randrange(3)):
                        if not other.is_over:
                            who = min(other.to_act)
                            assert policy(other, who, random.Random(1)) == bot.choose(other.view(who),
                                                                                     random.Random(1))
                state.apply(seat, action if rng.random() < 0.85 else rng.choice(state.legal_actions(seat)))
    assert compared > 1000


def test_a_reading_is_what_the_history_shows() -> None:
    """``read_log``, from the start or going on from an earlier reading, gives ``played_mask`` and
    ``suspicion`` of the view of every seat, at every decision."""
    from cardsuite.games.napoleon.bots import played_mask
    from cardsuite.games.napoleon.sides import read_log

    bot = NormalNapoleonBot()
    checked = 0
    for deal_no in range(20):
        state = GAME.new_deal(5, GAME.resolve_options({"jokers": deal_no % 2}, 5), deal_no % 5,
                              rng=random.Random(deal_no))
        rng = random.Random(deal_no)
        reading = None
        while not state.is_over:
            seat = min(state.to_act)
            if state.phase == "play":
                reading = read_log(state.log, state.napoleon, state.trump, reading)
                fresh = read_log(state.log, state.napoleon, state.trump, None)
                for viewer in range(5):
                    view = state.view(viewer)
                    assert reading.played == fresh.played == played_mask(view)
                    assert reading.suspicion() == fresh.suspicion() == bot.suspicion(view)
                    checked += 1
            state.apply(seat, bot.choose(state.view(seat), rng) if rng.random() < 0.7
                        else rng.choice(state.legal_actions(seat)))
    assert checked > 2000


def _hand_score_by_rules(hand: list[int], trump: int) -> float:
    """``hand_score`` as first written, card by card (the table-driven one must give the very same float)."""
    from cardsuite.cards import RANK_OF, SUIT_OF, SUITS
    from cardsuite.games.napoleon.deck import HEART_QUEEN, MIGHTY, SAME_COLOUR_JACK, TRUMP_JACK

    score = 0.0
    for card in hand:
        if card == MIGHTY:
            score += 3.0
        elif card in (JOKER, TRUMP_JACK[trump]):
            score += 2.5
        elif card == SAME_COLOUR_JACK[trump]:
            score += 2.0
        elif SUIT_OF[card] == trump:
            score += {14: 1.6, 13: 1.2, 12: 1.0}.get(RANK_OF[card], 0.6)
        elif RANK_OF[card] == 14:
            score += 1.0
        elif card == HEART_QUEEN:
            score += 0.4
    if sum(1 for c in hand if SUIT_OF[c] == trump) >= 4:
        for suit in SUITS:
            if suit != trump and suit not in {SUIT_OF[c] for c in hand}:
                score += 0.6
    return score


def test_hand_score_is_the_sum_card_by_card() -> None:
    """``hand_score`` (each card's worth looked up) and ``best_trump`` give the very floats of the rules
    written out card by card, for hands in any order (the bidding inference compares them exactly)."""
    from cardsuite.games.napoleon.bots import best_trump, hand_score

    rng = random.Random(5)
    for _ in range(3000):
        hand = rng.sample(range(53), rng.choice((10, 11, 12, 13, 16)))
        scores = [_hand_score_by_rules(hand, trump) for trump in range(4)]
        assert [hand_score(hand, trump) for trump in range(4)] == scores
        best = max(range(4), key=lambda s: (scores[s], -s))
        assert best_trump(hand) == (best, scores[best])


def test_feeding_a_winning_partner_without_an_honour_to_spare_says_so() -> None:
    """Clubs are trumps and a partner's king of spades wins; the only spade honour is the jack of spades, a
    jack of the trump colour: too strong to give, so the lowest spade goes, and the reason does not call it
    an honour."""
    from cardsuite.cards import parse_cards

    hands = [parse_cards(h.split()) for h in ("8S 4D 3S JS 3H 3D 2D TC 9H AC", "5S AH 8D 5C 7S 5D TS AD QD 7H",
                                              "4C 6S JK JH QH 8H 7C 3C KC 9C", "QC 6C 8C 9D QS KD 2C JD JC AS",
                                              "KH 7D TD 2S TH 4S 2H 6D 6H KS")]
    state = GAME.new_deal(5, GAME.resolve_options({}, 5), 2, hands=hands, stock=parse_cards(["4H", "5H", "9S"]))
    for line in ("3 bid 11 C", "4 pass", "0 pass", "1 pass", "2 bid 12 C", "3 bid 13 C", "2 pass", "3 adjutant JK",
                 "3 discard 9S 4H 5H", "3 play 2C", "4 play 2S", "0 play AC", "1 play 5C", "2 play JK", "2 play 6S",
                 "3 play QS", "4 play KS"):
        seat, text = line.split(" ", 1)
        state.apply(int(seat), GAME.parse_action(text))
    hint = NormalNapoleonBot().hint(state.view(0), random.Random(1))
    assert str(hint.action) == "play 3S"
    assert str(hint.reason) == ("my partner is winning, but my only honours are strong cards worth keeping: play "
                                "the least useful card"), hint.reason
