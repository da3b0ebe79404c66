"""The whole command line under fuzz: every command, hostile arguments and files, homes and terminals.

For every input the promise is: exit status 0 or 1; a refusal is at most two lines on stderr (the
refusal, and before it one line about the files met on the way), never an internal error or a
traceback; no run takes longer than ``BOUND`` seconds; nothing in the home changes that the command was
not asked to change (the home is hashed before and after: a damaged file may only be moved aside whole,
a finished save may only leave for the history, a stale temporary of cardsuite's may go, an abandoned
save only when its whole id was given); and no save or history entry is lost.

Homes: missing, a regular file, fresh, lived in (settings with comments and keys of another version,
saves, a finished save, a person's own file among the saves, a history), lived in with one thing
damaged, and lived in on a read-only or a full file system (small tmpfs mounts). Terminals: UTF-8,
Latin-1 and ASCII. Commands run in this process (``helpers.cli``: the screens, the server and the online
client are recorders), which is what lets a run take a fraction of a second; ``make soak`` runs more.
"""

from __future__ import annotations

import functools
import json
import math
import os
import shutil
import signal
import sqlite3
import time
from collections.abc import Iterator
from dataclasses import dataclass, fields, is_dataclass
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.filewrites import TEMPORARY
from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.meta import match_key

from .helpers import Ran, cli, gops_record, nap_match
from .homes import Snapshot, fill, make_read_only, snapshot, tmpfs

BOUND = 60
"""Seconds one command may take, at most, whatever its input (a hang fails the test)."""

FAST = settings(max_examples=100, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
SOAK = settings(max_examples=4000, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])

HOMES = ("missing", "file", "fresh", "lived", "damaged", "read-only", "full")
ENCODINGS = ("utf-8", "latin-1", "ascii")
SAVES = "saves"
IDENTITY = "identity.json"
GOOD, DONE = "20260101-000000-good", "20260101-000000-done"
STALE = f"{SAVES}/.x.json.cardsuite-0123456789abcdef.tmp"
THEIRS = (f"{SAVES}/.draft.tmp", f"{SAVES}/.x.json.4f3a9c1b.tmp", ".settings.toml.swp", ".notes.tmp")
"""Files of other programs, old enough to look stale: never cardsuite's to remove."""

SETTINGS = """# my own notes: keep them
names = ["Ann"]  # me
speed = "fast"
from_a_newer_version = {colour = "teal"}

[options.nap]
lowest_bid = 2  # a cheap evening

[my-own-table]
x = 1
"""


# -- the files a home may hold ------------------------------------------------------------------------


@functools.cache
def lived_files() -> dict[str, bytes]:
    """A home a person has used for a while: settings, two saves (one finished), a note, a history."""
    from cardsuite.storage.saves import Autosave

    build = Path(os.environ[paths.HOME_VARIABLE]) / "build"
    old = os.environ[paths.HOME_VARIABLE]
    os.environ[paths.HOME_VARIABLE] = str(build)
    try:
        Autosave("s1").finish(nap_match(seed=2))
        History().record_finished({**gops_record(7), "save": {"match": "gops-7"}})
        good = Autosave(GOOD, keep=True)
        assert good.save(nap_match(steps=9))
        done = Autosave(DONE, keep=True)
        done_text = json.dumps(done.record(nap_match(seed=4)))
    finally:
        os.environ[paths.HOME_VARIABLE] = old
    out = {"settings.toml": SETTINGS.encode(), f"{SAVES}/{GOOD}.json": good.path.read_bytes(),
           f"{SAVES}/{DONE}.json": done_text.encode(), f"{SAVES}/my notes.txt": b"the Tuesday games\n",
           STALE: b"{half", "history.sqlite3": (build / "history.sqlite3").read_bytes(),
           **{name: b"another program's" for name in THEIRS}}
    shutil.rmtree(build)
    return out


DAMAGE = {
    "save": (f"{SAVES}/20260102-000000-torn.json", b'{"format": "cardsuite-record/1", "game": "na'),
    "settings": ("settings.toml", b"names = [\"Ann\"\nspeed = 1e9\n"),
    "history": ("history.sqlite3", b"\x00not a database" * 300),
    "deep": (f"{SAVES}/20260102-000000-deep.json", b"[" * 50_000 + b"]" * 50_000),
    "unterminated": (f"{SAVES}/20260102-000000-open.json", b'["' + b'\\"' * 50_000),
}


