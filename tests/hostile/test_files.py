"""The one bounded reader and atomic writer (``cardsuite.files``) with real files, FIFOs, devices and locks."""

from __future__ import annotations

import fcntl
import os
import stat
import time
from pathlib import Path

import pytest

from cardsuite import files, filewrites
from cardsuite.files import FileMissing, FileRefused, FileUnreadable


def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "record.json"
    os.mkfifo(fifo)
    with pytest.raises(FileRefused, match="not a regular file"):
        files.read_bytes(fifo, 1000)  # no writer: a blocking open would hang here


def test_a_link_to_a_device_is_refused_without_reading_it(tmp_path: Path) -> None:
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(FileRefused, match="not a regular file"):
        files.read_json(link)
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(FileRefused, match="not a regular file"):
        files.read_json(folder)


def test_size_limit_and_missing_and_unreadable_files(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2049)
    with pytest.raises(FileRefused, match="larger than 2 KB"):
        files.read_bytes(big, 2048)
    assert files.read_bytes(big, 2049) == b" " * 2049
    with pytest.raises(FileMissing):
        files.read_bytes(tmp_path / "none.json", 10)
    private = tmp_path / "private.json"
    private.write_text("{}")
    private.chmod(0)
    if os.geteuid() != 0:  # root reads anything
        with pytest.raises(FileUnreadable, match="Permission denied"):
            files.read_bytes(private, 10)


def test_utf8_with_a_byte_order_mark_is_text_other_bytes_are_refused(tmp_path: Path) -> None:
    assert files.decode("\ufeffnames = []".encode()) == "names = []"
    with pytest.raises(FileRefused, match=r"not UTF-8 text \(byte 3\)"):
        files.decode(b"abc\xff")
    with pytest.raises(FileRefused, match="not UTF-8"):
        files.decode("\ud800".encode("utf-8", "surrogatepass"))


@pytest.mark.parametrize(("text", "why"), [
    ("[" * 100_000 + "]" * 100_000, "nested deeper than 32"),
    ('{"a": ' * 5000 + "1" + "}" * 5000, "nested deeper than 32"),
    ('{"players": ' + "9" * 5000 + "}", "longer than 18 digits"),
    ('{"players": -' + "9" * 19 + "}", "longer than 18 digits"),
    ('{"hints": [1e400]}', "not finite"),
    ('{"hints": [NaN]}', "NaN is not a JSON number"),
    ('{"name": "\\ud800"}', "lone surrogate"),
    ('{"\\udfff": 1}', "lone surrogate"),
    ('{"a": 1', "not JSON: a ',' is missing at line 1, column 8"),
    ('{not json', "not JSON: a key in double quotes is missing at line 1, column 2"),
    ('{"a" 1}', "not JSON: a ':' is missing"),
    ('"abc', "not JSON: a string that is never closed at line 1, column 1"),
    ('"a\x01"', "not JSON: a control character in a string"),
    ('"\\q"', r"not JSON: an unknown \\ escape in a string"),
    ('"\\u12"', r"not JSON: a broken \\uXXXX escape in a string"),
    ("1 2", "not JSON: more text after the end"),
    ("[1,]", "not JSON: a value is missing"),
    ('{"a": 1, "b": {"c": 2, "c": 3}}', 'key "c" is given twice in one object'),
    ('[{"\\u001b[2J": 1, "\\u001b[2J": 2}]', r'key "\\x1b\[2J" is given twice'),
])
def test_hostile_json_is_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(FileRefused, match=why.replace("(", r"\(")):
        files.parse_json(text)


def test_json_depth_counts_brackets_outside_strings_only() -> None:
    text = '{"a": "' + "[" * 1000 + '\\"[[[", "b": [[[1]]]}'
    assert files.parse_json(text) == {"a": "[" * 1000 + '"[[[', "b": [[[1]]]}
    assert files.parse_json('{"n": 123456789012345678, "pair": "\\ud83d\\ude00"}')["pair"] == "😀"  # type: ignore[index]


@pytest.mark.parametrize(("text", "why"), [
    ("a = " + "[" * 5000 + "]" * 5000, "nested deeper than 32"),
    ("a = " + "{b = " * 3000 + "1" + "}" * 3000, "nested deeper than 32"),
    (".".join(["a"] * 5000) + " = 1", "nested deeper than 32"),
    ("a = " + "9" * 5000, "not TOML this program reads"),
    ("a = 1" + "0" * 30, "longer than 18 digits"),
    ("speed = inf", "not finite"),
    ("speed = nan", "not finite"),
    ('a = "\\ud800"', "not TOML"),
    ("a = [1", "not TOML"),
])
def test_hostile_toml_is_refused_in_one_line(text: str, why: str) -> None:
    with pytest.raises(FileRefused, match=why):
        files.parse_toml(text)


