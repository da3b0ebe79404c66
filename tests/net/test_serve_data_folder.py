"""``cardsuite serve`` and its data folder, with real processes: one server per SQLite folder, a folder that
cannot be one, a port already taken (each one line), and the folders it creates being its user's alone."""

from __future__ import annotations

import contextlib
import os
import stat
import subprocess
import sys
from pathlib import Path

from .helpers import running_server, start_server


def _serve(*args: str, home: Path | None = None, lang: str = "en") -> subprocess.CompletedProcess[str]:
    """``cardsuite serve ARGS`` run to its end (a refusal ends it at once), in the language ``lang``."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    if home is not None:
        env["CARDSUITE_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "cardsuite", "--lang", lang, "serve", *args], capture_output=True,
                          text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)


def _one_line(done: subprocess.CompletedProcess[str]) -> str:
    assert done.returncode == 1, done
    assert done.stdout == "" and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done
    return done.stderr


def test_a_second_server_on_the_same_sqlite_folder_is_refused_in_one_line(tmp_path: Path) -> None:
    """SQLite is for one process: a second ``serve`` on the folder would keep its own timers for the same
    tables. It refuses, naming the folder; once the first is gone (even killed), the folder serves again."""
    data = tmp_path / "server"
    with running_server(data):
        line = _one_line(_serve("--port", "0", "--data", str(data)))
        assert str(data) in line and "another `cardsuite serve` is using the data folder" in line
        assert "resumed" not in line and "serving" not in line
    again = start_server(data)  # stopped: its lock is let go
    again.kill()  # killed: the system lets go of it too
    with running_server(data):
        pass
    with running_server(tmp_path / "other"):  # another folder is another server's
        pass


def test_the_lock_is_held_through_the_default_data_folder(tmp_path: Path) -> None:
    """``CARDSUITE_HOME`` without ``--data``: the same folder, the same refusal."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1", "CARDSUITE_HOME": str(tmp_path)}
    first = subprocess.Popen([sys.executable, "-m", "cardsuite", "serve", "--port", "0"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert first.stdout is not None and "serving " in first.stdout.readline()
        line = _one_line(_serve("--port", "0", home=tmp_path))
        assert str(tmp_path / "server") in line and "another `cardsuite serve`" in line
    finally:
        first.terminate()
        first.communicate(timeout=10)


def test_a_data_folder_that_cannot_be_one_is_named_not_the_address(tmp_path: Path) -> None:
    taken = tmp_path / "a-file"
    taken.write_text("not a folder\n", encoding="utf-8")
    for data, why in ((taken, "is not a folder"), (taken / "under", "Not a directory")):
        line = _one_line(_serve("--port", "0", "--data", str(data)))
        assert line.startswith("cardsuite: the server's data folder cannot be used: ") and str(data) in line, line
        assert why in line and "cannot serve on" not in line and "127.0.0.1" not in line


def test_a_port_already_taken_is_one_line(tmp_path: Path) -> None:
    with running_server(tmp_path / "first") as first:
        port = first.url.rsplit(":", 1)[1].split("/", 1)[0]
        line = _one_line(_serve("--port", port, "--data", str(tmp_path / "second")))
        assert line.startswith(f"cardsuite: cannot serve on 127.0.0.1:{port}: ") and "in use" in line, line


def test_a_port_already_taken_is_said_in_the_readers_language(tmp_path: Path) -> None:
    with running_server(tmp_path / "first") as first:
        port = first.url.rsplit(":", 1)[1].split("/", 1)[0]
        line = _one_line(_serve("--port", port, "--data", str(tmp_path / "second"), lang="ja"))
        assert f"127.0.0.1:{port}" in line and "cannot serve" not in line and "待ち受け" in line, line


def test_the_folders_serve_creates_are_its_users_alone(tmp_path: Path) -> None:
    """The data folder and every parent ``serve`` makes for it are ``0700``, as every other command's."""
    before = os.umask(0o022)
    try:
        with running_server(tmp_path / "new" / "deeper" / "server"):
            pass
        home = tmp_path / "home"
        refused = _serve("--port", "1", "--host", "256.0.0.1", home=home)  # no such address: it stops there
    finally:
        os.umask(before)
    assert refused.returncode == 1, refused
    made = [tmp_path / "new", tmp_path / "new" / "deeper", tmp_path / "new" / "deeper" / "server", home,
            home / "server"]
    assert {str(p): oct(stat.S_IMODE(p.stat().st_mode)) for p in made} == {str(p): "0o700" for p in made}


def test_the_shared_stores_options_without_a_store_are_refused_in_one_line(tmp_path: Path) -> None:
    """``--advertise`` and ``--lease-seconds`` mean something only to servers sharing a ``--store``: without
    one the server would run on its own SQLite folder as if it were one of several."""
    for args, option in ((["--advertise", "wss://cards.example.org/p/1"], "--advertise"),
                         (["--lease-seconds", "8"], "--lease-seconds")):
        line = _one_line(_serve("--port", "0", "--data", str(tmp_path / "server"), *args, home=tmp_path))
        assert line == f"cardsuite: {option} is for servers that share a --store: give --store postgresql://… or " \
                       "leave it out\n", line
    line = _one_line(_serve("--port", "0", "--data", str(tmp_path / "server"), "--lease-seconds", "8", lang="ja",
                            home=tmp_path))
    assert line.startswith("cardsuite: --lease-seconds は --store を共有するサーバーのためのものです"), line
    assert not (tmp_path / "server").exists()


def test_a_data_folder_whose_lock_cannot_be_written_is_refused_in_one_line(tmp_path: Path) -> None:
    """Where no lock can be taken, saves go on unlocked, but a server would then share its folder with any
    second one: both refuse, naming the folder (a folder on a read-only file system is refused the same way;
    a directory in the lock's place makes that so even for root, whom file modes do not stop)."""
    data = tmp_path / "server"
    (data / ".tables.sqlite3.lock").mkdir(parents=True)
    for _ in range(2):
        line = _one_line(_serve("--port", "0", "--data", str(data)))
        assert line == (f"cardsuite: the server's data folder cannot be used: {data} cannot be written "
                        "(.tables.sqlite3.lock: Is a directory)\n"), line
    assert sorted(p.name for p in data.iterdir()) == [".tables.sqlite3.lock"]


def test_a_store_that_cannot_be_opened_for_writing_is_refused_in_one_line(tmp_path: Path) -> None:
    """The store is opened for writing at start, so a server never starts that would refuse every table."""
    data = tmp_path / "server"
    (data / "tables.sqlite3").mkdir(parents=True)
    line = _one_line(_serve("--port", "0", "--data", str(data)))
    assert line == (f"cardsuite: the server's data folder cannot be used: {data} cannot be written "
                    "(tables.sqlite3: Is a directory)\n"), line


def test_a_store_file_that_is_a_symbolic_link_is_refused_and_its_file_left_as_it_is(tmp_path: Path) -> None:
    """A link in the data folder (planted there, say) would have the server write its tables or its finished
    matches into, and take the group's and others' permissions from, whatever file it points to: refused in one
    line at start."""
    import sqlite3

    theirs = tmp_path / "shared.sqlite3"
    with contextlib.closing(sqlite3.connect(theirs)) as conn:
        conn.execute("CREATE TABLE mine (x)")
        conn.commit()
    theirs.chmod(0o644)
    before = theirs.read_bytes()
    for name in ("tables.sqlite3", "tables.sqlite3-wal", "tables.sqlite3-shm", "history.sqlite3",
                 "history.sqlite3-wal"):
        data = tmp_path / f"data-{name}"
        data.mkdir(mode=0o700)
        (data / name).symlink_to(theirs)
        line = _one_line(_serve("--port", "0", "--data", str(data)))
        assert line.startswith("cardsuite: the server's data folder cannot be used: ") and str(data) in line, line
        assert f"{name} in " in line and "is a symbolic link" in line and "serving" not in line, line
        assert theirs.read_bytes() == before and stat.S_IMODE(theirs.stat().st_mode) == 0o644
        assert (data / name).is_symlink() and [p.name for p in data.iterdir()] == [name]


def test_a_data_folder_that_is_a_link_to_a_folder_serves_with_a_private_store(tmp_path: Path) -> None:
    """The operator names the folder, and may name it through a link: the store is a file of the folder it
    points to, private as ever."""
    real = tmp_path / "real"
    real.mkdir(mode=0o700)
    (tmp_path / "data").symlink_to(real)
    with running_server(tmp_path / "data"):
        pass
    assert stat.S_IMODE((real / "tables.sqlite3").stat().st_mode) == 0o600 and (tmp_path / "data").is_symlink()
