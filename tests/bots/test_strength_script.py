"""``bench/strength.py``: its rows are valid configurations, and it measures, keeps and renders them."""

from __future__ import annotations

import json
from pathlib import Path
from types import ModuleType

import pytest

from cardsuite.bots import make_bot
from cardsuite.core.registry import get_game

from ..scripts import load_script

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "strength.py"


@pytest.fixture(scope="module")
def strength() -> ModuleType:
    return load_script("bench/strength.py", "strength_script")


def test_every_row_is_a_game_its_seats_and_levels_accept(strength: ModuleType) -> None:
    keys = [row.key for row in strength.ROWS]
    assert len(keys) == len(set(keys))
    for row in strength.ROWS:
        game = get_game(row.game)
        game.resolve_options(dict(row.options), len(row.seats))
        for level in set(row.seats):
            make_bot(game, level)
        assert row.kind in strength.KINDS and row.boards > 0
        assert row.command(row.boards).endswith("--duplicate --json")


def test_it_measures_keeps_and_renders_rows(strength: ModuleType, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    doc = tmp_path / "bots.md"
    doc.write_text("# Bots\n\n<!-- strength:heuristic -->\nold\n<!-- /strength:heuristic -->\n\ntext\n\n"
                   "<!-- strength:hard -->\n<!-- /strength:hard -->\n", encoding="utf-8")
    results = tmp_path / "strength.json"
    monkeypatch.setattr(strength, "DOC", doc)
    monkeypatch.setattr(strength, "RESULTS", results)
    assert strength.main(["--game", "gops", "--kind", "heuristic", "--scale", "0.004"]) == 0
    kept = json.loads(results.read_text(encoding="utf-8"))
    assert set(kept) == {row.key for row in strength.ROWS if row.game == "gops" and row.kind == "heuristic"}
    assert len(results.read_text(encoding="utf-8").splitlines()) == len(kept) + 2  # one row a line
    first = kept["gops 2p normal,easy"]
    assert first["boards"] == 4 and first["deals"] == 8 and first["command"].startswith("cardsuite simulate gops")
    text = doc.read_text(encoding="utf-8")
    assert "old" not in text and "text" in text
    assert "| GOPS, 2 | normal, easy | 4 |" in text and "normal − easy: **" in text
    assert text.count("| GOPS, 3 |") == 4 and "easy − random" in text  # one of each; two of a level and one other
    strength.main(["--render"])
    assert doc.read_text(encoding="utf-8") == text
