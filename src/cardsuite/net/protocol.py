"""The messages between a client and the server (``docs/protocol.md``), checked before anything acts on them.

Every message is one JSON object in one WebSocket text frame, with ``"v"`` (the protocol version) and
``"type"``. ``parse_request`` turns a client's text into a ``Request`` or raises ``ProtocolError`` with a
code and one line for the client; nothing a client sends can make it raise anything else. Pure: no I/O.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.errors import message_of
from ..core.message import Message, english, msg
from . import refusals, rulewords
from .names import MAX_NAME as MAX_NAME
from .names import NameRefused, clean

PROTOCOL_VERSION = 1
MAX_CLIENT_MESSAGE = 4096
"""Bytes in one client message (this many are taken); a bigger frame closes the connection (WebSocket code 1009)."""
MAX_SERVER_MESSAGE = 1 << 20
"""Bytes a client accepts in one server message."""
MAX_ACTION = 120
MAX_OPTIONS = 16
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O, 1/I: read aloud and typed without doubt
CODE_LENGTH = 6
TOKEN_BYTES = 16  # 128 random bits
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})?")
SEAT_PASS_HEADER = "X-Cardsuite-Seat-Pass"
"""A browser seat's process sends the pass its server gave it in this header (docs/protocol.md)."""


class ProtocolError(Exception):
    """A message the server (or client) refuses: ``code`` for programs, ``message`` for people (English).

    Given a ``Message`` (one of ``refusals``), the refusal keeps it as ``words`` (a client shows them in its
    reader's language) and ``message`` is its English, whatever language this process speaks.
    """

    def __init__(self, code: str, message: str | Message, ref: int | None = None) -> None:
        self.words = message if isinstance(message, Message) else None
        self.message = english(message) if isinstance(message, Message) else message
        super().__init__(self.message)
        self.code = code
        self.ref = ref  # the refused message's own ``ref``, once it was read (the answer repeats it)

    def said(self) -> str | Message:
        """What the refusal says: its words where it has them, else its English line."""
        return self.words if self.words is not None else self.message


@dataclass(frozen=True)
class Request:
    """A checked client message: its type, its ``ref`` (echoed in the answer) and its fields."""

    type: str
    ref: int | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)


def _text(value: object, name: str, limit: int) -> str:
    if not isinstance(value, str):
        raise ProtocolError("bad_message", msg(refusals.NOT_TEXT, name=name))
    if len(value) > limit:
        raise ProtocolError("bad_message", msg(refusals.TOO_LONG, name=name, limit=limit))
    return value


