"""Fuzzing what comes from outside: records, saves, settings and command-line arguments.

The promise under test, for every input: the command works (exit 0), or it refuses in one short line
with exit status 1; never a traceback, an "internal error", a hang, an escape sequence on the terminal,
or a write outside the data folder. Each fuzzer has a fast, derandomized slice that ``make test`` runs,
and a long random run marked ``soak`` (``make soak``).

Inputs are a few real matches damaged by hypothesis: values swapped for hostile ones (huge and Unicode
digits, markup, escape sequences, lone surrogates, deep nesting, wrong types), keys dropped, deals copied,
and the text itself cut, flipped, prefixed with a byte-order mark or wrapped in brackets.
"""

from __future__ import annotations

import functools
import json
import os
import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.seatnames import check_name
from cardsuite.storage import paths
from cardsuite.storage.savefolder import list_saves
from cardsuite.storage.saves import Autosave
from cardsuite.storage.settings import Settings, load_settings, parse_speed

from .helpers import Ran, cli, one_line_or_works

FAST = settings(max_examples=40, deadline=None, derandomize=True, database=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])
SOAK = settings(max_examples=3000, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow,
                                       HealthCheck.data_too_large])

PLAYERS = {"nap": 4, "napas": 3, "napoleon": 5, "gops": 2}


@functools.cache
def base_match(game: str, steps: int) -> Match:
    """A real match of seeded random play: ``steps`` actions in (or to the end when ``steps`` is large)."""
    found = get_game(game)
    n = PLAYERS[game]
    seats = [SeatSpec("Ann")] + [SeatSpec(f"CPU {i}", "cpu", "random") for i in range(1, n)]
    match = Match(found, n, found.resolve_options({}, n), 11, seats)
    rng = random.Random(11)
    for _ in range(steps):
        if match.is_over:
            break
        if match.deal_over:
            match.next_deal()
            continue
        seat = min(match.state.to_act)
        legal = match.state.legal_actions(seat)
        match.act(seat, legal[rng.randrange(len(legal))])
    return match


BASES = [("gops", 400), ("nap", 14), ("napoleon", 20), ("napas", 12), ("nap", 60)]

HOSTILE_TEXT = [
    "", " ", "\u00b2 pass", "\u0661 pass", "1 bid \u0663", "0 play JK", "9 pass", "-1 pass", "0 pass extra",
    "0 bid 99999999999999999999", "[/]", "[AFK] Bob", "\u001b[2J\u001b]0;pwned\u0007", "Bob\u202eevil",
    "x" * 5000, "0 " + "play AS " * 500, "0 play \u2660A", "1 play 10H", "NaN", "human", "cpu", "godlike",
    "cardsuite-record/1", "nap", "gops", "chess", "\ufeff", "\u0000",
]
HOSTILE_VALUES: list[object] = [
    0, 1, 2, 3, 4, 5, 7, -1, 99, 10**18 - 1, -(10**18), 1.5, 1e300, True, False, None, [], {}, [[[]]],
    ["AS", "AS"], ["ZZ"], [1, 2], {"a": 1}, *HOSTILE_TEXT,
]
RAW_FRAGMENTS = ["1e400", "NaN", "-Infinity", "9" * 5000, '"\\ud800"', '"\\udfff x"', "[" * 40 + "]" * 40,
                 "[" * 20 + "]" * 20, '"\\u0000"']


def _paths(data: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    """Every path to a value in a JSON structure (keys and indexes), iteratively."""
    out: list[tuple[object, ...]] = []
    stack: list[tuple[object, tuple[object, ...]]] = [(data, prefix)]
    while stack:
        value, path = stack.pop()
        if path:
            out.append(path)
        if isinstance(value, dict):
            stack.extend((v, (*path, k)) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, (*path, i)) for i, v in enumerate(value))
    return out


def _parent(data: Any, path: tuple[object, ...]) -> Any:
    for step in path[:-1]:
        data = data[step]
    return data


