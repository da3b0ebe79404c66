"""A person's history read from a data folder on a read-only file system (a backup mounted read-only).

``history``, ``stats`` and ``export`` read it and change nothing: not the database, not the ``-wal`` and
``-shm`` beside it (left by a writer that stopped without closing, or not there at all). A damaged database
and one of an older schema are one line each, and stay as they are. Filing a match there still fails in
one line. The folder is a small tmpfs remounted read-only (``homes``), so even root cannot write to it.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsuite.core.errors import CardsuiteError
from cardsuite.storage import paths
from cardsuite.storage.history import History

from .helpers import cli, gops_record, refused
from .homes import make_read_only, snapshot, tmpfs

LEFTOVERS = {"none": (), "wal and shm": ("-wal", "-shm"), "wal only": ("-wal",)}
"""What lies beside the database: nothing (it was closed), or what a writer that stopped left."""


@pytest.fixture
def mount(tmp_path: Path) -> Iterator[Path]:
    """A small tmpfs, writable until ``make_read_only``; the test's home is ``home`` in it."""
    with tmpfs(tmp_path / "ro", 2048) as where:
        try:
            yield where
        finally:
            subprocess.run(["mount", "-o", "remount,rw", str(where)], capture_output=True, check=False)


def _use(home: Path) -> None:
    os.environ[paths.HOME_VARIABLE] = str(home)


def _file_two(build: Path, leftovers: tuple[str, ...], home: Path) -> None:
    """File two matches in ``build`` and copy its database to ``home`` with ``leftovers``. With leftovers,
    the second match is only in the ``-wal`` (another connection kept it from being folded into the file,
    as a writer that stopped without closing does); without, the database was closed and holds both."""
    _use(build)
    History().record_finished({**gops_record(1), "save": {"match": "one"}})
    keep = sqlite3.connect(build / "history.sqlite3")
    try:
        keep.execute("SELECT count(*) FROM matches").fetchall()
        History().record_finished({**gops_record(2), "save": {"match": "two"}})
        if leftovers:
            _copy(build, leftovers, home)
    finally:
        keep.close()
    if not leftovers:
        assert not (build / "history.sqlite3-wal").exists()
        _copy(build, leftovers, home)


def _copy(build: Path, leftovers: tuple[str, ...], home: Path) -> None:
    home.mkdir()
    for suffix in ("", *leftovers):
        shutil.copyfile(build / f"history.sqlite3{suffix}", home / f"history.sqlite3{suffix}")


@pytest.mark.parametrize("leftover", sorted(LEFTOVERS))
def test_history_stats_and_export_read_a_read_only_home_and_change_nothing(leftover: str, mount: Path,
                                                                          tmp_path: Path, home: Path) -> None:
    ro_home = mount / "home"
    _file_two(tmp_path / "build", LEFTOVERS[leftover], ro_home)
    expected = History(tmp_path / "build" / "history.sqlite3").record(2)
    make_read_only(mount)
    before = snapshot(ro_home)
    _use(ro_home)
    try:
        listed = cli("history", "--json")
        assert listed.code == 0 and listed.err == "", listed.err
        assert [json.loads(line)["id"] for line in listed.out.splitlines()] == [2, 1]
        counted = cli("stats", "--json")
        assert counted.code == 0 and counted.err == "", counted.err
        assert json.loads(counted.out)["games"]["gops"]["players"]["Ann"]["matches"] == 2
        exported = cli("export", "2", str(tmp_path / "two.json"))
        assert exported.code == 0 and exported.err == "", exported.err
        assert json.loads((tmp_path / "two.json").read_text(encoding="utf-8")) == expected
        assert json.loads(cli("export", "2").out) == expected
    finally:
        _use(home)
    assert snapshot(ro_home) == before


@pytest.mark.parametrize("damage", ["garbage", "checksum"])
def test_a_damaged_history_in_a_read_only_home_is_one_line_and_stays(damage: str, mount: Path, tmp_path: Path,
                                                                     home: Path) -> None:
    ro_home = mount / "home"
    _file_two(tmp_path / "build", (), ro_home)
    db = ro_home / "history.sqlite3"
    if damage == "garbage":
        db.write_bytes(b"this is not a database at all" * 200)
    else:
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE seats SET player = 'Anm' WHERE match_id = 1 AND seat = 0")
        conn.close()
    make_read_only(mount)
    before = snapshot(ro_home)
    _use(ro_home)
    try:
        for args in (["history"], ["stats"], ["export", "1"]):
            refused(cli(*args), "is damaged", "left as it is")
    finally:
        _use(home)
    assert snapshot(ro_home) == before


def test_an_older_history_in_a_read_only_home_asks_for_a_run_that_can_write(mount: Path, tmp_path: Path,
                                                                           home: Path) -> None:
    ro_home = mount / "home"
    _file_two(tmp_path / "build", (), ro_home)
    with sqlite3.connect(ro_home / "history.sqlite3") as conn:
        conn.execute("UPDATE matches SET checksum = NULL, record_sum = NULL")
        conn.execute("PRAGMA user_version = 0")
    conn.close()
    make_read_only(mount)
    before = snapshot(ro_home)
    _use(ro_home)
    try:
        refused(cli("history"), "older cardsuite (schema 0)", "next run that can write")
    finally:
        _use(home)
    assert snapshot(ro_home) == before


def test_filing_a_match_in_a_read_only_home_still_fails_in_one_line(mount: Path, tmp_path: Path,
                                                                    home: Path) -> None:
    ro_home = mount / "home"
    _file_two(tmp_path / "build", (), ro_home)
    make_read_only(mount)
    before = snapshot(ro_home)
    _use(ro_home)
    try:
        with pytest.raises(CardsuiteError, match=r"unable to open database file|readonly database"):
            History().record_finished({**gops_record(3), "save": {"match": "three"}})
        assert len(History().matches()) == 2
    finally:
        _use(home)
    assert snapshot(ro_home) == before
