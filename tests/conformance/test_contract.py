"""The contract every registered game must keep, checked by random play at each of its player counts.

At every step: someone can act until the deal ends, each legal action round-trips through its text,
illegal actions raise and change nothing, cards are conserved, views hide what they must (swapped hidden
cards and other seats' pending simultaneous choices leave a view unchanged), the public (watcher) view
shows only what every seat sees and nothing swapped between any two hands, a sampled deal agrees with the
view it was sampled from and with the public view; views kept unread show at the end what they showed when
they were made; at the end the record replays to the same scores.
"""

from __future__ import annotations

import dataclasses
import gc
import random
import re
from collections import Counter
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.cards import Card, card_text
from cardsuite.core.errors import IllegalAction, InvalidDeal
from cardsuite.core.game import PUBLIC_SEAT, Action, Game, State, View
from cardsuite.core.match import Match
from cardsuite.core.record import replay
from cardsuite.core.registry import all_games, get_game

MAX_ACTIONS = 2000
DOUBLED_ARTICLE = re.compile(r"\b(the|a|an) (the|a|an)\b", re.IGNORECASE)
CASES = [(g.info.name, n) for g in all_games() for n in g.info.players]


def fingerprint(state: State) -> object:
    """Everything observable about a state, to check that a refused action changed nothing."""
    return (
        state.phase,
        state.to_act,
        tuple(state.view(s) for s in range(state.players)),
        state.public_view(),
        state.events(),
        state.scores(),
        tuple(sorted(state.zones().items())),
    )


def dealt_cards(state: State) -> Counter[Card]:
    setup = state.setup()
    return Counter([c for hand in setup.hands for c in hand] + list(setup.stock))


def zone_cards(state: State) -> Counter[Card]:
    return Counter(c for cards in state.zones().values() for c in cards)


def illegal_candidates(state: State, seat: int, legal: Sequence[Action]) -> list[Action]:
    """Actions other seats may take (or took) but this seat may not: likely wrong for it."""
    out: list[Action] = []
    for other in range(state.players):
        if other != seat:
            out.extend(a for a in state.legal_actions(other) if a not in legal)
    game_actions = {str(a) for a in legal}
    hand = state.view(seat).hand
    for card in range(53):
        if card not in hand:
            out.append(Action("play", (card,), f"play {card_text(card)}"))
    return [a for a in out if str(a) not in game_actions][:12]


def record_of(game: Game, state: State, players: int, options: dict[str, object],
              actions: list[str]) -> dict[str, object]:
    setup = state.setup()
    deal: dict[str, object] = {
        "hands": [[card_text(c) for c in h] for h in setup.hands],
        "stock": [card_text(c) for c in setup.stock],
        "actions": actions,
    }
    if game.info.uses_dealer:
        deal["dealer"] = setup.dealer
    return {"format": "cardsuite-record/1", "game": game.info.name, "players": players,
            "options": options, "deals": [deal]}


def every_field(view: View) -> tuple[object, ...]:
    """Every field of a view, read now (a view built on demand builds them all). ``legal`` may be a lazy
    sequence (``View.legal``), so it is read out into a tuple: a kept view's actions are compared as they
    were, not as the same object."""
    return tuple(tuple(getattr(view, f.name)) if f.name == "legal" else getattr(view, f.name)
                 for f in dataclasses.fields(view) if f.compare)


def check_legal_value(state: State, view: View) -> None:
    """``view.legal`` behaves as the tuple of its actions and holds nothing of the state: a lazy sequence
    (``View.legal``) is made of immutable values only."""
    legal = view.legal
    listed = tuple(legal)
    assert legal == listed and listed == legal and len(legal) == len(listed)
    assert [legal[i] for i in range(len(legal))] == list(listed) and all(a in legal for a in listed)
    if listed:
        assert legal[-1] == listed[-1] and tuple(legal[1:3]) == listed[1:3]
    if legal.__class__ is not tuple:
        assert all(part is not state for part in gc.get_referents(legal)), "a view's legal refers to the state"
        assert hash(legal) == hash(listed)


