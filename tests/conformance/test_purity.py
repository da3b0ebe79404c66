"""The rules core and the games are pure: no file, clock, screen, network or printing, and randomness only
from a generator passed in. Every module of ``cardsuite.core`` and ``cardsuite.games`` is read as source."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import cardsuite

PACKAGE = Path(cardsuite.__file__).parent
PURE = ("core", "games")
FORBIDDEN_MODULES = ("os", "io", "time", "datetime", "pathlib", "textual", "rich", "sqlite3", "socket",
                     "subprocess", "importlib.resources", "secrets")
FORBIDDEN_CALLS = ("open", "print", "input")
IMPURE_PARTS = tuple(f"cardsuite.{name}" for name in ("files", "filewrites", "recordfiles", "rules_pages", "storage",
                                                       "net", "tui", "cli", "simulate", "pool"))
"""The parts of cardsuite that touch files, the network or the screen."""


def pure_modules() -> list[Path]:
    """Every Python module of the pure packages."""
    return sorted(path for part in PURE for path in (PACKAGE / part).rglob("*.py"))


def _forbidden(module: str) -> bool:
    """Whether ``module`` is one of the forbidden modules or inside one."""
    return any(module == name or module.startswith(name + ".") for name in FORBIDDEN_MODULES + IMPURE_PARTS)


def module_name(path: Path) -> str:
    """``cardsuite.core.record`` for ``core/record.py``, ``cardsuite.games.gops`` for its ``__init__.py``."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _absolute(node: ast.ImportFrom, module: str, package: bool) -> str | None:
    """The module a ``from`` import names, with a relative one resolved from ``module``."""
    if not node.level:
        return node.module
    parts = module.split(".") if package else module.split(".")[:-1]
    base = parts[: len(parts) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def _names_random(func: ast.expr) -> bool:
    """Whether ``func`` is the generator class, ``random.Random`` or ``Random``."""
    if isinstance(func, ast.Attribute):
        return func.attr == "Random" and isinstance(func.value, ast.Name) and func.value.id == "random"
    return isinstance(func, ast.Name) and func.id == "Random"


def _type_checking(node: ast.If) -> bool:
    """Whether ``node`` is ``if TYPE_CHECKING:`` (or ``typing.TYPE_CHECKING``)."""
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node that may run: what an ``if TYPE_CHECKING:`` holds is read by the type checker alone."""
    for child in ast.iter_child_nodes(tree):
        if isinstance(child, ast.If) and _type_checking(child):
            for other in child.orelse:
                yield other
                yield from _nodes(other)
            continue
        yield child
        yield from _nodes(child)


def impurities(source: str, module: str = "cardsuite.core.example", package: bool = False) -> list[str]:
    """What in ``source`` (the code of ``module``, a package's ``__init__`` when ``package``) breaks purity,
    one line each (``line 3: import time``)."""
    found: list[str] = []
    for node in _nodes(ast.parse(source)):
        where = f"line {getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Import):
            for alias in node.names:
                if _forbidden(alias.name):
                    found.append(f"{where}: import {alias.name}")
        elif isinstance(node, ast.ImportFrom):
            named = _absolute(node, module, package) or ""
            for alias in node.names:
                if _forbidden(named) or _forbidden(f"{named}.{alias.name}"):
                    found.append(f"{where}: from {named} import {alias.name}")
                elif named == "random" and alias.name != "Random":
                    found.append(f"{where}: from random import {alias.name} (the module's own generator)")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in FORBIDDEN_CALLS:
            found.append(f"{where}: {node.func.id}(...)")
        elif (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "random"
              and node.attr != "Random"):
            found.append(f"{where}: random.{node.attr} (the module's own generator)")
        if isinstance(node, ast.Call) and _names_random(node.func) and not node.args and not node.keywords:
            found.append(f"{where}: random.Random() (seeded by the machine, not by a seed passed in)")
    return found


@pytest.mark.parametrize("path", pure_modules(), ids=lambda path: str(path.relative_to(PACKAGE)))
def test_a_pure_module_reads_no_file_or_clock_and_draws_only_from_generators_passed_in(path: Path) -> None:
    assert impurities(path.read_text(encoding="utf-8"), module_name(path), path.name == "__init__.py") == []


def test_both_pure_packages_are_read() -> None:
    names = {path.relative_to(PACKAGE).as_posix() for path in pure_modules()}
    assert {"core/game.py", "core/record.py", "games/gops/hard.py", "games/gops/endgame.py"} <= names
    assert module_name(PACKAGE / "games" / "gops" / "__init__.py") == "cardsuite.games.gops"


@pytest.mark.parametrize(("source", "what"), [
    ("import time\n", "import time"),
    ("import os.path\n", "import os.path"),
    ("from importlib import resources\n", "from importlib import resources"),
    ("from textual.app import App\n", "from textual.app import App"),
    ("def f():\n    from datetime import datetime\n", "from datetime import datetime"),
    ("print('x')\n", "print(...)"),
    ("with open('f') as h:\n    pass\n", "open(...)"),
    ("import random\nrandom.shuffle(cards)\n", "random.shuffle"),
    ("import random\nx = random.random()\n", "random.random"),
    ("from random import choice\n", "from random import choice"),
    ("from ..files import read_json\n", "from cardsuite.files import read_json"),
    ("from .. import files\n", "from cardsuite import files"),
    ("from ..filewrites import write_atomically\n", "from cardsuite.filewrites import write_atomically"),
    ("import cardsuite.storage.saves\n", "import cardsuite.storage.saves"),
    ("import random\nrng = random.Random()\n", "random.Random()"),
    ("from random import Random\nrng = Random()\n", "random.Random()"),
])
def test_each_kind_of_impurity_is_found(source: str, what: str) -> None:
    assert any(what in line for line in impurities(source)), impurities(source)


def test_a_generator_passed_in_or_seeded_and_type_only_imports_are_pure() -> None:
    source = ("from __future__ import annotations\nimport random\nfrom typing import TYPE_CHECKING\n"
              "if TYPE_CHECKING:\n    from pathlib import Path\n"
              "def deal(rng: random.Random, seed: int) -> random.Random:\n"
              "    rng.shuffle([1, 2])\n    return random.Random(seed)\n")
    assert impurities(source) == []
