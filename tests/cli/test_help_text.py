"""Every command's and option's help reads as written, and says one default.

``--help`` draws help with Rich, so a word in square brackets (``cardsuite[cluster]``) must be escaped or Rich
takes it for a style and drops it. An option whose help names its default in words must not also show the
stand-in value Typer would print (``[default: 0]``)."""

from __future__ import annotations

from typing import Any

import pytest
import typer
from rich.markup import render

from cardsuite.cli import app


def _commands() -> list[tuple[str, Any]]:
    """(its words, the command) for the program and each of its commands."""
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    return [("cardsuite", root), *((f"cardsuite {name}", command) for name, command in root.commands.items())]


def _texts() -> list[tuple[str, str]]:
    """(where, text) for the help of every command, argument and option."""
    found: list[tuple[str, str]] = []
    for where, command in _commands():
        if command.help:
            found.append((where, command.help))
        for param in command.params:
            text = getattr(param, "help", None)
            if text:
                found.append((f"{where} {param.name}", text))
    return found


def test_every_help_text_is_found() -> None:
    wheres = {where for where, _ in _texts()}
    assert "cardsuite simulate cluster" in wheres
    assert len(wheres) > 50


@pytest.mark.parametrize(("where", "text"), _texts(), ids=lambda value: str(value)[:40])
def test_help_text_survives_rich_markup(where: str, text: str) -> None:
    assert render(text).plain == text.replace("\\[", "["), where


def test_a_default_said_in_words_is_not_shown_again() -> None:
    twice = [f"{where} {param.name}" for where, command in _commands() for param in command.params
             if "(default:" in (getattr(param, "help", None) or "")
             and param.default not in (None, False) and getattr(param, "show_default", True) is not False]
    assert twice == []
