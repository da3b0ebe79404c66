"""Napoleon's discards: every way for Napoleon to put the widow's number of cards away, as interned actions.

Napoleon holds 13 cards when he discards 3 (12 and 2 without the joker), so there are 286 (66) discards.
``discard_actions`` lists them as a tuple (a view's ``legal``, made when read); ``DiscardChoices`` is the
same sequence made lazily (``NapoleonState.legal_actions``), since a random playout picks one of them.

Compiled by mypyc in the compiled build (``scripts/compile_engines.py``), so ``DiscardChoices`` is a plain
class registered as a ``Sequence`` rather than a subclass of it (see there).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from itertools import combinations, pairwise
from math import comb
from operator import itemgetter
from typing import Any, Final, cast, overload

from ...cards import Card, card_text, cards_in
from ...core.game import Action

_DISCARDS: dict[tuple[Card, ...], Action] = {}
"""The discards met so far, by their cards in card order (each made once; only those met, to keep memory low)."""


def interned_discard(key: tuple[Card, ...]) -> Action:
    """The interned discard action for ``key``, cards already in card order."""
    found = _DISCARDS.get(key)
    if found is None:
        found = _DISCARDS[key] = Action("discard", key, "discard " + " ".join(card_text(c) for c in key))
    return found


def discard_action(cards: Sequence[Card]) -> Action:
    """The interned discard action for these cards (in card order, whatever order they are given)."""
    return interned_discard(tuple(sorted(cards)))


def discard_actions(hand: int, size: int) -> tuple[Action, ...]:
    """Every discard of ``size`` cards from ``hand`` (interned)."""
    return tuple(map(interned_discard, combinations(hand_cards(hand), size)))


def hand_cards(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest first: ``cards.cards_in``, a step per card (compiled, a few
    machine steps each). A table of each suit's 8,192 rank sets, filled as met, was tried before: a
    13-card hand's suits rarely repeat, so it missed for most of the deals of a long playout."""
    return cards_in(mask)


_PICKERS: Final[tuple[list[list[Callable[[list[Card]], Any]] | None], ...]] = ([None] * 54, [None] * 54,
                                                                               [None] * 54, [None] * 54)
"""``_PICKERS[size][n]``: for each ``i``, what picks the cards of the ``i``-th discard of ``size`` cards out
of a hand of ``n`` cards listed lowest first (``combinations(range(n), size)`` as ``itemgetter``s, made
once for each hand size)."""


def _pickers(n: int, size: int) -> list[Callable[[list[Card]], Any]]:
    """``_PICKERS[size][n]``, made the first time it is needed."""
    found = _PICKERS[size][n]
    if found is None:
        found = _PICKERS[size][n] = [itemgetter(*at) for at in combinations(range(n), size)]  # 2 or 3 items:
        # each picks a tuple
    return found


class DiscardChoices:
    """Every discard of ``size`` cards (2 or 3) from a hand: the same actions, in the same order, as
    ``discard_actions`` (``itertools.combinations`` of the hand's cards, lowest first), but made lazily.

    Napoleon holds 13 cards when he discards 3, so there are 286 discards (66 of 12 cards without the
    joker), and a random playout picks one of them: building them all was a tenth of a whole deal. This
    sequence is made in constant time and finds the ``i``-th discard when indexed (by the positions of the
    ``i``-th combination, listed once for each hand size); ``len``, ``in``, iteration, slices, ``index``,
    ``count``, ``reversed`` and equality (with a tuple of the same actions too) behave as they do on that
    tuple. Like a tuple, it does not change when the state does.

    A plain class registered as a ``collections.abc.Sequence`` (below) rather than a subclass of it: mypyc
    compiles this module (``scripts/compile_engines.py``) and cannot build a class whose metaclass is
    ``ABCMeta``; as a subclass it stayed interpreted, the largest interpreted part of a compiled random
    deal (cProfile). ``isinstance(choices, Sequence)`` still holds; for the type checker the
    state hands it out through ``as_sequence``.
    """

    def __init__(self, hand: int, size: int) -> None:
        self._hand = hand
        self._size = size
        self._cards: list[Card] | None = None  # the hand's cards, listed when first indexed

    def cards(self) -> list[Card]:
        """The hand's cards, lowest first."""
        cards = self._cards
        if cards is None:
            cards = self._cards = hand_cards(self._hand)
        return cards

    def __len__(self) -> int:
        return comb(self._hand.bit_count(), self._size)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> tuple[Action, ...]: ...

    def __getitem__(self, index: int | slice) -> Action | tuple[Action, ...]:
        if isinstance(index, slice):
            return tuple(self)[index]
        cards = self.cards()
        # the list answers a negative index, an index past the end or one that is not a whole number just
        # as the tuple would
        return interned_discard(_pickers(len(cards), self._size)[index](cards))

    def __iter__(self) -> Iterator[Action]:
        return map(interned_discard, combinations(self.cards(), self._size))

    def __reversed__(self) -> Iterator[Action]:
        return reversed(tuple(self))

    def __contains__(self, action: object) -> bool:
        """Whether ``action`` equals one of these discards, as ``in`` on the tuple would say."""
        if action.__class__ is not Action:
            return False
        given: Any = action  # an Action whose fields may hold anything
        if given.verb != "discard" or given.args.__class__ is not tuple or len(given.args) != self._size:
            return False
        args, cards = given.args, self.cards()
        try:  # a listed discard's cards are the hand's, in card order
            return all(card in cards for card in args) and all(a < b for a, b in pairwise(args))
        except TypeError:  # arguments that do not compare: equal to no discard
            return False

    def index(self, value: object, start: int = 0, stop: int | None = None) -> int:
        """Where ``value`` first is, as ``tuple.index`` says (``ValueError`` if it is not there)."""
        return tuple(self).index(value, start, len(self) if stop is None else stop)

    def count(self, value: object) -> int:
        """How many times ``value`` is there (0 or 1: the discards differ)."""
        return 1 if value in self else 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, DiscardChoices):
            return self._hand == other._hand and self._size == other._size
        if isinstance(other, tuple):
            return len(other) == len(self) and tuple(self) == other
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"DiscardChoices({len(self)} discards of {self._size} from {cards_in(self._hand)})"


Sequence.register(DiscardChoices)


def discard_choices(hand: int, size: int) -> Sequence[Action]:
    """``DiscardChoices(hand, size)`` as the ``Sequence`` it is registered as (the type checker does not
    follow ``Sequence.register``)."""
    return cast("Sequence[Action]", DiscardChoices(hand, size))