def populate(home: Path, kind: str, damage: str) -> None:
    """Lay out a home of ``kind`` at ``home`` (an empty folder, or one to remove first)."""
    if kind == "missing":
        return
    if kind == "file":
        home.parent.mkdir(parents=True, exist_ok=True)
        home.write_text("not a folder\n")
        return
    home.mkdir(parents=True, exist_ok=True)
    if kind == "fresh":
        return
    files = dict(lived_files())
    if kind == "damaged":
        name, body = DAMAGE[damage]
        files[name] = body
    for name, body in files.items():
        (home / name).parent.mkdir(parents=True, exist_ok=True)
        (home / name).write_bytes(body)
    for name in (STALE, *THEIRS):
        os.utime(home / name, (1, 1))


@dataclass
class Home:
    """A home as a test sees it: where it is, what kind, and how to lay it out afresh."""

    path: Path
    kind: str
    mount: Path | None = None

    def reset(self, damage: str) -> None:
        if self.mount is not None:
            subprocess_remount(self.mount, "rw")
            for entry in self.mount.iterdir():
                shutil.rmtree(entry) if entry.is_dir() and not entry.is_symlink() else entry.unlink()
        elif self.path.is_dir():
            shutil.rmtree(self.path)
        elif self.path.exists():
            self.path.unlink()
        populate(self.path, self.kind, damage)
        if self.kind == "read-only":
            assert self.mount is not None
            make_read_only(self.mount)
        elif self.kind == "full":
            assert self.mount is not None
            fill(self.mount)


def subprocess_remount(where: Path, mode: str) -> None:
    import subprocess

    subprocess.run(["mount", "-o", f"remount,{mode}", str(where)], capture_output=True, check=True)


@pytest.fixture
def homes(tmp_path: Path) -> Iterator[dict[str, Home]]:
    """One home of every kind; the read-only and the full one on their own small tmpfs."""
    with tmpfs(tmp_path / "ro", 2048) as ro, tmpfs(tmp_path / "full", 2048) as full:
        out = {kind: Home(tmp_path / "homes" / kind, kind) for kind in HOMES if kind not in ("read-only", "full")}
        out["read-only"] = Home(ro / "home", "read-only", ro)
        out["full"] = Home(full / "home", "full", full)
        yield out
        subprocess_remount(ro, "rw")


# -- arguments ----------------------------------------------------------------------------------------

NUMBERS = ["0", "1", "2", "3", "-1", "99", "1e3", "0.5", "inf", "nan", "-inf", "+3", "99999999999999999999",
           "9" * 400, "\u0664", "\uff14", "\u00b2", "0x10", "1_000", "", " 3 ", "65536", "1e308"]
FINITE = [number for number in NUMBERS if number not in ("inf", "nan", "-inf")]
WORDS = ["nap", "NAP", "gops", "napoleon", "napas", "tinytricks", "chess", "", "[/]", "\u001b[2J", "\udcff",
         "x" * 3000, "random", "easy", "normal", "godlike", "hard:1e9ms", "hard:0", "instant", "warp",
         "Ann,Bob,cpu,cpu", "CPU easy,cpu,cpu,cpu", "cpu:ultra,cpu,cpu", "\udcff,cpu,cpu,cpu", "a" * 30 + ",cpu",
         "--", "-", "--help", "ja", "xx"]
OPTION_PAIRS = ["lowest_bid=2", "lowest_bid=9", "deck=tiny", "nokey", "=1", "games=\u0661",
                "deals_per_player=999999999999999999", "deals_per_player=3", "games=0", "target=1000000",
                "ties=split", "x" * 200 + "=1", "turn_timer=30"]
FILES = ["@done", "@open", "@deep", "@fifo", "@zero", "@folder", "@missing", "@unterminated", "@latin1",
         "@surrogate-name", "@huge", "", "-", "/dev/null", "x" * 300]
SERVERS = ["127.0.0.1:8765", "localhost", "ws://[::1]:1/game", "host:99999", "host:-1", "http://x", "",
           "\u001b[2J", ":", "a" * 300, "wss://h:443/game"]
CODES = ["ABC234", "abc234", "", "ABCDEFGH", "../../x", "\udcff", "A" * 400]

GAMES = ["nap", "gops", "napas", "napoleon", "tinytricks"]

