"""The log's words for the moves the server's CPU made in a seat at an online table: such a move names the seat
as "Bob (the CPU)" (the ``view`` message's ``by_cpu`` marks them), and a person who sits down at a seat the CPU
made moves for is told how many, once.

A seat nobody has held is the server's "CPU 2": its moves are the CPU's by its very name, so it is left as it is.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from ...core.game import Event
from ...i18n import _, ngettext
from ...net.personview import subsequence_positions


def cpu_label(name: str) -> str:
    """A seat's name on a move the server's CPU made for it."""
    # TRANSLATORS: a seat's name in the log of an online table, on a move the server's CPU made for that seat
    return _("{name} (the CPU)").format(name=name)


def logged_marks(history: Sequence[Event], logged: Sequence[Event], by_cpu: Collection[int]) -> set[int]:
    """The positions in ``logged`` (the events the log keeps, in the history's order: ``Game.log_events``) of the
    history's events at the indices ``by_cpu``."""
    return {position for at, position in subsequence_positions(history, logged).items() if at in by_cpu}


def names_for(event: Event, names: Sequence[str], seats: Sequence[Mapping[str, Any]]) -> Sequence[str]:
    """The seats' names for a move the server's CPU made: the moving seat's as ``cpu_label`` (unless the seat is
    the server's own CPU seat, ``CPU 2``, which nobody has held)."""
    seat = event.seat
    if seat is None or not 0 <= seat < len(names):
        return names
    info = seats[seat] if seat < len(seats) and isinstance(seats[seat], Mapping) else {}
    if info.get("kind") != "person" and names[seat] == f"CPU {seat}":
        return names
    return (*names[:seat], cpu_label(names[seat]), *names[seat + 1:])


def moves_made(seat: Mapping[str, Any]) -> int:
    """How many moves the server's CPU has made in a seat in this match (its ``cpu_moves``; 0 when it says none
    that could be one)."""
    count = seat.get("cpu_moves")
    return count if isinstance(count, int) and not isinstance(count, bool) and 0 < count < 1_000_000 else 0


def moves_note(count: int, name: str) -> str:
    """What a person sitting down is told of the moves the CPU made for their seat."""
    return ngettext("The CPU has made {count} move for your seat in this match (in this deal's log, such a move "
                    "reads “{label}”).",
                    "The CPU has made {count} moves for your seat in this match (in this deal's log, such a move "
                    "reads “{label}”).", count).format(count=count, label=cpu_label(name))
