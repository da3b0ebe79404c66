"""Player identity keys: made from the operating system, kept on the device, moved with a checked code."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from cardsuite.files import FileUnreadable
from cardsuite.net import identity, tokens
from cardsuite.net.identity import IdentityError, export_code, identity_id, import_code, new_key
from cardsuite.net.protocol import ProtocolError, parse_request
from cardsuite.net.store import TableStore
from cardsuite.storage import paths


def test_a_key_moves_through_its_code_and_a_typo_is_refused() -> None:
    key = new_key()
    assert len(key) == 52 and new_key() != key
    code = export_code(key)
    assert code.startswith("CSID-") and import_code(code) == key
    assert import_code(code.lower().replace("-", " ")) == key
    groups = code.split("-")
    groups[3] = groups[3][::-1] if groups[3][::-1] != groups[3] else "AAAA"
    with pytest.raises(IdentityError, match="does not check"):
        import_code("-".join(groups))
    with pytest.raises(IdentityError):
        import_code("CSID-1234")
    assert identity_id(key) == identity_id(key.lower()) and len(identity_id(key)) == 64


def test_the_device_keeps_one_key_and_never_deletes_an_earlier_one(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    first = identity.device_key()
    assert identity.device_key() == first and identity.load_key() == first
    other = new_key()
    aside = identity.keep_key(other)
    assert identity.load_key() == other
    assert aside is not None and first in aside.read_text()
    identity.identity_path().write_text("{not json", encoding="utf-8")
    assert identity.load_key() is None  # damaged: moved aside, reported
    assert any(p.name.startswith("identity.json.corrupt") for p in identity.identity_path().parent.iterdir())


def test_an_import_that_cannot_be_written_keeps_the_identity_the_device_had(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A full disk at the moment of the write leaves the key kept before in use (it was moved away first)."""
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    first = identity.device_key()

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "replace", full)
        with pytest.raises(IdentityError, match="No space left on device; this device keeps the identity it had"):
            identity.keep_key(new_key())
    assert identity.load_key() == first
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith(".")) == ["identity.json"]


