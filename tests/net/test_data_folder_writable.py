"""A data folder ``serve`` cannot write in is refused at start, naming it, whether its lock cannot be taken
or its store cannot be written; saves keep taking no lock where none can be taken.

The file system's refusals are made by ``os.open`` failing as a read-only file system does (file modes do not
stop root, who may run the tests); ``test_serve_data_folder.py`` refuses a real folder in a real process.
"""

from __future__ import annotations

import errno
import os
from collections.abc import Callable
from pathlib import Path

import pytest

from cardsuite.core.errors import message_of
from cardsuite.net.datafolder import STORE_FILE, serving_folder
from cardsuite.storage import savelock
from cardsuite.storage.paths import StorageError

PROBE = ".tables.sqlite3.probe"
"""The file serve writes and removes at start to find out that it can write in its folder."""
WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT


def _read_only(monkeypatch: pytest.MonkeyPatch, refused: Callable[[str], bool]) -> None:
    """``os.open`` for writing fails as on a read-only file system for the names ``refused`` picks."""
    real_open = os.open

    def opening(path: object, flags: int, *args: object, **kwargs: object) -> int:
        if flags & WRITING and refused(os.path.basename(os.fsdecode(path))):  # type: ignore[arg-type]
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), os.fsdecode(path))  # type: ignore[arg-type]
        return real_open(path, flags, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "open", opening)


def _refusal(folder: Path) -> str:
    with pytest.raises(StorageError) as refused, serving_folder(folder, shared_store=False):
        pytest.fail("the folder was served")
    return str(message_of(refused.value))


def test_a_read_only_folder_is_refused_naming_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "server"
    folder.mkdir()
    _read_only(monkeypatch, lambda _name: True)
    assert _refusal(folder) == (f"the server's data folder cannot be used: {folder} cannot be written "
                                "(.tables.sqlite3.lock: Read-only file system)")
    assert not savelock.held_here(folder / STORE_FILE)


def test_a_lock_left_behind_in_a_read_only_folder_is_no_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A lock file there opens for reading, and ``flock`` takes it: still, nothing there can be written."""
    folder = tmp_path / "server"
    folder.mkdir()
    savelock.lock_path(folder / STORE_FILE).touch()
    _read_only(monkeypatch, lambda _name: True)
    assert "(.tables.sqlite3.lock: Read-only file system)" in _refusal(folder)


@pytest.mark.parametrize("name", [PROBE, STORE_FILE, f"{STORE_FILE}-wal"])
def test_a_store_that_cannot_be_written_is_refused_naming_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                                     name: str) -> None:
    folder = tmp_path / "server"
    folder.mkdir()
    for there in (STORE_FILE, f"{STORE_FILE}-wal"):
        (folder / there).touch()
    _read_only(monkeypatch, lambda seen: seen == name)
    assert _refusal(folder) == (f"the server's data folder cannot be used: {folder} cannot be written "
                                f"({name}: Read-only file system)")
    assert not savelock.held_here(folder / STORE_FILE)
    assert not (folder / PROBE).exists()


def test_a_writable_folder_is_held_and_left_as_it_was(tmp_path: Path) -> None:
    folder = tmp_path / "server"
    with serving_folder(folder, shared_store=False):
        assert savelock.held_here(folder / STORE_FILE)
        assert sorted(p.name for p in folder.iterdir()) == [".tables.sqlite3.lock"]
    assert not savelock.held_here(folder / STORE_FILE) and list(folder.iterdir()) == []


def test_a_save_in_a_read_only_folder_still_takes_no_lock(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Saves open in a read-only folder (nobody can write them there): unlocked, as before."""
    _read_only(monkeypatch, lambda _name: True)
    assert savelock.claim(tmp_path / "a.json") and not savelock.held_here(tmp_path / "a.json")
