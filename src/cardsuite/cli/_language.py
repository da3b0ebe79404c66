"""``--lang``: the language of everything the command line and the table say, wherever it is written.

``cardsuite --lang ja history`` and ``cardsuite history --lang ja`` mean the same: the command
group moves ``--lang`` in front of the command, where the main callback reads it. Without it the settings
file's ``language`` decides, then the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), then English.
"""

from __future__ import annotations

import os
from typing import Any

from typer.core import TyperGroup

from ..i18n import LANGUAGES, LanguageError, _, resolve_language, use_language
from ..i18n.language import checked_language
from ..i18n.render import words_for
from ..naming import quoted
from ..storage.settings import load_settings, read_language, settings_unusable
from ._help_words import HelpContext, speak_help
from ._output import fail

FLAG = "--lang"


def hoist_language(args: list[str]) -> list[str]:
    """``args`` with every ``--lang X`` / ``--lang=X`` (before a ``--``) moved to the front, in order.

    >>> hoist_language(["history", "--limit", "5", "--lang", "lt"])
    ['--lang', 'lt', 'history', '--limit', '5']
    >>> hoist_language(["stats", "--lang=ja", "--", "--lang", "x"])
    ['--lang=ja', 'stats', '--', '--lang', 'x']
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
    """The ``cardsuite`` command group, accepting ``--lang`` after the command too; its ``--help`` and its
    commands' speak the language chosen (``_help_words``)."""

    context_class = HelpContext

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        hoisted = hoist_language(list(args))
        speak_early(hoisted)
        speak_help(self, ctx)
        if hoisted and hoisted[-1] == FLAG and "--" not in hoisted:
            # a bare ``--lang`` at the end: left where it is, a command would call it an unknown option
            ctx.fail(f"Option {FLAG!r} requires an argument.")
        return super().parse_args(ctx, hoisted)


def speak_early(args: list[str]) -> None:
    """Speak the language ``args`` (hoisted) ask for, quietly, before the command line is parsed: a usage
    error found while parsing it (``No such command``) is then said in that language. A flag naming no
    language is left to ``apply_language``, which refuses it."""
    flag: str | None = None
    if len(args) > 1 and args[0] == FLAG:
        flag = args[1]
    elif args and args[0].startswith(FLAG + "="):
        flag = args[0][len(FLAG) + 1:]
    setting = read_language()
    try:
        use_language(resolve_language(flag, setting, os.environ))
    except LanguageError:
        use_language(resolve_language(None, setting, os.environ))


def speaks(language: str) -> bool:
    """Whether ``language`` names a language we speak (``JA`` as ``ja``).

    >>> speaks("JA"), speaks("xx")
    (True, False)
    """
    try:
        checked_language(language)
    except LanguageError:
        return False
    return True


def apply_language(flag: str | None) -> None:
    """Speak the language the flag, the settings file or the locale asks for.

    A flag naming no language we speak is refused like every other bad input: one line on stderr, exit
    status 1. The line is in the language the settings file or the locale would have chosen. A settings file
    naming a language we do not speak is damaged, and so is one that is not settings at all (not TOML, too
    large): whatever the command, it is moved aside and said in one line (``load_settings``; one that cannot be
    read is said and left).
    """
    setting = read_language()
    if (setting is not None and not speaks(setting)) or (setting is None and settings_unusable()):
        load_settings()  # a bad value, as any other: the file is moved aside, one line
        setting = None
    try:
        use_language(resolve_language(flag, setting, os.environ))
    except LanguageError:
        use_language(resolve_language(None, setting, os.environ))
        raise fail(
            _("--lang {value}: no such language; choose {choices}").format(
                value=words_for(quoted(flag or "", 20)), choices=", ".join(LANGUAGES)
            )
        ) from None
