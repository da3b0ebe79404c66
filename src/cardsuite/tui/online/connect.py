"""Sitting down at a server: connect, follow ``elsewhere`` to the process that serves the table, then create,
join, resume or watch as a ``Seating`` asks, and keep the seat's token.

``cardsuite host`` / ``join`` (``online/app.py``), the browser seat and the home screen's Online dialog all sit
down here, so a refusal (no server there, no such table, a full one) reaches each of them as a ``ClientError``
to show where the person is.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

from ...net.addresses import Unfollowed, followed
from ...net.client import Client, ClientError
from ...net.tokens import SavedSeat, find_seat, forget_seat, keep_seat
from .seating import Seating

MAX_HOPS = 3
"""How many times a client follows ``elsewhere`` to the process that serves its table."""
MAX_RENAMES = 9
"""A browser seat whose link's name is taken at the table tries "Ann 2" ... "Ann 9"."""


@dataclass
class Seated:
    """A connection with its seat taken (or watching): the client, the seat's token, what was asked."""

    client: Client
    token: str | None
    seating: Seating


async def take_seat(seating: Seating) -> Seated:
    """Connect and sit down as ``seating`` says (a created table's code goes into ``seating.code``); raises
    ``ClientError`` with the server's or the network's reason, the connection closed."""
    url = seating.url
    client: Client | None = None
    try:
        for hop in range(MAX_HOPS + 1):
            client = await Client(url, headers=seating.headers).connect()
            client.front = seating.url  # after a drop it asks the site's front address again, not this process
            try:
                token = await _sit(client, seating)
                break
            except ClientError as exc:
                moved = exc.data.get("url")
                if exc.code != "elsewhere" or not isinstance(moved, str) or hop == MAX_HOPS:
                    raise
                await client.close()  # another process of the site serves this table: ask it there
                client = None
                try:
                    url = followed(url, moved)
                except Unfollowed as refusal:
                    raise ClientError("elsewhere", str(refusal)) from None
    except BaseException as exc:  # refused, or given up (the dialog closed): the connection goes too
        if isinstance(exc, ClientError) and exc.code == "bad_token" and seating.code and not seating.browser:
            forget_seat(seating.url, seating.code)
        if client is not None:
            await client.close()
        raise
    assert client is not None
    if seating.watch:
        client.rejoin = ("join", {"code": seating.code, "watch": True})
    elif token and seating.code:
        client.rejoin = ("resume", {"code": seating.code, "token": token})
    for _attempt in range(100):
        if client.table:
            break
        await asyncio.sleep(0.05)
    return Seated(client, token, seating)


async def _sit(client: Client, seating: Seating) -> str | None:
    """Create, join, resume or watch, as the seating says; the seat's token (None: watching)."""
    if seating.create:
        mine: dict[str, Any] = {"identity": seating.identity} if seating.identity else {}
        made = await client.request("create", name=seating.name, **{**mine, **seating.create})
        return _keep(seating, str(made["code"]), str(made["token"]), int(made["seat"]))
    assert seating.code is not None
    if seating.watch:
        await client.request("join", code=seating.code, watch=True)
        return None
    if seating.browser and seating.token:  # the browser's own token: its seat again, or a new one
        await _join_as_browser(client, seating, seating.code, seating.token)
        return seating.token
    saved = find_seat(seating.url, seating.code)
    token = seating.token or (saved.token if saved else None)
    if token:
        resumed = await client.request("resume", code=seating.code, token=token)
        return _keep(seating, seating.code, token, int(resumed.get("seat") or 0))
    extra: dict[str, Any] = {"identity": seating.identity} if seating.identity else {}
    made = await client.request("join", code=seating.code, name=seating.name, **extra)
    return _keep(seating, seating.code, str(made["token"]), int(made["seat"]))


async def _join_as_browser(client: Client, seating: Seating, code: str, token: str) -> None:
    """Join with the browser's token (and its identity, the same player on rated tables each time); a name
    already seated becomes "Ann 2" (one link, many friends)."""
    mine: dict[str, Any] = {"identity": seating.identity} if seating.identity else {}
    name = seating.name
    for number in range(1, MAX_RENAMES + 1):
        try:
            await client.request("join", code=code, name=name, token=token, **mine)
            return
        except ClientError as exc:
            if exc.code != "name_taken" or number == MAX_RENAMES:
                raise
            name = f"{seating.name[:20]} {number + 1}"


def _keep(seating: Seating, code: str, token: str, seat: int) -> str:
    """Keep a terminal's seat token in the person's data folder (a browser keeps none); the token."""
    if not seating.browser:
        keep_seat(SavedSeat(seating.url, code, token, seat, seating.name))
    if seating.create:
        seating.code = code
    return token
