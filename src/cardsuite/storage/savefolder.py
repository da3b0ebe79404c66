"""The saves folder as a person sees it: the unfinished matches listed (``resume --list``, the home screen's
Continue list), one found, opened, deleted, or recognised as the match a save is playing; a finished save
met on the way is filed into the history. Writing a save is ``storage.saves``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import CardsuiteError, RecordError, UnknownGame, message_of
from ..core.game import DealSetup
from ..core.match import Match
from ..core.message import N_, Message, msg, msg_n
from ..core.record import Replay, as_record, replay, score_json
from ..core.registry import get_game
from ..files import RECORD_LIMIT, FileMissing, FileRefused, FileUnreadable, read_json
from ..filewrites import remove_file, remove_stale_temporaries
from ..i18n import _, gettext
from ..naming import quoted, shown
from . import paths, savelock
from .history import History
from .listwords import local_minute, seat_scores
from .meta import SAVE_KEY, save_meta
from .saves import open_elsewhere_text, rebuild_match, saved_seed, seat_problem, valid_save_id

__all__ = [
    "GameNotInstalled", "SaveInfo", "SaveUnreadable", "delete_save", "find_save", "list_saves", "load_save",
    "read_save", "save_playing",
]

@dataclass(frozen=True)
class SaveInfo:
    """One unfinished match, for ``resume --list`` and the home screen's Continue list.

    ``deal`` is the number of the deal in play (1 for the first), ``match_length`` the deals a match lasts
    when the game fixes it (``Game.match_length``), ``moment`` where the deal stands ("trick 3",
    "bidding"), ``updated`` the UTC time of the last save. ``id`` is the file name (pass it through
    ``shown`` to print it); the names are already safe to print. ``problem``: why the save cannot be
    opened although it replays (``seat_problem``), ``""`` when it can; opening it moves it aside.
    """

    id: str
    path: Path
    game: str
    title: str
    names: tuple[str, ...]
    deals: int
    totals: tuple[float | int, ...]
    updated: str
    complete: bool
    match_length: int | None = None
    moment: str = ""
    problem: str = ""

    @property
    def deal_text(self) -> str:
        """``deal 3/8`` (or ``deal 3`` when the length is not fixed, or thrown-in deals came on top)."""
        if self.match_length is not None and self.deals <= self.match_length:
            return _("deal {number}/{length}").format(number=self.deals, length=self.match_length)
        return _("deal {number}").format(number=self.deals)

    @property
    def last_played(self) -> str:
        """The time of the last save in local time, ``2026-11-30 00:51`` (as saved if it is not a time)."""
        return local_minute(self.updated)

    def describe(self) -> str:
        """One line a person can tell apart from the others: id, game, names and totals, deal, trick, time."""
        scores = seat_scores(self.names, self.totals)
        where = _("{deal}, {moment}").format(deal=self.deal_text, moment=self.moment) if self.moment else self.deal_text
        line = _("{id}  {game}: {scores}; {where}; last played {time}").format(
            id=shown(self.id), game=gettext(self.title), scores=scores, where=where, time=self.last_played)
        if self.problem:
            line = _("{line}; damaged, cannot be opened: {why}").format(line=line, why=self.problem)
        return line


PHASES = {
    # the phases of the built-in games, in words for the Continue list
    "bidding": N_("bidding"), "adjutant": N_("naming the adjutant"), "discard": N_("discarding"),
    "exchange": N_("exchanging"), "trump": N_("naming trumps"), "play": N_("playing"), "over": N_("over"),
}


def _moment(checked: Replay) -> str:
    """Where the last deal stands, read through the contract: the trick (or round) number, else the phase."""
    if not checked.deals:
        return ""
    if checked.deals[-1].complete:
        return _("between deals")
    state = checked.current_state()
    table = state.view(min(state.to_act, default=0)).table
    trick = table.get("trick_number")
    if state.phase == "play" and isinstance(trick, int) and not isinstance(trick, bool):
        return _("trick {number}").format(number=trick)
    number = table.get("round")
    if isinstance(number, int) and not isinstance(number, bool):
        return _("round {number}").format(number=number)
    return gettext(PHASES.get(state.phase, shown(state.phase)))


def _info(path: Path, record: Mapping[str, object], checked: Replay) -> SaveInfo:
    meta = save_meta(record)
    names = [shown(str(s.get("name", f"Seat {i}"))) for i, s in enumerate(checked.seats)]
    names += [f"Seat {i}" for i in range(len(names), checked.players)]
    updated = meta.get("updated")
    return SaveInfo(
        id=path.stem,
        path=path,
        game=checked.game.info.name,
        title=checked.game.info.title,
        names=tuple(names[: checked.players]),
        deals=len(checked.deals),
        totals=tuple(score_json(t) for t in checked.totals),
        updated=updated if isinstance(updated, str) else "",
        complete=checked.complete,
        match_length=checked.game.match_length(checked.players, checked.options),
        moment=_moment(checked),
        problem=seat_problem(checked),
    )


class GameNotInstalled(RecordError):
    """A save of a game that is not installed here, or whose plugin fails to load: kept as it is, not listed."""


class SaveUnreadable(RecordError):
    """A save the system will not let this program read (no permission, an I/O error): not damaged, so kept
    as it is, and not listed; ``reason`` is the system's refusal (``cannot read FILE: Permission denied``)."""

    def __init__(self, path: Path, reason: Message) -> None:
        super().__init__(reason)
        self.path = path
        self.reason = reason


