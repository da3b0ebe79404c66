"""Which language cardsuite speaks: --lang, then settings.toml, then LC_ALL / LC_MESSAGES / LANG, then English."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardsuite.cli import app
from cardsuite.cli._language import hoist_language
from cardsuite.i18n import (
    ENGLISH,
    LanguageError,
    current_language,
    language_from_environment,
    language_of_locale,
    resolve_language,
)
from cardsuite.storage.settings import Settings, load_settings, read_language, save_settings


@pytest.mark.parametrize(
    ("locale", "language"),
    [
        ("ja_JP.UTF-8", "ja"),
        ("ja_JP", "ja"),
        ("ja", "ja"),
        ("lt_LT.UTF-8", "lt"),
        ("lt_LT.utf8@euro", "lt"),
        ("en_GB.UTF-8", "en"),
        ("C", "en"),
        ("C.UTF-8", "en"),
        ("POSIX", "en"),
        ("fr_FR.UTF-8", None),
        ("", None),
        ("\x1b[31m", None),
    ],
)
def test_language_of_a_locale_name(locale: str, language: str | None) -> None:
    assert language_of_locale(locale) == language


def test_the_first_locale_variable_that_is_set_decides() -> None:
    assert language_from_environment({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert language_from_environment({"LC_MESSAGES": "lt_LT.UTF-8", "LANG": "ja_JP.UTF-8"}) == "lt"
    assert language_from_environment({"LC_ALL": "C", "LC_MESSAGES": "lt_LT", "LANG": "ja_JP"}) == "en"
    assert language_from_environment({"LC_ALL": "", "LANG": "ja_JP"}) == "ja"
    # a locale we do not speak decides too: English, not the next variable's language
    assert language_from_environment({"LC_ALL": "fr_FR.UTF-8", "LANG": "ja_JP"}) is None
    assert language_from_environment({}) is None


def test_flag_beats_setting_beats_locale_beats_english() -> None:
    environ = {"LANG": "lt_LT.UTF-8"}
    assert resolve_language("ja", "lt", environ) == "ja"
    assert resolve_language(None, "ja", environ) == "ja"
    assert resolve_language(None, None, environ) == "lt"
    assert resolve_language(None, "", environ) == "lt"
    assert resolve_language(None, None, {}) == ENGLISH
    assert resolve_language(None, "xx", {"LANG": "ja_JP"}) == "ja"  # an unknown setting falls through
    with pytest.raises(LanguageError, match="choose en, ja, lt"):
        resolve_language("xx", None, {})


def test_settings_keep_the_language(home: Path) -> None:
    save_settings(Settings(language="lt"))
    assert load_settings().language == "lt"
    assert read_language() == "lt"
    save_settings(Settings())
    assert load_settings().language == ""
    assert read_language() is None


def test_a_damaged_settings_file_gives_no_language_and_is_left_for_load_settings(home: Path) -> None:
    path = home / "settings.toml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("language = [", encoding="utf-8")
    assert read_language() is None
    assert path.exists()  # moving it aside with a notice is load_settings' job


@pytest.mark.parametrize(
    ("args", "hoisted"),
    [
        (["rules", "napas", "--lang", "lt"], ["--lang", "lt", "rules", "napas"]),
        (["--lang=ja", "list"], ["--lang=ja", "list"]),
        (["play", "nap", "--lang=ja", "--seed", "3"], ["--lang=ja", "play", "nap", "--seed", "3"]),
        (["replay", "--", "--lang", "x"], ["replay", "--", "--lang", "x"]),
        (["list", "--lang"], ["list", "--lang"]),
    ],
)
def test_lang_may_stand_anywhere_on_the_line(args: list[str], hoisted: list[str]) -> None:
    assert hoist_language(args) == hoisted


def test_the_command_line_sets_the_language(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["list", "--lang", "ja"])
    assert result.exit_code == 0, result.output
    assert current_language() == "ja"
    monkeypatch.setenv("LANG", "lt_LT.UTF-8")
    assert runner.invoke(app, ["list"]).exit_code == 0
    assert current_language() == "lt"
    save_settings(Settings(language="ja"))
    assert runner.invoke(app, ["list"]).exit_code == 0
    assert current_language() == "ja"
    assert runner.invoke(app, ["--lang", "en", "list"]).exit_code == 0
    assert current_language() == "en"


def test_an_unknown_language_is_one_line_and_status_2() -> None:
    result = CliRunner().invoke(app, ["list", "--lang", "klingon"])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == ["cardsuite: no language 'klingon' (choose en, ja, lt)"]
