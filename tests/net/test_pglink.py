"""A lost PostgreSQL connection is opened again at its next use, but while the database cannot be reached a
new one is tried at most once a pause (doubling), every use in between refused at once in one line."""

from __future__ import annotations

import socket
from typing import Any

import pytest

from cardsuite.net.pglink import FIRST_PAUSE, Link, StoreUnreachable


class CountingLink(Link):
    """A link that counts its tries to connect."""

    tries = 0

    def open(self, seconds: int = 2) -> Any:
        self.tries += 1
        return super().open(seconds)


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_store_is_tried_once_a_pause_and_refused_in_one_line_between() -> None:
    now = [0.0]
    link = CountingLink(f"postgresql://cards@127.0.0.1:{_closed_port()}/cards", lambda _conn: None,
                        clock=lambda: now[0])
    for _ in range(5):
        with pytest.raises(StoreUnreachable) as refused:
            link.get()
    assert link.tries == 1
    assert str(refused.value).startswith("the store cannot be reached: ") and "\n" not in str(refused.value)
    now[0] = FIRST_PAUSE + 0.01
    with pytest.raises(StoreUnreachable):
        link.get()
    assert link.tries == 2
    now[0] += FIRST_PAUSE  # the pause doubled: not yet
    with pytest.raises(StoreUnreachable):
        link.get()
    assert link.tries == 2
    now[0] += FIRST_PAUSE + 0.01
    with pytest.raises(StoreUnreachable):
        link.get()
    assert link.tries == 3
