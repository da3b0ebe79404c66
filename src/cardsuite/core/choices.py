"""A seat's exchange choices as a sequence of actions that makes only the actions it is asked for.

Napas's ``legal_actions`` during the exchange: every set of at most the seat's limit of its cards, up to
32 for a five-card hand, in ``core.exchange.discard_choices`` order. A random playout or a random bot
reads ``len`` and one index (``random.choice``), so making the other 31 actions would be wasted.

``DiscardChoices`` is a plain class registered as a ``collections.abc.Sequence`` (``Sequence.register``)
rather than a subclass of it: mypyc cannot build a class whose metaclass is ``ABCMeta``, and this module is
one of the compiled build's ``HOT_MODULES`` (``scripts/compile_engines.py``), where ``len`` and indexing
are C slots instead of Python calls (a seventh of a compiled Napas deal went to them while the class was
interpreted). So it spells out what the ``Sequence`` mixins gave it (``in``, ``reversed``, ``index``,
``count``), answering them as the tuple it stands for does. To the type checker it is not a ``Sequence``
(mypy does not follow ``register``): a caller that hands one out as its ``legal_actions`` casts it.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Sequence
from typing import SupportsIndex, overload

from ..cards import CardSet
from .exchange import _ORDERS, CHOICE_COUNTS, choices_count, discard_choices, subset_order
from .game import Action


class DiscardChoices:
    """The actions putting away each set of at most ``limit`` cards of ``hand``, in ``discard_choices``
    order, each made (by ``make``, from the set's mask) only when it is indexed.

    A state's ``legal_actions`` during an exchange: a five-card hand has up to 32 choices, and a random
    playout or a random bot reads ``len`` and one index (``random.choice``), so building the other 31
    actions would be wasted. Indexing unranks: choice ``i`` is the ``i``-th subset pattern of
    ``subset_order``, whose bit ``j`` takes the hand's ``j``-th lowest card. It is an immutable value
    like the tuple it stands for, and compares equal to that tuple (and hashes like it); iterating makes
    every action. A registered ``Sequence`` (see the module's docstring), not a subclass.
    """

    __slots__ = ("_length", "_make", "_order", "hand", "limit")

    def __init__(self, hand: CardSet, limit: int, make: Callable[[CardSet], Action]) -> None:
        size = hand.bit_count()
        self.hand = hand
        self.limit = limit
        self._make = make
        self._order: tuple[int, ...] = _ORDERS.get(size) or subset_order(size)
        if size < 17 and 0 <= limit <= size:
            self._length = CHOICE_COUNTS[size][limit]
        else:
            self._length = choices_count(size, limit)

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: SupportsIndex) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: SupportsIndex | slice) -> Action | tuple[Action, ...]:
        # the unranking is written out here, not in a helper: a random playout indexes once per exchange,
        # and interpreted, a call more is a tenth of the time (a slice, rare, indexes each of its items)
        if isinstance(index, int):  # bool too, as a tuple takes it
            at = index
        elif isinstance(index, slice):
            return tuple([self[i] for i in range(*index.indices(self._length))])
        else:
            at = operator.index(index)  # a TypeError for what is not a whole number, as a tuple gives
        if at < 0:
            at += self._length
        if not 0 <= at < self._length:
            raise IndexError("discard choice index out of range")
        pattern = self._order[at]
        mask = 0
        hand = self.hand
        while pattern:
            low = hand & -hand
            if pattern & 1:
                mask |= low
            hand ^= low
            pattern >>= 1
        return self._make(mask)

    def __iter__(self) -> Iterator[Action]:
        return map(self._make, discard_choices(self.hand, self.limit))

    def __reversed__(self) -> Iterator[Action]:
        return map(self._make, reversed(discard_choices(self.hand, self.limit)))

    def __contains__(self, value: object) -> bool:
        """Whether ``value`` is, or equals, one of the actions, as ``in`` on the tuple says."""
        return any(action is value or action == value for action in self)

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """Where ``value`` first is among the actions (from ``start``, before ``stop``), as the tuple's
        ``index`` says, else ``ValueError``."""
        return tuple(self).index(value, start, self._length if stop is None else stop)

    def count(self, value: object) -> int:
        """How many of the actions are, or equal, ``value``."""
        return tuple(self).count(value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (tuple, DiscardChoices)):
            return tuple(self) == tuple(other)
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, (tuple, DiscardChoices)):
            return tuple(self) != tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"DiscardChoices({tuple(self)!r})"


Sequence.register(DiscardChoices)

