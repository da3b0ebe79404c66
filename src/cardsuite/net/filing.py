"""What a finished online match files into the history: its record, honest about who played each seat, and
who it rates.

The server's CPU may act in a person's seat: the seat handed over (``cpu``), its person gone past the grace
period, a turn timer that ran out, or the deal during which the person sat down. Each such action is counted
in the record's ``save.cpu`` for that seat (docs/saves.md), and the match is then ``assisted``: the history
files the seat as ``Name (with the CPU)``, counted and rated apart from the person. A seat is credited only
to the people who made its other actions (each action is stored with its person): one person, under their
name; several (one gave the seat up, another sat down in it), under all their names joined (``Ann + Cat``),
counted and rated apart from each of them. A seat rated apart still costs each person who made its actions
a loss that would lower their rating (``ratings.rate_played``): the help of the CPU or of another person
can only cost them. A person's seat in which no person made an action (the CPU made
every one) is filed as the CPU's; a person who made none is not named at all.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..core.match import SeatSpec
from ..naming import NAME_LIMIT
from ..storage.ratings import SHARED
from ..storage.saves import save_record_of
from .rows import Actor

if TYPE_CHECKING:
    from .table import Table

SHOWN_PEOPLE = 3
"""How many people a seat's filed name lists before ``…`` stands for the rest."""


def person_key(actor: Actor) -> str:
    """Who a person is for crediting a seat: their identity, or where they have none their name."""
    return actor.identity if actor.identity is not None else f"name:{actor.name}"


def seat_people(table: Table) -> list[list[Actor]]:
    """Per seat, the people who made its actions (the CPU's aside), each once, in the order of their first,
    under the name of their last. An action stored without its person (by an earlier version) is its seat's
    last holder's, as is a seat in which nobody made any action."""
    found: list[dict[str, Actor]] = [{} for _ in table.seats]
    made = [0] * len(table.seats)
    known = [0] * len(table.seats)
    for deal, log in enumerate(table.match.logs):
        for step, line in enumerate(log.actions):
            seat = int(line.partition(" ")[0])
            if not 0 <= seat < len(found):
                continue
            made[seat] += 1
            actor = table.row.actors.get((deal, step))
            if actor is not None:
                known[seat] += 1
                found[seat][person_key(actor)] = actor
    for seat, info in enumerate(table.seats):
        if info.kind == "person" and (made[seat] - table.cpu_actions[seat] - known[seat] > 0 or not made[seat]):
            holder = Actor(info.name, info.identity)
            found[seat] = {person_key(holder): holder} | found[seat]
    return [list(people.values()) for people in found]


def group_name(names: Sequence[str]) -> str:
    """The name a seat several people played is filed under: theirs in the order they first acted, joined by
    `` + ``, each cut short with ``…`` as far as the longest seat name (``NAME_LIMIT``) needs."""
    whole = " + ".join(names)
    if len(whole) <= NAME_LIMIT:
        return whole
    listed = list(names[:SHOWN_PEOPLE])
    more = len(names) > SHOWN_PEOPLE
    room = (NAME_LIMIT - 3 * (len(listed) - 1 + more) - more) // len(listed)
    parts = [name if len(name) <= room else name[:room - 1].rstrip() + "…" for name in listed]
    return " + ".join(parts + ["…"] * more)


def group_key(people: Sequence[Actor]) -> str:
    """The rating key of a seat several people played: one player made of them all, never any one of them
    and never on the leaderboard (``shared:`` and the SHA-256 of their identities)."""
    keys = sorted(person_key(actor) for actor in people)
    return f"{SHARED}:" + hashlib.sha256("\n".join(keys).encode()).hexdigest()


def filed_seats(table: Table) -> tuple[list[SeatSpec], list[int]]:
    """The seats as the history files them, and the actions the CPU made in each person's seat (``save.cpu``)."""
    people = seat_people(table)
    specs: list[SeatSpec] = []
    helped: list[int] = []
    for index, seat in enumerate(table.seats):
        if seat.kind != "person" or not people[index]:
            name = seat.name if seat.kind != "person" else f"CPU {index}"
            specs.append(SeatSpec(name, "cpu", table.row.cpu))
            helped.append(0)
        else:
            specs.append(SeatSpec(group_name([actor.name for actor in people[index]])))
            helped.append(table.cpu_actions[index])
    return specs, helped


def filed_record(table: Table) -> dict[str, object]:
    """The finished match's record for the history, with its ``save`` key (CPU counts, deal secret)."""
    specs, helped = filed_seats(table)
    record = save_record_of(table.match, table.id, cpu=helped, assisted=any(helped))
    record["seats"] = [s.as_record() for s in specs]
    if table.row.secret is not None:  # the match is over: the record may tell where its deals came from
        meta = record["save"]
        assert isinstance(meta, dict)
        meta["deal_secret"] = table.row.secret.hex()
    return record


class RatedKeys(list[str]):
    """Who a finished match rates, one key per seat, and ``played_by``: per seat, the identities of the people
    who made its actions (none for a CPU's seat), whom its result still costs where it is rated apart."""

    def __init__(self, keys: Iterable[str], played_by: Iterable[Sequence[str]]) -> None:
        super().__init__(keys)
        self.played_by = [tuple(people) for people in played_by]


def rated_keys(table: Table) -> RatedKeys | None:
    """Who a finished match rates, seat by seat: the identity of the one person who played it, a key of its
    own for several (``group_key``), the table's CPU level for a seat filed as the CPU's; None for an unrated
    table. A seat the CPU helped is rated apart (``PgHistory``, from ``save.cpu``); a seat rated apart still
    costs the people who played it where it would lower their ratings (``ratings.rate_played``)."""
    listing = table.listing
    if not listing.rated or listing.practice:
        return None
    keys: list[str] = []
    played_by: list[list[str]] = []
    for seat, people in zip(table.seats, seat_people(table), strict=True):
        if seat.kind != "person" or not people:
            keys.append(f"CPU {table.row.cpu}")
            played_by.append([])
            continue
        keys.append(group_key(people) if len(people) > 1 else person_key(people[0]))
        played_by.append([person_key(actor) for actor in people])
    return RatedKeys(keys, played_by)
