"""Bookkeeping shared by turn-based deals (one seat acts at a time), so each game writes only its rules.

A ``TurnState`` keeps its phase name in ``phase_name`` (``"over"`` at the end), the seat to act in
``turn``, its events in ``log``, each seat's score change in ``_scores`` and how it began in ``_setup``;
the contract's accessors read them.
"""

from __future__ import annotations

from typing import Final

from .game import DealSetup, Event, Score, State

SEAT_SETS: Final = tuple(frozenset({seat}) for seat in range(16))
NOBODY: Final = frozenset[int]()


class TurnState(State):
    """A deal in which exactly one seat acts at a time until the phase is ``"over"``."""

    phase_name: str
    turn: int
    log: list[Event]
    _scores: tuple[Score, ...]
    _setup: DealSetup

    @property
    def phase(self) -> str:
        return self.phase_name

    @property
    def to_act(self) -> frozenset[int]:
        return NOBODY if self.phase_name == "over" else SEAT_SETS[self.turn]

    @property
    def is_over(self) -> bool:
        return self.phase_name == "over"

    def scores(self) -> tuple[Score, ...]:
        return self._scores

    def events(self) -> tuple[Event, ...]:
        return tuple(self.log)

    def setup(self) -> DealSetup:
        return self._setup
