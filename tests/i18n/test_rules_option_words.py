"""The option table of `cardsuite rules GAME` in the reader's language: each value as `--option` takes it,
followed by its words; the keys as they are; a long Japanese cell folded, never cut short."""

from __future__ import annotations

import subprocess
import sys

import pytest
from typer.testing import CliRunner

from cardsuite.cli import app
from cardsuite.core.registry import get_game
from cardsuite.i18n import game_words, use_language

from .test_rules_pages import squeeze


def option_table(game: str, language: str, columns: int = 100) -> str:
    """The printed option table (the rules page above it left out)."""
    result = CliRunner().invoke(app, ["rules", game, "--lang", language], env={"COLUMNS": str(columns)})
    assert result.exit_code == 0, result.output
    return result.output[result.output.rindex("--option"):]


def cells(table: str, column: int) -> str:
    """Column ``column`` (0: the key) of every row of ``table``, its wrapped pieces joined up again."""
    rows = [line.split("│")[1:-1] for line in table.splitlines() if line.startswith("│")]
    return "".join(row[column].strip() for row in rows)


def test_japanese_shows_each_choice_with_its_words_and_the_keys_as_they_are() -> None:
    gops = option_table("gops", "ja")
    assert "│ rebid (出し直し) " in gops
    assert squeeze(cells(gops, 1)).startswith("carry(持ち越し)discard(捨てる)split(山分け)rebid(出し直し)")
    assert cells(gops, 0) == "".join(spec.key for spec in get_game("gops").info.options)
    nap = squeeze(cells(option_table("nap", "ja"), 1))
    for shown in ("wellington(ウェリントンまで)", "redeal(配り直し)", "dealer_bids(親が宣言)"):
        assert shown in nap, shown
    assert squeeze(cells(option_table("napas", "ja"), 2)).startswith("20auto(自動)")


def test_lithuanian_shows_the_default_with_its_words() -> None:
    gops = option_table("gops", "lt")
    row = next(line for line in gops.splitlines() if line.startswith("│ ace "))
    default = row.split("│")[3].strip()
    assert default == "low (žemas (1))"


def test_a_true_or_false_value_goes_through_the_catalogs() -> None:
    table = option_table("napoleon", "pseudo", columns=160)
    assert "│ true (⟦true⟧) " in table and "│ false (⟦false⟧) " in table
    assert "│ yoromeki " in table and "⟦yoromeki⟧" not in table


def test_english_keeps_the_plain_values() -> None:
    table = option_table("gops", "en")
    assert "carry, discard, split," in table and "true, false" in table
    assert "(" not in cells(table, 1) + cells(table, 2)


@pytest.mark.parametrize("game", ["gops", "nap", "napas", "napoleon"])
def test_a_japanese_description_is_printed_whole(game: str) -> None:
    table = option_table(game, "ja", columns=80)
    use_language("ja")
    words = game_words(get_game(game))
    whole = "".join(squeeze(words.gettext(spec.doc)) for spec in get_game(game).info.options)
    assert squeeze(cells(table, 3)) == whole


def test_rules_does_not_import_textual() -> None:
    code = ("import sys; from typer.testing import CliRunner; from cardsuite.cli import app; "
            "assert CliRunner().invoke(app, ['rules', 'gops', '--lang', 'ja']).exit_code == 0; "
            "print('textual' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
