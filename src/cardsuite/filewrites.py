"""Every file cardsuite writes goes through here: atomic, private where asked, never over what was not asked for.

Writes are atomic: a temporary ``.<name>.cardsuite-<random>.tmp`` in the same folder, flushed and synced,
then renamed over the target (or linked to it, for files that must not overwrite anything). The new file
gets the usual mode for the umask (or keeps the mode of the file it replaces); a private file (a secret)
is readable by its owner alone, and so is a folder a write creates (``FOLDER_MODE``). No write goes through
a symbolic link (``refuse_link``: one line) but the settings file's, a link a person makes to keep it in a
dotfiles folder (``through_link``); a temporary is created exclusively, never through a link planted at its
name. A write touches nothing else in its
folder. Temporary files left by a killed writer are removed only by ``remove_stale_temporaries``, which
cardsuite calls on its own folders alone, and which removes only files of that name whose writer holds no
lock.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import fnmatch
import os
import re
import secrets
import stat
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from .core.message import Message, msg
from .files import FileRefused
from .naming import quoted, shown

STALE_SECONDS = 2.0
"""A temporary file this old whose writer holds no lock is left over from a killed writer."""

_umask: int | None = None


def current_umask() -> int:
    """The process umask, read without changing it where the system allows (``/proc``)."""
    global _umask
    if _umask is None:
        try:
            for line in Path("/proc/self/status").read_text(encoding="ascii").splitlines():
                if line.startswith("Umask:"):
                    _umask = int(line.split()[1], 8)
        except (OSError, ValueError, IndexError):
            pass
        if _umask is None:  # set and restore at once, before any thread of ours writes
            _umask = os.umask(0o022)
            os.umask(_umask)
    return _umask


PRIVATE = 0o600
"""The mode of a secret (an identity key, seat tokens, a server's tables): its owner reads and writes it."""


def _new_mode(target: Path, private: bool = False) -> int:
    """The mode a write gives ``target``: the one it has (a private file's never wider than ``PRIVATE``), or
    for a new file the umask's (``PRIVATE`` for a private one)."""
    try:
        mode = stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return PRIVATE if private else 0o666 & ~current_umask()
    return mode & PRIVATE if private else mode


def make_private(path: Path) -> None:
    """Take every permission of the group and others away from the file ``path`` (a secret written by a
    version that gave it the umask's mode); nothing when it is not there, is already private, or is not a
    regular file: a symbolic link is left as it is, and so is the file it points to."""
    with contextlib.suppress(OSError):
        info = os.lstat(path)
        mode = stat.S_IMODE(info.st_mode)
        if stat.S_ISREG(info.st_mode) and mode & ~PRIVATE:
            os.chmod(path, mode & PRIVATE)  # the system has no lchmod; checked just above that it is no link


TEMPORARY = re.compile(r"\.(?P<name>.+)\.cardsuite-[0-9a-f]{16}\.tmp", re.DOTALL)
"""The name of a temporary file cardsuite writes: ``.<target's name>.cardsuite-<16 hex digits>.tmp``."""
NAME_BYTES = 255
"""The longest file name most file systems take, in bytes of the file system's encoding."""
_NAME_IN_TEMPORARY = NAME_BYTES - len(".cardsuite-0123456789abcdef.tmp") - 1
"""At most this many bytes of the target's name go into its temporary's."""


def name_start(name: str, limit: int) -> str:
    """The longest start of ``name`` that is at most ``limit`` bytes in the file system's encoding (whole
    characters only, so the start is still valid text)."""
    used = 0
    for index, char in enumerate(name):
        used += _bytes_in_name(char)
        if used > limit:
            return name[:index]
    return name


def _bytes_in_name(char: str) -> int:
    try:
        return len(char.encode(sys.getfilesystemencoding(), "surrogateescape"))
    except UnicodeEncodeError:  # no file can have it in its name: counted at its most
        return 4


def temporary_name(target_name: str) -> str:
    """A fresh temporary name for a file called ``target_name`` (a name no other program makes).

    A long name is cut to fit a file name's bytes, keeping its extension (``.json``), so that the
    temporary is still known as one of that kind of file.
    """
    kept = target_name
    if sum(map(_bytes_in_name, target_name)) > _NAME_IN_TEMPORARY:
        suffix = Path(target_name).suffix
        suffix_bytes = sum(map(_bytes_in_name, suffix))
        suffix, suffix_bytes = (suffix, suffix_bytes) if suffix_bytes <= 16 else ("", 0)
        kept = name_start(target_name, _NAME_IN_TEMPORARY - suffix_bytes) + suffix
    return f".{kept}.cardsuite-{secrets.token_hex(8)}.tmp"


_NO_LINK = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
"""Flags of every file a write creates: never opened through a link (``O_EXCL`` refuses one already)."""


@contextlib.contextmanager
def _temporary(target: Path) -> Iterator[tuple[int, Path]]:
    """A locked, empty temporary file beside ``target``; removed unless the caller moved it."""
    for _ in range(100):
        tmp = target.with_name(temporary_name(target.name))
        try:
            fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINK, 0o600)
            break
        except FileExistsError:
            continue
    else:
        raise FileExistsError(errno.EEXIST, "no free temporary name", os.fspath(target))
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield fd, tmp
    finally:
        os.close(fd)
        with contextlib.suppress(OSError):
            tmp.unlink()


