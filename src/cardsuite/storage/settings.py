"""Settings: names, card style, ASCII suits, CPU speed, language and preferred options per game, in TOML.

The file is read through the bounded reader (``cardsuite.files``: a regular file of at most 256 KB, nesting
and numbers limited, a byte-order mark allowed). A file that does not parse, or holds a value of the wrong
kind (a name with a control character, a speed or a language that is not one, an option the game does not
have or a value it does not allow), is moved aside with a timestamp and reported in one line naming the file; the
defaults are used and the next save starts a fresh file. Writing changes only the known values that
differ, in the file as it is (``tomlkit``): unknown keys and tables, comments and options of a game that
is not installed stay as the person wrote them.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path

import tomlkit
import tomlkit.exceptions
import tomlkit.items

from ..core.errors import CardsuiteError, UnknownGame, message_of
from ..core.message import Message, msg
from ..core.registry import get_game
from ..files import SETTINGS_LIMIT, FileMissing, FileRefused, FileUnreadable, parse_toml, read_text, read_toml
from ..filewrites import remove_stale_temporaries, write_atomically
from ..i18n.language import LANGUAGES, LanguageError, checked_language
from ..naming import quoted, shown
from ..seatnames import check_name
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
        raise CardsuiteError(msg("speed {speed} is not one of {names} or a number of seconds from 0 to {most}",
                                 speed=quoted(text, 20), names=", ".join(SPEEDS), most=int(SLOWEST)))
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
    """A settings file with a value of the wrong kind, or settings that cannot be written; ``words`` says it as a
    message, for the reader's language (``str`` is its English)."""

    def __init__(self, words: Message) -> None:
        super().__init__(words)
        self.words = words

    def __str__(self) -> str:
        return str(self.words)


def _strings(value: object, refusal: Message) -> list[str]:
    """A list of strings as it is; anything else is refused with ``refusal``."""
    if not isinstance(value, list) or not all(isinstance(n, str) for n in value):
        raise SettingsError(refusal)
    return [str(n) for n in value]


def _names(value: object) -> list[str]:
    names = _strings(value, msg("names must be a list of names"))
    try:
        return [check_name(n) for n in names]
    except CardsuiteError as exc:
        raise SettingsError(msg("names: {reason}", reason=message_of(exc))) from None


def _card_style(value: object) -> str:
    if value not in CARD_STYLES:
        raise SettingsError(msg("card_style must be one of {styles}", styles=", ".join(CARD_STYLES)))
    return str(value)


def _ascii(value: object) -> bool:
    if not isinstance(value, bool):
        raise SettingsError(msg("ascii must be true or false"))
    return value


def _speed(value: object) -> str:
    if not isinstance(value, str | int | float) or isinstance(value, bool):
        raise SettingsError(msg("speed must be a name (instant, fast, normal, slow) or seconds"))
    try:
        parse_speed(str(value))
    except CardsuiteError as exc:
        raise SettingsError(message_of(exc)) from None
    return str(value)


def _language(value: object) -> str:
    if not isinstance(value, str):
        raise SettingsError(msg('language must be a language code such as "ja", or "" to follow the locale'))
    if value:
        try:
            checked_language(value)
        except LanguageError:
            raise SettingsError(msg('language {value} is not one of {languages}, or "" to follow the locale',
                                    value=quoted(value, 20), languages=", ".join(LANGUAGES))) from None
    return value


def _introduced(value: object) -> list[str]:
    return _strings(value, msg("introduced must be a list of game names"))


def _options(value: object) -> dict[str, dict[str, Scalar]]:
    """Each game's preferred options; an installed game checks its keys and values."""
    if not isinstance(value, dict):
        raise SettingsError(msg("options must be a table of games"))
    out: dict[str, dict[str, Scalar]] = {}
    for game, table in value.items():
        where = _key(str(game))
        if not isinstance(table, dict) or not all(isinstance(v, Scalar) for v in table.values()):
            # TRANSLATORS: options.{game} is the key of the settings file as written (options.nap)
            raise SettingsError(msg("options.{game} must be a table of plain values", game=where))
        try:
            found = get_game(str(game))
        except UnknownGame:  # a game that is not installed now: keep its options for when it is
            out[str(game)] = dict(table)
            continue
        specs = {spec.key: spec for spec in found.info.options}
        for key, raw in table.items():
            if key not in specs:
                # TRANSLATORS: options.{game} is the key of the settings file as written (options.nap)
                raise SettingsError(msg("options.{game}: {title} has no option {option}", game=where,
                                        title=Message(found.info.title), option=quoted(str(key), 30)))
            try:
                specs[key].parse(raw)
            except CardsuiteError as exc:
                # TRANSLATORS: options.{game} is the key of the settings file as written (options.nap)
                raise SettingsError(msg("options.{game}: {reason}", game=where, reason=message_of(exc))) from None
        out[str(game)] = dict(table)
    return out


