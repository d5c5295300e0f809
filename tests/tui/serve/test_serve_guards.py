"""``parlour serve`` refuses what it must: no token, another site's page, a full house; and leaves no process."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bench.serve import open_tab, serving
from tests.tui.serve.fake_tab import READY_TEXT
from tests.tui.serve.helpers import fake_command, fake_pids, gone_within
from tui.serve.server import ServeOptions
from tui.serve.tab_process import HEIGHTS, WIDTHS

TOKEN = "s3cret-token-for-tests"
BOUND = 20.0
"""Seconds any one step of these tests may take (a hang fails, it does not hold the run)."""


@pytest.fixture
def pids(tmp_path: Path) -> Path:
    """Where the stand-in apps note their pids."""
    folder = tmp_path / "pids"
    folder.mkdir()
    return folder


def options(folder: Path, mode: str = "obeys", **given: Any) -> ServeOptions:
    """A server on 127.0.0.1 (a free port) whose tabs run the stand-in app, with no spare unless asked for."""
    base: dict[str, Any] = {"bind": "127.0.0.1", "port": 0, "command": fake_command(mode, folder), "spare": False}
    return ServeOptions(**(base | given))


async def status(client: aiohttp.ClientSession, url: str, **kwargs: Any) -> tuple[int, str]:
    async with client.get(url, **kwargs) as answer:
        return answer.status, await answer.text()


async def ws_status(client: aiohttp.ClientSession, url: str, origin: str | None) -> int:
    """101 when the WebSocket opens (then closed at once), else the status it was refused with."""
    try:
        websocket = await client.ws_connect(url, origin=origin)
    except aiohttp.WSServerHandshakeError as error:
        return error.status
    await websocket.close()
    return 101


async def test_without_the_token_the_page_and_websocket_are_refused(pids: Path) -> None:
    async with asyncio.timeout(BOUND):
        async with serving(options(pids, token=TOKEN)) as (_, base), aiohttp.ClientSession() as client:
            for query in ("", "?token=wrong-token-xx"):
                code, text = await status(client, f"{base}/{query}")
                assert code == 403 and "token" in text
            assert (await status(client, f"{base}/?token={TOKEN}"))[0] == 200
            ws = "ws" + base.removeprefix("http")
            assert await ws_status(client, f"{ws}/ws", origin=base) == 403
            assert await ws_status(client, f"{ws}/ws/wrong-token-xx", origin=base) == 403
            assert await ws_status(client, f"{ws}/ws/{TOKEN}", origin=base) == 101


def test_binding_beyond_loopback_makes_a_token_the_link_carries() -> None:
    made = ServeOptions(bind="0.0.0.0", port=8000)
    assert made.token is not None and len(made.token) >= 16
    assert ServeOptions(bind="0.0.0.0").token != made.token
    assert ServeOptions(bind="127.0.0.1").token is None


async def test_websocket_from_another_sites_page_is_refused(pids: Path) -> None:
    async with asyncio.timeout(BOUND):
        async with serving(options(pids)) as (server, base), aiohttp.ClientSession() as client:
            ws = "ws" + base.removeprefix("http") + "/ws"
            for origin in ("http://evil.example", "http://127.0.0.1:1", None):
                assert await ws_status(client, ws, origin=origin) == 403
            assert fake_pids(pids) == [] and not server.tabs  # no app was started for them
            assert await ws_status(client, ws, origin=base) == 101


async def test_without_a_token_only_loopback_names_are_served(pids: Path) -> None:
    # A page of another site whose name was rebound to 127.0.0.1 asks with its own name as Host.
    async with asyncio.timeout(BOUND):
        async with serving(options(pids)) as (_, base), aiohttp.ClientSession() as client:
            port = base.rsplit(":", 1)[1]
            assert (await status(client, f"{base}/", headers={"Host": f"evil.example:{port}"}))[0] == 403
            assert (await status(client, f"{base}/", headers={"Host": f"localhost:{port}"}))[0] == 200


async def test_static_files_are_served_but_never_listed(pids: Path) -> None:
    async with asyncio.timeout(BOUND):
        async with serving(options(pids)) as (_, base), aiohttp.ClientSession() as client:
            for folder in ("/static/", "/static/js/", "/static/fonts/"):
                code, text = await status(client, base + folder)
                assert code in (403, 404) and "textual.js" not in text and ".ttf" not in text
            assert (await status(client, f"{base}/static/js/textual.js"))[0] == 200


async def test_max_sessions_caps_the_apps_and_the_next_tab_is_told_to_try_again(pids: Path) -> None:
    async with asyncio.timeout(BOUND):
        given = options(pids, max_sessions=2)
        async with serving(given) as (server, base), aiohttp.ClientSession() as client:
            tabs = [await open_tab(client, base) for _ in range(2)]
            for tab in tabs:
                await tab.wait_for(READY_TEXT)
            code, text = await status(client, f"{base}/")
            assert code == 503 and "full" in text.lower() and "try again" in text.lower()
            ws = "ws" + base.removeprefix("http") + "/ws"
            assert await ws_status(client, ws, origin=base) == 503
            assert len(server.tabs) == 2 and len(fake_pids(pids)) == 4  # two apps, each with its child
            await tabs[0].close()
            while server.tabs and len(server.tabs) == 2:
                await asyncio.sleep(0.05)
            again = await open_tab(client, base)  # a place came free
            await again.wait_for(READY_TEXT)


@pytest.mark.parametrize("mode", ["obeys", "ignores"])
async def test_closing_a_tab_ends_its_app_and_what_it_started(pids: Path, mode: str) -> None:
    grace = 0.5
    async with asyncio.timeout(BOUND):
        async with serving(options(pids, mode, quit_grace=grace)) as (_, base), aiohttp.ClientSession() as client:
            tab = await open_tab(client, base)
            await tab.wait_for(READY_TEXT)
            started = fake_pids(pids)
            assert len(started) == 2
            await tab.close()
            # Asked to quit, then SIGTERM after the grace, SIGKILL a second later: all gone well within 4 s.
            assert await gone_within(started, timeout=grace + 4) == []


async def test_an_app_that_quits_when_asked_is_not_kept_for_its_grace_by_what_it_left(pids: Path) -> None:
    # The child the stand-in leaves holds the app's output open after the app has gone.
    async with asyncio.timeout(BOUND):
        async with serving(options(pids, "obeys", quit_grace=60)) as (_, base), aiohttp.ClientSession() as client:
            tab = await open_tab(client, base)
            await tab.wait_for(READY_TEXT)
            started = fake_pids(pids)
            await tab.close()
            assert await gone_within(started, timeout=5) == []


async def test_closing_the_server_ends_every_tab(pids: Path) -> None:
    async with asyncio.timeout(BOUND):
        given = options(pids, "ignores", quit_grace=0.5)
        async with serving(given) as (_, base), aiohttp.ClientSession() as client:
            tabs = [await open_tab(client, base) for _ in range(3)]
            for tab in tabs:
                await tab.wait_for(READY_TEXT)
        # The server closed with the tabs still open.
        assert await gone_within(fake_pids(pids), timeout=5) == []


async def test_a_tab_sending_nonsense_is_closed_and_the_server_goes_on(pids: Path) -> None:
    async with asyncio.timeout(BOUND):
        async with serving(options(pids, quit_grace=0.5)) as (server, base), aiohttp.ClientSession() as client:
            tab = await open_tab(client, base)
            await tab.wait_for(READY_TEXT)
            await tab.websocket.send_str("not json")
            assert tab.reader is not None
            await tab.reader  # the server closed this tab
            assert await gone_within(fake_pids(pids), timeout=5) == []
            again = await open_tab(client, base)
            await again.wait_for(READY_TEXT)


async def test_a_page_cannot_ask_for_a_terminal_of_any_size(pids: Path) -> None:
    async with asyncio.timeout(BOUND):
        async with serving(options(pids)) as (_, base), aiohttp.ClientSession() as client:
            huge = await open_tab(client, base, size=(100_000, 2))
            await huge.wait_for(f"{READY_TEXT} {WIDTHS.stop - 1}x{HEIGHTS.start}")
            usual = await open_tab(client, base, size=(80, 24))
            await usual.wait_for(f"{READY_TEXT} 80x24")


async def test_a_spare_app_waits_for_the_next_tab_within_the_cap(pids: Path) -> None:
    async def until_started(count: int) -> None:
        while len(fake_pids(pids)) < count:  # each app and the child it leaves
            await asyncio.sleep(0.05)

    async with asyncio.timeout(BOUND):
        given = options(pids, quit_grace=0.5, max_sessions=2, spare=True)
        async with serving(given) as (server, base), aiohttp.ClientSession() as client:
            await until_started(2)  # the spare, started with the server, before any tab
            first = await open_tab(client, base, size=(90, 30))
            await first.wait_for(READY_TEXT)  # what the spare drew before its tab came, shown in it
            await until_started(4)  # the first tab took the spare; a new spare waits for the next
            second = await open_tab(client, base)
            await second.wait_for(READY_TEXT)
            assert len(server.tabs) == 2
            await asyncio.sleep(0.5)
            assert len(fake_pids(pids)) == 4  # it took the second spare; at the cap, no third one
            await first.close()
            await until_started(6)  # a place came free: a spare again
        assert await gone_within(fake_pids(pids), timeout=5) == []  # the tabs and the spare
