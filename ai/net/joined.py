"""A seat joined for a screen: the host's opening snapshot, its messages passed on in order, actions sent back.

This is the connection part of ``parlour join URL`` (the app's table screen for a seat at a hosted table): the
screen draws from what it is handed here and holds no game state. Messages that come before the screen is ready
wait; what the host refuses and a lost connection are told as words.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable

from ai.net.client import JoinError, Link, TableClient
from ai.net.wire import Act
from ai.table.projection import Message, Snapshot
from rules.core import IllegalAction


class Joined:
    """One seat (or a spectator) at a hosted table, as a screen uses it."""

    def __init__(self, client: TableClient, opening: Snapshot) -> None:
        self.client = client
        self.opening = opening
        """The table as the host sent it on joining: the first thing the screen draws."""
        self.task: asyncio.Task[None] | None = None
        self._heard: Callable[[Message], None] | None = None
        self._told: Callable[[str, bool], None] | None = None
        self._pending: list[Message | tuple[str, bool]] = []

    @property
    def seat(self) -> int | None:
        """The seat played through this link (None: a spectator)."""
        welcome = self.client.welcome
        return None if welcome is None else welcome.seat

    def start(self, heard: Callable[[Message], None], told: Callable[[str, bool], None]) -> None:
        """Pass every message to ``heard`` from now on (those waiting first), and news in words to ``told``
        (``True``: the connection is lost, the screen should say so until closed)."""
        self._heard, self._told = heard, told
        pending, self._pending = self._pending, []
        for item in pending:
            self._pass(item)

    def _pass(self, item: Message | tuple[str, bool]) -> None:
        if self._heard is None or self._told is None:
            self._pending.append(item)
        elif isinstance(item, tuple):
            self._told(*item)
        else:
            self._heard(item)

    def submit(self, seat: int, action: str) -> None:
        """Send the seat's action; :class:`IllegalAction` at once for a seat that is not this link's."""
        if seat != self.seat:
            raise IllegalAction(seat, action, "that seat is not yours at this table")
        asyncio.get_running_loop().create_task(self.client.send(Act(action)))

    def close(self) -> None:
        """Leave the table: the connection closes (the same link sits down again)."""
        if self.task is not None:
            self.task.cancel()


async def join_table(link: Link) -> Joined:
    """Connect to ``link`` and wait for the host's first snapshot; :class:`JoinError` if refused or unreachable."""
    loop = asyncio.get_running_loop()
    opened: asyncio.Future[Snapshot] = loop.create_future()
    joined: list[Joined] = []
    early: list[Message | tuple[str, bool]] = []  # what comes between the snapshot and the link being made

    def pass_on(item: Message | tuple[str, bool]) -> None:
        (joined[0]._pass if joined else early.append)(item)

    def on_message(client: TableClient, message: Message) -> None:
        if not opened.done() and isinstance(message, Snapshot):
            opened.set_result(message)
        else:
            pass_on(message)

    client = TableClient(link, on_message, on_error=lambda text: pass_on((f"Refused: {text}", False)))

    async def run() -> None:
        try:
            await client.run()
        except JoinError as exc:
            if not opened.done():
                opened.set_exception(exc)
            elif client.outcome is None:
                pass_on((f"{exc}. Run the same `parlour join` line again to sit down where you were.", True))

    task = loop.create_task(run())
    try:
        snapshot = await opened
    except BaseException:
        task.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await task
        raise
    link_made = Joined(client, snapshot)
    link_made.task = task
    joined.append(link_made)
    for item in early:
        link_made._pass(item)
    return link_made
