"""A quoted text cut for display says its whole length in the reader's words: in a message's parameter, in a
translated template filled at the edge, in a game's refusal of a malformed action; the English stays as it was."""

from __future__ import annotations

import pickle

import pytest

from cardsuite.core.errors import ActionSyntaxError, message_of
from cardsuite.core.message import msg
from cardsuite.core.registry import get_game
from cardsuite.i18n import use_language
from cardsuite.i18n.reasons import read_within
from cardsuite.i18n.render import render, words_for
from cardsuite.naming import Quoted, quoted

LONG = "x" * 100


def test_a_cut_quote_keeps_its_english_and_its_parts() -> None:
    cut = quoted(LONG, 5)
    assert cut == '"xxxxx…" (100 characters)'
    assert isinstance(cut, Quoted) and (cut.quote, cut.length) == ('"xxxxx…"', 100)
    assert pickle.loads(pickle.dumps(cut)).length == 100
    assert not isinstance(quoted("short", 5), Quoted)


@pytest.mark.parametrize(("language", "length"), [("ja", "（100文字）"), ("lt", "(100 simbolių)")])
def test_a_cut_quote_in_a_message_says_its_length_in_the_readers_words(language: str, length: str) -> None:
    refusal = msg("{id} is not a save id", id=quoted(LONG, 5))
    assert str(refusal) == '"xxxxx…" (100 characters) is not a save id'
    use_language(language)
    line = render(refusal)
    assert '"xxxxx…"' in line and length in line and "characters" not in line


def test_a_cut_quote_at_the_edge_says_its_length_in_the_readers_words() -> None:
    assert words_for(quoted(LONG, 5)) == '"xxxxx…" (100 characters)'
    use_language("ja")
    assert words_for(quoted(LONG, 5)) == '"xxxxx…"（100文字）'
    assert words_for("seven") == "seven"


def test_a_malformed_action_quotes_its_length_in_the_readers_words() -> None:
    with pytest.raises(ActionSyntaxError) as refused:
        get_game("nap").parse_action("bid " + LONG)
    english = str(refused.value)
    assert english.startswith('malformed action "bid xxx') and "(104 characters)" in english
    use_language("ja")
    line = render(read_within(message_of(refused.value)))
    assert "（104文字）" in line and "(104 characters)" not in line
