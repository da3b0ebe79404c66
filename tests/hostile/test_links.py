"""No write of a person's file goes through a symbolic link but the settings file's (kept in a dotfiles
folder): a save, the identity key, the seat tokens and the history database that are links are refused in
one line, and neither the link nor the file it points to (a file of the person's elsewhere) is changed. A
temporary's name taken by a link is never followed."""

from __future__ import annotations

import json
import os
import random
import stat
from pathlib import Path

import pytest

from cardsuite import filewrites
from cardsuite.files import FileRefused
from cardsuite.net import identity, tokens
from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.saves import Autosave
from cardsuite.storage.settings import Settings, save_settings

from ..storage.helpers import new_match, play_out

REFUSED = "is a symbolic link, and cardsuite writes no file through a link"


def _elsewhere(tmp_path: Path, text: str = "mine, not cardsuite's\n") -> Path:
    """A file of the person's outside the home, readable by others."""
    (tmp_path / "elsewhere").mkdir(exist_ok=True)
    theirs = tmp_path / "elsewhere" / f"notes-{len(list((tmp_path / 'elsewhere').iterdir()))}.txt"
    theirs.write_text(text, encoding="utf-8")
    theirs.chmod(0o644)
    return theirs


def _untouched(link: Path, theirs: Path, text: str = "mine, not cardsuite's\n") -> None:
    assert link.is_symlink() and os.readlink(link) == str(theirs)
    assert theirs.read_text(encoding="utf-8") == text and stat.S_IMODE(theirs.stat().st_mode) == 0o644
    assert not [p.name for p in link.parent.iterdir() if filewrites.TEMPORARY.fullmatch(p.name)]


@pytest.mark.parametrize("private", [False, True], ids=["plain", "private"])
def test_a_write_over_a_link_is_refused_and_changes_neither_it_nor_its_file(tmp_path: Path, private: bool) -> None:
    theirs = _elsewhere(tmp_path)
    link = tmp_path / "settings.toml"
    link.symlink_to(theirs)
    with pytest.raises(FileRefused, match=REFUSED) as refused:
        filewrites.write_atomically(link, "new", private=private)
    assert str(refused.value).count("\n") == 0 and str(link) in str(refused.value)
    _untouched(link, theirs)
    dangling = tmp_path / "saves.json"
    dangling.symlink_to(tmp_path / "elsewhere" / "not-yet.json")  # a link to nothing: nothing is created there
    with pytest.raises(FileRefused, match=REFUSED):
        filewrites.write_atomically(dangling, "new", private=private)
    assert not (tmp_path / "elsewhere" / "not-yet.json").exists() and dangling.is_symlink()
    with pytest.raises(FileExistsError):  # never over a file: a link neither
        filewrites.write_atomically(link, "new", exclusive=True, private=private)
    _untouched(link, theirs)


def test_a_temporary_name_taken_by_a_link_is_not_followed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Someone who guessed the temporary's name and put a link there: the write takes another name."""
    theirs = _elsewhere(tmp_path)
    names = iter([".x.json.cardsuite-0000000000000000.tmp", ".x.json.cardsuite-1111111111111111.tmp"])
    monkeypatch.setattr(filewrites, "temporary_name", lambda _name: next(names))
    planted = tmp_path / ".x.json.cardsuite-0000000000000000.tmp"
    planted.symlink_to(theirs)
    filewrites.write_atomically(tmp_path / "x.json", "{}")
    assert (tmp_path / "x.json").read_text() == "{}" and not (tmp_path / "x.json").is_symlink()
    assert planted.is_symlink() and theirs.read_text(encoding="utf-8") == "mine, not cardsuite's\n"


def test_a_settings_file_that_is_a_link_is_written_through_and_stays_a_link(home: Path, tmp_path: Path) -> None:
    """The one file written through a link: a person keeps settings in a dotfiles folder on purpose."""
    home.mkdir()
    theirs = _elsewhere(tmp_path, "# in git\nspeed = \"slow\"\n")
    link = home / "settings.toml"
    link.symlink_to(theirs)
    save_settings(Settings(names=["Zed"], speed="slow"))
    assert link.is_symlink() and os.readlink(link) == str(theirs)
    assert "# in git" in theirs.read_text(encoding="utf-8") and "Zed" in theirs.read_text(encoding="utf-8")


def test_a_save_that_is_a_link_is_not_written_through_and_play_goes_on(home: Path, tmp_path: Path) -> None:
    match = play_out(new_match(seed=1), random.Random(1), limit=5)
    save = Autosave("20260101-000000-aaaa", keep=True)
    assert save.save(match)
    theirs = _elsewhere(tmp_path)
    save.path.unlink()
    save.path.symlink_to(theirs)
    assert not save.save(play_out(match, random.Random(1), limit=2))
    (notice,) = paths.take_notices()
    assert notice.startswith("could not save the match to ") and REFUSED in notice
    _untouched(save.path, theirs)


def test_the_identity_key_and_seat_tokens_that_are_links_are_not_written_through(home: Path,
                                                                                 tmp_path: Path) -> None:
    home.mkdir()
    key = identity.new_key()
    text = json.dumps({"key": key}) + "\n"  # a key kept on another device's folder, say
    theirs = _elsewhere(tmp_path, text)
    link = identity.identity_path()
    link.symlink_to(theirs)
    for replacing in (key, identity.new_key()):  # the same key again, and another one (its copy is not kept)
        with pytest.raises(identity.IdentityError, match=REFUSED):
            identity.keep_key(replacing)
        _untouched(link, theirs, text)
        assert sorted(p.name for p in home.iterdir()) == ["identity.json"]
    seats = _elsewhere(tmp_path, "{}\n")
    tokens.seats_path().symlink_to(seats)
    with pytest.raises(FileRefused, match=REFUSED):
        tokens.keep_seat(tokens.SavedSeat("http://127.0.0.1:1", "ABCDEF", "token", 0, "Ann"))
    _untouched(tokens.seats_path(), seats, "{}\n")


def test_a_history_database_that_is_a_link_is_read_but_never_written(home: Path, tmp_path: Path) -> None:
    record = Autosave("gops-3").record(play_out(new_match("gops", 3), random.Random(3)))
    History().record_finished(record)
    theirs = tmp_path / "elsewhere.sqlite3"
    paths.history_path().rename(theirs)
    theirs.chmod(0o644)
    before = theirs.read_bytes()
    paths.history_path().symlink_to(theirs)
    assert [entry.game for entry in History().matches()] == ["gops"]  # read, read-only
    with pytest.raises(paths.StorageError, match=REFUSED):
        History().record_finished(Autosave("gops-4").record(play_out(new_match("gops", 4), random.Random(4))))
    assert theirs.read_bytes() == before and paths.history_path().is_symlink()
    for companion in ("-wal", "-shm"):
        assert not Path(f"{theirs}{companion}").exists()
