"""A table that stops on an error exits with a failing status, never 0 (a crash must not look like success)."""

from __future__ import annotations

import pytest
from textual.app import App

from cardsuite.tui.table_app import run_app


class Crashing(App[None]):
    """An app whose first frame raises, as a bug in a screen would."""

    def on_mount(self) -> None:
        raise RuntimeError("a bug in a screen")


class Quitting(App[None]):
    """An app that closes normally at once."""

    def on_mount(self) -> None:
        self.exit()


def test_a_crashed_app_exits_with_its_error_status(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        run_app(Crashing(), headless=True)
    assert stopped.value.code == 1


def test_an_app_that_closes_normally_returns() -> None:
    run_app(Quitting(), headless=True)


def test_leaving_a_save_named_with_escapes_prints_them_shown(capsys: pytest.CaptureFixture[str]) -> None:
    from cardsuite.storage.saves import Autosave
    from cardsuite.tui.app import _report

    from ..storage.helpers import new_match

    name = "x\x1b]0;pwned\x07\x1b[2J"
    Autosave(name, keep=True).save(new_match("nap", 3))
    assert _report(name) == name
    printed = capsys.readouterr().out
    assert "\x1b" not in printed and "\x07" not in printed and "x\\x1b]0;pwned\\x07\\x1b[2J" in printed
