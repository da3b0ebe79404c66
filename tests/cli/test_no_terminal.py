"""Without a terminal (stdin from /dev/null, stdout into a pipe) no command opens a screen: ``play`` and
``resume`` go line by line, ``cardsuite`` alone prints its usage, ``host`` and ``join`` refuse in one line.
Each runs as a real process, stopped if it does not end in time."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import cardsuite
from cardsuite.storage import paths
from cardsuite.storage.savefolder import load_save
from cardsuite.storage.saves import Autosave

from ..storage.helpers import new_match, play_out

SOURCE = str(Path(cardsuite.__file__).resolve().parents[1])
ESCAPE = "\x1b"


def run(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``cardsuite ARGS`` with stdin from /dev/null and stdout and stderr into pipes (60 s at most)."""
    env = {**os.environ, paths.HOME_VARIABLE: str(home), "PYTHONPATH": SOURCE, "TERM": "xterm-256color"}
    with open(os.devnull) as nothing:
        return subprocess.run([sys.executable, "-m", "cardsuite", *args], stdin=nothing, capture_output=True,
                              text=True, env=env, timeout=60)


def test_play_goes_line_by_line_and_ends_with_the_input(home: Path) -> None:
    played = run(home, "play", "nap", "--seed", "1")
    assert played.returncode == 0, played.stderr
    assert ESCAPE not in played.stdout and "Your turn, Player." in played.stdout


def test_resume_goes_line_by_line_and_keeps_the_save(home: Path) -> None:
    match = new_match("nap", 5)
    play_out(match, random.Random(5), limit=6)
    Autosave("piped").save(match)
    resumed = run(home, "resume", "piped")
    assert resumed.returncode == 0, resumed.stderr
    assert ESCAPE not in resumed.stdout and "saved as piped" in resumed.stdout
    before, after = match.logs[-1].actions, load_save("piped")[1].logs[-1].actions
    assert after[:len(before)] == before  # the CPUs played on up to the person's turn, saved


def test_cardsuite_alone_prints_its_usage(home: Path) -> None:
    bare = run(home)
    assert bare.returncode == 0 and "Usage" in bare.stdout and ESCAPE not in bare.stdout


def test_host_and_join_refuse_in_one_line(home: Path) -> None:
    for args in (("host", "nap", "--server", "127.0.0.1:9"), ("join", "127.0.0.1:9", "ABC234")):
        ran = run(home, *args)
        assert ran.returncode == 1 and ran.stdout == ""
        assert ran.stderr.count("\n") == 1 and "terminal" in ran.stderr
    assert not home.exists() or not any(home.iterdir())


def test_resume_line_by_line_shows_a_save_id_with_escapes_as_text(home: Path) -> None:
    name = "x\x1b]0;pwned\x07\x1b[2J"
    match = new_match("nap", 5)
    play_out(match, random.Random(5), limit=6)
    Autosave(name).save(match)
    resumed = run(home, "resume", name)
    assert resumed.returncode == 0, resumed.stderr
    assert ESCAPE not in resumed.stdout and "\x07" not in resumed.stdout
    assert "saved as x\\x1b]0;pwned\\x07\\x1b[2J" in resumed.stdout


def test_with_a_data_folder_that_is_a_file_the_reports_go_to_stderr_and_quit_says_nothing_was_saved(
        tmp_path: Path) -> None:
    """``play --plain`` keeps stdout for the table: the reports about files are on stderr. A ``quit`` after
    a save failed ends with one line saying the match is not kept, and exit status 1."""
    home = tmp_path / "a-file"
    home.write_text("not a folder\n", encoding="utf-8")
    env = {**os.environ, paths.HOME_VARIABLE: str(home), "PYTHONPATH": SOURCE}
    played = subprocess.run([sys.executable, "-m", "cardsuite", "--lang", "en", "play", "nap", "--seed", "3",
                             "--plain"], input="p\nquit\n", capture_output=True, text=True, env=env, timeout=60)
    assert played.returncode == 1, played
    assert "cardsuite:" not in played.stdout and "Your turn, Player." in played.stdout
    lines = played.stderr.splitlines()
    assert "settings.toml: Not a directory; using the default settings" in lines[0], lines
    assert any(line.startswith("cardsuite: could not save the match to ") for line in lines), lines
    assert lines[-1].startswith("cardsuite: the match is not saved as it stands: saving it to "), lines
    assert str(home) in lines[-1] and "saved as" not in played.stdout
