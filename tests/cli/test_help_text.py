"""Every command's and option's help reads as written, in English and in every translation, and says one default.

``--help`` draws help with Rich, so a word in square brackets (``cardsuite[cluster]``) must be escaped or Rich
takes it for a style and drops it, in a translation too. An option whose help names its default in words must
not also show the stand-in value Typer would print (``[default: 0]``)."""

from __future__ import annotations

import re
from typing import Any

import pytest
import typer
from rich.markup import render
from typer.testing import CliRunner

from cardsuite.cli import app
from cardsuite.cli._help_words import help_key
from cardsuite.i18n import translations

LANGUAGES = ("en", "ja", "lt")


def _commands() -> list[tuple[str, Any]]:
    """(its words, the command) for the program and each of its commands."""
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    return [("cardsuite", root), *((f"cardsuite {name}", command) for name, command in root.commands.items())]


def _texts() -> list[tuple[str, str]]:
    """(language and where, text) for the help of every command, argument and option, in every language."""
    found: list[tuple[str, str]] = []
    for where, command in _commands():
        if command.help:
            found.append((where, command.help))
        for param in command.params:
            text = getattr(param, "help", None)
            if text:
                found.append((f"{where} {param.name}", text))
    return [(f"{language} {where}", _in(language, text)) for language in LANGUAGES for where, text in found]


def _in(language: str, text: str) -> str:
    """A help text as ``--help`` shows it in ``language``."""
    return text if language == "en" else translations(language).gettext(help_key(text))


def test_every_help_text_is_found() -> None:
    wheres = {where for where, _ in _texts()}
    assert {"en cardsuite simulate cluster", "ja cardsuite simulate cluster", "lt cardsuite simulate cluster"} <= wheres
    assert len(wheres) > 150


@pytest.mark.parametrize(("where", "text"), _texts(), ids=lambda value: str(value)[:40])
def test_help_text_survives_rich_markup(where: str, text: str) -> None:
    assert render(text).plain == text.replace("\\[", "["), where


def test_a_default_said_in_words_is_not_shown_again() -> None:
    twice = [f"{where} {param.name}" for where, command in _commands() for param in command.params
             if "(default:" in (getattr(param, "help", None) or "")
             and param.default not in (None, False) and getattr(param, "show_default", True) is not False]
    assert twice == []


@pytest.mark.parametrize("where", [where for where, _ in _commands()])
def test_the_english_help_shows_every_text_whole_at_80_columns(where: str) -> None:
    """A word longer than its column (``(wss://cards.example.org/p/1;``) is folded onto the next row, never cut
    short with ``…``: the rows of the help, read without their spaces and frames, hold every text."""
    command = dict(_commands())[where]
    args = where.split()[1:]
    shown = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "80"}).output
    flat = re.sub(r"[\s│]", "", shown)
    texts = [command.help.split("\n\n")[0]] if command.help else []
    texts += [param.help for param in command.params if getattr(param, "help", None)]
    for text in texts:
        assert re.sub(r"\s", "", render(text).plain) in flat, text
