"""``cardsuite serve``, ``host`` and ``join``: tables shared across machines (``docs/protocol.md``).

aiohttp and the network code are imported inside the commands, so ``cardsuite list`` stays quick.
"""

from __future__ import annotations

from pathlib import Path
from typing import Final

import typer

from ..core.errors import CardsuiteError
from ..core.message import N_, msg
from ..core.registry import get_game
from . import _terminal
from ._args import LARGEST, decimal, whole

_DATA_HELP = "Folder for the tables and the history (default: the data folder's 'server')."
_WEB_HELP = "Also serve the table to browsers (textual-serve) at http://HOST:PORT/."
_URL_HELP = "The address browsers use, behind a proxy (https://cards.example.org)."
_STORE_HELP = "A PostgreSQL store shared by several server processes (postgresql://…); default: SQLite in --data."
_ADVERTISE_HELP = ("With --store: this process's public address, where other processes send its players "
                   "(wss://cards.example.org/p/1; /game is added).")
STORE_ONLY: Final = N_("{option} is for servers that share a --store: give --store postgresql://… or leave it out")
"""The refusal of a shared store's option on a server with its own SQLite folder."""
ADVERTISE_URL: Final = N_("--advertise takes this process's public ws:// or wss:// address, with a host, at most "
                          "{limit} characters and no user, query or fragment (wss://cards.example.org/p/1), not "
                          "{value}")
"""The refusal of an ``--advertise`` that is not such an address (players would be sent there)."""
PUBLIC_URL: Final = N_("--public-url takes the http:// or https:// address browsers use, with a host, at most "
                       "{limit} characters and no user, query or fragment (https://cards.example.org), not {value}")
"""The refusal of a ``--public-url`` that is not such an address."""
_PROXY_HELP = "Count limits by the X-Forwarded-For address a proxy on loopback adds (behind nginx or Caddy)."