COMMANDS: dict[str, dict[str, tuple[list[str], list[str]]]] = {
    # each command: its options, the values a person means and the hostile ones ("!" marks a flag)
    "list": {},
    "rules": {},
    "play": {"--players": (["4", "3"], NUMBERS), "--humans": (["1", "0", "2"], NUMBERS),
             "--cpu": (["random", "easy", "normal"], WORDS),
             "--seats": (["Ann,cpu,cpu,cpu", "Ann,Bob,cpu:easy"], WORDS),
             "--option": (["lowest_bid=2", "misere=false"], OPTION_PAIRS), "--seed": (["1", "7"], NUMBERS),
             "--speed": (["instant", "fast", "0.5"], NUMBERS + WORDS), "--ascii": (["!"], []),
             "--auto-play": (["!"], [])},
    "resume": {"--list": (["!"], []), "--delete": (["!"], [])},
    "history": {"--limit": (["1", "5", "0"], NUMBERS), "--json": (["!"], [])},
    "export": {},
    "stats": {"--json": (["!"], [])},
    "replay": {"--json": (["!"], [])},
    "hint": {"--seat": (["0", "1", "-1"], NUMBERS), "--iterations": (["1", "2"], NUMBERS[3:]),
             "--seed": (["1"], NUMBERS), "--json": (["!"], [])},
    "analyze": {"--threshold": (["0.5", "2"], NUMBERS), "--seed": (["1"], NUMBERS), "--json": (["!"], [])},
    "simulate": {"--games": (["1", "2"], ["0", "-1", "1e3", "99999999999999999999", "\u0661"]),
                 "--seats": ([], [*WORDS[10:20], "random,random"]), "--seed": (["1", "5"], NUMBERS),
                 "--option": (["deals_per_player=1", "games=1", "target=5"], OPTION_PAIRS),
                 "--json": (["!"], []), "--duplicate": (["!"], []), "--players": ([], NUMBERS)},
    "serve": {"--port": (["0", "8765"], NUMBERS), "--turn-seconds": (["0", "30"], NUMBERS),
              "--grace-seconds": (["1.5", "30"], FINITE), "--cpu-delay": (["0", "0.8"], FINITE),
              "--deal-pause": (["5"], FINITE), "--rate": (["20"], FINITE),
              "--host": (["127.0.0.1", "::1"], ["", "\u001b[2J"]),
              "--public-url": (["https://c.example.org"], SERVERS), "--durable": (["!"], [])},
    "host": {"--server": (["127.0.0.1:8765"], SERVERS), "--players": (["4"], NUMBERS), "--cpu": (["normal"], WORDS),
             "--option": (["lowest_bid=2"], OPTION_PAIRS), "--name": (["Ann"], WORDS),
             "--turn-seconds": (["30"], NUMBERS)},
    "join": {"--name": (["Ann"], WORDS), "--watch": (["!"], [])},
    "web-seat": {},
}


def _either(draw: st.DrawFn, good: list[str], bad: list[str]) -> str:
    """A value a person means (most often) or a hostile one."""
    if good and (not bad or draw(st.integers(0, 9)) < 6):
        return draw(st.sampled_from(good))
    return draw(st.sampled_from(bad))


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command line as a person types it, carelessly or with intent to break it."""
    command = draw(st.sampled_from([*sorted(COMMANDS), ""]))
    args = [command] if command else []
    if command in ("rules", "play", "host", "simulate") or (command in ("history", "stats") and draw(st.booleans())):
        args.append(_either(draw, GAMES, WORDS))
    elif command in ("replay", "hint", "analyze"):
        args.append(_either(draw, ["@done", "@open"], FILES))
    elif command == "export":
        args.append(_either(draw, ["1", "2"], ["3", *NUMBERS]))
        if draw(st.booleans()):
            args.append(_either(draw, ["out.json", "-"], ["sub/out.json", "", ".", "@open", "/"]))
    elif command == "resume" and draw(st.booleans()):
        args.append(_either(draw, [GOOD, DONE], ["2026", "", " ", "[/]", "../x", "\udcff", "my notes"]))
    elif command == "join":
        args += [_either(draw, ["127.0.0.1"], SERVERS), _either(draw, ["ABC234"], CODES)]
    options = COMMANDS.get(command, {})
    for _ in range(draw(st.integers(0, 3))):
        roll = draw(st.integers(0, 19))
        if roll < 16 and options:
            name = draw(st.sampled_from(sorted(options)))
            value = _either(draw, *options[name])
            args += [name] if value == "!" else [name, value]
        elif roll < 18:
            args += ["--lang", _either(draw, ["en", "ja", "lt"], ["xx", ""])]
        else:
            args.append(draw(st.sampled_from(["--bogus", "-z", "extra", "--lang", "--players", *WORDS[:3]])))
    if command == "hint":
        args += ["--level", "random"]  # the search levels think for seconds: the arguments are what is tested
    if command == "analyze":
        args += ["--rollouts", "1"]
    return args


@functools.cache
def record_files(root: Path) -> dict[str, str]:
    """The files ``FILES`` names with ``@``, made once in ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "done.json").write_text(json.dumps(gops_record()), encoding="utf-8")
    (root / "open.json").write_text(json.dumps(nap_match(steps=14).record()), encoding="utf-8")
    (root / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    (root / "unterminated.json").write_text('["' + '\\"' * 100_000)
    (root / "latin1.json").write_bytes(json.dumps(nap_match(steps=3).record()).encode().replace(b"Ann", b"\xc5nn"))
    name = os.fsdecode(b"\xff\xfe.json")
    (root / name).write_text(json.dumps(gops_record()), encoding="utf-8")
    with (root / "huge.json").open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)
    os.mkfifo(root / "fifo.json")
    (root / "zero.json").symlink_to("/dev/zero")
    (root / "folder").mkdir()
    out = {f"@{p.stem}": str(p) for p in root.iterdir()}
    out["@surrogate-name"] = str(root / name)
    out["@missing"] = str(root / "missing.json")
    return out


