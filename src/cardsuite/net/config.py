"""How a ``cardsuite serve`` process runs: where it listens, where it keeps its files, its timing and limits.

``cli/online.py`` fills it from the ``serve`` options; the server, the hub and the browser seat read it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from .addresses import SOCKET_PATH
from .conn import RATE_PER_SECOND, burst_for
from .limits import Limits
from .protocol import MAX_CLIENT_MESSAGE, PROTOCOL_VERSION, message
from .table import Timing

GAME_PATH = SOCKET_PATH
"""Where the protocol's WebSocket is served."""


@dataclass
class ServerConfig:
    """How the server runs: where it listens, where it keeps its files, its timing and limits."""

    host: str = "127.0.0.1"
    port: int = 8765
    data: Path = Path(".")
    timing: Timing = field(default_factory=Timing)
    limits: Limits = field(default_factory=Limits)
    durable: bool = False
    web: bool = False
    public_url: str | None = None
    rate: float = RATE_PER_SECOND
    store: str | None = None  # postgresql://… shared by several processes; None: SQLite in ``data``
    advertise: str | None = None  # the socket clients reach this process at (default: where it listens)
    lease_seconds: float = 8.0
    request_seconds: float = 10.0  # a new connection's time to send its whole request, then it is dropped

    def socket_address(self) -> str:
        """The address other processes send this process's clients to."""
        if self.advertise:
            return self.advertise
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"ws://{host}:{self.port}{GAME_PATH}"


def hello(config: ServerConfig) -> str:
    """The first message of every connection: the server's version and the limits it holds clients to."""
    return message("hello", server=f"cardsuite {__version__}", protocol=PROTOCOL_VERSION,
                   limits={"message_bytes": MAX_CLIENT_MESSAGE, "per_second": config.rate,
                           "burst": burst_for(config.rate), "join_strikes": config.limits.join_strikes},
                   public_url=config.public_url, web=config.web)
