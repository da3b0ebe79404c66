"""Where a built-in game's rules page lives: in the wheel, or in the source tree's ``docs/rules``.

Translations sit beside the English pages as ``<language>/<name>.md`` (``docs/rules/ja/napoleon.md``).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path


def load_rules_markdown(name: str, language: str = "en") -> str:
    """The Markdown rules page of the built-in game ``name`` in ``language``, else in English, else a short note."""
    relative = [f"{name}.md"] if language == "en" else [f"{language}/{name}.md", f"{name}.md"]
    for page in relative:
        packaged = resources.files("cardsuite").joinpath("rules_docs")
        for part in page.split("/"):
            packaged = packaged.joinpath(part)
        if packaged.is_file():
            return packaged.read_text(encoding="utf-8")
        source_tree = Path(__file__).resolve().parents[3] / "docs" / "rules" / page
        if source_tree.is_file():
            return source_tree.read_text(encoding="utf-8")
    return f"# {name}\n\nNo rules page is installed for this game.\n"
