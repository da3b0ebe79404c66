"""Autosaves: every unfinished match is a record (records.md) in the saves folder, rewritten after each action.

A save is a plain ``cardsuite-record/1`` file with one additive key, ``"save"``, holding what a record
does not: the match seed (so the deals still to come are the ones the match would have dealt), the save
id, times, and the hints and undos each seat has used. Resuming replays the record into a new ``Match``.
Writes are atomic (``write_atomically``), so a kill leaves the previous save or the new one, never a torn file.
"""

from __future__ import annotations

import json
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from ..core.errors import CardsuiteError, RecordError
from ..core.game import Game
from ..core.match import Match, SeatSpec
from ..core.record import Replay, load_record, replay, score_json, write_atomically
from ..core.registry import get_game
from . import paths

SAVE_KEY = "save"


def new_save_id() -> str:
    """A fresh id that sorts by time and is short enough to type: ``20261130-004812-3fa2``."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(2)


def _now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _counts(values: Sequence[int] | None, players: int) -> list[int]:
    out = [int(v) for v in values] if values is not None else []
    return (out + [0] * players)[:players]


def save_record_of(
    match: Match,
    save_id: str,
    *,
    hints: Sequence[int] | None = None,
    undos: Sequence[int] | None = None,
    assisted: bool = False,
    created: str | None = None,
) -> dict[str, object]:
    """The match's record with the ``"save"`` key that lets it be continued."""
    record = match.record()
    record[SAVE_KEY] = {
        "id": save_id,
        "seed": match.seed,
        "created": created or _now(),
        "updated": _now(),
        "hints": _counts(hints, match.players),
        "undos": _counts(undos, match.players),
        "assisted": bool(assisted),
    }
    return record


def save_meta(record: Mapping[str, object]) -> dict[str, object]:
    """The ``"save"`` object of a record (empty for a record that was never a save)."""
    meta = record.get(SAVE_KEY)
    return dict(meta) if isinstance(meta, dict) else {}


def save_path(save_id: str) -> Path:
    """Where the save ``save_id`` lives."""
    if not save_id or "/" in save_id or "\\" in save_id or save_id.startswith("."):
        raise CardsuiteError(f"{save_id!r} is not a save id")
    return paths.saves_dir() / f"{save_id}.json"


class Autosave:
    """The save of one table: ``save(match)`` after every action, ``finish(match)`` when the match is over.

    It also counts what the person used (``count_hint``, ``count_undo``), which the save and then the
    history keep. A new table gets a new id; ``Autosave.resumed(record)`` continues the same file and
    counts. Failures to write (a full disk) never stop play: ``save`` returns False and leaves a notice.
    """

    def __init__(self, save_id: str | None = None) -> None:
        self.id = save_id or new_save_id()
        self.path = save_path(self.id)
        self.created = _now()
        self.hints: list[int] = []
        self.undos: list[int] = []
        self.assisted = False

    @classmethod
    def resumed(cls, record: Mapping[str, object]) -> Autosave:
        """The autosave that continues the save ``record`` came from, with its counts."""
        meta = save_meta(record)
        save_id = meta.get("id")
        out = cls(save_id if isinstance(save_id, str) else None)
        created = meta.get("created")
        if isinstance(created, str):
            out.created = created
        for name in ("hints", "undos"):
            raw = meta.get(name)
            if isinstance(raw, list):
                setattr(out, name, [v if isinstance(v, int) and not isinstance(v, bool) else 0 for v in raw])
        out.assisted = bool(meta.get("assisted", False))
        return out

    def count_hint(self, seat: int) -> None:
        """``seat`` asked for a hint."""
        self.hints = _counts(self.hints, max(len(self.hints), seat + 1))
        self.hints[seat] += 1

    def count_undo(self, seat: int) -> None:
        """``seat`` took back a decision (the match is then assisted)."""
        self.undos = _counts(self.undos, max(len(self.undos), seat + 1))
        self.undos[seat] += 1
        self.assisted = True

    def record(self, match: Match) -> dict[str, object]:
        """The match's record with this save's ``"save"`` key."""
        return save_record_of(match, self.id, hints=self.hints, undos=self.undos, assisted=self.assisted,
                              created=self.created)

    def save(self, match: Match) -> bool:
        """Write the match as it stands now, atomically; False (and a notice) if the disk refused."""
        try:
            write_atomically(self.path, json.dumps(self.record(match), ensure_ascii=False) + "\n")
        except OSError as exc:
            paths._notices.append(f"could not save the match to {self.path}: {exc.strerror or exc}")
            return False
        return True

    def finish(self, match: Match) -> int | None:
        """Put a finished match into the history (with ratings) and remove its save; the history id.

        The save is written first and removed only after the history has the match, so a kill in
        between loses nothing: the next ``list_saves`` files the finished save into the history.
        Returns None (the match stays a save) when the match is not over.
        """
        if not self.save(match) or not match.is_over:
            return None
        from .history import History

        try:
            history_id = History().record_finished(self.record(match))
        except CardsuiteError as exc:  # the save stays; the next list_saves files it
            paths._notices.append(f"the finished match stays saved as {self.id}: {exc}")
            return None
        self.discard()
        return history_id

    def discard(self) -> None:
        """Remove the save (the person abandoned the match, or it is in the history now)."""
        self.path.unlink(missing_ok=True)


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
    seats = [
        SeatSpec(str(s.get("name", f"Seat {i}")), str(s.get("kind", "human")),
                 str(s["level"]) if s.get("level") is not None else None)
        for i, s in enumerate(checked.seats)
    ]
    if len(seats) != checked.players:
        seats = [SeatSpec(f"Seat {i}") for i in range(checked.players)]
    match = Match(checked.game, checked.players, checked.options, seed, seats)
    for index, deal in enumerate(checked.deals):
        if index:
            match.next_deal()
        if match.state.setup() != deal.setup:
            raise RecordError(f"deal {index}: the saved cards are not the ones seed {seed} deals (another version?)")
        for seat, action in deal.actions:
            match.act(seat, action)
    return match


