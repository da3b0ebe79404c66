"""Every file cardsuite reads goes through here: bounded reading and safe parsing (writes: ``filewrites``).

Files are hostile input. A file is read only if it is a regular file (not a FIFO that would block, not a
link to ``/dev/zero``), no larger than its kind's limit, and valid UTF-8 (a leading byte-order mark is
allowed). JSON and TOML are checked for nesting depth before a parser sees them, so no input can make
a parser recurse; after parsing, integers longer than ``MAX_INT_DIGITS`` digits, non-finite numbers and
lone surrogates are refused. Every refusal is a ``FileRefused`` with one line for a person.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import tomllib

from .core.message import N_, Message, msg
from .errors import CardsuiteError
from .jsonkeys import RepeatedKey, unique_keys
from .naming import shown

RECORD_LIMIT = 8 * 1024 * 1024
"""Records and saves: a long match is a few hundred kilobytes."""
SETTINGS_LIMIT = 256 * 1024
"""The settings file: a few hundred bytes in practice."""
MAX_DEPTH = 32
"""Nesting of arrays and objects (tables); records need 4 levels, settings 3."""
JSON_PROBLEMS = {
    "Expecting value": N_("a value is missing"),
    "Expecting property name enclosed in double quotes": N_("a key in double quotes is missing"),
    "Expecting ':' delimiter": N_("a ':' is missing"),
    "Expecting ',' delimiter": N_("a ',' is missing"),
    "Unterminated string starting at": N_("a string that is never closed"),
    "Invalid control character at": N_("a control character in a string"),
    "Invalid \\escape": N_("an unknown \\ escape in a string"),
    "Invalid \\uXXXX escape": N_("a broken \\uXXXX escape in a string"),
    "Extra data": N_("more text after the end"),
    "Illegal trailing comma before end of object": N_("a comma before a closing brace"),
    "Illegal trailing comma before end of array": N_("a comma before a closing bracket"),
}
"""What Python's JSON parser says is wrong (``JSONDecodeError.msg``), in words the catalogs translate."""
MAX_INT_DIGITS = 18
"""Longest integer accepted in a file (it still fits SQLite's 64-bit integers)."""

class FileRefused(CardsuiteError):
    """A file that is not read or parsed: not a regular file, too large, not UTF-8, malformed (damaged).

    The message (text or a ``Message``) names the file; ``reason`` is the same in English without the file's
    name (for a line that names it), and ``reason_words`` the same as a message, for the reader's language.
    """

    def __init__(self, message: str | Message, reason: str | Message | None = None) -> None:
        super().__init__(message)
        said = reason or message
        self.reason = str(said)
        self.reason_words = said if isinstance(said, Message) else Message(said)


def _cannot_read(name: str, reason: Message) -> Message:
    """``cannot read FILE: REASON``."""
    return msg("cannot read {file}: {reason}", file=shown(name), reason=reason)


def _in_file(name: str, error: FileRefused) -> FileRefused:
    """``error`` (about a file's content) naming the file: ``FILE: REASON``."""
    first = error.args[0] if error.args else ""
    reason = first if isinstance(first, Message) else Message(str(first))
    return FileRefused(msg("{file}: {reason}", file=shown(name), reason=reason), error.reason_words)


class FileUnreadable(FileRefused):
    """The system refused to open or read the file (permissions, an I/O error): not the file's fault."""


class FileMissing(FileUnreadable):
    """The file does not exist (callers that have a default use it)."""


# -- reading ----------------------------------------------------------------------------------------