# -- running and checking -------------------------------------------------------------------------------


class Hang(BaseException):
    """A command ran past ``BOUND`` (a BaseException, so that no ``except Exception`` in the program eats it)."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang(f"a command ran for more than {BOUND} s")


def run_bounded(args: list[str], encoding: str) -> Ran:
    """``cli(*args)`` with a terminal of ``encoding``, stopped with ``Hang`` past ``BOUND`` seconds."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(BOUND)
    try:
        return cli(*args, encoding=encoding)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def filed_keys(home: Path) -> set[str]:
    """The match keys in the home's history, read without changing anything (an immutable read)."""
    path = home / "history.sqlite3"
    if not path.is_file():
        return set()
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
        try:
            return {str(row[0]) for row in conn.execute("SELECT match_key FROM matches")}
        finally:
            conn.close()
    except sqlite3.Error:
        return set()


def _finished_saves(before: Snapshot, home_files: dict[str, bytes]) -> dict[str, str]:
    """The saves of the home that hold a finished match: their path and their history key."""
    name = f"{SAVES}/{DONE}.json"
    if name not in before or name not in home_files:
        return {}
    return {name: match_key(json.loads(home_files[name]))}


def check_home(before: Snapshot, after: Snapshot, args: list[str], keys_before: set[str], keys_after: set[str],
               finished: dict[str, str]) -> None:
    """What changed in the home is only what the command was asked to change (see the module's docstring)."""
    if args[:1] in (["host"], ["join"]):  # playing online makes this device's key once (docs/protocol.md)
        after = {name: value for name, value in after.items() if name != IDENTITY}
        if before == {"": "missing"} and not after:
            return
    removed = set(before) - set(after)
    added = set(after) - set(before)
    changed = {name for name in set(before) & set(after) if before[name] != after[name]}
    moved = set()
    for name in removed:
        aside = [a for a in added if a.startswith(name + ".corrupt-") and after[a] == before[name]]
        if aside:
            moved.update(aside)
            continue
        if TEMPORARY.fullmatch(os.path.basename(name)):
            continue  # a killed writer's temporary, in cardsuite's own folder
        if name in finished:
            assert finished[name] in keys_after, f"{name} left the saves but is not in the history"
            continue
        if args[:1] == ["resume"] and "--delete" in args and name == f"{SAVES}/{args[1]}.json":
            continue  # abandoned by its whole id
        if name.startswith("history.sqlite3-"):
            continue
        raise AssertionError(f"{name} was removed ({args})")
    for name in list(changed):  # moved aside, and a new one in its place (only a new history database)
        aside = [a for a in added if a.startswith(name + ".corrupt-") and after[a] == before[name]]
        if aside and name == "history.sqlite3":
            moved.update(aside)
            changed.discard(name)
    filing = bool(set(finished) & removed) or any(a.startswith("history.sqlite3.corrupt-") for a in moved)
    for name in added - moved:
        if name.startswith("history.sqlite3"):
            assert filing or name != "history.sqlite3", f"a history appeared from nothing ({args})"
            continue
        if name == SAVES and after[name] == "dir":
            raise AssertionError(f"the saves folder was made ({args})")
        raise AssertionError(f"{name} appeared ({args})")
    for name in changed:
        if name.startswith("history.sqlite3") and filing:
            continue
        raise AssertionError(f"{name} changed ({args})")
    if not any(a.startswith("history.sqlite3.corrupt-") for a in moved):
        assert keys_before <= keys_after, f"history entries were lost ({args})"


