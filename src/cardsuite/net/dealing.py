"""Where an online table's deals come from: a secret of 256 bits from the operating system, never sent.

``KeyedRandom`` is a ``random.Random`` whose every bit is BLAKE2b, keyed with the table's secret, of a
counter: the engine receives it like any generator and deals from it, a restart replays it exactly from
the stored secret, and no number of deals seen tells anything of the secret or of the deals to come (a
Mersenne Twister's state, by contrast, can be rebuilt from its outputs). A table whose seed a person chose
is a practice table: its key is made from that seed, so anyone who knows the seed knows every deal.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from typing import Any

SECRET_BYTES = 32
"""256 bits from ``secrets``: the deals of a table nobody chose."""
_BLOCK = 64  # bytes of one BLAKE2b output
_PERSON = b"cardsuite-deal"  # BLAKE2b's personalisation: these bits serve no other purpose


def new_secret() -> bytes:
    """A fresh deal secret from the operating system."""
    return secrets.token_bytes(SECRET_BYTES)


def practice_key(seed: int) -> bytes:
    """The key of a practice table whose seed a person chose (the same seed, the same deals)."""
    return hashlib.blake2b(f"practice {seed}".encode("ascii"), digest_size=SECRET_BYTES, person=_PERSON).digest()


class KeyedRandom(random.Random):
    """A ``random.Random`` drawing every bit from BLAKE2b(counter) keyed with ``key`` (a fresh secret if none).

    ``getrandbits`` is the only source (``randrange``, ``shuffle``, ``choice`` and ``sample`` use it), and
    ``random()`` takes 53 of its bits, so every method of ``random.Random`` draws from the keyed stream.
    """

    def __init__(self, key: bytes | None = None) -> None:
        self._key = b""
        self._counter = 0
        self._pool = 0
        self._bits = 0
        super().__init__(new_secret() if key is None else key)

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Start the stream of ``a`` (the key, 16 to 64 bytes) from its beginning."""
        if not isinstance(a, bytes) or not 16 <= len(a) <= 64:
            raise ValueError("a KeyedRandom is keyed with 16 to 64 bytes")
        self._key, self._counter, self._pool, self._bits = a, 0, 0, 0

    def _block(self) -> int:
        digest = hashlib.blake2b(self._counter.to_bytes(16, "little"), key=self._key, person=_PERSON).digest()
        self._counter += 1
        return int.from_bytes(digest, "little")

    def getrandbits(self, k: int, /) -> int:
        """``k`` bits of the keyed stream."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        while self._bits < k:
            self._pool |= self._block() << self._bits
            self._bits += 8 * _BLOCK
        value = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._bits -= k
        return value

    def random(self) -> float:
        """A float in [0, 1) from 53 bits of the stream."""
        return self.getrandbits(53) * (1.0 / (1 << 53))

    def getstate(self) -> tuple[Any, ...]:
        """Where the stream is (the key included: keep it as secret as the key)."""
        return ("keyed", self._key, self._counter, self._pool, self._bits, self.gauss_next)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Go back to a state from ``getstate``."""
        if len(state) != 6 or state[0] != "keyed":
            raise ValueError("not a KeyedRandom state")
        _, self._key, self._counter, self._pool, self._bits, self.gauss_next = state
