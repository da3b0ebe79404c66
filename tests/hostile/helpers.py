"""Running the command line in-process as a person would, and records and saves to damage.

``cli(...)`` calls ``cardsuite.cli.main`` with the arguments, capturing stdout, stderr and the exit
status; the three ways into the Textual app are replaced by recorders, so ``play``, ``resume`` and the
home screen return at once with what they would have opened (and take the notices about files, as the
screens do, into ``Ran.shown``). ``refused`` checks the promise for every
refusal: exit status 1, nothing on stdout, one short line on stderr, no traceback.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardsuite.cli import LINE_LIMIT, main
from cardsuite.core.match import Match, SeatSpec
from cardsuite.core.registry import get_game
from cardsuite.storage import paths
from cardsuite.storage.saves import Autosave


@dataclass
class Ran:
    """What one command did."""

    code: int
    out: str
    err: str
    opened: list[Any] = field(default_factory=list)
    shown: list[str] = field(default_factory=list)

    @property
    def lines(self) -> list[str]:
        """The lines on stderr."""
        return self.err.splitlines()


def cli(*args: str, encoding: str | None = None, terminal: bool = True) -> Ran:
    """Run ``cardsuite ARGS`` in this process (screens, server and online client replaced by recorders).

    With ``encoding``, stdout and stderr are a terminal of that encoding (``latin-1``: what it cannot
    show must not stop the program). ``terminal``: whether the command finds itself at a terminal (where
    screens open). Never raises.
    """
    from cardsuite.cli import _terminal
    from cardsuite.net import server
    from cardsuite.tui import app as tui_app
    from cardsuite.tui.online import app as online_app

    opened: list[Any] = []
    shown: list[str] = []

    def opening(*what: Any) -> None:
        opened.append(what)
        shown.extend(paths.take_notices())

    def resumed(record: Any, match: Any, autosave: Any) -> None:
        opening("resumed", record, match, autosave)
        autosave.close()  # the table is closed again: it lets go of the save

    recorders: list[tuple[object, str, Any]] = [
        (tui_app, "run_table", lambda config: opening("table", config)),
        (tui_app, "run_resumed", resumed),
        (tui_app, "run_home", lambda: opening("home")),
        (server, "run_server", lambda config, ready=None: opening("serve", config)),
        (online_app, "run_online", lambda seating, display=None: opening("online", seating)),
        (_terminal, "on_terminal", lambda: terminal),
    ]
    saved = [(module, name, getattr(module, name)) for module, name, _ in recorders]
    streams = [_stream(encoding), _stream(encoding)]
    old_argv = sys.argv
    code: int = 0
    try:
        for module, name, recorder in recorders:
            setattr(module, name, recorder)
        sys.argv = ["cardsuite", *args]
        with contextlib.redirect_stdout(streams[0]), contextlib.redirect_stderr(streams[1]):
            try:
                main()
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    finally:
        sys.argv = old_argv
        for module, name, original in saved:
            setattr(module, name, original)
    out, err = (_text(stream, encoding) for stream in streams)
    return Ran(code, out, err, opened, shown)


def _stream(encoding: str | None) -> io.TextIOBase:
    if encoding is None:
        return io.StringIO()
    return io.TextIOWrapper(io.BytesIO(), encoding=encoding, errors="strict", write_through=True)


def _text(stream: io.TextIOBase, encoding: str | None) -> str:
    if isinstance(stream, io.StringIO):
        return stream.getvalue()
    assert isinstance(stream, io.TextIOWrapper) and encoding is not None
    stream.flush()
    raw = stream.buffer
    assert isinstance(raw, io.BytesIO)
    return raw.getvalue().decode(encoding)


def refused(ran: Ran, *words: str) -> str:
    """Assert a one-line refusal (exit 1, empty stdout, one short line, no traceback); the line."""
    assert ran.code == 1, (ran.code, ran.out[:500], ran.err[:500])
    assert ran.out == "", ran.out[:500]
    assert len(ran.lines) == 1, ran.err[:2000]
    line = ran.lines[0]
    assert line.startswith("cardsuite: ") and len(line) <= LINE_LIMIT + 40, line[:500]
    assert "Traceback" not in ran.err and "internal error" not in line, line
    assert "\x1b" not in line, line
    for word in words:
        assert word in line, (word, line)
    return line


def one_line_or_works(ran: Ran) -> None:
    """The fuzz promise: exit 0, or a one-line refusal; never a traceback or an internal error.

    The output must also be printable on a UTF-8 terminal (a lone surrogate would crash a real ``print``).
    """
    assert "Traceback" not in ran.err and "internal error" not in ran.err, ran.err[:3000]
    ran.out.encode("utf-8")
    ran.err.encode("utf-8")
    if ran.code != 0:
        refused(ran)


def nap_match(seed: int = 3, names: tuple[str, ...] = ("Ann", "Bob", "Cy", "Di"), steps: int | None = None) -> Match:
    """A Nap match of seeded random play: to the end, or ``steps`` actions (next deals included)."""
    game = get_game("nap")
    seats = [SeatSpec(names[0])] + [SeatSpec(n, "cpu", "random") for n in names[1:]]
    match = Match(game, 4, game.resolve_options({}, 4), seed, seats)
    rng = random.Random(seed)
    done = 0
    while not match.is_over and (steps is None or done < steps):
        if match.deal_over:
            match.next_deal()
            continue
        (seat,) = match.state.to_act
        legal = match.state.legal_actions(seat)
        match.act(seat, legal[rng.randrange(len(legal))])
        done += 1
    return match


def gops_record(seed: int = 5) -> dict[str, object]:
    """A finished two-player GOPS match of one game (small and quick to replay)."""
    game = get_game("gops")
    match = Match(game, 2, game.resolve_options({}, 2), seed, [SeatSpec("Ann"), SeatSpec("Cy", "cpu", "random")])
    rng = random.Random(seed)
    while not match.deal_over:
        seat = min(match.state.to_act)
        legal = match.state.legal_actions(seat)
        match.act(seat, legal[rng.randrange(len(legal))])
    assert match.is_over
    return match.record()


def write_save(save_id: str, match: Match) -> Path:
    """The match saved as ``save_id`` (kept even before a person has acted)."""
    autosave = Autosave(save_id, keep=True)
    assert autosave.save(match)
    return autosave.path


def write_json(path: Path, data: object) -> Path:
    """``data`` as a JSON file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
