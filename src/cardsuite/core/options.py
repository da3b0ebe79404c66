"""Typed game options: a spec per key (default, allowed values, one-line doc) and validated values."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from .errors import OptionError
from .message import N_, msg

OptionValue = int | bool | str

# The refusals of an option, as the command line and a server say them (``net/refusals.py`` lists them).
NOT_ONE_OF: Final = N_("option {option}: {value} is not one of {values}")
BELOW_MINIMUM: Final = N_("option {option}: {value} is below the minimum {minimum}")
ABOVE_MAXIMUM: Final = N_("option {option}: {value} is above the maximum {maximum}")
NOT_TRUE_OR_FALSE: Final = N_("option {option}: {value} is not true or false")
NOT_WHOLE: Final = N_("option {option}: {value} is not a whole number")
UNKNOWN_NONE: Final = N_("unknown option {option} (this game has: none)")
UNKNOWN: Final = N_("unknown option {option} (this game has: {known})")
# TRANSLATORS: {counts} lists player counts (2, or 3, 4); a game's check_options says it of a value
FOR_PLAYERS_ONLY: Final = N_("option {option}: {value} is for {counts} players only")

_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")


def _quoted(raw: object) -> str:
    """A value from outside in an error, cut after 30 characters with control characters shown: text in quotes,
    any other value as its JSON is written (``null``, ``true``, ``2.0``, ``[2]``)."""
    from ..naming import quoted

    if isinstance(raw, str):
        return quoted(raw, 30, "'")
    return quoted(json.dumps(raw, ensure_ascii=False, default=str), 30, "")


@dataclass(frozen=True)
class OptionSpec:
    """One option: its key, default, allowed values and what it changes.

    The value type is the default's type. ``choices`` lists the allowed values; without it an integer
    option takes the whole numbers from ``minimum`` to ``maximum``, which it must give (no number from
    outside is unbounded: a match of a billion deals is refused, not played). A spec that breaks this
    is refused when it is made (``ValueError``), so a game with one does not load.
    """

    key: str
    default: OptionValue
    doc: str
    choices: tuple[OptionValue, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None

    def __post_init__(self) -> None:
        if isinstance(self.default, int) and not isinstance(self.default, bool) and self.choices is None:
            if self.minimum is None or self.maximum is None:
                raise ValueError(f"option {self.key}: an integer option needs choices or a minimum and a maximum")
            if not self.minimum <= self.default <= self.maximum:
                raise ValueError(f"option {self.key}: the default {self.default} is outside "
                                 f"{self.minimum}..{self.maximum}")
        if self.choices is not None and self.default not in self.choices:
            raise ValueError(f"option {self.key}: the default {self.default!r} is not one of its choices")

    def parse(self, raw: object) -> OptionValue:
        """A checked value from JSON (``3``, ``true``, ``"none"``) or CLI text (``"3"``, ``"true"``)."""
        value = self._coerce(raw)
        if self.choices is not None and value not in self.choices:
            raise OptionError(msg(NOT_ONE_OF, option=self.key, value=_quoted(raw), values=self.values_text()))
        if isinstance(value, int) and not isinstance(value, bool):
            if self.minimum is not None and value < self.minimum:
                raise OptionError(msg(BELOW_MINIMUM, option=self.key, value=value, minimum=self.minimum))
            if self.maximum is not None and value > self.maximum:
                raise OptionError(msg(ABOVE_MAXIMUM, option=self.key, value=value, maximum=self.maximum))
        return value

    def _coerce(self, raw: object) -> OptionValue:
        kind = type(self.default)
        if kind is bool:
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("true", "yes", "on", "1"):
                return True
            if text in ("false", "no", "off", "0"):
                return False
            raise OptionError(msg(NOT_TRUE_OR_FALSE, option=self.key, value=_quoted(raw)))
        if kind is int:
            if isinstance(raw, bool):
                raise OptionError(msg(NOT_WHOLE, option=self.key, value=_quoted(raw)))
            if isinstance(raw, int):
                return raw
            text = str(raw).strip()
            if not _WHOLE.fullmatch(text):  # ASCII digits only, and not 5000 of them
                raise OptionError(msg(NOT_WHOLE, option=self.key, value=_quoted(raw)))
            return int(text)
        if isinstance(raw, bool):
            raise OptionError(msg(NOT_ONE_OF, option=self.key, value=_quoted(raw), values=self.values_text()))
        return str(raw).strip()

    def values_text(self) -> str:
        """The allowed values in words, for errors and the rules table."""
        if self.choices is not None:
            return ", ".join(shown_value(v) for v in self.choices)
        if isinstance(self.default, bool):
            return "true, false"
        if isinstance(self.default, int):
            return f"{self.minimum}..{self.maximum}"
        return "text"


def shown_value(value: OptionValue) -> str:
    """A value as the command line writes it (``--option misere=false``): a truth value as ``true`` or ``false``."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class Options(Mapping[str, OptionValue]):
    """Validated option values for one game, every key present (defaults filled in)."""

    __slots__ = ("_specs", "_values")

    def __init__(self, specs: Sequence[OptionSpec], values: Mapping[str, OptionValue]) -> None:
        self._specs = {s.key: s for s in specs}
        self._values = dict(values)

    def __getitem__(self, key: str) -> OptionValue:
        return self._values[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def __repr__(self) -> str:
        return f"Options({self._values!r})"

    def integer(self, key: str) -> int:
        """An integer option's value."""
        value = self._values[key]
        assert isinstance(value, int) and not isinstance(value, bool), key
        return value

    def flag(self, key: str) -> bool:
        """A true/false option's value."""
        value = self._values[key]
        assert isinstance(value, bool), key
        return value

    def text(self, key: str) -> str:
        """A text option's value."""
        value = self._values[key]
        assert isinstance(value, str), key
        return value

    def non_default(self) -> dict[str, OptionValue]:
        """Only the values that differ from the defaults: what a record stores."""
        return {k: v for k, v in self._values.items() if self._specs[k].default != v}


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, object]) -> Options:
    """Check ``given`` against ``specs`` and fill in defaults; unknown keys are an error."""
    by_key = {s.key: s for s in specs}
    for key in given:
        if key not in by_key:
            if not by_key:
                raise OptionError(msg(UNKNOWN_NONE, option=_quoted(key)))
            raise OptionError(msg(UNKNOWN, option=_quoted(key), known=", ".join(by_key)))
    values = {s.key: (s.parse(given[s.key]) if s.key in given else s.default) for s in specs}
    return Options(specs, values)


