"""``parlour serve``: how soon a tab shows the home screen, memory per open tab, and how many tabs fit in 2 GB.

Run: ``.venv/bin/python -m bench serve [-- --tabs 8]`` (or ``python -m bench.serve``).

A server on 127.0.0.1 (a free port) serves the home screen. Tabs are opened one after another and kept open: with
the server's spare app (the next tab's app, started before the tab opens) each 5 s after the last; with
``--no-spare`` each tab starts its own app, at once. A tab is opened as the page's script does it: the page, then
its WebSocket, whose terminal output is read by a terminal emulator (pyte) until the home screen's words are drawn.
A tab's memory is the proportional set size (PSS: shared pages divided among their users) of its app process. The
tabs that fit in 2 GB: what is left of 2 GiB once the server's own memory is counted, divided by the largest memory
of one tab.
Targets: the home screen within 3 s of opening a tab; at least 8 tabs in 2 GB.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import statistics
import sys
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path

import aiohttp
import pyte

from bench.options import positive
from tui.serve.server import ParlourServer, ServeOptions

HOME_WORDS = "Board and card games"
"""Drawn by the home screen, under the title."""
HOME_TARGET_S = 3.0
TABS_TARGET = 8
BUDGET_BYTES = 2 * 1024**3
SPARE_WAIT_S = 5.0
"""With a spare, how long after a tab the next one is opened."""


class TerminalText:
    """A terminal emulator fed a tab's output: what the page would show, as text."""

    def __init__(self, width: int = 80, height: int = 24) -> None:
        self.screen = pyte.Screen(width, height)
        self._stream = pyte.ByteStream(self.screen)

    def feed(self, data: bytes) -> None:
        """Take more of the app's output."""
        self._stream.feed(data)

    def resize(self, width: int, height: int) -> None:
        """The page's terminal took a new size."""
        self.screen.resize(height, width)

    @property
    def text(self) -> str:
        """Every line on the terminal now."""
        return "\n".join(line.rstrip() for line in self.screen.display)


@dataclass
class Tab:
    """A tab opened as the page's script opens one: its WebSocket, and what its terminal shows."""

    websocket: aiohttp.ClientWebSocketResponse
    terminal: TerminalText
    texts: list[object] = field(default_factory=list)
    """The JSON messages the server sent beside the terminal's output."""
    reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        """Feed the terminal until the WebSocket closes."""
        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.terminal.feed(message.data)
            elif message.type == aiohttp.WSMsgType.TEXT:
                self.texts.append(json.loads(message.data))

    async def wait_for(self, words: str, timeout: float = 30.0) -> None:
        """Return once the terminal shows ``words``; TimeoutError (saying what is shown) after ``timeout`` s."""
        deadline = time.monotonic() + timeout
        while words not in self.terminal.text:
            if self.reader is not None and self.reader.done():
                raise ConnectionError(f"the tab closed before showing {words!r}:\n{self.terminal.text}")
            if time.monotonic() > deadline:
                raise TimeoutError(f"no {words!r} after {timeout} s; the terminal shows:\n{self.terminal.text}")
            await asyncio.sleep(0.05)

    async def type(self, keys: str) -> None:
        """Keys typed into the tab's terminal (as xterm.js sends them)."""
        await self.websocket.send_str(json.dumps(["stdin", keys]))

    async def close(self) -> None:
        """Close the tab."""
        await self.websocket.close()
        if self.reader is not None:
            await self.reader


async def open_tab(
    client: aiohttp.ClientSession, base: str, token: str | None = None, size: tuple[int, int] = (80, 24)
) -> Tab:
    """Open a tab of the server at ``base`` (``http://127.0.0.1:PORT``): the page, then its WebSocket."""
    query = "" if token is None else f"?token={token}"
    async with client.get(f"{base}/{query}") as page:
        page.raise_for_status()
    path = "/ws" if token is None else f"/ws/{token}"
    width, height = size
    ws_url = "ws" + base.removeprefix("http") + f"{path}?width={width}&height={height}"
    websocket = await client.ws_connect(ws_url, origin=base)
    tab = Tab(websocket, TerminalText(width, height))
    tab.reader = asyncio.create_task(tab.read())
    return tab


@contextlib.asynccontextmanager
async def serving(options: ServeOptions) -> AsyncIterator[tuple[ParlourServer, str]]:
    """A running server and its base URL (``http://127.0.0.1:PORT``); every tab ended on leaving."""
    server = ParlourServer(options)
    url = await server.start()
    try:
        yield server, url.split("/?")[0].rstrip("/")
    finally:
        await server.close()


def pss_bytes(pid: int) -> int:
    """The proportional set size of process ``pid``."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) * 1024
    raise ValueError(f"no Pss in /proc/{pid}/smaps_rollup")


async def measure(tabs: int, spare: bool) -> tuple[list[float], list[int], int]:
    """Seconds each tab took to show the home screen, each tab's app memory, and the server's, ``tabs`` kept open."""
    import os

    options = ServeOptions(bind="127.0.0.1", port=0, max_sessions=tabs, spare=spare)
    times: list[float] = []
    opened: list[Tab] = []
    async with serving(options) as (server, base), aiohttp.ClientSession() as client:
        for _ in range(tabs):
            if spare:  # a tab opened a moment after the last one: its spare is drawn by then
                await asyncio.sleep(SPARE_WAIT_S)
            start = time.perf_counter()
            tab = await open_tab(client, base)
            await tab.wait_for(HOME_WORDS)
            times.append(time.perf_counter() - start)
            opened.append(tab)
        await asyncio.sleep(1.0)  # the apps settle once drawn
        memory = [pss_bytes(pid) for tab in server.tabs if (pid := tab.pid) is not None]
        own = pss_bytes(os.getpid())
        for tab in opened:
            await tab.close()
    return times, memory, own


def main(argv: list[str] | None = None) -> int:
    """Print the figures and whether the targets are met."""
    ap = argparse.ArgumentParser(prog="python -m bench.serve", description=__doc__.splitlines()[0])
    ap.add_argument("--tabs", type=positive, default=TABS_TARGET, help=f"tabs opened and kept open ({TABS_TARGET})")
    ap.add_argument("--no-spare", action="store_true", help="no spare app: each tab starts its own when it opens")
    args = ap.parse_args(argv)
    times, memory, own = asyncio.run(measure(args.tabs, spare=not args.no_spare))
    mib = 1024**2
    fit = int((BUDGET_BYTES - own) // max(memory))
    how = "each its own app started as it opens" if args.no_spare else f"each {SPARE_WAIT_S:g} s after the last"
    print(f"{args.tabs} tabs opened one after another and kept open (home screen, 80x24; {how}):")
    soon = max(times) <= HOME_TARGET_S
    print(
        f"  to the home screen: first {times[0]:.2f} s, median {statistics.median(times):.2f} s, "
        f"slowest {max(times):.2f} s  (target ≤ {HOME_TARGET_S} s: {'met' if soon else 'NOT MET'})"
    )
    print(
        f"  memory per tab (PSS of its app): median {statistics.median(memory) / mib:.1f} MiB, "
        f"largest {max(memory) / mib:.1f} MiB; this process (server and bench) {own / mib:.1f} MiB"
    )
    print(f"  tabs that fit in 2 GiB: {fit}  (target ≥ {TABS_TARGET}: {'met' if fit >= TABS_TARGET else 'NOT MET'})")
    return 0 if soon and fit >= TABS_TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
