"""Each seat's name with its total, as the Continue list, ``resume --list`` and ``history`` show them."""

from __future__ import annotations

from collections.abc import Sequence

from ..i18n import _, pgettext


def total_text(value: float) -> str:
    """A total as a person writes it: ``12``, ``-3``, ``2.5`` (never ``12.0``)."""
    return str(int(value)) if float(value).is_integer() else str(value)


def seat_scores(names: Sequence[str], totals: Sequence[float]) -> str:
    """``Ann (12), CPU 1 (-3)``: the total in brackets, so that a name ending in a number (``CPU 1``) is not
    read as part of it. ``names`` are already safe to print."""
    comma = pgettext("list separator", ", ")
    # TRANSLATORS: a seat's name and its total in a list of saved or finished matches, "Ann (12)"
    return comma.join(_("{name} ({total})").format(name=name, total=total_text(total))
                      for name, total in zip(names, totals, strict=False))
