"""A usage error of the command line (a bad value, an unknown option, a missing argument) in the reader's words.

Typer brings its own copy of Click, whose messages are English and never go through gettext. The kinds a
person meets are told apart here by their class (and, for the few that Click makes as plain text, by the
English sentence Click writes) and said again with the catalogs' sentences: ``Invalid value for '--games' /
'-g': 0 is not between 1 and 1000000`` becomes ``'--games' / '-g' の値が正しくありません：…``. The reason inside
comes from our own parsers (``_args``), already in the reader's language. A usage error of another kind keeps
Click's English words, in the same frame.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import typer
from typer._click.exceptions import BadParameter, MissingParameter, NoSuchOption, UsageError

from ..i18n import _, ngettext

_REQUIRES = re.compile(r"Option (?P<option>'.*') requires (?:an argument|(?P<n>[0-9]+) arguments)\.", re.DOTALL)
_NO_VALUE = re.compile(r"Option (?P<option>'.*') does not take a value\.", re.DOTALL)
_EXTRA = re.compile(r"Got unexpected extra argument\(s\) \((?P<extra>.*)\)", re.DOTALL)
_COMMAND = re.compile(r"No such command (?P<command>'.*')\.", re.DOTALL)
_NO_SUCH_OPTION = "No such option: "


def usage_line(error: typer.TyperException) -> str:
    """The usage error in the reader's language, with the pointer to ``--help``."""
    return _("{problem} (see --help)").format(problem=_problem(error))


def _problem(error: typer.TyperException) -> str:
    """What is wrong, without the pointer to ``--help``."""
    if isinstance(error, MissingParameter):
        return _missing(error)
    if isinstance(error, BadParameter):
        hint = _hint(error)
        if hint is None:
            return _("Invalid value: {reason}").format(reason=error.message)
        return _("Invalid value for {option}: {reason}").format(option=hint, reason=error.message)
    if isinstance(error, NoSuchOption):
        return _no_such_option(error)
    if isinstance(error, UsageError):
        return _known_sentence(error.message) or error.format_message()
    return error.format_message()


def _hint(error: BadParameter) -> str | None:
    """The parameter as Click names it in an error (``'--games' / '-g'``, ``'GAME'``), if it knows which."""
    hint: str | Sequence[str] | None = error.param_hint
    if hint is None and error.param is not None:
        hint = error.param.get_error_hint(error.ctx)  # type: ignore[arg-type]
    if hint is None or isinstance(hint, str):
        return hint
    return " / ".join(repr(item) for item in hint)


def _missing(error: MissingParameter) -> str:
    """``Missing argument 'GAME'.``: said again when it is only that (a parameter with choices adds them)."""
    english = error.format_message()
    hint = _hint(error)
    kind = error.param_type or (error.param.param_type_name if error.param is not None else None)
    sentences: dict[str | None, Callable[[str], str]] = {
        "argument": lambda name: _("Missing argument {name}.").format(name=name),
        "option": lambda name: _("Missing option {name}.").format(name=name),
        "parameter": lambda name: _("Missing parameter {name}.").format(name=name),
    }
    say = sentences.get(kind)
    if hint is None or say is None or english != f"Missing {kind} {hint}.":
        return english
    return say(hint)


def _no_such_option(error: NoSuchOption) -> str:
    """``No such option: --bogus``, with the options Click suggests."""
    if not error.message.startswith(_NO_SUCH_OPTION):
        return error.format_message()
    option = error.message[len(_NO_SUCH_OPTION):]
    if not error.possibilities:
        return _("No such option: {option}").format(option=option)
    return _("No such option: {option} (Possible options: {options})").format(
        option=option, options=", ".join(sorted(error.possibilities)))


def _known_sentence(english: str) -> str | None:
    """A usage error Click makes as plain text, in the reader's language; None for one not known here."""
    found = _REQUIRES.fullmatch(english)
    if found:
        count = int(found["n"] or 1)
        return ngettext("Option {option} requires an argument.", "Option {option} requires {n} arguments.",
                        count).format(option=found["option"], n=count)
    found = _NO_VALUE.fullmatch(english)
    if found:
        return _("Option {option} does not take a value.").format(option=found["option"])
    found = _EXTRA.fullmatch(english)
    if found:
        return _("Got unexpected extra argument(s) ({arguments})").format(arguments=found["extra"])
    found = _COMMAND.fullmatch(english)
    if found:
        return _("No such command {command}.").format(command=found["command"])
    if english == "Missing command.":
        return _("Missing command.")
    return None
