"""The Lithuanian catalog names the declarer with the word of docs/i18n.md's glossary (``lošikas``) in every
message that speaks of one, in every game: the analysis, the refusals and the rules alike."""

from __future__ import annotations

import re
from pathlib import Path

from babel.messages.pofile import read_po

from cardsuite.core.message import Message, SeatRef, msg
from cardsuite.i18n import translations, use_language
from cardsuite.i18n.render import render

ROOT = Path(__file__).resolve().parents[2]


def glossary(english: str) -> str:
    """The Lithuanian word of docs/i18n.md's glossary for ``english``."""
    for row in (ROOT / "docs" / "i18n.md").read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in row.strip("|").split("|")]
        if len(cells) == 3 and cells[0] == english:
            return cells[2]
    raise AssertionError(f"{english} is not in the glossary")


def test_every_lithuanian_message_about_the_declarer_uses_the_glossarys_word() -> None:
    word = glossary("declarer")
    assert word == "lošikas"
    stem = word.removesuffix("as")  # lošikas, lošiko, lošikui, lošiką
    with (ROOT / "src/cardsuite/locale/lt/LC_MESSAGES/cardsuite.po").open("rb") as source:
        catalog = read_po(source)
    others = []
    for message in catalog:
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.id and any(re.search(r"\bdeclarer", text) for text in ids):
            others += [text for text in strings if stem not in text.lower()]
    assert others == []


def test_the_lithuanian_analysis_and_exchange_refusal_say_losikas() -> None:
    use_language("lt")
    try:
        line = render(msg("{seat} as {role} (the others passing) could have made nothing", seat=SeatRef(1),
                          role=Message("declarer")))
    finally:
        use_language("en")
    assert "lošikas" in line and "skelbėj" not in line
    assert translations("lt").gettext("the declarer") == "lošikas"
