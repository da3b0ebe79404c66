"""What a save adds to a record (its ``"save"`` key), and the identity by which the history files a match.

A save is a ``cardsuite-record/1`` record with one additive key, ``"save"``: the match identity (made when
the match starts), the match seed, the save id, times, and the hints and undos each seat used. The
history files a finished match under ``match_key``: its identity and its content together, so two matches
never collide (whatever their files are called), and the same match filed twice is one entry.
"""

from __future__ import annotations

import hashlib
import json
import secrets
import time
from collections.abc import Mapping, Sequence

SAVE_KEY = "save"
MATCH_KEY = "match"
"""The key of the match identity inside ``"save"``."""
COUNT_LIMIT = 1_000_000
"""Hints and undos per seat are counted up to this (a save may claim anything)."""
IDENTITY_LIMIT = 100
"""The longest match identity read from a save (a longer one is as if there were none)."""


def new_match_id() -> str:
    """A fresh match identity: the start time and 64 random bits, ``20261130-004812-3fa29c1b7d5e8f01``."""
    return time.strftime("%Y%m%d-%H%M%S", time.gmtime()) + "-" + secrets.token_hex(8)


def save_meta(record: Mapping[str, object]) -> dict[str, object]:
    """The ``"save"`` object of a record (empty for a record that was never a save)."""
    meta = record.get(SAVE_KEY)
    return dict(meta) if isinstance(meta, dict) else {}


def counts(values: object, players: int) -> list[int]:
    """Per-seat counts from a save: whole numbers in 0..COUNT_LIMIT, anything else counts as 0."""
    raw = list(values) if isinstance(values, Sequence) and not isinstance(values, str) else []
    out = [min(v, COUNT_LIMIT) if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0 for v in raw]
    return (out + [0] * players)[:players]


def match_identity(meta: Mapping[str, object]) -> str:
    """The identity of the match a save belongs to.

    A save from before identities were recorded is known by its seed and start time, which were chosen
    when its match started (so copies of one save agree, and two matches differ).
    """
    identity = meta.get(MATCH_KEY)
    if isinstance(identity, str) and 0 < len(identity) <= IDENTITY_LIMIT:
        return identity
    seed, created = meta.get("seed"), meta.get("created")
    if seed is None and created is None:
        return ""
    text = json.dumps([seed if isinstance(seed, int) else None, created if isinstance(created, str) else None])
    return "legacy-" + hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:16]


def match_key(record: Mapping[str, object]) -> str:
    """The history's key for a finished match: a digest of its identity and of the record without ``"save"``.

    Times, hints and undos (which a second save of the same match may differ in) are left out; the seats,
    options and every action are in.
    """
    body = {key: value for key, value in record.items() if key != SAVE_KEY}
    text = match_identity(save_meta(record)) + "\n" + json.dumps(body, sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