def _whole(value: object, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ProtocolError("bad_message", msg(refusals.NOT_WHOLE, name=name, low=low, high=high))
    return value


def _flag(value: object, name: str) -> bool:
    if not isinstance(value, bool):
        raise ProtocolError("bad_message", msg(refusals.NOT_FLAG, name=name))
    return value


def clean_name(raw: object) -> str:
    """A seat name as data (``names.clean``: printable, no markup brackets or invisible characters, at most 24,
    not a CPU seat's label), or the refusal."""
    try:
        return clean(_text(raw, "name", 200))
    except NameRefused as exc:
        raise ProtocolError("bad_message", msg(str(exc))) from None


def clean_code(raw: object) -> str:
    """A join code in its canonical form (upper case, no spaces or dashes); the refusal names the alphabet
    (``CODE_ALPHABET``: no 0, O, 1 or I)."""
    text = _text(raw, "code", 32).upper().replace("-", "").replace(" ", "")
    if len(text) != CODE_LENGTH or any(ch not in CODE_ALPHABET for ch in text):
        raise ProtocolError("no_table", msg(refusals.NOT_A_CODE))
    return text


def _options(raw: object) -> dict[str, object]:
    if not isinstance(raw, dict) or len(raw) > MAX_OPTIONS:
        raise ProtocolError("bad_message", msg(refusals.TOO_MANY_OPTIONS, n=MAX_OPTIONS))
    out: dict[str, object] = {}
    for key, value in raw.items():
        _text(key, "an option key", 40)
        if not isinstance(value, bool | int | str) or (isinstance(value, str) and len(value) > 40):
            raise ProtocolError("bad_message", msg(refusals.BAD_OPTION, option=repr(key)))
        out[key] = value
    return out


def clean_language(raw: object) -> str:
    """A language tag as the lobby shows it (``ja``, ``lt``, ``en-GB``), or a refusal."""
    if raw is None or raw == "":
        return ""
    if not isinstance(raw, str) or not LANGUAGE.fullmatch(raw):
        raise ProtocolError("bad_message", msg(refusals.BAD_LANGUAGE))
    return raw


def _identity(body: Mapping[str, Any]) -> str | None:
    """The id of the player identity whose key the client sent (the key itself is never kept)."""
    from .identity import IdentityError, identity_id

    raw = body.get("identity")
    if raw is None:
        return None
    try:
        return identity_id(_text(raw, "identity", 64))
    except IdentityError as exc:
        raise ProtocolError("identity", message_of(exc)) from None


def _create(body: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"game": _text(body.get("game"), "game", 40).strip().lower()}
    if "players" in body:
        out["players"] = _whole(body["players"], "players", 1, 16)
    out["options"] = _options(body.get("options", {}))
    out["cpu"] = _text(body.get("cpu", "normal"), "cpu", 20).strip().lower()
    out["name"] = clean_name(body.get("name", "Host"))
    if "turn_seconds" in body:
        out["turn_seconds"] = _whole(body["turn_seconds"], "turn_seconds", 0, 3600)
    if "seed" in body:
        out["seed"] = _whole(body["seed"], "seed", 0, 2**62)
    out["public"] = _flag(body.get("public", False), "public")
    out["rated"] = _flag(body.get("rated", False), "rated")
    out["language"] = clean_language(body.get("language"))
    out["identity"] = _identity(body)
    return out


def _token(value: object) -> str:
    token = _text(value, "token", 64)
    if len(token) != 2 * TOKEN_BYTES or any(ch not in "0123456789abcdef" for ch in token):
        raise ProtocolError("bad_token", msg(refusals.BAD_TOKEN))
    return token


def _join(body: Mapping[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"code": clean_code(body.get("code")), "watch": _flag(body.get("watch", False), "watch")}
    if not out["watch"]:
        out["name"] = clean_name(body.get("name", "Player"))
        if "token" in body:  # the client's own token (128 random bits): the browser seat brings one
            out["token"] = _token(body["token"])
    elif "token" in body:
        raise ProtocolError("bad_message", msg(refusals.WATCHER_TOKEN))
    out["identity"] = _identity(body)
    return out


def _game(body: Mapping[str, Any]) -> dict[str, Any]:
    game = body.get("game")
    return {"game": None if game is None else _text(game, "game", 40).strip().lower()}


def _resume(body: Mapping[str, Any]) -> dict[str, Any]:
    return {"code": clean_code(body.get("code")), "token": _token(body.get("token"))}


def _act(body: Mapping[str, Any]) -> dict[str, Any]:
    text = _text(body.get("action"), "action", MAX_ACTION).strip()
    if not text or not text.isprintable():
        raise ProtocolError("bad_message", msg(refusals.BAD_ACTION))
    return {"action": text}


def _cpu(body: Mapping[str, Any]) -> dict[str, Any]:
    return {"on": _flag(body.get("on"), "on")}


def _nothing(body: Mapping[str, Any]) -> dict[str, Any]:
    return {}


_FIELDS: dict[str, tuple[frozenset[str], Any]] = {
    "create": (frozenset({"game", "players", "options", "cpu", "name", "turn_seconds", "seed", "public", "rated",
                          "language", "identity"}), _create),
    "join": (frozenset({"code", "name", "watch", "identity", "token"}), _join),
    "resume": (frozenset({"code", "token"}), _resume),
    "start": (frozenset(), _nothing),
    "act": (frozenset({"action"}), _act),
    "ready": (frozenset(), _nothing),
    "cpu": (frozenset({"on"}), _cpu),
    "leave": (frozenset(), _nothing),
    "sync": (frozenset(), _nothing),
    "ping": (frozenset(), _nothing),
    "list": (frozenset({"game"}), _game),
    "board": (frozenset({"game"}), _game),
    "rematch": (frozenset(), _nothing),
}
REQUEST_TYPES = tuple(_FIELDS)


def parse_request(text: str | bytes) -> Request:
    """A client's message as a ``Request``; ``ProtocolError`` for anything else, never another error."""
    if isinstance(text, bytes):
        raise ProtocolError("bad_message", msg(refusals.NOT_TEXT_FRAME))
    if len(text.encode("utf-8", "surrogatepass")) > MAX_CLIENT_MESSAGE:
        raise ProtocolError("too_big", msg(refusals.TOO_BIG, n=MAX_CLIENT_MESSAGE))
    try:
        body = json.loads(text)
    except RecursionError:  # well-formed, maybe, but deeper than the parser goes
        raise ProtocolError("bad_json", msg(refusals.TOO_DEEP)) from None
    except ValueError:
        raise ProtocolError("bad_json", msg(refusals.NOT_JSON)) from None
    if not isinstance(body, dict):
        raise ProtocolError("bad_json", msg(refusals.NOT_JSON))
    ref = body.get("ref")
    if ref is not None:
        ref = _whole(ref, "ref", 0, 2**31)
    try:
        kind = _kind(body)
        return Request(kind, ref, _FIELDS[kind][1](body))
    except ProtocolError as exc:
        raise ProtocolError(exc.code, exc.said(), ref) from None


def _kind(body: Mapping[str, Any]) -> str:
    """The message's type, once its version and its fields are the ones that type takes."""
    version = body.get("v")
    if type(version) is not int or version != PROTOCOL_VERSION:  # not true, not 1.0: the whole number itself
        raise ProtocolError("version", msg(refusals.VERSION, version=PROTOCOL_VERSION))
    kind = body.get("type")
    if not isinstance(kind, str) or kind not in _FIELDS:
        raise ProtocolError("unknown_type", msg(refusals.UNKNOWN_TYPE, known=", ".join(REQUEST_TYPES)))
    extra = set(body) - _FIELDS[kind][0] - {"v", "type", "ref"}
    if extra:
        fields = ", ".join(sorted(map(str, extra)))
        raise ProtocolError("bad_message", msg(refusals.EXTRA_FIELDS, kind=kind, fields=fields))
    return kind


def message(kind: str, **fields: Any) -> str:
    """A server (or client) message as compact JSON text."""
    return json.dumps({"v": PROTOCOL_VERSION, "type": kind, **fields}, separators=(",", ":"), ensure_ascii=False)


def error_message(code: str, text: str | Message, ref: int | None = None, **fields: Any) -> str:
    """An ``error`` message: a code for programs, one line for people in English (and, for ``elsewhere``,
    ``url``); given a refusal's ``Message``, also its ``words`` for a client to show in its reader's language (an
    ``illegal`` action's: the game's refusal, ``rulewords``)."""
    said = None
    if isinstance(text, Message):
        said = rulewords.encode_rule_words(text) if code == "illegal" else refusals.encode_words(text)
    line = english(text) if isinstance(text, Message) else text
    return message("error", code=code, message=line, **({"ref": ref} if ref is not None else {}),
                   **({"words": said} if said is not None else {}), **fields)


def new_token() -> str:
    """A seat token: 128 random bits as 32 hex digits."""
    return secrets.token_hex(TOKEN_BYTES)


def token_digest(token: str) -> str:
    """What the server stores of a token (SHA-256): a leaked database gives no seat away."""
    return hashlib.sha256(token.encode("ascii")).hexdigest()


def token_matches(token: str, digest: str | None) -> bool:
    """Whether ``token`` is the one ``digest`` was made from, compared in constant time."""
    if digest is None:
        return False
    return hmac.compare_digest(token_digest(token).encode("ascii"), digest.encode("ascii"))


def new_code(taken: Callable[[str], bool] = lambda code: False) -> str:
    """A short join code: six characters a person reads aloud without doubt (``K7P2QX``), drawn again while
    ``taken`` says another table has it."""
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))
        if not taken(code):
            return code
