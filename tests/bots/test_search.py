"""The generic hard bot: found for every game, legal, deterministic with an iteration budget, fair."""

from __future__ import annotations

import random
import re

import pytest

from cardsuite.bots import LEVELS, levels_for, make_bot
from cardsuite.bots.base import parse_level
from cardsuite.bots.search import SearchBot, utility
from cardsuite.core.errors import CardsuiteError, SamplingError
from cardsuite.core.game import Game, State, View
from cardsuite.core.registry import all_games, get_game
from cardsuite.core.sampling import deal_unseen
from cardsuite.games.napoleon.hardbids import BOLDER_BY, hard_bidder

TRICK_GAMES = [g.info.name for g in all_games() if g.info.name in ("nap", "napas", "napoleon")]


def advance(game: Game, state: State, steps: int, rng: random.Random) -> State:
    """Let ``normal`` bots play ``steps`` actions (fewer if the deal ends)."""
    bot = make_bot(game, "normal")
    for _ in range(steps):
        if state.is_over:
            break
        seat = min(state.to_act)
        state.apply(seat, bot.choose(state.view(seat), rng))
    return state


def test_every_game_offers_hard_and_make_bot_builds_it() -> None:
    for game in all_games():
        assert levels_for(game)[-1] == "hard"
        bot = make_bot(game, "hard:3")
        assert bot.level == "hard"
    assert LEVELS[-1] == "hard"


def test_budget_spelling() -> None:
    assert parse_level("hard") == ("hard", None, None)
    assert parse_level("hard:500ms") == ("hard", 500.0, None)
    assert parse_level("hard:64") == ("hard", None, 64)
    with pytest.raises(CardsuiteError):
        parse_level("hard:lots")


def test_utility_is_score_against_the_others_average() -> None:
    assert utility((9, -3, -3, -3), 0) == 12.0
    assert utility((0, 7, 0, 0), 0) == pytest.approx(-7 / 3)


def test_utility_follows_the_declared_traits() -> None:
    assert utility((9, -3, -3, -3), 0, "zero_sum") == 9.0
    assert utility((40, 20, 0, 0, 0), 1, "constant_sum") == 20.0
    assert utility((0, 7, 0, 0), 0, "general_sum") == pytest.approx(-7 / 3)
    assert get_game("nap").info.traits.utility == "zero_sum"
    assert SearchBot(get_game("nap")).utility == "zero_sum"
    assert SearchBot(get_game("napas")).utility == "general_sum"


def test_a_sampling_failure_is_skipped_but_a_bug_is_not() -> None:
    game = get_game("nap")
    state = game.new_deal(4, game.resolve_options({}, 4), 0, rng=random.Random(3))
    view = state.view(min(state.to_act))
    calls = 0

    def unlucky(view: View, rng: random.Random) -> State:
        nonlocal calls
        calls += 1
        if calls % 2:
            raise SamplingError("no deal fits")
        return game.sample_deal(view, rng)

    result = SearchBot(game, iterations=3, sampler=unlucky).search(view, random.Random(1))
    assert result.iterations == 3 and calls == 6

    def broken(view: View, rng: random.Random) -> State:
        raise KeyError("a bug in the sampler")

    with pytest.raises(KeyError):
        SearchBot(game, iterations=3, sampler=broken).search(view, random.Random(1))


def test_deal_unseen_says_when_nothing_fits() -> None:
    with pytest.raises(SamplingError):
        deal_unseen([1, 2, 3], {0: 2, 1: 1}, {0: 0b1110, 1: 0}, random.Random(1), tries=5)


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_hard_plays_legal_moves_and_repeats_itself_for_a_seed(name: str) -> None:
    game = get_game(name)
    players = game.info.default_players
    rng = random.Random(4)
    for steps in (0, players + 3, 3 * players):
        state = game.new_deal(players, game.resolve_options({}, players), 0, rng=rng)
        state = advance(game, state, steps, rng)
        if state.is_over:
            continue
        seat = min(state.to_act)
        view = state.view(seat)
        bot = SearchBot(game, iterations=3)
        first = bot.choose(view, random.Random(11))
        assert first in view.legal
        assert bot.choose(view, random.Random(11)) == first


