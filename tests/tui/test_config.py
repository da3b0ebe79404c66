"""The TUI's pure helpers: seats from the command line, level fallback, text for the screen."""

from __future__ import annotations

import subprocess
import sys

import pytest

from cardsuite.cards import parse_card
from cardsuite.core.errors import CardsuiteError
from cardsuite.core.game import Action
from cardsuite.core.presentation import cards_named
from cardsuite.core.registry import get_game
from cardsuite.naming import name_seats
from cardsuite.tui.config import build_seats, parse_speed
from cardsuite.tui.render import sparkline


def test_seats_from_a_list_and_unknown_levels_refused() -> None:
    """``--seats`` names each seat; a CPU level the game lacks is refused in one line naming the levels."""
    nap = get_game("nap")
    seats, _ = build_seats(nap, seats_text="Ann,Bob,cpu:EASY,cpu:random")
    assert [s.name for s in seats] == ["Ann", "Bob", "CPU 1", "CPU 2"]
    assert [s.level for s in seats] == [None, None, "easy", "random"]
    for text in ("Ann,Bob,cpu:nosuch,cpu", "Ann,cpu:ultra,cpu,cpu"):
        with pytest.raises(CardsuiteError, match=r"no \"(nosuch|ultra)\" CPU level \(it has: random, easy"):
            build_seats(nap, seats_text=text)
    for level in ("godlike", "eassy"):
        with pytest.raises(CardsuiteError, match="CPU level"):
            build_seats(nap, cpu=level)


def test_seats_from_counts() -> None:
    """``--players 3 --humans 2``: two people then one CPU."""
    seats, _ = build_seats(get_game("nap"), players=3, humans=2, cpu="random")
    assert [s.kind for s in seats] == ["human", "human", "cpu"]


@pytest.mark.parametrize(("text", "number"), [("Ann,,cpu:easy,cpu:easy", 2), ("Ann,Bob,Cy,", 4), (",Ann,Bob,Cy", 1),
                                              ("Ann, ,Bob", 2), ("", 1)])
def test_an_empty_seat_is_refused_not_dropped(text: str, number: int) -> None:
    with pytest.raises(CardsuiteError, match=f"--seats: seat {number} is empty"):
        build_seats(get_game("nap"), seats_text=text)


@pytest.mark.parametrize("text", ["Ann,ann,cpu", "Ann", "Ann,Bob,Cy,Di,Ed,Fy,Gu"])
def test_bad_seats_are_refused(text: str) -> None:
    """Duplicate names and impossible player counts are one-line errors."""
    with pytest.raises(CardsuiteError):
        build_seats(get_game("nap"), seats_text=text)


def test_speed_names_and_seconds() -> None:
    """Speeds by name or in seconds; nonsense is refused."""
    assert parse_speed("instant") == 0.0 and parse_speed("0.25") == 0.25
    with pytest.raises(CardsuiteError):
        parse_speed("warp")


def test_names_replace_seat_numbers() -> None:
    """Event texts say ``seat N``; the screen says the name."""
    assert name_seats("seat 2 won the trick from seat 0", ["Ann", "Bob", "Cy"]) == "Cy won the trick from Ann"


def test_cards_named_reads_cards_not_bids() -> None:
    """``play JK S`` names the joker, ``bid 3`` names no card, ``discard`` names several."""
    assert cards_named(Action("play", (), "play JK S")) == (parse_card("JK"),)
    assert cards_named(Action("bid", ("3",), "bid 3")) == ()
    assert cards_named(Action("discard", (), "discard AS TH 2C")) == tuple(map(parse_card, ["AS", "TH", "2C"]))


def test_sparkline_scales_between_low_and_high() -> None:
    """The lowest value is the lowest bar, the highest the highest."""
    assert sparkline([0, 5, 10], 0, 10) == "▁▅█"
    assert sparkline([0, 10], 0, 10, ascii_only=True) == ".@"


def test_list_does_not_import_textual() -> None:
    """``cardsuite list`` stays quick: the TUI is imported only by ``play`` and the home screen."""
    code = (
        "import sys\nfrom typer.testing import CliRunner\nfrom cardsuite.cli import app\n"
        "r = CliRunner().invoke(app, ['list'])\nassert r.exit_code == 0, r.output\n"
        "print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_ascii_is_automatic_when_the_terminal_cannot_encode_suits() -> None:
    """A terminal whose encoding has no ♠♥♦♣ gets letters."""
    from types import SimpleNamespace

    from cardsuite.tui.config import suits_encodable

    utf8_locale = {"LANG": "C.UTF-8"}
    assert suits_encodable(SimpleNamespace(encoding="utf-8"), utf8_locale)
    assert not suits_encodable(SimpleNamespace(encoding="ascii"), utf8_locale)
    assert not suits_encodable(SimpleNamespace(encoding="latin-1"), utf8_locale)


def test_ascii_switches_on_by_itself_for_a_dumb_or_non_utf8_terminal() -> None:
    """``TERM=dumb``, a C or Latin-1 locale, or an ASCII stream: ASCII; a UTF-8 locale and stream: symbols."""
    import io

    from cardsuite.tui.config import suits_encodable

    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    assert suits_encodable(utf8, {"LANG": "en_GB.UTF-8", "TERM": "xterm"})
    assert suits_encodable(utf8, {"LC_ALL": "ja_JP.utf8"})
    assert not suits_encodable(utf8, {"LANG": "en_GB.UTF-8", "TERM": "dumb"})
    assert not suits_encodable(utf8, {"LANG": "C"})
    assert not suits_encodable(utf8, {})
    assert not suits_encodable(utf8, {"LC_ALL": "lt_LT.ISO-8859-13", "LANG": "lt_LT.UTF-8"})
    assert not suits_encodable(io.TextIOWrapper(io.BytesIO(), encoding="ascii"), {"LANG": "C.UTF-8"})