def check_public(state: State) -> None:
    """The public view: no seat, no hand, no legal actions, nothing private, only public events; its
    table and seats are every seat's."""
    public = state.public_view()
    assert public.seat == PUBLIC_SEAT and public.hand == () and public.legal == () and not public.private
    assert list(public.history) == [e for e in state.events() if e.visible_to is None]
    assert (public.phase, public.to_act, public.is_over) == (state.phase, state.to_act, state.is_over)
    for seat in range(state.players):
        view = state.view(seat)
        assert view.table == public.table, f"seat {seat}'s table holds something the public may not see"
        assert view.seats == public.seats
        assert (view.options, view.dealer, view.players) == (public.options, public.dealer, public.players)
        assert all(e in view.history for e in public.history)
        assert public.seats[seat].cards_held == len(view.hand), f"seat {seat}'s public card count is wrong"


def check_swaps_hidden(game: Game, state: State, actions: list[tuple[int, Action]], rng: random.Random) -> None:
    """Swapping two unplayed cards between two other seats' dealt hands leaves a seat's view unchanged,
    and swapping between any two seats leaves the public view unchanged."""
    setup = state.setup()
    options = state.options
    players = state.players
    for seat in (*range(players), PUBLIC_SEAT):
        others = [s for s in range(players) if s != seat]
        if len(others) < 2:
            continue
        a, b = rng.sample(others, 2)
        held_a = [c for c in state.view(a).hand if c in setup.hands[a]]
        held_b = [c for c in state.view(b).hand if c in setup.hands[b]]
        if not held_a or not held_b:
            continue
        ca, cb = rng.choice(held_a), rng.choice(held_b)
        hands = [list(h) for h in setup.hands]
        hands[a][hands[a].index(ca)] = cb
        hands[b][hands[b].index(cb)] = ca
        try:
            twin = game.new_deal(players, options, setup.dealer, hands=hands, stock=setup.stock)
        except InvalidDeal:
            continue  # no such deal in this game (GOPS: each hand is one whole suit)
        try:
            for s, act in actions:
                twin.apply(s, act)
        except IllegalAction:
            continue  # the swap changed what was legal (a revealed void): not a like-for-like twin
        if seat == PUBLIC_SEAT:
            assert twin.public_view() == state.public_view(), f"the public view shows cards swapped between {a} and {b}"
        else:
            assert twin.view(seat) == state.view(seat), f"seat {seat}'s view shows cards swapped between {a} and {b}"


def check_pending_hidden(state: State) -> None:
    """In a simultaneous phase, another seat's pending choice never shows in a view."""
    if len(state.to_act) < 2:
        return
    for chooser in sorted(state.to_act):
        legal = state.legal_actions(chooser)
        if len(legal) < 2:
            continue
        first, second = state.clone(), state.clone()
        first.apply(chooser, legal[0])
        second.apply(chooser, legal[-1])
        if first.to_act and first.to_act == second.to_act:
            for watcher in range(state.players):
                if watcher != chooser:
                    assert first.view(watcher) == second.view(watcher), (
                        f"seat {watcher} can tell which card seat {chooser} chose"
                    )
            assert first.public_view() == second.public_view(), f"watchers can tell what seat {chooser} chose"


def check_words(text: str) -> None:
    """A player's line says no article twice: ``card_name`` says "the king of clubs" already."""
    assert not DOUBLED_ARTICLE.search(text), f"an article said twice: {text!r}"


