"""Where a built-in game's rules page lives: in the wheel, or in the source tree's ``docs/rules``."""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def load_rules_markdown(name: str) -> str:
    """The Markdown rules page of the built-in game ``name``; a short note when none is found."""
    packaged = resources.files("cardsuite").joinpath("rules_docs", f"{name}.md")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source_tree = Path(__file__).resolve().parents[3] / "docs" / "rules" / f"{name}.md"
    if source_tree.is_file():
        return source_tree.read_text(encoding="utf-8")
    return f"# {name}\n\nNo rules page is installed for this game.\n"
