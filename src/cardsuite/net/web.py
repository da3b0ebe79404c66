"""``cardsuite serve --web``: the Textual table in a browser, served by textual-serve on the same port.

A browser opening ``/?code=K7P2QX&name=Ann`` gets the page (``webpage.py``: textual-serve's terminal, nothing
from another site); its terminal socket (``/web/LANG/ws/CODE/NAME``) starts one ``cardsuite web-seat``
process for that browser, which is an ordinary protocol client of this server on loopback: the browser seat
sees only its seat's view, like any other. A browser opening ``/`` (or ``/?name=Ann``) gets the same page on
``/web/LANG/lobby[/NAME]``: its process shows the public tables, and sits down at or watches the one picked
there. ``LANG`` is the language the browser's ``Accept-Language`` likes best of ours (else the server's):
the page's words and its process's are in it, and so is the one line of a page that opens no table (no
table behind the link, no browser seat free). A socket without it (``/web/ws/…``, ``/web/lobby…``) gets
the process's own language.

The seat belongs to the browser: the page sets a cookie with a random key of that browser's own (HttpOnly,
SameSite=Lax: a link followed from another site carries it; never in a URL; set only by a page opened as the
browser's own page, never in another site's frame, and never over a key that came), and the seat token the
process brings to ``join`` is made from that key and the join code (a lobby's process is given the key, for
the table picked). The same browser opening the
link again comes back to its seat; another browser, with another key, gets a seat of its own. The browser's
player identity is derived from the same key (``identity.browser_identity``). The socket refuses pages of
other sites (``Origin``: ``origin.py``), and the number of processes, seats and lobbies alike, is bounded per
address, in all and an hour (``Limits``); the process's protocol connections count for the browser's address
through a pass only this server hands out.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import html
import json
import logging
import os
import secrets
import shlex
import sys
import time
from asyncio.subprocess import Process
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from aiohttp import WSMsgType, web
from textual_serve.app_service import AppService
from textual_serve.server import Server

from ..core.message import Message, msg
from ..i18n import ENGLISH, LANGUAGES, current_language, language_of_accept, translations
from ..i18n.render import render
from .errorpages import NOT_A_HANDSHAKE, gone
from .headers import page_policy
from .identity import browser_identity
from .limits import client_address
from .origin import own_base, same_origin, well_formed_host
from .protocol import ProtocolError, clean_code, clean_name
from .webpage import FONT_FILES, STATIC, page_html

if TYPE_CHECKING:
    from .config import ServerConfig
    from .hub import Hub

log = logging.getLogger("cardsuite.serve")

CODE_VARIABLE = "CARDSUITE_JOIN_CODE"
TOKEN_VARIABLE = "CARDSUITE_SEAT_TOKEN"
SERVER_VARIABLE = "CARDSUITE_SERVER"
NAME_VARIABLE = "CARDSUITE_SEAT_NAME"
PASS_VARIABLE = "CARDSUITE_SEAT_PASS"
KEY_VARIABLE = "CARDSUITE_BROWSER_KEY"
IDENTITY_VARIABLE = "CARDSUITE_IDENTITY"
LANGUAGE_VARIABLE = "CARDSUITE_LANGUAGE"
VISIT_VARIABLES = (CODE_VARIABLE, TOKEN_VARIABLE, SERVER_VARIABLE, NAME_VARIABLE, PASS_VARIABLE, KEY_VARIABLE,
                   IDENTITY_VARIABLE, LANGUAGE_VARIABLE)
"""What a seat's process is told of its visit: each set for every process (blank when it has none), so that none
comes from the server's own environment (an operator's ``CARDSUITE_IDENTITY`` is never a visitor's)."""
SEAT_PASSES = frozenset({
    "PATH", "HOME", "TERM", "TZ", "TMPDIR", "TEMP", "TMP", "LANG", "LANGUAGE", "LC_ALL", "LC_CTYPE", "LC_MESSAGES",
    "PYTHONPATH", "PYTHONHOME", "PYTHONIOENCODING", "PYTHONUTF8", "VIRTUAL_ENV", "LD_LIBRARY_PATH", "DYLD_LIBRARY_PATH",
    "SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "USERPROFILE", "APPDATA", "LOCALAPPDATA",
    "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_RUNTIME_DIR", "CARDSUITE_HOME",
})
"""What a seat's process keeps of the server's environment: what Python, the locale and the data folder need,
and nothing else (no database password, cloud key or token of the operator's reaches a visitor's process)."""
SERVE_SETS = frozenset({"COLUMNS", "ROWS", "TERM_PROGRAM", "TERM_PROGRAM_VERSION"})
"""What textual-serve sets for a seat's process besides its ``TEXTUAL_…`` (kept even where the server's own
environment has the same value: a server started in an 80-column terminal has ``COLUMNS=80``)."""
COOKIE = "cardsuite_browser"
COOKIE_DAYS = 30
POLICY_CLOSE = 1008
MAX_PING = 64
"""Characters of a page's ping the server echoes (the page sends a timestamp)."""
FONT_TYPE = "font/ttf"
"""How the terminal's font files are served (``_font_file``)."""
MAX_STATIC_PATH = 255
"""Bytes of a ``/static/`` path looked for at most (a file system takes no longer name; textual-serve's are
under 60)."""
MAX_SEAT_STDERR = 2000
"""Bytes of a seat process's stderr the log keeps (the rest is read and counted)."""
NO_TABLE = msg("no table behind this link: ask for the link again")
"""The line for a link whose code names no table: the page's 404, the seat socket's close."""