def _fill(fd: int, data: bytes, mode: int) -> None:
    os.fchmod(fd, mode)
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]
    os.fsync(fd)


def _sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):
        dir_fd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


FOLDER_MODE = 0o700
"""The mode of a folder cardsuite creates (the data and config folders, the saves folder): its owner's alone, as
the XDG base directory specification asks; a folder that is there already keeps its mode."""


def ensure_folder(folder: Path) -> None:
    """Create ``folder`` and the parents it lacks, each ``FOLDER_MODE``; a one-line ``FileRefused`` when that is
    impossible."""
    try:
        _make_folders(folder)
    except FileExistsError:
        raise FileRefused(msg("{folder} is not a folder", folder=shown(os.fspath(folder)))) from None
    except OSError as exc:
        raise FileRefused(msg("cannot create the folder {folder}: {reason}", folder=shown(os.fspath(folder)),
                              reason=Message(str(exc.strerror or exc)))) from None
    except ValueError:  # a NUL character in the name
        raise FileRefused(msg("{folder} is not a folder name", folder=quoted(os.fspath(folder), 60))) from None
    if not folder.is_dir():
        raise FileRefused(msg("{folder} is not a folder", folder=shown(os.fspath(folder))))


def _make_folders(folder: Path) -> None:
    """``os.mkdir`` with ``FOLDER_MODE`` for ``folder`` and each of its parents that is not there, outermost first
    (one made meanwhile by another process is fine; a name taken by a file is not)."""
    missing: list[Path] = []
    current = folder
    while not os.path.lexists(current) and current.parent != current:
        missing.append(current)
        current = current.parent
    for path in reversed(missing):
        try:
            os.mkdir(path, FOLDER_MODE)
        except FileExistsError:
            if not path.is_dir():
                raise


def refuse_link(path: str | os.PathLike[str]) -> None:
    """A one-line ``FileRefused`` when ``path`` is a symbolic link (one that points nowhere too).

    cardsuite writes no file of a person's through a link. Writing through it would overwrite the file it
    points to, which may be any file of theirs outside cardsuite's folders (a link made by mistake, or
    unpacked from a copied home); replacing the link by a file instead would delete the link, which is
    theirs too, and leave the file it points to silently out of date. Refusing changes neither: the line
    names the link, and putting the file itself in its place (or removing the link) lets the next write
    through. A link made after this look is still never followed: a rename replaces the link itself.
    """
    if os.path.islink(path):
        raise FileRefused(msg("cannot write {file}: {reason}", file=shown(os.fspath(path)), reason=link_words()))


def link_words() -> Message:
    """Why a symbolic link is not written through, for a line that names it."""
    return msg("it is a symbolic link, and cardsuite writes no file through a link (put the file itself in its place)")


def _target(path: str | os.PathLike[str], exclusive: bool, through_link: bool = False) -> Path:
    """The file to write for ``path``: a file name, never a folder, never a symbolic link (``refuse_link``),
    unless ``through_link``: then the file it points to."""
    name = os.fspath(path)
    target = Path(name)
    if not name or "\x00" in name or target.name in ("", ".", ".."):
        raise FileRefused(msg("{file} is not a file name", file=quoted(name, 60)))
    try:
        if not exclusive and through_link and target.is_symlink():  # settings kept in a dotfiles folder
            target = Path(os.path.realpath(target))
        elif not exclusive:  # an exclusive write never replaces anything, a link neither (``os.link`` refuses it)
            refuse_link(target)
        if target.is_dir():
            raise FileRefused(msg("{file} is a folder, not a file", file=shown(name)))
    except OSError as exc:
        raise FileRefused(msg("cannot write {file}: {reason}", file=shown(name),
                              reason=Message(str(exc.strerror or exc)))) from None
    if name.endswith(tuple(filter(None, (os.sep, os.altsep)))):  # ``new/`` names a folder, never a file ``new``
        raise FileRefused(msg("{file} names a folder (it ends in {separator}), not a file", file=shown(name),
                              separator=os.sep))
    return target


