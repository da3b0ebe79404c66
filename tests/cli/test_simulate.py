"""``cardsuite simulate --duplicate`` as a user runs it: a real process, JSON keys, the table."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardsuite", "simulate", *args], capture_output=True, text=True,
                          timeout=120, check=False)


def test_duplicate_json_keeps_the_plain_keys_and_adds_the_paired_ones() -> None:
    result = run("nap", "--seats", "normal,easy,random,random", "--games", "3", "--seed", "2", "--duplicate",
                 "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"game", "players", "matches", "deals", "seconds", "levels"} <= set(data)
    assert data["mode"] == "duplicate" and data["boards"] == 3 and data["rotations"] == 4
    assert data["deals"] == 12 and len(data["seatings"]) == 4
    for row in data["levels"].values():
        assert {"seats", "mean", "ci95", "bids", "made", "wins", "draws", "samples", "decision_ms"} <= set(row)
    pairs = [tuple(d["levels"]) for d in data["differences"]]
    assert pairs == [("normal", "easy"), ("normal", "random"), ("easy", "random")]
    for difference in data["differences"]:
        low, high = difference["ci95"]
        assert low <= difference["mean"] <= high and difference["pairs"] == 3
        assert difference["paired_by"] == "board" and "efficiency" in difference


def test_plain_json_names_its_mode_and_pairs_by_deal() -> None:
    result = run("gops", "--players", "2", "--seats", "normal,random", "--games", "4", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["mode"] == "plain" and "boards" not in data
    (difference,) = data["differences"]
    assert difference["paired_by"] == "deal" and difference["pairs"] == data["deals"]


def test_duplicate_table_shows_boards_and_the_paired_differences() -> None:
    result = run("gops", "--players", "2", "--seats", "normal,easy", "--games", "3", "--duplicate")
    assert result.returncode == 0, result.stderr
    assert "duplicate: 3 boards × 2 rotations" in result.stdout
    assert "paired by board" in result.stdout and "normal − easy" in result.stdout
    assert max(len(line) for line in result.stdout.splitlines()) <= 80


def test_an_empty_cluster_address_is_refused_in_one_line_not_run_here() -> None:
    for empty in ("", "  "):
        result = run("gops", "--games", "1", "--json", "--cluster", empty)
        assert result.returncode == 1 and result.stdout == "", result
        assert result.stderr.count("\n") == 1 and "is not a Ray address" in result.stderr, result.stderr