def _finite(config: object) -> None:
    """Every number in the server's configuration is finite (``nan``, ``inf`` are refused before)."""
    stack = [config]
    while stack:
        value = stack.pop()
        if isinstance(value, float):
            assert math.isfinite(value), config
        elif is_dataclass(value) and not isinstance(value, type):
            stack.extend(getattr(value, f.name) for f in fields(value))


def check_run(args: list[str], home: Home, damage: str, encoding: str, sandbox: Path, files: dict[str, str]) -> None:
    home.reset(damage)
    before = snapshot(home.path)
    keys_before = filed_keys(home.path) if home.path.is_dir() else set()
    home_files = {str(p.relative_to(home.path)): p.read_bytes() for p in home.path.rglob("*")
                  if p.is_file() and not p.is_symlink()} if home.path.is_dir() else {}
    finished = _finished_saves(before, home_files)
    shutil.rmtree(sandbox, ignore_errors=True)
    sandbox.mkdir()
    for name in (".draft.tmp", ".out.json.1a2b.tmp"):  # another program's, beside where an export may go
        (sandbox / name).write_text("a draft")
        os.utime(sandbox / name, (1, 1))
    args = [files.get(a, a) for a in args]
    cwd = os.getcwd()
    os.environ[paths.HOME_VARIABLE] = str(home.path)
    os.chdir(sandbox)
    started = time.monotonic()
    try:
        ran = run_bounded(args, encoding)
    finally:
        os.chdir(cwd)
    assert time.monotonic() - started < BOUND
    assert ran.code in (0, 1), (args, ran.code, ran.err[-2000:])
    assert "Traceback" not in ran.err and "internal error" not in ran.err, (args, ran.err[-3000:])
    assert all(line.startswith("cardsuite: ") for line in ran.lines), (args, ran.err[-2000:])
    if ran.code == 1:
        assert len(ran.lines) <= 2, (args, ran.err)
    for opened in ran.opened:
        if opened[0] == "serve":
            _finite(opened[1])
    written = sorted(str(p.relative_to(sandbox)) for p in sandbox.rglob("*"))
    assert {".draft.tmp", ".out.json.1a2b.tmp"} <= set(written), (args, written)
    written = [name for name in written if name not in (".draft.tmp", ".out.json.1a2b.tmp")]
    if written:  # only an export writes outside the home, and only the file it was given
        assert args[0] == "export" and ran.code == 0 and len(written) == 1 and written[0] in args, (args, written)
    after = snapshot(home.path)
    check_home(before, after, args, keys_before, filed_keys(home.path) if home.path.is_dir() else set(),
               finished)


@st.composite
def runs(draw: st.DrawFn) -> tuple[list[str], str, str, str]:
    return (draw(command_lines()), draw(st.sampled_from(HOMES)), draw(st.sampled_from(sorted(DAMAGE))),
            draw(st.sampled_from(ENCODINGS)))


def _fuzz(run: tuple[list[str], str, str, str], homes: dict[str, Home], tmp_path: Path) -> None:
    args, kind, damage, encoding = run
    check_run(args, homes[kind], damage, encoding, tmp_path / "sandbox", record_files(tmp_path.parent / "records"))


@FAST
@given(run=runs())
def test_fuzz_the_whole_command_line(run: tuple[list[str], str, str, str], homes: dict[str, Home],
                                     tmp_path: Path) -> None:
    _fuzz(run, homes, tmp_path)


@pytest.mark.soak
@SOAK
@given(run=runs())
def test_soak_the_whole_command_line(run: tuple[list[str], str, str, str], homes: dict[str, Home],
                                     tmp_path: Path) -> None:
    _fuzz(run, homes, tmp_path)


@pytest.mark.parametrize("kind", HOMES)
@pytest.mark.parametrize("args", [["resume", "--list"], ["resume", GOOD, "--delete"], ["stats"], ["history"],
                                  ["play", "nap"], ["resume"], ["export", "1", "out.json"], ["list"]])
def test_every_kind_of_home_with_the_commands_that_touch_it(kind: str, args: list[str], homes: dict[str, Home],
                                                            tmp_path: Path) -> None:
    """The commands that read, file, delete and write, in each kind of home (the fuzz's cases by hand)."""
    check_run(args, homes[kind], "save", "utf-8", tmp_path / "sandbox", record_files(tmp_path.parent / "records"))
    if kind == "read-only" and args[:2] == ["resume", GOOD]:
        assert (homes[kind].path / SAVES / f"{GOOD}.json").exists()  # the system refused: the save is there