@pytest.mark.parametrize("name", [n for n in TRICK_GAMES if n in ("nap", "napas")])
def test_choice_ignores_the_opponents_actual_hidden_cards(name: str) -> None:
    """Swapping two opponents' unplayed cards leaves the view, and so the choice, unchanged."""
    game = get_game(name)
    rng = random.Random(21)
    checked = 0
    for attempt in range(30):
        options = game.resolve_options({}, 4)
        state = game.new_deal(4, options, attempt % 4, rng=rng)
        actions: list[tuple[int, object]] = []
        bot = make_bot(game, "normal")
        for _ in range(rng.randrange(0, 9)):
            if state.is_over:
                break
            seat = min(state.to_act)
            action = bot.choose(state.view(seat), rng)
            actions.append((seat, action))
            state.apply(seat, action)
        if state.is_over:
            continue
        me = min(state.to_act)
        a, b = [s for s in range(4) if s != me][:2]
        setup = state.setup()
        held_a = [c for c in state.view(a).hand if c in setup.hands[a]]
        held_b = [c for c in state.view(b).hand if c in setup.hands[b]]
        if not held_a or not held_b:
            continue
        hands = [list(h) for h in setup.hands]
        ca, cb = held_a[0], held_b[0]
        hands[a][hands[a].index(ca)], hands[b][hands[b].index(cb)] = cb, ca
        twin = game.new_deal(4, options, setup.dealer, hands=hands, stock=setup.stock)
        try:
            for seat, action in actions:
                twin.apply(seat, action)  # type: ignore[arg-type]
        except Exception:
            continue
        if twin.view(me) != state.view(me):
            continue
        hard = SearchBot(game, iterations=4)
        assert hard.choose(state.view(me), random.Random(5)) == hard.choose(twin.view(me), random.Random(5))
        checked += 1
        if checked == 3:
            break
    assert checked >= 1


def test_hint_names_the_choice_with_a_reason_and_values_every_alternative() -> None:
    game = get_game("nap")
    state = game.new_deal(4, game.resolve_options({}, 4), 3, rng=random.Random(8))
    view = state.view(0)
    hint = SearchBot(game, iterations=4).hint(view, random.Random(1))
    assert hint.action in view.legal
    assert hint.reason and "on average" in str(hint.reason)
    assert {a for a, _ in hint.alternatives} == set(view.legal)
    assert hint.alternatives[0][0] == hint.action


def test_a_reason_does_not_name_again_the_action_it_is_shown_beside() -> None:
    """The table shows "Hint: Misère — ..." and ``hint`` prints the action's line first: the reason says why."""
    game = get_game("nap")
    state = game.new_deal(4, game.resolve_options({}, 4), 3, rng=random.Random(3))
    hint = SearchBot(game, iterations=4).hint(state.view(min(state.to_act)), random.Random(1))
    assert str(hint.action) == "bid misere"  # better than the heuristic's pass: the search's own words
    assert str(hint.reason).startswith("it gives the best result; ") and "Misère" not in str(hint.reason)


def test_bids_are_searched_with_their_chance_of_making() -> None:
    game = get_game("nap")
    from cardsuite.cards import parse_cards

    hands = [parse_cards(h.split()) for h in ("AS KS QS JS TS", "2H 3H 4H 5H 7D", "2D 3D 4D 5D 6D",
                                              "2C 3C 4C 5C 6C")]
    state = game.new_deal(4, game.resolve_options({}, 4), 3, hands=hands, stock=[])
    hint = make_bot(game, "hard:6").hint(state.view(0), random.Random(2))
    assert str(hint.action) == "bid wellington" or str(hint.action) == "bid nap"
    said = re.search(r"over (\d+) deals? like this one; you win the bidding in (\d+) of them and make the "
                     r"contract in (\d+)", str(hint.reason))
    assert said, hint.reason  # one count of deals, then how many of those the seat declared and made
    assert 0 < int(said[2]) <= int(said[1]) and said[3] == said[2], hint.reason  # every one it declared


@pytest.mark.parametrize("name", TRICK_GAMES)
def test_a_hint_rests_on_enough_deals_however_short_the_budget(name: str) -> None:
    from cardsuite.bots.search import HINT_SAMPLES

    game = get_game(name)
    players = game.info.default_players
    state = advance(game, game.new_deal(players, game.resolve_options({}, players), 0, rng=random.Random(6)),
                    players + 2, random.Random(6))
    while state.is_over or len(state.legal_actions(min(state.to_act))) < 2:  # a decision worth searching
        state = game.new_deal(players, game.resolve_options({}, players), 0, rng=random.Random(len(state.events())))
    view = state.view(min(state.to_act))
    bot = SearchBot(game, budget_ms=0.001)
    assert bot.search(view, random.Random(1)).iterations <= 1  # a move: what the budget allows
    assert bot.search(view, random.Random(1), minimum=HINT_SAMPLES).iterations >= HINT_SAMPLES
    found = re.search(r"over (?:the first \d+ of )?(\d+) deals? like this one",
                      str(bot.hint(view, random.Random(1)).reason))
    assert found is not None and int(found.group(1)) >= HINT_SAMPLES