def test_two_imports_in_the_same_second_keep_both_earlier_keys(tmp_path: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    monkeypatch.setattr(identity.time, "gmtime", lambda *args: time.struct_time((2026, 12, 7, 4, 0, 0, 0, 341, 0)))
    keys = [identity.device_key(), new_key(), new_key()]
    asides = [identity.keep_key(keys[1]), identity.keep_key(keys[2])]
    assert [p.name for p in asides if p is not None] == ["identity.json.replaced-20261207T040000Z",
                                                         "identity.json.replaced-20261207T040000Z-1"]
    assert [json.loads(p.read_text(encoding="utf-8"))["key"] for p in asides if p is not None] == keys[:2]
    assert identity.load_key() == keys[2]


def test_the_server_keeps_only_the_identity_id() -> None:
    key = new_key()
    req = parse_request(json.dumps({"v": 1, "type": "join", "code": "ABCDEF", "name": "Ann", "identity": key}))
    assert req.fields["identity"] == identity_id(key) and key not in str(req.fields)
    with pytest.raises(ProtocolError) as bad:
        parse_request('{"v":1,"type":"join","code":"ABCDEF","name":"Ann","identity":"short"}')
    assert bad.value.code == "identity"
    with pytest.raises(ProtocolError) as lang:
        parse_request('{"v":1,"type":"create","game":"nap","language":"<script>"}')
    assert lang.value.code == "bad_message"


def _identity_command(home: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardsuite", "--lang", "en", "identity", *args], input=stdin,
                          capture_output=True, text=True, timeout=60, env={**os.environ, "CARDSUITE_HOME": str(home)})


def test_the_identity_command_exports_and_imports(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    run = _identity_command
    first, second = tmp_path / "a", tmp_path / "b"
    for home in (first, second):  # each device has played once
        monkeypatch.setenv("CARDSUITE_HOME", str(home))
        identity.device_key()
    exported = run(first, "--export")
    assert exported.returncode == 0, exported.stderr
    code = exported.stdout.strip().splitlines()[-1]
    assert code.startswith("CSID-")
    assert run(second, "--server", "cards.example.org").stdout != run(first, "--server", "cards.example.org").stdout
    imported = run(second, "--import", code)
    assert imported.returncode == 0 and "kept in" in imported.stdout  # the earlier identity is moved aside
    assert run(second, "--server", "cards.example.org").stdout == run(first, "--server", "cards.example.org").stdout
    refused = run(second, "--import", code[:-1] + ("A" if code[-1] != "A" else "B"))
    assert refused.returncode != 0 and "does not check" in refused.stderr + refused.stdout


def test_an_identity_code_is_read_from_the_standard_input_and_kept_private(tmp_path: Path) -> None:
    """``--import -`` keeps the code off the command line (ps, shell history); both key files are the owner's."""
    key, other = new_key(), new_key()
    home = tmp_path / "home"
    imported = _identity_command(home, "--import", "-", stdin=export_code(key) + "\n")
    assert imported.returncode == 0, imported.stderr
    again = _identity_command(home, "--import", "-", stdin=export_code(other) + "\n")
    assert again.returncode == 0 and "kept in" in again.stdout
    (aside,) = home.glob("identity.json.replaced-*")
    assert key in aside.read_text(encoding="utf-8") and other in (home / "identity.json").read_text(encoding="utf-8")
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in home.glob("identity.json*")} == {
        "identity.json": 0o600, aside.name: 0o600}
    empty = _identity_command(home, "--import", "-", stdin="")
    assert empty.returncode == 1 and "identity code starts with" in empty.stderr


@pytest.mark.parametrize("language", ["ja", "lt"])
@pytest.mark.parametrize(("args", "english"), [
    (("identity", "--import", "CSID-AAAA"), "an identity code starts with"),
    (("identity", "--import", "CSID" + "-AAA1" * 14), "characters a code never has"),
    (("identity", "--import", "CSID" + "-AAAA" * 14), "does not check"),
    (("online", "--board"), "--board needs --game"),
    (("join", "127.0.0.1:9", "K7P2QX"), "opens only at a terminal"),
])
def test_the_identity_and_online_refusals_speak_the_readers_language(tmp_path: Path, language: str,
                                                                      args: tuple[str, ...], english: str) -> None:
    done = subprocess.run([sys.executable, "-m", "cardsuite", "--lang", language, *args], capture_output=True,
                          text=True, timeout=60, stdin=subprocess.DEVNULL,
                          env={**os.environ, "CARDSUITE_HOME": str(tmp_path)})
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("cardsuite: ") and done.stderr.count("\n") == 1  # one line
    assert english not in done.stderr


def test_showing_the_identity_makes_none(tmp_path: Path) -> None:
    home = tmp_path / "home"
    shown = _identity_command(home)
    assert shown.returncode == 0, shown.stderr
    assert "no player identity yet" in shown.stdout and "--import -" in shown.stdout
    assert not home.exists()


@pytest.mark.parametrize("args", [("--server", "cards.example.org"), ("--export",)])
def test_asking_for_the_code_or_id_of_no_identity_is_refused_and_makes_none(tmp_path: Path,
                                                                           args: tuple[str, ...]) -> None:
    """A script that asks for a code or an id gets no prose with success: one line on stderr, exit status 1."""
    home = tmp_path / "home"
    refused = _identity_command(home, *args)
    assert refused.returncode == 1 and refused.stdout == "", refused
    assert refused.stderr == ("cardsuite: this device has no player identity yet: it gets one when it first hosts"
                              " or joins a table\n")
    assert not home.exists()


@pytest.mark.parametrize("args", [("--game", "whist"), ("--game", "whist", "--board")])
def test_the_lobby_refuses_a_game_not_installed_as_play_does(tmp_path: Path, args: tuple[str, ...]) -> None:
    """``online --game whist`` does not answer "no public tables" with success: it names the games there are,
    before reaching any server."""
    env = {**os.environ, "CARDSUITE_HOME": str(tmp_path)}
    asked, played = (subprocess.run([sys.executable, "-m", "cardsuite", "--lang", "en", *command], text=True,
                                    capture_output=True, timeout=60, env=env, stdin=subprocess.DEVNULL)
                     for command in (("online", "127.0.0.1:9", *args), ("play", "whist")))
    assert asked.returncode == played.returncode == 1 and asked.stdout == "", asked
    assert asked.stderr == played.stderr and "'whist'" in asked.stderr and asked.stderr.count("\n") == 1


def test_keys_are_private_and_an_older_readable_file_is_made_private(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    key = identity.device_key()
    path = identity.identity_path()
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    path.chmod(0o644)  # kept by an earlier version, with the key it had before
    earlier = path.with_name("identity.json.replaced-20261206T220252Z")
    earlier.write_text('{"key": "..."}', encoding="utf-8")
    earlier.chmod(0o644)
    assert identity.load_key() == key and stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(earlier.stat().st_mode) == 0o600
    path.chmod(0o644)
    aside = identity.keep_key(new_key())
    assert aside is not None and stat.S_IMODE(aside.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_only_the_key_file_and_its_copies_kept_aside_are_made_private_and_never_through_a_link(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A person's own file beside the key, and a file elsewhere reached by a link named like a copy kept
    aside, keep their modes when the key is read."""
    home = tmp_path / "home"
    monkeypatch.setenv("CARDSUITE_HOME", str(home))
    key = identity.device_key()
    copies = ["identity.json.replaced-20261206T220252Z", "identity.json.replaced-20261206T220252Z-12",
              "identity.json.corrupt-20261207T171935Z", "identity.json.corrupt-20261207T171935Z-1"]
    others = ["identity.json.notes.txt", "identity.json.replaced-yesterday", "identity.jsonx",
              "identity.json.corrupt-20261207T171935Z.txt", "my-identity.json.replaced-20261206T220252Z"]
    for name in copies + others:
        (home / name).write_text("{}", encoding="utf-8")
        (home / name).chmod(0o664)
    shared = tmp_path / "shared.txt"
    shared.write_text("shared", encoding="utf-8")
    shared.chmod(0o644)
    for link in ("identity.json.link", "identity.json.corrupt-20261207T171936Z"):
        (home / link).symlink_to(shared)
    assert identity.load_key() == key
    modes = {name: stat.S_IMODE((home / name).stat().st_mode) for name in copies + others}
    assert modes == {**dict.fromkeys(copies, 0o600), **dict.fromkeys(others, 0o664)}
    assert stat.S_IMODE(shared.stat().st_mode) == 0o644


def test_a_damaged_key_file_left_readable_is_moved_aside_private_and_kept_so(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """An earlier version's readable key file, cut short: its copy kept aside holds most of the key."""
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    path = identity.identity_path()
    path.write_text('{"key": "B7UQT52AUL542IOJW4W4LHBZLGZZLIAOO', encoding="utf-8")
    path.chmod(0o644)
    assert identity.load_key() is None
    (aside,) = tmp_path.glob("identity.json.corrupt-*")
    assert stat.S_IMODE(aside.stat().st_mode) == 0o600
    paths.take_notices()
    for damaged in ('{"key": "short"}', "{not json"):  # left readable by an earlier version, read later
        aside.chmod(0o644)
        path.write_text(damaged, encoding="utf-8")
        path.chmod(0o644)
        assert identity.load_key() is None
        assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in tmp_path.iterdir()} == dict.fromkeys(
            (p.name for p in tmp_path.glob("identity.json.corrupt-*")), 0o600)
    aside.chmod(0o644)
    assert identity.load_key() is None  # no key file at all: the copies kept aside are still made private
    assert stat.S_IMODE(aside.stat().st_mode) == 0o600


def test_seat_tokens_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    seat = tokens.SavedSeat("ws://cards.example.org:8765", "ABC234", "ab" * 16, 1, "Ann")
    tokens.keep_seat(seat)
    assert tokens.find_seat(seat.server, seat.code) == seat
    assert stat.S_IMODE(tokens.seats_path().stat().st_mode) == 0o600
    tokens.seats_path().chmod(0o644)  # kept by an earlier version
    tokens.forget_seat(seat.server, seat.code)
    assert stat.S_IMODE(tokens.seats_path().stat().st_mode) == 0o600


@pytest.mark.parametrize("content", ["[" * 100_000 + "]" * 100_000, '{"s c": {"saved": "yesterday"}}', "folder"],
                         ids=["deep", "time", "folder"])
def test_a_hostile_seats_file_is_moved_aside_in_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                         content: str) -> None:
    """Nesting that would make the parser recurse, an entry's time that is not a number, a folder in its place."""
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    path = tokens.seats_path()
    if content == "folder":
        path.mkdir(parents=True)
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(content, encoding="utf-8")
    seat = tokens.SavedSeat("ws://cards.example.org:8765", "ABC234", "ab" * 16, 1, "Ann")
    tokens.keep_seat(seat)
    assert tokens.find_seat(seat.server, seat.code) == seat
    if content.startswith("{"):  # the malformed entry is only ignored
        assert paths.take_notices() == []
    else:
        (line,) = paths.take_notices()
        assert "online-seats.json is damaged" in line and "\n" not in line
        assert any(p.name.startswith("online-seats.json.corrupt-") for p in tmp_path.iterdir())


def test_a_seats_file_that_is_a_fifo_is_refused_at_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    path = tokens.seats_path()
    os.mkfifo(path)
    found: list[object] = []
    reader = threading.Thread(target=lambda: found.append(tokens.find_seat("ws://a:1", "ABC234")), daemon=True)
    reader.start()
    reader.join(10)
    try:
        assert found == [None]
    finally:
        if reader.is_alive():  # a reader that blocked on the FIFO: a writer lets it go
            with contextlib.suppress(OSError):
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))


