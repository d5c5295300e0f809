"""Joining a hosted table: the connection, and a bot (built-in or a ``cmd:`` program) playing its seat.

The client holds no game state of its own: only what the host last sent (the view of its seat, who is asked, the
log). It checks the sequence numbers and asks for a fresh snapshot after a gap.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidURI

from ai.net.limits import Limits
from ai.net.wire import Act, Bye, Error, Hello, Leave, Resync, Welcome, encode_control, parse_host
from ai.programs.external import ExternalBot, finish_all
from ai.seats.protocol import Bot, BotFailure
from ai.seats.specs import SeatSpec, make_player
from ai.table.codec import WireError
from ai.table.projection import Ask, Asked, Disqualified, Ended, Message, Played, Snapshot
from rules.core import Outcome

HOST_MESSAGE_LIMIT = 16 * 1024 * 1024
"""Bytes in one message from the host: a long game's snapshot (its whole log) is well below it."""


class JoinError(Exception):
    """Joining failed or the connection was lost: a one-line reason for the person who ran ``parlour join``."""


@dataclass(frozen=True)
class Link:
    """A join link: where the table is, and the token that opens its seat (kept out of the request line)."""

    address: str
    token: str


def parse_link(text: str) -> Link:
    """The link ``text`` (``ws://HOST:PORT/t/TABLE#TOKEN``); :class:`JoinError` if it is not one."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("ws", "wss") or not parts.netloc or not parts.path.startswith("/t/"):
        raise JoinError(f"{text!r} is not a join link (ws://HOST:PORT/t/TABLE#TOKEN, as the host printed it)")
    if not parts.fragment:
        raise JoinError(f"{text!r} has no token after '#': copy the whole line the host printed")
    return Link(parts._replace(fragment="").geturl(), parts.fragment)


OnMessage = Callable[["TableClient", Message], Awaitable[None] | None]


@dataclass
class TableClient:
    """One connection to a hosted table, and what the host last sent over it."""

    link: Link
    on_message: OnMessage | None = None
    limits: Limits = field(default_factory=Limits)
    welcome: Welcome | None = None
    seq: int = 0
    view: Any = None
    asked: tuple[Ask, ...] = ()
    log: list[str] = field(default_factory=list)
    outcome: Outcome | None = None
    errors: list[str] = field(default_factory=list)
    received: list[Message] = field(default_factory=list)
    """Every table message received, in order (tests check what a seat was sent)."""
    resyncs: int = 0
    on_error: Callable[[str], None] | None = None
    """Told what the host refused that the client sent (an action out of turn), the connection going on."""
    light: bool = False
    """For a bot that reads no view (``random``): actions played are read without their events and views, and
    :attr:`received` is not kept (a benchmark's thousands of clients)."""
    ws: ClientConnection | None = None

    async def run(self) -> Outcome | None:
        """Connect, say hello, and handle messages until the game ends; :class:`JoinError` if refused or lost."""
        limits = self.limits
        try:
            async with connect(
                self.link.address,
                compression=None,
                max_size=HOST_MESSAGE_LIMIT,
                open_timeout=limits.open_timeout,
                ping_interval=limits.ping_interval,
                ping_timeout=limits.ping_timeout,
            ) as ws:
                self.ws = ws
                await ws.send(encode_control(Hello(self.link.token)))
                async for text in ws:
                    if await self._handle(text):
                        return self.outcome
        except (OSError, InvalidHandshake, InvalidURI, TimeoutError) as exc:
            raise JoinError(f"cannot reach {self.link.address}: {exc}") from None
        except ConnectionClosed as exc:
            if self.outcome is not None:
                return self.outcome
            raise JoinError(f"the host closed the connection: {exc.rcvd.reason if exc.rcvd else 'no reason'}") from None
        finally:
            self.ws = None
        if self.outcome is None:
            raise JoinError("the host closed the connection before the game ended")
        return self.outcome

    async def send(self, message: Act | Resync | Leave) -> None:
        """Send a message to the host (dropped if the connection is gone)."""
        if self.ws is not None:
            with contextlib.suppress(ConnectionClosed):
                await self.ws.send(encode_control(message))

    async def _handle(self, text: str | bytes) -> bool:
        """Handle one message from the host; True when the game is over."""
        try:
            light = self._light(text) if self.light else None
            message = light if light is not None else parse_host(text)
        except WireError as exc:
            raise JoinError(f"the host sent something this client cannot read: {exc}") from None
        if isinstance(message, Welcome):
            self.welcome = message
            return False
        if isinstance(message, Error):
            if message.fatal:
                raise JoinError(f"refused: {message.message}")
            self.errors.append(message.message)
            if self.on_error is not None:
                self.on_error(message.message)
            return False
        if isinstance(message, Bye):
            raise JoinError(message.reason)
        if not isinstance(message, Snapshot) and message.seq != self.seq + 1:
            if self.seq >= 0:  # once per gap: wait for the snapshot, ignoring what comes before it
                self.seq = -1
                self.resyncs += 1
                await self.send(Resync())
            return False
        if not self.light:
            self.received.append(message)
        self.seq = message.seq
        self._keep(message)
        if self.on_message is not None:
            done = self.on_message(self, message)
            if done is not None:
                await done
        return isinstance(message, Ended)

    def _light(self, text: str | bytes) -> Played | Asked | None:
        """A ``Played`` message read for its number, seat and action alone, or an ``Asked`` read directly (None
        for any other message, or one that does not read so: the full decoder then says what is wrong)."""
        if not isinstance(text, str) or not text.startswith(('{"v":1,"type":"Played"', '{"v":1,"type":"Asked"')):
            return None
        try:
            body = json.loads(text)
        except ValueError:
            return None
        seq = body.get("seq")
        if not isinstance(seq, int):
            return None
        if body["type"] == "Asked":
            ask = body.get("ask")
            if not isinstance(ask, dict) or not isinstance(ask.get("seat"), int):
                return None
            legal = ask.get("legal")
            if not isinstance(legal, list) or not all(isinstance(action, str) for action in legal):
                return None
            return Asked(seq, Ask(ask["seat"], tuple(legal)))
        seat, action = body.get("seat"), body.get("action")
        if not isinstance(seat, int) or not isinstance(action, str | None):
            return None
        return Played(seq, seat, action, (), None)

    def _keep(self, message: Message) -> None:
        if isinstance(message, Snapshot):
            self.view, self.asked, self.log = message.view, message.asked, list(message.log)
            self.outcome = message.outcome
        elif isinstance(message, Played | Disqualified):
            self.view = message.view
            self.asked = ()
            names = self.welcome.names if self.welcome is not None else ()
            self.log.extend(event.words(list(names)) for event in message.events)
        elif isinstance(message, Asked):
            self.asked = (*[a for a in self.asked if a.seat != message.ask.seat], message.ask)
        elif isinstance(message, Ended):
            self.view, self.outcome, self.asked = message.view, message.outcome, ()


@dataclass
class BotSeat:
    """A bot playing the seat a client joined: asked when the host asks its seat, thinking in a thread."""

    spec: SeatSpec
    bot: Bot | None = None
    failure: str | None = None
    wait_s: float = 0.0
    """Seconds to wait before each action is sent (a benchmark's players who take their time)."""
    crashes: list[str] = field(default_factory=list)
    _thinking: asyncio.Task[None] | None = None

    async def __call__(self, client: TableClient, message: Message) -> None:
        welcome = client.welcome
        if welcome is None or welcome.seat is None:
            return
        seat = welcome.seat
        if self.bot is None:
            # The program's chance is its own: the client never learns the game's seed.
            rng = random.Random()
            self.bot = make_player(
                welcome.game, self.spec, rng, seat=seat, num_seats=welcome.seats, preset=welcome.preset
            )
        if isinstance(message, Ended):
            self.close()
            return
        ask = next((a for a in client.asked if a.seat == seat and a.legal), None)
        if ask is not None and (self._thinking is None or self._thinking.done()):
            self._thinking = asyncio.create_task(self._think(client, client.view, ask.legal))

    async def _think(self, client: TableClient, view: Any, legal: tuple[str, ...]) -> None:
        assert self.bot is not None
        try:
            if getattr(self.bot, "needs_view", True):
                action = await asyncio.to_thread(self.bot.choose, view, list(legal))
            else:  # a bot that reads no view chooses at once: no thread to wait for
                action = self.bot.choose(None, list(legal))
        except BotFailure as failure:
            self.failure = str(failure)
            await client.send(Leave(f"its program failed: {failure}"))
            return
        except Exception as exc:  # a built-in bot's bug: as at a local table, its seat plays its first legal action
            self.crashes.append(f"{type(exc).__name__}: {exc}")
            action = legal[0]
        if self.wait_s:
            await asyncio.sleep(self.wait_s)
        await client.send(Act(action))

    def close(self) -> None:
        """End the program (if it is one)."""
        if isinstance(self.bot, ExternalBot):
            finish_all([self.bot])
        elif self.bot is not None and (close := getattr(self.bot, "close", None)) is not None:
            close()


async def play_as_bot(
    link: Link,
    spec: SeatSpec,
    limits: Limits | None = None,
    on_message: OnMessage | None = None,
    light: bool = False,
    wait_s: float = 0.0,
) -> TableClient:
    """Join ``link`` and let ``spec`` play its seat to the end; the client, with the outcome. ``on_message`` is
    told each message after the bot has seen it."""
    seat = BotSeat(spec, wait_s=wait_s)

    async def both(client: TableClient, message: Message) -> None:
        await seat(client, message)
        if on_message is not None:
            told = on_message(client, message)
            if told is not None:
                await told

    client = TableClient(link, both, limits or Limits(), light=light)
    try:
        await client.run()
    finally:
        seat.close()
    return client
