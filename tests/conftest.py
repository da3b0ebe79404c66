"""Every test gets its own CARDSUITE_HOME (saves, history and settings never touch the user's folders) and
starts in English, whatever the machine's locale: a test that wants another language asks for it.

Several checkouts may run their suites at once on one machine, so no test may share a data folder.

The suite also runs with an outside game installed: ``tests/outside_plugin`` holds the Tiny Tricks plugin
(its own package and its own ``*.dist-info`` metadata, as pip would install it). Putting that folder on
``sys.path`` here, before any test module is collected, registers it through the ``cardsuite.games``
entry point, so every test that goes over the installed games (the conformance suite, the table's
whole-match test, the home form) plays it too, with no change to ``cardsuite``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsuite.i18n import ENGLISH, use_language
from cardsuite.i18n.language import LOCALE_VARIABLES
from cardsuite.storage import paths

OUTSIDE_PLUGIN = Path(__file__).resolve().parent / "outside_plugin"
if str(OUTSIDE_PLUGIN) not in sys.path:
    sys.path.append(str(OUTSIDE_PLUGIN))


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A fresh, empty home folder for saves, history and settings."""
    folder = tmp_path / "home"
    monkeypatch.setenv(paths.HOME_VARIABLE, str(folder))
    paths.take_notices()
    yield folder
    paths.take_notices()


@pytest.fixture(autouse=True)
def english(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No locale from the machine, and English before and after the test."""
    for variable in (*LOCALE_VARIABLES, "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    use_language(ENGLISH)
    yield
    use_language(ENGLISH)
