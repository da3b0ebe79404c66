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


def _limited(home: Path, limit: int, stdin: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``cardsuite ARGS`` with files limited to ``limit`` bytes (``ulimit -f``), reading ``stdin``."""
    import resource

    def cap() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))

    env = {**os.environ, paths.HOME_VARIABLE: str(home)}
    return subprocess.run([sys.executable, "-m", "cardsuite", *args], input=stdin, capture_output=True, text=True,
                          timeout=120, check=False, env=env, preexec_fn=cap)


GOPS = ("play", "gops", "--plain", "--seed", "3", "--speed", "instant")


def test_a_finished_match_whose_save_cannot_be_written_is_filed_in_the_history(home: Path) -> None:
    home.mkdir()
    (home / "saves").write_text("my notes\n", encoding="utf-8")  # the saves folder cannot be used, the history can
    result = subprocess.run([sys.executable, "-m", "cardsuite", *GOPS], input="1\n" * 13, capture_output=True,
                            text=True, timeout=120, check=False, env={**os.environ, paths.HOME_VARIABLE: str(home)})
    assert result.returncode == 0, result.stderr
    assert "In the history as match 1 (cardsuite history, stats)." in result.stdout
    (line,) = result.stderr.splitlines()
    assert line.startswith("cardsuite: could not save the match to ") and line.endswith("is not a folder")
    assert [entry.game for entry in History().matches()] == ["gops"]
    assert (home / "saves").read_text(encoding="utf-8") == "my notes\n"


def test_a_finished_match_neither_saved_nor_filed_ends_with_one_line_and_status_1(home: Path) -> None:
    result = _limited(home, 400, "1\n" * 13, *GOPS)  # a full disk: no save, no history
    assert result.returncode == 1
    assert "The match is over" in result.stdout and "In the history" not in result.stdout
    first, last = result.stderr.splitlines()
    assert first.startswith("cardsuite: could not save the match to ") and first.endswith("File too large")
    assert last.startswith("cardsuite: the finished match is not kept: saving it to ")
    assert ", and so did filing it in the history: " in last


def test_a_full_standard_output_is_one_line_not_an_internal_error(home: Path) -> None:
    import tempfile

    with tempfile.TemporaryFile("w+", encoding="utf-8") as out:
        import resource

        def cap() -> None:
            resource.setrlimit(resource.RLIMIT_FSIZE, (2048, 2048))

        for args in (("rules", "nap"), ("play", "nap", "--plain", "--seed", "9", "--speed", "instant")):
            out.seek(0)
            out.truncate()
            result = subprocess.run([sys.executable, "-m", "cardsuite", *args], input="p\n" + "1\n" * 100,
                                    stdout=out, stderr=subprocess.PIPE, text=True, timeout=120, check=False,
                                    env={**os.environ, paths.HOME_VARIABLE: str(home)}, preexec_fn=cap)
            assert result.returncode == 1
            assert result.stderr.splitlines()[-1] == "cardsuite: cannot write to the standard output: File too large"
            assert "internal error" not in result.stderr and "Exception ignored" not in result.stderr


def test_list_and_stats_say_a_settings_file_that_is_not_settings(home: Path) -> None:
    home.mkdir()
    for command in ("list", "stats", "history"):
        (home / "settings.toml").write_text("this is [not toml\n", encoding="utf-8")
        result = run(home, command)
        assert result.returncode == 0, result.stderr
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"cardsuite: {home / 'settings.toml'} is damaged (not TOML") and "moved aside" in line
        assert not (home / "settings.toml").exists()


def test_every_command_moves_aside_a_settings_file_whose_language_is_not_text(home: Path) -> None:
    home.mkdir()
    for value, command in (("5", "list"), ("true", "history"), ('["ja"]', "stats")):
        (home / "settings.toml").write_text(f"language = {value}\n", encoding="utf-8")
        result = run(home, command)
        assert result.returncode == 0, result.stderr
        (line,) = result.stderr.splitlines()
        assert line.startswith(f"cardsuite: {home / 'settings.toml'} is damaged (language must be")
        assert "moved aside" in line and not (home / "settings.toml").exists()
