"""Translated Markdown keeps its emphasis: no ``**`` left over after rendering (Japanese ``**目標：**目標`` is
not bold in CommonMark, since a closing ``**`` after punctuation must be followed by space or punctuation)."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parents[2]
LOCALE = ROOT / "src" / "cardsuite" / "locale"


def leftover_marks(text: str) -> list[str]:
    """Lines of the rendered HTML that still show ``**`` or ``__`` as text."""
    html = MarkdownIt().render(text)
    return [line for line in html.splitlines() if "**" in line or "__" in line]


def test_a_closing_mark_after_japanese_punctuation_is_caught() -> None:
    assert leftover_marks("**目標：**ナポレオン")
    assert not leftover_marks("**目標**：ナポレオン")


@pytest.mark.parametrize("language", ["ja", "lt"])
def test_every_translation_with_emphasis_renders_it(language: str) -> None:
    with (LOCALE / language / "LC_MESSAGES" / "cardsuite.po").open("rb") as file:
        catalog = read_po(file)
    bad = []
    for message in catalog:
        strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
        for text in strings:
            if "**" in text and leftover_marks(text):
                bad.append(text[:60])
    assert not bad


PAGES = sorted((ROOT / "docs" / "rules").glob("*/*.md"))


@pytest.mark.parametrize("page", PAGES, ids=[f"{p.parent.name}/{p.name}" for p in PAGES])
def test_every_translated_rules_page_renders_its_emphasis(page: Path) -> None:
    assert not leftover_marks(page.read_text(encoding="utf-8"))
