"""The network host: one process serving many tables over WebSocket (``docs/network.md``).

Each connection first sends its link's token; the host seats it (a seat's token) or lets it watch (the spectator
link), sends a welcome and a snapshot, then the table's messages for that viewer alone. Everything a client sends
is checked here: its size (the server's ``max_size``), its rate, that it parses, that its seat is asked. An
offending client is told why and dropped; the tables and the other connections carry on.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from collections.abc import Callable
from dataclasses import dataclass, field

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.exceptions import ConnectionClosed

from ai.net.hosted import HostedTable, Peer
from ai.net.invites import SPECTATOR
from ai.net.limits import Limits, RateLimit
from ai.net.wire import Act, Bye, Error, Hello, Leave, Resync, Welcome, encode_control, parse_client
from ai.table.codec import WireError, encode
from ai.table.projection import Ended, Message
from rules.core import Watcher

POLICY = 1008
"""The close code for a client that broke the rules of the wire."""
TRY_LATER = 1013
"""The close code for a host that is full."""


@dataclass(eq=False)
class Connection:
    """One client's connection: its outbox, sent in order by a writer task of its own."""

    ws: ServerConnection
    limits: Limits
    role: int = SPECTATOR
    outbox: asyncio.Queue[str | tuple[int, str]] = field(default_factory=asyncio.Queue)
    closing: bool = False

    def __post_init__(self) -> None:
        self.rate = RateLimit(self.limits.rate_messages, self.limits.rate_window)

    def push(self, text: str) -> None:
        """Queue ``text``; a client that lets too much pile up is dropped as stalled."""
        if self.closing:
            return
        if self.outbox.qsize() >= self.limits.outbox:
            self.close(POLICY, "too slow: messages piled up unread")
            return
        self.outbox.put_nowait(text)

    def close(self, code: int, reason: str) -> None:
        """Close once everything queued so far is sent."""
        if not self.closing:
            self.closing = True
            self.outbox.put_nowait((code, reason))

    def fail(self, code: str, message: str) -> None:
        """Tell the client what it did wrong, then drop it."""
        self.push(encode_control(Error(code, message, fatal=True)))
        self.close(POLICY, message[:100])

    async def write(self) -> None:
        """Send the outbox in order until the connection is to be closed: all that waits at once, in one write."""
        with contextlib.suppress(ConnectionClosed):
            while True:
                item: str | tuple[int, str] | None = await self.outbox.get()
                texts: list[str] = []
                while isinstance(item, str):
                    texts.append(item)
                    item = None if self.outbox.empty() else self.outbox.get_nowait()
                if texts:
                    await self._send(texts)
                if isinstance(item, tuple):
                    await self.ws.close(*item)
                    return

    async def _send(self, texts: list[str]) -> None:
        """Send each text as a frame of its own, the frames in one write to the socket (one system call)."""
        ws = self.ws
        if len(texts) == 1:
            await ws.send(texts[0])
            return
        # websockets' own way to write frames (its send_context checks the state and drains on the way out).
        async with ws.send_context():
            for text in texts:
                ws.protocol.send_text(text.encode())
            ws.transport.write(b"".join(ws.protocol.data_to_send()))

    # --- the table's side (ai.net.hosted.Peer) ---------------------------------------------
    def deliver(self, message: Message) -> None:
        """Send one of the table's messages."""
        self.push(encode(message))
        if isinstance(message, Ended):
            self.close(1000, "game over")

    def taken_over(self) -> None:
        """Another connection with this seat's token took it over."""
        reason = "another connection took this seat over (the same link was opened again)"
        self.push(encode_control(Bye(reason)))
        self.close(1000, "taken over")