def test_napoleon_hard_searches_the_card_play_only() -> None:
    """Searched bids played no better than normal's (docs/bots.md): outside the play, hard plays the move of its
    bidder (normal's reckoning, with a bar fit to hard's card play), and a hint there still puts sampled numbers
    to the choices but recommends that same move."""
    game = get_game("napoleon")
    options = game.resolve_options({}, 5)
    normal = make_bot(game, "normal")
    bidder = hard_bidder()
    hard = SearchBot(game, iterations=3)
    assert hard.search_phases == ("play",)
    assert hard.outside_bot is not None and hard.policy_bot is not None
    assert getattr(hard.outside_bot, "base") == getattr(normal, "base") + BOLDER_BY  # noqa: B009 - a bot attribute
    assert getattr(hard.policy_bot, "base") == getattr(normal, "base")  # noqa: B009 - the rollouts bid as normal
    checked = {"bidding": 0, "bolder": 0, "play": 0}
    for seed in range(12):
        state = game.new_deal(5, options, seed % 5, rng=random.Random(seed))
        while not state.is_over and state.phase != "play":
            seat = min(state.to_act)
            view = state.view(seat)
            if view.phase == "bidding" and len(view.legal) > 1:
                mine = hard.choose(view, random.Random(seed))
                assert mine == bidder.choose(view, random.Random(seed))
                checked["bidding"] += 1
                checked["bolder"] += mine != normal.choose(view, random.Random(seed))
            state.apply(seat, normal.choose(view, random.Random(seed)))
        if state.phase == "play":
            view = state.view(min(state.to_act))
            assert hard.decides(view)
            checked["play"] += 1
    assert checked["bidding"] >= 5 and checked["bolder"] >= 1 and checked["play"] >= 3
    state = game.new_deal(5, options, 0, rng=random.Random(3))
    view = state.view(min(state.to_act))
    hint = SearchBot(game, budget_ms=0.001).hint(view, random.Random(1))
    assert view.phase == "bidding"
    assert hint.action == bidder.choose(view, random.Random(1))  # bids by rule, without drawing
    found = re.search(r"over (?:the first \d+ of )?(\d+) deals? like this one", str(hint.reason))
    assert found is not None and int(found.group(1)) >= 8  # sampled, though the advice may have been set aside


def _napoleon_deal(actions: list[str]) -> State:
    """A Napoleon deal (dealer seat 2, a 3 of clubs bid of 11 first) after ``actions`` ("seat action")."""
    from cardsuite.cards import parse_cards

    game = get_game("napoleon")
    hands = [parse_cards(h.split()) for h in ("8S 4D 3S JS 3H 3D 2D TC 9H AC", "5S AH 8D 5C 7S 5D TS AD QD 7H",
                                              "4C 6S JK JH QH 8H 7C 3C KC 9C", "QC 6C 8C 9D QS KD 2C JD JC AS",
                                              "KH 7D TD 2S TH 4S 2H 6D 6H KS")]
    state = game.new_deal(5, game.resolve_options({}, 5), 2, hands=hands, stock=parse_cards(["4H", "5H", "9S"]))
    for line in actions:
        seat, text = line.split(" ", 1)
        state.apply(int(seat), game.parse_action(text))
    return state


def test_a_move_set_aside_early_is_worth_its_own_deals_and_the_auction_is_not_spoken_of_after_it() -> None:
    """Napoleon's discard has more than 6 choices, so the search sets most aside after a few deals; the normal
    CPU's own discard is kept however it did, and the hint says over how many deals its numbers are."""
    state = _napoleon_deal(["3 bid 11 C", "4 pass", "0 bid 16 S", "1 pass", "2 pass", "3 pass", "0 adjutant AS"])
    view = state.view(0)
    assert view.phase == "discard" and len(view.legal) > 6
    bot = SearchBot(get_game("napoleon"), iterations=8)
    result = bot.search(view, random.Random(1), minimum=8)
    best = result.best
    assert result.iterations == 8 and best.count < 8  # the advised discard was set aside early
    reason = str(bot.hint(view, random.Random(1)).reason)
    said = re.search(r"worth ([-+][\d.]+) on average over the first (\d+) of (\d+) deals like this one", reason)
    assert said, reason
    assert (float(said[1]), int(said[2]), int(said[3])) == (round(best.mean, 1), best.count, 8), reason
    assert "win the bidding" not in reason, reason  # the auction is over
    made = re.search(r"you make the contract in (\d+) of them", reason)
    assert made and int(made[1]) == best.made <= best.count, reason
    assert "this CPU keeps to its own rules" in reason, reason  # why a move set aside is still the advice


def test_another_move_is_compared_over_the_same_deals() -> None:
    from cardsuite.bots.search import ActionStats, _versus
    from cardsuite.core.game import Action

    early = ActionStats(Action("a"), -15.0, [-10.0, -20.0, -15.0], 3)
    late = ActionStats(Action("b"), 16.0, [-12.0, -18.0, -15.0, 20.0, 20.0, 20.0, 20.0, 21.0], 8)
    assert _versus(early, late) == "-15.0"  # its first 3 deals, not its +2.0 over all 8
    said = str(_versus(late, early))
    assert said == "-15.0 over the first 3 of these deals, where this move scored -15.0", said