@st.composite
def damaged_text(draw: st.DrawFn, record: dict[str, object]) -> str:
    """A record's JSON text with one to three kinds of damage."""
    data = json.loads(json.dumps(record))
    raws: dict[str, str] = {}
    for _ in range(draw(st.integers(1, 3))):
        everywhere = sorted(_paths(data), key=repr)
        kind = draw(st.sampled_from(["value", "value", "value", "drop", "raw", "deal", "text"]))
        if kind in ("value", "drop", "raw") and everywhere:
            path = draw(st.sampled_from(everywhere))
            parent = _parent(data, path)
            if kind == "drop" and isinstance(parent, dict):
                parent.pop(path[-1], None)
            elif kind == "raw":
                marker = f"@@raw{len(raws)}@@"
                raws[marker] = draw(st.sampled_from(RAW_FRAGMENTS))
                parent[path[-1]] = marker
            else:
                parent[path[-1]] = draw(st.sampled_from(HOSTILE_VALUES))
        elif kind == "deal" and isinstance(data.get("deals"), list) and data["deals"]:
            deals = data["deals"]
            how = draw(st.sampled_from(["again", "first-again", "drop-last", "reverse", "many"]))
            if how == "again":
                deals.append(json.loads(json.dumps(deals[-1])))
            elif how == "first-again":
                deals.append(json.loads(json.dumps(deals[0])))
            elif how == "drop-last":
                deals.pop()
            elif how == "reverse":
                deals.reverse()
            else:
                data["deals"] = deals * 40
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    for marker, fragment in raws.items():
        text = text.replace(f'"{marker}"', fragment)
    if draw(st.integers(0, 3)) == 0:
        how = draw(st.sampled_from(["cut", "flip", "bom", "junk", "wrap", "digit"]))
        at = draw(st.integers(0, max(0, len(text) - 1)))
        if how == "cut":
            text = text[:at]
        elif how == "flip":
            text = text[:at] + chr(ord(text[at]) ^ 1) + text[at + 1:] if text else text
        elif how == "bom":
            text = "\ufeff" + text
        elif how == "junk":
            text += draw(st.sampled_from(["}", "]]]", "\x00", " {}", "\n\n"]))
        elif how == "wrap":
            depth = draw(st.sampled_from([1, 31, 33, 5000]))
            text = "[" * depth + text + "]" * depth
        else:
            text = text.replace("1", draw(st.sampled_from(["\u0661", "\u00b9", "\uff11"])), 1)
    return text


def _record_cases() -> st.SearchStrategy[str]:
    return st.sampled_from(BASES).flatmap(lambda base: damaged_text(base_match(*base).record()))


