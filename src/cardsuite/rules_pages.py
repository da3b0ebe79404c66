"""A game's rules page in Markdown: next to the game's own module, in the cardsuite wheel, or in ``docs/rules``.

A plugin from outside the package ships its page as package data, ``<name>.md`` in the package that
defines its ``Game`` (see "Adding a game" in ``docs/architecture.md``); the built-in games' pages live in
``docs/rules`` and are copied into the wheel as ``cardsuite/rules_docs``. Translations sit beside the
English pages as ``<language>/<name>.md`` (``docs/rules/ja/napoleon.md``), in a plugin's package too.
"""

from __future__ import annotations

import contextlib
import re
import sys
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path

from .core.game import Game

MAX_PAGE_BYTES = 512 * 1024
_SAFE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}")


def rules_markdown(game: Game, language: str = "en") -> str:
    """The rules page of ``game`` (``cardsuite rules``, the table's full rules) in ``language``, else in English.

    It is found by the game's name, first in the package that defines its ``Game`` (``load_rules_markdown``).
    """
    return load_rules_markdown(game.info.name, language, type(game).__module__)


def load_rules_markdown(name: str, language: str = "en", module: str | None = None) -> str:
    """The Markdown rules page of game ``name`` in ``language``, else in English, else a short note.

    ``module`` is where the game's ``Game`` is defined: its package is searched first (a plugin's package
    data), then the built-in pages in the wheel, then the source tree's ``docs/rules``. A page that is too
    large or not UTF-8 text is refused in words.
    """
    if not _SAFE_NAME.fullmatch(name) or not _SAFE_NAME.fullmatch(language):
        return _missing("Rules")
    relative = [f"{name}.md"] if language == "en" else [f"{language}/{name}.md", f"{name}.md"]
    for page in relative:
        for found in _candidates(page, module):
            try:
                if not found.is_file():
                    continue
                with found.open("rb") as handle:
                    data = handle.read(MAX_PAGE_BYTES + 1)
            except OSError:
                continue
            if len(data) > MAX_PAGE_BYTES:
                return f"# {name}\n\nThe rules page of this game is larger than {MAX_PAGE_BYTES // 1024} KiB.\n"
            try:
                return data.decode("utf-8")
            except UnicodeDecodeError:
                return f"# {name}\n\nThe rules page of this game is not UTF-8 text.\n"
    return _missing(name)


def _candidates(page: str, module: str | None) -> list[Traversable]:
    """Where ``page`` (``name.md`` or ``language/name.md``) may be, in the order they are tried."""
    parts = page.split("/")
    roots: list[Traversable] = []
    package = _package_of(module)
    if package is not None:
        with contextlib.suppress(ModuleNotFoundError, TypeError):  # a package without files of its own
            roots.append(resources.files(package))
    roots.append(resources.files("cardsuite").joinpath("rules_docs"))
    roots.append(Path(__file__).resolve().parents[2] / "docs" / "rules")
    out = []
    for root in roots:
        for part in parts:
            root = root.joinpath(part)
        out.append(root)
    return out


def _package_of(module: str | None) -> str | None:
    """The package holding ``module``: itself when it is a package, else its parent (``None`` at top level)."""
    if not module or module not in sys.modules:
        return None
    if hasattr(sys.modules[module], "__path__"):
        return module
    return module.rpartition(".")[0] or None


def _missing(name: str) -> str:
    return f"# {name}\n\nNo rules page is installed for this game.\n"
