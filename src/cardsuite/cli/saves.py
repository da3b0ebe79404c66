"""``cardsuite resume``, ``history``, ``export`` and ``stats``: saved and finished matches.

Storage (and Textual, for resume) is imported inside the commands, keeping ``--help`` quick. Damaged
files met on the way are reported on stderr, one line each, after they have been moved aside.
"""

from __future__ import annotations

import json

import typer

from ..core.errors import CardsuiteError
from ..core.match import Match
from ..core.message import msg
from ..i18n import _
from ..naming import shown
from . import _terminal
from ._args import LARGEST, whole


def _game_name(game: str | None) -> str | None:
    from ..core.registry import get_game

    return None if game is None else get_game(game).info.name


def resume(
    save_id: str | None = typer.Argument(None, help="The save to reopen (a unique start of its id); default: newest."),
    list_only: bool = typer.Option(False, "--list", help="List the unfinished matches and stop."),
    delete: bool = typer.Option(False, "--delete", help="Abandon the save ID (its whole id) instead of reopening it."),
    plain: bool = typer.Option(False, "--plain", help="Line by line, for screen readers, braille displays and "
                               "pipes (no screen; also when not on a terminal)."),
) -> None:
    """Reopen an unfinished match at the same seats and the same moment."""
    from ..storage.savefolder import delete_save, list_saves, load_save

    _check_saves_folder()
    if list_only:
        saves = list_saves()
        for info in saves:
            print(info.describe())
        if not saves:
            print(_("No unfinished match."))
        return
    if delete:
        if save_id is None:
            raise CardsuiteError(_("--delete needs the id of the save to abandon"))
        info = delete_save(save_id)
        print(_("abandoned {id}").format(id=shown(info.id)))
        return
    record, match = load_save(save_id)
    open_resumed(record, match, plain=plain or not _terminal.on_terminal())


def _check_saves_folder() -> None:
    """Refuse in one line when the saves folder cannot be one: it, or the data folder, is a file (the words
    of ``storage.savefolder.list_saves``'s notice)."""
    from ..storage.paths import saves_dir

    folder = saves_dir()
    if (folder.exists() and not folder.is_dir()) or folder.parent.is_file():
        raise CardsuiteError(msg("{folder} is not a folder: no save can be listed or written",
                                 folder=shown(str(folder))))


def open_resumed(record: dict[str, object], match: Match, plain: bool = False) -> None:
    """Open the table for a rebuilt match, saving on into the same file (``plain``: line by line)."""
    if plain:
        import sys

        from ..storage.saves import Autosave
        from ..tui.config import resumed_config
        from ..tui.plain import run_plain
        from ..tui.session import Session

        run_plain(resumed_config(record, match), sys.stdin, sys.stdout,
                  lambda config: Session(config, match, Autosave.resumed(record)))
        return
    try:
        from ..tui.app import run_resumed
    except ImportError as exc:
        raise CardsuiteError(_("the table cannot open here ({error}); the save is kept").format(error=exc)) from None
    from ..storage.saves import Autosave

    run_resumed(record, match, Autosave.resumed(record))


def history(
    game: str | None = typer.Argument(None, help="Only this game."),
    limit: int = typer.Option(50, "--limit", "-n", parser=whole(0, LARGEST),
                              help="At most this many, newest first (0: all)."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per line."),
) -> None:
    """List finished matches, newest first: id, date, game, totals and the winner."""
    from ..storage.history import History

    game = _game_name(game)
    entries = History().matches(game, limit or None)
    for entry in entries:
        if as_json:
            print(json.dumps({"id": entry.id, "game": entry.game, "finished": entry.finished, "deals": entry.deals,
                              "players": list(entry.names), "totals": list(entry.totals),
                              "results": list(entry.results)}))
        else:
            print(entry.describe())
    if not entries and not as_json:
        print(_("No finished match in the history yet."))


def export(
    match_id: int = typer.Argument(..., parser=whole(1, LARGEST), help="The history id (see `cardsuite history`)."),
    file: str | None = typer.Argument(None, help="Where to write the record (a new file); default or -: stdout."),
) -> None:
    """Write a finished match's record (cardsuite-record/1 JSON), for `cardsuite replay`."""
    from ..recordfiles import save_record
    from ..storage.history import History

    record = History().record(match_id)
    if file is None or file == "-":
        print(json.dumps(record, indent=2))
        return
    try:
        save_record(file, record, exclusive=True, make_folder=False)
    except FileExistsError:
        raise CardsuiteError(_("{file} exists: choose another name (nothing is overwritten)").format(
            file=shown(str(file)))) from None
    except OSError as exc:
        raise CardsuiteError(_("cannot write {file}: {error}").format(file=shown(str(file)),
                                                                      error=exc.strerror or exc)) from None


def stats(
    game: str | None = typer.Argument(None, help="Only this game."),
    as_json: bool = typer.Option(False, "--json", help="Print the statistics as one JSON object."),
) -> None:
    """Per game and player: results, roles, contracts, results against each CPU level, hints, undos, rating."""
    from ..storage.stats import stats as collect
    from ..storage.stats import stats_lines

    game = _game_name(game)
    data = collect(game)
    if as_json:
        print(json.dumps(data))
        return
    for line in stats_lines(data):
        print(line)


def register(app: typer.Typer) -> None:
    """Add ``resume``, ``history``, ``export`` and ``stats``."""
    app.command("resume")(resume)
    app.command("history")(history)
    app.command("export")(export)
    app.command("stats")(stats)
