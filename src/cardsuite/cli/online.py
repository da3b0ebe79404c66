"""``cardsuite serve``, ``host`` and ``join``: tables shared across machines (``docs/protocol.md``).

aiohttp and the network code are imported inside the commands, so ``cardsuite list`` stays quick.
"""

from __future__ import annotations

from pathlib import Path

import typer

from ..core.errors import CardsuiteError

_DATA_HELP = "Folder for the tables and the history (default: the data folder's 'server')."
_WEB_HELP = "Also serve the table to browsers (textual-serve) at http://HOST:PORT/."
_URL_HELP = "The address browsers use, behind a proxy (https://cards.example.org)."


def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on (0.0.0.0: every interface)."),
    port: int = typer.Option(8765, "--port", help="Port to listen on (0: any free port; the first line says which)."),
    data: Path | None = typer.Option(None, "--data", help=_DATA_HELP),
    web: bool = typer.Option(False, "--web", help=_WEB_HELP),
    public_url: str | None = typer.Option(None, "--public-url", help=_URL_HELP),
    turn_seconds: int = typer.Option(60, "--turn-seconds", help="Default seconds for a person's turn (0: no timer)."),
    grace_seconds: float = typer.Option(30.0, "--grace-seconds", help="Seconds before a CPU takes a dropped seat."),
    cpu_delay: float = typer.Option(0.8, "--cpu-delay", help="Seconds a CPU waits before its move."),
    deal_pause: float = typer.Option(20.0, "--deal-pause", help="Longest wait after a deal before the next."),
    durable: bool = typer.Option(False, "--durable", help="Wait for the disk on every action (power cuts)."),
    rate: float = typer.Option(20.0, "--rate", help="Messages a second one connection may send (bursts: 2x)."),
) -> None:
    """Start a server: it holds the tables, checks every action, and resumes every table after a restart."""
    from ..storage.paths import data_dir

    if not 0 <= port < 65536:
        raise CardsuiteError("--port must be from 0 (any free port) to 65535")
    if min(turn_seconds, grace_seconds, cpu_delay, deal_pause) < 0 or rate <= 0:
        raise CardsuiteError("times must not be negative, and --rate must be above 0")
    try:
        from ..net.server import ServerConfig, run_server
        from ..net.table import Timing
    except ImportError as exc:
        raise CardsuiteError(f"the server needs {exc.name}: pip install aiohttp textual-serve") from None
    folder = data if data is not None else data_dir() / "server"
    config = ServerConfig(host=host, port=port, data=folder, durable=durable, web=web, public_url=public_url,
                          rate=rate, timing=Timing(turn_seconds, grace_seconds, cpu_delay, deal_pause))

    def ready(url: str) -> None:
        print(f"cardsuite: serving {url} (tables and history in {folder}); Ctrl+C stops", flush=True)
        if web:
            shown = public_url or url.replace("ws://", "http://", 1).removesuffix("/game") + "/"
            print(f"cardsuite: browsers play at {shown}", flush=True)

    try:
        run_server(config, ready)
    except OSError as exc:
        raise CardsuiteError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def register(app: typer.Typer) -> None:
    """Add ``serve``, ``host`` and ``join``."""
    app.command("serve")(serve)
