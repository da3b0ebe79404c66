"""The home screen in these tests stands for a terminal that shows Japanese (as the headless one does):
it is drawn in ASCII only when its settings ask, so each language's words can be read off it."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def home_shows_every_language(monkeypatch: pytest.MonkeyPatch) -> None:
    """The home screen finds a terminal that can show ♠♥♦♣ and Japanese."""
    from cardsuite.tui.screens import home

    monkeypatch.setattr(home, "suits_encodable", lambda: True)