_READERS: dict[str, Callable[[object], object]] = {
    "names": _names, "card_style": _card_style, "ascii": _ascii, "speed": _speed, "language": _language,
    "introduced": _introduced, "options": _options,
}
"""Each key the file may hold and what checks its value (the value it returns is the setting)."""


def _from_toml(data: Mapping[str, object]) -> Settings:
    out = Settings()
    for key, value in data.items():
        reader = _READERS.get(key)
        if reader is not None:  # unknown keys are from a newer version: ignored on reading (see docs/saves.md)
            setattr(out, key, reader(value))
    return out


def load_settings(path: Path | None = None) -> Settings:
    """The settings, or the defaults when there is no file or it is damaged (moved aside, one notice)."""
    target = path or paths.settings_path()
    try:
        return _from_toml(read_toml(target, SETTINGS_LIMIT))
    except FileMissing:
        return Settings()
    except FileUnreadable as exc:
        paths.note(msg("{reason}; using the default settings", reason=message_of(exc)))
    except FileRefused as exc:
        paths.quarantine(target, exc.reason_words)
    except SettingsError as exc:
        paths.quarantine(target, exc.words)
    return Settings()


def read_language(path: Path | None = None) -> str | None:
    """The settings file's ``language``, read without side effects (a damaged file is left to ``load_settings``).

    Every command reads it first, so it goes through the same bounded reader: a FIFO, a huge or deeply
    nested file gives None here (and is moved aside by ``load_settings``, which every command then calls:
    ``settings_unusable``).
    """
    return _language_and_damage(path)[0]


def settings_unusable(path: Path | None = None) -> bool:
    """Whether the settings file is there but cannot be read as settings at all (not TOML, too large, a FIFO,
    no permission) or its ``language`` is not text (``5``, ``true``, ``["ja"]``): ``load_settings`` then moves
    it aside or says why it is not used, in one line."""
    return _language_and_damage(path)[1]


def _language_and_damage(path: Path | None) -> tuple[str | None, bool]:
    target = path or paths.settings_path()
    try:
        data = read_toml(target, SETTINGS_LIMIT)
    except FileMissing:
        return None, False
    except FileUnreadable:  # no file where its folder is a file: nothing to say here
        return None, os.path.lexists(target)
    except FileRefused:
        return None, True
    value = data.get("language")
    if value is not None and not isinstance(value, str):
        return None, True  # ``language = 5``: a bad value like any other, for ``load_settings`` to move aside
    return (value or None), False


_HEADER = "cardsuite settings (see docs/saves.md); unknown keys, tables and comments are kept"


def _key(text: str) -> str:
    """A key as it may be shown in a message about the file."""
    return text if re.fullmatch(r"[A-Za-z0-9_-]+", text) else quoted(text, 30)


def settings_toml(settings: Settings, old: str | None = None) -> str:
    """The settings as TOML text: ``old`` (the file as it is) with the known values set where they differ.

    Unknown keys and tables, comments and the order of what is kept stay as they were; a known key that is
    missing is added when its value is not the default. Without ``old``, a new file with every value.
    """
    document = tomlkit.parse(old) if old is not None else _new_document()
    defaults = Settings()
    for key in ("names", "card_style", "ascii", "speed", "language", "introduced"):
        value = getattr(settings, key)
        current = document.get(key)
        if current is None and (old is None or value != getattr(defaults, key)):
            document[key] = value  # a new file says every value; an old one gains only what is not the default
        elif current is not None and not _same(_plain(current), value):
            document[key] = value
    _set_options(document, settings.options)
    return tomlkit.dumps(document)


def _new_document() -> tomlkit.TOMLDocument:
    document = tomlkit.document()
    document.add(tomlkit.comment(_HEADER))
    return document


