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

from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.saves import Autosave, list_saves, load_save

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
