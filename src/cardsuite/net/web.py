"""``cardsuite serve --web``: the Textual table in a browser, served by textual-serve on the same port.

A browser opening ``/`` (or a link ``/?code=K7P2QX``) gets textual-serve's page; its terminal socket
(``/web/ws/...``) starts one ``cardsuite web-seat`` process for that browser, which is an ordinary protocol
client of this server on loopback: the browser seat sees only its seat's view, like any other. The join
code and the seat token travel in the socket's path and reach the process as environment variables
(checked first: never through a shell). The table screen offers a link with the seat token so the browser
can come back to its seat.
"""

from __future__ import annotations

import os
import shlex
import sys
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import aiohttp_jinja2
import jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from .protocol import ProtocolError, clean_code, clean_name

if TYPE_CHECKING:
    from .server import ServerConfig

CODE_VARIABLE = "CARDSUITE_JOIN_CODE"
TOKEN_VARIABLE = "CARDSUITE_SEAT_TOKEN"
SERVER_VARIABLE = "CARDSUITE_SERVER"
NAME_VARIABLE = "CARDSUITE_SEAT_NAME"
PAGE_VARIABLE = "CARDSUITE_PAGE_URL"


def _checked(match_info: Any) -> dict[str, str]:
    """The code and token from a socket path, only when they are well formed (else nothing)."""
    out: dict[str, str] = {}
    try:
        if match_info.get("code"):
            out[CODE_VARIABLE] = clean_code(match_info["code"])
    except ProtocolError:
        return {}
    token = str(match_info.get("token", ""))  # "-" in a path: no token
    if len(token) == 32 and all(ch in "0123456789abcdef" for ch in token):
        out[TOKEN_VARIABLE] = token
    try:
        if match_info.get("name"):
            out[NAME_VARIABLE] = clean_name(match_info["name"])
    except ProtocolError:
        pass
    return out


class _SeatService(AppService):
    """textual-serve's app process, with the browser's join code and token in its environment."""

    def __init__(self, command: str, extra: dict[str, str], **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.extra = extra

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        environment = super()._build_environment(width, height)
        environment.update(self.extra)
        return environment


class BrowserSeat(Server):
    """textual-serve's server, its routes mounted in the cardsuite app (one port for both)."""

    def __init__(self, command: str, config: ServerConfig) -> None:
        super().__init__(command, title="cardsuite", public_url=config.public_url or "")
        self.config = config
        self.fixed_url = config.public_url

    @property
    def game_url(self) -> str:
        """This server's protocol socket on loopback, for the seat processes."""
        host = self.config.host
        host = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else host
        host = f"[{host}]" if ":" in host and not host.startswith("[") else host
        return f"ws://{host}:{self.config.port}/game"

    def base_url(self, request: web.Request) -> str:
        """The address the browser used (or the configured public one, behind a proxy)."""
        if self.fixed_url:
            return self.fixed_url.rstrip("/")
        return f"{request.scheme}://{request.host}"

    async def page(self, request: web.Request) -> web.Response:
        """The page: textual-serve's template, its socket URL carrying the join code of the link."""
        base = self.base_url(request)
        path = "/web/ws"
        parts = _checked({"code": request.query.get("code", ""), "token": request.query.get("seat", ""),
                          "name": request.query.get("name", "")})
        if CODE_VARIABLE in parts:
            path += "/" + parts[CODE_VARIABLE]
            path += "/" + parts.get(TOKEN_VARIABLE, "-")
            if NAME_VARIABLE in parts:
                path += "/" + quote(parts[NAME_VARIABLE], safe="")
        socket = ("wss:" if base.startswith("https") else "ws:") + base.split(":", 1)[1] + path
        try:
            size = max(8, min(40, int(request.query.get("fontsize", "16"))))
        except ValueError:
            size = 16
        context = {"font_size": size, "app_websocket_url": socket,
                   "config": {"static": {"url": base + "/static/"}}, "application": {"name": "cardsuite"}}
        return aiohttp_jinja2.render_template("app_index.html", request, context)

    async def terminal(self, request: web.Request) -> web.WebSocketResponse:
        """One browser's terminal: a ``cardsuite web-seat`` process joined to this server."""
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 16)
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)
        extra = {SERVER_VARIABLE: self.game_url, PAGE_VARIABLE: self.base_url(request) + "/",
                 **_checked(request.match_info)}
        service: AppService | None = None
        try:
            await websocket.prepare(request)
            service = _SeatService(self.command, extra, write_bytes=websocket.send_bytes,
                                   write_str=websocket.send_str, close=websocket.close,
                                   download_manager=self.download_manager, debug=False)
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except Exception:  # a browser that sends garbage ends its own session, nothing else
            pass
        finally:
            if service is not None:
                await service.stop()
            await websocket.close()
        return websocket


def _size(text: str | None, default: int) -> int:
    try:
        return max(10, min(500, int(text or default)))
    except ValueError:
        return default


def add_browser_seat(app: web.Application, config: ServerConfig) -> None:
    """Mount the browser seat: ``/`` (the page), ``/web/ws[/CODE[/TOKEN]]`` and ``/static``."""
    command = " ".join(shlex.quote(part) for part in (sys.executable, "-m", "cardsuite", "web-seat"))
    seat = BrowserSeat(command, config)
    aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(os.fspath(seat.templates_path)))
    app.router.add_get("/", seat.page)
    app.router.add_get("/web/ws", seat.terminal)
    app.router.add_get("/web/ws/{code}", seat.terminal)
    app.router.add_get("/web/ws/{code}/{token}", seat.terminal)
    app.router.add_get("/web/ws/{code}/{token}/{name}", seat.terminal)
    app.router.add_static("/static", seat.statics_path)
