"""``--lang``: the language of everything the command line and the table say, wherever it is written.

``cardsuite --lang ja rules napoleon`` and ``cardsuite rules napoleon --lang ja`` mean the same: the command
group moves ``--lang`` in front of the command, where the main callback reads it. Without it the settings
file's ``language`` decides, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then English.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import typer
from typer.core import TyperGroup

from ..i18n import LanguageError, resolve_language, use_language

FLAG = "--lang"


def hoist_language(args: list[str]) -> list[str]:
    """``args`` with every ``--lang X`` / ``--lang=X`` (before a ``--``) moved to the front, in order.

    >>> hoist_language(["rules", "napas", "--lang", "lt"])
    ['--lang', 'lt', 'rules', 'napas']
    """
    front: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(args):
        token = args[index]
        if token == "--":
            rest.extend(args[index:])
            break
        if token == FLAG and index + 1 < len(args):
            front += [FLAG, args[index + 1]]
            index += 2
            continue
        if token.startswith(FLAG + "="):
            front.append(token)
        else:
            rest.append(token)
        index += 1
    return front + rest


class LanguageGroup(TyperGroup):
    """The ``cardsuite`` command group, accepting ``--lang`` after the command too."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_language(list(args)))


def apply_language(flag: str | None) -> None:
    """Speak the language the flag, the settings file or the locale asks for; a bad flag is one line, status 2."""
    from ..storage.settings import read_language

    try:
        use_language(resolve_language(flag, read_language(), os.environ))
    except LanguageError as exc:
        print(f"cardsuite: {exc}", file=sys.stderr)
        raise typer.Exit(2) from None
