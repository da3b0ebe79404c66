"""Every contract a built-in game's deals end with has words of its own (``Presentation.contract_words``), in
the reader's language: ``cardsuite stats`` lists contracts by them, never by their keys."""

from __future__ import annotations

import random

import pytest

from cardsuite.core.message import Message
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.storage.stats import contract_title

from ..storage.helpers import new_match, play_out


@pytest.mark.parametrize("game", ["nap", "napas", "napoleon"])
def test_every_contract_played_has_words_in_the_readers_language(game: str) -> None:
    contracts: set[str] = set()
    for seed in range(6):
        match = play_out(new_match(game, seed), random.Random(seed))
        contracts |= {r.summary.contract for r in match.results if r.summary.contract}
    assert contracts
    found = get_game(game)
    use_language("ja")
    for contract in contracts:
        assert isinstance(found.contract_words(contract), Message), contract
        title = contract_title(game, contract)
        assert title and not any(word in title for word in ("misere", "hearts", "spades", "tricks", "zero")), title


def test_a_contract_without_words_is_shown_as_its_key() -> None:
    assert get_game("napoleon").contract_words("99999999 hearts") == "99999999 hearts"
    assert contract_title("napoleon", "ace of\x1b[2J") == "ace of\\x1b[2J"
    assert contract_title("no-such-game", "misere") == "misere"
    assert get_game("gops").contract_words("x") == "x"