def _installed_game(path: Path, record: Mapping[str, object]) -> None:
    """Note and raise ``GameNotInstalled`` when the save's game cannot be had here (the file is not touched)."""
    name = record.get("game")
    if not isinstance(name, str):
        return  # no game named: the replay finds the record damaged
    try:
        get_game(name)
    except UnknownGame as exc:
        line = msg("{file} is a match of {game}, which cannot be played here ({reason}): it is kept as it is, to "
                   "continue once the game is installed", file=shown(str(path)), game=quoted(name, 30),
                   reason=message_of(exc))
        paths.note(line)
        raise GameNotInstalled(line) from None


def read_save(path: Path) -> tuple[dict[str, object], Replay]:
    """A save and its replay; a damaged save is moved aside, reported, and raises ``RecordError``.

    The save's id is its file name: a copied or renamed save continues in its own file. A save of a game
    that is not installed (or fails to load) is not damaged: it is reported and left untouched
    (``GameNotInstalled``); neither is one the system will not let us read (``SaveUnreadable``).
    """
    try:
        data = read_json(path, RECORD_LIMIT)
    except FileMissing as exc:  # gone meanwhile (filed or abandoned by another window)
        raise RecordError(message_of(exc)) from None
    except FileUnreadable as exc:  # not the save's fault (permissions): leave it be
        raise SaveUnreadable(path, exc.reason_words) from None
    except FileRefused as exc:
        raise RecordError(paths.quarantine(path, exc.reason_words)) from None
    try:
        record = as_record(data)
        _installed_game(path, record)
        checked = replay(record, get_game)
        saved_seed(record)
    except GameNotInstalled:
        raise
    except RecordError as exc:
        raise RecordError(paths.quarantine(path, message_of(exc))) from None
    except Exception as exc:  # a record no rule foresaw: still only this save is lost, and it is kept aside
        error = Message(shown(f"{type(exc).__name__}: {exc}"[:200]))
        raise RecordError(paths.quarantine(path, msg("cannot be replayed: {error}", error=error))) from None
    meta = save_meta(record)
    meta["id"] = path.stem
    record[SAVE_KEY] = meta
    return record, checked


def _save_files(folder: Path) -> list[Path]:
    """The save files of the folder (names that are save ids), sorted by name."""
    try:
        entries = sorted(folder.glob("*.json"))
    except OSError:
        return []
    return [p for p in entries if valid_save_id(p.stem)]


def list_saves() -> list[SaveInfo]:
    """Unfinished matches, newest first. Damaged saves are moved aside (see ``paths.take_notices``); a save
    that replays but names a seat the game cannot seat is listed with its ``problem`` and left as it is; a
    save that cannot be read (no permission) is left as it is, with one line.

    A save whose match is already over (the program stopped between saving and filing it) is filed into
    the history now and leaves the list. Temporary files of writers that were killed are removed, and so are
    the locks of saves that were never written (``savelock.remove_orphans``).
    """
    saves, unreadable = _listed()
    _note_unreadable(unreadable)
    return saves


def _listed() -> tuple[list[SaveInfo], list[SaveUnreadable]]:
    """The unfinished matches (as ``list_saves``), and the saves that cannot be read, not yet said."""
    folder = paths.saves_dir()
    if not folder.is_dir():
        if folder.exists() or folder.parent.is_file():
            line = _("{folder} is not a folder: no save can be listed or written")
            paths.note(line.format(folder=shown(str(folder))))
        return [], []
    remove_stale_temporaries(folder, "*.json")
    savelock.remove_orphans(folder)
    out: list[SaveInfo] = []
    unreadable: list[SaveUnreadable] = []
    for path in _save_files(folder):
        try:
            record, checked = read_save(path)
        except SaveUnreadable as exc:
            unreadable.append(exc)
            continue
        except RecordError:
            continue
        if checked.complete:
            _file_finished(path, record)
            continue
        out.append(_info(path, record, checked))
    out.sort(key=lambda s: (s.updated, s.id), reverse=True)
    return out, unreadable


def _note_unreadable(unreadable: list[SaveUnreadable]) -> None:
    """One line for each save that cannot be read: it is there, kept, and not listed."""
    for exc in unreadable:
        paths.note(msg("{reason}: the unfinished match {id} is kept as it is, and listed once it can be read",
                       reason=exc.reason, id=shown(exc.path.stem)))