def _checked(values: Any) -> dict[str, str]:
    """The code, name and language from a link or a socket path, only when they are well formed (else
    nothing)."""
    out: dict[str, str] = {}
    if values.get("language") in LANGUAGES:
        out[LANGUAGE_VARIABLE] = values["language"]
    try:
        if values.get("code"):
            out[CODE_VARIABLE] = clean_code(values["code"])
    except ProtocolError:
        return {}
    try:
        if values.get("name"):
            out[NAME_VARIABLE] = clean_name(values["name"])
    except ProtocolError:
        pass
    return out


def browser_key(request: web.Request) -> str | None:
    """The browser's own key from its cookie, when it is well formed."""
    key = request.cookies.get(COOKIE, "")
    return key if len(key) == 32 and all(ch in "0123456789abcdef" for ch in key) else None


def seat_token(key: str, code: str) -> str:
    """The seat token a browser brings to table ``code``: its key's HMAC of the code (128 bits)."""
    return hmac.new(bytes.fromhex(key), f"seat {code}".encode("ascii"), hashlib.sha256).hexdigest()[:32]


class _SeatService(AppService):
    """textual-serve's app process, with the browser's join code and seat token in its environment; what it
    writes to stderr goes to the server's log as one line (``_log_stderr``), never as bare lines of its own."""

    def __init__(self, command: str, extra: dict[str, str], **kwargs: Any) -> None:
        super().__init__(command, **kwargs)
        self.extra = extra
        self.stderr_task: asyncio.Task[None] | None = None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        """The process, its stderr read here: textual-serve is handed an empty one (it would copy the
        process's stderr to the server's stdout, unbounded and without the log's format)."""
        process = await super()._open_app_process(width, height)
        stderr, quiet = process.stderr, asyncio.StreamReader()
        quiet.feed_eof()
        process.stderr = quiet
        if stderr is not None:
            self.stderr_task = asyncio.create_task(_log_stderr(stderr, self.extra.get(CODE_VARIABLE)))
        return process

    async def logged(self) -> None:
        """Wait (briefly) until what the process wrote to stderr is in the log."""
        if self.stderr_task is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(self.stderr_task, 5.0)

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        """textual-serve's own variables, ``SEAT_PASSES`` of the server's environment, and the visit's."""
        given = super()._build_environment(width, height)
        environment = {name: value for name, value in given.items() if name in SEAT_PASSES or name in SERVE_SETS
                       or name.startswith("TEXTUAL") or os.environ.get(name) != value}
        environment.update(dict.fromkeys(VISIT_VARIABLES, ""))
        environment.update(self.extra)
        return environment


