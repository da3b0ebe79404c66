"""Settings: names, card style, ASCII suits, CPU speed, language and preferred options per game, in TOML.

The file is flat and small, so it is written here by hand (no TOML writer needed) and read through the
bounded reader (``cardsuite.files``: a regular file of at most 256 KB, nesting and numbers limited, a
byte-order mark allowed). A file that does not parse, or holds a value of the wrong kind (a name with a
control character, a speed that is not one, an option the game does not have or a value it does not
allow), is moved aside with a timestamp and reported in one line naming the file; the defaults are used
and the next save starts a fresh file. Options of a game that is not installed are kept as they are.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ..core.errors import CardsuiteError, UnknownGame
from ..core.registry import get_game
from ..files import SETTINGS_LIMIT, FileMissing, FileRefused, FileUnreadable, parse_toml, read_toml, write_atomically
from ..naming import check_name, quoted
from . import paths

CARD_STYLES = ("two-colour", "four-colour")
SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.15, "normal": 0.5, "slow": 1.2}
"""CPU speeds by name: seconds a CPU waits before its move."""
SLOWEST = 10.0
"""The longest wait a speed in seconds may ask for."""
Scalar = bool | int | float | str

_SECONDS = re.compile(r"[0-9]{1,3}(\.[0-9]{1,3})?")


def parse_speed(text: str) -> float:
    """Seconds a CPU waits before its move: a name (instant, fast, normal, slow) or 0 to 10 seconds.

    >>> parse_speed("fast"), parse_speed("2.5")
    (0.15, 2.5)
    """
    key = text.strip().lower()
    if key in SPEEDS:
        return SPEEDS[key]
    value = float(key) if _SECONDS.fullmatch(key) else math.nan
    if not 0 <= value <= SLOWEST:
        raise CardsuiteError(f"speed {quoted(text, 20)} is not one of {', '.join(SPEEDS)}"
                             f" or a number of seconds from 0 to {SLOWEST:g}")
    return value


@dataclass
class Settings:
    """What the home screen remembers between runs; ``names`` empty means "not set" (people are "Player")."""

    names: list[str] = field(default_factory=list)
    card_style: str = "two-colour"
    ascii: bool = False
    speed: str = "normal"
    options: dict[str, dict[str, Scalar]] = field(default_factory=dict)
    language: str = ""
    introduced: list[str] = field(default_factory=list)
    """Games whose "how to play" page has been shown once (it opens by itself on a first play)."""

    @property
    def four_colour(self) -> bool:
        """Whether cards are drawn in four colours (``TableConfig.four_colour``)."""
        return self.card_style == "four-colour"

    def options_for(self, game: str) -> dict[str, Scalar]:
        """The preferred options of ``game`` (only those set)."""
        return dict(self.options.get(game, {}))


class SettingsError(ValueError):
    """A settings file with a value of the wrong kind."""


def _names(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise SettingsError("names must be a list of names")
    try:
        return [check_name(n) for n in value]
    except CardsuiteError as exc:
        raise SettingsError(f"names: {exc}") from None


def _options(value: object) -> dict[str, dict[str, Scalar]]:
    """Each game's preferred options; an installed game checks its keys and values."""
    if not isinstance(value, dict):
        raise SettingsError("options must be a table of games")
    out: dict[str, dict[str, Scalar]] = {}
    for game, table in value.items():
        where = f"options.{_key(str(game))}"
        if not isinstance(table, dict) or not all(isinstance(v, Scalar) for v in table.values()):
            raise SettingsError(f"{where} must be a table of plain values")
        try:
            found = get_game(str(game))
        except UnknownGame:  # a game that is not installed now: keep its options for when it is
            out[str(game)] = dict(table)
            continue
        specs = {spec.key: spec for spec in found.info.options}
        for key, raw in table.items():
            if key not in specs:
                raise SettingsError(f"{where}: {found.info.title} has no option {quoted(str(key), 30)}")
            try:
                specs[key].parse(raw)
            except CardsuiteError as exc:
                raise SettingsError(f"{where}: {exc}") from None
        out[str(game)] = dict(table)
    return out


