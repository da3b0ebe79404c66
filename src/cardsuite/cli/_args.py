"""Parsers for numeric command-line values: ASCII digits only, bounded, finite.

Typer's own ``int`` and ``float`` accept ``١٢`` (Arabic-Indic digits), 5000-digit integers that later
overflow SQLite, and ``inf``/``nan``. Each option that takes a number names one of these parsers
(``parser=whole(0, 1000)``), so such input is one line (``Invalid value for '--limit': ...``).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import typer

from ..naming import quoted

_WHOLE = re.compile(r"[+-]?[0-9]+")
_DECIMAL = re.compile(r"[+-]?[0-9]{1,12}(\.[0-9]{1,12})?")

LARGEST = 10**18 - 1
"""The largest whole number any option takes (seeds, history ids): it fits a 64-bit integer."""


def whole(low: int, high: int) -> Callable[[object], int]:
    """A parser of whole numbers from ``low`` to ``high``, written with the digits 0-9."""

    def parse(raw: object) -> int:
        if isinstance(raw, int) and not isinstance(raw, bool):
            value = raw
        else:
            text = str(raw).strip()
            if not _WHOLE.fullmatch(text):
                raise typer.BadParameter(f"{quoted(text, 20)} is not a whole number written with 0-9")
            if len(text.lstrip("+-")) > 19:
                raise typer.BadParameter(f"{quoted(text, 20)} is not between {low} and {high}")
            value = int(text)
        if not low <= value <= high:
            raise typer.BadParameter(f"{value} is not between {low} and {high}")
        return value

    return parse


def decimal(low: float, high: float) -> Callable[[object], float]:
    """A parser of finite decimal numbers from ``low`` to ``high`` (``2``, ``0.5``; no ``inf``, no ``1e9``)."""

    def parse(raw: object) -> float:
        if isinstance(raw, int | float) and not isinstance(raw, bool):
            value = float(raw)
        else:
            text = str(raw).strip()
            if not _DECIMAL.fullmatch(text):
                raise typer.BadParameter(f"{quoted(text, 20)} is not a decimal number like 2 or 0.5")
            value = float(text)
        if not (math.isfinite(value) and low <= value <= high):
            raise typer.BadParameter(f"{value:g} is not between {low:g} and {high:g}")
        return value

    return parse
