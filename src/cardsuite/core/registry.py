"""Finding games: every plugin registered under the ``cardsuite.games`` entry-point group.

The built-in games are registered the same way (see ``pyproject.toml``), so a game in another package
plugs in exactly like ours. Discovery is lazy: a game module is imported only when it is asked for.

An entry point's name is the game's name: the same lowercase word as its ``info.name``, else the game is
not loaded (a record names a game by ``info.name``, and a player types the name ``cardsuite list`` shows).
A name two installed entry points claim is the built-in game's, else the first one's on the path; the
other is not loaded either, and ``broken_games`` says why.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Final

from ..naming import quoted
from .errors import UnknownGame, message_of
from .game import Game
from .message import N_, Message, msg

GROUP = "cardsuite.games"
BUILT_IN = "cardsuite."
"""The prefix of a built-in game's entry point (``cardsuite.games.nap:GAME``)."""
NO_GAME: Final = N_("no game called {name} (installed: {games})")
"""The refusal of a game nobody installed, as the command line and a server say it."""
NOT_ITS_NAME: Final = N_("the entry point {entry} names the game {name}: they must be the same lowercase name")
"""The refusal of a plugin whose entry-point name is not its game's name, in lowercase."""
NAME_TAKEN: Final = N_("{name} is already the name of another installed game")
"""The refusal of a plugin whose entry-point name another installed game has."""


@dataclass(frozen=True, slots=True)
class _Found:
    """The entry points of the group: the one that holds each lowercase name, and the ones that lost it."""

    points: dict[str, EntryPoint]
    shadowed: dict[str, Message]


def _label(point: EntryPoint) -> str:
    """An entry point as ``cardsuite list`` names one that lost its name: the name and where it comes from."""
    dist = getattr(point, "dist", None)
    source = dist.name if dist is not None else point.value.partition(":")[0]
    return f"{point.name} ({source})"


@cache
def _entry_points() -> _Found:
    points: dict[str, EntryPoint] = {}
    shadowed: dict[str, Message] = {}
    for point in entry_points(group=GROUP):
        key = point.name.lower()
        held = points.get(key)
        if held is None:
            points[key] = point
            continue
        if point.value.startswith(BUILT_IN) and not held.value.startswith(BUILT_IN):
            points[key], point = point, held  # the built-in keeps its name, whatever the order on the path
        shadowed[_label(point)] = msg(NAME_TAKEN, name=repr(key))
    return _Found(points, shadowed)


def game_names() -> list[str]:
    """Names of the installed games (as their entry points spell them), sorted."""
    return sorted(point.name for point in _entry_points().points.values())


@cache
def get_game(name: str) -> Game:
    """The installed game called ``name``; ``UnknownGame`` names the ones there are, or says why it cannot load."""
    eps = _entry_points().points
    key = name.strip().lower()
    if key not in eps:
        known = ", ".join(game_names()) or "none"
        raise UnknownGame(msg(NO_GAME, name=quoted(name, mark="'"), games=known))
    point = eps[key]
    try:
        game = point.load()
    except Exception as exc:  # a broken plugin must not take the others down with it
        error = f"{type(exc).__name__}: {exc}"
        raise UnknownGame(msg("the game {name} failed to load: {error}", name=repr(point.name), error=error)) from None
    if not isinstance(game, Game):
        raise UnknownGame(msg("the entry point {name} does not name a cardsuite Game", name=repr(point.name)))
    if point.name != key or game.info.name != key:
        raise UnknownGame(msg(NOT_ITS_NAME, entry=repr(point.name), name=repr(game.info.name)))
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


def broken_games() -> dict[str, Message]:
    """Installed games that are not loaded, with the reason: those that fail to load, and those whose name
    another game holds (named with where they come from, ``nap (lastone)``)."""
    out = dict(_entry_points().shadowed)
    for name in game_names():
        try:
            get_game(name)
        except UnknownGame as exc:
            out[name] = message_of(exc)
    return dict(sorted(out.items()))
