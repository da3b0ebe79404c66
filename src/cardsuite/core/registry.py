"""Finding games: every plugin registered under the ``cardsuite.games`` entry-point group.

The built-in games are registered the same way (see ``pyproject.toml``), so a game in another package
plugs in exactly like ours. Discovery is lazy: a game module is imported only when it is asked for.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Final

from .errors import UnknownGame
from .game import Game
from .message import N_, msg

GROUP = "cardsuite.games"
NO_GAME: Final = N_("no game called {name} (installed: {games})")
"""The refusal of a game nobody installed, as the command line and a server say it."""


@cache
def _entry_points() -> dict[str, EntryPoint]:
    return {ep.name: ep for ep in entry_points(group=GROUP)}


def game_names() -> list[str]:
    """Names of the installed games, sorted."""
    return sorted(_entry_points())


@cache
def get_game(name: str) -> Game:
    """The installed game called ``name``; ``UnknownGame`` names the ones there are."""
    eps = _entry_points()
    key = name.strip().lower()
    if key not in eps:
        known = ", ".join(sorted(eps)) or "none"
        raise UnknownGame(msg(NO_GAME, name=repr(name), games=known))
    try:
        game = eps[key].load()
    except Exception as exc:  # a broken plugin must not take the others down with it
        error = f"{type(exc).__name__}: {exc}"
        raise UnknownGame(msg("the game {name} failed to load: {error}", name=repr(key), error=error)) from None
    if not isinstance(game, Game):
        raise UnknownGame(msg("the entry point {name} does not name a cardsuite Game", name=repr(key)))
    return game


def all_games() -> list[Game]:
    """Every installed game that loads, sorted by name (see ``broken_games`` for the rest)."""
    out = []
    for name in game_names():
        try:
            out.append(get_game(name))
        except UnknownGame:
            continue
    return out


def broken_games() -> dict[str, str]:
    """Installed games that fail to load, with the reason."""
    out = {}
    for name in game_names():
        try:
            get_game(name)
        except UnknownGame as exc:
            out[name] = str(exc)
    return out
