"""An option's values in the reader's words: the catalogs' context of a choice, and a value looked up in it.

An option's value is an identifier (``--option ties=carry``); each game marks the words of its choices
with ``N_p("option value", choice)`` beside its options (the built-in games' ``CHOICE_WORDS``), and a true
or false option's two values are marked here. A value no catalog has words for is shown as it is. The home
screen lists a choice by its words; ``cardsuite rules`` shows the value, which is what ``--option`` takes,
followed by its words.
"""

from __future__ import annotations

from gettext import NullTranslations
from typing import Final

from ..core.message import N_p
from ..core.options import OptionValue, shown_value

OPTION_VALUE: Final = "option value"
"""The catalogs' context of an option's value in words; each game marks its choices with it."""

FLAG_WORDS: Final = (
    # TRANSLATORS: the two values of a yes/no option (misère allowed, memory play...), shown after the value
    # itself in the option table of "cardsuite rules", as in "true (yes)"
    N_p("option value", "true"), N_p("option value", "false"),
)
"""The words of a true or false option's values, marked for the catalogs."""


def option_value_word(words: NullTranslations, value: str) -> str:
    """An option's value in the game's words (``words``: ``game_words(game)``); as it is when they have none."""
    return words.pgettext(OPTION_VALUE, value)


def value_with_words(words: NullTranslations, value: OptionValue) -> str:
    """``value`` as ``--option`` takes it, followed by its words in brackets when they differ from it:
    ``rebid (出し直し)``, ``true (あり)``, ``3``."""
    raw = shown_value(value)
    word = option_value_word(words, raw)
    return raw if word == raw else f"{raw} ({word})"