def _refuse_unreadable(save_id: str, unreadable: list[SaveUnreadable], whole: bool) -> None:
    """Refuse in one line when ``save_id`` names a save that cannot be read (only its whole id when
    ``whole``, for ``--delete``, which leaves such a save alone)."""
    found = [u for u in unreadable if u.path.stem == save_id]
    if not found and not whole:
        found = [u for u in unreadable if u.path.stem.startswith(save_id)]
    if len(found) != 1:
        return
    exc = found[0]
    if whole:
        raise CardsuiteError(msg("the save {id} is not deleted: {reason} (only a save that can be read is "
                                 "abandoned)", id=shown(exc.path.stem), reason=exc.reason))
    raise CardsuiteError(msg("the save {id} cannot be resumed: {reason} (it is kept as it is)",
                             id=shown(exc.path.stem), reason=exc.reason))


def _file_finished(path: Path, record: dict[str, object]) -> None:
    """File a finished save into the history and remove it; a history that refuses leaves it in place, and
    so does a table of it open in another window (which files it itself)."""
    if savelock.open_elsewhere(path):
        return
    try:
        History().record_finished(record)
    except CardsuiteError as exc:
        paths.note(msg("the finished match {id} stays saved: {reason}", id=shown(path.stem), reason=message_of(exc)))
        return
    try:
        remove_file(path, N_("the finished match's save"))
    except FileRefused as exc:  # it is in the history; filing it again at the next listing changes nothing
        paths.note(msg("{reason} (the match is in the history)", reason=message_of(exc)))


def save_playing(game: str, players: int, setup: DealSetup) -> str | None:
    """The id of a save whose deal in play is the one that began as ``setup`` (of ``game`` for ``players``),
    or None: a position taken from a match being played, whatever its file says of itself.

    Reads only: a save that cannot be read or replayed is passed over here, neither moved nor filed.
    """
    for path in _save_files(paths.saves_dir()):
        try:
            record = as_record(read_json(path, RECORD_LIMIT))
            name = record.get("game")
            if not isinstance(name, str) or name.strip().lower() != game or record.get("players") != players:
                continue
            checked = replay(record, get_game)
        except Exception:  # a damaged save is dealt with by the listing that finds it, not here
            continue
        if checked.deals and not checked.deals[-1].complete and checked.deals[-1].setup == setup:
            return path.stem
    return None


def find_save(save_id: str | None = None, *, whole: bool = False) -> SaveInfo:
    """The save ``save_id`` (a unique start of its id is enough unless ``whole``), or the newest when None."""
    if save_id is not None and not save_id.strip():
        raise CardsuiteError(_("an empty id names no save (see `cardsuite resume --list`)"))
    saves, unreadable = _listed()
    if save_id is None:
        _note_unreadable(unreadable)
        if not saves:
            raise CardsuiteError(msg("there is no unfinished match to resume"))
        return saves[0]
    exact = [s for s in saves if s.path.stem == save_id]
    if whole and not exact:
        starting = sum(1 for s in saves if s.path.stem.startswith(save_id))
        if starting:
            raise CardsuiteError(_("{id} is only the start of an id: give the whole id to delete a save").format(
                id=quoted(save_id, 30)))
    found = exact or ([] if whole else [s for s in saves if s.path.stem.startswith(save_id)])
    if not found:
        _refuse_unreadable(save_id, unreadable, whole)
        raise CardsuiteError(msg("no unfinished match {id} (see `cardsuite resume --list`)", id=quoted(save_id, 30)))
    if len(found) > 1:
        raise CardsuiteError(msg_n("{id} matches {n} save: give more of the id",
                                    "{id} matches {n} saves: give more of the id", len(found), id=quoted(save_id, 30)))
    return found[0]


def delete_save(save_id: str) -> SaveInfo:
    """Abandon the save whose whole id is ``save_id``: its file is removed (``CardsuiteError`` in one line)."""
    info = find_save(save_id, whole=True)
    if not savelock.claim(info.path):
        raise CardsuiteError(open_elsewhere_text(info.id))
    try:
        remove_file(info.path, N_("the save"))
    except FileRefused as exc:
        raise CardsuiteError(message_of(exc)) from None
    finally:
        savelock.release(info.path)
    return info


def load_save(save_id: str | None = None) -> tuple[dict[str, object], Match]:
    """The record and the rebuilt match of save ``save_id`` (or the newest); refused when a table of it is open
    in another process (``Autosave.resumed`` then holds it for this one)."""
    info = find_save(save_id)
    if savelock.open_elsewhere(info.path):
        raise CardsuiteError(open_elsewhere_text(info.id))
    record, _ = read_save(info.path)
    try:
        return record, rebuild_match(record)
    except RecordError as exc:
        raise RecordError(paths.quarantine(info.path, message_of(exc), report=False)) from None
