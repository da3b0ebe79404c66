"""``--help`` in the reader's language: every help text of the command tree, and ``Usage:``.

The help texts are the commands' docstrings and the ``help=`` of their options and arguments, written in English
and never marked for extraction: ``help_places`` walks the Click command tree and finds them all, the catalogs
script extracts them from the same walk (``help_messages``), and ``speak_help`` sets each to its translation
before Click draws anything. A catalog holds a text with each paragraph on one line (``help_key``), so
rewrapping a docstring changes nothing. The English originals are kept, so that the same tree can be spoken
again in another language; in English the help is the texts as written.

Every command's context is a ``HelpContext``: its formatter writes Click's ``Usage:`` in the reader's language,
and making one (which Click does before it draws a help) sets Typer's own words (``_help_typer``).
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from typing import Final
from weakref import WeakKeyDictionary

import typer
from typer._click import Command, Context, HelpFormatter
from typer.core import TyperGroup

from ..core.message import N_p
from ..i18n import active, pgettext

COMMENT: Final = "command-line help"
COMMAND_TEXTS: Final = ("help", "short_help", "epilog", "rich_help_panel")
PARAMETER_TEXTS: Final = ("help", "rich_help_panel")
# TRANSLATORS: before the command line in --help ("Usage: cardsuite simulate [OPTIONS] {game}")
USAGE: Final = N_p("command-line help", "Usage: ")

_english: WeakKeyDictionary[object, dict[str, str]] = WeakKeyDictionary()


class UsageFormatter(HelpFormatter):
    """Click's help formatter, with ``Usage:`` in the reader's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, usage_prefix() if prefix is None else prefix)


class HelpContext(typer.Context):
    """A command's context whose help speaks the reader's language, Typer's words included."""

    formatter_class = UsageFormatter

    def make_formatter(self) -> HelpFormatter:
        from ._help_typer import speak_typer  # Rich's help machinery: only when a help is drawn

        speak_typer(usage_prefix())
        return super().make_formatter()


def usage_prefix() -> str:
    """``Usage: `` in the language in use."""
    return pgettext(*USAGE)


def help_key(text: str) -> str:
    """The catalogs' key of a help text: its paragraphs, each on one line.

    >>> help_key("Show the rules.\\n\\nA value is shown\\nas it is taken.")
    'Show the rules.\\n\\nA value is shown as it is taken.'
    """
    return "\n\n".join(" ".join(paragraph.split()) for paragraph in inspect.cleandoc(text).split("\n\n"))


def commands(root: Command) -> Iterator[Command]:
    """``root`` and every command under it."""
    yield root
    if isinstance(root, TyperGroup):
        for command in root.commands.values():
            yield from commands(command)


def help_places(root: Command, ctx: Context) -> Iterator[tuple[object, str]]:
    """(object, attribute) of every help text of ``root``, the commands under it and their parameters (``--help``
    too)."""
    for command in commands(root):
        yield from _filled(command, COMMAND_TEXTS)
        for param in command.get_params(ctx):
            yield from _filled(param, PARAMETER_TEXTS)


def _filled(holder: object, attributes: tuple[str, ...]) -> Iterator[tuple[object, str]]:
    """The attributes of ``holder`` that hold a text."""
    for attribute in attributes:
        text = english_text(holder, attribute)
        if isinstance(text, str) and text:
            yield holder, attribute


def english_text(holder: object, attribute: str) -> object:
    """``holder.attribute`` as written in English, whatever language it speaks now."""
    kept = _english.get(holder, {})
    return kept[attribute] if attribute in kept else getattr(holder, attribute, None)


def help_messages(root: Command) -> list[str]:
    """The catalogs' key of every help text under ``root``, in the walk's order, once each."""
    ctx = Context(root, info_name=root.name)
    return list(dict.fromkeys(help_key(str(english_text(*place))) for place in help_places(root, ctx)))


def speak_help(root: Command, ctx: Context) -> None:
    """Set every help text under ``root`` to the language in use, and give every command a ``HelpContext``."""
    words = active()
    for holder, attribute in help_places(root, ctx):
        english = _english.setdefault(holder, {}).setdefault(attribute, str(getattr(holder, attribute)))
        key = help_key(english)
        said = words.gettext(key)
        setattr(holder, attribute, english if said == key else said)
    for command in commands(root):
        command.context_class = HelpContext