async def _log_stderr(stderr: asyncio.StreamReader, code: str | None) -> None:
    """Read a seat process's stderr to its end; log it, if there was any, as one WARNING line (printable, the
    first ``MAX_SEAT_STDERR`` characters). The process tells its visitor a refusal on its screen and writes
    nothing here: anything written here is a fault of the process."""
    kept = bytearray()
    dropped = 0
    while chunk := await stderr.read(4096):
        room = MAX_SEAT_STDERR - len(kept)
        kept += chunk[:room]
        dropped += max(0, len(chunk) - room)
    text = " | ".join(line.strip() for line in kept.decode("utf-8", "replace").splitlines() if line.strip())
    text = "".join(ch if ch.isprintable() else "?" for ch in text)
    if text:
        more = f" (and {dropped} bytes more)" if dropped else ""
        where = f"table {code}" if code else "the lobby"
        log.warning("browser seat at %s: its process wrote: %s%s", where, text, more)


class BrowserSeat(Server):
    """textual-serve's server, its routes mounted in the cardsuite app (one port for both)."""

    def __init__(self, command: str, config: ServerConfig, hub_of: Any) -> None:
        super().__init__(command, title="cardsuite", public_url=config.public_url or "")
        self.config = config
        self.fixed_url = config.public_url
        self.hub_of = hub_of  # request -> the Hub (it exists once the app has started)

    @property
    def game_url(self) -> str:
        """This server's protocol socket on loopback, for the seat processes."""
        host = self.config.host
        host = "127.0.0.1" if host in ("0.0.0.0", "") else "[::1]" if host == "::" else host
        host = f"[{host}]" if ":" in host and not host.startswith("[") else host
        return f"ws://{host}:{self.config.port}/game"

    def base_url(self, request: web.Request) -> str:
        """The address the browser used (or the configured public one, behind a proxy)."""
        return own_base(request, self.fixed_url)

    def _address(self, request: web.Request) -> str:
        return client_address(request.remote, request.headers.get("X-Forwarded-For"), self.config.limits.trust_proxy)

    @staticmethod
    def page_language(request: web.Request) -> str:
        """The language of a browser's page and process: the one its ``Accept-Language`` likes best of ours,
        else the server's."""
        own = current_language()
        return language_of_accept(request.headers.get("Accept-Language")) or \
            (own if own in LANGUAGES else ENGLISH)

    async def page(self, request: web.Request) -> web.Response:
        """The page (``webpage.py``), its socket URL carrying the browser's language and the link's code and
        name (no token), or, without a code, the lobby's socket (and the name); its files from this server's
        own ``/static`` whatever ``Host`` the request named (one that is not a host name or address, which
        would bend the socket's address and the policy, gets a 400), and only its own scripts may run
        (``headers.page_policy``)."""
        hub: Hub = self.hub_of(request)
        if not self.fixed_url and not well_formed_host(request.host):
            raise web.HTTPBadRequest(text="cardsuite: the request's Host is not a host name or address\n")
        language = self.page_language(request)
        full = hub.addresses.web_refusal(self._address(request))
        if full is not None:
            return _line_page(503, full, language)
        base = self.base_url(request)
        code = request.query.get("code", "")
        parts = _checked({"code": code, "name": request.query.get("name", "")})
        if code and CODE_VARIABLE not in parts:
            return _line_page(404, NO_TABLE, language)
        if CODE_VARIABLE in parts:
            missing = self._no_table(hub, self._address(request), parts[CODE_VARIABLE])
            if missing is not None:
                return _line_page(404 if missing.code == "no_table" else 429, missing.words or NO_TABLE, language)
        path = f"/web/{language}/" + ("ws/" + parts[CODE_VARIABLE] if CODE_VARIABLE in parts else "lobby")
        if NAME_VARIABLE in parts:
            path += "/" + quote(parts[NAME_VARIABLE], safe="")
        socket = ("wss:" if base.startswith("https") else "ws:") + base.split(":", 1)[1] + path
        try:
            size = max(8, min(40, int(request.query.get("fontsize", "16"))))
        except ValueError:
            size = 16
        body = page_html(socket, size, language)
        response = web.Response(text=body, content_type="text/html")
        response.headers["Content-Security-Policy"] = page_policy(body, socket)
        if browser_key(request) is None and request.headers.get("Sec-Fetch-Dest", "document") == "document":
            response.set_cookie(COOKIE, secrets.token_hex(16), max_age=COOKIE_DAYS * 86400, path="/",
                                httponly=True, samesite="Lax", secure=base.startswith("https"))
        return response

    @staticmethod
    def _no_table(hub: Hub, address: str, code: str | None) -> ProtocolError | None:
        """Why a link's or a seat socket's code opens no table, counted: a paused address (``paused``), or no
        table behind it (``no_table``, a failed join that counts towards a pause, so that neither the page nor
        the socket lets an address try codes faster than a join may); None when the table is there."""
        now = time.monotonic()
        try:
            hub.addresses.check_join(address, now)
        except ProtocolError as exc:
            hub.count_refusal(exc.code)
            return exc
        if code is None or code not in hub.tables:
            hub.addresses.strike(address, now)
            hub.count_refusal("no_table")
            return ProtocolError("no_table", NO_TABLE)
        return None

    @staticmethod
    def _refusal(hub: Hub, address: str, code: str | None, lobby: bool) -> str | None:
        """Why no process starts for this socket: a paused address, no table behind a seat's code (a failed
        join), or the browser-seat limits (a lobby's process counts as a seat's); None: it starts (and counts).
        The reason closes the socket in English, for a program (the page shows its own words on a close)."""
        if lobby:
            try:
                hub.addresses.check_join(address, time.monotonic())
            except ProtocolError as exc:
                hub.count_refusal(exc.code)
                return exc.message
        else:
            missing = BrowserSeat._no_table(hub, address, code)
            if missing is not None:
                return missing.message
        refused = hub.addresses.open_web_seat(address, time.monotonic())
        if refused is None:
            return None
        hub.count_refusal("limit")
        return str(refused)

    async def _process_messages(self, websocket: web.WebSocketResponse, app_service: AppService) -> None:
        """The page's messages to its process, each checked first: keys as text, a size within what the first
        width and height may be, a short ping echoed (a long one is not), focus and blur; anything else (a
        binary frame too) ends the session."""
        async for frame in websocket:
            if frame.type != WSMsgType.TEXT:  # the page sends text only: a binary frame is not the page's
                raise ValueError("a page message is a text frame")
            envelope = json.loads(frame.data)
            if not isinstance(envelope, list) or not envelope or not isinstance(envelope[0], str):
                raise ValueError("a page message is [type, data]")
            kind, data = envelope[0], envelope[1] if len(envelope) > 1 else None
            if kind == "stdin" and isinstance(data, str):
                await app_service.send_bytes(data.encode("utf-8"))
            elif kind == "resize" and isinstance(data, dict):
                await app_service.set_terminal_size(_size(data.get("width"), 80), _size(data.get("height"), 24))
            elif kind == "ping":
                if isinstance(data, str) and len(data) <= MAX_PING:
                    await websocket.send_json(["pong", data])
            elif kind == "blur":
                await app_service.blur()
            elif kind == "focus":
                await app_service.focus()
            else:
                raise ValueError("not a message of the page")

    async def seat_terminal(self, request: web.Request) -> web.StreamResponse:
        """One browser's terminal at the table of its link: ``/web[/LANG]/ws/CODE[/NAME]``."""
        return await self._terminal(request, lobby=False)

    async def lobby_terminal(self, request: web.Request) -> web.StreamResponse:
        """One browser's terminal on the public tables: ``/web[/LANG]/lobby[/NAME]``."""
        return await self._terminal(request, lobby=True)

    def _environment(self, request: web.Request, parts: dict[str, str], lobby: bool) -> dict[str, str]:
        """What the process is told besides the code and name: a seat's token, or a lobby's browser key (for
        the table it picks), and the browser's identity. Without the browser's cookie: a seat it cannot come
        back to, and no identity."""
        key = browser_key(request)
        own = key or secrets.token_hex(16)
        out = {KEY_VARIABLE: own} if lobby else {TOKEN_VARIABLE: seat_token(own, parts[CODE_VARIABLE])}
        if key is not None:
            out[IDENTITY_VARIABLE] = browser_identity(key, self.base_url(request))
        return out

    async def _terminal(self, request: web.Request, lobby: bool) -> web.StreamResponse:
        """One browser's terminal: a ``cardsuite web-seat`` process, a protocol client of this server. A request
        that is not a WebSocket handshake gets one fixed 400 and counts for nothing."""
        hub: Hub = self.hub_of(request)
        websocket = web.WebSocketResponse(heartbeat=15, max_msg_size=1 << 16)
        if not same_origin(request, self.fixed_url, self.config.host):
            raise web.HTTPForbidden(text="cardsuite: a browser seat opens only from this server's own page\n")
        if not websocket.can_prepare(request).ok:
            raise web.HTTPBadRequest(text=NOT_A_HANDSHAKE)
        address = self._address(request)
        parts = _checked(request.match_info)
        refused = self._refusal(hub, address, parts.get(CODE_VARIABLE), lobby)
        try:
            await websocket.prepare(request)
        except BaseException as exc:  # gone before the handshake's answer: the seat counted for it is free again
            if refused is None:
                hub.addresses.close_web_seat(address)
            if isinstance(exc, ConnectionError):
                return gone()
            raise
        if refused is not None:
            await websocket.close(code=POLICY_CLOSE, message=refused[:120].encode("utf-8"))
            return websocket
        width = _size(request.query.get("width"), 80)
        height = _size(request.query.get("height"), 24)
        seat_pass = secrets.token_hex(16)
        hub.passes[seat_pass] = address
        extra = {SERVER_VARIABLE: self.game_url, PASS_VARIABLE: seat_pass, **parts,
                 **self._environment(request, parts, lobby)}
        service: _SeatService | None = None
        try:
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
            hub.passes.pop(seat_pass, None)
            hub.addresses.close_web_seat(address)  # the seat is free before its process's last words are read
            if service is not None:
                await service.logged()
        return websocket