@dataclass(frozen=True)
class SaveInfo:
    """One unfinished match, for ``resume --list`` and the home screen's Continue list."""

    id: str
    path: Path
    game: str
    title: str
    names: tuple[str, ...]
    deals: int
    totals: tuple[float | int, ...]
    updated: str
    complete: bool

    def describe(self) -> str:
        """One line: id, game, seats, deal number and totals."""
        scores = ", ".join(f"{n} {t}" for n, t in zip(self.names, self.totals, strict=False))
        return f"{self.id}  {self.title}, deal {self.deals}: {scores}  (saved {self.updated})"


def _info(path: Path, record: Mapping[str, object], checked: Replay) -> SaveInfo:
    meta = save_meta(record)
    names = [str(s.get("name", f"Seat {i}")) for i, s in enumerate(checked.seats)]
    return SaveInfo(
        id=path.stem,
        path=path,
        game=checked.game.info.name,
        title=checked.game.info.title,
        names=tuple(names),
        deals=len(checked.deals),
        totals=tuple(score_json(t) for t in checked.totals),
        updated=str(meta.get("updated", "")),
        complete=checked.complete,
    )


def read_save(path: Path) -> tuple[dict[str, object], Replay]:
    """A save and its replay; a damaged save is moved aside, reported, and raises ``RecordError``."""
    try:
        record = load_record(path)
        checked = replay(record, get_game)
        if not isinstance(save_meta(record).get("seed"), int):
            raise RecordError('key "save.seed": missing')
    except RecordError as exc:
        if not path.exists():
            raise
        raise RecordError(paths.quarantine(path, str(exc))) from None
    return record, checked


def list_saves() -> list[SaveInfo]:
    """Unfinished matches, newest first. Damaged saves are moved aside (see ``paths.take_notices``).

    A save whose match is already over (the program stopped between saving and filing it) is filed into
    the history now and leaves the list.
    """
    folder = paths.saves_dir()
    if not folder.is_dir():
        return []
    for stale in folder.glob(".*.tmp"):  # a write cut short by a kill; the save itself is intact
        try:
            if time.time() - stale.stat().st_mtime > 3600:
                stale.unlink()
        except OSError:
            pass
    out: list[SaveInfo] = []
    for path in sorted(folder.glob("*.json")):
        try:
            record, checked = read_save(path)
        except RecordError:
            continue
        if checked.complete:
            from .history import History

            History().record_finished(record)
            path.unlink(missing_ok=True)
            continue
        out.append(_info(path, record, checked))
    out.sort(key=lambda s: (s.updated, s.id), reverse=True)
    return out


def find_save(save_id: str | None = None) -> SaveInfo:
    """The save ``save_id`` (a unique prefix is enough), or the newest when None."""
    saves = list_saves()
    if not saves:
        raise CardsuiteError("there is no unfinished match to resume")
    if save_id is None:
        return saves[0]
    exact = [s for s in saves if s.id == save_id]
    found = exact or [s for s in saves if s.id.startswith(save_id)]
    if not found:
        raise CardsuiteError(f"no unfinished match {save_id!r} (see `cardsuite resume --list`)")
    if len(found) > 1:
        raise CardsuiteError(f"{save_id!r} matches {len(found)} saves: give more of the id")
    return found[0]


def load_save(save_id: str | None = None) -> tuple[dict[str, object], Match]:
    """The record and the rebuilt match of save ``save_id`` (or the newest)."""
    info = find_save(save_id)
    record, _ = read_save(info.path)
    try:
        return record, rebuild_match(record)
    except RecordError as exc:
        raise RecordError(paths.quarantine(info.path, str(exc))) from None
