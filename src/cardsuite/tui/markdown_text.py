"""A rules page's Markdown as plain text, for the ASCII rules page: markup gone, each paragraph one line.

Headings become lines of their own, list items lines that start with ``- ``, table rows their cells between
`` | `` (the row of dashes under the header dropped); a paragraph's source lines are joined into one line, so the
page wraps it at its own width (Japanese lines are joined without a space).
"""

from __future__ import annotations

import re
import unicodedata

_ITEM = re.compile(r"([-*+]|\d+[.)])\s+(.*)")
_RULE = re.compile(r"\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?")
_INLINE = (
    (re.compile(r"`([^`]*)`"), r"\1"),
    (re.compile(r"\*\*(.+?)\*\*"), r"\1"),
    (re.compile(r"__(.+?)__"), r"\1"),
    (re.compile(r"(?<![\w*])\*(?=\S)(.+?)(?<=\S)\*(?![\w*])"), r"\1"),
    (re.compile(r"!?\[([^\]]*)\]\([^)]*\)"), r"\1"),
)


def inline_text(text: str) -> str:
    """``text`` without its inline markup: emphasis, code marks and links (their words stay)."""
    for pattern, words in _INLINE:
        text = pattern.sub(words, text)
    return text


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _join(first: str, then: str) -> str:
    """Two source lines of one paragraph as one: a space between them, none between Japanese characters."""
    if first and then and _wide(first[-1]) and _wide(then[0]):
        return first + then
    return f"{first} {then}"


def _row(line: str) -> str:
    """A table row's cells between `` | ``."""
    cells = line.strip().strip("|").split("|")
    return " | ".join(inline_text(cell.strip()) for cell in cells).rstrip(" |")


def plain_text(markdown: str) -> str:
    """``markdown`` as plain text: blocks apart by an empty line, each paragraph or list item on one line."""
    blocks: list[list[str]] = []
    lines: list[str] = []
    kind = ""
    for raw in markdown.splitlines():
        line = raw.strip()
        item = _ITEM.fullmatch(line)
        if not line or line.startswith("#") or (line.startswith("|") != (kind == "table")) or (
                item is not None and kind != "list"):
            if lines:
                blocks.append(lines)
            lines, kind = [], ""
        if not line:
            continue
        if line.startswith("#"):
            blocks.append([inline_text(line.lstrip("#").strip())])
        elif line.startswith("|"):
            kind = "table"
            if not _RULE.fullmatch(line):
                lines.append(_row(line))
        elif item is not None:
            kind = "list"
            bullet = "-" if item.group(1) in "-*+" else item.group(1)
            lines.append(f"{bullet} {inline_text(item.group(2))}")
        elif lines:
            lines[-1] = _join(lines[-1], inline_text(line))  # a paragraph's next line, or a list item's
        else:
            kind = "paragraph"
            lines.append(inline_text(line))
    if lines:
        blocks.append(lines)
    return "\n\n".join("\n".join(block) for block in blocks)
