"""Settings in TOML: written by hand, read with tomllib; a damaged file is moved aside, defaults used."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardsuite.storage import paths
from cardsuite.storage.settings import Settings, load_settings, save_settings, settings_toml

printable = st.characters(blacklist_categories=("Cc", "Cs", "Cf", "Zl", "Zp"))
names = st.lists(st.text(printable, min_size=1, max_size=12).map(str.strip).filter(bool), min_size=1, max_size=6)
scalars = st.one_of(st.booleans(), st.integers(-10**6, 10**6), st.text(printable, max_size=10),
                    st.floats(allow_nan=False, allow_infinity=False))
# options of games that are not installed are kept as written (an installed game checks its own)
option_tables = st.dictionaries(st.sampled_from(["my game", "other", "x-y"]),
                                st.dictionaries(st.text(printable, min_size=1, max_size=10), scalars, max_size=4),
                                max_size=3)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=names, style=st.sampled_from(["two-colour", "four-colour"]), ascii=st.booleans(),
       speed=st.sampled_from(["instant", "fast", "normal", "slow", "0.3"]), options=option_tables)
def test_settings_round_trip(names: list[str], style: str, ascii: bool, speed: str,
                             options: dict[str, dict[str, object]], tmp_path: Path) -> None:
    wanted = Settings(names, style, ascii, speed, options)  # type: ignore[arg-type]
    path = tmp_path / "settings.toml"
    save_settings(wanted, path)
    assert load_settings(path) == wanted
    assert paths.take_notices() == []


def test_defaults_without_a_file_and_saving_to_the_config_folder(home: Path) -> None:
    assert load_settings() == Settings()
    chosen = Settings(names=["Ann", "Bob"], card_style="four-colour", ascii=True, speed="fast",
                      options={"nap": {"lowest_bid": 2, "misere": False}})
    save_settings(chosen)
    assert (home / "settings.toml").exists()
    assert load_settings() == chosen
    assert chosen.four_colour and chosen.options_for("nap") == {"lowest_bid": 2, "misere": False}
    assert tomllib.loads(settings_toml(chosen))["options"]["nap"]["lowest_bid"] == 2


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ('names = ["Ann"\nascii = tru', "Unclosed array"),
        ("ascii = \"yes\"\n", "ascii must be true or false"),
        ("card_style = \"neon\"\n", "card_style must be one of"),
        ("names = []\nnames = [1]\n", "Cannot overwrite"),
    ],
    ids=["truncated", "wrong-type", "unknown-style", "duplicate-key"],
)
def test_damaged_settings_are_moved_aside_and_not_overwritten(text: str, why: str, home: Path) -> None:
    path = home / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_text(text, encoding="utf-8")
    assert load_settings() == Settings()
    (notice,) = paths.take_notices()
    assert why.lower() in notice.lower() and "moved aside" in notice
    (aside,) = home.glob("settings.toml.corrupt-*")
    assert aside.read_text(encoding="utf-8") == text
    save_settings(Settings(names=["Cy"]))
    assert aside.read_text(encoding="utf-8") == text and load_settings().names == ["Cy"]


def test_binary_settings_file_is_moved_aside(home: Path) -> None:
    path = home / "settings.toml"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert load_settings() == Settings()
    assert "not UTF-8" in paths.take_notices()[0]