def test_a_seats_file_that_cannot_be_read_is_never_written_over(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    path = tokens.seats_path()
    path.write_text('{"kept": {}}', encoding="utf-8")

    def refused(*args: object) -> object:
        raise FileUnreadable(f"cannot read {path}: Permission denied")

    monkeypatch.setattr(tokens, "read_json", refused)
    tokens.keep_seat(tokens.SavedSeat("ws://a:1", "ABC234", "ab" * 16, 1, "Ann"))
    tokens.forget_seat("ws://a:1", "ABC234")
    assert path.read_text(encoding="utf-8") == '{"kept": {}}'
    assert [p.name for p in tmp_path.iterdir()] == ["online-seats.json"]
    assert paths.take_notices() == [f"cannot read {path}: Permission denied: the seats of online tables kept there "
                                    "are not used"]  # said once: a notice still waiting is not added again


def test_the_servers_tables_are_private_from_the_first_byte(tmp_path: Path) -> None:
    """Deal secrets: the folder the server makes is 0700; the database, its -wal and -shm are 0600."""
    folder = tmp_path / "server"
    store = TableStore(folder / "tables.sqlite3")
    store.conn.execute("CREATE TABLE probe (x)")
    store.conn.execute("INSERT INTO probe VALUES (1)")
    modes = {p.name: stat.S_IMODE(p.stat().st_mode) for p in folder.iterdir()}
    assert modes == {"tables.sqlite3": 0o600, "tables.sqlite3-wal": 0o600, "tables.sqlite3-shm": 0o600}
    assert stat.S_IMODE(folder.stat().st_mode) == 0o700
    store.close()
    older = tmp_path / "older"
    older.mkdir()
    for name in ("tables.sqlite3", "tables.sqlite3-wal"):
        (older / name).touch(mode=0o644)
        (older / name).chmod(0o644)
    reopened = TableStore(older / "tables.sqlite3")
    assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in older.iterdir()} == {
        "tables.sqlite3": 0o600, "tables.sqlite3-wal": 0o600, "tables.sqlite3-shm": 0o600}
    reopened.close()


def test_the_lobby_screen_makes_the_identity_only_to_sit_down(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardsuite.cli import identity as command
    from cardsuite.tui.online import app as online_app
    from cardsuite.tui.online import lobby
    from cardsuite.tui.online.seating import Seating

    monkeypatch.setenv("CARDSUITE_HOME", str(tmp_path))
    url = "ws://cards.example.org:8765"
    chosen: list[Seating | None] = [None, Seating(url, code="ABC234", watch=True), Seating(url, code="ABC234")]
    opened: list[Seating] = []
    monkeypatch.setattr(lobby.LobbyApp, "run", lambda self: chosen.pop(0))
    monkeypatch.setattr(online_app, "run_online", opened.append)
    command._lobby_screen(url)  # looked, left
    command._lobby_screen(url)  # watched a table
    assert not identity.identity_path().exists() and opened[0].identity is None
    command._lobby_screen(url)  # sat down
    assert opened[1].identity == identity.server_key(identity.load_key() or "", url)
