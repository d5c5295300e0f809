"""The web server of ``parlour serve``: textual-serve's server, guarded and kept offline.

What it adds to :class:`textual_serve.server.Server` (subclassed, the library left as it is):

- the page is our own template, loading only the script, stylesheet and font files textual-serve ships (served from
  its package, with no directory listing), and a Content-Security-Policy that lets the page reach nothing else;
- a token, when one is set (always, when bound beyond loopback), without which the page and the WebSocket are
  refused; without one, only a loopback host name is served (a page of another site rebound to 127.0.0.1 is not);
- the WebSocket's Origin must be this server's;
- at most ``max_sessions`` app processes; the next tab gets a "full, try again" page;
- each tab's app runs in a process group of its own and is ended within a bounded time when its tab closes
  (:class:`~tui.serve.tab_process.TabProcess`); closing the server ends every tab.
"""

from __future__ import annotations

import asyncio
import hmac
import ipaddress
import logging
import re
import secrets
import signal
import socket
import sys
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp_jinja2
import jinja2
import textual_serve
from aiohttp import web
from textual_serve.server import Server, to_int

from tui.serve.defaults import DEFAULT_MAX_SESSIONS, DEFAULT_PORT
from tui.serve.tab_process import TabEnded, TabProcess

log = logging.getLogger("parlour.serve")

TEMPLATES = Path(__file__).parent / "templates"
STATICS = Path(textual_serve.__file__).parent / "static"
"""textual-serve's own script, stylesheet and fonts, served as they ship."""
LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,128}")
"""What a token may be: it goes in a URL's path and query as it is."""
DEFAULT_SIZE = (80, 24)
"""The terminal a spare app starts with, until its tab tells it the page's."""
QUIT_GRACE_S = 3.0
"""How long a closed tab's app has to quit before it is ended."""


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address or ``localhost``) reaches only this machine."""
    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def new_token() -> str:
    """A token no one can guess."""
    return secrets.token_urlsafe(16)


def tab_command(app_args: Sequence[str] = ()) -> list[str]:
    """The command each tab runs: this Python's ``parlour`` with ``app_args`` (none: the home screen)."""
    return [sys.executable, "-m", "tui.cli", *app_args]


@dataclass
class ServeOptions:
    """How ``parlour serve`` serves (its command-line options)."""

    bind: str = "127.0.0.1"
    port: int = DEFAULT_PORT
    max_sessions: int = DEFAULT_MAX_SESSIONS
    token: str | None = None
    """Required on the page and the WebSocket when set; set to a new one when binding beyond loopback."""
    command: list[str] = field(default_factory=tab_command)
    """What each tab runs."""
    quit_grace: float = QUIT_GRACE_S
    spare: bool = True
    """Keep the next tab's app started and drawn, so a tab opens at once (within the cap on sessions)."""

    def __post_init__(self) -> None:
        if self.token is None and not is_loopback(self.bind):
            self.token = new_token()


