"""Which events of the deal under way record a move the server's CPU made, as each seat (and a watcher) holds
the deal's history: the ``view`` message's ``by_cpu``.

A seat's history only grows during a deal (the protocol sends it in pieces), so the events one action added to
it are those past its length before the action. An action of the CPU marks, in every seat's history and the
public one, the events it added that are the acting seat's own (its play, bid, pass: not a trick's or a deal's
outcome, which carry a ``winner`` or ``scores``). Each history is marked from the events it holds only, so a
mark tells a connection nothing but who made a move it was shown.
"""

from __future__ import annotations

from ..core.game import Event, State

PUBLIC = -1
"""The key of the public history (a watcher's, or a person who sat down during the deal)."""


def _histories(state: State) -> dict[int, tuple[Event, ...]]:
    """Every seat's history of the deal, and the public one (``PUBLIC``)."""
    out = {seat: state.view(seat).history for seat in range(state.players)}
    out[PUBLIC] = state.public_view().history
    return out


def own_move(event: Event, seat: int) -> bool:
    """Whether ``event`` is ``seat``'s own move (not the outcome it brought about: a trick won, a score)."""
    return event.seat == seat and event.winner is None and event.scores is None


class CpuMarks:
    """The marked events of the deal under way, history by history (a seat's, or ``PUBLIC``)."""

    def __init__(self) -> None:
        self.marks: dict[int, list[int]] = {}

    def clear(self) -> None:
        """A new deal: nothing marked yet."""
        self.marks = {}

    @staticmethod
    def lengths(state: State) -> dict[int, int]:
        """How long each history is now (taken before the CPU's action)."""
        return {key: len(history) for key, history in _histories(state).items()}

    def record(self, state: State, seat: int, before: dict[int, int]) -> None:
        """The CPU acted for ``seat``: mark the seat's own events that the action added to each history."""
        for key, history in _histories(state).items():
            start = before.get(key, len(history))
            found = [i for i in range(start, len(history)) if own_move(history[i], seat)]
            if found:
                self.marks.setdefault(key, []).extend(found)

    def sent(self, seat: int | None, skip: int) -> list[int]:
        """Every mark of ``seat``'s history (None: the public one), for its ``view`` message, which sends those of
        the events it sends (from ``skip`` on, or from where a person's shorter history continues: ``personview``)."""
        return list(self.marks.get(PUBLIC if seat is None else seat, ()))
