"""The random bot and the lookup of a game's bot by level (``random``, ``easy``, ``normal``, ``hard``).

Every bot gets only a ``View`` (its seat's knowledge) and a seeded generator: the ``Bot`` protocol in
``cardsuite.core.game``.
"""

from __future__ import annotations

import random

from ..core.errors import CardsuiteError
from ..core.game import Action, Bot, Game, Hint, View

LEVELS = ("random", "easy", "normal", "hard")


class RandomBot:
    """Plays a uniformly random legal action: the floor every other level must beat."""

    level = "random"

    def choose(self, view: View, rng: random.Random) -> Action:
        """A random legal action."""
        return view.legal[rng.randrange(len(view.legal))]

    def hint(self, view: View, rng: random.Random) -> Hint:
        """A random action, honestly labelled."""
        return Hint(self.choose(view, rng), "a random legal move (the random level does not think)")


def levels_for(game: Game) -> tuple[str, ...]:
    """The levels a game offers, weakest first."""
    own = game.bot_levels()
    return ("random", *(level for level in LEVELS if level in own))


def make_bot(game: Game, level: str) -> Bot:
    """A new bot of ``level`` for ``game``; an unknown level names the ones there are."""
    if level == "random":
        return RandomBot()
    factories = game.bot_levels()
    if level not in factories:
        raise CardsuiteError(
            f"{game.info.title} has no {level!r} CPU level (it has: {', '.join(levels_for(game))})"
        )
    return factories[level]()
