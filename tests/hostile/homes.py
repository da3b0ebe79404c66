"""Homes a person may really have: on a full disk, on a read-only file system, a file, missing.

A full or read-only home is a small tmpfs mounted for the test (tests run as root, as CI does; without the
right to mount, these tests fail and say so rather than pass without checking anything). ``snapshot``
records every file of a home with its bytes, so a test can say what a command changed.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

Snapshot = dict[str, str]


@contextlib.contextmanager
def tmpfs(where: Path, size_kb: int = 512) -> Iterator[Path]:
    """A tmpfs of ``size_kb`` KB mounted at ``where`` (made if need be), unmounted afterwards."""
    where.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size_kb}k,mode=0755", "tmpfs", str(where)],
                          capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.fail(f"these tests mount a tmpfs, which needs root: {done.stderr.strip()}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], capture_output=True, check=False)


def make_read_only(where: Path) -> None:
    """Remount the tmpfs at ``where`` read-only (even root cannot write there then)."""
    subprocess.run(["mount", "-o", "remount,ro", str(where)], capture_output=True, check=True)


def fill(where: Path) -> None:
    """Fill the file system of ``where`` to the last byte with one file, ``filler`` (writes then fail)."""
    with open(where / "filler", "wb", buffering=0) as handle:
        block = b"\0" * 4096
        with contextlib.suppress(OSError):
            while True:
                handle.write(block)
        with contextlib.suppress(OSError):
            while True:
                handle.write(b"\0")


def snapshot(home: Path) -> Snapshot:
    """Every entry under ``home``: its path and a digest of its bytes (``dir``, ``link:...``, ``fifo``)."""
    out: Snapshot = {}
    if not home.is_dir():
        return {"": "file" if home.exists() else "missing"}
    for root, dirs, names in os.walk(home):
        for name in dirs:
            out[os.path.relpath(os.path.join(root, name), home)] = "dir"
        for name in names:
            path = Path(root, name)
            key = os.path.relpath(path, home)
            if path.is_symlink():
                out[key] = "link:" + os.readlink(path)
            elif path.is_file():
                out[key] = hashlib.sha256(path.read_bytes()).hexdigest()
            else:
                out[key] = "special"
    return out
