"""Every command's and option's help reads as written: ``--help`` draws it with Rich, so a word in square
brackets (``cardsuite[cluster]``) must be escaped or Rich takes it for a style and drops it."""

from __future__ import annotations

import pytest
import typer
from rich.markup import render

from cardsuite.cli import app


def _texts() -> list[tuple[str, str]]:
    """(where, text) for the help of every command, argument and option."""
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    found: list[tuple[str, str]] = []
    commands = [("cardsuite", root), *((f"cardsuite {name}", command) for name, command in root.commands.items())]
    for where, command in commands:
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