class ParlourServer(Server):
    """textual-serve's server with a token, an Origin check, a cap on sessions and bounded endings."""

    def __init__(self, options: ServeOptions) -> None:
        super().__init__(
            command=" ".join(options.command),
            host=options.bind,
            port=options.port,
            title="Parlour",
            statics_path=STATICS,
            templates_path=TEMPLATES,
        )
        self.options = options
        self.tabs: set[TabProcess] = set()
        """The tabs whose app processes are running (or ending)."""
        self._spare: TabProcess | None = None
        self._background: set[asyncio.Future[None]] = set()
        self._closing = False
        self._runner: web.AppRunner | None = None

    # --- the web application ---------------------------------------------------------------------
    async def _make_app(self) -> web.Application:
        app = web.Application(middlewares=[self._guard])
        aiohttp_jinja2.setup(app, loader=jinja2.FileSystemLoader(self.templates_path))
        app.add_routes(
            [
                web.get("/", self.handle_index, name="index"),
                web.get("/ws", self.handle_tab_socket, name="websocket"),
                web.get("/ws/{token}", self.handle_tab_socket, name="websocket-token"),
                web.static("/static", self.statics_path, show_index=False, name="static"),
            ]
        )
        app.on_shutdown.append(self.on_shutdown)
        return app

    @web.middleware
    async def _guard(
        self, request: web.Request, handler: Callable[[web.Request], Awaitable[web.StreamResponse]]
    ) -> web.StreamResponse:
        """Refuse a host name that is not loopback when no token guards the server; headers on every answer."""
        if self.options.token is None and not is_loopback(_host_name(request.host)):
            response: web.StreamResponse = self.refusal(
                request, 403, "Not served here", "This server answers only to the names of this machine's loopback."
            )
        else:
            response = await handler(request)
        if not response.prepared:
            response.headers.update(_SAFE_HEADERS)
        return response

    def refusal(self, request: web.Request, status: int, title: str, text: str, retry: bool = False) -> web.Response:
        """A page saying in one line why the request was refused."""
        response = aiohttp_jinja2.render_template(
            "refused.html", request, {"title": title, "text": text, "retry": retry}, status=status
        )
        if retry:
            response.headers["Retry-After"] = "5"
        return response

    def _token_refusal(self, request: web.Request, given: str | None) -> web.Response | None:
        token = self.options.token
        if token is None or (given is not None and hmac.compare_digest(given.encode(), token.encode())):
            return None
        return self.refusal(
            request, 403, "A token is needed", "Open the link `parlour serve` printed: it ends with ?token=…"
        )

    def _full_refusal(self, request: web.Request) -> web.Response | None:
        if len(self.tabs) < self.options.max_sessions:
            return None
        text = f"All {self.options.max_sessions} tables of this server are in use. Try again in a moment."
        return self.refusal(request, 503, "Parlour is full", text, retry=True)

    async def handle_index(self, request: web.Request) -> web.StreamResponse:
        """The page of a tab: the terminal, textual-serve's script, and the way back to the WebSocket."""
        refused = self._token_refusal(request, request.query.get("token")) or self._full_refusal(request)
        if refused is not None:
            return refused
        token = self.options.token
        context = {
            "font_size": to_int(request.query.get("fontsize", "16"), 16),
            "static_url": "/static/",
            "ws_path": "/ws" if token is None else f"/ws/{token}",
        }
        response = aiohttp_jinja2.render_template("app_index.html", request, context)
        response.headers["Cache-Control"] = "no-store"
        return response

    async def handle_tab_socket(self, request: web.Request) -> web.StreamResponse:
        """A tab's WebSocket: its own app process, ended when the WebSocket closes.

        In place of textual-serve's ``handle_websocket``, which always upgrades: this one may refuse with a plain
        response first."""
        refused = (
            self._token_refusal(request, request.match_info.get("token"))
            or _origin_refusal(self, request)
            or self._full_refusal(request)
        )
        if refused is not None:
            return refused  # refused before the upgrade: the page's script sees the WebSocket fail
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        tab = self._take_spare() or self._new_tab()
        self.tabs.add(tab)  # counted before the first await: two tabs at once cannot both take the last place
        try:
            await websocket.prepare(request)
            await tab.attach(websocket.send_bytes, websocket.send_str, websocket.close)
            await tab.begin(width, height)
            self._keep_a_spare()
            await self._process_messages(websocket, tab)
        except (asyncio.CancelledError, TabEnded):
            pass
        except Exception as error:  # a message the page would never send: this tab ends, the server goes on
            log.warning("a tab sent what cannot be read (%s: %s); it is closed", type(error).__name__, error)
        finally:
            await tab.stop()
            self.tabs.discard(tab)
            await websocket.close()
            self._keep_a_spare()  # a place came free
        return websocket

    # --- the spare: the next tab's app, started and drawn before the tab comes ---------------------
    def _new_tab(self) -> TabProcess:
        return TabProcess(
            self.options.command,
            quit_grace=self.options.quit_grace,
            download_manager=self.download_manager,
            debug=self.debug,
        )

    def _keep_a_spare(self) -> None:
        """Start a spare app if there is none and the cap leaves room for it beside the tabs."""
        if not self.options.spare or self._closing or self._spare is not None:
            return
        if len(self.tabs) >= self.options.max_sessions:
            return
        spare = self._spare = self._new_tab()
        self._in_background(spare.start(DEFAULT_SIZE[0], DEFAULT_SIZE[1]))

    def _take_spare(self) -> TabProcess | None:
        """The spare for a tab that opens now, if there is a good one (an ended or overgrown one is ended)."""
        spare, self._spare = self._spare, None
        if spare is not None and not (spare.running and spare.usable):
            self._in_background(spare.stop())
            return None
        return spare

    def _in_background(self, work: Awaitable[None]) -> None:
        async def logged() -> None:
            try:
                await work
            except Exception as error:  # a spare that could not start: the next tab starts its own app
                log.warning("a spare app failed (%s: %s)", type(error).__name__, error)

        task = asyncio.ensure_future(logged())
        self._background.add(task)
        task.add_done_callback(self._background.discard)

    # --- running ---------------------------------------------------------------------------------
    async def start(self) -> str:
        """Start listening; the URL to open (with its token)."""
        self._runner = web.AppRunner(await self._make_app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.options.bind, self.options.port)
        await site.start()
        port = self._runner.addresses[0][1]
        self.port = port
        self._keep_a_spare()
        return self.url()

    def url(self) -> str:
        """The address to open in a browser."""
        host = self.options.bind
        if host in ("0.0.0.0", "::", ""):
            host = socket.gethostname()
        elif ":" in host:
            host = f"[{host}]"
        query = "" if self.options.token is None else f"?token={self.options.token}"
        return f"http://{host}:{self.port}/{query}"

    async def close(self) -> None:
        """End every tab's app and the spare (each within its bounded time, all at once), then stop listening."""
        self._closing = True
        spare, self._spare = self._spare, None
        await asyncio.gather(*(tab.stop() for tab in [*self.tabs, *([spare] if spare else [])]))
        await asyncio.gather(*self._background)
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    async def on_shutdown(self, app: web.Application) -> None:
        """The web application stops: every tab still open ends."""
        await asyncio.gather(*(tab.stop() for tab in list(self.tabs)))

    async def run_until_stopped(self, announce: Callable[[str], None]) -> None:
        """Serve until SIGINT (Ctrl+C) or SIGTERM, then end every tab."""
        stopped = asyncio.Event()
        loop = asyncio.get_running_loop()
        for number in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(number, stopped.set)
        try:
            announce(await self.start())
            await stopped.wait()
        finally:
            for number in (signal.SIGINT, signal.SIGTERM):
                loop.remove_signal_handler(number)
            await self.close()

    def serve(self, debug: bool = False) -> None:
        """Serve until Ctrl+C, printing the URL to open."""
        self.debug = debug
        asyncio.run(self.run_until_stopped(lambda url: print(url, flush=True)))


_SAFE_HEADERS = {
    # The page may reach only this server: a link's ?ping=… or a stray URL cannot make the browser go elsewhere.
    "Content-Security-Policy": (
        "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; "
        "font-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; "
        "form-action 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _host_name(host: str) -> str:
    """The name in a Host header, without its port."""
    if host.startswith("["):
        return host[1 : host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def _origin_refusal(server: ParlourServer, request: web.Request) -> web.Response | None:
    origin = request.headers.get("Origin", "").lower().rstrip("/")
    if origin in (f"http://{request.host}".lower(), f"https://{request.host}".lower()):
        return None
    return server.refusal(request, 403, "Not from this page", "A WebSocket is taken only from this server's page.")
