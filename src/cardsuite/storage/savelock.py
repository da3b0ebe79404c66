"""One process at a time per save: a save is locked by the process whose table writes it.

The lock is ``flock`` on a small hidden file beside the save (``.<id>.json.lock``), so the system lets go
of it when the process ends, however it ends: a crash never leaves a save locked. Within one process a
save may be claimed again (the home screen reopening the match its last table left); the lock goes when
the last claim is released, and its file with it. A lock file left by a crash is empty and is reused; one
whose save was never written (a kill between the claim and the first write) is removed by ``remove_orphans``.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import re
import stat
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..filewrites import NAME_BYTES, name_start

SUFFIX = ".lock"
_LOCK_NAME = re.compile(r"\.(.+\.json|.*-[0-9a-f]{16})\.lock", re.DOTALL)
"""The names ``lock_path`` gives a save's lock: ``.<id>.json.lock``, or cut and hashed."""


@dataclass
class _Held:
    fd: int
    path: Path
    claims: int


_held: dict[Path, _Held] = {}
_guard = threading.Lock()


def lock_path(save: Path) -> Path:
    """The lock file of ``save``: ``.<name>.lock`` beside it (a name too long for that is cut and hashed)."""
    name = f".{save.name}{SUFFIX}"
    if len(os.fsencode(name)) <= NAME_BYTES:
        return save.with_name(name)
    digest = hashlib.sha256(os.fsencode(save.name)).hexdigest()[:16]
    room = NAME_BYTES - len(f"..-{digest}{SUFFIX}")
    return save.with_name(f".{name_start(save.name, room)}-{digest}{SUFFIX}")


def _key(save: Path) -> Path:
    return Path(os.path.abspath(save))


_FLAGS = getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_NOFOLLOW", 0)


def _open(lock: Path) -> int:
    """The lock file, created if need be (only opened, in a folder this process may not write in)."""
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT | _FLAGS, 0o600)
    except OSError:
        return os.open(lock, os.O_RDONLY | _FLAGS)


def _open_for_writing(lock: Path) -> int:
    """The lock file, created if need be, open for writing: ``OSError`` where it cannot be (a read-only folder)."""
    return os.open(lock, os.O_RDWR | os.O_CREAT | _FLAGS, 0o600)


def _acquire(lock: Path, opener: Callable[[Path], int]) -> int | None:
    """A descriptor holding the lock of the file ``lock`` (opened by ``opener``), or None when another process
    holds it; ``OSError`` when there is no lock to take (a read-only folder without the file: nobody else can
    take it either).

    A holder removes the file before it lets go: a lock taken on a file that is no longer at its name
    is let go and taken again on the file that is there.
    """
    for _ in range(100):
        fd = opener(lock)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            return None
        except OSError:
            os.close(fd)
            raise
        try:
            mine, there = os.fstat(fd), os.stat(lock, follow_symlinks=False)
        except OSError:
            os.close(fd)
            continue
        if (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino):
            return fd
        os.close(fd)
    return None


def claim(save: Path) -> bool:
    """Take the lock of ``save`` for this process (again, if it holds it already); False when another
    process holds it. Where no lock can be taken (a read-only folder), True: nothing is locked."""
    try:
        return _claim(save, _open)
    except OSError:
        return True


def claim_for_writing(save: Path) -> bool:
    """Take the lock of ``save`` as ``claim`` does, but only on a lock file this process can write: ``OSError``
    where none can be taken (a read-only folder), for a process that will write there and must not share it."""
    return _claim(save, _open_for_writing)


def _claim(save: Path, opener: Callable[[Path], int]) -> bool:
    """Take the lock of ``save`` (its file opened by ``opener``); False when another process holds it,
    ``OSError`` when there is no lock to take."""
    key = _key(save)
    with _guard:
        held = _held.get(key)
        if held is not None:
            held.claims += 1
            return True
        lock = lock_path(key)
        fd = _acquire(lock, opener)
        if fd is None:
            return False
        _held[key] = _Held(fd, lock, 1)
        return True


def release(save: Path) -> None:
    """Give back one claim of ``save``; the last one lets go of the lock and removes its file."""
    key = _key(save)
    with _guard:
        held = _held.get(key)
        if held is None:
            return
        held.claims -= 1
        if held.claims > 0:
            return
        del _held[key]
        with contextlib.suppress(OSError):
            held.path.unlink()  # while still holding it: whoever waits on this file looks again
        os.close(held.fd)


def held_here(save: Path) -> bool:
    """Whether this process holds the lock of ``save``."""
    return _key(save) in _held


def open_elsewhere(save: Path) -> bool:
    """Whether another process holds ``save`` (a table of it is open in another window)."""
    if held_here(save):
        return False
    if not claim(save):
        return True
    release(save)
    return False


def remove_orphans(folder: Path) -> None:
    """Remove the lock files in ``folder`` whose save does not exist and which no process holds (a kill
    between claiming a save and its first write leaves one). Only an empty regular file with a lock's name
    is removed, and only while holding its lock, as ``release`` does: nothing else is touched."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in sorted(set(names) - _locks_of_files(folder, names)):
        if _is_lock_name(name):
            _remove_orphan(folder, name)


def _is_lock_name(name: str) -> bool:
    """Whether ``lock_path`` could have given ``name``: ``.<id>.json.lock``, or a cut and hashed name, which is
    only made for a name too long otherwise (so it fills the file system's name, but for a last character)."""
    found = _LOCK_NAME.fullmatch(name)
    if found is None:
        return False
    return found[1].endswith(".json") or len(os.fsencode(name)) > NAME_BYTES - 4


def _locks_of_files(folder: Path, names: list[str]) -> set[str]:
    """The lock names of the files there are in ``folder`` (which are not orphans)."""
    return {lock_path(folder / name).name for name in names if not name.endswith(SUFFIX)}


def _remove_orphan(folder: Path, name: str) -> None:
    """Remove the lock file ``name`` if it is an empty regular file, nobody holds it, and its save is still
    not there once it is held."""
    lock = folder / name
    try:
        seen = os.lstat(lock)
        if not stat.S_ISREG(seen.st_mode) or seen.st_size:
            return
        fd = os.open(lock, os.O_RDWR | _FLAGS)
    except OSError:
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        mine, there = os.fstat(fd), os.lstat(lock)
        if (mine.st_dev, mine.st_ino) != (there.st_dev, there.st_ino) or mine.st_size:
            return
        if name in _locks_of_files(folder, os.listdir(folder)):
            return
        lock.unlink()  # while holding it: whoever waits on this file looks again
    except OSError:  # held by a live process (BlockingIOError), or gone meanwhile
        return
    finally:
        os.close(fd)
