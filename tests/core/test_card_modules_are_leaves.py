"""``cardsuite.cards`` and ``cardsuite.cardfaces`` sit below the rules core: read as source, neither imports any
part of cardsuite above it, at the top of the module or inside a function (architecture.md, the layers)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cardsuite

PACKAGE = Path(cardsuite.__file__).parent
ALLOWED: dict[str, frozenset[str]] = {
    "cards.py": frozenset({"cardsuite.cardfaces"}),
    "cardfaces.py": frozenset(),
}
"""What of cardsuite each leaf module may import."""


def cardsuite_imports(source: str) -> set[str]:
    """Every module of cardsuite ``source`` (a module directly inside the package) imports, anywhere in it,
    and every name it hands to ``import_module`` or ``__import__``."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative: from inside the package (a level above it cannot be imported at all)
                found.add(f"cardsuite.{node.module}" if node.module else "cardsuite")
                if not node.module:
                    found.update(f"cardsuite.{alias.name}" for alias in node.names)
            elif node.module:
                found.add(node.module)
        elif isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name in ("import_module", "__import__"):
                found.add("a module named at run time")
    return {name for name in found if name == "cardsuite" or name.startswith(("cardsuite.", "a module"))}


@pytest.mark.parametrize("name", sorted(ALLOWED))
def test_a_card_module_imports_nothing_above_it(name: str) -> None:
    source = (PACKAGE / name).read_text(encoding="utf-8")
    assert cardsuite_imports(source) - ALLOWED[name] == set()


def test_the_check_sees_an_import_inside_a_function() -> None:
    source = "def f():\n    from .core.message import msg\n    import cardsuite.i18n\n    from . import naming\n"
    assert cardsuite_imports(source) == {"cardsuite.core.message", "cardsuite.i18n", "cardsuite", "cardsuite.naming"}
    assert cardsuite_imports("import importlib\nimportlib.import_module('cardsuite.core')\n") == {
        "a module named at run time"}
