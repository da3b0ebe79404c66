"""``--help`` in the reader's language (``--lang``, the locale, the settings): the texts of every command, option
and argument, and Typer's and Click's words around them; English help stays the texts as written."""

from __future__ import annotations

from pathlib import Path

import pytest
import typer
from rich.highlighter import RegexHighlighter
from typer import rich_utils
from typer._click import Context, HelpFormatter
from typer.core import TyperCommand
from typer.testing import CliRunner

from cardsuite.cli import _help_typer as help_typer
from cardsuite.cli import _help_words as help_words
from cardsuite.cli import app
from cardsuite.i18n import ENGLISH, translations, use_language
from cardsuite.i18n.linebreak import NO_START
from cardsuite.storage.settings import Settings, save_settings

from ..scripts import load_script

WIDE = {"COLUMNS": "200"}


def _help(*args: str, env: dict[str, str] | None = None) -> str:
    result = CliRunner().invoke(app, [*args, "--help"], env={**WIDE, **(env or {})})
    assert result.exit_code == 0, result.output
    return result.output


def _said(language: str, english: str) -> str:
    """The catalog's words for a help text."""
    return translations(language).gettext(help_words.help_key(english))


def test_the_programs_help_in_japanese() -> None:
    shown = _help("--lang", "ja")
    assert "ナップ、ナパス、ナポレオン、ゴップを端末で。" in shown
    assert "使い方：" in shown and "Usage:" not in shown
    assert "─ オプション ─" in shown and "─ コマンド ─" in shown
    assert "このヘルプを表示して終了します。" in shown
    assert "CPUのレベルどうしを対戦させて比べます" in shown  # the line of a command in the list
    assert "Show this message" not in shown and "Play CPU levels" not in shown


def test_a_commands_help_in_lithuanian() -> None:
    shown = _help("--lang", "lt", "simulate")
    assert "Naudojimas: " in shown
    assert "─ Argumentai ─" in shown and "─ Parinktys ─" in shown
    assert "[privaloma]" in shown and "[numatyta: 100]" in shown and "[default" not in shown
    assert "Sužaisti kompiuterio lygius vienas prieš kitą" in shown
    assert "cardsuite[cluster]" in shown  # Rich markup escaped in the translation too
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    for param in root.commands["simulate"].params:
        text = getattr(param, "help", None)
        if text:
            words = " ".join(_said("lt", text).replace("\\[", "[").split()[:3])
            assert words in " ".join(shown.split()), param.name


def test_the_locale_and_the_settings_choose_the_language_of_the_help(home: Path) -> None:
    assert "Išvardyti baigtas partijas, naujausias pirma" in _help("history", env={"LANG": "lt_LT.UTF-8"})
    save_settings(Settings(language="ja"))
    shown = _help("rules")
    assert "ゲームのルールとオプション" in shown and "─ 引数 ─" in shown
    assert "Show a game's rules" in _help("rules", "--lang", "en")


def test_a_japanese_line_folds_by_the_japanese_rules_and_is_never_cut_short() -> None:
    shown = CliRunner().invoke(app, ["--help", "--lang", "ja"], env={"COLUMNS": "80"}).output
    rows = [line.strip("│ ") for line in shown.splitlines()]
    assert not [row for row in rows if row[:1] in NO_START]
    assert "…" not in shown
    narrow = CliRunner().invoke(app, ["serve", "--help", "--lang", "ja"], env={"COLUMNS": "60"}).output
    assert narrow.count("…") == 1  # the one the text has (postgresql://…): nothing cut short
    assert not [row for row in (line.strip("│ ") for line in narrow.splitlines()) if row[:1] in NO_START]


def test_english_help_is_the_texts_as_written_after_another_language() -> None:
    root = typer.main.get_command(app)
    assert isinstance(root, typer.core.TyperGroup)
    ctx = Context(root, info_name="cardsuite")
    places = list(help_words.help_places(root, ctx))
    written = [getattr(holder, attribute) for holder, attribute in places]
    use_language("ja")
    help_words.speak_help(root, ctx)
    help_typer.speak_typer(help_words.usage_prefix())
    assert sum(getattr(h, a) != text for (h, a), text in zip(places, written, strict=True)) == len(written)
    assert rich_utils.OPTIONS_PANEL_TITLE == "オプション"
    use_language(ENGLISH)
    help_words.speak_help(root, ctx)
    help_typer.speak_typer(help_words.usage_prefix())
    assert [getattr(holder, attribute) for holder, attribute in places] == written
    assert {name: getattr(rich_utils, name) for name in help_typer.TYPER_WORDS} == {
        name: english for name, (_context, english) in help_typer.TYPER_WORDS.items()}
    assert type(rich_utils.highlighter) is help_typer.FoldingHighlighter  # Typer's own, folding a long word


@pytest.mark.parametrize("command", ["", *typer.main.get_command(app).commands])  # type: ignore[attr-defined]
def test_english_help_is_the_same_before_and_after_japanese(command: str) -> None:
    words = [command] if command else []
    english = _help(*words)
    assert _help(*words, "--lang", "ja") != english
    assert _help(*words) == english
    assert "Usage: cardsuite" in english and "Options" in english


def test_typer_still_reads_its_words_where_they_are_set() -> None:
    """An upgrade of Typer that renames or rewords these fails here, not silently in English."""
    help_typer.speak_typer(help_words.usage_prefix())  # in English: Typer's own, as it had them before anything was set
    for name, (_context, english) in help_typer.TYPER_WORDS.items():
        assert getattr(rich_utils, name) == english, name
    formatter = HelpFormatter()
    formatter.write_usage("cardsuite", "[OPTIONS]")
    assert formatter.getvalue() == f"{help_words.USAGE[1]}cardsuite [OPTIONS]\n"
    assert isinstance(rich_utils.highlighter, RegexHighlighter)
    assert any(pattern.startswith("(?P<usage>Usage") for pattern in rich_utils.OptionHighlighter.highlights)
    assert issubclass(help_words.HelpContext, TyperCommand.context_class)


def test_the_translated_usage_word_is_coloured_as_typer_colours_usage() -> None:
    english = rich_utils.OptionHighlighter()("Usage: cardsuite --lang ja")
    japanese = help_typer.HelpHighlighter("使い方：")("使い方：cardsuite --lang ja")
    assert ("usage", "Usage: ") in {(span.style, english.plain[span.start:span.end]) for span in english.spans}
    assert ("usage", "使い方：") in {(span.style, japanese.plain[span.start:span.end]) for span in japanese.spans}


def test_every_help_text_is_in_the_template_for_the_translators() -> None:
    catalogs = load_script("scripts/catalogs.py", "catalogs_script_help")
    template = catalogs.read_catalog(catalogs.TEMPLATE)
    texts = catalogs.help_texts()
    assert "Show this message and exit." in texts and len(texts) > 100
    for text in texts:
        assert help_words.COMMENT in template[text].auto_comments, text
    for language in ("ja", "lt"):
        assert all(_said(language, text) != text for text in texts), language
