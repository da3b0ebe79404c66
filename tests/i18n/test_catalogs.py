"""The gettext catalogs: complete in Japanese and Lithuanian, never stale, compiled from their sources,
with the languages' own plural forms; the pseudo-locale; a plugin's own domain."""

from __future__ import annotations

import gettext
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from cardsuite.i18n import (
    CLOSE,
    LANGUAGES,
    OPEN,
    PSEUDO,
    _,
    domain_translations,
    ngettext,
    pgettext,
    translations,
    use_language,
)
from cardsuite.i18n.catalogs import compiled_catalog

from ..scripts import load_script

ROOT = Path(__file__).resolve().parents[2]


catalogs = load_script("scripts/catalogs.py", "catalogs_script")


def test_every_message_is_translated_and_no_catalog_is_stale() -> None:
    """Fails when the code has a message that a catalog lacks, leaves untranslated, or no longer uses."""
    problems = catalogs.check()
    assert problems == [], "\n".join(problems)


def test_the_check_finds_a_missing_an_untranslated_and_an_obsolete_message() -> None:
    template = Catalog(locale=None)
    template.add("{seat} passed")
    template.add("{n} trick", ("{n} trick", "{n} tricks"))
    template.add("new words")
    catalog = Catalog(locale="lt")
    catalog.add("{seat} passed", "{player} pasakė pas")
    catalog.add("{n} trick", ("{n} kirtis", "{n} kirčiai", ""))
    catalog.add("old words", "seni žodžiai")
    found = "\n".join(catalogs.problems(template, catalog, "lt"))
    assert "missing 'new words'" in found
    assert "obsolete 'old words'" in found
    assert "untranslated '{n} trick'" in found
    assert "placeholders of '{seat} passed'" in found


@pytest.mark.parametrize("language", [code for code in LANGUAGES if code != "en"])
def test_the_compiled_catalog_is_built_from_its_source(language: str) -> None:
    """A .mo that does not say what its .po says is stale: `make catalogs` (or reinstalling) rebuilds it."""
    mo_file = compiled_catalog(language)
    assert mo_file.is_file(), f"{mo_file} is missing: run make catalogs"
    with mo_file.open("rb") as compiled:
        built = gettext.GNUTranslations(compiled)
    source = catalogs.read_catalog(catalogs.catalog_path(language))
    for message in source:
        if not message.id:
            continue
        if message.pluralizable:
            singular, plural = message.id
            for n in range(30):
                got = (built.npgettext(message.context, singular, plural, n) if message.context
                       else built.ngettext(singular, plural, n))
                assert got == message.string[built.plural(n)], f"{mo_file} is stale: run make catalogs"
        else:
            got = built.pgettext(message.context, message.id) if message.context else built.gettext(message.id)
            assert got == message.string, f"{mo_file} is stale: run make catalogs"


def test_lithuanian_has_three_plural_forms_and_japanese_one() -> None:
    lithuanian = translations("lt")
    assert isinstance(lithuanian, gettext.GNUTranslations)
    forms = {n: lithuanian.plural(n) for n in (1, 2, 9, 10, 11, 12, 19, 20, 21, 22, 30, 101, 111)}
    assert forms == {1: 0, 21: 0, 101: 0, 2: 1, 9: 1, 22: 1, 10: 2, 11: 2, 12: 2, 19: 2, 20: 2, 30: 2, 111: 2}
    japanese = translations("ja")
    assert isinstance(japanese, gettext.GNUTranslations)
    assert {japanese.plural(n) for n in (0, 1, 2, 5, 11)} == {0}


def test_the_language_in_use_translates() -> None:
    assert pgettext("option table column", "default") == "default"
    use_language("ja")
    assert pgettext("option table column", "default") == "初期値"
    use_language("lt")
    assert pgettext("option table column", "default") == "numatyta"
    assert _("words nobody wrote a translation for") == "words nobody wrote a translation for"


def test_the_pseudo_locale_wraps_every_message() -> None:
    use_language(PSEUDO)
    assert _("{seat} passed") == f"{OPEN}{{seat}} passed{CLOSE}"
    assert ngettext("{n} trick", "{n} tricks", 1) == f"{OPEN}{{n}} trick{CLOSE}"
    assert ngettext("{n} trick", "{n} tricks", 3) == f"{OPEN}{{n}} tricks{CLOSE}"
    assert pgettext("option table column", "key") == f"{OPEN}key{CLOSE}"


def _compile(folder: Path, language: str, domain: str, messages: dict[str, str]) -> None:
    catalog = Catalog(locale=language, domain=domain)
    for msgid, msgstr in messages.items():
        catalog.add(msgid, msgstr)
    target = folder / language / "LC_MESSAGES" / f"{domain}.mo"
    target.parent.mkdir(parents=True)
    with target.open("wb") as out:
        write_mo(out, catalog)


def test_a_plugin_speaks_from_its_own_domain_and_falls_back_to_cardsuite(tmp_path: Path) -> None:
    _compile(tmp_path, "ja", "tinygame", {"The frog jumps.": "カエルが跳びます。"})
    use_language("ja")
    words = domain_translations("tinygame", tmp_path)
    assert words.gettext("The frog jumps.") == "カエルが跳びます。"
    assert words.pgettext("option table column", "default") == "初期値"  # cardsuite's own words
    assert words.gettext("Only in English.") == "Only in English."
    use_language("lt")  # the plugin ships no Lithuanian: cardsuite's Lithuanian, else English
    words = domain_translations("tinygame", tmp_path)
    assert words.gettext("The frog jumps.") == "The frog jumps."
    assert words.pgettext("option table column", "default") == "numatyta"