@dataclass
class Host:
    """A WebSocket server holding tables, each found by the name in its links' path (``/t/NAME``)."""

    bind: str = "127.0.0.1"
    port: int = 0
    limits: Limits = field(default_factory=Limits)
    tls: ssl.SSLContext | None = None
    advertise: str | None = None
    """The address the links name (the bind address when None; a host listening on every address names one that
    others can reach, :func:`reachable_address`)."""
    tables: dict[str, HostedTable] = field(default_factory=dict)
    connections: int = 0
    server: Server | None = None

    async def start(self) -> None:
        """Listen (port 0: one the system chooses; :attr:`port` says which)."""
        limits = self.limits
        self.server = await serve(
            self._handle,
            self.bind,
            self.port,
            ssl=self.tls,
            max_size=limits.max_message,
            compression=None,  # no compression bombs, and no work to inflate what is small anyway
            ping_interval=limits.ping_interval,
            ping_timeout=limits.ping_timeout,
            open_timeout=limits.open_timeout,
            close_timeout=limits.close_timeout,
            max_queue=4,
        )
        self.port = self.server.sockets[0].getsockname()[1]

    def add(self, hosted: HostedTable, start: bool = True) -> HostedTable:
        """Serve ``hosted`` and start its game (unless ``start`` is False: its players may join first)."""
        self.tables[hosted.id] = hosted
        if start:
            hosted.start()
        return hosted

    def url(self, hosted: HostedTable, role: int) -> str:
        """The link for ``role`` at ``hosted`` (a seat, or :data:`SPECTATOR`)."""
        token = hosted.invites.spectators if role == SPECTATOR else hosted.invites.seats[role]
        scheme = "wss" if self.tls is not None else "ws"
        name = self.advertise or self.bind
        where = f"[{name}]" if ":" in name else name
        return f"{scheme}://{where}:{self.port}/t/{hosted.id}#{token}"

    async def close(self) -> None:
        """Stop listening and close every connection (the tables' replays stay as they are)."""
        if self.server is not None:
            self.server.close()
            await self.server.wait_closed()

    # --- one connection ------------------------------------------------------------------------
    async def _handle(self, ws: ServerConnection) -> None:
        if self.connections >= self.limits.max_connections:
            await _refuse(ws, "full", "the host has as many connections as it takes; try again later", TRY_LATER)
            return
        self.connections += 1
        try:
            await self._serve(ws)
        finally:
            self.connections -= 1

    async def _serve(self, ws: ServerConnection) -> None:
        try:
            first = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except TimeoutError:
            await _refuse(ws, "no_hello", f"no hello with a token within {self.limits.hello_timeout:g} s")
            return
        except ConnectionClosed:
            return
        try:
            hello = parse_client(first)
        except WireError as exc:
            await _refuse(ws, "bad_message", f"not a message: {exc}")
            return
        if not isinstance(hello, Hello):
            await _refuse(ws, "bad_message", "the first message must be a Hello with the link's token")
            return
        name = ws.request.path.removeprefix("/t/") if ws.request is not None else ""
        hosted = self.tables.get(name)
        if hosted is None or hosted.over.is_set():
            await _refuse(ws, "unknown_table", f"no table {name!r} is being played here (it may be over)")
            return
        role = hosted.invites.role(hello.token)
        if role is None:
            await _refuse(ws, "bad_token", "this link's token is not one of this table's: ask the host for your line")
            return
        if hosted.viewer_of(role) is None:
            await _refuse(ws, "no_spectators", "this table takes no spectators")
            return
        await self._seated(ws, hosted, role)

    async def _seated(self, ws: ServerConnection, hosted: HostedTable, role: int) -> None:
        conn = Connection(ws, self.limits, role)
        table = hosted.table
        viewer = hosted.viewer_of(role)
        seat = None if role == SPECTATOR else role
        shown = viewer.value if isinstance(viewer, Watcher) else str(viewer)
        state = table.state
        welcome = Welcome(hosted.id, state.game_id, state.preset, state.num_seats, tuple(table.names), seat, shown)
        conn.push(encode_control(welcome))
        hosted.attach(conn, role)
        writer = asyncio.create_task(conn.write())
        try:
            await self._read(conn, hosted)
        finally:
            hosted.detach(conn)
            conn.close(1000, "")
            try:
                await asyncio.wait_for(writer, self.limits.ping_timeout)
            except TimeoutError:
                pass
            finally:
                writer.cancel()

    async def _read(self, conn: Connection, hosted: HostedTable) -> None:
        loop = asyncio.get_running_loop()
        with contextlib.suppress(ConnectionClosed):
            async for text in conn.ws:
                if conn.closing:
                    return
                try:
                    message = parse_client(text)
                except WireError as exc:
                    conn.fail("bad_message", f"not a message: {exc}")
                    return
                # An action the table takes moves the game on, so it is never a flood, however fast a bot plays;
                # anything else counts before it is answered.
                taken = isinstance(message, Act) and self._answer(conn, hosted, message)
                if not taken and not conn.rate.allow(loop.time()):
                    limits = self.limits
                    conn.fail("flood", f"more than {limits.rate_messages} messages in {limits.rate_window:g} s")
                    return
                if not isinstance(message, Act):
                    self._answer(conn, hosted, message)

    def _answer(self, conn: Connection, hosted: HostedTable, message: object) -> bool:
        """Do what ``message`` asks; True if it was an action the table took."""
        seat = conn.role
        if isinstance(message, Resync):
            conn.push(encode(hosted.snapshot(conn)))
        elif isinstance(message, Act | Leave) and seat == SPECTATOR:
            conn.push(encode_control(Error("spectator", "a spectator cannot act")))
        elif isinstance(message, Act):
            problem = hosted.submit(seat, message.action)
            if problem is None:
                return True
            conn.push(encode_control(Error("refused", f"{message.action[:60]!r} refused: {problem}")))
        elif isinstance(message, Leave):
            problem = hosted.leave(seat, message.reason[:200])
            if problem is not None:
                conn.push(encode_control(Error("refused", f"cannot leave: {problem}")))
        else:
            conn.push(encode_control(Error("bad_message", "already said hello")))
        return False


