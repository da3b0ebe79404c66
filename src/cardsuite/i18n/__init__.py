"""Every word a player reads, in the player's language: gettext catalogs and the language in use.

The process speaks one language at a time, chosen once at start (``use_language``) from ``--lang``, the
settings file and the locale (``resolve_language``). Code marks its messages for extraction with the
functions here (``_``, ``ngettext``, ``pgettext``, ``npgettext``); Babel extracts them (``make messages``)
into ``locale/cardsuite.pot`` and the ``.po`` catalogs, and the build compiles those (see docs/i18n.md).
Messages are whole sentences with named placeholders (``"{seat} won the trick"``), never glued fragments.
"""

from __future__ import annotations

import gettext as _gettext
from pathlib import Path
from typing import TYPE_CHECKING

from .catalogs import CLOSE, DOMAIN, LOCALE_DIR, OPEN, PseudoTranslations, plugin_translations, translations
from .language import (
    ENGLISH,
    LANGUAGES,
    PSEUDO,
    LanguageError,
    checked_language,
    language_from_environment,
    language_of_accept,
    language_of_locale,
    readable_in_ascii,
    resolve_language,
)

if TYPE_CHECKING:
    from ..core.game import Game

_active = ENGLISH


def use_language(language: str) -> None:
    """Speak ``language`` from now on (a code of ``LANGUAGES``, or ``PSEUDO`` in tests)."""
    global _active
    _active = checked_language(language)


def current_language() -> str:
    """The language in use."""
    return _active


def active() -> _gettext.NullTranslations:
    """cardsuite's catalog in the language in use."""
    return translations(_active)


def domain_translations(domain: str, locale_dir: Path) -> _gettext.NullTranslations:
    """A plugin's own catalog in the language in use, falling back to cardsuite's."""
    return plugin_translations(_active, domain, locale_dir)


def game_words(game: Game) -> _gettext.NullTranslations:
    """The catalog for ``game``'s words in the language in use: its own domain if it has one, else cardsuite's."""
    domain = game.text_domain()
    return translations(_active) if domain is None else plugin_translations(_active, *domain)


def gettext(message: str) -> str:
    """``message`` in the language in use."""
    return translations(_active).gettext(message)


_ = gettext


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n`` (Lithuanian has three, Japanese one)."""
    return translations(_active).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, told apart from the same English words by ``context``."""
    return translations(_active).pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """``ngettext`` with a context."""
    return translations(_active).npgettext(context, singular, plural, n)


__all__ = [
    "CLOSE",
    "DOMAIN",
    "ENGLISH",
    "LANGUAGES",
    "LOCALE_DIR",
    "OPEN",
    "PSEUDO",
    "LanguageError",
    "PseudoTranslations",
    "_",
    "active",
    "checked_language",
    "current_language",
    "domain_translations",
    "game_words",
    "gettext",
    "language_from_environment",
    "language_of_accept",
    "language_of_locale",
    "ngettext",
    "npgettext",
    "pgettext",
    "readable_in_ascii",
    "resolve_language",
    "translations",
    "use_language",
]