def write_atomically(path: str | os.PathLike[str], text: str, *, exclusive: bool = False,
                     make_folder: bool = True, private: bool = False, through_link: bool = False) -> None:
    """Write ``text`` so that ``path`` holds the old content or the new, never a torn file.

    With ``exclusive`` the file must not exist yet: it appears whole or not at all (``FileExistsError``
    otherwise), and nothing is ever overwritten, even by a file created meanwhile. Without
    ``make_folder`` the folder must exist already (a person's folder is never created for them). A name
    that is not a file's (empty, a folder) is a ``FileRefused``; the system's refusals (a full disk, a
    read-only folder) are ``OSError``. Text that cannot be UTF-8 (a lone surrogate) raises
    ``UnicodeEncodeError`` before anything is written. Nothing else in the folder is touched. A ``private``
    file is readable by its owner alone (``PRIVATE``, whatever the umask; a file it replaces that others
    could read is written without their permissions), and no one else can read it at any moment. A ``path``
    that is a symbolic link is refused (``refuse_link``), or with ``through_link`` the file it points to is
    written (the settings file, kept in a dotfiles folder) and the link stays.
    """
    data = text.encode("utf-8")
    target = _target(path, exclusive, through_link)
    if make_folder:
        ensure_folder(target.parent)
    elif not target.parent.is_dir():
        raise FileRefused(msg("cannot write {file}: there is no folder {folder}", file=shown(os.fspath(path)),
                              folder=shown(str(target.parent))))
    mode = (PRIVATE if private else 0o666 & ~current_umask()) if exclusive else _new_mode(target, private)
    with _temporary(target) as (fd, tmp):
        _fill(fd, data, mode)
        if exclusive:
            try:
                os.link(tmp, target)
            except FileExistsError:
                raise
            except OSError:  # a file system without hard links: an exclusive create, then the bytes
                _write_exclusive(target, data, mode)
        else:
            os.replace(tmp, target)
    _sync_folder(target.parent)


def _write_exclusive(target: Path, data: bytes, mode: int) -> None:
    fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NO_LINK, mode)
    try:
        _fill(fd, data, mode)
    except BaseException:
        os.close(fd)
        target.unlink(missing_ok=True)
        raise
    os.close(fd)


def remove_file(path: Path, what: str) -> bool:
    """Remove the file ``path`` (a save a person abandoned, a save now in the history).

    False when it was not there; a system that refuses (a read-only folder) is a one-line ``FileRefused``
    naming ``what`` it was (English words marked with ``N_``, said in the reader's language).
    """
    try:
        path.unlink()
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise FileRefused(msg("cannot remove {what} {file}: {reason}", what=Message(what), file=shown(str(path)),
                              reason=Message(shown(str(exc.strerror or exc))))) from None
    return True


def move_aside(path: Path, target: Path) -> None:
    """Rename ``path`` to ``target`` without ever replacing a file already at ``target`` (``FileExistsError``)."""
    try:
        os.link(path, target, follow_symlinks=False)
    except FileExistsError:
        raise
    except OSError:  # a folder, or a file system without hard links: rename, having looked first
        if os.path.lexists(target):
            raise FileExistsError(errno.EEXIST, "exists", os.fspath(target)) from None
        os.rename(path, target)
        return
    os.unlink(path)


def remove_stale_temporaries(folder: Path, targets: str = "*", now: float | None = None) -> int:
    """Remove the temporary files of killed writers in ``folder``; how many were removed.

    Only names cardsuite makes (``TEMPORARY``) for targets whose name matches the pattern ``targets``
    (``*.json``) are looked at. A file is removed only when no process holds its lock (a live writer
    always does) and it is older than ``STALE_SECONDS`` (a writer that has created its file but not
    locked it yet), and it is still the same file when it is removed. Call it on cardsuite's own folders.
    """
    removed = 0
    now = time.time() if now is None else now
    try:
        candidates = []
        for entry in folder.iterdir():
            found = TEMPORARY.fullmatch(entry.name)
            if found and fnmatch.fnmatchcase(found.group("name"), targets):
                candidates.append(entry)
    except OSError:
        return 0
    for tmp in candidates:
        try:
            fd = os.open(tmp, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            continue
        try:
            info = os.fstat(fd)
            if not stat.S_ISREG(info.st_mode) or now - info.st_mtime < STALE_SECONDS:
                continue
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # a live writer
            current = os.stat(tmp, follow_symlinks=False)
            if (current.st_dev, current.st_ino) == (info.st_dev, info.st_ino):
                tmp.unlink()
                removed += 1
        except OSError:
            continue
        finally:
            os.close(fd)
    return removed