def serve(
    ctx: typer.Context,
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8765, "--port", parser=whole(0, 65535),
                             help="Port to listen on, 0-65535 (0: any free port; the first line says which)."),
    data: Path | None = typer.Option(None, "--data", help=_DATA_HELP),
    web: bool = typer.Option(False, "--web", help=_WEB_HELP),
    public_url: str | None = typer.Option(None, "--public-url", help=_URL_HELP),
    turn_seconds: int = typer.Option(60, "--turn-seconds", parser=whole(0, 3600),
                                     help="Default seconds for a person's turn, 0-3600 (0: no timer)."),
    grace_seconds: float = typer.Option(30.0, "--grace-seconds", parser=decimal(0, 3600),
                                        help="Seconds before a CPU takes a dropped seat, 0-3600."),
    cpu_delay: float = typer.Option(0.8, "--cpu-delay", parser=decimal(0, 60),
                                    help="Seconds a CPU waits before its move, 0-60."),
    deal_pause: float = typer.Option(20.0, "--deal-pause", parser=decimal(0, 600),
                                     help="Longest wait in seconds after a deal before the next, 0-600."),
    durable: bool = typer.Option(False, "--durable", help="Wait for the disk on every action (power cuts)."),
    rate: float = typer.Option(20.0, "--rate", parser=decimal(1, 100_000),
                               help="Messages a second one connection may send, 1-100000 (bursts: 2x)."),
    store: str | None = typer.Option(None, "--store", help=_STORE_HELP),
    advertise: str | None = typer.Option(None, "--advertise", help=_ADVERTISE_HELP),
    lease_seconds: float = typer.Option(8.0, "--lease-seconds", parser=decimal(2, 3600),
                                        help="With --store: how long a table's lease lasts, 2-3600 seconds."),
    max_tables: int = typer.Option(2000, "--max-tables", parser=whole(1, 100_000),
                                   help="Tables the server holds at most, 1-100000."),
    tables_per_address: int = typer.Option(4, "--tables-per-address", parser=whole(1, 100_000),
                                           help="Open tables one address may have created, 1-100000."),
    creates_per_hour: int = typer.Option(30, "--creates-per-hour", parser=whole(1, 1_000_000),
                                         help="Tables one address may create an hour, 1-1000000."),
    lobby_minutes: float = typer.Option(10.0, "--lobby-minutes", parser=decimal(0.01, 1440),
                                        help="A lobby nobody is connected to closes after this, 0.01-1440."),
    idle_minutes: float = typer.Option(30.0, "--idle-minutes", parser=decimal(0.01, 10080),
                                       help="A started table nobody is connected to closes after this, 0.01-10080."),
    max_connections: int = typer.Option(4000, "--max-connections", parser=whole(1, 1_000_000),
                                        help="Protocol connections in all, 1-1000000."),
    connections_per_address: int = typer.Option(16, "--connections-per-address", parser=whole(1, 1_000_000),
                                                help="Protocol connections from one address, 1-1000000."),
    max_sockets: int = typer.Option(5000, "--max-sockets", parser=whole(1, 1_000_000),
                                    help="Open TCP connections in all, in any state, 1-1000000 (never fewer "
                                         "than --max-connections)."),
    sockets_per_address: int = typer.Option(64, "--sockets-per-address", parser=whole(1, 1_000_000),
                                            help="Open TCP connections from one address, in any state, 1-1000000 "
                                                 "(never fewer than --connections-per-address)."),
    join_strikes: int = typer.Option(5, "--join-strikes", parser=whole(1, 1000),
                                     help="Failed joins from one address before it must wait, 1-1000."),
    strike_pause: float = typer.Option(30.0, "--strike-pause", parser=decimal(0.1, 3600),
                                       help="Seconds it waits the first time (doubled each time), 0.1-3600."),
    max_web_seats: int = typer.Option(32, "--max-web-seats", parser=whole(1, 10_000),
                                      help="Browser seats (a process each) in all, 1-10000."),
    web_seats_per_address: int = typer.Option(2, "--web-seats-per-address", parser=whole(1, 10_000),
                                              help="Browser seats from one address, 1-10000."),
    web_seats_per_hour: int = typer.Option(60, "--web-seats-per-hour", parser=whole(1, 1_000_000),
                                           help="Browser seats one address may open an hour, 1-1000000."),
    trust_proxy: bool = typer.Option(False, "--trust-proxy", help=_PROXY_HELP),
    request_seconds: float = typer.Option(10.0, "--request-seconds", parser=decimal(0.5, 600),
                                          help="Seconds a new connection has to send its whole request (or "
                                               "WebSocket handshake) before it is dropped, 0.5-600."),
) -> None:
    """Start a server: it holds the tables, checks every action, and resumes every table after a restart."""
    from ..storage.paths import data_dir

    lease_source = ctx.get_parameter_source("lease_seconds")
    for given, option in ((advertise is not None, "--advertise"),
                          (lease_source is not None and lease_source.name == "COMMANDLINE", "--lease-seconds")):
        if given and store is None:
            raise CardsuiteError(msg(STORE_ONLY, option=option))
    if store is not None and not store.startswith(("postgresql://", "postgres://")):
        raise CardsuiteError(msg("--store takes a PostgreSQL URL: postgresql://USER@HOST:PORT/DATABASE"))
    advertise = _public_address(advertise, public_url)
    try:
        from ..net.config import ServerConfig
        from ..net.limits import Limits
        from ..net.server import run_server
        from ..net.table import Timing
    except ImportError as exc:
        raise CardsuiteError(msg("the server needs {module}: pip install aiohttp textual-serve",
                                 module=str(exc.name))) from None
    folder = data if data is not None else data_dir() / "server"
    timing = Timing(turn_seconds, grace_seconds, cpu_delay, deal_pause, lobby_minutes * 60, idle_minutes * 60)
    limits = Limits(max_tables=max_tables, tables_per_address=tables_per_address, creates_per_hour=creates_per_hour,
                    max_connections=max_connections, connections_per_address=connections_per_address,
                    max_sockets=max_sockets, sockets_per_address=sockets_per_address,
                    join_strikes=join_strikes, strike_pause=strike_pause, max_web_seats=max_web_seats,
                    web_seats_per_address=web_seats_per_address, web_seats_per_hour=web_seats_per_hour,
                    trust_proxy=trust_proxy)
    config = ServerConfig(host=host, port=port, data=folder, durable=durable, web=web, public_url=public_url,
                          rate=rate, timing=timing, limits=limits, store=store, advertise=advertise,
                          lease_seconds=lease_seconds, request_seconds=request_seconds)

    def ready(url: str) -> None:
        kept = "the PostgreSQL store" if store else folder
        print(f"cardsuite: serving {url} (tables and history in {kept}); Ctrl+C stops", flush=True)
        if web:
            shown = public_url or url.replace("ws://", "http://", 1).removesuffix("/game") + "/"
            print(f"cardsuite: browsers play at {shown}", flush=True)

    try:
        run_server(config, ready)
    except OSError as exc:
        where = f"{host}:{port}"
        raise CardsuiteError(msg("cannot serve on {address}: {reason}", address=where,
                                 reason=exc.strerror or str(exc))) from None
    except RuntimeError as exc:  # the store could not be opened (its one line says why)
        raise CardsuiteError(str(exc)) from None


