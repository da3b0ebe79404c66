"""TUI tests skip the first-play "how to play" page unless they test it (``test_flow`` does); a test that
only reads the app's state, never the drawn screen, may ask for ``quick_idle``."""

from __future__ import annotations

import pytest
from textual import _wait

from cardsuite.tui.app import CardsuiteApp


@pytest.fixture(autouse=True)
def no_intro(monkeypatch: pytest.MonkeyPatch) -> None:
    """No "how to play" page opens by itself."""
    monkeypatch.setattr(CardsuiteApp, "no_intro", True)


@pytest.fixture
def quick_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    """After each key the pilot waits until the app is idle for one slice: 5 ms slices instead of Textual's
    20 ms (at least two per key). A slice that short may end before a repaint, so only for tests that read
    state (whose turn, the screen stack, a hand's cards), or a page's drawn text only after ``settle`` (which
    waits for the screen's messages and repaints), never the key bar."""
    monkeypatch.setattr(_wait, "SLEEP_GRANULARITY", 0.005)
    monkeypatch.setattr(_wait, "SLEEP_IDLE", 0.005 / 20)
