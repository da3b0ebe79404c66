"""Seat names as data: what a name keeps, when it is refused, and when two names read as the same.

A name is NFKC-normalised (fullwidth and mathematical letters become plain ones), loses every control,
format, invisible or filler character (U+3164, U+2800 …) and every markup bracket, keeps its combining marks
(at most ``MAX_MARKS`` in a row, so Devanagari and accents stay and a pile-up does not), and needs a letter
or a digit. Two names are the same when their skeletons are: case, marks and the common Cyrillic and Greek
look-alikes of Latin letters set aside. A name that reads as a CPU seat's label ("CPU 2") is refused.
Pure: no I/O.
"""

from __future__ import annotations

import re
import unicodedata

from ..core.message import N_

MAX_NAME = 24
MAX_MARKS = 2
"""Combining marks kept in a row after one letter."""
INVISIBLE = frozenset(
    [0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x2800, 0x3164, 0xFEFF, 0xFFA0, 0x1D159]
    + list(range(0x180B, 0x1810)) + list(range(0x200B, 0x2010)) + list(range(0x202A, 0x202F))
    + list(range(0x2060, 0x2070)) + list(range(0xFE00, 0xFE10)) + list(range(0xFFF0, 0xFFF9))
    + list(range(0x1BCA0, 0x1BCA4)) + list(range(0x1D173, 0x1D17B)) + list(range(0xE0000, 0xE1000))
)
"""Default-ignorable and blank-looking characters (fillers, Braille blank, variation selectors, tags)."""
LOOKALIKES = str.maketrans({
    # Cyrillic
    "а": "a", "в": "b", "е": "e", "ё": "e", "з": "3", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
    "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "һ": "h", "ԁ": "d",
    "ԛ": "q", "ԝ": "w", "ӏ": "l",
    # Greek
    "α": "a", "β": "b", "ε": "e", "η": "h", "ι": "i", "κ": "k", "μ": "m", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "ζ": "z", "ϲ": "c", "ϳ": "j",
    # Latin that reads as another Latin letter
    "ı": "i", "ɡ": "g", "ɑ": "a",
})
"""Letters that look like a Latin letter (in either case), as that letter, for comparing names only."""
CPU_WORDS = ("cpu", "kompiuteris")
"""The word for a CPU seat in every language cardsuite speaks (the catalogs' "CPU"), as skeletons."""
CPU_LABEL = re.compile(rf"(?:{'|'.join(CPU_WORDS)}) ?\d*")
EMPTY = N_("a name needs at least one letter or digit")
CPU_NAME = N_("a name may not read like the label of a CPU seat (for example, CPU 2): choose another")


class NameRefused(ValueError):
    """A name that cannot be used, with the one line that says why (``EMPTY`` or ``CPU_NAME``)."""


def _kept(ch: str) -> bool:
    category = unicodedata.category(ch)
    return (category[0] in "LMNPSZ" and category not in ("Zl", "Zp") and ch not in "[]\\"
            and ord(ch) not in INVISIBLE)


def clean(text: str) -> str:
    """The name ``text`` stands for (see the module); ``NameRefused`` when none is left, or a CPU's."""
    out: list[str] = []
    marks = 0
    for ch in unicodedata.normalize("NFKC", text):
        if not _kept(ch):
            continue
        if unicodedata.category(ch)[0] == "M":
            if not out or out[-1].isspace() or marks >= MAX_MARKS:
                continue
            marks += 1
        else:
            marks = 0
        out.append(ch)
    name = " ".join("".join(out).split())[:MAX_NAME].strip()
    if not any(unicodedata.category(ch)[0] in "LN" for ch in name):
        raise NameRefused(EMPTY)
    if CPU_LABEL.fullmatch(skeleton(name)):
        raise NameRefused(CPU_NAME)
    return name


def skeleton(name: str) -> str:
    """What ``name`` reads as, for comparing: NFKC, case folded, without marks, look-alikes as Latin."""
    folded = unicodedata.normalize("NFD", unicodedata.normalize("NFKC", name).casefold())
    bare = "".join(ch for ch in folded if unicodedata.category(ch)[0] != "M" and ord(ch) not in INVISIBLE)
    return " ".join(bare.translate(LOOKALIKES).split())
