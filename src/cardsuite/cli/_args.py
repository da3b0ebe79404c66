"""Parsers for numeric command-line values: ASCII digits only, bounded, finite.

Typer's own ``int`` and ``float`` accept ``١٢`` (Arabic-Indic digits), 5000-digit integers that later
overflow SQLite, and ``inf``/``nan``. Each option that takes a number names one of these parsers
(``parser=whole(0, 1000)``), so such input is one line (``Invalid value for '--limit': ...``, its reason in
the reader's language: the parsers run once the language is chosen), and every
number has a range a test can read (``Bounded.low``, ``Bounded.high``) and docs/index.md lists.
"""

from __future__ import annotations

import math
import re

import typer

from ..i18n import _
from ..i18n.render import words_for
from ..naming import quoted

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]{1,12}(\.[0-9]{1,12})?")

LARGEST = 10**18 - 1
"""The largest whole number any option takes (seeds, history ids): it fits a 64-bit integer."""


class Bounded:
    """A parser of numbers from ``low`` to ``high`` (both included); ``whole`` and ``decimal`` make them."""

    def __init__(self, low: float, high: float, integer: bool) -> None:
        self.low, self.high, self.integer = low, high, integer
        shown = self.range_text()
        self.__name__ = shown if len(shown) <= 12 else "int" if integer else "float"  # --help shows <0..99>

    def __repr__(self) -> str:
        return f"{'whole' if self.integer else 'decimal'}({self.low:g}, {self.high:g})"

    def range_text(self) -> str:
        """The range as docs/index.md writes it: ``0..99``, ``1..600000``."""
        return f"{self._show(self.low)}..{self._show(self.high)}"

    def _show(self, bound: float) -> str:
        return str(int(bound)) if self.integer else f"{bound:.12g}"

    def _outside(self, value: object, below: bool) -> typer.BadParameter:
        if self.high >= LARGEST:  # no reader wants the 18 nines of an option without a real top
            why = _("{value} is less than {low}") if below else _("{value} is too large")
        else:
            why = _("{value} is not between {low} and {high}")
        return typer.BadParameter(why.format(value=value, low=self._show(self.low), high=self._show(self.high)))

    def __call__(self, raw: object) -> int | float:
        return self._whole(raw) if self.integer else self._decimal(raw)

    def _whole(self, raw: object) -> int:
        if isinstance(raw, int) and not isinstance(raw, bool):
            value = raw
        else:
            text = str(raw).strip()
            if not _WHOLE.fullmatch(text):
                why = _("{value} is not a whole number written with 0-9")
                raise typer.BadParameter(why.format(value=words_for(quoted(text, 20))))
            if len(text.lstrip("+-")) > 19:
                raise self._outside(words_for(quoted(text, 20)), below=text.startswith("-"))
            value = int(text)
        if not self.low <= value <= self.high:
            raise self._outside(value, below=value < self.low)
        return value

    def _decimal(self, raw: object) -> float:
        if isinstance(raw, int | float) and not isinstance(raw, bool):
            value = float(raw)
        else:
            text = str(raw).strip()
            if not _DECIMAL.fullmatch(text):
                why = _("{value} is not a decimal number like 2 or 0.5")
                raise typer.BadParameter(why.format(value=words_for(quoted(text, 20))))
            value = float(text)
        if not (math.isfinite(value) and self.low <= value <= self.high):
            raise self._outside(f"{value:.12g}", below=value < self.low)
        return value


def whole(low: int, high: int) -> Bounded:
    """A parser of whole numbers from ``low`` to ``high``, written with the digits 0-9."""
    return Bounded(low, high, integer=True)


def decimal(low: float, high: float) -> Bounded:
    """A parser of finite decimal numbers from ``low`` to ``high`` (``2``, ``0.5``; no ``inf``, no ``1e9``)."""
    return Bounded(low, high, integer=False)
