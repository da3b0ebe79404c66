"""Verb shapes (``core.verbs``), the one-line refusals they give, and the default game traits."""

from __future__ import annotations

from cardsuite.core.game import Action, GameInfo, GameTraits
from cardsuite.core.verbs import CARD, SUIT, Verb, number, shown, well_typed, word


def test_a_one_card_verb_takes_exactly_one_card() -> None:
    play = Verb("play", (CARD,), "play <card>")
    assert play.fits((0,)) and play.fits((51,))
    for bad in ((), (52,), (-1,), (True,), ("AS",), (1.0,), (1, 2), [1], "1", None, ([1],)):
        assert not play.fits(bad), bad


def test_variable_arity_and_distinct_arguments() -> None:
    exchange = Verb("exchange", (CARD,), fewest=0, most=5, distinct=True)
    assert exchange.fits(()) and exchange.fits((1, 2, 3, 4, 5))
    assert not exchange.fits((1, 2, 3, 4, 5, 6))
    assert not exchange.fits((1, 1))
    assert not exchange.fits((1, "2"))
    joker_lead = Verb("play", (number(0, 52, "a card"), SUIT), fewest=1, most=2)
    assert joker_lead.fits((52,)) and joker_lead.fits((52, 3))
    assert not joker_lead.fits((52, 4)) and not joker_lead.fits((52, -1))
    assert not joker_lead.fits(()) and not joker_lead.fits((1, 2, 3)) and not joker_lead.fits((True, 1))
    up_to_two = Verb("pick", (CARD,), fewest=0, most=2)
    assert up_to_two.fits(()) and up_to_two.fits((1,)) and up_to_two.fits((1, 2)) and not up_to_two.fits((1, 2, 3))


def test_words_and_empty_verbs() -> None:
    bid = Verb("bid", (word(("3", "nap"), "a bid"),))
    assert bid.fits(("nap",)) and not bid.fits(("NAP",)) and not bid.fits((3,))
    pass_ = Verb("pass")
    assert pass_.fits(()) and not pass_.fits((0,)) and not pass_.fits([])


def test_refusals_are_one_short_safe_line() -> None:
    hostile = Action("play", ("\x1b[2J" * 40,))
    text = str(Verb("play", (CARD,), "play <card>").refusal(hostile))
    assert "\x1b" not in text and "\n" not in text and len(text) < 120
    assert "expected play <card>" in text
    assert shown(Action("bid", ("nap",), "bid nap")) == "bid nap"
    assert well_typed(True, Action("pass")) is not None
    assert well_typed(0, "pass") is not None
    assert well_typed(0, Action(None, ())) is not None  # type: ignore[arg-type]
    assert well_typed(0, Action("pass")) is None


def test_a_game_that_declares_no_traits_gets_the_cautious_defaults() -> None:
    info = GameInfo("outside", "Outside", (2,), (), "a plugin that declares nothing", 2)
    assert info.traits == GameTraits()
    assert info.traits.utility == "general_sum" and not info.traits.simultaneous
    assert info.traits.hidden_information and info.traits.auction_phases == ("bidding",)


def test_a_view_is_read_only() -> None:
    import dataclasses
    import random

    import pytest

    from cardsuite.core.registry import get_game

    for name in ("nap", "napas", "napoleon", "gops"):
        game = get_game(name)
        players = game.info.default_players
        state = game.new_deal(players, game.resolve_options({}, players), 0, rng=random.Random(2))
        view = state.view(min(state.to_act))
        with pytest.raises(dataclasses.FrozenInstanceError):
            view.hand = ()  # type: ignore[misc]
        with pytest.raises(TypeError):
            view.table["trump"] = 0  # type: ignore[index]
        with pytest.raises(TypeError):
            view.options["x"] = 1  # type: ignore[index]


def test_gops_checks_its_one_verb_with_one_lookup() -> None:
    """GOPS's hot path takes a bid's face from ``FACE_BY_ARGS``: it must accept exactly what the verb fits."""
    from cardsuite.games.gops.faces import FACE_BY_ARGS, PLAY_VERB

    tries: list[object] = [(), ("K", "Q"), (1,), (True,), ("k",), ("10",), ("T",), [("K",)], "K", None]
    tries += [(letter,) for letter in "A23456789TJQKX"]
    for args in tries:
        try:
            found = FACE_BY_ARGS.get(args) is not None  # type: ignore[call-overload]
        except TypeError:
            found = False
        assert found == PLAY_VERB.fits(args), args
