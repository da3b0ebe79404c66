"""``--plain``: a card typed that the game will not take as an action is refused in the reader's language, the
game's own reason read from its message (never from its English text)."""

from __future__ import annotations

import dataclasses
import io

import pytest

from cardsuite.cards import card_text
from cardsuite.core.errors import ActionSyntaxError, reason_of
from cardsuite.core.match import SeatSpec
from cardsuite.i18n import translations, use_language
from cardsuite.i18n.render import render
from cardsuite.tui.plain import PlainTable
from cardsuite.tui.session import Session

from .helpers import config


@pytest.mark.parametrize("language", ["ja", "lt"])
def test_a_card_the_game_does_not_read_as_an_action_is_refused_in_the_readers_words(language: str) -> None:
    use_language(language)
    session = Session(config("gops", [SeatSpec("Ann"), SeatSpec("Bob")], seed=3))
    table = PlainTable(session, io.StringIO(""), io.StringIO())
    view = session.view(0)
    left_out = view.legal[0]  # a card of the hand that is no choice now: GOPS reads no card code as a play
    table.plan = table.make_plan(dataclasses.replace(view, legal=view.legal[1:]))
    card = next(c for c in table.plan.order if not any(c in table.plan.cards_of[a] for a in view.legal[1:]))
    typed = card_text(card)
    with pytest.raises(ActionSyntaxError) as refused:
        session.game.parse_action(f"play {typed}")
    action, why = table.understand(typed)
    reason = render(reason_of(refused.value), session.names, translations(language))
    assert action is None and left_out not in table.plan.card_verbs["play"]
    assert why == translations(language).gettext("Not allowed: {reason}").format(reason=reason)
    assert "malformed" not in why and "not a rank" not in why, why
