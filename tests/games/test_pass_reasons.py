"""A weak hand's pass says the right reason: "too weak to open the bidding" when nobody has bid yet, "too weak
to outbid" once somebody has."""

from __future__ import annotations

import random

import pytest

from cardsuite.bots.base import make_bot
from cardsuite.core.game import ReasonedBot
from cardsuite.core.registry import get_game


@pytest.mark.parametrize("name", ["nap", "napas"])
def test_a_pass_names_the_bid_it_cannot_beat_only_when_there_is_one(name: str) -> None:
    game = get_game(name)
    bot = make_bot(game, "normal")
    assert isinstance(bot, ReasonedBot)
    opening = outbid = ""
    for seed in range(200):
        state = game.new_deal(4, game.resolve_options({}, 4), seed % 4, rng=random.Random(seed))
        while state.view(min(state.to_act)).phase == "bidding" and not (opening and outbid):
            seat = min(state.to_act)
            view = state.view(seat)
            action, reason = bot.decide(view, random.Random(seed))
            if action.verb == "pass":
                if any(event.kind == "bid" for event in view.history):
                    outbid = str(reason)
                else:
                    opening = str(reason)
            state.apply(seat, action)
            if not state.to_act:
                break
        if opening and outbid:
            break
    assert opening == "the hand is too weak to open the bidding"
    assert outbid == "the hand is too weak to outbid"
