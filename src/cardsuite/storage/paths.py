"""Where cardsuite keeps its files, and how a damaged file is moved aside and reported.

``CARDSUITE_HOME`` (for tests and portable installs) replaces both the data and the config folder;
otherwise platformdirs chooses them (``~/.local/share/cardsuite`` and ``~/.config/cardsuite`` on Linux).
"""

from __future__ import annotations

import errno
import os
import time
from collections.abc import Sequence
from pathlib import Path

from platformdirs import user_config_path, user_data_path

from ..core.errors import CardsuiteError
from ..core.message import Message, msg
from ..filewrites import move_aside
from ..naming import shown

APP = "cardsuite"
HOME_VARIABLE = "CARDSUITE_HOME"

_notices: list[str | Message] = []


class StorageError(CardsuiteError):
    """A file or database that cannot be used now (locked, unwritable); one line for a person."""


def data_dir() -> Path:
    """The folder for saves and the history database."""
    home = os.environ.get(HOME_VARIABLE)
    return Path(home) if home else user_data_path(APP, appauthor=False)


def config_dir() -> Path:
    """The folder for the settings file."""
    home = os.environ.get(HOME_VARIABLE)
    return Path(home) if home else user_config_path(APP, appauthor=False)


def saves_dir() -> Path:
    """One JSON record per unfinished match."""
    return data_dir() / "saves"


def history_path() -> Path:
    """The SQLite database of finished matches and ratings."""
    return data_dir() / "history.sqlite3"


def settings_path() -> Path:
    """The TOML settings file."""
    return config_dir() / "settings.toml"


def quarantine(path: Path, why: str | Message, companions: Sequence[str] = (), report: bool = True) -> Message:
    """Move a damaged ``path`` aside as ``<name>.corrupt-<UTC time>`` and note one line saying so.

    The file is never deleted or overwritten: a person (or a bug report) can still read it.
    ``companions`` are suffixes of files that belong to it (SQLite's ``-wal`` and ``-shm``) and move with it.
    ``why`` is a message, or English text (shown safely and cut). Returns the line, a message whose ``aside``
    is the name it was moved to, which is also kept for ``take_notices`` (unless ``report`` is False: the
    caller raises it as its error instead).
    """
    reason = why if isinstance(why, Message) else Message(_cut(why))
    stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
    try:
        target = _move_aside(path, f"{path.name}.corrupt-{stamp}")
        for suffix in companions:
            extra = path.with_name(path.name + suffix)
            if os.path.lexists(extra):
                move_aside(extra, target.with_name(target.name + suffix))
        line = msg("{file} is damaged ({why}); moved aside to {aside}", file=shown(str(path)), why=reason,
                   aside=shown(target.name))
    except OSError as exc:
        line = msg("{file} is damaged ({why}) and could not be moved aside: {error}", file=shown(str(path)),
                   why=reason, error=shown(str(exc.strerror or exc)))
    if report:
        note(line)
    return line


def _cut(why: str) -> str:
    """English text about a file as a short safe reason: control characters shown, whitespace folded, cut."""
    text = shown(" ".join(why.split()))
    return text if len(text) <= 200 else text[:200] + "…"


def _move_aside(path: Path, name: str) -> Path:
    """Move ``path`` to the first free one of ``name``, ``name-1``, ``name-2``... in its folder; where it went."""
    for counter in range(1000):
        target = path.with_name(name if counter == 0 else f"{name}-{counter}")
        try:
            move_aside(path, target)
        except FileExistsError:
            continue
        return target
    raise FileExistsError(errno.EEXIST, "no free name to move it aside to", str(path))


def note(line: str | Message) -> None:
    """Keep one line for a person about a file (a write that failed, a file that was not used): a message, said
    in the reader's language when it is taken, or English text. A line still waiting to be taken is not kept
    twice (the settings file met by the language and then by the command)."""
    if line not in _notices:
        _notices.append(line)


def take_notices() -> list[str]:
    """The one-line reports of damaged files since the last call, in the reader's language (the CLI prints
    them, the TUI shows them)."""
    from ..i18n.reasons import read_within  # here: the words are chosen when the lines are shown
    from ..i18n.render import render

    out = [line if isinstance(line, str) else render(read_within(line)) for line in _notices]
    _notices.clear()
    return out
