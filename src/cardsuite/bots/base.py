"""The random bot and the lookup of a game's bot by level (``random``, ``easy``, ``normal``, ``hard``).

Every bot gets only a ``View`` (its seat's knowledge) and a seeded generator: the ``Bot`` protocol in
``cardsuite.core.game``.
"""

from __future__ import annotations

import random
import re
import time
from typing import Final

from ..core.errors import CardsuiteError
from ..core.game import Action, Bot, Game, Hint, View
from ..core.message import N_, Message, msg
from ..naming import quoted

LEVELS = ("random", "easy", "normal", "hard")
NO_LEVEL: Final = N_("{game} has no {level} CPU level (it has: {levels})")
"""The refusal of a CPU level the game lacks, as the command line and a server say it."""
_RANDOM = random.Random
_BITS = tuple(n.bit_length() for n in range(1024))
"""``n.bit_length()`` for the lengths ``legal`` has (a tuple index costs less than the method call)."""


class RandomBot:
    """Plays a uniformly random legal action: the floor every other level must beat."""

    level = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        """A random legal action (``choice`` draws exactly as ``randrange(len(legal))`` would).

        For a plain ``random.Random`` the draw is ``Random._randbelow_with_getrandbits`` written out here
        (the same ``getrandbits`` calls, so the same action and the same generator state after it), which
        spares the two Python frames of ``choice`` and ``_randbelow``: ``cardsuite simulate`` with random
        seats calls this at every decision (for the same reason the bit length comes from a table). Any
        other generator (a subclass may draw differently), and an empty ``legal`` (``choice``'s
        ``IndexError``), go through ``choice``.
        """
        legal = view.legal
        if rng.__class__ is _RANDOM:
            n = len(legal)
            if n:
                k = _BITS[n] if n < 1024 else n.bit_length()
                r = rng.getrandbits(k)
                while r >= n:
                    r = rng.getrandbits(k)
                return legal[r]
        return rng.choice(legal)

    def hint(self, view: View, rng: random.Random) -> Hint:
        """A random action, honestly labelled."""
        return Hint(self.choose(view, rng), msg("a random legal move (the random level does not think)"))


def levels_for(game: Game) -> tuple[str, ...]:
    """The levels a game offers, weakest first: ``hard`` always (the generic search bot)."""
    own = game.bot_levels()
    return ("random", *(level for level in LEVELS if level in own or level == "hard"))


def no_level(game: Game, level: str) -> Message:
    """Why ``game`` has no CPU ``level`` (as it was asked for), naming the levels it has."""
    return msg(NO_LEVEL, game=Message(game.info.title), level=repr(level), levels=", ".join(levels_for(game)))


MAX_BUDGET_MS = 600_000.0
"""The longest time budget per decision a level may ask for (ten minutes): more is a typing slip."""
MAX_ITERATIONS = 1_000_000
"""The most sampled deals per decision a level may ask for."""
_BUDGET = re.compile(r"([0-9]{1,7})(\.[0-9]{1,3})?(ms)?")


def parse_level(level: str) -> tuple[str, float | None, int | None]:
    """``hard``, ``hard:500ms`` (a time budget) or ``hard:64`` (sampled deals per decision).

    Returns the level name, the budget in milliseconds and the iteration count (``None`` when not given).
    Budgets are written with the digits 0-9 and bounded (``MAX_BUDGET_MS``, ``MAX_ITERATIONS``), so
    ``hard:infms`` or a 30-digit count is refused instead of freezing the CPU.

    >>> parse_level("hard:500ms")
    ('hard', 500.0, None)
    >>> parse_level("hard:64")
    ('hard', None, 64)
    """
    name, _, budget = level.strip().lower().partition(":")
    if not budget:
        return name, None, None
    found = _BUDGET.fullmatch(budget)
    if found is not None:
        whole, fraction, unit = found.groups()
        if unit:
            ms = float(whole + (fraction or ""))
            if 0 < ms <= MAX_BUDGET_MS:
                return name, ms, None
        elif fraction is None and 0 < int(whole) <= MAX_ITERATIONS:
            return name, None, int(whole)
    raise CardsuiteError(msg("bad budget in {level}: use e.g. hard:500ms (time) or hard:64 (sampled deals)",
                             level=quoted(level)))


def make_bot(game: Game, level: str, budget_ms: float | None = None, iterations: int | None = None) -> Bot:
    """A new bot of ``level`` for ``game``; an unknown level names the ones there are.

    ``hard`` is the game's own hard bot if it has one, else the generic search bot
    (``cardsuite.bots.search``). Its budget per decision is ``budget_ms`` (default 200 ms) or a fixed
    number of sampled deals, ``iterations`` (deterministic for a seed); ``level`` may carry it as
    ``hard:500ms`` or ``hard:64``. A game's own hard bot is handed the clock (``time.perf_counter``) that
    it keeps to its time budget by.
    """
    name, level_ms, level_iterations = parse_level(level)
    budget_ms = budget_ms if budget_ms is not None else level_ms
    iterations = iterations if iterations is not None else level_iterations
    if name == "random":
        return RandomBot()
    if name == "peek":  # sees every card: only CPU-only runs seat it (``bots.peek.make_seat_bot``)
        raise CardsuiteError(msg("the peek level sees every card: only cardsuite simulate and the benches seat it"))
    factories = game.bot_levels()
    if name == "hard":
        from .search import DEFAULT_BUDGET_MS, SearchBot

        ms = budget_ms if budget_ms is not None else DEFAULT_BUDGET_MS
        if "hard" in factories:  # a game's own hard level takes the same budget keywords, and the clock
            return factories["hard"](budget_ms=ms, iterations=iterations,  # type: ignore[call-arg]
                                     clock=time.perf_counter)
        return SearchBot(game, budget_ms=ms, iterations=iterations)
    if name not in factories:
        raise CardsuiteError(no_level(game, level))
    return factories[name]()
