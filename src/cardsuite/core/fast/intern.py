"""Events made once and reused: an ``Event`` is an immutable value, and building one is slow.

The hot paths of every game (random playouts, search rollouts) would otherwise spend much of their time
formatting the same texts again. Events are keyed by what makes them differ (seat, card, bid ...).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Final, TypeVar

from ..game import Action, Event

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
_EVENTS: dict[tuple[object, ...], Event] = {}
LIMIT: Final = 50_000


def kept(table: dict[K, V], key: K, make: Callable[[], V], limit: int = LIMIT) -> V:
    """``table[key]``, made by ``make`` the first time; the table is emptied when it holds over ``limit``."""
    found = table.get(key)
    if found is None:
        if len(table) > limit:
            table.clear()
        found = table[key] = make()
    return found


def interned_event(key: tuple[object, ...], make: Callable[[], Event]) -> Event:
    """The event for ``key``, made by ``make`` the first time (the table is bounded)."""
    return kept(_EVENTS, key, make)


def parsed_action(cache: dict[str, Action], text: str, parse: Callable[[str], Action]) -> Action:
    """``parse(text)``, remembered in ``cache``: search replays the same action texts thousands of times.

    Only short texts are kept (records and the command line are hostile input), and the cache is bounded.
    Whatever ``parse`` raises is raised, and nothing is kept.
    """
    found = cache.get(text)
    if found is None:
        found = parse(text)
        if len(text) <= 64:
            if len(cache) > 10_000:
                cache.clear()
            cache[text] = found
    return found
