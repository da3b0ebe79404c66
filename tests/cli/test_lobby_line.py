"""``cardsuite online`` piped: each public table as one line, its kind (practice, rated, unrated) in the
reader's language."""

from __future__ import annotations

from cardsuite.cli.identity import lobby_line
from cardsuite.i18n import use_language

ENTRY: dict[str, object] = {"code": "K7P2QX", "game": "nap", "players": 4, "options": {"deals_per_player": 1},
                            "status": "lobby", "seats_free": 3, "rated": False, "practice": False,
                            "language": "ja", "host": "Ann"}


def test_a_line_says_the_table_its_kind_and_its_host() -> None:
    line = lobby_line(ENTRY)
    assert line.startswith("K7P2QX  nap") and "3 of 4 seats free  unrated  ja  Ann  deals_per_player=1" in line
    assert "  rated  " in lobby_line(ENTRY | {"rated": True})
    assert "  practice  " in lobby_line(ENTRY | {"rated": True, "practice": True})  # practice is never rated
    assert "being played (watch)  unrated" in lobby_line(ENTRY | {"status": "playing"})


def test_the_kind_is_in_the_readers_language() -> None:
    use_language("ja")
    assert "レーティング戦" in lobby_line(ENTRY | {"rated": True})
    assert "練習" in lobby_line(ENTRY | {"practice": True})
    assert "レーティングなし" in lobby_line(ENTRY)
