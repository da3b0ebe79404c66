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
import os
import re
import secrets
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import cast

from ..core.errors import CardsuiteError, RecordError, message_of
from ..core.game import Game
from ..core.match import Match, SeatSpec
from ..core.message import N_, Message, msg, msg_p
from ..core.record import Replay, replay, seed_refusal
from ..core.registry import get_game
from ..files import FileRefused
from ..filewrites import remove_file, write_atomically
from ..i18n import _
from ..i18n.reasons import read_within
from ..i18n.render import render
from ..naming import quoted, shown
from . import paths, savelock
from .history import History
from .meta import COUNT_LIMIT, MATCH_KEY, SAVE_KEY, counts, match_identity, new_match_id, save_meta

__all__ = [
    "COUNT_LIMIT", "SAVE_KEY", "Autosave", "failure_words", "new_save_id", "open_elsewhere_text", "rebuild_match",
    "save_meta", "save_path", "save_record_of", "saved_seed", "valid_save_id",
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


def valid_save_id(save_id: str) -> bool:
    """A save id is a plain file name: no folder separator, not hidden, not too long."""
    return bool(_ID_CHARACTERS.fullmatch(save_id)) and not save_id.startswith(".")


def save_path(save_id: str) -> Path:
    """Where the save ``save_id`` lives."""
    if not valid_save_id(save_id):
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
        self.lost: Message | None = None
        """Why the finished match is neither saved nor in the history (``finish``), else None."""
        self._lock: weakref.finalize[[Path], Autosave] | None = None
        """This table's claim of its save's lock (``savelock``), let go by ``close`` or when the table is gone."""
        self._locked: Path | None = None
        """The save ``_lock`` holds."""

    @classmethod
    def resumed(cls, record: Mapping[str, object]) -> Autosave:
        """The autosave that continues the save ``record`` came from (``read_save`` sets its id), with its counts."""
        meta = save_meta(record)
        save_id = meta.get("id")
        out = cls(save_id if isinstance(save_id, str) and valid_save_id(save_id) else None, keep=True)
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
                               reason=failure_words(exc)))
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
        raise CardsuiteError(msg("no free name for a new save"))

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
        between loses nothing: the next ``list_saves`` files the finished save into the history. A save
        that cannot be written does not keep the match from the history; a save of an earlier moment left
        by it goes once the match is filed. When neither is written, ``lost`` says so.
        Returns None (the match stays a save) when the match is not over.
        """
        saved = self.save(match)
        if not match.is_over:
            return None
        try:
            history_id = History().record_finished(self.record(match))
        except CardsuiteError as exc:
            if saved:  # the save stays; the next list_saves files it
                paths.note(msg("the finished match stays saved as {id}: {reason}", id=shown(self.id),
                               reason=message_of(exc)))
            else:
                self.lost = msg("the finished match is not kept: saving it to {file} failed, and so did filing "
                                "it in the history: {reason}", file=shown(str(self.path)), reason=message_of(exc))
            return None
        self.failing = False  # the match as it stands is in the history
        if os.path.lexists(self.path) and self._claim():  # not a save another window has open
            self.discard()
        else:
            self.close()
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
    seed = saved_seed(record)
    seats = saved_seats(checked)
    match = Match(checked.game, checked.players, checked.options, seed, seats)
    for index, deal in enumerate(checked.deals):
        if index:
            match.next_deal()
        if match.state.setup() != deal.setup:
            raise RecordError(_refused(msg("deal {index}", index=index),
                                       msg("the saved cards are not the ones seed {seed} deals (another version?)",
                                           seed=seed)))
        for seat, action in deal.actions:
            match.act(seat, action)
    match.play_on()
    return match


def saved_seed(record: Mapping[str, object]) -> int:
    """The match seed of a save: a seed ``--seed`` takes (0 to ``LARGEST_SEED``), else ``RecordError`` in one
    line, as a record's deal seed is refused."""
    meta = save_meta(record)
    seed = meta.get("seed")
    where = msg('key "{name}"', name="save.seed")
    if "seed" not in meta:
        raise RecordError(_refused(where, msg("missing: this record has no match seed and cannot be continued")))
    problem = seed_refusal(seed)
    if problem is not None:
        raise RecordError(_refused(where, problem))
    return cast(int, seed)  # seed_refusal passes only an int


def _refused(where: Message, reason: Message) -> Message:
    """A save's problem at ``where`` (a key, a deal), as a record's is said: ``key "save.seed": ...``."""
    return msg_p("where a record is wrong, and why", "{where}: {reason}", where=where, reason=reason)


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

def failure_words(exc: Exception) -> Message:
    """Why a save was not written, as a message: the system's words (English), or the error's own message."""
    if isinstance(exc, CardsuiteError):
        return message_of(exc)
    said = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return Message(shown(said))


def open_elsewhere_text(save_id: str) -> str:
    """The one line that refuses a save a table of another process (another window) has open."""
    return _("the match {id} is open in another window: close it there first").format(id=shown(save_id))
