"""Piped or redirected, the commands print at a width ``COLUMNS`` does not narrow: no heading, game key or
figure is cut to "…", a table is as wide as it needs to be whole, and a heading's rule widens for its title."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from rich.console import Console
from rich.table import Table
from rich.text import Text

from cardsuite.cli import main
from cardsuite.cli._console import PIPED_WIDTH, print_whole, rule_whole

from .test_cli import nap_record


def printed(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, *args: str) -> str:
    """What ``cardsuite ARGS`` prints to a pipe in a shell whose ``COLUMNS`` is 20."""
    monkeypatch.setenv("COLUMNS", "20")
    monkeypatch.setattr("sys.argv", ["cardsuite", *args])
    try:
        main()
    except SystemExit as exited:
        assert not exited.code, capsys.readouterr().err
    out = capsys.readouterr().out
    assert "…" not in out
    return out


def test_replay_keeps_each_deal_heading_whole(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    record = nap_record()
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    out = printed(capsys, monkeypatch, "replay", str(path))
    headings = [line for line in out.splitlines() if "Deal " in line and "dealer" in line]
    assert headings and all(line.strip("─ ").split(", dealer ")[1] in ("Ann", "Bob", "Cy", "Di")
                            for line in headings)
    assert all(len(line) == PIPED_WIDTH for line in headings)


def test_list_names_every_game_whole(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    out = printed(capsys, monkeypatch, "list")
    assert {"gops", "nap", "napas", "napoleon"} <= {line.split("│")[1].strip() for line in out.splitlines()
                                                    if line.startswith("│")}
    assert max(len(line) for line in out.splitlines()) == PIPED_WIDTH


def test_simulate_keeps_every_figure_whole(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    out = printed(capsys, monkeypatch, "simulate", "nap", "--games", "1", "--jobs", "1", "--seed", "1")
    rows = [line.split() for line in out.splitlines()
            if line.split()[:1] in (["normal"], ["easy"], ["random"]) and line.split()[1].isdigit()]
    assert len(rows) == 3 and all(len(row) == 11 for row in rows)  # level, seats, mean, [low, high], 6 more
    assert "normal − random" in out


def test_a_heading_longer_than_the_width_widens_its_rule() -> None:
    console = Console(file=io.StringIO(), width=20)
    title = "Deal 12, dealer " + "Maximilian" * 3
    rule_whole(console, Text(title))
    line = console.file.getvalue().rstrip("\n")
    assert f" {title} " in line and line.startswith("─") and line.endswith("─")


def test_a_table_wider_than_the_width_is_printed_whole() -> None:
    console = Console(file=io.StringIO(), width=20)
    table = Table("level", "figures")
    table.add_row("normal", "  ".join(f"{n:+.3f}" for n in range(20)))
    print_whole(console, table)
    out = console.file.getvalue()
    assert "…" not in out and "+19.000" in out and "normal" in out


def test_a_rules_page_is_folded_at_the_piped_width_not_at_columns(capsys: pytest.CaptureFixture[str],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """``COLUMNS=20 cardsuite rules nap | cat``: the page and its option table are as wide as any piped output."""
    from rich.cells import cell_len

    out = printed(capsys, monkeypatch, "rules", "nap")
    widths = [cell_len(line) for line in out.splitlines()]
    assert max(widths) == PIPED_WIDTH
    assert "five cards; the player who promises the most tricks plays alone" in " ".join(out.split())
    assert any(line.startswith("│ deals_per_player ") for line in out.splitlines())
