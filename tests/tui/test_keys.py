"""Keys that never betray, without a terminal: every key unique in its phase, one key a card, a pass only by
its own key, the usual adjutant calls first and found by what a person types."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardsuite.core.game import Game, State
from cardsuite.core.registry import all_games, get_game
from cardsuite.tui.planning import DIGITS, TABLE_KEYS, plan

GAMES = [g for g in all_games()]


def _walk(game: Game, players: int, seed: int, steps: int = 400) -> list[State]:
    """The states of one random deal, at every decision."""
    state = game.new_deal(players, game.resolve_options({}, players), 0 if game.info.uses_dealer else None,
                          rng=random.Random(seed))
    rng = random.Random(seed)
    out = []
    for _ in range(steps):
        if state.is_over:
            break
        out.append(state.clone())
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return out


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.info.name)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000))
def test_every_key_is_unique_in_its_phase(game: Game, seed: int) -> None:
    """At every decision of a random deal: no two cards or buttons share a key, none is the table's own,
    every card of a hand played from has a key, and a pass is destructive exactly when a bid could be made."""
    players = game.info.default_players
    for state in _walk(game, players, seed):
        for seat in sorted(state.to_act):
            view = state.view(seat)
            offered = plan(game, view)
            keys = [key for key, _ in offered.phase_keys()]
            assert len(keys) == len(set(keys)), (view.phase, offered.phase_keys())
            assert not set(keys) & TABLE_KEYS, (view.phase, keys)
            if offered.card_verbs:
                assert len(offered.card_keys) == len(view.hand)
                assert list(offered.card_keys[:10]) == list(DIGITS[: min(10, len(view.hand))]) or offered.items
            bids = any(a.verb == "bid" for a in view.legal)
            for item in offered.items:
                if item.kind == "action" and item.actions[0].verb == "pass":
                    assert item.destructive == bids


def test_napas_zero_game_is_on_zero_and_bid_one_on_one() -> None:
    """Napas's ladder keys are its bids: 1, 2, 3, 0 (the zero game), 4, 5; pass is p."""
    napas = get_game("napas")
    state = napas.new_deal(4, napas.resolve_options({}, 4), 3, rng=random.Random(1))
    offered = plan(napas, state.view(min(state.to_act)))
    keys = {item.key: str(item.actions[0]) for item in offered.items}
    assert keys["0"] == "bid 0" and keys["1"] == "bid 1" and keys["p"] == "pass"


def test_thirteen_cards_have_thirteen_keys() -> None:
    """GOPS's 13 cards: 1 … 9, 0, then j k l."""
    gops = get_game("gops")
    state = gops.new_deal(2, gops.resolve_options({}, 2), None, rng=random.Random(1))
    offered = plan(gops, state.view(0))
    assert "".join(offered.card_keys) == "1234567890jkl"
    assert offered.card_for_key("j") == offered.order[10]


def _adjutant_view(seed: int = 2) -> tuple[Game, State, int]:
    napoleon = get_game("napoleon")
    state = napoleon.new_deal(5, napoleon.resolve_options({}, 5), 0, rng=random.Random(seed))
    for _ in range(80):
        seat = min(state.to_act)
        legal = state.legal_actions(seat)
        if any(a.verb == "adjutant" for a in legal):
            return napoleon, state, seat
        state.apply(seat, legal[0] if state.phase != "bidding" or legal[0].verb != "pass" or len(legal) == 1
                    else legal[-1])
    raise AssertionError("no adjutant call")


def test_the_usual_adjutant_calls_come_first_and_are_named() -> None:
    """Mighty, the joker, the trump jacks, then the top trumps lead the list, each labelled."""
    game, state, seat = _adjutant_view()
    view = state.view(seat)
    offered = plan(game, view)
    (calls,) = [item for item in offered.items if item.kind == "list"]
    first = [offered.label(a) for a in calls.actions[:9]]
    assert "Mighty" in first[0] and "joker" in first[1] and "(" not in first[1]
    assert "表J" in first[2] and "裏J" in first[3] and "top trump" in first[4] and "top trump" not in first[8]


def test_the_adjutant_list_finds_as_ace_of_spades_and_AS() -> None:
    """Typing ``as``, ``AS`` or ``ace of spades`` finds the ace of spades first."""
    from cardsuite.tui.screens.modals import ChoiceScreen

    labels = ["Adjutant: A♠ (Mighty)", "Adjutant: 2♠", "Adjutant: A♥ (a top trump)"]
    screen = ChoiceScreen("Adjutant", labels, ["as", "2s", "ah"],
                          ["the ace of spades AS", "the 2 of spades 2S", "the ace of hearts AH"])
    for typed in ("as", "AS", "ace of spades", "ace  of spades "):
        found = screen._options(typed)
        assert found and found[0].id == "0", typed
    assert [o.id for o in screen._options("ace")] == ["0", "2"]


def test_every_key_of_the_table_is_its_own_has_an_action_and_a_line_on_the_keys_page() -> None:
    """A letter the table binds is one of its own (no card or button takes it), every other letter is free
    for them, each binding names an action of the screen, and each one with help is on the ``?`` page."""
    from textual.binding import Binding

    from cardsuite.tui.screens.table import TableScreen
    from cardsuite.tui.screens.table_keys import FREE_KEYS, TABLE_BINDINGS, key_rows

    bindings = [b for b in TABLE_BINDINGS if isinstance(b, Binding)]
    own = [b for b in bindings if not b.action.startswith("press_key")]
    letters = {k.strip() for b in own for k in b.key.split(",") if len(k.strip()) == 1 and k.strip().isalpha()}
    assert letters == TABLE_KEYS
    assert not set(FREE_KEYS) & TABLE_KEYS and set(FREE_KEYS) | TABLE_KEYS >= set("abcdefghijklmnopqrstuvwxyz")
    for binding in bindings:
        name = binding.action.split("(")[0]
        assert callable(getattr(TableScreen, f"action_{name}", None)), binding.action
    page = "\n".join(words for _, words in key_rows(TABLE_BINDINGS, str))
    assert all(b.tooltip in page for b in own if b.tooltip)
