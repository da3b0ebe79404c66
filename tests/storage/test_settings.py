"""Settings in TOML: read with tomllib, written with tomlkit into the file as it is (unknown keys, tables and
comments kept); a damaged file is moved aside, defaults used."""

from __future__ import annotations

import itertools
import os
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
_COUNTER = itertools.count()
option_tables = st.dictionaries(st.sampled_from(["my game", "other", "x-y"]),
                                st.dictionaries(st.text(printable, min_size=1, max_size=10), scalars, max_size=4),
                                max_size=3)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=names, style=st.sampled_from(["two-colour", "four-colour"]), ascii=st.booleans(),
       speed=st.sampled_from(["instant", "fast", "normal", "slow", "0.3"]), options=option_tables)
def test_settings_round_trip(names: list[str], style: str, ascii: bool, speed: str,
                             options: dict[str, dict[str, object]], tmp_path: Path) -> None:
    wanted = Settings(names, style, ascii, speed, options)  # type: ignore[arg-type]
    path = tmp_path / f"settings-{next(_COUNTER)}.toml"
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
        ('names = "Ann"\n', "names must be a list of names"),
        ("speed = true\n", "speed must be a name"),
        ('speed = "warp"\n', 'speed "warp" is not one of'),
        ("language = 5\n", "language must be a language code"),
        ('language = "xx"\n', 'language "xx" is not one of en, ja, lt'),
        ('introduced = "nap"\n', "introduced must be a list of game names"),
        ("options = 3\n", "options must be a table of games"),
    ],
    ids=["truncated", "wrong-type", "unknown-style", "duplicate-key", "names-not-a-list", "speed-flag",
         "unknown-speed", "language-number", "unknown-language", "introduced-not-a-list", "options-not-a-table"],
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


KEYS = st.sampled_from(["colour", "theme", "window", "a-b", "x_1"])
PLAIN = st.one_of(st.booleans(), st.integers(-1000, 1000), st.text(printable, max_size=8))
COMMENTS = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), max_size=20).map(
    lambda text: "# " + text.replace("\n", " "))


@st.composite
def persons_files(draw: st.DrawFn) -> str:
    """A settings file a person edited: comments, keys of a newer version, tables of their own."""
    lines = [draw(COMMENTS)]
    known = draw(st.sampled_from(['names = ["Ann"]', 'speed = "fast"', "ascii = true", 'card_style = "four-colour"']))
    lines.append(f"{known}  {draw(COMMENTS)}")
    for key, value in draw(st.dictionaries(KEYS, PLAIN, max_size=3)).items():
        lines.append(f"{key} = {tomlkit_value(value)}")
    lines.append(draw(COMMENTS))
    if draw(st.booleans()):
        lines += ["", "[options.nap]", "lowest_bid = 2  " + draw(COMMENTS)]
    for table, values in draw(st.dictionaries(st.sampled_from(["mine", "tools", "x"]),
                                              st.dictionaries(KEYS, PLAIN, max_size=3), max_size=2)).items():
        lines += ["", f"[{table}]", draw(COMMENTS)] + [f"{k} = {tomlkit_value(v)}" for k, v in values.items()]
    return "\n".join(lines) + "\n"


def tomlkit_value(value: object) -> str:
    import tomlkit

    return tomlkit.item(value).as_string()


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=persons_files(), names=names, speed=st.sampled_from(["instant", "slow", "0.3"]), ascii=st.booleans(),
       nap=st.sampled_from([{}, {"lowest_bid": 2}, {"misere": False}]))
def test_writing_keeps_what_the_person_wrote(text: str, names: list[str], speed: str, ascii: bool,
                                             nap: dict[str, object], tmp_path: Path) -> None:
    """Unknown keys and tables keep their values, every comment stays, the known values are the new ones."""
    path = tmp_path / f"settings-{next(_COUNTER)}.toml"
    path.write_text(text, encoding="utf-8")
    before = tomllib.loads(text)
    chosen = load_settings(path)
    assert paths.take_notices() == []
    chosen.names, chosen.speed, chosen.ascii = names, speed, ascii
    chosen.options = {"nap": nap} if nap else {}
    save_settings(chosen, path)
    written = path.read_text(encoding="utf-8")
    after = tomllib.loads(written)
    again = load_settings(path)
    again.options = {game: table for game, table in again.options.items() if table}  # an empty table is no option
    assert again == chosen
    known = {"names", "card_style", "ascii", "speed", "language", "introduced", "options"}
    assert {k: v for k, v in after.items() if k not in known} == {k: v for k, v in before.items() if k not in known}
    kept = {key for key in after if key not in ("options",)} | {f"options.nap.{key}" for key in nap}
    for line in text.splitlines():
        key = line.partition("=")[0].strip()
        if line.lstrip().startswith("#"):
            assert line in written.splitlines(), (line, written)
        elif "#" in line and (key in kept or f"options.nap.{key}" in kept):
            assert line[line.index("#"):] in written, (line, written)


def test_nothing_is_written_when_nothing_changed(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('# mine\nnames = ["Ann"]   # spaced as I like\nspeed = 0.5\n', encoding="utf-8")
    before = path.stat()
    save_settings(load_settings(path), path)
    after = path.stat()
    assert (after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns)
    assert path.read_text(encoding="utf-8") == '# mine\nnames = ["Ann"]   # spaced as I like\nspeed = 0.5\n'


def test_a_settings_file_behind_a_link_is_written_through_it(tmp_path: Path) -> None:
    (tmp_path / "dotfiles").mkdir()
    real = tmp_path / "dotfiles" / "cardsuite.toml"
    real.write_text("# in git\nspeed = \"slow\"\n", encoding="utf-8")
    link = tmp_path / "settings.toml"
    link.symlink_to(real)
    save_settings(Settings(names=["Zed"], speed="slow"), link)
    assert link.is_symlink() and "# in git" in real.read_text(encoding="utf-8")
    assert load_settings(link).names == ["Zed"]


def test_a_damaged_file_is_moved_aside_before_settings_are_written(home: Path) -> None:
    home.mkdir()
    (home / "settings.toml").write_text("names = [", encoding="utf-8")
    save_settings(Settings(names=["Cy"]))
    (notice,) = paths.take_notices()
    assert "moved aside" in notice
    (aside,) = home.glob("settings.toml.corrupt-*")
    assert aside.read_text(encoding="utf-8") == "names = [" and load_settings().names == ["Cy"]


def test_a_first_play_keeps_the_persons_settings_file(home: Path) -> None:
    """The table remembers a game as introduced: the rest of the file is as the person wrote it."""
    from cardsuite.tui.app import CardsuiteApp

    home.mkdir()
    text = ('# my settings\nnames = ["Ann"]  # me\nnew_thing = {a = 1}\n\n[options.nap]\nlowest_bid = 2\n'
            "\n[mine]\nx = 1\n")
    (home / "settings.toml").write_text(text, encoding="utf-8")
    assert CardsuiteApp().introduce("nap")
    written = (home / "settings.toml").read_text(encoding="utf-8")
    assert all(line in written.splitlines() for line in text.splitlines()) and 'introduced = ["nap"]' in written
    assert tomllib.loads(written)["mine"] == {"x": 1} and os.path.exists(home / "settings.toml")
