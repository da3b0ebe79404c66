"""TUI tests skip the first-play "how to play" page unless they test it (``test_flow`` does)."""

from __future__ import annotations

import pytest

from cardsuite.tui.app import CardsuiteApp


@pytest.fixture(autouse=True)
def no_intro(monkeypatch: pytest.MonkeyPatch) -> None:
    """No "how to play" page opens by itself."""
    monkeypatch.setattr(CardsuiteApp, "no_intro", True)