def _public_address(advertise: str | None, public_url: str | None) -> str | None:
    """The socket ``--advertise`` names (``/game`` added to a base address), once both public addresses are
    checked: a ``CardsuiteError`` for one that is not an address of its kind."""
    from ..naming import quoted
    from ..net.addresses import MAX_ADDRESS, PAGE_SCHEMES, SOCKET_SCHEMES, socket_url, well_formed

    for given, schemes, refusal in ((advertise, SOCKET_SCHEMES, ADVERTISE_URL), (public_url, PAGE_SCHEMES, PUBLIC_URL)):
        if given is not None and not well_formed(given, schemes):
            raise CardsuiteError(msg(refusal, limit=MAX_ADDRESS, value=quoted(given, 60)))
    return socket_url(advertise) if advertise is not None else None


def _display(ascii_only: bool, four_colour: bool) -> object:
    from ..storage.settings import load_settings
    from ..tui.config import suits_encodable
    from ..tui.render import Display

    prefs = load_settings()
    return Display(ascii_only or prefs.ascii or not suits_encodable(), four_colour or prefs.four_colour)


def _need_terminal() -> None:
    """An online table has no line-by-line form: off a terminal, refuse once the arguments are checked,
    before a key is made or anything is sent."""
    if not _terminal.on_terminal():
        raise CardsuiteError(msg("an online table opens only at a terminal (stdin and stdout): nothing was sent"))


def _run_online(seating: object, display: object) -> None:
    try:
        from ..tui.online.app import run_online
    except ImportError as exc:
        raise CardsuiteError(f"online play needs {exc.name}: pip install aiohttp") from None
    run_online(seating, display)


