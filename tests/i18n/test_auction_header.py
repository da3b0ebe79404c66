"""The table's header during the Nap and Napas auction says "highest bid" in every language: the bid so far
is no contract yet, so the header names no trumps until the auction ends."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.message import Message
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.i18n.render import render

NAMES = ["Ona", "Jonas", "Rūta", "Tomas"]
WORDS = {
    "nap": {"en": "highest bid: 3 by Jonas", "ja": "最高の宣言：Jonas の3",
            "lt": "aukščiausias pareiškimas: 3 (Jonas)"},
    "napas": {"en": "highest bid: 3 tricks by Jonas", "ja": "最高の宣言：Jonas の3トリック",
              "lt": "aukščiausias pareiškimas: 3 kirčiai (Jonas)"},
}


@pytest.mark.parametrize("name", sorted(WORDS))
def test_the_header_says_highest_bid_until_the_auction_ends(name: str) -> None:
    game = get_game(name)
    state = game.new_deal(4, game.resolve_options({}, 4), 0, rng=random.Random(1))
    seat = sorted(state.to_act)[0]
    while seat != 1:  # everyone before seat 1 passes; seat 1 bids 3 and others may still outbid it
        state.apply(seat, next(a for a in state.legal_actions(seat) if a.verb == "pass"))
        seat = sorted(state.to_act)[0]
    state.apply(1, next(a for a in state.legal_actions(1) if a.verb == "bid" and a.args == ("3",)))
    view = state.view(0)
    assert view.phase == "bidding"
    header = view.table["contract_text"]
    assert isinstance(header, Message)
    for language, words in WORDS[name].items():
        use_language(language)
        assert render(header, NAMES) == words
