"""What a finished online match files into the history: its record, honest about the server's CPU, and who it rates.

The server's CPU may act in a person's seat: the seat handed over (``cpu``), its person gone past the grace
period, a turn timer that ran out, or the deal during which the person sat down. Each such action is counted
in the record's ``save.cpu`` for that seat (docs/saves.md), and the match is then ``assisted``: the history
files the seat as ``Name (with the CPU)``, counted and rated apart from the person. A person's seat in
which the person made no action at all (the CPU made every one) is filed as the CPU's seat.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.match import SeatSpec
from ..storage.saves import save_record_of

if TYPE_CHECKING:
    from .table import Table


def seat_actions(table: Table) -> list[int]:
    """How many actions each seat made in the whole match (its person's and the CPU's)."""
    out = [0] * len(table.seats)
    for log in table.match.logs:
        for line in log.actions:
            seat = int(line.partition(" ")[0])
            if 0 <= seat < len(out):
                out[seat] += 1
    return out


def cpu_only(table: Table, seat: int, made: list[int]) -> bool:
    """Whether ``seat`` is filed as the CPU's: nobody holds it, or its person made none of its actions."""
    if table.seats[seat].kind != "person":
        return True
    return table.cpu_actions[seat] > 0 and table.cpu_actions[seat] >= made[seat]


def filed_seats(table: Table) -> tuple[list[SeatSpec], list[int]]:
    """The seats as the history files them, and the actions the CPU made in each person's seat (``save.cpu``)."""
    made = seat_actions(table)
    specs: list[SeatSpec] = []
    helped: list[int] = []
    for index, seat in enumerate(table.seats):
        if cpu_only(table, index, made):
            name = seat.name if seat.kind != "person" else f"CPU {index}"
            specs.append(SeatSpec(name, "cpu", table.row.cpu))
            helped.append(0)
        else:
            specs.append(SeatSpec(seat.name))
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


def rated_keys(table: Table) -> list[str] | None:
    """Who a finished match rates, seat by seat: identities (CPUs, and seats filed as the CPU's, by level);
    None for an unrated table. A seat the CPU helped is rated apart (``PgHistory``, from ``save.cpu``)."""
    listing = table.listing
    if not listing.rated or listing.practice:
        return None
    made = seat_actions(table)
    return [s.identity if s.identity and not cpu_only(table, i, made) else f"CPU {table.row.cpu}"
            for i, s in enumerate(table.seats)]