def read_bytes(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes; ``FileRefused`` otherwise.

    The file is opened without blocking and checked with ``fstat`` on the open descriptor, so a FIFO or a
    device is refused without waiting and without a race between the check and the read.
    """
    name = os.fspath(path)
    flags = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(name, flags)
    except FileNotFoundError:
        raise FileMissing(_cannot_read(name, msg("no such file"))) from None
    except OSError as exc:
        raise FileUnreadable(_cannot_read(name, Message(str(exc.strerror or exc)))) from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise FileRefused(_cannot_read(name, msg("not a regular file")), msg("not a regular file"))
        if info.st_size > limit:
            raise FileRefused(_cannot_read(name, _larger(limit)), _larger(limit))
        chunks: list[bytes] = []
        total = 0
        while total <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit:  # the file grew while we read it
            raise FileRefused(_cannot_read(name, _larger(limit)), _larger(limit))
        return b"".join(chunks)
    except OSError as exc:
        raise FileUnreadable(_cannot_read(name, Message(str(exc.strerror or exc)))) from None
    finally:
        os.close(fd)


def decode(data: bytes) -> str:
    """UTF-8 text (a leading byte-order mark is dropped); ``FileRefused`` names the first bad byte."""
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise FileRefused(msg("not UTF-8 text (byte {byte})", byte=exc.start)) from None


def read_text(path: str | os.PathLike[str], limit: int) -> str:
    """The text of a regular UTF-8 file of at most ``limit`` bytes."""
    data = read_bytes(path, limit)
    try:
        return decode(data)
    except FileRefused as exc:
        raise _in_file(os.fspath(path), exc) from None


def _larger(limit: int) -> Message:
    """``larger than 8 MB``: the reason a file over ``limit`` bytes is not read."""
    if limit >= 1024 * 1024:
        return msg("larger than {size} MB", size=limit // (1024 * 1024))
    return msg("larger than {size} KB", size=limit // 1024)


# -- parsing ----------------------------------------------------------------------------------------

_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?', re.DOTALL)
"""A string, or an unterminated one up to the end: each character has one way to match, so a scan is linear."""
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _json_depth(text: str) -> int:
    """The deepest nesting of arrays and objects, strings skipped (no recursion, linear time)."""
    brackets = _NOT_BRACKET.sub("", _JSON_STRING.sub("", text))
    depth = deepest = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_DEPTH:
                    return deepest
        else:
            depth -= 1
    return deepest


class _ValueRefused(ValueError):
    """A value the parser reads and this program does not; ``message`` says why, for the reader's language."""

    def __init__(self, message: Message) -> None:
        super().__init__(str(message))
        self.message = message


def _too_long() -> Message:
    """Why an integer is refused: ``a number longer than 18 digits``."""
    return msg("a number longer than {digits} digits", digits=MAX_INT_DIGITS)


def _json_int(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _ValueRefused(_too_long())
    return int(digits)


def _json_float(digits: str) -> float:
    value = float(digits)
    if not math.isfinite(value):
        raise _ValueRefused(msg("a number that is not finite"))
    return value


def _json_constant(name: str) -> object:
    raise _ValueRefused(msg("{name} is not a JSON number", name=shown(name)))


def _problem(exc: BaseException) -> Message:
    """Why a value was refused while parsing, in words the catalogs translate where they are ours."""
    if isinstance(exc, _ValueRefused):
        return exc.message
    if isinstance(exc, RepeatedKey):
        return msg("key {name} is given twice in one object", name=exc.key)
    return Message(_short(exc))


def _too_deep() -> Message:
    """Why a file nested too deep is refused: ``nested deeper than 32 levels``."""
    return msg("nested deeper than {depth} levels", depth=MAX_DEPTH)


def parse_json(text: str) -> object:
    """JSON within the depth and number limits, with no lone surrogate in any string.

    Raises ``FileRefused`` with ``not JSON: ...`` for malformed text and a reason for the limits.
    """
    if _json_depth(text) > MAX_DEPTH:
        raise FileRefused(msg("not JSON this program reads: {problem}", problem=_too_deep()))
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant,
                          object_pairs_hook=unique_keys)
    except json.JSONDecodeError as exc:
        problem = msg(JSON_PROBLEMS[exc.msg]) if exc.msg in JSON_PROBLEMS else shown(exc.msg[:80])
        raise FileRefused(msg("not JSON: {problem} at line {line}, column {column}", problem=problem, line=exc.lineno,
                              column=exc.colno)) from None
    except (ValueError, RecursionError) as exc:
        raise FileRefused(msg("not JSON this program reads: {problem}", problem=_problem(exc))) from None
    if _SURROGATE_ESCAPE.search(text):  # decoded UTF-8 holds no surrogate: only an escape can make one
        _check_values(data)
    return data


def _toml_depth(text: str) -> int:
    """The deepest nesting of TOML arrays and inline tables, strings and comments skipped."""
    depth = deepest = 0
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if char in "\"'":
            triple = text.startswith(char * 3, i)
            quote = char * 3 if triple else char
            j = i + len(quote)
            while j < n:
                if char == '"' and text[j] == "\\":
                    j += 2
                    continue
                if text.startswith(quote, j):
                    break
                if not triple and text[j] == "\n":
                    break
                j += 1
            i = j + len(quote)
            continue
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
            if deepest > MAX_DEPTH:
                return deepest
        elif char in "]}":
            depth -= 1
        i += 1
    return deepest


def parse_toml(text: str) -> dict[str, object]:
    """TOML within the depth and number limits (``FileRefused`` otherwise)."""
    if _toml_depth(text) > MAX_DEPTH:
        raise FileRefused(msg("not TOML this program reads: {problem}", problem=_too_deep()))
    try:
        data = tomllib.loads(text, parse_float=_json_float)
    except tomllib.TOMLDecodeError as exc:
        raise FileRefused(msg("not TOML: {problem}", problem=_short(exc))) from None
    except (ValueError, RecursionError) as exc:
        raise FileRefused(msg("not TOML this program reads: {problem}", problem=_problem(exc))) from None
    _check_values(data)
    return data


def _check_values(data: object) -> None:
    """Refuse nesting beyond ``MAX_DEPTH`` (dotted TOML keys), huge integers and lone surrogates (iteratively)."""
    stack: list[tuple[object, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise FileRefused(_too_deep())
        if isinstance(value, str):
            _check_text(value)
        elif isinstance(value, bool):
            continue
        elif isinstance(value, int):
            if len(str(abs(value))) > MAX_INT_DIGITS:
                raise FileRefused(_too_long())
        elif isinstance(value, dict):
            for key, item in value.items():
                _check_text(str(key))
                stack.append((item, depth + 1))
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


_SURROGATE = re.compile("[\ud800-\udfff]")
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")


def _check_text(text: str) -> None:
    if _SURROGATE.search(text):
        raise FileRefused(msg("a string that is not valid Unicode (a lone surrogate)"))


def _short(exc: BaseException) -> str:
    text = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    return shown(text if len(text) <= 120 else text[:120] + "…")


def read_json(path: str | os.PathLike[str], limit: int = RECORD_LIMIT) -> object:
    """A JSON file, read and parsed within the limits; ``FileRefused`` naming the file otherwise."""
    text = read_text(path, limit)
    try:
        return parse_json(text)
    except FileRefused as exc:
        raise _in_file(os.fspath(path), exc) from None


def read_toml(path: str | os.PathLike[str], limit: int = SETTINGS_LIMIT) -> dict[str, object]:
    """A TOML file, read and parsed within the limits; ``FileRefused`` naming the file otherwise."""
    text = read_text(path, limit)
    try:
        return parse_toml(text)
    except FileRefused as exc:
        raise _in_file(os.fspath(path), exc) from None
