"""The commands as a person runs them: real processes, a tmp CARDSUITE_HOME, one-line errors."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.saves import Autosave

from .helpers import new_match, play_out


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, paths.HOME_VARIABLE: str(home)}
    return subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, text=True,
                          timeout=120, check=False, env=env)


def test_resume_list_shows_saves_and_reports_a_damaged_one_in_one_line(home: Path) -> None:
    good = Autosave("20260101-000000-aaaa", keep=True)
    good.save(play_out(new_match(seed=1), random.Random(1), limit=5))
    bad = Autosave("20260101-000000-bbbb", keep=True)
    bad.save(play_out(new_match(seed=2), random.Random(2), limit=5))
    bad.path.write_text(bad.path.read_text(encoding="utf-8")[:100], encoding="utf-8")
    result = run(home, "resume", "--list")
    assert result.returncode == 0
    assert good.id in result.stdout and "Nap" in result.stdout and bad.id not in result.stdout
    (line,) = result.stderr.splitlines()
    assert line.startswith("cardsuite: ") and "moved aside" in line


def test_resume_without_saves_and_with_an_unknown_id_fail_in_one_line(home: Path) -> None:
    result = run(home, "resume")
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr == "cardsuite: there is no unfinished match to resume\n"
    Autosave("20260101-000000-aaaa", keep=True).save(new_match())
    result = run(home, "resume", "nope")
    assert result.returncode == 1 and len(result.stderr.splitlines()) == 1 and "nope" in result.stderr


def test_resume_delete_abandons_a_save(home: Path) -> None:
    save = Autosave("20260101-000000-aaaa", keep=True)
    save.save(new_match())
    for partial in ("2026", "", " "):  # only a whole id deletes: "" is the start of every id
        result = run(home, "resume", partial, "--delete")
        assert result.returncode == 1 and len(result.stderr.splitlines()) == 1 and save.path.exists(), result.stderr
    result = run(home, "resume", save.id, "--delete")
    assert result.returncode == 0 and not save.path.exists()


def test_history_export_replay_and_stats(home: Path, tmp_path: Path) -> None:
    for seed in (1, 2):
        Autosave(f"s{seed}").finish(play_out(new_match("nap", seed), random.Random(seed)))
    listed = run(home, "history")
    assert listed.returncode == 0 and len(listed.stdout.splitlines()) == 2 and "Nap" in listed.stdout
    lines = [json.loads(x) for x in run(home, "history", "--json").stdout.splitlines()]
    assert [x["id"] for x in lines] == [2, 1]
    target = tmp_path / "one.json"
    assert run(home, "export", "1", str(target)).returncode == 0
    again = run(home, "export", "1", str(target))
    assert again.returncode == 1 and "exists" in again.stderr
    shown = run(home, "replay", str(target), "--json")
    assert shown.returncode == 0 and json.loads(shown.stdout)["complete"] is True
    assert json.loads(run(home, "export", "2").stdout) == History(home / "history.sqlite3").record(2)
    data = json.loads(run(home, "stats", "NAP", "--json").stdout)
    assert data["games"]["nap"]["players"]["Ann"]["matches"] == 2
    text = run(home, "stats")
    assert text.returncode == 0 and "Ann: 2 played" in text.stdout and "rating" in text.stdout
    unknown = run(home, "stats", "chess")
    assert unknown.returncode == 1 and len(unknown.stderr.splitlines()) == 1


def test_a_damaged_database_still_lets_the_program_start(home: Path) -> None:
    home.mkdir()
    (home / "history.sqlite3").write_bytes(b"\x00garbage" * 500)
    result = run(home, "stats")
    assert result.returncode == 0 and "No finished match" in result.stdout
    (line,) = result.stderr.splitlines()
    assert "history.sqlite3 is damaged" in line
    assert len(list(home.glob("history.sqlite3.corrupt-*"))) == 1