def play_deal(game: Game, players: int, seed: int, options: dict[str, object]) -> None:
    rng = random.Random(seed)
    resolved = game.resolve_options(options, players)
    dealer = rng.randrange(players) if game.info.uses_dealer else None
    state = game.new_deal(players, resolved, dealer, rng=random.Random(seed))
    dealt = dealt_cards(state)
    assert zone_cards(state) == dealt
    traits = game.info.traits
    actions: list[tuple[int, Action]] = []
    kept: list[tuple[View, tuple[object, ...]]] = []
    steps = 0
    while not state.is_over:
        steps += 1
        assert steps <= MAX_ACTIONS, "the deal does not end"
        assert state.to_act, "nobody can act, yet the deal is not over"
        assert traits.simultaneous or len(state.to_act) == 1, "a sequential game has several seats to act"
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        for act in legal:
            assert game.parse_action(str(act)) == act, f"{act} does not round-trip through its text"
        view = state.view(seat)
        assert view.legal == legal
        check_legal_value(state, view)
        assert every_field(state.window(seat)) == every_field(view), "a window differs from the view"
        if steps % 7 == 1:
            sampled = game.sample_deal(view, random.Random(seed + steps))
            assert sampled.view(seat) == view, "a sampled deal disagrees with the view it came from"
            assert sampled.public_view() == state.public_view(), "a sampled deal shows the public something else"
        before = fingerprint(state)
        for wrong in illegal_candidates(state, seat, legal):
            with pytest.raises(IllegalAction) as refused:
                state.apply(seat, wrong)
            assert fingerprint(state) == before, f"a refused {wrong} changed the state"
            check_words(str(refused.value))
        for idle in range(players):
            if idle not in state.to_act and legal:
                with pytest.raises(IllegalAction):
                    state.apply(idle, legal[0])
                assert fingerprint(state) == before
                break
        check_pending_hidden(state)
        check_public(state)
        if steps % 3 == 1:  # views kept unread, and what they showed when they were made
            watcher = rng.randrange(players)
            kept.append((state.view(watcher), every_field(state.view(watcher))))
            kept.append((state.public_view(), every_field(state.public_view())))
        action = legal[rng.randrange(len(legal))]
        state.apply(seat, action)
        actions.append((seat, action))
        assert zone_cards(state) == dealt, "cards were created or lost"
        if steps % 5 == 0:
            check_swaps_hidden(game, state, actions, rng)
    assert state.to_act == frozenset()
    assert all(not state.legal_actions(s) for s in range(players))
    for view, then in kept:
        assert every_field(view) == then, "a view changed after it was handed out"
    if traits.utility == "zero_sum":
        assert sum(state.scores()) == 0, "a zero-sum game's deal does not add up to 0"
    check_swaps_hidden(game, state, actions, rng)
    check_public(state)
    for event in state.events():
        check_words(event.text)
        if event.message is not None:
            check_words(str(event.message))
    texts = [f"{s} {a}" for s, a in actions]
    result = replay(record_of(game, state, players, resolved.non_default(), texts), get_game)
    assert result.deals[0].scores == state.scores()
    assert result.deals[0].complete


@pytest.mark.parametrize(("name", "players"), CASES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1))
def test_random_deals_keep_the_contract(name: str, players: int, seed: int) -> None:
    play_deal(get_game(name), players, seed, {})


@pytest.mark.parametrize(("name", "players"), CASES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_options_keep_the_contract(name: str, players: int, data: st.DataObject) -> None:
    game = get_game(name)
    options: dict[str, object] = {}
    for spec in game.info.options:
        if spec.choices is not None and data.draw(st.booleans()):
            options[spec.key] = data.draw(st.sampled_from(spec.choices))
    try:
        game.resolve_options(options, players)
    except Exception:
        return  # options that do not fit this player count are refused up front
    play_deal(game, players, data.draw(st.integers(0, 2**32 - 1)), options)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_whole_match_replays(name: str, players: int) -> None:
    game = get_game(name)
    match = Match(game, players, game.resolve_options({}, players), seed=players)
    headless = Match(game, players, match.options, seed=players, keep_record=False)  # as cardsuite simulate plays
    rng = random.Random(players)
    while True:
        while not match.deal_over:
            seat = min(match.state.to_act)
            legal = match.state.legal_actions(seat)
            action = legal[rng.randrange(len(legal))]
            match.act(seat, action)
            headless.act(seat, action)
        assert headless.deal_over
        if match.is_over or match.stopped:
            break
        match.next_deal()
        headless.next_deal()
    assert (headless.is_over, headless.stopped) == (match.is_over, match.stopped)
    assert headless.results == match.results and headless.totals == match.totals
    assert headless.logs == []
    with pytest.raises(RuntimeError):
        headless.record()
    result = replay(match.record(), get_game)
    assert result.complete == match.is_over  # a match a table stopped replays unfinished
    assert list(result.totals) == list(match.totals)
    length = game.match_length(players, match.options)
    if length is not None:
        played = [r for r in match.results if not r.summary.redeal]
        assert len(played) == length or len(match.results) == length


def test_every_built_in_game_loads() -> None:
    from cardsuite.core.registry import broken_games

    names = {g.info.name for g in all_games()}
    assert {"nap", "napas", "napoleon", "gops"} <= names, broken_games()
