"""``cardsuite identity`` and ``cardsuite online``: this device's player identity, and a server's lobby.

The identity is the key rated online tables know a player by (``net/identity.py``); the lobby lists a
server's public tables and its leaderboards. Both print text; network code is imported inside.
"""

from __future__ import annotations

import asyncio
import sys
from typing import Any

import typer

from ..core.errors import CardsuiteError
from ..core.message import msg
from ..i18n import _
from ..i18n.lobby import offer_word
from ..naming import shown


def identity(
    export: bool = typer.Option(False, "--export", help="Print the code that moves this identity to another device."),
    code: str | None = typer.Option(None, "--import", metavar="CODE|-",
                                    help="Make the identity of this code this device's; - reads the code from the "
                                         "standard input (best: a code typed here stays in the shell's history)."),
    server: str | None = typer.Option(None, "--server", help="Show the id this server's leaderboards know you by."),
) -> None:
    """This device's player identity for rated online play: show it, export it, import it."""
    from ..net.client import ClientError, server_url
    from ..net.identity import IdentityError, export_code, identity_id, import_code, keep_key, load_key, server_key

    if code is not None:
        try:
            key = import_code(_code_from_stdin() if code == "-" else code)
        except IdentityError as exc:
            raise CardsuiteError(str(exc)) from None
        aside = keep_key(key)
        print(_("This device now plays with the imported identity."))
        if aside is not None:
            print(_("The identity it had before is kept in {file}.").format(file=aside))
    kept = load_key()  # only read: the key is made when the device first sits down at a table
    if kept is None and (export or server is not None):  # a script asked for a code or an id there is not
        raise CardsuiteError(msg("this device has no player identity yet: it gets one when it first hosts or "
                                 "joins a table"))
    if kept is None:
        print(_("This device has no player identity yet: it gets one when it first hosts or joins a table."))
        print(_("To bring the identity of another device here: cardsuite identity --import - (then paste its code)."))
        return
    if export:
        print(_("Your identity code (keep it secret: whoever has it plays under your ratings):"))
        print(export_code(kept))
        return
    if server is not None:
        try:
            url = server_url(server)
        except ClientError as exc:
            raise CardsuiteError(exc.message) from None
        print(_("{server} knows you as {id}.").format(server=url, id=identity_id(server_key(kept, url))[:12]))
        return
    print(_("This device has a player identity; rated tables rate it, whatever name you sit down with."))
    print(_("To move it: cardsuite identity --export here, then cardsuite identity --import - there (paste the code)."))


CODE_LIMIT = 1000
"""The most of the standard input read for an identity code (a code is 74 characters)."""


def _code_from_stdin() -> str:
    """An identity code from the standard input: typed unseen on a terminal, else its first line."""
    if sys.stdin.isatty():
        import getpass

        try:
            return getpass.getpass(_("Identity code (not shown as you type or paste it): "))
        except EOFError:
            return ""
    return sys.stdin.readline(CODE_LIMIT)


def online(
    server: str = typer.Argument("127.0.0.1:8765", help="The server, HOST[:PORT] or a ws(s):// URL."),
    game: str | None = typer.Option(None, "--game", help="Only this game's tables."),
    board: bool = typer.Option(False, "--board", help="The game's leaderboard instead (needs --game)."),
) -> None:
    """A server's lobby: its public tables to sit at or watch (a screen on a terminal), or a leaderboard."""
    from ..core.registry import get_game
    from ..net.client import Client, ClientError, server_url

    if board and game is None:
        raise CardsuiteError(msg("--board needs --game (the leaderboard is per game)"))
    if game is not None:
        game = get_game(game).info.name  # a game not installed here is refused as ``play`` refuses it
    try:
        url = server_url(server)
    except ClientError as exc:
        raise CardsuiteError(exc.message) from None
    if not board and sys.stdin.isatty() and sys.stdout.isatty():
        _lobby_screen(url)
        return

    async def ask() -> dict[str, Any]:
        client = await Client(url).connect()
        try:
            if board:
                return await client.request("board", game=game)
            fields: dict[str, Any] = {"game": game} if game else {}
            return await client.request("list", **fields)
        finally:
            await client.close()

    try:
        answer = asyncio.run(ask())
    except ClientError as exc:
        raise CardsuiteError(exc.message) from None
    if board:
        rows = answer.get("board") or []
        if not rows:
            print(_("Nobody is rated at {game} on this server yet.").format(game=game))
        for row in rows:  # what a server sends is data: shown() keeps escapes and markup out of the terminal
            print(shown(f"{row.get('place')!s:>3}. {row.get('rating')!s:>7}  {row.get('name')}  ({row.get('player')},"
                        f" {row.get('matches')})"))
        return
    tables = answer.get("tables") or []
    if not tables:
        print(_("No public tables at {server} now.").format(server=url))
        return
    for entry in tables:
        print(shown(lobby_line(entry)))
    print(_("Sit down with: cardsuite join {server} CODE (add --watch to watch)").format(server=server))


def _lobby_screen(url: str) -> None:
    """The lobby as a screen; the table chosen there opens as ``cardsuite join`` would (with this device's
    identity, made then if it has none: looking at the lobby makes nothing)."""
    from dataclasses import replace

    from ..net.identity import device_key, server_key
    from ..storage.settings import load_settings
    from ..tui.online.app import run_online
    from ..tui.online.lobby import LobbyApp
    from ..tui.online.seating import default_name

    names = load_settings().names
    app = LobbyApp(url, default_name(names), None)
    seating = app.run()
    if seating is not None:
        if not seating.watch and seating.identity is None:
            seating = replace(seating, identity=server_key(device_key(), url))
        run_online(seating)


def lobby_line(entry: dict[str, Any]) -> str:
    """One public table as a line: code, game, seats free or being played, rated or practice, language, host."""
    if entry.get("status") == "lobby":
        state = _("{free} of {seats} seats free").format(free=entry.get("seats_free"), seats=entry.get("players"))
    else:
        state = _("being played (watch)")
    options = " ".join(f"{k}={v}" for k, v in sorted(dict(entry.get("options") or {}).items()))
    line = (f"{entry.get('code')}  {entry.get('game')!s:<9} {state}  {offer_word(entry)}"
            f"  {entry.get('language') or '-'}")
    return f"{line}  {entry.get('host')}" + (f"  {options}" if options else "")


def register(app: typer.Typer) -> None:
    """Add ``identity`` and ``online``."""
    app.command("identity")(identity)
    app.command("online")(online)
