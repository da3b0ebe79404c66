"""The one-line refusals of the command line in the reader's language: usage errors, options, games, records,
files, saves and the history; the English lines stay as they were, each one line with exit status 1."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from cardsuite.cli import main
from cardsuite.core.registry import game_names
from cardsuite.files import RECORD_LIMIT

from ..cli.test_cli import nap_record

Setup = Callable[[Path], list[str]]


def _record(tmp_path: Path, **change: object) -> str:
    record = nap_record() | change
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return str(path)


def _twice(tmp_path: Path) -> list[str]:
    deal = {"dealer": 0, "hands": [["AS", "KS", "QS", "JS", "TS"]] * 4, "stock": [], "actions": []}
    return ["replay", _record(tmp_path, deals=[deal])]


def _seat_nine(tmp_path: Path) -> list[str]:
    record = nap_record()
    deals = record["deals"]
    assert isinstance(deals, list)
    first = dict(deals[0]) | {"actions": ["9 pass"]}
    return ["replay", _record(tmp_path, deals=[first])]


def _long_action(tmp_path: Path) -> list[str]:
    record = nap_record()
    deals = record["deals"]
    assert isinstance(deals, list)
    first = dict(deals[0]) | {"actions": ["9 pass " + "x" * 1000]}
    return ["replay", _record(tmp_path, deals=[first])]


def _huge(tmp_path: Path) -> list[str]:
    path = tmp_path / "huge.json"
    path.write_bytes(b" " * (RECORD_LIMIT + 1))
    return ["replay", str(path)]


def _not_json(tmp_path: Path) -> list[str]:
    path = tmp_path / "garbage.json"
    path.write_text("{not json", encoding="utf-8")
    return ["replay", str(path)]


def _fixed(*args: str) -> Setup:
    return lambda tmp_path: list(args)


def _data_folder_a_file(*args: str) -> Setup:
    """The command, with the data folder (``CARDSUITE_HOME``, the ``home`` fixture's) a file."""

    def setup(tmp_path: Path) -> list[str]:
        (tmp_path / "home").write_text("", encoding="utf-8")
        return list(args)

    return setup


def _json_file(text: str) -> Setup:
    def setup(tmp_path: Path) -> list[str]:
        path = tmp_path / "record.json"
        path.write_text(text, encoding="utf-8")
        return ["replay", str(path)]

    return setup


# Each case: the command and the English line it refuses with (exactly, after "cardsuite: ").
CASES: dict[str, tuple[Setup, str]] = {
    "export of no match": (_fixed("export", "99"), "no match 99 in the history (see `cardsuite history`)"),
    "resume with nothing saved": (_fixed("resume"), "there is no unfinished match to resume"),
    "unknown game (rules)": (_fixed("rules", "nope"),
                             "no game called 'nope' (installed: {games})"),
    "unknown game (history)": (_fixed("history", "nope"),
                               "no game called 'nope' (installed: {games})"),
    "unknown game (stats)": (_fixed("stats", "nope"), "no game called 'nope' (installed: {games})"),
    "unknown game (simulate)": (_fixed("simulate", "nope"),
                                "no game called 'nope' (installed: {games})"),
    "players out of range": (_fixed("simulate", "nap", "--players", "2", "--games", "1"),
                             "Nap is for 3, 4, 5, 6 players, not 2"),
    "seats count": (_fixed("simulate", "nap", "--seats", "normal,normal", "--games", "1"),
                    "--seats names 2 levels for 4 players"),
    "unknown option": (_fixed("simulate", "nap", "--option", "bogus=1", "--games", "1"),
                       "unknown option 'bogus' (this game has: deals_per_player, lowest_bid, misere, above_nap, "
                       "nap_points, all_pass, deck, turn_timer)"),
    "option not key=value": (_fixed("simulate", "nap", "--option", "=", "--games", "1"),
                             "option '=' is not key=value"),
    "option given twice": (_fixed("simulate", "nap", "-o", "deck=32", "-o", "deck=52", "--games", "1"),
                           "option 'deck' is given twice"),
    "option value out of range": (_fixed("simulate", "nap", "-o", "deals_per_player=0", "--games", "1"),
                                  "option deals_per_player: 0 is below the minimum 1"),
    "peek with a time": (_fixed("simulate", "nap", "--seats", "peek:5ms,normal,normal,normal", "--games", "1"),
                         "peek takes a number of searches (peek:16), not a time"),
    "invalid value": (_fixed("simulate", "nap", "--games", "0"),
                      "Invalid value for '--games' / '-g': 0 is not between 1 and 1000000 (see --help)"),
    "below an open range": (_fixed("history", "--limit", "-3"),
                            "Invalid value for '--limit' / '-n': -3 is less than 0 (see --help)"),
    "above an open range": (_fixed("play", "nap", "--seed", "99999999999999999999"),
                            "Invalid value for '--seed': \"99999999999999999999\" is too large (see --help)"),
    "not a number": (_fixed("simulate", "nap", "--games", "x"),
                     "Invalid value for '--games' / '-g': \"x\" is not a whole number written with 0-9 (see --help)"),
    "no such option": (_fixed("simulate", "nap", "--bogus"),
                       "No such option: --bogus (Possible options: --jobs) (see --help)"),
    "missing argument": (_fixed("simulate"), "Missing argument 'game'. (see --help)"),
    "no such command": (_fixed("bogus"), "No such command 'bogus'. (see --help)"),
    "a card dealt twice": (_twice, "deal 0, key \"hands\": AS is dealt twice"),
    "an action of no seat": (_seat_nine, 'deal 0, action 0 "9 pass": malformed: there is no seat 9 with 4 players'),
    "an action too long to quote whole": (_long_action, 'deal 0, action 0 "9 pass ' + "x" * 53
                                          + '…" (1007 characters): malformed: there is no seat 9 with 4 players'),
    "a file too large": (_huge, "cannot read {tmp}/huge.json: larger than 8 MB"),
    "a file not JSON": (_not_json, "{tmp}/garbage.json: not JSON: a key in double quotes is missing "
                                   "at line 1, column 2"),
    "a key given twice": (_json_file('{"players": 4, "players": 5}'),
                          '{tmp}/record.json: not JSON this program reads: key "players" is given twice in one object'),
    "JSON nested too deep": (_json_file("[" * 40 + "]" * 40),
                             "{tmp}/record.json: not JSON this program reads: nested deeper than 32 levels"),
    "history with a data folder that is a file": (
        _data_folder_a_file("history"), "history database {tmp}/home/history.sqlite3: {tmp}/home is not a folder"),
    "saves with a data folder that is a file": (
        _data_folder_a_file("resume", "--list"), "{tmp}/home/saves is not a folder: no save can be listed or written"),
    "play: a player count": (_fixed("play", "nap", "--players", "2"), "Nap is for 3, 4, 5, 6 players, not 2"),
    "play: a player count for the seats": (_fixed("play", "napoleon", "--seats", "a,b,c"),
                                           "Napoleon is for 5 players, not 3"),
    "play: a CPU level": (_fixed("play", "nap", "--cpu", "superhard"),
                          'Nap has no "superhard" CPU level (it has: random, easy, normal, hard)'),
    "play: too many people": (_fixed("play", "nap", "--humans", "5"), "--humans must be between 0 and 4"),
    "play: an empty seat": (_fixed("play", "nap", "--seats", "Ann,,cpu"),
                            "--seats: seat 2 is empty (give a name, cpu or cpu:LEVEL)"),
    "play: seats against players": (_fixed("play", "nap", "--seats", "Ann,cpu,cpu", "--players", "4"),
                                    "--seats names 3 seats but --players says 4"),
    "play: two seats of one name": (_fixed("play", "nap", "--seats", "Ann,ann,cpu"), "two seats have the same name"),
    "play: a speed": (_fixed("play", "nap", "--speed", "warp"),
                      'speed "warp" is not one of instant, fast, normal, slow or a number of seconds from 0 to 10'),
    "play: a long name": (_fixed("play", "nap", "--seats", "A" * 30 + ",cpu,cpu"),
                          f'the seat name "{"A" * 30}" is longer than 24 characters'),
    "an option value too long to quote whole": (
        _fixed("simulate", "nap", "-o", "deck=" + "5" * 100, "--games", "1"),
        "option deck: '" + "5" * 30 + "…' (100 characters) is not one of full, reduced"),
    "a number too long to quote whole": (
        _fixed("simulate", "nap", "--games", "q" * 100),
        "Invalid value for '--games' / '-g': \"" + "q" * 20 + "…\" (100 characters) is not a whole number written "
        "with 0-9 (see --help)"),
    "play: a speed too long to quote whole": (
        _fixed("play", "nap", "--speed", "w" * 100),
        'speed "' + "w" * 20 + '…" (100 characters) is not one of instant, fast, normal, slow or a number of seconds '
        "from 0 to 10"),
    "play: a name with a control character": (_fixed("play", "nap", "--seats", "A\x01,cpu,cpu"),
                                              'the seat name "A\\x01" has a control character or invalid text'),
    "online: a port that is not a number": (_fixed("online", "host:notaport"),
                                            '"host:notaport": the port must be a number'),
    "online: no address": (_fixed("online", ""), '"" is not HOST or HOST:PORT'),
    "join: a port that is not a number": (_fixed("join", "host:x", "ABCDEF"), '"host:x": the port must be a number'),
    "host: an address with a path": (_fixed("host", "nap", "--server", "host/x"), '"host/x" is not HOST or HOST:PORT'),
    "serve: a store that is not PostgreSQL": (
        _fixed("serve", "--host", "127.0.0.1", "--port", "18600", "--store", "bogus://x"),
        "--store takes a PostgreSQL URL: postgresql://USER@HOST:PORT/DATABASE"),
    "simulate: a cluster that does not answer": (
        _fixed("simulate", "nap", "--cluster", "127.0.0.1:1", "--games", "1"),
        "cannot reach the Ray cluster at 127.0.0.1:1: Connection refused"),
    "web-seat: not started by the server": (
        _fixed("web-seat"), "`cardsuite web-seat` is started by `cardsuite serve --web` for each browser"),
}

ENGLISH_WORDS = re.compile(r"\b(no|not|the|is|for|option|unknown|invalid|value|missing|deal|cannot|larger|than|"
                           r"matches?|players?|levels?|given|twice|argument|such|read|characters?)\b", re.IGNORECASE)


def _expected(english: str, tmp_path: Path) -> str:
    """The English line of a case with the test's folder and the installed games filled in."""
    return english.replace("{tmp}", str(tmp_path)).replace("{games}", ", ".join(sorted(game_names())))


def _refusal(tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
             args: list[str]) -> str:
    """The one line ``cardsuite ARGS`` refuses with (exit status 1, nothing on stdout)."""
    monkeypatch.setattr("sys.argv", ["cardsuite", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    out, err = capsys.readouterr()
    assert exited.value.code == 1 and out == "", err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("cardsuite: "), err
    return lines[0].removeprefix("cardsuite: ")


@pytest.mark.parametrize("case", list(CASES))
def test_the_english_refusal_is_as_it_was(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    setup, english = CASES[case]
    line = _refusal(tmp_path, capsys, monkeypatch, setup(tmp_path))
    assert line == _expected(english, tmp_path)


@pytest.mark.parametrize("language", ["ja", "lt"])
@pytest.mark.parametrize("case", list(CASES))
def test_the_refusal_is_one_line_in_the_readers_language(case: str, language: str, tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    setup, english = CASES[case]
    line = _refusal(tmp_path, capsys, monkeypatch, ["--lang", language, *setup(tmp_path)])
    assert line != _expected(english, tmp_path)
    # what is left once names, paths, options and quoted input are taken out has no English word
    words = re.sub(r"'[^']*'|\"[^\"]*\"|`[^`]*`|\S*/\S*|--?[a-z-]+|\b[a-z]+_[a-z_]+\b", "", line)
    assert not ENGLISH_WORDS.search(words), line
