"""What the command line prints when it refuses or reports: one short line each, on any terminal.

Every refusal is one line on stderr (``cardsuite: ...``) and exit status 1. Lines about files met on the
way (a damaged save moved aside, a save that could not be written) are printed by ``report`` before it,
whatever the command's outcome; when the command fails they are folded into one line, so a refusal is
never more than two. The streams are made tolerant first: on a terminal whose encoding cannot show a
character (``PYTHONIOENCODING=latin-1``), it is printed as ``?`` instead of stopping the program; and a
write to stdout that the system refuses (a full disk) raises ``OutputFailed``, so it is said as such.
"""

from __future__ import annotations

import contextlib
import io
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING

import typer

from ..core.errors import CardsuiteError, message_of
from ..core.message import Message
from ..i18n import ngettext
from ..i18n.reasons import read_within
from ..i18n.render import render
from ..naming import shown
from ..storage.paths import take_notices

if TYPE_CHECKING:
    from typing_extensions import Buffer

LINE_LIMIT = 300
"""The longest line printed about a refusal or a file: a message may quote hostile input."""


def one_line(message: str) -> str:
    """A message as one short printable line: control characters shown, whitespace folded, cut."""
    text = shown(" ".join(str(message).split()))
    return text if len(text) <= LINE_LIMIT else text[:LINE_LIMIT] + "…"


def error_line(error: CardsuiteError) -> str:
    """An error's message in the reader's language, as one printable line."""
    return one_line(render(read_within(message_of(error))))


def fail(message: str | Message) -> typer.Exit:
    """Print a refusal in one line (after the reports about files so far) and return the exit to raise."""
    text = render(message) if isinstance(message, Message) else message
    report(take_notices(), one_line(text))
    return typer.Exit(1)


def tolerant_streams() -> None:
    """Let stdout and stderr print what their encoding cannot show as ``?`` rather than raise."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is None:
            continue
        try:
            reconfigure(errors="replace")
        except (ValueError, OSError, TypeError):  # a closed or unusual stream: leave it as it is
            continue


class OutputFailed(OSError):
    """The system refused a write to stdout (a full disk, a file size limit, an I/O error); not a closed pipe,
    which stays ``BrokenPipeError``."""


class _GuardedOutput(io.FileIO):
    """The file under stdout, whose refused writes are ``OutputFailed``."""

    def write(self, data: Buffer, /) -> int:
        try:
            return super().write(data)
        except (BrokenPipeError, BlockingIOError, InterruptedError):
            raise
        except OSError as exc:
            raise OutputFailed(exc.errno, exc.strerror) from None


def guard_stdout() -> None:
    """Put stdout on a ``_GuardedOutput`` of the same descriptor, with the same encoding and buffering (only
    when stdout is the process's own, descriptor 1: a test's capture is left as it is)."""
    old = sys.stdout
    if not isinstance(old, io.TextIOWrapper) or old is not sys.__stdout__:
        return
    try:
        if old.fileno() != 1:
            return
        old.flush()
        raw = _GuardedOutput(1, "w", closefd=False)
        sys.stdout = io.TextIOWrapper(io.BufferedWriter(raw), encoding=old.encoding, errors="replace",
                                      line_buffering=old.line_buffering)
    except (OSError, ValueError, AttributeError):  # no usable stdout: leave it as it is
        return


def say(line: str) -> None:
    """Print ``cardsuite: LINE`` on stderr; a stderr that is gone is not an error of ours."""
    with contextlib.suppress(OSError, ValueError):
        print(f"cardsuite: {line}", file=sys.stderr, flush=True)


def report(notices: Sequence[str], error: str | None) -> None:
    """The notices about files, one line each, then the error line; with an error, the notices fold into one."""
    if error is None:
        for line in notices:
            say(one_line(line))
        return
    if len(notices) == 1:
        say(one_line(notices[0]))
    elif notices:
        more = ngettext("(and {n} more report about a file)", "(and {n} more reports about files)", len(notices) - 1)
        say(one_line(f"{notices[0]} {more.format(n=len(notices) - 1)}"))
    say(error)
