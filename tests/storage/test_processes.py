"""Real processes: a kill in the middle of saving, and two programs filing history at once."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardsuite.core.errors import CardsuiteError
from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.savefolder import delete_save, list_saves, load_save
from cardsuite.storage.saves import Autosave

from .helpers import new_match, play_out, step

ROOT = Path(__file__).resolve().parents[2]

SAVER = """
import random, sys
sys.path.insert(0, sys.argv[1])
from tests.storage.helpers import new_match, step
from cardsuite.storage.saves import Autosave
autosave = Autosave("kill-me", keep=True)
while True:  # the same match again and again, saved after every action, until killed
    match = new_match("nap", 11)
    rng = random.Random(11)
    autosave.save(match)
    while step(match, rng):
        if not match.is_over:  # a finished match's save is filed into the history by the next list
            autosave.save(match)
        print(len(match.logs), flush=True)
"""


def test_kill_in_the_middle_of_saving_leaves_a_match_that_resumes(home: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", SAVER, str(ROOT)], stdout=subprocess.PIPE, text=True,
                            env={**os.environ, paths.HOME_VARIABLE: str(home)})
    assert proc.stdout is not None
    for _ in range(30):  # well into the match, saving all the time
        proc.stdout.readline()
    time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    (info,) = list_saves()
    assert paths.take_notices() == []
    record, resumed = load_save(info.id)
    # the save is a moment of the very match the process was playing
    reference = new_match("nap", 11)
    rng = random.Random(11)
    while reference.record() != resumed.record():
        assert step(reference, rng), "the save is no moment of the match that was played"
    # and it plays on to the end and into the history
    play_out(resumed, rng)
    assert Autosave.resumed(record).finish(resumed) is not None
    assert list_saves() == [] and len(History().matches()) == 1


FILER = """
import json, sys
sys.path.insert(0, sys.argv[1])
from cardsuite.storage.history import History
record = json.loads(open(sys.argv[2]).read())
for n in range(int(sys.argv[3])):
    record["save"]["match"] = f"{sys.argv[4]}-{n}"
    History().record_finished(record)
"""


def test_two_processes_filing_history_at_once_lose_nothing(home: Path, tmp_path: Path) -> None:
    match = play_out(new_match("gops", 3), random.Random(3))
    record = Autosave("x").record(match)
    source = tmp_path / "finished.json"
    source.write_text(json.dumps(record), encoding="utf-8")
    each = 15
    env = {**os.environ, paths.HOME_VARIABLE: str(home)}
    procs = [subprocess.Popen([sys.executable, "-c", FILER, str(ROOT), str(source), str(each), tag], env=env,
                              stderr=subprocess.PIPE, text=True) for tag in ("a", "b")]
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
    history = History()
    assert len(history.matches()) == 2 * each
    ratings = history.ratings("gops")["gops"]
    # every rating update happened once per match: none was lost to a race
    assert {key: r.matches for key, r in ratings.items()} == {"Ann": 2 * each, "CPU easy": 2 * each,
                                                              "CPU normal": 2 * each}
    assert history.rows("PRAGMA journal_mode") == [("wal",)]


HOLDER = """
import sys
sys.path.insert(0, sys.argv[1])
from cardsuite.storage.saves import Autosave
from cardsuite.storage.savefolder import load_save
record, match = load_save(sys.argv[2])
autosave = Autosave.resumed(record)  # a table of the save, open in this window
print("open", flush=True)
if sys.stdin.readline() == "close\\n":
    autosave.close()
    print("closed", flush=True)
    sys.stdin.readline()
