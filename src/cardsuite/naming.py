"""Names and other text from outside, made safe to show: names are data, never markup or escape sequences.

Games write ``seat N`` in event texts; ``name_seats`` puts the seat's name in its place. Every text that
came from a file or an argument (a seat name, a save id, a quoted action) goes through ``shown`` before
it is printed or drawn: control characters (the terminal's escape sequences), bidirectional overrides and
lone surrogates become visible escapes such as ``\\x1b``. Where a text is drawn as Rich or Textual markup,
``markup_safe`` also escapes the brackets, so ``[/]`` and ``[AFK] Bob`` show as written. What a new seat
name must pass is ``seatnames.check_name``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

NAME_LIMIT = 24
"""The longest seat name a person may give, in characters."""

_SEAT = re.compile(r"\b[Ss]eat (\d+)\b")
UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")
"""The characters ``shown`` escapes: control characters, bidirectional marks and overrides, lone surrogates."""


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str) -> str:
    """``text`` with control characters, bidirectional controls and lone surrogates as visible escapes.

    >>> shown("Bob\\x1b[2J")
    'Bob\\\\x1b[2J'
    """
    return UNSAFE.sub(_escape, text)


def markup_safe(text: str) -> str:
    """``shown(text)`` with Rich/Textual markup escaped, for the few places that build markup strings."""
    from rich.markup import escape

    return escape(shown(text))


class Quoted(str):
    """A quoted text that was cut: its English words (``"xxxxx…" (100 characters)``), and its parts, ``quote``
    (the cut text in its marks) and ``length`` (the whole text's), for a message to say the length in the
    reader's words (``cardsuite.core.message`` does, for a message's parameter)."""

    quote: str
    length: int

    def __new__(cls, quote: str, length: int) -> Quoted:
        made = super().__new__(cls, f"{quote} ({length} characters)")
        made.quote, made.length = quote, length
        return made

    def __getnewargs__(self) -> tuple[str, int]:  # type: ignore[override]
        return self.quote, self.length


def quoted(text: str, limit: int = 60, mark: str = '"') -> str:
    """``text`` in quotes (``mark``) for an error line: shown safely, and cut after ``limit`` characters.

    A cut text is a ``Quoted``: in a message's parameter, its length is said in the reader's language.

    >>> quoted("2 play KH")
    '"2 play KH"'
    >>> quoted("x" * 100, 5)
    '"xxxxx…" (100 characters)'
    """
    if len(text) <= limit:
        return f"{mark}{shown(text)}{mark}"
    return Quoted(f"{mark}{shown(text[:limit])}…{mark}", len(text))


_CUT = re.compile(r"(?P<quote>(?P<mark>[\"'])[^\n]*…(?P=mark)) \((?P<length>[0-9]{1,9}) characters\)")


def requoted(text: str) -> str:
    """``text`` read back from the English words ``quoted`` gave it (a server's refusal): a cut quote is a
    ``Quoted`` again, so that its length is said in the reader's language; any other text stays as it is.

    >>> requoted('"xxxxx…" (100 characters)').length
    100
    """
    found = _CUT.fullmatch(text)
    return Quoted(found["quote"], int(found["length"])) if found else text


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with each ``seat N`` replaced by ``names[N]`` (left as it is when there is no such name).

    The result is safe to print: the names (and the text) pass through ``shown``.
    """

    def swap(match: re.Match[str]) -> str:
        index = int(match.group(1))
        return names[index] if 0 <= index < len(names) else match.group(0)

    return shown(_SEAT.sub(swap, text))
