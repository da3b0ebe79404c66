"""The command line in the reader's language: replay text, history, stats, saves, refusals; JSON and records
stay language-neutral."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cardsuite.cli import app
from cardsuite.recordfiles import save_record

from ..cli.test_cli import nap_record


def test_replay_text_in_japanese_and_the_json_unchanged(tmp_path: Path) -> None:
    path = tmp_path / "match.json"
    save_record(path, nap_record())
    runner = CliRunner()
    text = runner.invoke(app, ["replay", str(path), "--lang", "ja"], env={"COLUMNS": "100"}).output
    assert "ディール1、配り手" in text and "点の動き：" in text and "合計" in text
    english = runner.invoke(app, ["replay", str(path), "--json"]).output
    japanese = runner.invoke(app, ["replay", str(path), "--json", "--lang", "ja"]).output
    assert json.loads(english) == json.loads(japanese)


def test_history_stats_and_saves_in_lithuanian() -> None:
    runner = CliRunner()
    assert "Istorijoje dar nėra baigtų partijų." in runner.invoke(app, ["history", "--lang", "lt"]).output
    assert "Istorijoje dar nėra baigtų partijų." in runner.invoke(app, ["stats", "--lang", "lt"]).output
    assert "Nebaigtų partijų nėra." in runner.invoke(app, ["resume", "--list", "--lang", "lt"]).output


def test_a_refusal_is_one_line_in_the_readers_language() -> None:
    done = subprocess.run([sys.executable, "-m", "cardsuite", "resume", "--delete", "--lang", "ja"],
                          capture_output=True, text=True, encoding="utf-8", timeout=120, check=False)
    assert done.returncode == 1
    assert done.stderr.strip().splitlines() == ["cardsuite: --delete にはやめる保存のIDが必要です"]
