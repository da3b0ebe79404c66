"""Hostile input found by hand, each case as it was found: each gives one line and exit 1, or works.

Commands run in-process (``helpers.cli``); the few that need a real process (a FIFO, bytes that are
not UTF-8 in ``argv``, a real terminal pipe) run one.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.filewrites import current_umask
from cardsuite.recordfiles import save_record
from cardsuite.storage import paths
from cardsuite.storage.history import History
from cardsuite.storage.savefolder import list_saves, load_save
from cardsuite.storage.saves import Autosave
from cardsuite.storage.settings import Settings, load_settings

from .helpers import cli, gops_record, nap_match, one_line_or_works, refused, write_json, write_save


def _damaged_saves(home: Path) -> dict[str, str]:
    """The four damaged saves of item 1 beside a good one; what each file held."""
    folder = home / "saves"
    good = write_save("20260101-000000-good", nap_match(steps=6))
    text = good.read_text(encoding="utf-8")
    record = json.loads(text)
    finished = nap_match(seed=4)
    assert finished.is_over
    over = Autosave("20260101-000000-over", keep=True).record(finished)
    over["save"]["hints"] = "[1e30, 1e30, 1e30, 1e30]"  # type: ignore[index]
    bad = {
        "deep": "[" * 100_000 + "]" * 100_000,
        "digits": text.replace('"players": 4', '"players": ' + "4" * 5000, 1),
        "hints": json.dumps(over).replace('"[1e30, 1e30, 1e30, 1e30]"', "[1e30, 1e30, 1e30, 1e30]"),
        "surrogate": json.dumps({**record, "seats": [{"name": "\ud800", "kind": "human"}, *record["seats"][1:]]}),
    }
    for name, body in bad.items():
        (folder / f"20260102-000000-{name}.json").write_text(body, encoding="utf-8")
    return bad


def test_damaged_saves_do_not_hide_the_good_one_from_resume_list(home: Path) -> None:
    _damaged_saves(home)
    ran = cli("resume", "--list")
    assert ran.code == 0, ran.err
    assert "20260101-000000-good" in ran.out and len(ran.out.splitlines()) == 1
    assert len(ran.lines) == 3 and all("is damaged" in line and "moved aside" in line for line in ran.lines), ran.err
    assert "Traceback" not in ran.err
    aside = sorted(p.name.split(".json")[0] for p in (home / "saves").glob("*.corrupt-*"))
    assert aside == [f"20260102-000000-{n}" for n in ("deep", "digits", "surrogate")]
    assert len(History().matches()) == 1  # the finished save with float hint counts is filed (hints 0)
    again = cli("resume")
    assert again.code == 0 and again.opened[0][0] == "resumed" and again.err == ""


def test_a_save_whose_name_is_too_long_is_moved_aside_and_a_name_at_the_limit_is_kept(home: Path) -> None:
    write_save("20260101-000000-good", nap_match(steps=6, names=("A" * 24, "Bob", "Cy", "Di")))
    long = write_save("20260102-000000-long", nap_match(steps=6))
    long.write_text(long.read_text(encoding="utf-8").replace('"Ann"', '"' + "N" * 1_000_000 + '"'), encoding="utf-8")
    ran = cli("resume", "--list")
    assert ran.code == 0 and "A" * 24 in ran.out and len(ran.out.splitlines()) == 1
    assert len(ran.lines) == 1 and "longer than 24 characters" in ran.lines[0] and len(ran.lines[0]) < 400
    assert not long.exists()


def test_a_save_with_a_key_given_twice_is_moved_aside(home: Path) -> None:
    good = write_save("20260101-000000-good", nap_match(steps=6))
    text = good.read_text(encoding="utf-8")
    twice = home / "saves" / "20260102-000000-twice.json"
    twice.write_text(text.replace('"players": 4', '"players": 4, "players": 5', 1), encoding="utf-8")
    ran = cli("resume", "--list")
    assert ran.code == 0 and "20260101-000000-good" in ran.out and len(ran.out.splitlines()) == 1
    assert len(ran.lines) == 1 and 'key "players" is given twice' in ran.lines[0] and "moved aside" in ran.lines[0]
    assert not twice.exists()


def test_a_finished_save_with_huge_hint_counts_is_filed_with_bounded_counts(home: Path) -> None:
    finished = nap_match(seed=4)
    record = Autosave("20260101-000000-done", keep=True).record(finished)
    record["save"]["hints"] = [10**17, -5, True, 2.5]  # type: ignore[index]
    write_json(home / "saves" / "20260101-000000-done.json", record)
    assert list_saves() == []
    assert History().rows("SELECT hints FROM seats ORDER BY seat") == [(1_000_000,), (0,), (0,), (0,)]


async def test_the_home_screen_opens_with_damaged_saves_and_settings(home: Path) -> None:
    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.screens.home import HomeScreen

    _damaged_saves(home)
    (home / "settings.toml").write_text("names = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    (home / "history.sqlite3").mkdir()
    app = CardsuiteApp()
    async with app.run_test(size=(120, 50)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert [s.id for s in app.screen.saves] == ["20260101-000000-good"]
        shown = [n.message for n in app._notifications]
        assert sum("is damaged" in m for m in shown) == 5, shown  # three saves, the settings, the database
    assert app.return_code in (None, 0)


async def test_names_in_the_history_are_text_on_the_home_screen(home: Path) -> None:
    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.screens.home import HomeScreen

    from ..tui.helpers import screen_text

    Autosave("done").finish(nap_match(names=("[/] Eve\x1b[2J", "Bob", "Cy", "Di")))
    app = CardsuiteApp()
    async with app.run_test(size=(120, 60)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        app.screen.game_name = "nap"  # the ratings shown are the chosen game's
        await pilot.pause()
        text = screen_text(app)
        assert "Ratings: Nap" in text and "[/] Eve\\x1b[2J" in text and "\x1b" not in text, text


def test_a_renamed_save_continues_in_its_own_file(home: Path) -> None:
    original = write_save("20260101-000000-orig", nap_match(steps=5))
    before = original.read_bytes()
    copy = original.with_name("backup of my match.json")
    shutil.copyfile(original, copy)
    record, match = load_save("backup")
    autosave = Autosave.resumed(record)
    assert autosave.path == copy and autosave.id == "backup of my match"
    state = match.state
    (seat,) = state.to_act
    match.act(seat, state.legal_actions(seat)[0])
    assert autosave.save(match)
    assert original.read_bytes() == before
    assert json.loads(copy.read_text(encoding="utf-8"))["save"]["id"] == "backup of my match"
    ran = cli("resume", "backup")
    assert ran.code == 0 and ran.opened[0][3].path == copy


def test_a_name_that_is_not_utf8_is_refused_before_the_table(home: Path) -> None:
    """``--seats $'\\xff,cpu,cpu,cpu'``: Python reads the byte as a lone surrogate; it is not a name."""
    line = refused(cli("play", "nap", "--seats", "\udcff,cpu,cpu,cpu"), "seat name", "control character")
    assert "\\udcff" in line
    env = {**os.environ, paths.HOME_VARIABLE: str(home)}
    real = subprocess.run([os.fsencode(sys.executable), b"-m", b"cardsuite", b"play", b"nap", b"--seats",
                           b"\xff,cpu,cpu,cpu"], capture_output=True, timeout=120, check=False, env=env)
    assert real.returncode == 1 and real.stdout == b"" and len(real.stderr.splitlines()) == 1, real.stderr
    assert not (home / "saves").exists()


def test_markup_in_names_is_text_in_replay_and_play(home: Path, tmp_path: Path) -> None:
    match = nap_match(names=("[/]", "[AFK] Bob", "[bold]x", ":smile:"), steps=8)
    path = tmp_path / "markup.json"
    save_record(path, match.record())
    ran = cli("replay", str(path))
    assert ran.code == 0, ran.err
    assert "0 [/], 1 [AFK] Bob, 2 [bold]x, 3 :smile:" in ran.out and "[AFK] Bob bid nap" in ran.out
    assert ":smile: won the trick" in ran.out and "dealer [AFK] Bob" in ran.out
    home.mkdir(exist_ok=True)
    (home / "settings.toml").write_text('names = ["[/]"]\n', encoding="utf-8")
    opened = cli("play", "nap")
    assert opened.code == 0 and opened.opened[0][1].seats[0].name == "[/]", opened.err


def test_a_blank_or_missing_seat_name_is_shown_as_the_default_seat_name(tmp_path: Path) -> None:
    record = gops_record()
    path = write_json(tmp_path / "blank.json", {**record, "seats": [{"name": " ", "kind": "human"}]})
    ran = cli("replay", str(path))
    assert ran.code == 0, ran.err
    assert "2 players: 0 Seat 0, 1 Seat 1\n" in ran.out and "\nSeat 0 has chosen\n" in ran.out, ran.out[:300]


async def test_the_table_shows_markup_and_escapes_in_names_as_text(home: Path) -> None:
    from cardsuite.tui.app import CardsuiteApp
    from cardsuite.tui.config import resumed_config

    from ..tui.helpers import screen_text, settle

    write_save("20260101-000000-mark", nap_match(names=("[/]", "[AFK] Bob", "Eve\x1b[2J", "Zed"), steps=9))
    record, match = load_save()
    assert match.seats[2].name == "Eve\\x1b[2J"
    app = CardsuiteApp(resumed_config(record, match, Settings(speed="instant")), match, Autosave.resumed(record))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        for _ in range(3):  # a first play of a game opens "how to play" first
            if app.table is app.screen:
                break
            await pilot.press("escape")
            await settle(pilot, app)
        text = screen_text(app)
        assert "[AFK] Bob" in text and "[/]" in text and "Eve\\x1b[2J" in text, text
        for key in ("s", "t"):  # the scoreboard and the last trick name the seats too
            await pilot.press(key)
            await pilot.pause()
            assert app.is_running and "[AFK] Bob" in screen_text(app), key
            await pilot.press("escape")
            await pilot.pause()


@pytest.mark.parametrize(("body", "words"), [
    ("[" * 100_000 + "]" * 100_000, ["nested deeper than 32"]),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": ' + "4" * 5000 + "}", ["longer than 18 digits"]),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [{"dealer": 0, "seed": 1, '
     '"actions": ["\u00b2 pass"]}]}', ['action 0 "² pass": malformed: numbers are written with the digits 0-9']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [{"dealer": 0, "seed": 1, '
     '"actions": ["\u0661 pass"]}]}', ["malformed: numbers are written with the digits 0-9"]),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [{"dealer": 0, "seed": 1, '
     '"actions": ["1 bid \u0663"]}]}', ["malformed"]),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "options": {"deals_per_player": "\u0661"}}',
     ['key "options"', "is not a whole number"]),
    ('{"format": "cardsuite-record/1", "game": "gops", "game": "nap", "players": 4, "deals": []}',
     ['key "game" is given twice in one object']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [{"dealer": 0, "seed": 1, '
     '"seed": 2}]}', ['key "seed" is given twice in one object']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [], "seats": [{"name": "'
     + "N" * 100_000 + '"}]}', ['key "seats": seat 0: the name "NNN', "is longer than 24 characters"]),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [], "seats": [{"name": "Ann"}, '
     '{"name": ["list"]}]}', ['key "seats": seat 1: the name is not text']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [], "seats": [{"name": null}]}',
     ['key "seats": seat 0: the name is not text']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [], "seats": [{"level": 5}]}',
     ['key "seats": seat 0: the level is not text']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [], "seats": ["Ann"]}',
     ['key "seats": seat 0: expected an object']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [], "seats": {"a": 1}}',
     ['key "seats": expected a list of seats']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 2, "deals": []}',
     ['key "players": Nap is for 3, 4, 5, 6 players, not 2']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 3, "deals": [{"dealer": 0, "hands": '
     '[["AS", "KS", "QS", "JS", "TS"], ["AH", "KH", "QH", "JH", "TH"], ["AD", "KD", "QD", "JD", "AS"]]}]}',
     ['deal 0, key "hands": AS is dealt twice']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 3, "deals": [{"dealer": 0, "hands": '
     '[["AS", "KS", "QS", "JS", "TS"], ["AH", "KH", "QH", "JH", "TH"], ["AD", "KD", "QD", "JD"]]}]}',
     ['deal 0, key "hands": seat 2 holds 4 cards, not 5']),
    ('{"format": "cardsuite-record/1", "game": "napas", "players": 3, "deals": [{"dealer": 0, "stock": ["AS"]}]}',
     ['deal 0: a deal gives its "hands" or a "seed"']),
    ('{"game": "nap", "players": 4, "deals": []}', ['key "format": missing: a record begins with "format"']),
    ('{"format": null, "game": "nap", "players": 4, "deals": []}',
     ['key "format": expected "cardsuite-record/1", got null']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 3, "deals": [{"dealer": 0, "seed": 5, "hands": '
     '[["AS", "KS", "QS", "JS", "TS"], ["AH", "KH", "QH", "JH", "TH"], ["AD", "KD", "QD", "JD", "TD"]]}]}',
     ['deal 0, key "seed": a deal gives either "seed" or "hands"/"stock", not both']),
    ('{"format": "cardsuite-record/1", "game": "gops", "players": 2, "deals": [{"seed": -5, "stock": '
     '["AD", "2D", "3D", "4D", "5D", "6D", "7D", "8D", "9D", "TD", "JD", "QD", "KD"]}]}',
     ['deal 0, key "seed": a deal gives either "seed" or "hands"/"stock", not both']),
    ('{"format": "cardsuite-record/1", "game": "gops", "players": 2, "deals": [{"hands": [["AS"], ["AH"], ["AC"]], '
     '"stock": ["AD"]}]}', ['deal 0, key "hands": expected 2 hands, got 3']),
    ('{"format": "cardsuite-record/1", "game": "gops", "players": 2, "deals": [{"actions": []}]}',
     ['deal 0: a deal gives its "stock" or a "seed"']),
    ('{"format": "cardsuite-record/1", "game": "gops", "players": 2, "deals": [{"dealer": 0, "seed": 1}]}',
     ['deal 0, key "dealer": GOPS deals have no dealer']),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [{"dealer": 0, "seed": -5}]}',
     ['deal 0, key "seed": the seed must be a whole number from 0 to 999999999999999999', "(-5 is not)"]),
    ('{"format": "cardsuite-record/1", "game": "nap", "players": 4, "options": {"misere": 0}, "deals": []}',
     ['key "options": option misere: 0 is not true or false']),
])
def test_malformed_records_are_one_line(tmp_path: Path, body: str, words: list[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text(body, encoding="utf-8")
    for mode in (["--json"], []):
        refused(cli("replay", str(path), *mode), *words)


def test_play_after_the_match_ended_is_refused(tmp_path: Path) -> None:
    record = gops_record()
    deals = record["deals"]
    assert isinstance(deals, list)
    doubled = {**record, "deals": [*deals, *deals]}
    refused(cli("replay", str(write_json(tmp_path / "gops.json", doubled)), "--json"),
            "deal 1: illegal: the match was over after deal 0")
    nap = nap_match().record()
    nap_deals = nap["deals"]
    assert isinstance(nap_deals, list) and len(nap_deals) == 8
    long = {**nap, "deals": [*nap_deals] * 1125}  # 9,000 deals
    refused(cli("replay", str(write_json(tmp_path / "nap.json", long)), "--json"),
            "deal 8: illegal: the match was over after deal 7")


def test_a_dealer_that_does_not_rotate_is_refused_in_records_and_saves(home: Path, tmp_path: Path) -> None:
    match = nap_match(steps=40)
    record = match.record()
    deals = record["deals"]
    assert isinstance(deals, list) and len(deals) >= 2
    deals[1] = {**deals[0]}
    line = refused(cli("replay", str(write_json(tmp_path / "same.json", record)), "--json"),
                   'deal 1, key "dealer": illegal')
    assert f"seat {(deals[0]['dealer'] + 1) % 4} deals after seat {deals[0]['dealer']}" in line
    save = Autosave("20260101-000000-same", keep=True).record(match)
    save["deals"] = record["deals"]
    write_json(home / "saves" / "20260101-000000-same.json", save)
    ran = cli("resume", "20260101")
    assert ran.code == 1 and len(ran.lines) == 2 and "Traceback" not in ran.err, ran.err
    assert 'is damaged (deal 1, key "dealer": illegal' in ran.lines[0] and "no unfinished match" in ran.lines[1]
    assert list((home / "saves").glob("20260101-000000-same.json.corrupt-*"))


def test_special_and_huge_files_are_refused(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    refused(cli("replay", str(link)), "not a regular file")
    refused(cli("replay", str(tmp_path)), "not a regular file")
    huge = tmp_path / "huge.json"
    with huge.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)
    refused(cli("replay", str(huge)), "larger than 8 MB")
    refused(cli("hint", str(link)), "not a regular file")
    refused(cli("analyze", str(huge)), "larger than 8 MB")


def test_replay_of_a_fifo_does_not_hang(tmp_path: Path) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    result = subprocess.run([sys.executable, "-m", "cardsuite", "replay", str(fifo)], capture_output=True,
                            text=True, timeout=60, check=False)
    assert result.returncode == 1 and result.stdout == ""
    assert result.stderr.strip().endswith("not a regular file") and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("args", [
    ["export", "99999999999999999999"],
    ["export", "0"],
    ["history", "--limit", "99999999999999999999"],
    ["history", "-n", "1e3"],
    ["play", "nap", "--seed", "1" * 5000],
    ["play", "nap", "--players", "\u0664"],
    ["hint", "x.json", "--budget-ms", "inf"],
    ["hint", "x.json", "--seat", "nan"],
    ["analyze", "x.json", "--threshold", "nan"],
    ["analyze", "x.json", "--rollouts", "9" * 30],
])
def test_huge_and_odd_numbers_as_arguments_are_one_line(args: list[str]) -> None:
    refused(cli(*args), "Invalid value")


def test_settings_that_would_crash_or_freeze_play_are_moved_aside(home: Path) -> None:
    home.mkdir()
    cases = {
        "names = " + "[" * 5000 + "]" * 5000: "nested deeper than 32",
        "[options.nap]\nlowest_bid = 7\n": "options.nap: option lowest_bid: 7 is not one of 2, 3",
        "[options.nap]\ncolour = 1\n": 'Nap has no option "colour"',
        'speed = "inf"\n': 'speed "inf" is not one of instant',
        "speed = 1e9\n": "speed",
        'names = ["Ann\\u001b[2J"]\n': "control character",
    }
    for text, why in cases.items():
        (home / "settings.toml").write_text(text, encoding="utf-8")
        ran = cli("play", "nap")
        assert ran.code == 0 and ran.opened and ran.err == "", (text[:40], ran.err)
        (line,) = ran.shown  # the table shows it (a toast) when it opens
        assert "settings.toml is damaged" in line and why in line and "moved aside" in line, line
        assert not (home / "settings.toml").exists()
    (home / "settings.toml").write_text('\ufeffnames = ["Zed"]\nspeed = "fast"\n', encoding="utf-8")
    assert load_settings() == Settings(names=["Zed"], speed="fast") and paths.take_notices() == []


def test_preferred_options_that_do_not_fit_the_table_are_noted_not_fatal(home: Path) -> None:
    """GOPS ``ties = "split"`` is a valid preference for 2 players only: a 3-player table leaves it out."""
    home.mkdir()
    (home / "settings.toml").write_text('[options.gops]\nties = "split"\n', encoding="utf-8")
    two = cli("play", "gops", "--players", "2")
    assert two.code == 0 and two.opened[0][1].options == {"ties": "split"}, two.err
    three = cli("play", "gops", "--players", "3")
    assert three.code == 0 and three.err == "", three.err
    config = three.opened[0][1]
    assert "ties" not in config.options
    assert any("settings.toml do not fit this table" in str(note) and "split is for 2 players" in str(note)
               for note in config.notes), config.notes
    assert (home / "settings.toml").exists() and paths.take_notices() == []
    refused(cli("play", "gops", "--players", "3", "--option", "ties=split"), "split is for 2 players only")


def test_a_folder_in_place_of_the_database_or_a_data_folder_that_is_a_file(home: Path, tmp_path: Path) -> None:
    (home / "history.sqlite3").mkdir(parents=True)
    ran = cli("stats")
    assert ran.code == 0 and "No finished match" in ran.out, ran.err
    (line,) = ran.lines
    assert "history.sqlite3 is damaged (not a regular file); moved aside" in line
    plain = tmp_path / "plain-file"
    plain.write_text("I am not a folder")
    os.environ[paths.HOME_VARIABLE] = str(plain)  # the autouse fixture restores it
    refused(cli("stats"), "is not a folder")
    refused(cli("history"), "is not a folder")
    for args in (("resume", "--list"), ("resume",), ("resume", "--delete", "x")):
        refused(cli(*args), "saves is not a folder: no save can be listed or written")
    os.environ[paths.HOME_VARIABLE] = str(tmp_path)
    (tmp_path / "saves").write_text("I am not a folder either")
    refused(cli("resume", "--list"), "saves is not a folder")


def _filed_history(count: int = 2) -> Path:
    for seed in range(count):
        Autosave(f"s{seed}").finish(nap_match(seed=seed + 1))
    return paths.history_path()


def test_a_byte_flip_in_a_text_value_is_found_and_the_intact_matches_refiled(home: Path) -> None:
    path = _filed_history(3)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE seats SET player = 'Anm' WHERE match_id = 2 AND seat = 0")  # passes quick_check
    conn.close()
    ran = cli("stats", "--json")
    assert ran.code == 0, ran.err
    assert len(ran.lines) == 2 and "does not match its checksum" in ran.lines[0], ran.err
    assert "3 of the finished matches" in ran.lines[1]  # the records were intact: all refiled
    players = json.loads(ran.out)["games"]["nap"]["players"]
    assert players["Ann"]["matches"] == 3 and "Anm" not in players
    assert cli("stats").lines == []  # the new database is sound: no report on the next run


def test_a_flipped_record_is_left_out_and_a_changed_number_is_found(home: Path) -> None:
    path = _filed_history(2)
    raw = bytearray(path.read_bytes())
    start = raw.find(b'"format": "cardsuite-record/1"')
    assert start > 0
    raw[start + 2] ^= 0x01  # "format" -> "fnrmat" inside the first stored record
    path.write_bytes(bytes(raw))
    ran = cli("history")
    assert ran.code == 0 and len(ran.out.splitlines()) == 1, (ran.out, ran.err)
    assert "1 of the finished matches" in ran.err
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE ratings SET mu = mu + 1")
    conn.close()
    ran = cli("stats")
    assert "a rating does not match its checksum" in ran.err and ran.code == 0


def test_a_database_from_before_checksums_is_sealed_on_opening(home: Path) -> None:
    path = _filed_history(1)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE matches SET checksum = NULL, record_sum = NULL")
        conn.execute("UPDATE ratings SET checksum = NULL")
        conn.execute("PRAGMA user_version = 0")
    conn.close()
    assert len(History().matches()) == 1
    (notice,) = paths.take_notices()
    assert "kept as history.sqlite3.schema-0" in notice and (home / "history.sqlite3.schema-0").is_file()
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT count(*) FROM matches WHERE checksum IS NULL").fetchone() == (0,)
    conn.close()


def test_escape_sequences_in_names_are_shown_not_sent_to_the_terminal(tmp_path: Path) -> None:
    match = nap_match(names=("\u001b[2J\u001b]0;pwned\u0007", "Bob\u202eevil", "Cy", "Di"), steps=8)
    path = tmp_path / "esc.json"
    save_record(path, match.record())
    result = subprocess.run([sys.executable, "-m", "cardsuite", "replay", str(path)], capture_output=True,
                            timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    assert b"\x1b" not in result.stdout and b"\x07" not in result.stdout and "\u202e".encode() not in result.stdout
    assert b"\\x1b[2J\\x1b]0;pwned\\x07" in result.stdout and b"Bob\\u202eevil" in result.stdout


def test_leftover_temporaries_go_and_files_have_ordinary_modes(home: Path, tmp_path: Path) -> None:
    saves = home / "saves"
    write_save("20260101-000000-aaaa", nap_match(steps=4))
    for n in range(24):  # what 77 kills left behind
        left = saves / f".20260101-000000-aaaa.json.cardsuite-{n:016x}.tmp"
        left.write_text("{half")
        os.utime(left, (1, 1))
    assert len(list_saves()) == 1
    assert sorted(p.name for p in saves.iterdir()) == ["20260101-000000-aaaa.json"]
    expected = 0o666 & ~current_umask()
    assert stat.S_IMODE((saves / "20260101-000000-aaaa.json").stat().st_mode) == expected
    Autosave("done").finish(nap_match(seed=2))
    target = tmp_path / "export.json"
    assert cli("export", "1", str(target)).code == 0
    assert stat.S_IMODE(target.stat().st_mode) == expected
    target.write_text("mine")
    refused(cli("export", "1", str(target)), "exists", "nothing is overwritten")
    assert target.read_text() == "mine"


def test_a_megabyte_action_gives_a_short_line(tmp_path: Path) -> None:
    action = "1 play " + "K" * 1_000_000
    record = {"format": "cardsuite-record/1", "game": "nap", "players": 4,
              "deals": [{"dealer": 0, "seed": 1, "actions": [action]}]}
    line = refused(cli("replay", str(write_json(tmp_path / "long.json", record)), "--json"),
                   'deal 0, action 0 "1 play KKKK', "(1000007 characters)")
    assert len(line) < 400
    record["options"] = {"x" * 100_000: 1}
    assert len(refused(cli("replay", str(write_json(tmp_path / "key.json", record))), "unknown option")) < 400


def test_a_failing_bot_module_is_reported_not_silently_random(home: Path) -> None:
    from cardsuite.core.registry import get_game
    from cardsuite.tui.config import cpu_levels

    class Broken(type(get_game("nap"))):  # type: ignore[misc]
        def bot_levels(self) -> dict[str, object]:
            raise ImportError("no module named nap_bots")

    assert cpu_levels(Broken()) == ("random",)
    (line,) = paths.take_notices()
    assert "CPU players could not be loaded (ImportError: no module named nap_bots)" in line


def test_unknown_cpu_levels_players_and_speeds_are_refused(home: Path) -> None:
    refused(cli("play", "nap", "--cpu", "godlike"), 'Nap has no "godlike" CPU level (it has: random, easy')
    refused(cli("play", "nap", "--cpu", "eassy"), '"eassy"')
    refused(cli("play", "nap", "--seats", "Ann,cpu:ultra,cpu,cpu"), '"ultra"')
    refused(cli("play", "nap", "--players", "0"), "Nap is for 3, 4, 5, 6 players, not 0")
    refused(cli("play", "gops", "--players", "0", "--humans", "0"), "GOPS is for 2, 3 players, not 0")
    refused(cli("play", "nap", "--speed", "11"), 'speed "11" is not one of')
    refused(cli("play", "nap", "--speed", "-1"), "speed")
    refused(cli("play", "nap", "--speed", "nan"), "speed")
    ok = cli("play", "nap", "--speed", "2.5", "--cpu", "EASY", "--seed", "7")
    assert ok.code == 0 and ok.opened[0][1].cpu_delay == 2.5 and ok.opened[0][1].seats[1].level == "easy"


def test_a_save_of_a_cpu_level_the_game_lacks_is_moved_aside(home: Path) -> None:
    save = write_save("20260101-000000-lvl", nap_match(steps=4))
    data = json.loads(save.read_text(encoding="utf-8"))
    data["seats"][1]["level"] = "godlike"
    save.write_text(json.dumps(data), encoding="utf-8")
    line = refused(cli("resume", "20260101"), 'seat 1 is a CPU of level "godlike", which Nap does not have')
    assert "moved aside" in line


def test_a_move_through_a_resumed_table_of_random_play_is_saved(home: Path) -> None:
    """A sanity check that the fixes leave the ordinary path alone: save, list, resume, play on."""
    match = nap_match(steps=10)
    write_save("20260101-000000-ok", match)
    record, rebuilt = load_save()
    assert rebuilt.record()["deals"] == match.record()["deals"]
    rng = random.Random(1)
    autosave = Autosave.resumed(record)
    (seat,) = rebuilt.state.to_act
    rebuilt.act(seat, rng.choice(rebuilt.state.legal_actions(seat)))
    assert autosave.save(rebuilt)
    one_line_or_works(cli("resume", "--list"))


def test_every_command_reads_the_language_through_the_bounded_reader(home: Path) -> None:
    """Every command looks up ``language`` first: a FIFO or a deep settings file must not hang or crash it."""
    home.mkdir()
    settings_file = home / "settings.toml"
    settings_file.write_text("language = " + "[" * 5000 + "]" * 5000, encoding="utf-8")
    ran = cli("list")
    assert ran.code == 0 and "nap" in ran.out, ran.err
    (line,) = ran.err.splitlines()  # said by any command, as the language is read by every one
    assert "settings.toml is damaged (not TOML this program reads: nested deeper than 32 levels)" in line
    assert not settings_file.exists()
    os.mkfifo(settings_file)
    ran = cli("list")
    assert ran.code == 0 and "nap" in ran.out, ran.err


# -- what is a person's is never lost -----------------------------------------------------------------


def test_matches_saved_in_turn_under_one_file_name_are_both_filed(home: Path) -> None:
    """A backup copied to ``saves/backup.json`` for one match and again for a later one: both are filed."""
    for seed in (4, 5):
        autosave = Autosave(keep=True)
        match = nap_match(seed=seed, steps=3)
        assert autosave.save(match)
        backup = home / "saves" / "backup.json"
        shutil.copyfile(autosave.path, backup)
        autosave.path.unlink()
        record, rebuilt = load_save("backup")
        resumed = Autosave.resumed(record)
        finished = nap_match(seed=seed)
        assert rebuilt.record()["seats"] == finished.record()["seats"]
        assert resumed.finish(finished) is not None and not backup.exists()
    assert len(History().matches()) == 2
    assert History().record_finished(resumed.record(finished)) == 2  # the same match again: still one entry


def test_a_finished_save_filed_twice_by_a_crash_is_one_entry(home: Path) -> None:
    finished = nap_match(seed=4)
    autosave = Autosave(keep=True)
    first = autosave.record(finished)
    later = autosave.record(finished)
    later["save"]["updated"] = "2030-01-01T00:00:00Z"  # type: ignore[index]
    later["save"]["hints"] = [3, 0, 0, 0]  # type: ignore[index]
    assert History().record_finished(first) == History().record_finished(later) == 1


def test_writing_a_file_never_removes_another_programs_files(home: Path, tmp_path: Path) -> None:
    Autosave("done").finish(nap_match(seed=2))
    docs = tmp_path / "docs"
    docs.mkdir()
    theirs = [docs / ".draft.tmp", docs / ".m.json.4f3a.tmp", docs / ".m.json.cardsuite-0123456789abcdef.tmp"]
    for path in theirs:
        path.write_text("a draft")
        os.utime(path, (1, 1))
    assert cli("export", "1", str(docs / "m.json")).code == 0
    assert all(path.read_text() == "a draft" for path in theirs)
    assert sorted(p.name for p in docs.iterdir()) == sorted([p.name for p in theirs] + ["m.json"])


@pytest.mark.parametrize("partial", ["", " ", "2026", "20260101-000000-aa"])
def test_only_a_whole_id_deletes_a_save(home: Path, partial: str) -> None:
    save = write_save("20260101-000000-aaaa", nap_match(steps=4))
    before = save.read_bytes()
    refused(cli("resume", partial, "--delete"))
    assert save.read_bytes() == before
    assert cli("resume", "20260101-000000-aaaa", "--delete").code == 0 and not save.exists()


@pytest.mark.parametrize("name", ["", ".", "..", "/", "nowhere/m.json"])
def test_an_export_to_a_name_that_is_no_new_file_is_one_line(home: Path, tmp_path: Path, name: str) -> None:
    Autosave("done").finish(nap_match(seed=2))
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        refused(cli("export", "1", name))
    finally:
        os.chdir(before)
    assert list(tmp_path.iterdir()) == [home]


def test_an_unterminated_string_in_a_large_file_is_refused_at_once(home: Path, tmp_path: Path) -> None:
    """The JSON pre-check is linear: 200 KB of escaped quotes that never close took minutes before."""
    body = '["' + '\\"' * 100_000
    path = tmp_path / "big.json"
    path.write_text(body, encoding="utf-8")
    (home / "saves").mkdir(parents=True)
    (home / "saves" / "20260101-000000-big.json").write_text(body, encoding="utf-8")
    env = {**os.environ, paths.HOME_VARIABLE: str(home)}
    for args in (["replay", str(path)], ["resume", "--list"]):
        done = subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, text=True,
                              timeout=60, check=False, env=env)
        assert "a string that is never closed" in done.stderr and len(done.stderr.splitlines()) == 1, done.stderr


def test_a_terminal_that_is_not_utf8_gets_question_marks_not_a_crash(home: Path, tmp_path: Path) -> None:
    match = nap_match(names=("Ann", "アン", "Žilvinas", "Di"), steps=8)
    path = tmp_path / "names.json"
    save_record(path, match.record())
    for encoding in ("latin-1", "ascii", "cp1252"):
        env = {**os.environ, "PYTHONIOENCODING": encoding, paths.HOME_VARIABLE: str(home)}
        for args in (["list"], ["rules", "nap"], ["replay", str(path)], ["--lang", "ja", "list"],
                     ["replay", str(tmp_path / "アン.json")]):
            done = subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, timeout=60,
                                  check=False, env=env)
            assert b"Traceback" not in done.stderr and b"internal error" not in done.stderr, (args, done.stderr)
            assert done.returncode in (0, 1) and len(done.stderr.splitlines()) <= 1, (args, done.stderr)


def test_a_settings_file_moved_aside_is_reported_when_the_command_then_refuses(home: Path) -> None:
    home.mkdir()
    (home / "settings.toml").write_text("speed = 1e9\n", encoding="utf-8")
    ran = cli("play", "nap", "--speed", "warp")
    assert ran.code == 1 and ran.out == "" and len(ran.lines) == 2, ran.err
    assert "settings.toml is damaged" in ran.lines[0] and "moved aside" in ran.lines[0]
    assert 'speed "warp"' in ran.lines[1]
    assert list(home.glob("settings.toml.corrupt-*"))


def test_a_person_called_like_a_cpu_is_not_the_cpu(home: Path) -> None:
    """"CPU easy" at the keyboard and the easy CPU have their own statistics and ratings."""
    game = get_game("gops")
    for seed in range(3):
        seats = [SeatSpec("CPU easy"), SeatSpec("Cy", "cpu", "easy")]
        match = Match(game, 2, game.resolve_options({}, 2), seed, seats)
        rng = random.Random(seed)
        while not match.is_over:
            player = min(match.state.to_act)
            match.act(player, rng.choice(match.state.legal_actions(player)))
        Autosave().finish(match)
    players = json.loads(cli("stats", "gops", "--json").out)["games"]["gops"]["players"]
    assert set(players) == {"CPU easy", "CPU easy (person)"}
    assert players["CPU easy"]["kind"] == "cpu" and players["CPU easy (person)"]["kind"] == "human"
    assert players["CPU easy"]["matches"] == players["CPU easy (person)"]["matches"] == 3
    assert set(History().ratings("gops")["gops"]) == {"CPU easy", "CPU easy (person)"}
    assert all(r.matches == 3 for r in History().ratings("gops")["gops"].values())
    text = cli("stats", "gops").out
    assert "CPU easy (person):" in text and "\n  CPU easy:" in text


def test_reading_a_history_that_is_not_there_creates_nothing(home: Path) -> None:
    for args in (["history"], ["stats"], ["stats", "--json"], ["export", "1"], ["resume", "--list"]):
        one_line_or_works(cli(*args))
        assert not home.exists(), args


# -- every number from outside has a bound ------------------------------------------------------------


def test_an_integer_option_without_bounds_cannot_be_declared() -> None:
    from cardsuite.core.options import OptionSpec

    with pytest.raises(ValueError, match="needs choices or a minimum and a maximum"):
        OptionSpec("deals", 2, "how many", minimum=1)
    with pytest.raises(ValueError, match=r"outside 1\.\.9"):
        OptionSpec("deals", 20, "how many", minimum=1, maximum=9)
    from cardsuite.core.registry import all_games

    for game in all_games():
        for spec in game.info.options:
            if isinstance(spec.default, int) and not isinstance(spec.default, bool) and spec.choices is None:
                assert spec.minimum is not None and spec.maximum is not None, (game.info.name, spec.key)


@pytest.mark.parametrize(("game", "option", "largest"), [
    ("nap", "deals_per_player", 100), ("gops", "games", 1000), ("napas", "target", 1000),
    ("napoleon", "games", 1000)])
def test_an_option_past_its_bound_is_refused_wherever_it_comes_from(home: Path, tmp_path: Path, game: str,
                                                                   option: str, largest: int) -> None:
    """``simulate -o deals_per_player=999999999999999999`` ran for ever; now every way in refuses it. The
    largest value itself is accepted: a record using it replays."""
    huge = f"{option}=999999999999999999"
    refused(cli("simulate", game, "-o", huge, "--games", "1"), f"above the maximum {largest}")
    refused(cli("play", game, "-o", f"{option}={largest + 1}"), f"above the maximum {largest}")
    record: dict[str, object] = {"format": "cardsuite-record/1", "game": game, "players": 4,
              "options": {option: largest}, "deals": []}
    record["players"] = {"gops": 2, "napoleon": 5}.get(game, 4)
    replayed = cli("replay", str(write_json(tmp_path / "r.json", record)), "--json")
    assert replayed.code == 0 and json.loads(replayed.out)["complete"] is False, replayed.err
    record["options"] = {option: largest + 1}
    refused(cli("replay", str(write_json(tmp_path / "r.json", record))), f"above the maximum {largest}")
    assert f"{option}" in cli("rules", game).out and f"1..{largest}" in cli("rules", game).out


def test_this_devices_identity_file_is_read_and_written_like_every_other(home: Path) -> None:
    """A FIFO or a link to /dev/zero in its place is moved aside, not waited on; a read-only home is one line."""
    from .homes import make_read_only, tmpfs
    from .test_cli_fuzz import run_bounded

    home.mkdir()
    os.mkfifo(home / "identity.json")
    ran = run_bounded(["host", "nap"], "utf-8")  # a read that waited on the FIFO would hang here
    assert ran.code == 0 and ran.opened[0][0] == "online", ran.err
    assert "identity.json is damaged" in " ".join(ran.shown) and list(home.glob("identity.json.corrupt-*"))
    assert json.loads((home / "identity.json").read_text(encoding="utf-8"))["key"]
    with tmpfs(home.parent / "ro") as mount:
        (mount / "home").mkdir()
        make_read_only(mount)
        os.environ[paths.HOME_VARIABLE] = str(mount / "home")
        try:
            line = refused(cli("host", "nap"), "cannot keep this device's identity")
        finally:
            os.environ[paths.HOME_VARIABLE] = str(home)
        assert "Read-only file system" in line
        subprocess.run(["mount", "-o", "remount,rw", str(mount)], check=True)


@pytest.mark.parametrize("server", ["\x1b[2J", "[", "host:99999", "ws://[::1", "a" * 300 + ":x", "\u202ehost"])
def test_a_server_address_no_url_parser_reads_is_one_line(home: Path, server: str) -> None:
    refused(cli("join", server, "ABC234"))
    refused(cli("host", "nap", "--server", server))


@pytest.mark.parametrize("ending", ["newdir/", "newdir//", "a.json/"])
def test_an_export_to_a_name_ending_in_a_slash_is_refused_not_written_as_a_file(home: Path, tmp_path: Path,
                                                                               ending: str) -> None:
    """``export 1 exp/newdir/`` wrote a file ``newdir``: a name ending in / names a folder."""
    Autosave("done").finish(nap_match(seed=2))
    exp = tmp_path / "exp"
    exp.mkdir()
    refused(cli("export", "1", f"{exp}/{ending}"), "names a folder (it ends in /), not a file")
    refused(cli("export", "1", f"{exp}/"), "is a folder")
    assert list(exp.iterdir()) == []


def _nap_record(tmp: Path, name: str, **changes: object) -> Path:
    """A Nap record of no deals with ``changes`` to its keys, written to ``tmp``."""
    path = tmp / name
    path.write_text(json.dumps({"format": "cardsuite-record/1", "game": "nap", "players": 4, "deals": [], **changes}),
                    encoding="utf-8")
    return path


def test_cards_that_are_not_text_are_refused_with_the_record_notation_in_the_readers_language(tmp_path: Path) -> None:
    path = _nap_record(tmp_path, "card_int.json", deals=[{"dealer": 0, "hands": [[5]]}])
    refused(cli("replay", str(path), "--json"), 'deal 0, key "hands": expected a list of cards like ["AS", "TH"]')
    line = refused(cli("--lang", "ja", "replay", str(path), "--json"), '["AS", "TH"]')
    assert "expected" not in line and "のようなカードのリスト" in line, line
    lithuanian = refused(cli("--lang", "lt", "replay", str(path), "--json"), '["AS", "TH"]')
    assert "expected" not in lithuanian and "kortų sąrašas" in lithuanian, lithuanian


def test_an_unknown_game_name_is_cut_like_any_quoted_input(tmp_path: Path) -> None:
    line = refused(cli("replay", str(_nap_record(tmp_path, "long.json", game="n" * 100)), "--json"),
                   "no game called '" + "n" * 60 + "…' (100 characters) (installed: ")
    assert "n" * 61 not in line
    huge = _nap_record(tmp_path, "huge.json", game="\x1b[31m" + "Z" * 100_000)
    refused(cli("replay", str(huge), "--json"), "'\\x1b[31m", "…' (100005 characters) (installed: gops, nap")


@pytest.mark.parametrize(("value", "shown"), [
    (None, "option lowest_bid: null is not a whole number"),
    (True, "option lowest_bid: true is not a whole number"),
    (2.0, "option lowest_bid: 2.0 is not a whole number"),
    ([2], "option lowest_bid: [2] is not a whole number"),
    ("None", "option lowest_bid: 'None' is not a whole number"),
    ({"a": {"b": 1}}, 'option deck: {"a": {"b": 1}} is not one of "full", "reduced"'),
    ("2", "option lowest_bid: '2' is not a whole number"),
    ([0] * 100, "option lowest_bid: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0,… (300 characters) is not a whole number"),
])
def test_an_option_value_of_the_wrong_type_is_echoed_as_its_json(tmp_path: Path, value: object, shown: str) -> None:
    key = "deck" if shown.startswith("option deck") else "lowest_bid"
    path = _nap_record(tmp_path, "options.json", options={key: value})
    refused(cli("replay", str(path), "--json"), 'key "options": ' + shown)
