"""Bookkeeping shared by turn-based deals (one seat acts at a time), so each game writes only its rules.

A ``TurnState`` keeps its phase name in ``phase_name`` (``"over"`` at the end), the seat to act in
``turn``, its events in ``log``, each seat's score change in ``_scores`` and how it began in ``_setup``
(or in ``_setup_parts``, from which ``setup()`` makes it when first asked); the contract's accessors
read them.

``apply`` is here, once for every turn-based game: it refuses an action when the deal is over, when it is
not the seat's turn, when the seat or the action is not even of the right type, when the phase does not
take the verb, or when the arguments have the wrong shape (``core.verbs``), and only then calls the
game's handler for that verb, which checks the rules before it changes anything. ``phases`` maps each
phase name to its ``Phase`` (the verbs it takes and their handlers).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from ..cards import Card
from .errors import IllegalAction
from .game import Action, DealSetup, Event, Score, State
from .message import Message, SeatRef, msg
from .verbs import Phase, well_typed

SEAT_SETS: Final = tuple(frozenset({seat}) for seat in range(16))
NOBODY: Final = frozenset[int]()


class TurnState(State):
    """A deal in which exactly one seat acts at a time until the phase is ``"over"``."""

    phase_name: str
    turn: int
    log: list[Event]
    phases: Mapping[str, Phase]
    _scores: tuple[Score, ...]
    _setup: DealSetup | None = None
    _setup_parts: tuple[int | None, Sequence[Sequence[Card]], Sequence[Card]] | None = None
    """The dealer, the hands as dealt and the stock, from which ``setup()`` makes ``_setup`` when asked."""
    _public_facts: object = None  # the views' shared facts of the latest moment (``core.fast.views``)
    _seat_logs: object = None  # each seat's filtered events, for views (``core.fast.views.SeatLogs``)

    @property
    def phase(self) -> str:
        return self.phase_name

    @property
    def to_act(self) -> frozenset[int]:
        return NOBODY if self.phase_name == "over" else SEAT_SETS[self.turn]

    @property
    def is_over(self) -> bool:
        return self.phase_name == "over"

    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """The shared preamble (turn, phase, argument shape), then the game's handler for the verb.

        An action the phase knows by identity (``Phase.known``: one the game made once and hands out from
        ``legal_actions``) has a well-formed verb and arguments already, so its shape is not checked again;
        a phase without such actions pays one attribute read for the look.
        """
        phase = self.phases.get(self.phase_name)
        if phase is None or seat != self.turn or seat.__class__ is not int or action.__class__ is not Action \
                or action.verb.__class__ is not str:
            raise IllegalAction(self.refusal(seat, action))
        known = phase.known
        if known:
            handler = known.get(id(action))
            if handler is not None:
                return handler(self, seat, action)
        try:
            fits, handler = phase.checks[action.verb]
        except KeyError:
            raise IllegalAction(phase.refusal(seat, action)) from None
        if not fits(action.args):
            raise IllegalAction(phase.refusal(seat, action))
        return handler(self, seat, action)

    def refusal(self, seat: object, action: object) -> Message:
        """Why nobody, or not ``seat``, may act now, or why ``action`` is not an action at all."""
        if self.phase_name == "over":
            return msg("the deal is over")
        wrong = well_typed(seat, action)
        if wrong is not None:
            return wrong
        if seat != self.turn:
            assert isinstance(seat, int)  # well_typed says so
            return msg("it is {seat}'s turn, not {other}'s", seat=SeatRef(self.turn), other=SeatRef(seat))
        return msg("nothing may be done in the {phase} phase", phase=self.phase_name)

    def scores(self) -> tuple[Score, ...]:
        return self._scores

    def events(self) -> tuple[Event, ...]:
        return tuple(self.log)

    def keep_setup(self, dealer: int | None, hands: Sequence[Sequence[Card]], stock: Sequence[Card],
                   own_lists: bool) -> None:
        """Keep how the deal began: as ``_setup``, or, when ``own_lists`` (lists nobody else will change),
        as the parts ``setup()`` makes it from when first asked (a random playout never asks)."""
        if own_lists:
            self._setup_parts = (dealer, hands, stock)
        else:
            self._setup = DealSetup(dealer, tuple(tuple(hand) for hand in hands), tuple(stock))

    def setup(self) -> DealSetup:
        """``_setup``, or one made from ``_setup_parts`` the first time it is asked for (a random playout
        never asks: its deals need not pay for it)."""
        setup = self._setup
        if setup is None:
            assert self._setup_parts is not None, "a TurnState sets _setup or _setup_parts"
            dealer, hands, stock = self._setup_parts
            setup = self._setup = DealSetup(dealer, tuple(map(tuple, hands)), tuple(stock))
        return setup
