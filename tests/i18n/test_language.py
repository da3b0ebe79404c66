"""Which language cardsuite speaks: --lang, then settings.toml, then LC_ALL / LC_MESSAGES / LANG, then English."""

from __future__ import annotations

import os
import subprocess
import sys
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
    language_of_accept,
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


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("ja-JP,ja;q=0.9,en-US;q=0.8,en;q=0.7", "ja"),
        ("lt", "lt"),
        ("en-GB, lt;q=0.9", "en"),
        ("fr-CH, fr;q=0.9, lt;q=0.8, ja;q=0.85", "ja"),
        ("lt;q=0.5, ja;q=0.5", "lt"),
        ("ja;q=0, lt;q=0.1", "lt"),
        ("de, fr;q=0.9, *;q=0.5", None),
        ("ja;q=2, lt;q=1.0001, en;q=abc, ja;x=1, ja;q=0.5;q=0.9", None),
        ("", None),
        (None, None),
        (",;=" * 3000, None),
        (", ".join(["de"] * 16) + ", ja", None),  # past the ranges read
        ("d" * 600 + ", ja", None),  # past the characters read
        ("\x1b[31mja, ja\u0301, 日本語", None),
    ],
)
def test_the_language_a_browser_likes_best_of_ours(header: str | None, language: str | None) -> None:
    assert language_of_accept(header) == language


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
    with pytest.raises(LanguageError):  # an empty --lang= is a bad value too, not "no flag"
        resolve_language("", "ja", environ)


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


@pytest.mark.parametrize(
    ("args", "value"),
    [(["list", "--lang", "klingon"], "klingon"), (["--lang=de", "rules", "nap"], "de"), (["list", "--lang="], "")],
)
def test_an_unknown_language_is_one_line_and_status_1(args: list[str], value: str) -> None:
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 1
    assert result.output.strip().splitlines() == [f'cardsuite: --lang "{value}": no such language; choose en, ja, lt']


def test_an_unknown_language_is_refused_in_the_language_of_the_locale(home: Path) -> None:
    result = CliRunner().invoke(app, ["rules", "nap", "--lang", "xx"], env={"LANG": "lt_LT.UTF-8"})
    assert result.exit_code == 1
    (line,) = result.output.strip().splitlines()
    assert line.startswith('cardsuite: --lang "xx": ') and "no such language" not in line


def test_an_unknown_language_as_a_user_runs_it() -> None:
    """The real process: exit status 1, one line on stderr, nothing on stdout (like every other refusal)."""
    done = subprocess.run([sys.executable, "-m", "cardsuite", "rules", "nap", "--lang", "xx"], capture_output=True,
                          text=True, timeout=120, check=False, env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": ""})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == ['cardsuite: --lang "xx": no such language; choose en, ja, lt']


@pytest.mark.parametrize("args", [["list", "--lang"], ["--lang"], ["rules", "nap", "--lang"]])
def test_lang_without_a_value_is_the_same_line_wherever_it_stands(args: list[str]) -> None:
    """A bare ``--lang`` at the end is a missing value, not an unknown option of the command after it."""
    done = subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, text=True, timeout=120,
                          check=False, env={**os.environ, "LANG": "C.UTF-8", "LC_ALL": ""})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.splitlines() == ["cardsuite: Option '--lang' requires an argument. (see --help)"]


def test_a_setting_naming_a_language_we_lack_is_said_in_one_line_as_any_bad_value(tmp_path: Path) -> None:
    """``language = "xx"`` is not quietly ignored: any command moves the file aside and says so in one line on
    stderr (as for ``card_style = "neon"``), then follows the locale; the next run says nothing more."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.toml").write_text('language = "xx"\nnames = ["Ann"]\n', encoding="utf-8")
    env = {**os.environ, "CARDSUITE_HOME": str(home), "LANG": "C.UTF-8", "LC_ALL": ""}
    runs = [subprocess.run([sys.executable, "-m", "cardsuite", "list"], capture_output=True, text=True,
                           timeout=120, check=False, env=env) for _ in range(2)]
    assert [done.returncode for done in runs] == [0, 0] and "nap" in runs[0].stdout
    (line,) = runs[0].stderr.splitlines()
    assert line.startswith(f"cardsuite: {home / 'settings.toml'} is damaged (language \"xx\" is not one of en, ja,"
                           " lt"), line
    (aside,) = home.glob("settings.toml.corrupt-*")
    assert 'names = ["Ann"]' in aside.read_text(encoding="utf-8")
    assert runs[1].stderr == ""
