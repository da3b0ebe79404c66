"""Player identities: a secret key the client makes once and keeps, so rated play needs no registration.

The key is 256 random bits written in base32 (52 letters and digits). When it sits down at a table the
client sends a key derived from it for that server alone (``server_key``), so no server can use what it
is sent at another; the server keeps only its SHA-256 (the identity's id, shown shortened on
leaderboards), so a copy of the store gives nobody's identity away, and knowing a player's display name
gives nothing: the name is only a label. ``cardsuite identity --export`` prints the key as a code with a
check group, and ``cardsuite identity --import CODE`` on another device makes it that device's identity.

The terminal client keeps its key in the data folder (``identity.json``, written atomically and readable by
its owner alone, read as hostile input); it is made when the device first sits down at a table. A browser
keeps its own key in its cookie (``net/web.py``); its identity at a site is derived from that key
(``browser_identity``), so the same browser is the same player there.
"""

from __future__ import annotations

import base64
import contextlib
import errno
import hashlib
import hmac
import json
import os
import re
import secrets
import time
from pathlib import Path
from typing import Final

from ..core.message import N_
from ..errors import CardsuiteError

FILE_NAME = "identity.json"
IDENTITY_LIMIT = 4096
"""The identity file is read as hostile input, through the bounded reader, up to this many bytes."""
KEY_BYTES = 32
KEY_LENGTH = 52  # base32 of 32 bytes, without padding
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
CODE_PREFIX = "CSID"
BAD_KEY: Final = N_("an identity key is 52 letters and digits 2-7")
"""The refusal of a key that is not one (a server says it of a malformed ``identity``)."""


class IdentityError(CardsuiteError):
    """A key or an export code that is not one (the message says why, in one line)."""


def new_key() -> str:
    """A fresh identity key: 256 bits from the operating system, as 52 base32 characters."""
    return base64.b32encode(secrets.token_bytes(KEY_BYTES)).decode("ascii").rstrip("=")


def check_key(raw: object) -> str:
    """``raw`` as a well-formed key (upper case), or ``IdentityError``."""
    if not isinstance(raw, str) or len(raw) != KEY_LENGTH or any(ch not in ALPHABET for ch in raw.upper()):
        raise IdentityError(BAD_KEY)
    return raw.upper()


def identity_id(key: str) -> str:
    """What the server stores and rates: the SHA-256 of the key, 64 hex digits."""
    return hashlib.sha256(check_key(key).encode("ascii")).hexdigest()


def _check_group(body: str) -> str:
    digest = hashlib.sha256((CODE_PREFIX + body).encode("ascii")).digest()
    return base64.b32encode(digest).decode("ascii")[:4]


def export_code(key: str) -> str:
    """The key as a code to copy to another device: ``CSID-XXXX-…-XXXX-CCCC`` (the last group checks it)."""
    body = check_key(key)
    groups = [body[i:i + 4] for i in range(0, len(body), 4)]
    return "-".join([CODE_PREFIX, *groups, _check_group(body)])


def import_code(code: str) -> str:
    """The key an export code holds; ``IdentityError`` for a mistyped or damaged code."""
    text = "".join(code.split()).upper().replace("-", "")
    if not text.startswith(CODE_PREFIX) or len(text) != len(CODE_PREFIX) + KEY_LENGTH + 4:
        raise IdentityError(N_("an identity code starts with CSID- and has 14 groups of four after it"))
    body, check = text[len(CODE_PREFIX):-4], text[-4:]
    try:
        key = check_key(body)
    except IdentityError:
        raise IdentityError(N_("that identity code holds characters a code never has (only A-Z and 2-7)")) from None
    if _check_group(key) != check:
        raise IdentityError(N_("that identity code does not check: a group was mistyped"))
    return key


def _place(url: str) -> str:
    """A server's host (lower case) and port, from its address or URL: what a derived key is bound to."""
    from urllib.parse import urlsplit

    parts = urlsplit(url if "://" in url else f"ws://{url}")
    return (parts.hostname or "").lower() + (f":{parts.port}" if parts.port else "")


