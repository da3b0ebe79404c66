"""Entry points that cannot name a playable game: ``cardsuite list`` says why, and no refusal calls a listed game
missing.

The entry points are faked (``importlib.metadata`` as the registry sees it); the games behind them are the
built-in ones and Tiny Tricks, the outside plugin the suite installs.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from importlib.metadata import EntryPoint
from types import SimpleNamespace

import pytest
from typer.testing import CliRunner

from cardsuite.core import registry
from cardsuite.core.errors import UnknownGame
from cardsuite.core.registry import broken_games, game_names, get_game
from cardsuite.i18n.render import render

BUILT_IN = [("nap", "cardsuite.games.nap:GAME", "cardsuite"), ("gops", "cardsuite.games.gops:GAME", "cardsuite")]
TINY = "cardsuite_tinytricks:GAME"


@dataclass(frozen=True)
class FakePoint:
    """An entry point of the games' group as ``importlib.metadata`` gives one, from the distribution ``dist``."""

    name: str
    value: str
    dist: SimpleNamespace
    group: str = registry.GROUP

    def load(self) -> object:
        return EntryPoint(self.name, self.value, self.group).load()


def point(name: str, value: str, dist: str) -> FakePoint:
    """An entry point called ``name`` naming ``value`` (``module:attribute``), from the distribution ``dist``."""
    return FakePoint(name, value, SimpleNamespace(name=dist))


@pytest.fixture
def installed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[FakePoint]]:
    """The entry points the registry finds: fill the list, in the order of the path."""
    points: list[FakePoint] = []
    monkeypatch.setattr(registry, "entry_points", lambda group: [p for p in points if p.group == group])
    registry._entry_points.cache_clear()
    get_game.cache_clear()
    yield points
    registry._entry_points.cache_clear()
    get_game.cache_clear()


def refusal(name: str) -> str:
    """The line ``get_game(name)`` refuses with."""
    with pytest.raises(UnknownGame) as caught:
        get_game(name)
    return str(caught.value)


def no_listed_game_is_called_missing() -> None:
    """Every name the registry lists either loads or is refused with its own reason, never as not installed."""
    for name in game_names():
        try:
            get_game(name)
        except UnknownGame as exc:
            assert "no game called" not in str(exc), exc


def test_an_entry_point_named_otherwise_than_its_game_is_not_loaded_and_says_why(installed: list[FakePoint]) -> None:
    installed.extend([*(point(*p) for p in BUILT_IN), point("foo", TINY, "cardsuite-tinytricks")])
    line = "the entry point 'foo' names the game 'tinytricks': they must be the same lowercase name"
    assert refusal("foo") == line
    assert {name: str(why) for name, why in broken_games().items()} == {"foo": line}
    assert "installed: foo, gops, nap" in refusal("tinytricks")
    no_listed_game_is_called_missing()


def test_an_entry_point_with_capitals_is_not_loaded_under_either_spelling(installed: list[FakePoint]) -> None:
    installed.extend([*(point(*p) for p in BUILT_IN), point("TinyTricks", TINY, "cardsuite-tinytricks")])
    line = "the entry point 'TinyTricks' names the game 'tinytricks': they must be the same lowercase name"
    assert refusal("TinyTricks") == refusal("tinytricks") == line
    assert {name: str(why) for name, why in broken_games().items()} == {"TinyTricks": line}
    no_listed_game_is_called_missing()


def test_a_plugin_taking_a_built_in_name_is_not_loaded_and_the_built_in_keeps_it(installed: list[FakePoint]) -> None:
    installed.extend([point("nap", TINY, "cardsuite-tinytricks"), *(point(*p) for p in BUILT_IN)])
    assert type(get_game("nap")).__module__.startswith("cardsuite.games.nap")
    assert {name: str(why) for name, why in broken_games().items()} == {
        "nap (cardsuite-tinytricks)": "'nap' is already the name of another installed game"}
    assert game_names() == ["gops", "nap"]


def test_of_two_plugins_with_one_name_the_first_on_the_path_keeps_it(installed: list[FakePoint]) -> None:
    installed.extend([point("tinytricks", TINY, "cardsuite-tinytricks"), point("TinyTricks", TINY, "tiny-copy")])
    assert get_game("tinytricks").info.name == "tinytricks"
    assert {name: str(why) for name, why in broken_games().items()} == {
        "TinyTricks (tiny-copy)": "'tinytricks' is already the name of another installed game"}


def test_a_plugin_named_as_its_game_loads(installed: list[FakePoint]) -> None:
    installed.extend([*(point(*p) for p in BUILT_IN), point("tinytricks", TINY, "cardsuite-tinytricks")])
    assert get_game("tinytricks").info.name == "tinytricks" and broken_games() == {}


def test_list_shows_each_entry_point_not_loaded_on_one_line_with_its_reason(installed: list[FakePoint]) -> None:
    from cardsuite.cli import app

    installed.extend([point("nap", TINY, "cardsuite-tinytricks"), *(point(*p) for p in BUILT_IN),
                      point("LastOne", TINY, "lastone")])
    output = CliRunner().invoke(app, ["list"], env={"COLUMNS": "200"}).output
    assert "not loaded: nap (cardsuite-tinytricks): 'nap' is already the name of another installed game\n" in output
    why = render(broken_games()["LastOne"])
    assert f"not loaded: LastOne: {why}\n" in output and "'LastOne' names the game 'tinytricks'" in why
