"""Autosaves: every unfinished match is a record (records.md) in the saves folder, rewritten after each action.

A save is a plain ``cardsuite-record/1`` file with one additive key, ``"save"`` (``storage.meta``),
holding what a record does not: the match identity, the match seed (so the deals still to come are the
ones the match would have dealt), the save id, times, and the hints and undos each seat has used.
Resuming replays the record into a new ``Match``. Writes are atomic (``cardsuite.filewrites.write_atomically``),
so a kill leaves the previous save or the new one, never a torn file. A save's id is its file name: a
copied or renamed save continues in its own file. A match is kept only once a person has acted in it; a
finished match leaves the saves for the history.
"""

from __future__ import annotations

import json
import re
import secrets
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import CardsuiteError, RecordError, UnknownGame, message_of
from ..core.game import DealSetup, Game
from ..core.match import Match, SeatSpec
from ..core.message import N_, Message, msg, msg_n
from ..core.record import Replay, as_record, replay, score_json
from ..core.registry import get_game
from ..files import RECORD_LIMIT, FileRefused, FileUnreadable, read_json
from ..filewrites import remove_file, remove_stale_temporaries, write_atomically
from ..i18n import _, gettext
from ..i18n.reasons import read_within
from ..i18n.render import render
from ..naming import quoted, shown
from . import paths, savelock
from .history import History
from .listwords import local_minute, seat_scores
from .meta import COUNT_LIMIT, MATCH_KEY, SAVE_KEY, counts, match_identity, new_match_id, save_meta

__all__ = [
    "COUNT_LIMIT", "SAVE_KEY", "Autosave", "GameNotInstalled", "SaveInfo", "delete_save", "find_save", "list_saves",
    "load_save", "new_save_id", "read_save", "rebuild_match", "save_meta", "save_path", "save_playing",
    "save_record_of",
]