def host(
    game: str = typer.Argument(..., help="The game, e.g. nap (see `cardsuite list`)."),
    server: str = typer.Option("127.0.0.1:8765", "--server", help="The server, HOST[:PORT] or a ws(s):// URL."),
    players: int | None = typer.Option(None, "--players", "-p", parser=whole(1, 16),
                                       help="How many seats, 1-16 (default: the game's)."),
    cpu: str = typer.Option("normal", "--cpu", help="The level of the CPUs in empty seats."),
    option: list[str] = typer.Option([], "--option", "-o", help="A rule option key=value (repeatable)."),
    name: str | None = typer.Option(None, "--name", help="Your name at the table (default: the settings')."),
    turn_seconds: int | None = typer.Option(None, "--turn-seconds", parser=whole(0, 3600),
                                            help="Seconds for a turn, 0-3600 (0: no timer)."),
    seed: int | None = typer.Option(None, "--seed", parser=whole(0, LARGEST),
                                    help="Deal from this seed: a practice table, said so to all, never rated."),
    public: bool = typer.Option(False, "--public", help="List the table in the server's lobby."),
    rated: bool = typer.Option(False, "--rated", help="A rated table (your identity's rating; shared stores)."),
    ascii_only: bool = typer.Option(False, "--ascii", help="Suits as S H D C."),
    four_colour: bool = typer.Option(False, "--four-colour", help="Four-colour deck."),
) -> None:
    """Create a table at a server and sit in seat 0: friends join with the code it shows."""
    from ..core.options import parse_option_pairs
    from ..i18n import current_language
    from ..net.client import ClientError, server_url
    from ..net.identity import device_key, server_key
    from ..net.protocol import ProtocolError, clean_name
    from ..storage.settings import load_settings
    from ..tui.online.seating import Seating, default_name

    found = get_game(game)
    options = parse_option_pairs(option)
    found.resolve_options(options, players or found.info.default_players)
    names = load_settings().names
    try:
        url = server_url(server)
        seat_name = clean_name(name or default_name(names, hosting=True))
    except (ClientError, ProtocolError) as exc:
        raise CardsuiteError(exc.message) from None
    _need_terminal()
    fields: dict[str, object] = {"game": found.info.name, "cpu": cpu.strip().lower(), "options": options}
    if players is not None:
        fields["players"] = players
    if turn_seconds is not None:
        fields["turn_seconds"] = turn_seconds
    if seed is not None:
        fields["seed"] = seed
    if public:
        fields["public"] = True
    if rated:
        fields["rated"] = True
    fields["language"] = current_language()
    seating = Seating(url, name=seat_name, create=fields,
                      identity=server_key(device_key(), url))
    _run_online(seating, _display(ascii_only, four_colour))


def join(
    server: str = typer.Argument(..., help="The server: HOST[:PORT] (default port 8765) or a ws(s):// URL."),
    code: str = typer.Argument(..., help="The table's join code: six of the letters A-Z and digits 2-9, "
                                         "without I or O."),
    name: str | None = typer.Option(None, "--name", help="Your name at the table (default: the settings')."),
    watch: bool = typer.Option(False, "--watch", help="Watch (you see only what is public)."),
    ascii_only: bool = typer.Option(False, "--ascii", help="Suits as S H D C."),
    four_colour: bool = typer.Option(False, "--four-colour", help="Four-colour deck."),
) -> None:
    """Sit down at a table (or watch it); run it again after a drop and you get your seat back."""
    from ..net.client import ClientError, server_url
    from ..net.identity import device_key, server_key
    from ..net.protocol import ProtocolError, clean_code, clean_name
    from ..storage.settings import load_settings
    from ..tui.online.seating import Seating, default_name

    try:
        url = server_url(server)
        join_code = clean_code(code)
        names = load_settings().names
        seat_name = clean_name(name or default_name(names))
        _need_terminal()
        seating = Seating(url, code=join_code, name=seat_name, watch=watch,
                          identity=None if watch else server_key(device_key(), url))
    except (ClientError, ProtocolError) as exc:
        raise CardsuiteError(exc.message) from None
    _run_online(seating, _display(ascii_only, four_colour))


def web_seat() -> None:
    """(Started by `serve --web` for each browser: the seat its page's link names, or the public tables.)"""
    import os

    from ..tui.online.browser import run_browser

    run_browser(os.environ, _display(False, False))


def register(app: typer.Typer) -> None:
    """Add ``serve``, ``host`` and ``join`` (and the browser seat's hidden ``web-seat``)."""
    app.command("serve")(serve)
    app.command("host")(host)
    app.command("join")(join)
    app.command("web-seat", hidden=True)(web_seat)
