"""The ``parlour serve`` command: its options checked before serving, the home screen in a tab, Ctrl+C."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys

import aiohttp
import pytest

from bench.serve import HOME_WORDS, open_tab
from tests.external_helpers import ended_with_test, parents, wait_gone
from tui.cli.main import main


@pytest.mark.parametrize(
    ("words", "said"),
    [
        (["--port", "70000"], "--port must be 0 to 65535"),
        (["--max-sessions", "0"], "--max-sessions must be at least 1"),
        (["--token", "short"], "--token must be 8 to 128"),
        (["--token", "has/a/slash"], "--token must be 8 to 128"),
        (["--", "arena", "nimmt", "--games", "3"], "a tab opens the app"),
        (["--", "play", "nimmt", "--seat", "bogus"], "what each tab opens: parlour play: bad seat 'bogus'"),
    ],
)
def test_bad_options_are_said_in_one_line_before_serving(
    words: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serve", "--port", "0", *words]) == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1


def descendants(pid: int) -> list[int]:
    """Every process started below ``pid``."""
    tree = parents()
    found, todo = [], [pid]
    while todo:
        parent = todo.pop()
        kids = [child for child, of in tree.items() if of == parent]
        found += kids
        todo += kids
    return found


@pytest.mark.program
def test_a_tab_shows_the_home_screen_and_ctrl_c_ends_every_tab() -> None:
    command = [sys.executable, "-m", "tui.cli", "serve", "--port", "0"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=os.environ)
    with ended_with_test(proc):
        assert proc.stdout is not None
        first = proc.stdout.readline()
        found = re.search(r"open (http://127\.0\.0\.1:\d+)/ ", first)
        assert found, first
        base = found.group(1)

        async def two_tabs_at_home() -> list[int]:
            async with aiohttp.ClientSession() as client:
                tabs = [await open_tab(client, base) for _ in range(2)]
                for tab in tabs:
                    await tab.wait_for(HOME_WORDS, timeout=60)
                apps = descendants(proc.pid)
                assert len(apps) >= 2
                proc.send_signal(signal.SIGINT)  # Ctrl+C, the tabs still open
                for tab in tabs:
                    assert tab.reader is not None
                    await asyncio.wait_for(tab.reader, 20)  # each tab's WebSocket is closed by the server
                return apps

        apps = asyncio.run(asyncio.wait_for(two_tabs_at_home(), 120))
        assert proc.wait(timeout=20) == 0
        assert wait_gone(apps, timeout=5) == []
        assert proc.stderr is not None
        assert "every tab's app has ended" in proc.stderr.read()


@pytest.mark.program
@pytest.mark.skipif(sys.platform != "linux", reason="a parent's death is told to its children on Linux only")
def test_tabs_end_even_when_the_server_is_killed() -> None:
    command = [sys.executable, "-m", "tui.cli", "serve", "--port", "0"]
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, env=os.environ)
    with ended_with_test(proc):
        assert proc.stdout is not None
        found = re.search(r"open (http://127\.0\.0\.1:\d+)/ ", proc.stdout.readline())
        assert found
        base = found.group(1)

        async def a_tab_at_home() -> list[int]:
            async with aiohttp.ClientSession() as client:
                tab = await open_tab(client, base)
                await tab.wait_for(HOME_WORDS, timeout=60)
                apps = descendants(proc.pid)
                proc.kill()  # no chance to end its tabs itself
                return apps

        apps = asyncio.run(asyncio.wait_for(a_tab_at_home(), 120))
        assert apps
        proc.wait(timeout=10)
        assert wait_gone(apps, timeout=5) == []
