"""A throwaway PostgreSQL cluster in a folder of its own, on loopback: for the tests and the load bench.

    python scripts/pg_cluster.py start DIR     # prints postgresql://postgres@127.0.0.1:PORT/cardsuite
    python scripts/pg_cluster.py stop DIR

It uses Debian's PostgreSQL (``scripts/need.sh initdb`` installs it). ``initdb`` refuses to run as root,
so as root the cluster belongs to the ``postgres`` user (Debian's package creates it) and DIR is handed to
that user. The cluster listens on 127.0.0.1 only, on a free port, with ``trust`` authentication: it is for
tests on this machine, never for serving.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

DATABASE = "cardsuite"


class ClusterError(Exception):
    """The cluster could not be made or started (the message says why, in one line)."""


def bin_dir() -> Path:
    """The folder of ``initdb`` and ``pg_ctl``: Debian keeps them under /usr/lib/postgresql/VERSION/bin."""
    found = shutil.which("pg_config")
    if found:
        out = subprocess.run([found, "--bindir"], capture_output=True, text=True, check=False).stdout.strip()
        if out and (Path(out) / "initdb").exists():
            return Path(out)
    versions = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4]))
    if versions:
        return Path(versions[-1]).parent
    initdb = shutil.which("initdb")
    if initdb:
        return Path(os.path.realpath(initdb)).parent
    raise ClusterError("PostgreSQL is not installed: run scripts/need.sh initdb (Debian's postgresql)")


def _as_owner() -> list[str]:
    """The command prefix that runs a PostgreSQL program as the cluster's owner (``postgres`` when root)."""
    if os.geteuid() != 0:
        return []
    try:
        pwd.getpwnam("postgres")
    except KeyError:
        raise ClusterError("running as root, but there is no 'postgres' user to own the cluster") from None
    return ["runuser", "-u", "postgres", "--"]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _run(command: list[str], what: str) -> None:
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    if done.returncode:
        tail = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        raise ClusterError(f"{what} failed: {tail[0]}")


def start(folder: Path) -> str:
    """Make (once) and start a cluster in ``folder``; its URL, with the database ``cardsuite`` created."""
    folder.mkdir(parents=True, exist_ok=True)
    tools, owner = bin_dir(), _as_owner()
    data = folder / "data"
    if owner:
        shutil.chown(folder, "postgres", "postgres")
    folder.chmod(0o700)
    if not (data / "PG_VERSION").exists():
        _run([*owner, str(tools / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
              "--no-instructions", "--locale=C"], "initdb")
    port = _free_port()
    options = f"-c listen_addresses=127.0.0.1 -p {port} -k {folder} -c max_connections=200 -c fsync=off" \
              " -c full_page_writes=off"
    _run([*owner, str(tools / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-w", "-t", "60",
          "-o", options, "start"], "pg_ctl start")
    (folder / "port").write_text(str(port))
    url = f"postgresql://postgres@127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        done = subprocess.run([str(tools / "psql"), f"{url}/postgres", "-qAtc",
                               f"SELECT 1 FROM pg_database WHERE datname = '{DATABASE}'"],
                              capture_output=True, text=True, check=False)
        if done.returncode == 0:
            break
        if time.monotonic() > deadline:
            raise ClusterError(f"the cluster did not answer: {done.stderr.strip()}")
        time.sleep(0.2)
    if done.stdout.strip() != "1":
        _run([str(tools / "psql"), f"{url}/postgres", "-qc", f"CREATE DATABASE {DATABASE}"], "CREATE DATABASE")
    return f"{url}/{DATABASE}"


def stop(folder: Path) -> None:
    """Stop the cluster in ``folder`` (fast shutdown); nothing happens when it is not running."""
    data = folder / "data"
    if not (data / "postmaster.pid").exists():
        return
    _run([*_as_owner(), str(bin_dir() / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"], "pg_ctl stop")


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: pg_cluster.py start|stop DIR", file=sys.stderr)
        return 2
    try:
        if argv[0] == "start":
            print(start(Path(argv[1]).resolve()))
        else:
            stop(Path(argv[1]).resolve())
    except ClusterError as exc:
        print(f"pg_cluster: FAIL: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
