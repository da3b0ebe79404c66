"""``State``: one deal in progress, as every game answers for it (``core.game`` hands it on)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence

from ..cards import Card
from .options import Options
from .values import PUBLIC_SEAT, Action, DealSetup, DealSummary, Event, Score, View


class State(ABC):
    """One deal in progress. Mutable; ``apply`` validates before it changes anything."""

    players: int
    options: Options

    @property
    @abstractmethod
    def phase(self) -> str:
        """The phase name: ``bidding``, ``play``, ``exchange``, ``over`` ..."""

    @property
    @abstractmethod
    def to_act(self) -> frozenset[int]:
        """Seats that must act now: one in turn-based phases, several in a simultaneous one, none at the end."""

    @abstractmethod
    def legal_actions(self, seat: int) -> Sequence[Action]:
        """What ``seat`` may do now (empty when it is not to act): a sequence of actions, usually a tuple.

        A game whose choices are many may return a lazy sequence that makes only the actions it is asked
        for (Napoleon's discard: ``games.napoleon.discards.DiscardChoices``; Napas's exchange:
        ``core.choices.DiscardChoices``), since a random playout reads ``len`` and one index; it holds the
        same actions in the same order whenever it is read."""

    @abstractmethod
    def apply(self, seat: int, action: Action) -> tuple[Event, ...]:
        """Do ``action`` for ``seat``; raise ``IllegalAction`` naming the rule, state unchanged."""

    @property
    @abstractmethod
    def is_over(self) -> bool:
        """Whether the deal has ended (played out, or thrown in)."""

    @abstractmethod
    def scores(self) -> tuple[Score, ...]:
        """Each seat's score change for this deal so far: zeros until a trick game is scored."""

    @abstractmethod
    def view(self, seat: int) -> View:
        """What ``seat`` may know now."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy, for search and what-if."""

    @abstractmethod
    def setup(self) -> DealSetup:
        """The dealer, hands and stock this deal began with (for records)."""

    @abstractmethod
    def summary(self) -> DealSummary:
        """The contract and its result, for replay text and statistics."""

    @abstractmethod
    def zones(self) -> Mapping[str, tuple[Card, ...]]:
        """Where every card of the deal is now (``hand 0``, ``stock``, ``played``, ``widow`` ...).

        Each card of ``setup()`` is in exactly one zone: the conformance tests check that cards are
        conserved through every action.
        """

    @abstractmethod
    def events(self) -> tuple[Event, ...]:
        """Every event of the deal so far, in order, hidden ones included (use ``view`` for a seat)."""

    def window(self, seat: int) -> View:
        """``view(seat)`` for this moment only, for the search bots' rollout policies.

        A game may build it straight from the live state instead of copying the public facts: it is then
        valid only until the next ``apply`` and holds the whole state, so nothing but a policy call inside a
        search may be given one (a screen, a network seat or an outside bot gets ``view``). Its fields equal
        ``view(seat)``'s (the conformance suite checks it). The default is ``view(seat)``.
        """
        return self.view(seat)

    def public_view(self) -> View:
        """What everyone may know, for a watcher: ``seat`` is ``PUBLIC_SEAT``, no hand, no legal actions,
        nothing private (so no pending simultaneous choice), and only the public events.

        ``table`` and ``seats`` hold public facts only, so they are the same in every seat's view (the
        conformance suite checks it): this default takes them from seat 0's view. A game may build the
        public view directly.
        """
        base = self.view(0)
        return View(
            game=base.game, seat=PUBLIC_SEAT, players=base.players, phase=base.phase, to_act=base.to_act,
            hand=(), legal=(), history=tuple(e for e in self.events() if e.visible_to is None),
            seats=base.seats, table=base.table, private={}, options=base.options, dealer=base.dealer,
            is_over=base.is_over,
        )
