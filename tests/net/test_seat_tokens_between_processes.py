"""Seat tokens kept by several programs at once: none is lost, and a stuck program is waited for a bounded time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cardsuite.net import tokens
from cardsuite.storage import paths, savelock

KEEPER = """
import sys
from cardsuite.net.tokens import SavedSeat, keep_seat
print("ready", flush=True)
sys.stdin.readline()  # both programs start keeping at the same moment
for i in range(50):
    keep_seat(SavedSeat("ws://127.0.0.1:18720/game", f"{sys.argv[1]}{i:03d}", "f" * 32, 1, "Ann"))
"""


def test_two_programs_keeping_seats_at_once_keep_every_one(home: Path) -> None:
    env = {**os.environ, paths.HOME_VARIABLE: str(home)}
    home.mkdir()
    keepers = [subprocess.Popen([sys.executable, "-c", KEEPER, name], env=env, text=True, stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE) for name in ("a", "b")]
    try:
        for keeper in keepers:
            assert keeper.stdout is not None and keeper.stdout.readline() == "ready\n"
        for keeper in keepers:
            assert keeper.stdin is not None
            keeper.stdin.write("go\n")
            keeper.stdin.flush()
        for keeper in keepers:
            _, errors = keeper.communicate(timeout=120)
            assert keeper.returncode == 0, errors
    finally:
        for keeper in keepers:
            if keeper.poll() is None:
                keeper.kill()
                keeper.wait()
    kept = json.loads(tokens.seats_path().read_text(encoding="utf-8"))
    assert len(kept) == 100
    assert sorted(os.listdir(home)) == ["online-seats.json"]  # no lock file stays behind


def test_a_program_stuck_holding_the_seats_file_is_waited_for_then_said_in_one_line(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seat = tokens.SavedSeat("ws://a:1", "ABC234", "ab" * 16, 1, "Ann")
    tokens.keep_seat(seat)
    before = tokens.seats_path().read_text(encoding="utf-8")
    monkeypatch.setattr(tokens, "LOCK_WAIT", 0.3)
    stuck = subprocess.Popen([sys.executable, "-c", "import fcntl, os, sys, time\n"
                              "fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)\n"
                              "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(60)\n",
                              str(savelock.lock_path(tokens.seats_path()))], stdout=subprocess.PIPE, text=True)
    try:
        assert stuck.stdout is not None and stuck.stdout.readline() == "held\n"
        started = time.monotonic()
        tokens.keep_seat(tokens.SavedSeat("ws://a:1", "XYZ567", "cd" * 16, 2, "Bob"))
        tokens.forget_seat(seat.server, seat.code)
        assert time.monotonic() - started < 5
    finally:
        stuck.kill()
        stuck.wait()
    assert tokens.seats_path().read_text(encoding="utf-8") == before  # neither change written over it
    kept, stays = paths.take_notices()
    assert kept.startswith("the seat token of this table is not kept in ") and "\n" not in kept
    assert stays.startswith("the seat token of this table stays in ") and "\n" not in stays
    tokens.forget_seat(seat.server, seat.code)  # the program gone: its lock file is taken over, then removed
    assert tokens.find_seat(seat.server, seat.code) is None
    assert sorted(os.listdir(home)) == ["online-seats.json"]


def test_finding_a_seat_never_moves_the_seats_file_only_a_change_that_holds_it_does(
        home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A damaged seats file is not moved aside by a look-up, which holds no lock: by the time it moved the name,
    another program could have put a good file there. The next change moves it aside, holding the file."""
    monkeypatch.setenv(paths.HOME_VARIABLE, str(home))
    home.mkdir()
    path = tokens.seats_path()
    path.write_text("{not json", encoding="utf-8")
    assert tokens.find_seat("ws://a:1", "ABC234") is None
    assert sorted(p.name for p in home.iterdir()) == ["online-seats.json"]
    assert path.read_text(encoding="utf-8") == "{not json"
    tokens.keep_seat(tokens.SavedSeat("ws://a:1", "ABC234", "ab" * 16, 1, "Ann"))
    assert any(p.name.startswith("online-seats.json.corrupt") for p in home.iterdir())
    assert tokens.find_seat("ws://a:1", "ABC234") == tokens.SavedSeat("ws://a:1", "ABC234", "ab" * 16, 1, "Ann")
    paths.take_notices()
