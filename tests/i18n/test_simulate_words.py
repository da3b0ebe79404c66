"""``simulate``'s title line counts in the reader's language: one match, 3 boards × 1 rotation, and
Lithuanian's three plural forms."""

from __future__ import annotations

import pytest

from cardsuite.cli.simulate import _title
from cardsuite.i18n import use_language


def _run(mode: str, **counts: int) -> dict[str, object]:
    return {"game": "nap", "mode": mode, "players": 4, "deals": 8, "seconds": 0.5, **counts}


@pytest.mark.parametrize(("language", "data", "title"), [
    ("en", _run("plain", matches=1), "nap · 4 players · 1 match · 8 deals · 0.5 s"),
    ("en", _run("plain", matches=3), "nap · 4 players · 3 matches · 8 deals · 0.5 s"),
    ("en", _run("duplicate", boards=3, rotations=1),
     "nap · 4 players · duplicate: 3 boards × 1 rotation · 8 deals · 0.5 s"),
    ("en", _run("duplicate", boards=1, rotations=4),
     "nap · 4 players · duplicate: 1 board × 4 rotations · 8 deals · 0.5 s"),
    ("ja", _run("plain", matches=1), "nap · 4人 · 1マッチ · 8ディール · 0.5秒"),
    ("ja", _run("duplicate", boards=3, rotations=1),
     "nap · 4人 · デュプリケート：3ボード × 1通りの席順 · 8ディール · 0.5秒"),
    ("lt", _run("plain", matches=1), "nap · 4 žaidėjai · 1 partija · 8 dalys · 0.5 s"),
    ("lt", _run("plain", matches=21), "nap · 4 žaidėjai · 21 partija · 8 dalys · 0.5 s"),
    ("lt", _run("plain", matches=3), "nap · 4 žaidėjai · 3 partijos · 8 dalys · 0.5 s"),
    ("lt", _run("plain", matches=12), "nap · 4 žaidėjai · 12 partijų · 8 dalys · 0.5 s"),
    ("lt", _run("duplicate", boards=3, rotations=1),
     "nap · 4 žaidėjai · dubliuotai: 3 dalijimai × 1 susodinimas · 8 dalys · 0.5 s"),
    ("lt", _run("duplicate", boards=10, rotations=2),
     "nap · 4 žaidėjai · dubliuotai: 10 dalijimų × 2 susodinimai · 8 dalys · 0.5 s"),
])
def test_the_title_line_counts_in_the_readers_language(language: str, data: dict[str, object], title: str) -> None:
    use_language(language)
    assert _title(data) == title
