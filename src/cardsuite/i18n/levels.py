"""A CPU level's words for a person: a level is an identifier (``--cpu normal``, ``hard:64``), shown in the
reader's language where it has words, as it is otherwise. The home screen, the online waiting room and the
statistics share them."""

from __future__ import annotations

from ..core.message import N_p
from . import pgettext

LEVEL_WORDS = dict(
    # TRANSLATORS: a CPU player's strength, shown as "CPU {level}" in the seat list of the home screen
    random=N_p("CPU level", "random"), easy=N_p("CPU level", "easy"), normal=N_p("CPU level", "normal"),
    hard=N_p("CPU level", "hard"),
)
"""Each built-in CPU level's words (context, message)."""


def level_word(level: str) -> str:
    """A CPU level in the language in use (an unknown one, or one with a budget such as ``hard:64``, as it is)."""
    found = LEVEL_WORDS.get(level)
    return pgettext(*found) if found else level
