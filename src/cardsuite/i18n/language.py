"""Which language to speak: ``--lang``, then ``settings.toml``'s ``language``, then the locale, else English.

The locale is read the POSIX way: the first of ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set and not
empty decides (``ja_JP.UTF-8`` means Japanese; ``C``, ``POSIX`` or a language we do not have means English).
A browser's ``Accept-Language`` header picks the browser seat's language (``language_of_accept``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Final

ENGLISH: Final = "en"
LANGUAGES: Final = (ENGLISH, "ja", "lt")
PSEUDO: Final = "pseudo"
"""A test language: every message wrapped in markers, to find words that do not go through the catalogs."""

LOCALE_VARIABLES: Final = ("LC_ALL", "LC_MESSAGES", "LANG")

MAX_ACCEPT = 512
"""Characters of an ``Accept-Language`` header read (a browser's is far shorter); the rest is ignored."""
MAX_RANGES = 16
"""Language ranges of an ``Accept-Language`` header weighed; the rest is ignored."""

_RANGE = re.compile(r"^([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*$")
_WEIGHT = re.compile(r"^[qQ]=(0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)$")
_LOCALE = re.compile(r"^([A-Za-z]{2,3})(?:[_-][A-Za-z0-9]+)?(?:\.[A-Za-z0-9_-]+)?(?:@[A-Za-z0-9_-]+)?$")


class LanguageError(ValueError):
    """A language asked for by name (``--lang``) that cardsuite does not speak."""


def language_of_locale(value: str) -> str | None:
    """The language of a locale name (``ja_JP.UTF-8`` -> ``ja``); ``None`` when it is not one we speak.

    >>> language_of_locale("lt_LT.UTF-8"), language_of_locale("C.UTF-8"), language_of_locale("fr_FR")
    ('lt', 'en', None)
    """
    text = value.strip()
    if text in ("C", "POSIX") or text.startswith(("C.", "POSIX.")):
        return ENGLISH
    match = _LOCALE.match(text)
    if match is None:
        return None
    language = match.group(1).lower()
    return language if language in LANGUAGES else None


def language_from_environment(environ: Mapping[str, str]) -> str | None:
    """The locale's language: the first of LC_ALL, LC_MESSAGES, LANG that is set decides (POSIX order)."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if value:
            return language_of_locale(value)
    return None


def language_of_accept(header: str | None) -> str | None:
    """The language we speak that a browser's ``Accept-Language`` header likes best (the first of the
    highest weight); ``None`` when it names none of ours. Only its first ``MAX_ACCEPT`` characters and
    ``MAX_RANGES`` ranges are read; a range or weight that is not well formed is skipped.

    >>> language_of_accept("fr-CH, lt;q=0.9, ja;q=0.95, *;q=0.5"), language_of_accept("de, fr;q=0.8")
    ('ja', None)
    """
    best: tuple[float, str] | None = None
    for part in (header or "")[:MAX_ACCEPT].split(",")[:MAX_RANGES]:
        tag, *parameters = (piece.strip() for piece in part.split(";"))
        match = _RANGE.match(tag)
        weight = _weight(parameters)
        if match is None or weight is None:
            continue
        language = match.group(1).lower()
        if language in LANGUAGES and weight > 0 and (best is None or weight > best[0]):
            best = (weight, language)
    return best[1] if best else None


def _weight(parameters: list[str]) -> float | None:
    """A language range's weight: 1 without parameters; None unless they are one well-formed ``q``."""
    if not parameters:
        return 1.0
    match = _WEIGHT.match(parameters[0]) if len(parameters) == 1 else None
    return float(match.group(1)) if match else None


def readable_in_ascii(language: str) -> bool:
    """Whether ``language`` stays readable on a terminal that shows only ASCII (accents dropped; not Japanese)."""
    return language != "ja"


def checked_language(name: str) -> str:
    """``name`` as a language code we speak (``JA`` -> ``ja``); ``LanguageError`` names the choices."""
    code = name.strip().lower()
    if code in LANGUAGES or code == PSEUDO:
        return code
    raise LanguageError(f"no language {name!r} (choose {', '.join(LANGUAGES)})")


def resolve_language(flag: str | None, setting: str | None, environ: Mapping[str, str]) -> str:
    """The language to use: the flag (checked, even an empty one), else a setting we speak, else the locale's,
    else English.

    >>> resolve_language(None, "", {"LANG": "lt_LT.UTF-8"}), resolve_language("JA", "lt", {})
    ('lt', 'ja')
    """
    if flag is not None:
        return checked_language(flag)
    if setting:
        try:
            return checked_language(setting)
        except LanguageError:
            pass  # a settings file from elsewhere may name a language this version lacks: follow the locale
    return language_from_environment(environ) or ENGLISH
