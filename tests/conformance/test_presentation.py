"""Every game's presentation hooks, at every step of random deals: they answer for any view without failing,
name only cards the seat may use, fill every placeholder, keep the hand whole, name every role, and grey out
no legal action."""

from __future__ import annotations

import random
import re

import pytest

from cardsuite.core.game import Game, View
from cardsuite.core.message import CardsRef, Message, SeatRef
from cardsuite.core.presentation import Line
from cardsuite.core.registry import all_games

PLACEHOLDER = re.compile(r"\{(\w+)(?::[^{}]*)?\}")


def _check_message(message: Message, view: View) -> None:
    values = dict(message.params)
    for text in (message.key, message.plural or ""):
        assert set(PLACEHOLDER.findall(text)) <= set(values), message
    for value in values.values():
        if isinstance(value, SeatRef):
            assert 0 <= value.seat < view.players
        if isinstance(value, CardsRef):
            assert all(0 <= c <= 52 for c in value.cards)
        if isinstance(value, Message):
            _check_message(value, view)


def _check_line(line: Line, view: View) -> None:
    _check_message(line.message, view)


def _check_view(game: Game, view: View) -> None:
    hand = set(view.hand)
    for action in view.legal:
        look = game.look(action, view)
        assert str(look.label)
        if isinstance(look.label, Message):
            _check_message(look.label, view)
        assert look.key is None or look.key.strip() == look.key
        if action.verb == "play" and look.cards:
            assert set(look.cards) <= hand, (action, look)
    for later in game.not_yet(view):
        assert later.action not in view.legal and str(later.why), later
        if isinstance(later.why, Message):
            _check_message(later.why, view)
    groups = game.arrange_hand(view.hand, view)
    assert sorted(c for g in groups for c in g) == sorted(view.hand)
    lines = game.table_lines(view)
    for line in lines or ():
        _check_line(line, view)
    for seat in range(view.players):
        note = game.seat_note(view, seat)
        if note is not None:
            _check_line(note, view)
        role = view.seats[seat].role
        assert role is None or role in game.roles(), role
    for played in game.table_cards(view):
        assert 0 <= played.seat < view.players
    outcome = game.outcome(view)
    if outcome is not None:
        _check_line(outcome.why, view)
        assert outcome.number >= 1 and outcome.cards


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.info.name)
def test_presentation_hooks_answer_at_every_step(game: Game) -> None:
    """Two random deals per game, every seat's view checked after every action."""
    rng = random.Random(7)
    players = game.info.default_players
    options = game.resolve_options({}, players)
    for deal in range(2):
        state = game.new_deal(players, options, 0, rng=random.Random(deal))
        while not state.is_over:
            for seat in range(players):
                _check_view(game, state.view(seat))
            seat = sorted(state.to_act)[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        _check_view(game, state.view(0))
    assert str(game.how_to_play()).strip()
    assert str(game.how_to_play_for(options)).strip()


def test_napoleon_words_have_ascii_forms() -> None:
    """The 表J/裏J terms of the Napoleon page have ASCII words for ASCII terminals."""
    napoleon = next(g for g in all_games() if "表J" in str(g.how_to_play()))
    words = napoleon.ascii_words()
    assert words["表J"].isascii() and words["裏J"].isascii()
