"""How the lobby offers a public table, in the reader's language: the words ``cardsuite online`` and the
TUI's lobby both show."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import pgettext


def offer_word(entry: Mapping[str, Any]) -> str:
    """A lobby entry's kind: practice (its seed was chosen), rated, or unrated."""
    if entry.get("practice"):
        return pgettext("lobby", "practice")
    return pgettext("lobby", "rated") if entry.get("rated") else pgettext("lobby", "unrated")