def test_toml_depth_skips_strings_and_comments() -> None:
    text = 'a = "[[[[" # [[[[[[\nb = \'\'\'[[[\n[[[\'\'\'\nc = [[1], [2]]\n[t]\nd = """x\\"[[["""\n'
    assert files.parse_toml(text) == {"a": "[[[[", "b": "[[[\n[[[", "c": [[1], [2]], "t": {"d": 'x"[[['}}


def test_writes_follow_the_umask_and_keep_an_existing_files_mode(tmp_path: Path) -> None:
    target = tmp_path / "sub" / "save.json"
    filewrites.write_atomically(target, "one")
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~filewrites.current_umask()
    target.chmod(0o600)
    filewrites.write_atomically(target, "two")
    assert target.read_text() == "two" and stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in target.parent.iterdir()] == ["save.json"]  # no temporary file left


def test_an_exclusive_write_never_replaces_a_file(tmp_path: Path) -> None:
    target = tmp_path / "export.json"
    filewrites.write_atomically(target, "first", exclusive=True)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~filewrites.current_umask()
    with pytest.raises(FileExistsError):
        filewrites.write_atomically(target, "second", exclusive=True)
    assert target.read_text() == "first"
    assert [p.name for p in tmp_path.iterdir()] == ["export.json"]


def test_text_that_cannot_be_utf8_is_refused_before_anything_is_written(tmp_path: Path) -> None:
    target = tmp_path / "save.json"
    with pytest.raises(UnicodeEncodeError):
        filewrites.write_atomically(target, "name \udcff")
    assert list(tmp_path.iterdir()) == []


def test_a_folder_that_is_a_file_is_one_line(tmp_path: Path) -> None:
    plain = tmp_path / "data"
    plain.write_text("not a folder")
    with pytest.raises(FileRefused, match="is not a folder"):
        filewrites.ensure_folder(plain)
    with pytest.raises(FileRefused, match=r"cannot create the folder .*: Not a directory"):
        filewrites.write_atomically(plain / "saves" / "x.json", "{}")


def test_the_folders_a_write_creates_are_the_owners_alone(tmp_path: Path) -> None:
    """New folders are 0700 (the data folder holds the identity key); a folder already there keeps its mode."""
    tmp_path.chmod(0o755)
    filewrites.write_atomically(tmp_path / "home" / "saves" / "x.json", "{}", private=True)
    made = (tmp_path, tmp_path / "home", tmp_path / "home" / "saves")
    assert [stat.S_IMODE(p.stat().st_mode) for p in made] == [0o755, 0o700, 0o700]


def test_stale_temporaries_are_removed_but_a_live_writers_is_not(tmp_path: Path) -> None:
    """A killed writer's temporary goes when its folder is tidied; one whose writer holds its lock stays."""
    dead = tmp_path / ".save.json.cardsuite-00000000000000de.tmp"
    dead.write_text("half")
    live = tmp_path / ".save.json.cardsuite-000000000000011e.tmp"
    live.write_text("being written")
    fresh = tmp_path / ".other.json.cardsuite-0000000000000ae1.tmp"
    fresh.write_text("just created")
    old = time.time() - 60
    for path in (dead, live):
        os.utime(path, (old, old))
    holder = os.open(live, os.O_RDONLY)
    fcntl.flock(holder, fcntl.LOCK_EX)  # the same lock a writer holds (another open file description)
    try:
        filewrites.write_atomically(tmp_path / "save.json", "whole")  # a write touches nothing else
        assert len(list(tmp_path.iterdir())) == 4
        assert filewrites.remove_stale_temporaries(tmp_path, "*.json") == 1
        names = sorted(p.name for p in tmp_path.iterdir())
    finally:
        os.close(holder)
    assert names == [fresh.name, live.name, "save.json"]
    assert filewrites.remove_stale_temporaries(tmp_path, "*.json", now=time.time() + 60) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["save.json"]


def test_only_temporaries_cardsuite_names_are_ever_removed(tmp_path: Path) -> None:
    """Another program's ``.draft.tmp``, or a temporary for a file cardsuite does not write there, stays."""
    theirs = [".draft.tmp", ".m.json.1234abcd.tmp", ".x.json.cardsuite-123.tmp", ".settings.toml.cardsuite-"
              "0123456789abcdef.tmp", "a.json.cardsuite-0123456789abcdef.tmp"]
    for name in theirs:
        (tmp_path / name).write_text("someone's")
        os.utime(tmp_path / name, (1, 1))
    assert filewrites.remove_stale_temporaries(tmp_path, "*.json") == 0
    filewrites.write_atomically(tmp_path / "m.json", "{}", exclusive=True)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*theirs, "m.json"])
    assert filewrites.TEMPORARY.fullmatch(filewrites.temporary_name("m.json"))


