"""The ``peek`` seat: a CPU that sees every card, the ceiling ``hard`` is measured against.

It searches the true deal instead of sampled ones: the generic search bot with the live state as its only
sample (every phase searched), or a game's own ``hard`` bot told what it cannot see (GOPS: the order of the
prizes still face down). It exists to measure how much of what knowing the cards is worth ``hard`` reaches
(``cardsuite simulate --seats peek,normal,...``, docs/bots.md). Knowing the cards is exactly what a seat
must not have, so ``make_bot`` refuses it: no table, hint or online seat can be given it. Only the places
that play CPUs against each other with no person at the table (``cardsuite simulate`` and the benches)
make it, through ``make_seat_bot``, and hand it each deal as it begins (``sit``).
"""

from __future__ import annotations

import random

from ..core.errors import CardsuiteError
from ..core.game import Action, Bot, Game, Hint, State, View
from ..core.message import msg
from .base import make_bot, parse_level

PEEK = "peek"
DEFAULT_PEEK_ITERATIONS = 16
"""Searches of the true deal per decision (``peek:N`` for another number): a fixed count, so a run with
``peek`` seats replays exactly whatever the machine's load."""


class PeekBot:
    """Searches the deal it is seated at (``sit``) with every card shown."""

    level = PEEK

    def __init__(self, game: Game, iterations: int = DEFAULT_PEEK_ITERATIONS) -> None:
        self.deal: State | None = None
        own = game.bot_levels().get("hard")
        if own is not None:
            try:
                self.inner: Bot = own(iterations=iterations, peek=self._live)  # type: ignore[call-arg]
            except TypeError:
                raise CardsuiteError(f"{game.info.name}'s hard CPU cannot be shown the deal: it has no peek level") \
                    from None
        else:
            from .search import SearchBot

            search = SearchBot(game, iterations=iterations, sampler=self._sample)
            search.search_phases = None  # with every card shown, every decision is worth searching
            self.inner = search

    def sit(self, state: State) -> None:
        """The deal this seat plays next (the live state, read at each of its decisions)."""
        self.deal = state

    def _live(self) -> State:
        if self.deal is None:
            raise CardsuiteError("the peek seat was not shown its deal")
        return self.deal

    def _sample(self, view: View, rng: random.Random) -> State:
        del view, rng
        return self._live().clone()

    def choose(self, view: View, rng: random.Random) -> Action:
        """The inner search's choice with the true deal."""
        return self.inner.choose(view, rng)

    def hint(self, view: View, rng: random.Random) -> Hint:
        """Never: a hint from a seat that sees every card would show them."""
        raise CardsuiteError(msg("the peek level gives no hints"))


def make_seat_bot(game: Game, level: str) -> Bot:
    """A bot for a seat with no person at the table: any level ``make_bot`` makes, and ``peek``/``peek:N``."""
    name, budget_ms, iterations = parse_level(level)
    if name != PEEK:
        return make_bot(game, level)
    if budget_ms is not None:
        raise CardsuiteError(msg("peek takes a number of searches (peek:16), not a time"))
    return PeekBot(game, iterations or DEFAULT_PEEK_ITERATIONS)