def _from_toml(data: Mapping[str, object]) -> Settings:
    out = Settings()
    for key, value in data.items():
        if key == "names":
            out.names = _names(value)
        elif key == "card_style":
            if value not in CARD_STYLES:
                raise SettingsError(f"card_style must be one of {', '.join(CARD_STYLES)}")
            out.card_style = str(value)
        elif key == "ascii":
            if not isinstance(value, bool):
                raise SettingsError("ascii must be true or false")
            out.ascii = value
        elif key == "speed":
            if not isinstance(value, str | int | float) or isinstance(value, bool):
                raise SettingsError("speed must be a name (instant, fast, normal, slow) or seconds")
            try:
                parse_speed(str(value))
            except CardsuiteError as exc:
                raise SettingsError(str(exc)) from None
            out.speed = str(value)
        elif key == "language":
            if not isinstance(value, str):
                raise SettingsError('language must be a language code such as "ja", or "" to follow the locale')
            out.language = value
        elif key == "introduced":
            if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
                raise SettingsError("introduced must be a list of game names")
            out.introduced = [str(n) for n in value]
        elif key == "options":
            out.options = _options(value)
        # unknown keys are from a newer version: ignored on reading (see docs/saves.md)
    return out


def load_settings(path: Path | None = None) -> Settings:
    """The settings, or the defaults when there is no file or it is damaged (moved aside, one notice)."""
    target = path or paths.settings_path()
    try:
        return _from_toml(read_toml(target, SETTINGS_LIMIT))
    except FileMissing:
        return Settings()
    except FileUnreadable as exc:
        paths.note(f"{exc}; using the default settings")
    except FileRefused as exc:
        paths.quarantine(target, exc.reason)
    except SettingsError as exc:
        paths.quarantine(target, str(exc))
    return Settings()


def read_language(path: Path | None = None) -> str | None:
    """The settings file's ``language``, read without side effects (a damaged file is left to ``load_settings``).

    Every command reads it first, so it goes through the same bounded reader: a FIFO, a huge or deeply
    nested file gives None here (and is moved aside by ``load_settings`` when a command loads settings).
    """
    try:
        data = read_toml(path or paths.settings_path(), SETTINGS_LIMIT)
    except FileRefused:
        return None
    value = data.get("language")
    return value if isinstance(value, str) and value else None


_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _string(text: str) -> str:
    """A TOML basic string: quotes and backslashes escaped, control characters as \\uXXXX."""
    out = []
    for char in text:
        if char in '"\\':
            out.append("\\" + char)
        elif ord(char) < 0x20 or ord(char) == 0x7F:
            out.append(f"\\u{ord(char):04X}")
        else:
            out.append(char)
    return '"' + "".join(out) + '"'


def _key(text: str) -> str:
    return text if _BARE.match(text) else _string(text)


def _value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return _string(str(value))


def settings_toml(settings: Settings) -> str:
    """The settings as TOML text."""
    lines = [
        "# cardsuite settings (see docs/saves.md)",
        f"names = {_value(settings.names)}",
        f"card_style = {_value(settings.card_style)}",
        f"ascii = {_value(settings.ascii)}",
        f"speed = {_value(settings.speed)}",
        f"language = {_value(settings.language)}",
        f"introduced = {_value(settings.introduced)}",
    ]
    for game, table in sorted(settings.options.items()):
        lines += ["", f"[options.{_key(game)}]"]
        lines += [f"{_key(k)} = {_value(v)}" for k, v in sorted(table.items())]
    return "\n".join(lines) + "\n"


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically (checked first: what is written always loads back)."""
    text = settings_toml(settings)
    try:
        _from_toml(parse_toml(text))
    except FileRefused as exc:
        raise SettingsError(str(exc)) from None
    write_atomically(path or paths.settings_path(), text)