class KeyboardHosted(HostedTable):
    """A hosted table that people at the host's own keyboard play too, in the app's game screen.

    The table then belongs to the app: what a connection asks of it is checked at once, answered, and done on the
    app's own turn (:attr:`later`), as a key press would be. An answer that comes while the app's screen still
    shows the last change (a 6 nimmt! card chosen while the host's is being shown) is kept by the table itself and
    played once the change is shown (:meth:`ai.table.table.Table.submit`), so a player far away never sends it twice.
    """

    def __post_init__(self) -> None:
        super().__post_init__()
        self.sent: set[int] = set()
        """Seats whose answer waits for the app's turn."""
        self.later: Callable[[Callable[[], object]], object] | None = None
        """Runs a call on the app's turn (the game screen's ``call_later``); None: at once."""

    def _on_apps_turn(self, call: Callable[[], object]) -> None:
        if self.later is None:
            call()
        else:
            self.later(call)

    def submit(self, seat: int, action: str) -> str | None:
        """Take ``seat``'s action to play on the app's turn; why not if refused."""
        if self.table.state.is_over:
            return "the game is over"
        legal = self.legal_now(seat)
        if legal is None or seat in self.sent:
            return "it is not your turn"
        if action not in legal:
            return f"{action!r} is not a legal action now"
        self.sent.add(seat)

        def play() -> None:
            self.sent.discard(seat)
            if not self.table.closed:
                super(KeyboardHosted, self).submit(seat, action)

        self._on_apps_turn(play)
        return None

    def leave(self, seat: int, reason: str) -> str | None:
        """``seat``'s player gives it up: taken out on the app's turn."""
        if self.table.state.is_over:
            return "the game is over"
        self._on_apps_turn(lambda: super(KeyboardHosted, self).leave(seat, reason))
        return None

    def attach(self, peer: Peer, role: int) -> None:
        """Seat ``peer`` on the app's turn (its coming is news on the host's screen too)."""
        self._on_apps_turn(lambda: super(KeyboardHosted, self).attach(peer, role))

    def detach(self, peer: Peer, replaced: bool = False) -> None:
        """``peer``'s connection is gone: its seat waits for its player, told on the app's turn."""
        self._on_apps_turn(lambda: super(KeyboardHosted, self).detach(peer, replaced))


def reachable_address(bind: str) -> str:
    """The address to put in links for a host bound to ``bind``: itself, unless it is every address (``0.0.0.0``,
    ``::``), then the address this machine reaches others from (no packet is sent to find it)."""
    if bind not in ("0.0.0.0", "::", ""):
        return bind
    family = socket.AF_INET6 if bind == "::" else socket.AF_INET
    probe = ("2001:db8::1", 9) if family == socket.AF_INET6 else ("192.0.2.1", 9)
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as udp:
            udp.connect(probe)
            found: str = udp.getsockname()[0]
            return found
    except OSError:
        return socket.gethostname()


async def _refuse(ws: ServerConnection, code: str, message: str, close: int = POLICY) -> None:
    with contextlib.suppress(ConnectionClosed):
        await ws.send(encode_control(Error(code, message, fatal=True)))
        await ws.close(close, message[:100])