def new_save_id() -> str:
    """A fresh id that sorts by time and is short enough to type: ``20261130-004812-3fa2``."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(2)


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def save_record_of(
    match: Match,
    save_id: str,
    *,
    match_id: str | None = None,
    hints: Sequence[int] | None = None,
    undos: Sequence[int] | None = None,
    assisted: bool = False,
    created: str | None = None,
    cpu: Sequence[int] | None = None,
) -> dict[str, object]:
    """The match's record with the ``"save"`` key that lets it be continued (and files it in the history).

    ``match_id`` is the match's identity, made when it started (``meta.new_match_id``); without it the
    save id stands for it, which is right only for ids that never repeat (a server's table ids).
    """
    record = match.record()
    record[SAVE_KEY] = {
        "id": save_id,
        MATCH_KEY: match_id or save_id,
        "seed": match.seed,
        "created": created or _now(),
        "updated": _now(),
        "hints": counts(hints, match.players),
        "undos": counts(undos, match.players),
        "cpu": counts(cpu, match.players),
        "assisted": bool(assisted),
    }
    return record


_ID_CHARACTERS = re.compile(r"[^/\\\x00]{1,200}")


def _valid_id(save_id: str) -> bool:
    """A save id is a plain file name: no folder separator, not hidden, not too long."""
    return bool(_ID_CHARACTERS.fullmatch(save_id)) and not save_id.startswith(".")


def save_path(save_id: str) -> Path:
    """Where the save ``save_id`` lives."""
    if not _valid_id(save_id):
        raise CardsuiteError(msg("{id} is not a save id", id=quoted(save_id, 30)))
    return paths.saves_dir() / f"{save_id}.json"


def person_acted(match: Match) -> bool:
    """Whether a seat played by a person has taken an action in the match (only then is it worth keeping)."""
    people = {str(i) for i, seat in enumerate(match.seats) if seat.kind == "human"}
    return any(text.partition(" ")[0] in people for log in match.logs for text in log.actions)


class Autosave:
    """The save of one table: ``save(match)`` after every action, ``finish(match)`` when the match is over.

    It also counts what the person used (``count_hint``, ``count_undo``), which the save and then the
    history keep. A new table gets a new save id and a new match identity, and its file is first written
    once a person has acted (a match nobody played is not kept); ``Autosave.resumed(record)`` continues
    the same file, match and counts.
    Failures to write (a full disk) never stop play: ``save`` returns False and leaves a notice.
    """

    def __init__(self, save_id: str | None = None, *, keep: bool = False) -> None:
        self.id = save_id or new_save_id()
        self.match_id = new_match_id()
        self.path = save_path(self.id)
        self.created = _now()
        self.hints: list[int] = []
        self.undos: list[int] = []
        self.cpu: list[int] = []
        """Per seat: the actions a CPU made for a person's seat (handed over, or a turn timer that ran out)."""
        self.assisted = False
        self.kept = keep  # written from the first save (else once a person has acted)
        self.written = save_id is not None  # a fresh id's file is created exclusively: no save is replaced
        self.failing = False
        """The last save failed (its notice is given): the next failures are not noted again."""
        self._lock: weakref.finalize[[Path], Autosave] | None = None
        """This table's claim of its save's lock (``savelock``), let go by ``close`` or when the table is gone."""
        self._locked: Path | None = None
        """The save ``_lock`` holds."""

    @classmethod
    def resumed(cls, record: Mapping[str, object]) -> Autosave:
        """The autosave that continues the save ``record`` came from (``read_save`` sets its id), with its counts."""
        meta = save_meta(record)
        save_id = meta.get("id")
        out = cls(save_id if isinstance(save_id, str) and _valid_id(save_id) else None, keep=True)
        if not out._claim():
            raise CardsuiteError(open_elsewhere_text(out.id))
        out.match_id = match_identity(meta) or out.match_id
        created = meta.get("created")
        if isinstance(created, str):
            out.created = created[:40]
        for name in ("hints", "undos", "cpu"):
            raw = meta.get(name)
            if isinstance(raw, list):
                setattr(out, name, counts(raw, min(len(raw), 64)))
        out.assisted = meta.get("assisted") is True
        return out

    def count_hint(self, seat: int, by: int = 1) -> None:
        """``seat`` asked for a hint (``by=-1``: the hint failed and does not count)."""
        self.hints = counts(self.hints, max(len(self.hints), seat + 1))
        self.hints[seat] = max(0, self.hints[seat] + by)

    def count_undo(self, seat: int) -> None:
        """``seat`` took back a decision (the match is then assisted)."""
        self.undos = counts(self.undos, max(len(self.undos), seat + 1))
        self.undos[seat] += 1
        self.assisted = True

    def count_cpu(self, seat: int) -> None:
        """A CPU acted for ``seat``'s person (the match is then assisted, the seat counted as shared)."""
        self.cpu = counts(self.cpu, max(len(self.cpu), seat + 1))
        self.cpu[seat] += 1
        self.assisted = True

    def record(self, match: Match) -> dict[str, object]:
        """The match's record with this save's ``"save"`` key."""
        return save_record_of(match, self.id, match_id=self.match_id, hints=self.hints, undos=self.undos,
                              assisted=self.assisted, created=self.created, cpu=self.cpu)

    def save(self, match: Match) -> bool:
        """Write the match as it stands now, atomically; False if the disk refused.

        Until a person has acted nothing is written (and True is returned): there is nothing to lose. The
        first failure leaves a notice; the next ones do not, until a save succeeds (which leaves one too).
        """
        if not self.kept:
            if not person_acted(match):
                return True
            self.kept = True
        try:
            self._write(match)
        except (OSError, ValueError, CardsuiteError) as exc:
            if not self.failing:  # said once, not after every action, until a save succeeds again
                paths.note(msg("could not save the match to {file}: {reason}", file=shown(str(self.path)),
                               reason=_why(exc)))
            self.failing = True
            return False
        if self.failing:
            paths.note(msg("the match is saved again to {file}", file=shown(str(self.path))))
        self.failing = False
        return True

    def _write(self, match: Match) -> None:
        if self.written:
            if not self._claim():
                raise CardsuiteError(open_elsewhere_text(self.id))
            write_atomically(self.path, json.dumps(self.record(match), ensure_ascii=False) + "\n")
            return
        for _attempt in range(20):  # a new save never takes the name of one already there
            try:
                if not self._claim():
                    raise FileExistsError(self.path)
                write_atomically(self.path, json.dumps(self.record(match), ensure_ascii=False) + "\n",
                                 exclusive=True)
            except FileExistsError:
                self.close()
                self.id = new_save_id()
                self.path = save_path(self.id)
                continue
            self.written = True
            return
        raise CardsuiteError("no free name for a new save")

    def _claim(self) -> bool:
        """Hold the lock of this save (see ``savelock``); False when another process holds it."""
        if self._lock is not None and self._lock.alive and self._locked == self.path:
            return True
        if not savelock.claim(self.path):
            return False
        self.close()
        self._lock, self._locked = weakref.finalize(self, savelock.release, self.path), self.path
        return True

    def close(self) -> None:
        """Let go of the save's lock (its table is closed): another window may continue the match now."""
        if self._lock is not None:
            self._lock()
        self._lock = self._locked = None

    def finish(self, match: Match) -> int | None:
        """Put a finished match into the history (with ratings) and remove its save; the history id.

        The save is written first and removed only after the history has the match, so a kill in
        between loses nothing: the next ``list_saves`` files the finished save into the history.
        Returns None (the match stays a save) when the match is not over.
        """
        if not self.save(match) or not match.is_over:
            return None
        try:
            history_id = History().record_finished(self.record(match))
        except CardsuiteError as exc:  # the save stays; the next list_saves files it
            paths.note(msg("the finished match stays saved as {id}: {reason}", id=shown(self.id),
                           reason=message_of(exc)))
            return None
        self.discard()
        return history_id

    def discard(self) -> bool:
        """Remove the save (the person abandoned the match, or it is in the history now); False and a
        notice when the system refuses (a read-only folder)."""
        try:
            remove_file(self.path, N_("the save"))
        except FileRefused as exc:
            paths.note(message_of(exc))
            return False
        self.close()
        return True


def rebuild_match(record: Mapping[str, object], find_game: Callable[[str], Game] = get_game) -> Match:
    """A ``Match`` in exactly the saved state, which deals the same future deals as the original.

    The record is first checked by the core's replay (every problem is one ``RecordError`` line); then a
    match is started from the saved seed and the actions are applied deal by deal. If the seed would deal
    different cards than the record holds (a save from another version), that is an error, not a guess.
    """
    checked = replay(record, find_game)
    seed = save_meta(record).get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError('key "save.seed": missing: this record has no match seed and cannot be continued')
    seats = saved_seats(checked)
    match = Match(checked.game, checked.players, checked.options, seed, seats)
    for index, deal in enumerate(checked.deals):
        if index:
            match.next_deal()
        if match.state.setup() != deal.setup:
            raise RecordError(f"deal {index}: the saved cards are not the ones seed {seed} deals (another version?)")
        for seat, action in deal.actions:
            match.act(seat, action)
    match.play_on()
    return match


def saved_seats(checked: Replay) -> list[SeatSpec]:
    """The seats of a replayed save as a table takes them; ``RecordError`` for a seat the game cannot seat
    (a CPU level it does not have, ``peek`` included)."""
    seats = [_seat(checked.game, i, s) for i, s in enumerate(checked.seats)]
    if len(seats) != checked.players:
        seats = [SeatSpec(f"Seat {i}") for i in range(checked.players)]
    return seats


def seat_problem(checked: Replay) -> str:
    """Why a replayed save's seats cannot be opened (what opening it would move it aside for), in the reader's
    language, or ``""``."""
    try:
        saved_seats(checked)
    except RecordError as exc:
        return render(read_within(message_of(exc)))
    return ""


def _seat(game: Game, index: int, raw: Mapping[str, object]) -> SeatSpec:
    """A saved seat as the table will use it: a name safe to show, a person or a CPU of a level the game has."""
    from ..bots.base import levels_for

    name = raw.get("name")
    shown_name = shown(name) if isinstance(name, str) and name.strip() else f"Seat {index}"
    kind = raw.get("kind", "human")
    if kind == "human":
        return SeatSpec(shown_name)
    level = raw.get("level")
    if kind != "cpu" or not isinstance(level, str) or level not in levels_for(game):
        what = quoted(str(kind), 20) if kind != "cpu" else msg("a CPU of level {level}", level=quoted(str(level), 20))
        raise RecordError(msg('key "seats": seat {index} is {what}, which {game} does not have', index=index,
                              what=what, game=Message(game.info.title)))
    return SeatSpec(shown_name, "cpu", level)


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


def _why(exc: Exception) -> Message:
    """Why a save was not written, as a message: the system's words (English), or the error's own message."""
    if isinstance(exc, CardsuiteError):
        return message_of(exc)
    said = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return Message(shown(said))


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
    (``GameNotInstalled``).
    """
    try:
        data = read_json(path, RECORD_LIMIT)
    except FileUnreadable as exc:  # not the save's fault (permissions, gone meanwhile): leave it be
        raise RecordError(str(exc)) from None
    except FileRefused as exc:
        raise RecordError(paths.quarantine(path, exc.reason_words)) from None
    try:
        record = as_record(data)
        _installed_game(path, record)
        checked = replay(record, get_game)
        if not isinstance(save_meta(record).get("seed"), int):
            raise RecordError('key "save.seed": missing')
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
    return [p for p in entries if _valid_id(p.stem)]


def list_saves() -> list[SaveInfo]:
    """Unfinished matches, newest first. Damaged saves are moved aside (see ``paths.take_notices``); a save
    that replays but names a seat the game cannot seat is listed with its ``problem`` and left as it is.

    A save whose match is already over (the program stopped between saving and filing it) is filed into
    the history now and leaves the list. Temporary files of writers that were killed are removed.
    """
    folder = paths.saves_dir()
    if not folder.is_dir():
        if folder.exists() or folder.parent.is_file():
            line = _("{folder} is not a folder: no save can be listed or written")
            paths.note(line.format(folder=shown(str(folder))))
        return []
    remove_stale_temporaries(folder, "*.json")
    out: list[SaveInfo] = []
    for path in _save_files(folder):
        try:
            record, checked = read_save(path)
        except RecordError:
            continue
        if checked.complete:
            _file_finished(path, record)
            continue
        out.append(_info(path, record, checked))
    out.sort(key=lambda s: (s.updated, s.id), reverse=True)
    return out


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
    saves = list_saves()
    if not saves:
        raise CardsuiteError(msg("there is no unfinished match to resume"))
    if save_id is None:
        return saves[0]
    exact = [s for s in saves if s.path.stem == save_id]
    if whole and not exact:
        starting = sum(1 for s in saves if s.path.stem.startswith(save_id))
        if starting:
            raise CardsuiteError(_("{id} is only the start of an id: give the whole id to delete a save").format(
                id=quoted(save_id, 30)))
    found = exact or ([] if whole else [s for s in saves if s.path.stem.startswith(save_id)])
    if not found:
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
        raise CardsuiteError(str(exc)) from None
    finally:
        savelock.release(info.path)
    return info


def open_elsewhere_text(save_id: str) -> str:
    """The one line that refuses a save a table of another process (another window) has open."""
    return _("the match {id} is open in another window: close it there first").format(id=shown(save_id))


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
