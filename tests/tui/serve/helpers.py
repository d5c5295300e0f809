"""Shared helpers of the ``parlour serve`` tests: a stand-in app and waiting for processes to end."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path

from tests.external_helpers import alive
from tests.tui.serve import fake_tab

FAKE_TAB = Path(fake_tab.__file__)


def fake_command(mode: str, folder: Path) -> list[str]:
    """The command of a stand-in tab app (``obeys`` or ``ignores`` the request to quit) noting its pids in
    ``folder``."""
    return [sys.executable, str(FAKE_TAB), mode, str(folder)]


def fake_pids(folder: Path) -> list[int]:
    """Every stand-in app started so far and the child each left behind."""
    found = []
    for note in folder.iterdir():
        found += [int(note.name), int(note.read_text())]
    return found


async def gone_within(pids: list[int], timeout: float) -> list[int]:
    """The pids still alive after waiting up to ``timeout`` seconds for them to end."""
    end = time.monotonic() + timeout
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > end:
            return left
        await asyncio.sleep(0.05)
