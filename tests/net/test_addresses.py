"""The address rule of ``elsewhere`` and ``serve --advertise``: a base address gets ``/game``, one that ends in it
keeps it, and a client follows only a bounded ``ws://`` or ``wss://`` address, never from ``wss://`` to ``ws://``."""

from __future__ import annotations

import pytest

from cardsuite.i18n import use_language
from cardsuite.net.addresses import (
    MAX_ADDRESS,
    PAGE_SCHEMES,
    SOCKET_SCHEMES,
    Unfollowed,
    followed,
    socket_url,
    well_formed,
)
from cardsuite.net.client import server_url

FRONT = "wss://cards.example.org/game"


@pytest.mark.parametrize(("moved", "socket"), [
    ("wss://cards.example.org/p/1", "wss://cards.example.org/p/1/game"),  # deploy.md's --advertise
    ("wss://cards.example.org/p/1/", "wss://cards.example.org/p/1/game"),
    ("wss://cards.example.org/p/1/game", "wss://cards.example.org/p/1/game"),  # as deployments wrote it before
    ("wss://cards.example.org/p/1/game/", "wss://cards.example.org/p/1/game"),
    ("wss://p2.cards.example.org:8443", "wss://p2.cards.example.org:8443/game"),  # another host of the site
    ("wss://[2001:db8::1]:9000", "wss://[2001:db8::1]:9000/game"),
])
def test_a_redirect_goes_to_the_socket_at_the_address(moved: str, socket: str) -> None:
    assert followed(FRONT, moved) == socket


def test_a_plain_front_may_be_sent_to_either_scheme() -> None:
    assert followed("ws://127.0.0.1:8765/game", "ws://127.0.0.1:8766") == "ws://127.0.0.1:8766/game"
    assert followed("ws://127.0.0.1:8765/game", "wss://cards.example.org/p/2") == "wss://cards.example.org/p/2/game"


@pytest.mark.parametrize("moved", [
    "", "not a url", "https://cards.example.org/p/1", "http://cards.example.org", "javascript:alert(1)",
    "file:///etc/passwd", "ws://", "ws:///game", "ws://user:pw@cards.example.org", "ws://cards.example.org/?x=1",
    "ws://cards.example.org/#top", "ws://cards.example.org:99999", "ws://cards.example.org:port",
    "ws://cards example.org", "ws://cards.example.org/\x1b[2J", "ws://[nope]/", "ws://a;b.example.org",
    "ws://cards.example.org/" + "p" * MAX_ADDRESS,
])
def test_a_redirect_that_is_no_socket_address_is_refused_in_one_line(moved: str) -> None:
    with pytest.raises(Unfollowed) as refused:
        followed("ws://127.0.0.1:8765/game", moved)
    line = str(refused.value)
    assert "\n" not in line and "\x1b" not in line and len(line) < 250 and "not followed" in line


def test_a_redirect_from_wss_down_to_ws_is_refused() -> None:
    with pytest.raises(Unfollowed) as refused:
        followed(FRONT, "ws://cards.example.org:8801")
    assert "in clear" in str(refused.value)
    with pytest.raises(Unfollowed):
        followed("WSS://cards.example.org/game", "WS://cards.example.org:8801")


def test_the_typed_address_and_the_advertised_one_take_game_alike() -> None:
    for address in ("wss://cards.example.org/p/1", "wss://cards.example.org/p/1/game"):
        assert server_url(address) == socket_url(address) == "wss://cards.example.org/p/1/game"


def test_the_public_addresses_of_serve() -> None:
    assert well_formed("wss://cards.example.org/p/1", SOCKET_SCHEMES)
    assert not well_formed("https://cards.example.org", SOCKET_SCHEMES)
    assert well_formed("https://cards.example.org", PAGE_SCHEMES)
    assert well_formed("http://127.0.0.1:8765/", PAGE_SCHEMES)
    for wrong in ("ftp://x", "wss://cards.example.org", "cards.example.org", "https://", "https://u@x.org",
                  "https://x.org/?a", "https://x.org:70000", "https://" + "x" * MAX_ADDRESS):
        assert not well_formed(wrong, PAGE_SCHEMES), wrong


def test_a_refused_redirect_is_said_in_the_readers_language() -> None:
    use_language("ja")  # the suite's next test starts in English again
    with pytest.raises(Unfollowed) as refused:
        followed(FRONT, "ws://cards.example.org:8801")
    assert "暗号化されずに" in str(refused.value)
    use_language("lt")
    with pytest.raises(Unfollowed) as refused:
        followed(FRONT, "https://cards.example.org")
    assert str(refused.value).startswith("serveris nukreipė šį klientą į")