@pytest.mark.parametrize("name", ["", ".", "..", "a/..", "x\x00y"])
def test_a_name_that_is_no_file_name_is_refused_before_anything_is_written(tmp_path: Path, name: str) -> None:
    before = os.getcwd()
    os.chdir(tmp_path)
    try:
        with pytest.raises(FileRefused, match="is not a file name"):
            filewrites.write_atomically(name, "{}", exclusive=True)
    finally:
        os.chdir(before)
    assert list(tmp_path.iterdir()) == []


def test_a_folder_is_not_written_over_and_a_persons_folder_is_not_made(tmp_path: Path) -> None:
    (tmp_path / "dir").mkdir()
    with pytest.raises(FileRefused, match="is a folder"):
        filewrites.write_atomically(tmp_path / "dir", "{}")
    with pytest.raises(FileRefused, match="there is no folder"):
        filewrites.write_atomically(tmp_path / "new" / "m.json", "{}", exclusive=True, make_folder=False)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["dir"]


def test_a_file_behind_a_link_is_not_written_through_the_link(tmp_path: Path) -> None:
    """More in test_links.py: the link and the file it points to both stay as they were."""
    (tmp_path / "dotfiles").mkdir()
    real = tmp_path / "dotfiles" / "settings.toml"
    real.write_text("old")
    link = tmp_path / "settings.toml"
    link.symlink_to(real)
    with pytest.raises(FileRefused, match="is a symbolic link"):
        filewrites.write_atomically(link, "new")
    assert link.is_symlink() and real.read_text() == "old"


def test_moving_aside_never_replaces_a_file(tmp_path: Path) -> None:
    first, second = tmp_path / "a", tmp_path / "b"
    first.write_text("a")
    second.write_text("b")
    with pytest.raises(FileExistsError):
        filewrites.move_aside(first, second)
    assert first.read_text() == "a" and second.read_text() == "b"
    filewrites.move_aside(first, tmp_path / "c")
    assert not first.exists() and (tmp_path / "c").read_text() == "a"


def test_writes_of_secrets_are_private_whatever_the_umask_and_tighten_an_older_file(tmp_path: Path) -> None:
    secret = tmp_path / "identity.json"
    filewrites.write_atomically(secret, "key", private=True)
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    secret.chmod(0o644)  # written by a version that gave it the umask's mode
    filewrites.write_atomically(secret, "key again", private=True)
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    secret.chmod(0o400)  # a person made it read-only: never widened
    filewrites.write_atomically(secret, "key", private=True)
    assert stat.S_IMODE(secret.stat().st_mode) == 0o400
    fresh = tmp_path / "new.json"
    filewrites.write_atomically(fresh, "key", private=True, exclusive=True)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o600
    old = tmp_path / "older.json"
    old.write_text("key")
    old.chmod(0o664)
    filewrites.make_private(old)
    assert stat.S_IMODE(old.stat().st_mode) == 0o600


def test_making_a_file_private_never_goes_through_a_link(tmp_path: Path) -> None:
    """A link is left as it is, and so is the file it points to (which may be anyone's, anywhere)."""
    elsewhere = tmp_path / "shared.txt"
    elsewhere.write_text("shared")
    elsewhere.chmod(0o644)
    link = tmp_path / "identity.json"
    link.symlink_to(elsewhere)
    filewrites.make_private(link)
    assert stat.S_IMODE(elsewhere.stat().st_mode) == 0o644 and link.is_symlink()
    filewrites.make_private(tmp_path / "missing.json")  # nothing there: nothing done, no error
    assert sorted(p.name for p in tmp_path.iterdir()) == ["identity.json", "shared.txt"]


@pytest.mark.parametrize("name", ["あ" * 80 + ".json", "ą" * 120 + ".json", "a" * 250 + ".json"],
                         ids=["japanese", "lithuanian", "ascii"])
def test_a_long_name_in_any_script_can_be_written_and_its_temporary_is_known(tmp_path: Path, name: str) -> None:
    """A name near the 255-byte limit of file names: its temporary's name fits in 255 bytes too."""
    target = tmp_path / name
    filewrites.write_atomically(target, "{}")
    assert target.read_text() == "{}"
    temporary = filewrites.temporary_name(name)
    assert len(os.fsencode(temporary)) <= 255
    found = filewrites.TEMPORARY.fullmatch(temporary)
    assert found and found.group("name").endswith(".json") and name.startswith(found.group("name")[:-5])
    (tmp_path / temporary).write_text("half")
    os.utime(tmp_path / temporary, (1, 1))
    assert filewrites.remove_stale_temporaries(tmp_path, "*.json") == 1
