"""``cardsuite analyze`` on Napas records: a defender is judged by the declarer's score, and each deal alone."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from cardsuite.cli import app
from cardsuite.recordfiles import save_record

RUNNER = CliRunner()

STOCK = ["TS", "AH", "KH", "QH", "JH", "TH", "9H", "9D", "8D", "7D", "AC", "KC", "QC", "JC", "TC", "9C", "8C"]

LET_THROUGH = {
    "dealer": 2,
    "hands": [["7S", "8S", "9S", "8H", "7C"], ["AS", "KS", "QS", "JS", "7H"], ["AD", "KD", "QD", "JD", "TD"]],
    "stock": STOCK,
    "actions": ["0 bid 0", "1 pass", "2 pass", "0 exchange",
                "0 play 9S", "1 play AS", "2 play TD",
                "1 play KS", "2 play JD", "0 play 8S",
                "1 play QS", "2 play QD", "0 play 7S",
                "1 play JS", "2 play KD", "0 play 8H",  # the mistake: the 7 of hearts makes seat 0 win the 8
                "1 play 7H", "2 play AD", "0 play 7C"],
}
"""Seat 0's zero game, 3 players. Seat 0's only heart is the 8 and seat 1's the 7, and seat 2 holds diamonds
only: whenever seat 1 leads the 7 of hearts while seat 0 still holds the 8, seat 0 must win it, so with best
play the zero game fails whatever seat 0 does (-5). Seat 1 leads spades for three tricks (harmless: the 7
still comes in time) and then its last spade at trick 4, on which seat 0, out of spades, throws the 8 of
hearts away: the zero game is made (+7). Seat 1 scores 0 either way; that card cost it 12 of the declarer's
points."""

FAILED_WITH_ACES = {
    "dealer": 0,
    "hands": [["AS", "AH", "AD", "AC", "KS"], ["QS", "JS", "KH", "QH", "JH"], ["KD", "QD", "JD", "KC", "QC"]],
    "stock": ["TS", "9S", "8S", "7S", "TH", "9H", "8H", "7H", "TD", "9D", "8D", "7D", "JC", "TC", "9C", "8C", "7C"],
    "actions": ["1 pass", "2 pass", "0 bid 0", "0 exchange",
                "0 play KS", "1 play QS", "2 play KD",
                "0 play AS", "1 play JS", "2 play QD",
                "0 play AH", "1 play KH", "2 play JD",
                "0 play AD", "1 play QH", "2 play KC",
                "0 play AC", "1 play JH", "2 play QC"],
}
"""Seat 0's zero game again, the next deal (seat 0 deals), failed with four aces and a king: it takes every
trick, best play or not."""


def napas_record(tmp_path: Path, name: str, *deals: dict[str, object]) -> Path:
    path = tmp_path / name
    save_record(path, {"format": "cardsuite-record/1", "game": "napas", "players": 3, "deals": list(deals)})
    return path


def analyzed(path: Path) -> list[dict[str, object]]:
    result = RUNNER.invoke(app, ["analyze", str(path), "--json"])
    assert result.exit_code == 0, result.output
    deals: list[dict[str, object]] = json.loads(result.stdout)["deals"]
    return deals


def test_analyze_flags_the_defenders_card_that_lets_a_zero_game_be_made(tmp_path: Path) -> None:
    path = napas_record(tmp_path, "through.json", LET_THROUGH)
    (deal,) = analyzed(path)
    assert deal["scores"] == [7, 0, 0] and deal["best_play"] == [-5, 0, 0]
    mistakes = deal["mistakes"]
    assert isinstance(mistakes, list)
    by_defenders = [m for m in mistakes if m["seat"] != 0]
    assert by_defenders == [{"action_index": 13, "seat": 1, "played": "play JS", "best": "play 7H", "cost": 12.0}]
    assert all(m["seat"] == 1 for m in mistakes)  # every card of seat 0's fails against best defence: none lost
    text = RUNNER.invoke(app, ["--lang", "en", "analyze", str(path)]).stdout
    assert "no card lost value" not in text
    assert "trick 4, Seat 1: play the jack of spades; play the 7 of hearts was worth 12.00 more" in text, text


def test_a_napas_deal_is_analysed_the_same_after_other_deals_as_alone(tmp_path: Path) -> None:
    """The best play of a deal (its trick count included) does not depend on the deals before it in the file."""
    alone = analyzed(napas_record(tmp_path, "alone.json", FAILED_WITH_ACES))
    after = analyzed(napas_record(tmp_path, "after.json", LET_THROUGH, FAILED_WITH_ACES))
    assert len(alone) == 1 and len(after) == 2
    assert after[1]["deal"] == 1
    assert {k: v for k, v in after[1].items() if k != "deal"} == {k: v for k, v in alone[0].items() if k != "deal"}
    assert "5 tricks" in str(alone[0]["best_play_result"]), alone[0]
