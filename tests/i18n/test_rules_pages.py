"""`cardsuite rules GAME` in the reader's language: Japanese for Nap, Napoleon and GOPS, Lithuanian for Napas,
English for every game, with the terms of the source texts."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cardsuite.cli import app
from cardsuite.core.registry import get_game
from cardsuite.rules_pages import rules_markdown

TRANSLATED = {"ja": ("nap", "napoleon", "gops"), "lt": ("napas",)}

TERMS = {
    ("ja", "napoleon"): ("ナポレオン", "副官", "連合軍", "役札", "マイティ", "よろめき", "セイム2", "ジョーカー請求",
                         "表ジャック", "裏ジャック", "切り札"),
    ("ja", "nap"): ("ナップ", "ミゼール", "ウェリントン", "切り札", "宣言者"),
    ("ja", "gops"): ("ゴップ", "得点札", "持ち越し"),
    ("lt", "napas"): ("Koziris", "lošikas", "likčius", "kirtis", "nulio žaidimas", "pas", "malka", "dalytojas"),
}


def squeeze(text: str) -> str:
    """Printed text without line breaks, spaces or table borders: wrapped words join up again."""
    return re.sub(r"[\s│┃┏┓┗┛━─┡┩└┘┌┐├┤┬┴┼╇╈╋]+", "", text)


def run_rules(game: str, locale: str) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANGUAGE")}
    env.update(LANG=locale, COLUMNS="100")
    done = subprocess.run([sys.executable, "-m", "cardsuite", "rules", game], capture_output=True, text=True,
                          encoding="utf-8", env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_japanese_locale_prints_napoleon_in_japanese_with_the_source_terms() -> None:
    out = run_rules("napoleon", "ja_JP.UTF-8")
    for term in TERMS["ja", "napoleon"]:
        assert term in squeeze(out), term
    assert "Players and cards" not in out
    assert "オプション" in out  # the option table's title, from the catalog


def test_lithuanian_locale_prints_napas_in_lithuanian() -> None:
    out = run_rules("napas", "lt_LT.UTF-8")
    for term in TERMS["lt", "napas"]:
        assert squeeze(term) in squeeze(out), term
    assert "Parinktys" in out
    assert "Cards and deal" not in out


@pytest.mark.parametrize(("language", "game"), sorted(TERMS))
def test_every_translated_page_uses_the_source_terms(language: str, game: str) -> None:
    out = CliRunner().invoke(app, ["rules", game, "--lang", language], env={"COLUMNS": "100"}).output
    for term in TERMS[language, game]:
        assert squeeze(term) in squeeze(out), term


@pytest.mark.parametrize(("language", "game"), [(lang, game) for lang, games in TRANSLATED.items() for game in games])
def test_a_translated_page_documents_every_option_of_the_game(language: str, game: str) -> None:
    found = get_game(game)
    page = rules_markdown(found, language)
    assert page != rules_markdown(found, "en")
    for spec in found.info.options:
        assert f"`{spec.key}`" in page, f"docs/rules/{language}/{game}.md does not explain option {spec.key}"


def test_a_game_without_a_page_in_the_language_shows_the_english_page() -> None:
    found = get_game("napoleon")
    assert rules_markdown(found, "lt") == rules_markdown(found, "en")
    result = CliRunner().invoke(app, ["--lang", "lt", "rules", "napoleon"], env={"COLUMNS": "100"})
    assert result.exit_code == 0
    assert "Players and cards" in result.output
    assert "Parinktys" in result.output


def test_english_is_unchanged() -> None:
    out = CliRunner().invoke(app, ["rules", "nap"], env={"COLUMNS": "100"}).output
    assert "Bidding: one round" in out
    assert "Options (--option key=value)" in out


def test_the_game_list_speaks_the_language() -> None:
    out = CliRunner().invoke(app, ["list", "--lang", "ja"], env={"COLUMNS": "100"}).output
    assert "インストールされているゲーム" in out
    assert "人数" in out