def _check_replay(text: str, folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "record.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    before = (path.read_bytes(), sorted(p.name for p in folder.iterdir()))
    ran = cli("replay", str(path), "--json")
    one_line_or_works(ran)
    if ran.code == 0:
        shown = json.loads(ran.out)
        assert {"game", "players", "complete", "deals", "totals"} <= set(shown)
    text_mode = cli("replay", str(path))
    one_line_or_works(text_mode)
    assert "\x1b" not in text_mode.out and "\u202e" not in text_mode.out
    assert (text_mode.code == 0) == (ran.code == 0), (ran.err, text_mode.err)
    assert (path.read_bytes(), sorted(p.name for p in folder.iterdir())) == before  # nothing written


@FAST
@given(text=_record_cases())
def test_fuzz_records(text: str, tmp_path: Path) -> None:
    _check_replay(text, tmp_path / "records")


@pytest.mark.soak
@SOAK
@given(text=_record_cases())
def test_soak_records(text: str, tmp_path: Path) -> None:
    _check_replay(text, tmp_path / "records")


# -- saves ------------------------------------------------------------------------------------------


def _fresh_home() -> Path:
    home = paths.data_dir()
    shutil.rmtree(home, ignore_errors=True)
    paths.take_notices()
    return home


def _save_cases() -> st.SearchStrategy[str]:
    def damaged(base: tuple[str, int]) -> st.SearchStrategy[str]:
        record = Autosave("20260102-000000-target", keep=True).record(base_match(*base))
        return damaged_text(record)

    return st.sampled_from(BASES).flatmap(damaged)


def _check_saves(text: str) -> None:
    home = _fresh_home()
    good = Autosave("20260101-000000-good", keep=True)
    assert good.save(base_match("nap", 14))
    target = home / "saves" / "20260102-000000-target.json"
    target.write_text(text, encoding="utf-8", errors="surrogatepass")
    listed = list_saves()
    notices = paths.take_notices()
    ids = [s.id for s in listed]
    assert "20260101-000000-good" in ids
    aside = list((home / "saves").glob("20260102-000000-target.json.corrupt-*"))
    if "20260102-000000-target" in ids:
        assert not aside and not notices
    elif aside:
        assert len(notices) == 1 and "is damaged" in notices[0] and len(notices[0]) < 600, notices
    for info in listed:
        assert "\x1b" not in info.describe()
    ran = cli("resume", "--list")
    one_line_or_works(ran)
    assert ran.code == 0 and "20260101-000000-good" in ran.out
    resumed = cli("resume", "20260102")
    assert "Traceback" not in resumed.err and "internal error" not in resumed.err, resumed.err
    assert all(line.startswith("cardsuite: ") and len(line) < 600 for line in resumed.lines), resumed.err
    assert resumed.code == 0 or (resumed.code == 1 and resumed.out == "")
    assert good.path.exists()  # the good save is never touched


@FAST
@given(text=_save_cases())
def test_fuzz_saves(text: str) -> None:
    _check_saves(text)


@pytest.mark.soak
@SOAK
@given(text=_save_cases())
def test_soak_saves(text: str) -> None:
    _check_saves(text)


# -- settings ---------------------------------------------------------------------------------------

TOML_VALUES = ['"Ann"', '"[/]"', '"\\u001b[2J"', '"\\ud800"', "1", "-1", "1e9", "inf", "nan", "true", '""', "[]",
               '["Ann", "Bob"]', '["Ann", 1]', "[" * 40 + "]" * 40, "9" * 30, '"fast"', '"0.3"', '"11"', '"inf"',
               '"four-colour"', '"neon"', "{a = 1}", '"x"', "0.5", "2026-01-01", '"' + "x" * 100 + '"']
TOML_KEYS = ["names", "speed", "card_style", "ascii", "other", '"quoted key"', "a.b.c"]
OPTION_LINES = ["lowest_bid = 2", "lowest_bid = 7", 'lowest_bid = "3"', "misere = false", "misere = 1",
                'deck = "tiny"', "deals_per_player = 99999999999999999999", "colour = 1", "games = 3"]


@st.composite
def settings_files(draw: st.DrawFn) -> bytes:
    lines = [f"{draw(st.sampled_from(TOML_KEYS))} = {draw(st.sampled_from(TOML_VALUES))}"
             for _ in range(draw(st.integers(0, 4)))]
    if draw(st.booleans()):
        lines.append(f"[options.{draw(st.sampled_from(['nap', 'gops', 'napoleon', 'my-game', '[x']))}]")
        lines += [draw(st.sampled_from(OPTION_LINES)) for _ in range(draw(st.integers(0, 3)))]
    data = "\n".join(lines).encode("utf-8", "surrogatepass")
    how = draw(st.sampled_from(["plain", "plain", "bom", "bytes", "cut", "deep-keys"]))
    if how == "bom":
        data = b"\xef\xbb\xbf" + data
    elif how == "bytes":
        data += draw(st.sampled_from([b"\xff", b"\x00", b"\r", b"\x1b[2J"]))
    elif how == "cut" and data:
        data = data[: draw(st.integers(0, len(data) - 1))]
    elif how == "deep-keys":
        data += b"\n" + b".".join([b"k"] * draw(st.sampled_from([3, 40, 3000]))) + b" = 1"
    return data


def _check_settings(data: bytes) -> None:
    home = _fresh_home()
    home.mkdir(parents=True)
    target = home / "settings.toml"
    target.write_bytes(data)
    loaded = load_settings()
    notices = paths.take_notices()
    assert isinstance(loaded, Settings)
    if target.exists():
        assert notices == []
        for name in loaded.names:
            assert check_name(name) == name
        parse_speed(loaded.speed)
    else:
        (line,) = notices
        assert "settings.toml is damaged" in line and "moved aside" in line and len(line) < 600, line
        assert loaded == Settings()
    target.write_bytes(data)
    ran = cli("play", "nap")
    assert ran.code == 0 and ran.opened and ran.err == "", ran.err  # play always opens, whatever the file
    paths.take_notices()


@FAST
@given(data=settings_files())
def test_fuzz_settings(data: bytes) -> None:
    _check_settings(data)


@pytest.mark.soak
@SOAK
@given(data=settings_files())
def test_soak_settings(data: bytes) -> None:
    _check_settings(data)


# -- command-line arguments ---------------------------------------------------------------------------

NUMBERS = ["0", "1", "2", "3", "4", "5", "7", "-1", "99", "100", "1e3", "0.5", "inf", "nan", "-0", "+3",
           "99999999999999999999", "9" * 5000, "\u0664", "\uff14", "\u00b2", "0x10", "1_000", "", " 3 "]
WORDS = ["nap", "NAP", "gops", "napoleon", "napas", "chess", "", "[/]", "\u001b[2J", "\udcff", "x" * 5000,
         "random", "easy", "normal", "hard", "godlike", "eassy", "instant", "slow", "fast", "warp",
         "Ann,Bob,cpu,cpu", "Ann,ann,cpu,cpu", "cpu:ultra,cpu,cpu", "\udcff,cpu,cpu,cpu", "[/],cpu,cpu",
         "a" * 30 + ",cpu,cpu,cpu", "Ann,,cpu,cpu,cpu", "lowest_bid=2", "lowest_bid=9", "deck=tiny",
         "nokey", "=1", "games=\u0661", "deals_per_player=99999999999999999999", "--", "-", "--help"]
OPTIONS = {
    "play": ["--players", "-p", "--humans", "--cpu", "--seats", "--option", "-o", "--seed", "--speed"],
    "history": ["--limit", "-n"],
    "hint": ["--seat", "--budget-ms", "--iterations", "--seed"],
    "analyze": ["--threshold", "--seed"],
    "resume": [],
    "export": [],
    "stats": [],
    "replay": [],
    "rules": [],
    "list": [],
}
FLAGS = {"play": ["--ascii", "--four-colour", "--auto-play"], "history": ["--json"], "hint": ["--json"],
         "analyze": ["--json"], "resume": ["--list", "--delete"], "stats": ["--json"], "replay": ["--json"]}


FILES = ("@done.json", "@open.json", "@deep.json", "@fifo.json", "@zero.json", "@", "@missing.json",
         "/dev/null", "-", "", "\udcff.json", "x" * 5000)
"""Files to name as records: real ones, broken ones and things that are not files (``@`` is a folder)."""


def make_record_files(root: Path) -> None:
    """The files ``FILES`` names with ``@``, in ``root``."""
    root.mkdir(parents=True, exist_ok=True)
    for name, match in (("done.json", base_match("gops", 400)), ("open.json", base_match("nap", 14))):
        (root / name).write_text(json.dumps(match.record()), encoding="utf-8")
    (root / "deep.json").write_text("[" * 100_000 + "]" * 100_000)
    if not (root / "fifo.json").exists():
        os.mkfifo(root / "fifo.json")
    if not (root / "zero.json").is_symlink():
        (root / "zero.json").symlink_to("/dev/zero")


@st.composite
def argument_lists(draw: st.DrawFn) -> list[str]:
    command = draw(st.sampled_from(sorted(OPTIONS)))
    args = [command]
    files = FILES
    if command in ("replay", "hint", "analyze"):
        args.append(draw(st.sampled_from(files)))
    elif command in ("rules", "play") or (command in ("history", "stats") and draw(st.booleans())):
        args.append(draw(st.sampled_from(WORDS)))
    elif command == "export":
        args.append(draw(st.sampled_from(NUMBERS)))
        if draw(st.booleans()):
            args.append(draw(st.sampled_from(["out.json", "out.json", *files])))
    elif command == "resume" and draw(st.booleans()):
        args.append(draw(st.sampled_from(["2026", "", "[/]", "../x", "\udcff", *NUMBERS[:3]])))
    for _ in range(draw(st.integers(0, 4))):
        choice = draw(st.integers(0, 9))
        if choice < 6 and OPTIONS[command]:
            args += [draw(st.sampled_from(OPTIONS[command])), draw(st.sampled_from(NUMBERS + WORDS))]
        elif choice < 8 and FLAGS.get(command):
            args.append(draw(st.sampled_from(FLAGS[command])))
        else:
            args.append(draw(st.sampled_from(["--bogus", "-z", "extra", "--players", *WORDS[:4]])))
    if command == "hint":
        args += ["--level", "random"]  # the search levels think for seconds: the arguments are what is tested
    if command == "analyze":
        args += ["--rollouts", "1"]
    return args


def _check_arguments(args: list[str], folder: Path) -> None:
    files = folder / "records"
    make_record_files(files)
    args = [str(files / a[1:]) if a.startswith("@") else a for a in args]
    sandbox = folder / "sandbox"
    home = _fresh_home()
    Autosave("s1").finish(base_match("gops", 400))
    assert (home / "history.sqlite3").exists()
    sandbox.mkdir(parents=True, exist_ok=True)
    for leftover in sandbox.iterdir():
        leftover.unlink()
    before = os.getcwd()
    os.chdir(sandbox)
    try:
        ran: Ran = cli(*args)
    finally:
        os.chdir(before)
    one_line_or_works(ran)
    assert "\x1b" not in ran.out or args[0] == "export", ran.out[:200]
    written = sorted(p.name for p in sandbox.iterdir())
    assert written in ([], ["out.json"]), written  # only an export writes outside the data folder, where told
    if written:
        assert args[0] == "export" and ran.code == 0


@FAST
@given(args=argument_lists())
def test_fuzz_arguments(args: list[str], tmp_path: Path) -> None:
    _check_arguments(args, tmp_path)


@pytest.mark.soak
@SOAK
@given(args=argument_lists())
def test_soak_arguments(args: list[str], tmp_path: Path) -> None:
    _check_arguments(args, tmp_path)