def _line_page(status: int, line: Message, language: str) -> web.Response:
    """A page of one line, for a browser that gets no table: the reason, in the visitor's ``language``."""
    words = html.escape(render(line, words=translations(language)))
    body = (f'<!DOCTYPE html><html lang="{html.escape(language)}"><meta charset="utf-8"><title>cardsuite</title>'
            f"<p>cardsuite: {words}</p></html>\n")
    return web.Response(status=status, text=body, content_type="text/html")


def _size(value: object, default: int) -> int:
    """A terminal's width or height from the page (a number, or its digits), within 10-500."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
        value = int(value)
    if not isinstance(value, int) or isinstance(value, bool):
        return default
    return max(10, min(500, value))


@web.middleware
async def _short_static_paths(request: web.Request,
                              handler: Callable[[web.Request], Awaitable[web.StreamResponse]]) -> web.StreamResponse:
    """A ``/static/`` path longer than a file's may be (``MAX_STATIC_PATH``) is not found, and no file system is
    asked: aiohttp's static files would answer its refusal with a 500, and a traceback in the log."""
    if request.path.startswith(STATIC) and len(request.path.encode("utf-8", "surrogatepass")) > MAX_STATIC_PATH:
        raise web.HTTPNotFound()
    return await handler(request)


def _font_file(path: Path) -> Callable[[web.Request], Awaitable[web.StreamResponse]]:
    """A handler that answers the font file ``path`` as ``font/ttf`` (aiohttp's static files would call it
    ``application/octet-stream``: its table of types names no font)."""

    async def answer(_request: web.Request) -> web.StreamResponse:
        return web.FileResponse(path, headers={"Content-Type": FONT_TYPE})

    return answer