def check_json_types(specs: Sequence[OptionSpec], given: Mapping[str, object]) -> None:
    """Refuse a value from JSON (a record's ``options``) whose type is not its option's: a whole number for an
    integer option (not ``"3"``, ``3.0`` or ``true``), ``true`` or ``false`` for a true/false one (not ``1`` or
    ``"yes"``), text for a text one (not ``32``). ``OptionSpec.parse`` reads such values from the command
    line's text; a record holds them as they were written. Unknown keys are left to ``resolve_options``."""
    by_key = {s.key: s for s in specs}
    for key, raw in given.items():
        spec = by_key.get(key)
        if spec is None:
            continue
        kind = type(spec.default)
        if kind is bool and not isinstance(raw, bool):
            raise OptionError(msg(NOT_TRUE_OR_FALSE, option=spec.key, value=_quoted(raw)))
        if kind is int and (not isinstance(raw, int) or isinstance(raw, bool)):
            raise OptionError(msg(NOT_WHOLE, option=spec.key, value=_quoted(raw)))
        if kind is str and not isinstance(raw, str):
            values = ", ".join(json.dumps(v) for v in spec.choices) if spec.choices is not None else "text"
            raise OptionError(msg(NOT_ONE_OF, option=spec.key, value=_quoted(raw), values=values))


def parse_option_pairs(pairs: Sequence[str]) -> dict[str, str]:
    """``["key=value", ...]`` from the command line into a dict of texts; a key given twice is an error."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise OptionError(msg("option {pair} is not key=value", pair=_quoted(pair)))
        if key.strip() in out:
            raise OptionError(msg("option {option} is given twice", option=_quoted(key.strip())))
        out[key.strip()] = value.strip()
    return out
