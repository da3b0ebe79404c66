"""Every test gets its own CARDSUITE_HOME: saves, history and settings never touch the user's folders.

Several checkouts may run their suites at once on one machine, so no test may share a data folder.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsuite.storage import paths


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh, empty home folder for saves, history and settings."""
    folder = tmp_path / "home"
    monkeypatch.setenv(paths.HOME_VARIABLE, str(folder))
    paths.take_notices()
    yield folder
    paths.take_notices()