def add_browser_seat(app: web.Application, config: ServerConfig, hub_key: Any) -> None:
    """Mount the browser seat: ``/`` (the page), ``/web[/LANG]/ws/CODE[/NAME]``, ``/web[/LANG]/lobby[/NAME]``
    (``LANG`` one of ours, or no route), ``/static`` (textual-serve's script, style and font files; a path
    too long to be one of them is not found)."""
    command = " ".join(shlex.quote(part) for part in (sys.executable, "-m", "cardsuite", "web-seat"))
    seat = BrowserSeat(command, config, lambda request: request.app[hub_key])
    app.router.add_get("/", seat.page)
    for prefix in ("/web", "/web/{language:" + "|".join(LANGUAGES) + "}"):
        app.router.add_get(prefix + "/ws/{code}", seat.seat_terminal)
        app.router.add_get(prefix + "/ws/{code}/{name}", seat.seat_terminal)
        app.router.add_get(prefix + "/lobby", seat.lobby_terminal)
        app.router.add_get(prefix + "/lobby/{name}", seat.lobby_terminal)
    app.middlewares.append(_short_static_paths)
    for name in FONT_FILES.values():  # before ``/static``: the first route that matches answers
        app.router.add_get(STATIC + name, _font_file(Path(seat.statics_path) / name))
    app.router.add_static("/static", seat.statics_path)
