"""What the program says about its own files in the reader's language: a save that could not be written (and
works again), a damaged settings file moved aside, a settings value of the wrong kind, a history database
written by a newer or an older cardsuite; the English lines stay as they were."""

from __future__ import annotations

import errno
import random
import re
import sqlite3
from pathlib import Path

import pytest

from cardsuite.core.errors import message_of
from cardsuite.i18n import use_language
from cardsuite.i18n.reasons import read_within
from cardsuite.i18n.render import render
from cardsuite.storage import paths, saves
from cardsuite.storage.history import History
from cardsuite.storage.saves import Autosave
from cardsuite.storage.settings import load_settings

from ..storage.helpers import new_match, play_out

ENGLISH = re.compile(r"\b(could|not|save|saved|match|again|damaged|moved|aside|must|one|of|written|by|newer|"
                     r"older|schema|history|database)\b")


def _english_left(line: str, *names: str) -> str | None:
    """The first English word of ``line`` once the file names in it are taken out (None when there is none)."""
    for name in names:
        line = line.replace(name, "")
    found = ENGLISH.search(line)
    return found.group() if found else None


def test_a_save_that_could_not_be_written_and_then_is_says_so_in_the_readers_words(
        monkeypatch: pytest.MonkeyPatch) -> None:
    match = play_out(new_match(), random.Random(3), limit=6)
    save = Autosave()
    full = [True]
    write = saves.write_atomically

    def written(*args: object, **kwargs: object) -> None:
        if full[0]:
            raise OSError(errno.ENOSPC, "No space left on device")
        write(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(saves, "write_atomically", written)
    assert not save.save(match)
    english = paths.take_notices()
    assert len(english) == 1 and english[0].startswith("could not save the match to "), english
    use_language("ja")
    assert not save.save(match)
    assert paths.take_notices() == []  # said once until a save works again
    full[0] = False
    full_again = save.path
    assert save.save(match)
    back = paths.take_notices()
    assert len(back) == 1 and str(full_again) in back[0] and _english_left(back[0], str(full_again)) is None, back
    full[0] = True
    assert not save.save(match)
    failed = paths.take_notices()
    assert len(failed) == 1 and "No space left on device" in failed[0], failed
    assert _english_left(failed[0], str(save.path), "No space left on device") is None, failed


@pytest.mark.parametrize("language", ["ja", "lt"])
def test_a_settings_value_of_the_wrong_kind_is_moved_aside_in_the_readers_words(home: Path, language: str) -> None:
    target = paths.settings_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text('card_style = "plaid"\n', encoding="utf-8")
    use_language(language)
    assert load_settings().card_style == "two-colour"
    lines = paths.take_notices()
    assert len(lines) == 1 and str(target) in lines[0] and "card_style" in lines[0], lines
    aside = next(p.name for p in target.parent.iterdir() if p.name.startswith("settings.toml.corrupt-"))
    assert aside in lines[0]
    assert _english_left(lines[0], str(target), aside, "card_style", "two-colour, four-colour") is None, lines


def test_the_english_line_of_a_damaged_settings_file_is_as_it_was(home: Path) -> None:
    target = paths.settings_path()
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text('card_style = "plaid"\n', encoding="utf-8")
    load_settings()
    [line] = paths.take_notices()
    assert re.fullmatch(re.escape(f"{target} is damaged (card_style must be one of two-colour, four-colour); moved "
                                  "aside to settings.toml.corrupt-") + r"\d{8}T\d{6}Z", line), line


@pytest.mark.parametrize(("version", "english"), [(99, "written by a newer cardsuite (schema 99)")])
def test_a_history_of_a_newer_schema_is_refused_in_the_readers_words(home: Path, version: int, english: str) -> None:
    History().matches()
    finished = play_out(new_match(), random.Random(1))
    Autosave().finish(finished)
    with sqlite3.connect(paths.history_path()) as conn:
        conn.execute(f"PRAGMA user_version = {version}")
    conn.close()
    with pytest.raises(paths.StorageError) as refused:
        History().matches()
    assert english in str(refused.value)
    use_language("ja")
    with pytest.raises(paths.StorageError) as refused:
        History().matches()
    line = render(read_within(message_of(refused.value)))
    assert "99" in line and _english_left(line, str(paths.history_path())) is None, line


def test_settings_that_cannot_be_saved_are_said_in_the_readers_words(home: Path) -> None:
    from cardsuite.storage.settings import Settings, SettingsError, save_settings
    from cardsuite.tui.screens.home import _unsaved

    home.mkdir(parents=True, exist_ok=True)
    (home / "blocked").write_text("", encoding="utf-8")  # a file where the settings' folder would be
    target = home / "blocked" / "settings.toml"
    with pytest.raises(SettingsError) as refused:
        save_settings(Settings(ascii=True), target)
    english = str(refused.value)
    assert english == f"cannot read {target}: Not a directory: the settings were not saved", english
    use_language("ja")
    line = _unsaved(refused.value)
    assert line == f"{target} を読めません：Not a directory：設定は保存されませんでした", line
