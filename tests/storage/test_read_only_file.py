"""A history file that cannot be written, in a folder that can: reading it creates nothing beside it.

A read-only SQLite connection to a WAL database makes a ``-wal`` and a ``-shm`` wherever its folder takes
a new file, and leaves them there. ``history`` and ``stats`` read such a file and leave the folder as it was.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.readonly import connect_read_only

from .test_history import finished

ROOT = Path(__file__).resolve().parents[2]
LEFTOVERS = {"none": (), "wal and shm": ("-wal", "-shm"), "wal only": ("-wal",)}
"""What lies beside the database: nothing (it was closed), or what a writer that stopped left."""


def _file_two(build: Path, leftovers: tuple[str, ...], home: Path) -> None:
    """File two matches in ``build`` and copy its database to ``home`` with ``leftovers`` (with them, the
    second match is only in the ``-wal``; without, the database was closed), the copy's file made read-only."""
    History(build / "history.sqlite3").record_finished(finished("gops", 1))
    keep = sqlite3.connect(build / "history.sqlite3")  # keeps the second match out of the file itself
    try:
        keep.execute("SELECT count(*) FROM matches").fetchall()
        History(build / "history.sqlite3").record_finished(finished("gops", 2))
        if leftovers:
            _copy(build, leftovers, home)
    finally:
        keep.close()
    if not leftovers:
        _copy(build, leftovers, home)
    os.chmod(home / "history.sqlite3", 0o444)


def _copy(build: Path, leftovers: tuple[str, ...], home: Path) -> None:
    home.mkdir()
    for suffix in ("", *leftovers):
        shutil.copyfile(build / f"history.sqlite3{suffix}", home / f"history.sqlite3{suffix}")


@pytest.mark.parametrize("leftover", sorted(LEFTOVERS))
def test_a_read_only_open_in_a_writable_folder_creates_no_file(leftover: str, tmp_path: Path) -> None:
    folder = tmp_path / "home"
    _file_two(tmp_path / "build", LEFTOVERS[leftover], folder)
    before = sorted(os.listdir(folder))
    conn = connect_read_only(folder / "history.sqlite3")
    try:
        assert conn.execute("SELECT count(*) FROM matches").fetchone() == (2,)
    finally:
        conn.close()
    assert sorted(os.listdir(folder)) == before


def test_history_and_stats_of_a_file_that_cannot_be_written_leave_its_folder_as_it_was(tmp_path: Path) -> None:
    """Run as a person whose file is read-only: without the right to override file modes (as root has)."""
    folder = tmp_path / "home"
    _file_two(tmp_path / "build", (), folder)
    before = sorted(os.listdir(folder))
    env = {**os.environ, paths.HOME_VARIABLE: str(folder), "PYTHONPATH": str(ROOT / "src")}
    for verb in ("history", "stats"):
        done = subprocess.run(["setpriv", "--bounding-set=-dac_override,-dac_read_search", "--inh-caps=-all",
                               sys.executable, "-m", "cardsuite", verb, "--json"],
                              capture_output=True, text=True, env=env, timeout=60, check=False)
        assert done.returncode == 0 and done.stderr == "", done.stderr
        if verb == "history":
            assert len(done.stdout.splitlines()) == 2
        else:
            assert json.loads(done.stdout)["games"]["gops"]["matches"] == 2
        assert sorted(os.listdir(folder)) == before, verb