def server_key(key: str, url: str) -> str:
    """The key this device shows one server: derived from the device's key and the server's address, so a
    server learns nothing it could use at another (and every server still sees the same key each time)."""
    digest = hmac.new(check_key(key).encode("ascii"), _place(url).encode("utf-8"), hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").rstrip("=")


def browser_identity(browser_key: str, site: str) -> str:
    """The identity key a browser plays with at ``site`` (the page's address): the HMAC of a fixed label and
    the site under the key in the browser's cookie (32 hex digits), so the same browser is the same player
    there and another browser another; the cookie's key itself is never sent."""
    if len(browser_key) != 32 or any(ch not in "0123456789abcdef" for ch in browser_key):
        raise IdentityError("a browser's key is 32 hex digits")
    label = f"cardsuite identity {_place(site)}".encode()
    digest = hmac.new(bytes.fromhex(browser_key), label, hashlib.sha256).digest()
    return base64.b32encode(digest).decode("ascii").rstrip("=")


def identity_path() -> Path:
    """Where this device keeps its key."""
    from ..storage import paths

    return paths.data_dir() / FILE_NAME


def load_key() -> str | None:
    """This device's key, if it has one (a damaged file is moved aside and reported, then None). The key file
    and its copies kept aside are made private (``_make_private``) whatever is found."""
    path = identity_path()
    try:
        return _read_key(path)
    finally:
        _make_private(path)


def _read_key(path: Path) -> str | None:
    """The key in the file ``path``; None when there is none, or the file was damaged (then moved aside)."""
    from ..files import FileMissing, FileRefused, FileUnreadable, read_json
    from ..storage import paths

    try:
        data = read_json(path, IDENTITY_LIMIT)
    except FileMissing:
        return None
    except FileUnreadable as exc:
        raise IdentityError(str(exc)) from None
    except FileRefused as exc:
        paths.quarantine(path, f"not an identity file: {exc.reason}")
        return None
    try:
        return check_key(data.get("key") if isinstance(data, dict) else None)
    except IdentityError as exc:
        paths.quarantine(path, str(exc))
        return None


KEPT_ASIDE = re.compile(rf"{re.escape(FILE_NAME)}\.(?:replaced|corrupt)-[0-9]{{8}}T[0-9]{{6}}Z(?:-[0-9]+)?")
"""The names of the copies of the key file kept aside: ``identity.json.replaced-<UTC time>`` (``_keep_aside``)
and ``identity.json.corrupt-<UTC time>`` (``paths.quarantine``), each maybe with ``-1``, ``-2``..."""


def _make_private(path: Path) -> None:
    """Take the group's and others' permissions from the key file and its copies kept aside (``KEPT_ASIDE``),
    which a version before this one left readable by every user; no other file, and never through a link."""
    from ..filewrites import make_private

    make_private(path)
    with contextlib.suppress(OSError), os.scandir(path.parent) as entries:
        for kept in entries:
            if KEPT_ASIDE.fullmatch(kept.name):
                make_private(path.with_name(kept.name))


def keep_key(key: str) -> Path | None:
    """Make ``key`` this device's identity. A different key kept before is never deleted: its file is first
    copied aside (``identity.json.replaced-<time>``, see ``_keep_aside``), and that copy is returned; then the
    new key replaces it in one atomic write. A write that fails (a full or read-only data folder) leaves the
    key kept before in use and no copy of it, and says so in one line. Both are readable by their owner alone."""
    from ..filewrites import write_atomically

    path = identity_path()
    key = check_key(key)
    aside = None
    before = load_key() if path.exists() else None
    text = json.dumps({"key": key, "saved": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())})
    try:
        if before is not None and before != key:
            aside = _keep_aside(path)
        write_atomically(path, text + "\n", private=True)
        _make_private(path)
    except (OSError, CardsuiteError) as exc:  # a read-only or full data folder: one line, not a traceback
        if aside is not None:  # the key it copies is still in use: the copy goes, nothing else changed
            with contextlib.suppress(OSError):
                aside.unlink()
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else exc
        kept = "; this device keeps the identity it had" if before is not None else ""
        raise IdentityError(f"cannot keep this device's identity in {path}: {why}{kept}") from None
    return aside


def _keep_aside(path: Path) -> Path:
    """Copy the key file ``path`` to the first free one of ``identity.json.replaced-<UTC time>``, ``-1``, ``-2``...
    beside it: written whole or not at all, never over a file, readable by its owner alone; the copy."""
    from ..files import read_text
    from ..filewrites import write_atomically

    text = read_text(path, IDENTITY_LIMIT)
    name = f"{FILE_NAME}.replaced-{time.strftime('%Y%m%dT%H%M%SZ', time.gmtime())}"
    for counter in range(1000):
        aside = path.with_name(name if counter == 0 else f"{name}-{counter}")
        try:
            write_atomically(aside, text, exclusive=True, private=True)
        except FileExistsError:
            continue
        return aside
    raise FileExistsError(errno.EEXIST, "no free name to keep the identity it had", str(path))


def device_key() -> str:
    """This device's key, made and kept on first use (sitting down at a table: showing, exporting or a lobby
    only reads it, with ``load_key``)."""
    key = load_key()
    if key is None:
        key = new_key()
        keep_key(key)
    return key
