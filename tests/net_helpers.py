"""Hosting a table on 127.0.0.1 in a test, and clients that join it (well-behaved or not)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from websockets.asyncio.client import ClientConnection, connect

from ai.net.client import JoinError, Link, TableClient, parse_link, play_as_bot
from ai.net.host import Host
from ai.net.hosted import HostedTable
from ai.net.invites import SPECTATOR, Invites
from ai.net.limits import Limits
from ai.net.wire import Hello, encode_control
from ai.seats.specs import make_player, parse_seat, seat_rng
from ai.table.table import Table
from rules.core import Watcher
from rules.registry import game_info

T = TypeVar("T")
BOUND_S = 60.0
"""No scenario of these tests may take longer."""


def run(scenario: Coroutine[Any, Any, T], bound: float = BOUND_S) -> T:
    """Run ``scenario`` on a fresh event loop, failing it after ``bound`` seconds."""
    return asyncio.run(asyncio.wait_for(scenario, bound))


async def until(condition: Callable[[], object]) -> None:
    """Return once ``condition()`` holds; the bound of :func:`run` fails a wait that never ends."""
    while not condition():
        await asyncio.sleep(0.01)


def make_table(game: str, specs: list[str], seed: int = 7) -> Table:
    """A table of ``game`` with ``specs`` (``remote`` seats have no bot), at the game's default preset."""
    info = game_info(game)
    state = info.start(info.preset(None).name, len(specs), seed, None)
    bots = {}
    for seat, text in enumerate(specs):
        bot = make_player(game, parse_seat(text), seat_rng(seed, 0, seat), seat=seat, num_seats=len(specs))
        if bot is not None:
            bots[seat] = bot
    names = [parse_seat(t).display_name(i) for i, t in enumerate(specs)]
    remote = frozenset(seat for seat, text in enumerate(specs) if parse_seat(text).is_remote)
    return Table(state, names, bots, remote=remote)


@dataclass
class Hosted:
    """A host serving one table in a test."""

    host: Host
    hosted: HostedTable

    def link(self, role: int) -> Link:
        """The join link of a seat (or :data:`SPECTATOR`)."""
        return parse_link(self.host.url(self.hosted, role))

    def url(self, role: int) -> str:
        """The join link's text."""
        return self.host.url(self.hosted, role)


@asynccontextmanager
async def hosting(
    game: str,
    specs: list[str],
    limits: Limits | None = None,
    seed: int = 7,
    spectators: Watcher | None = Watcher.PUBLIC,
    turn_timer: float | None = None,
    hosted: HostedTable | None = None,
) -> AsyncIterator[Hosted]:
    """A host on 127.0.0.1 (a port the system picks) serving one table of ``game``."""
    host = Host(limits=limits or Limits())
    await host.start()
    if hosted is None:
        remote = [seat for seat, text in enumerate(specs) if text.startswith("remote")]
        invites = Invites.fresh(remote, spectators is not None)
        hosted = HostedTable(make_table(game, specs, seed), invites, spectators, turn_timer)
    host.add(hosted)
    try:
        yield Hosted(host, hosted)
    finally:
        hosted.close()
        await host.close()


def bot_clients(hosted: Hosted, spec: str = "ai:easy") -> list[asyncio.Task[TableClient]]:
    """A bot client for every remote seat of the table, each joining with its own link."""
    return [
        asyncio.create_task(play_as_bot(hosted.link(seat), parse_seat(spec))) for seat in sorted(hosted.hosted.remote)
    ]


async def stopped(client: asyncio.Task[TableClient]) -> None:
    """Leave a joined client's game before its end."""
    client.cancel()
    with contextlib.suppress(asyncio.CancelledError, JoinError):
        await client


async def raw_client(hosted: Hosted, role: int | None, path: str | None = None) -> ClientConnection:
    """A bare WebSocket to the table that has said hello with ``role``'s token (None: no hello yet)."""
    link = hosted.link(SPECTATOR if role is None else role)
    ws = await connect(path or link.address, compression=None, ping_interval=None)
    if role is not None:
        await ws.send(encode_control(Hello(link.token)))
    return ws


async def spectate(hosted: Hosted) -> TableClient:
    """A spectator client that has joined (its run goes on in a task of its own)."""
    client = TableClient(hosted.link(SPECTATOR))

    async def watch() -> None:
        with contextlib.suppress(JoinError):  # the host closed at the end of the test
            await client.run()

    asyncio.create_task(watch())
    await until(lambda: client.welcome is not None)
    return client
