"""A game from outside the package (``tests/outside_plugin``) plugs in through the entry point alone.

The conformance suite and the table's whole-match test pick it up because they go over every installed
game (``tests/conftest.py`` installs it for the session); these tests check that they do, that the
installed metadata is what the plugin's own ``pyproject.toml`` declares, and that the command line, in
a real process, plays it and finds its rules page.
"""

from __future__ import annotations

import configparser
import json
import os
import subprocess
import sys
import tomllib
from importlib.metadata import entry_points
from pathlib import Path

import cardsuite
from cardsuite.core.game import Game
from cardsuite.core.registry import get_game
from cardsuite.rules_pages import rules_markdown

from ..conftest import OUTSIDE_PLUGIN
from ..tui.test_table import OTHER_GAMES
from .test_contract import CASES

NAME = "tinytricks"


def cardsuite_process(*args: str, plugin: bool = True) -> subprocess.CompletedProcess[str]:
    """``python -m cardsuite ARGS`` in a fresh process, with the plugin's folder on its path or not."""
    env = dict(os.environ)
    if plugin:
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(OUTSIDE_PLUGIN), env.get("PYTHONPATH")]))
    return subprocess.run([sys.executable, "-m", "cardsuite", *args], capture_output=True, text=True, env=env,
                          timeout=120, check=False)


def test_the_outside_game_comes_from_its_own_distribution() -> None:
    (point,) = [ep for ep in entry_points(group="cardsuite.games") if ep.name == NAME]
    assert point.dist is not None and point.dist.name == "cardsuite-tinytricks"
    game = get_game(NAME)
    assert isinstance(game, Game) and type(game).__module__ == "cardsuite_tinytricks"
    module_file = Path(sys.modules["cardsuite_tinytricks"].__file__ or "")
    assert module_file.is_relative_to(OUTSIDE_PLUGIN)
    assert not module_file.is_relative_to(Path(cardsuite.__file__).parent)


def test_installed_metadata_is_what_the_plugin_declares() -> None:
    project = tomllib.loads((OUTSIDE_PLUGIN / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    (dist_info,) = OUTSIDE_PLUGIN.glob("*.dist-info")
    assert dist_info.name == f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    installed = configparser.ConfigParser(delimiters=("=",))
    installed.read(dist_info / "entry_points.txt", encoding="utf-8")
    assert dict(installed["cardsuite.games"]) == project["entry-points"]["cardsuite.games"]
    metadata = (dist_info / "METADATA").read_text(encoding="utf-8")
    assert f"Name: {project['name']}\n" in metadata and f"Version: {project['version']}\n" in metadata


def test_the_suites_over_every_game_include_it() -> None:
    assert {(NAME, players) for players in (2, 3, 4)} <= set(CASES)
    assert NAME in {game.info.name for game in OTHER_GAMES}


def test_its_rules_page_ships_as_package_data() -> None:
    page = rules_markdown(get_game(NAME))
    assert page.startswith("# Tiny Tricks\n") and "follow suit" in page


def test_the_command_line_plays_it_and_shows_its_rules_in_a_real_process() -> None:
    result = cardsuite_process("simulate", NAME, "--seats", "normal,random,random", "--games", "30", "--seed", "3",
                               "--duplicate", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["game"] == NAME and data["deals"] == 90
    normal_vs_random = data["differences"][0]
    assert normal_vs_random["levels"] == ["normal", "random"] and normal_vs_random["verdict"] == "normal better"
    rules = cardsuite_process("rules", NAME)
    assert rules.returncode == 0, rules.stderr
    assert "Tiny Tricks" in rules.stdout and "follow suit" in rules.stdout and "last_trick" in rules.stdout


def test_without_the_plugin_on_the_path_cardsuite_does_not_know_it() -> None:
    result = cardsuite_process("rules", NAME, plugin=False)
    assert result.returncode == 1 and f"no game called '{NAME}'" in result.stderr
