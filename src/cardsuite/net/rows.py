"""A table as the stores keep it (its settings and listing, its seats, its actions deal by deal) and as
the lobby lists it.

Plain values, shared by both stores (``store.py``, ``pgstore.py``), the table that writes them and the
lobby that reads them; they import nothing of the server.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

from .protocol import LANGUAGE


@dataclass(frozen=True)
class Listing:
    """How a table is offered: in the lobby or by code only, rated or not, a practice table (its seed was
    chosen: never rated), and the language its host plays in."""

    public: bool = False
    rated: bool = False
    practice: bool = False
    language: str = ""

    def to_text(self) -> str:
        """As stored in the SQLite store's ``listing`` column."""
        return json.dumps(asdict(self), separators=(",", ":"))

    @classmethod
    def from_text(cls, text: object) -> Listing:
        """Read back; anything malformed is a private, unrated table."""
        try:
            data = json.loads(str(text)) if text else {}
        except ValueError:
            return cls()
        if not isinstance(data, dict):
            return cls()
        language = data.get("language")
        return cls(data.get("public") is True, data.get("rated") is True, data.get("practice") is True,
                   language if isinstance(language, str) and LANGUAGE.fullmatch(language) else "")


@dataclass
class SeatRow:
    """A seat as stored: ``kind`` is ``person`` (someone holds its token) or ``open`` (a CPU plays it)."""

    name: str
    kind: str
    token: str | None = None
    identity: str | None = None  # the id (a digest) of the player identity that sat here, if any
    joined_deal: int | None = None  # the deal its person sat down during (they watch it), if they did


@dataclass(frozen=True)
class Actor:
    """The person who made an action in their seat, as they held it then: their name and identity (if any)."""

    name: str
    identity: str | None = None


@dataclass
class TableRow:
    """A table as stored, with its seats and its actions deal by deal (``"2 play KH"``), which of those
    actions the server's CPU made (``cpu_steps``) and which person made each of the others (``actors``)."""

    id: str
    code: str
    game: str
    players: int
    options: dict[str, object]
    cpu: str
    seed: int
    turn_seconds: int
    status: str
    created: str
    seats: list[SeatRow] = field(default_factory=list)
    deals: list[list[str]] = field(default_factory=list)
    history_id: int | None = None
    listing: Listing = field(default_factory=Listing)
    secret: bytes | None = None  # the deals' key; None: they follow ``seed`` (a table of an earlier version)
    cpu_steps: set[tuple[int, int]] = field(default_factory=set)  # (deal, step) of each action the CPU made
    actors: dict[tuple[int, int], Actor] = field(default_factory=dict)  # (deal, step): who made it (where known)

    def add_actions(self, rows: Iterable[Sequence[Any]]) -> None:
        """Take the stored actions, in order: (deal, step, line, by the CPU, the person's name and identity);
        an action stored before the person was kept has no name."""
        for deal, step, line, by_cpu, name, identity in rows:
            while len(self.deals) <= deal:
                self.deals.append([])
            self.deals[deal].append(line)
            if by_cpu:
                self.cpu_steps.add((int(deal), int(step)))
            elif name is not None:
                self.actors[(int(deal), int(step))] = Actor(str(name), None if identity is None else str(identity))


@dataclass(frozen=True)
class Listed:
    """A public table as the lobby lists it, read from a table in memory or from the shared store."""

    code: str
    game: str
    players: int
    options: dict[str, object]
    status: str
    seats_free: int
    rated: bool
    practice: bool
    language: str
    host: str

    def as_json(self) -> dict[str, object]:
        """The lobby entry on the wire (docs/protocol.md, ``list``)."""
        return asdict(self)
