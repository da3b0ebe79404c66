"""Compiled gettext catalogs: cardsuite's own domain, a plugin's own domain, and the pseudo-locale.

Catalogs live on the standard layout ``<locale dir>/<lang>/LC_MESSAGES/<domain>.mo``; the ``.mo`` files are
compiled from the ``.po`` sources by the build (``hatch_build.py``) and ``make catalogs``, never by hand.
A plugin that ships its own catalogs names its domain and folder (``Game.text_domain``); its translations
fall back to cardsuite's, then to the English message itself.
"""

from __future__ import annotations

import gettext
from functools import cache
from pathlib import Path
from typing import Final

from .language import ENGLISH, PSEUDO

DOMAIN: Final = "cardsuite"
LOCALE_DIR: Final = Path(__file__).resolve().parent.parent / "locale"

OPEN: Final = "⟦"
CLOSE: Final = "⟧"


def compiled_catalog(language: str, domain: str = DOMAIN, locale_dir: Path = LOCALE_DIR) -> Path:
    """Where the compiled catalog of ``domain`` in ``language`` lives (it may not exist)."""
    return locale_dir / language / "LC_MESSAGES" / f"{domain}.mo"


class PseudoTranslations(gettext.NullTranslations):
    """Every message wrapped in ``⟦ ⟧``: text on screen outside the markers did not go through gettext."""

    def gettext(self, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"

    def pgettext(self, context: str, message: str) -> str:
        return f"{OPEN}{message}{CLOSE}"

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return f"{OPEN}{msgid1 if n == 1 else msgid2}{CLOSE}"


@cache
def translations(language: str, domain: str = DOMAIN, locale_dir: Path = LOCALE_DIR) -> gettext.NullTranslations:
    """The catalog of ``domain`` in ``language``; English (the messages as written) when there is none."""
    if language == PSEUDO:
        return PseudoTranslations()
    if language == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(domain, str(locale_dir), languages=[language], fallback=True)


@cache
def plugin_translations(language: str, domain: str, locale_dir: Path) -> gettext.NullTranslations:
    """A plugin's own catalog in ``language``, falling back to cardsuite's words (shared card and seat names)."""
    if domain == DOMAIN and locale_dir == LOCALE_DIR:
        return translations(language)
    if language in (PSEUDO, ENGLISH):
        return translations(language)
    own = gettext.translation(domain, str(locale_dir), languages=[language], fallback=True)
    own.add_fallback(translations(language))
    return own