"""


def _hold(home: Path, save_id: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", HOLDER, str(ROOT), save_id], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, paths.HOME_VARIABLE: str(home)})
    assert proc.stdout is not None and proc.stdout.readline() == "open\n", proc.stderr and proc.stderr.read()
    return proc


def _resume(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardsuite", "resume", *args], capture_output=True, text=True,
                          timeout=60, env={**os.environ, paths.HOME_VARIABLE: str(home)})


def test_a_save_open_in_one_window_is_refused_in_another_and_a_crash_leaves_no_lock(home: Path) -> None:
    match = play_out(new_match("nap", 5), random.Random(5), limit=12)
    Autosave("20260101-000000-open", keep=True).save(match)
    path = paths.saves_dir() / "20260101-000000-open.json"
    before = path.read_bytes()
    holder = _hold(home, "20260101-000000-open")
    try:
        with pytest.raises(CardsuiteError, match="the match 20260101-000000-open is open in another window"):
            load_save("20260101-000000-open")
        refused = _resume(home, "20260101")
        assert refused.returncode == 1 and refused.stdout == ""
        assert refused.stderr == ("cardsuite: the match 20260101-000000-open is open in another window: "
                                  "close it there first\n")
        assert _resume(home, "20260101-000000-open", "--delete").returncode == 1
        japanese = subprocess.run([sys.executable, "-m", "cardsuite", "--lang", "ja", "resume"], capture_output=True,
                                  text=True, timeout=60, env={**os.environ, paths.HOME_VARIABLE: str(home)})
        assert japanese.returncode == 1 and "別のウィンドウで開かれています" in japanese.stderr
        with pytest.raises(CardsuiteError, match="open in another window"):
            delete_save("20260101-000000-open")
        play_out(match, random.Random(6), limit=3)  # a table here of the same save writes nothing over it
        assert not Autosave("20260101-000000-open").save(match)
        assert "open in another window" in " ".join(paths.take_notices())
        assert [info.id for info in list_saves()] == ["20260101-000000-open"]  # still listed
        assert path.read_bytes() == before
    finally:
        holder.kill()  # a crash: the system lets go of the lock
        holder.wait(timeout=10)
    record, resumed = load_save("20260101-000000-open")
    autosave = Autosave.resumed(record)
    assert autosave.save(resumed)
    autosave.close()
    assert sorted(p.name for p in paths.saves_dir().iterdir()) == ["20260101-000000-open.json"]


def test_a_table_closed_in_one_window_may_be_continued_in_another(home: Path) -> None:
    Autosave("20260101-000000-shut", keep=True).save(play_out(new_match("gops", 2), random.Random(2), limit=5))
    holder = _hold(home, "20260101-000000-shut")
    try:
        assert holder.stdin is not None and holder.stdout is not None
        assert _resume(home, "--list").returncode == 0  # listing is no resuming
        holder.stdin.write("close\n")
        holder.stdin.flush()
        assert holder.stdout.readline() == "closed\n"
        record, _ = load_save("20260101-000000-shut")  # the other window's process still runs
        first, again = Autosave.resumed(record), Autosave.resumed(record)  # one process may reopen its own
        first.close()
        again.close()
    finally:
        holder.kill()
        holder.wait(timeout=10)


CLAIMER = """
import sys
sys.path.insert(0, sys.argv[1])
from cardsuite.storage import paths, savelock
assert savelock.claim(paths.saves_dir() / (sys.argv[2] + ".json"))  # a new table's claim, before its first write
print("claimed", flush=True)
sys.stdin.readline()
"""


def _claim(home: Path, save_id: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen([sys.executable, "-c", CLAIMER, str(ROOT), save_id], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env={**os.environ, paths.HOME_VARIABLE: str(home)})
    assert proc.stdout is not None and proc.stdout.readline() == "claimed\n", proc.stderr and proc.stderr.read()
    return proc


def test_the_lock_of_a_save_never_written_goes_at_the_next_listing_once_its_holder_is_gone(home: Path) -> None:
    """A kill between claiming a new save and writing it leaves only its lock: the listing removes it, but
    not a lock a live process holds, the lock of a save that is there, or any other file."""
    folder = paths.saves_dir()
    folder.mkdir(parents=True)
    Autosave("20260101-000000-kept", keep=True).save(play_out(new_match("gops", 2), random.Random(2), limit=5))
    mine = {".notes.lock": "", ".draft.json.lock": "my words", "notes.txt": "mine"}
    for name, text in mine.items():
        (folder / name).write_text(text, encoding="utf-8")
    (folder / ".20260101-000000-kept.json.lock").touch()  # its save is there: the next table takes it over
    killed = _claim(home, "20260101-000000-dead")
    killed.kill()
    killed.wait(timeout=10)
    alive = _claim(home, "20260101-000000-busy")
    try:
        assert (folder / ".20260101-000000-dead.json.lock").exists()
        assert _resume(home, "--list").returncode == 0
        names = sorted(p.name for p in folder.iterdir())
        assert ".20260101-000000-dead.json.lock" not in names
        assert ".20260101-000000-busy.json.lock" in names  # its table may still write the save
        assert ".20260101-000000-kept.json.lock" in names
        assert {name: (folder / name).read_text(encoding="utf-8") for name in mine} == mine
    finally:
        alive.kill()
        alive.wait(timeout=10)
    list_saves()
    assert sorted(p.name for p in folder.iterdir()) == sorted([*mine, "20260101-000000-kept.json",
                                                               ".20260101-000000-kept.json.lock"])
