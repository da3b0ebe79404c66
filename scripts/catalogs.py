"""Keep the gettext catalogs in step with the code, with Babel.

    python scripts/catalogs.py update   # extract the messages into cardsuite.pot and merge them into every .po
    python scripts/catalogs.py check    # list what is stale or untranslated; exit status 1 if anything is

``make messages`` runs ``update``; the test suite runs the same ``check`` (tests/i18n/test_catalogs.py).
Messages are found by the marking functions of ``cardsuite.i18n`` and ``cardsuite.core.message``
(``KEYWORDS``), and the command line's help texts (docstrings, ``help=``) by walking its command tree
(``cardsuite.cli._help_words``), so none needs marking. Catalogs keep no source locations, so that moving
code never touches them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import typer
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from cardsuite.cli import _help_words as help_words
from cardsuite.cli import app

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "cardsuite"
LOCALE = PACKAGE / "locale"
DOMAIN = "cardsuite"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
LANGUAGES = ("ja", "lt")

KEYWORDS: dict[str, object] = {
    **DEFAULT_KEYWORDS,
    "msg": None,  # cardsuite.core.message: msg(key, **params)
    "msg_n": (1, 2),  # msg_n(singular, plural, n, **params)
    "msg_p": ((1, "c"), 2),  # msg_p(context, key, **params)
    "msg_np": ((1, "c"), 2, 3),  # msg_np(context, singular, plural, n, **params)
    "N_p": ((1, "c"), 2),  # cardsuite.core.message.N_p(context, word): marked, translated later
    "N_np": ((1, "c"), 2, 3),  # N_np(context, singular, plural): a counted message marked, translated later
    "Line": None,  # cardsuite.core.presentation: Line(text, values), ActionLook(label, ...), Role(title, side)
    "ActionLook": None,
    "Role": None,
    "OptionSpec": (3,),  # cardsuite.core.options.OptionSpec(key, default, doc, ...): the doc is translated
}
METHODS = [("**.py", "python")]
FIELD = re.compile(r"(?<!\{)\{([A-Za-z_][A-Za-z0-9_]*)[^{}]*\}")


def catalog_path(language: str) -> Path:
    """The ``.po`` source of ``language``."""
    return LOCALE / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def extract() -> Catalog:
    """Every marked message of the package, as a template catalog."""
    template = Catalog(project="cardsuite", domain=DOMAIN, charset="utf-8", fuzzy=False)
    found = extract_from_dir(str(PACKAGE), METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                             strip_comment_tags=True)
    for filename, lineno, message, comments, context in found:
        location = (f"src/cardsuite/{Path(filename).as_posix()}", lineno)
        template.add(message, None, [location], auto_comments=comments, context=context)
    for text in help_texts():
        template.add(text, None, [], auto_comments=[help_words.COMMENT])
    return template


def help_texts() -> list[str]:
    """Every help text of the ``cardsuite`` command line, as the catalogs hold it."""
    return help_words.help_messages(typer.main.get_command(app))


def _key(message: Message) -> tuple[str, str | None]:
    msgid = message.id if isinstance(message.id, str) else message.id[0]
    return msgid, message.context


def _ids(catalog: Catalog) -> dict[tuple[str, str | None], Message]:
    return {_key(m): m for m in catalog if m.id}


def _fields(text: str) -> set[str]:
    return set(FIELD.findall(text))


def _texts(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def problems(template: Catalog, catalog: Catalog, language: str) -> Iterator[str]:
    """What is wrong with ``catalog`` against the extracted ``template``: one line each."""
    wanted, present = _ids(template), _ids(catalog)
    for key in wanted.keys() - present.keys():
        yield f"{language}: missing {key[0]!r} (run make messages, then translate it)"
    for key in present.keys() - wanted.keys():
        yield f"{language}: obsolete {key[0]!r} (no longer in the code: run make messages)"
    for key in wanted.keys() & present.keys():
        want, have = wanted[key], present[key]
        if _texts(want.id) != _texts(have.id):
            yield f"{language}: plural of {key[0]!r} changed (run make messages)"
        texts = _texts(have.string)
        if have.fuzzy or not texts or not all(texts):
            yield f"{language}: untranslated {key[0]!r}"
            continue
        allowed = set().union(*(_fields(t) for t in _texts(want.id)))
        for text in texts:
            if not _fields(text) <= allowed or (not want.pluralizable and _fields(text) != allowed):
                yield f"{language}: placeholders of {key[0]!r} differ in {text!r}"
    for message, errors in catalog.check():
        for error in errors:
            yield f"{language}: {_key(message)[0]!r}: {error}"
    if catalog.num_plurals != template_plurals(language):
        yield f"{language}: the Plural-Forms header is not the language's own"


def template_plurals(language: str) -> int:
    """How many plural forms ``language`` has (Babel's table: Lithuanian 3, Japanese 1)."""
    return Catalog(locale=language).num_plurals


def read_catalog(path: Path) -> Catalog:
    """A catalog read from a ``.po`` or ``.pot`` file."""
    with path.open("rb") as source:
        return read_po(source)


HEADER = """{language} messages of cardsuite, on the standard gettext layout (see docs/i18n.md).
Edit the msgstr lines; `make messages` adds and removes entries, the build compiles this file.
This file is distributed under the same license as the cardsuite project (MIT)."""


def write_catalog(catalog: Catalog, path: Path) -> None:
    """Write a catalog without source locations or a creation date that changes every run."""
    language = catalog.locale.english_name if catalog.locale else "Template for the"
    catalog.header_comment = "\n".join("# " + line for line in HEADER.format(language=language).splitlines())
    catalog.project, catalog.version = "cardsuite", "0.1.0"
    catalog.msgid_bugs_address = ""
    catalog.last_translator = catalog.language_team = "cardsuite contributors"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as target:
        write_po(target, catalog, width=100, no_location=True, sort_output=True, omit_header=False)


def check() -> list[str]:
    """Every problem of the template and the catalogs, one line each (empty when all is well)."""
    template = extract()
    out = []
    if not TEMPLATE.is_file() or set(_ids(read_catalog(TEMPLATE))) != set(_ids(template)):
        out.append(f"{TEMPLATE.relative_to(ROOT)} is stale (run make messages)")
    for language in LANGUAGES:
        path = catalog_path(language)
        if not path.is_file():
            out.append(f"{language}: no catalog at {path.relative_to(ROOT)} (run make messages)")
            continue
        out.extend(sorted(problems(template, read_catalog(path), language)))
    return out


def update() -> None:
    """Extract the template and merge it into every catalog (new messages come in untranslated)."""
    template = extract()
    template.creation_date = template.revision_date = _fixed_date()
    write_catalog(template, TEMPLATE)
    for language in LANGUAGES:
        path = catalog_path(language)
        if path.is_file():
            catalog = read_catalog(path)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="cardsuite", fuzzy=False)
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.obsolete.clear()
        catalog.revision_date = catalog.creation_date = _fixed_date()
        write_catalog(catalog, path)


def _fixed_date() -> datetime:
    """A constant header date: catalogs change only when their messages do."""
    return datetime(2026, 1, 1, tzinfo=UTC)


def main(argv: list[str]) -> int:
    """``update`` or ``check``."""
    if argv[1:] == ["update"]:
        update()
        return 0
    if argv[1:] == ["check"]:
        found = check()
        for line in found:
            print(line, file=sys.stderr)
        return 1 if found else 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
