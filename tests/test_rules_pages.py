"""Rules pages: a plugin's page next to its module, the built-in pages, and pages that are refused."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardsuite.core.registry import get_game
from cardsuite.rules_pages import MAX_PAGE_BYTES, load_rules_markdown, rules_markdown


@pytest.fixture
def plugin_package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A package ``rulespage_plugin`` (with a submodule ``game``) importable from a temporary folder."""
    package = tmp_path / "rulespage_plugin"
    package.mkdir()
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "game.py").write_text("", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    importlib.invalidate_caches()
    importlib.import_module("rulespage_plugin.game")
    yield package
    for module in ("rulespage_plugin.game", "rulespage_plugin"):
        sys.modules.pop(module, None)


def test_a_built_in_page_is_found() -> None:
    assert load_rules_markdown("nap", module="cardsuite.games.nap").startswith("# Nap")
    assert rules_markdown(get_game("gops")).startswith("# GOPS")


def test_a_plugin_page_is_found_next_to_the_module_that_defines_its_game(plugin_package: Path) -> None:
    (plugin_package / "mine.md").write_text("# Mine\n\nPlay well.\n", encoding="utf-8")
    assert load_rules_markdown("mine", module="rulespage_plugin.game") == "# Mine\n\nPlay well.\n"
    assert load_rules_markdown("mine", module="rulespage_plugin") == "# Mine\n\nPlay well.\n"


def test_a_plugin_page_in_the_reader_language_comes_first(plugin_package: Path) -> None:
    (plugin_package / "mine.md").write_text("# Mine\n", encoding="utf-8")
    (plugin_package / "ja").mkdir()
    (plugin_package / "ja" / "mine.md").write_text("# 私の\n", encoding="utf-8")
    assert load_rules_markdown("mine", "ja", "rulespage_plugin.game") == "# 私の\n"
    assert load_rules_markdown("mine", "lt", "rulespage_plugin.game") == "# Mine\n"
    assert "No rules page" in load_rules_markdown("mine", "../ja", "rulespage_plugin.game")


def test_pages_too_large_or_not_text_are_refused_in_words(plugin_package: Path) -> None:
    (plugin_package / "huge.md").write_bytes(b"#" * (MAX_PAGE_BYTES + 1))
    assert "larger than 512 KiB" in load_rules_markdown("huge", module="rulespage_plugin.game")
    (plugin_package / "latin.md").write_bytes(b"# R\xe8gles\n")
    assert "not UTF-8" in load_rules_markdown("latin", module="rulespage_plugin.game")


def test_a_missing_page_or_a_name_that_is_not_a_file_name_gives_a_note(plugin_package: Path) -> None:
    assert "No rules page" in load_rules_markdown("absent", module="rulespage_plugin.game")
    (plugin_package.parent / "secret.md").write_text("# Secret\n", encoding="utf-8")
    assert "No rules page" in load_rules_markdown("../secret", module="rulespage_plugin.game")
    assert load_rules_markdown("nap", module="no.such.module").startswith("# Nap")  # an unknown module is skipped