def _same(written: object, value: object) -> bool:
    """Whether the file already says ``value`` (a speed of ``0.5`` is the setting ``"0.5"``)."""
    return written == value or (isinstance(value, str) and not isinstance(written, bool | str | list)
                                and str(written) == value)


def _plain(item: object) -> object:
    """A tomlkit value as plain Python (``unwrap``), for comparing with a setting."""
    unwrap = getattr(item, "unwrap", None)
    return unwrap() if callable(unwrap) else item


def _set_options(document: tomlkit.TOMLDocument, wanted: Mapping[str, Mapping[str, Scalar]]) -> None:
    """``[options.GAME]`` tables as ``wanted`` says, keeping a game's value that is its default as written."""
    tables = document.get("options")
    if tables is None:
        if not wanted:
            return
        tables = tomlkit.table(is_super_table=True)
        document["options"] = tables
    if not isinstance(tables, MutableMapping):
        document["options"] = tables = tomlkit.table(is_super_table=True)
    for game in [str(g) for g in tables if str(g) not in wanted]:  # a game whose options are all defaults now
        table = tables[game]
        if isinstance(table, MutableMapping):
            for key in [str(k) for k in table if not _is_default(game, str(k), _plain(table[k]))]:
                del table[key]
            if not table and not _has_comment(table):
                del tables[game]
    for game, options in wanted.items():
        table = tables.get(game)
        if not isinstance(table, MutableMapping):
            table = tomlkit.table()
            tables[game] = table
        for key in [str(k) for k in table if str(k) not in options]:
            if not _is_default(game, key, _plain(table[key])):
                del table[key]
        for key, value in options.items():
            if key not in table or _plain(table[key]) != value:
                table[key] = value


def _has_comment(table: object) -> bool:
    """Whether a tomlkit table holds a comment of the person's (then it stays, even with no key left)."""
    body = getattr(getattr(table, "value", None), "body", [])
    return any(isinstance(item, tomlkit.items.Comment) for _, item in body)


def _is_default(game: str, key: str, value: object) -> bool:
    """Whether ``value`` is what ``game``'s option ``key`` is anyway (False for a game that is not installed)."""
    try:
        spec = get_game(game).info.option(key)
        return bool(spec.parse(value) == spec.default)
    except (CardsuiteError, KeyError):
        return False


def save_settings(settings: Settings, path: Path | None = None) -> None:
    """Write the settings atomically, keeping what else the file holds; nothing is written when nothing changed.

    What is written always loads back (checked first). A file that is damaged is moved aside first (never
    written over); one the system will not let us read is left alone, and ``SettingsError`` says why, as
    it does for a write the system refuses.
    """
    target = path or paths.settings_path()
    old = _current(target)
    try:
        text = settings_toml(settings, old)
        _from_toml(parse_toml(text))
    except (FileRefused, tomlkit.exceptions.TOMLKitError) as exc:
        reason = message_of(exc) if isinstance(exc, FileRefused) else Message(shown(str(exc)))
        raise SettingsError(msg("the settings cannot be written: {reason}", reason=reason)) from None
    if text == old:
        return
    try:
        remove_stale_temporaries(target.parent, target.name)
        write_atomically(target, text, through_link=True)  # a link to a dotfiles folder stays one
    except FileRefused as exc:
        raise SettingsError(message_of(exc)) from None


def _current(target: Path) -> str | None:
    """The settings file's text when it can be kept and rewritten; None when there is none (or it went aside)."""
    try:
        text = read_text(target, SETTINGS_LIMIT)
    except FileMissing:
        return None
    except FileUnreadable as exc:
        raise SettingsError(msg("{reason}: the settings were not saved", reason=message_of(exc))) from None
    except FileRefused as exc:
        paths.quarantine(target, exc.reason_words)
        return None
    try:
        _from_toml(parse_toml(text))
        tomlkit.parse(text)
    except FileRefused as exc:
        paths.quarantine(target, message_of(exc))
        return None
    except SettingsError as exc:
        paths.quarantine(target, exc.words)
        return None
    except tomlkit.exceptions.TOMLKitError as exc:
        paths.quarantine(target, msg("cannot be rewritten keeping its comments: {error}",
                                     error=Message(shown(str(exc)))))
        return None
    return text
