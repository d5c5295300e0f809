"""One browser tab's app process: started in a session of its own, and ended within a bounded time."""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import os
import shlex
import signal
import sys
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from textual_serve.app_service import AppService

KILL_GRACE_S = 1.0
"""After SIGTERM, how long an app has to go before it is killed."""
HOLD_LIMIT = 8 * 1024**2
"""Bytes of a spare's output held for its tab at most (a home screen draws a few tens of KiB)."""
WIDTHS = range(20, 501)
HEIGHTS = range(8, 201)
"""The terminal sizes a page may ask for: a bigger one would only make its app draw (and hold) a huge screen."""


PR_SET_PDEATHSIG = 1
"""Linux's prctl option: a signal for this process when its parent ends."""
_LIBC = ctypes.CDLL(None, use_errno=True) if sys.platform == "linux" else None


def _end_with_the_server() -> None:
    """Run in a tab's app process before it starts: SIGTERM when the server ends, even by SIGKILL (Linux)."""
    if _LIBC is not None:
        _LIBC.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


def clamped(value: int, within: range) -> int:
    """``value`` brought within ``within``."""
    return min(max(value, within.start), within.stop - 1)


class TabEnded(Exception):
    """The tab was ended before its app could start (the server is closing)."""


class TabProcess(AppService):
    """textual-serve's app service, with two changes: the app runs without a shell in a process group of its own,
    and :meth:`stop` asks it to quit, then ends it (SIGTERM, then SIGKILL) instead of waiting for ever."""

    def __init__(self, argv: Sequence[str], *, quit_grace: float, **kwargs: Any) -> None:
        self._held: list[tuple[str, Any]] = []
        self._held_bytes = 0
        self.usable = True
        """False once a spare's output held for its tab grew past :data:`HOLD_LIMIT` (it is then ended)."""
        super().__init__(
            shlex.join(argv), write_bytes=self._hold_bytes, write_str=self._hold_str, close=self._hold_close, **kwargs
        )
        self.argv = list(argv)
        self.quit_grace = quit_grace
        """Seconds the app has to quit once asked, before it is ended."""
        self._ending: asyncio.Future[None] | None = None
        self._starting: asyncio.Future[None] | None = None

    # --- a spare: started before its tab, its output held until the tab comes ----------------------
    async def _hold_bytes(self, data: bytes) -> None:
        self._held.append(("bytes", data))
        self._held_bytes += len(data)
        if self._held_bytes > HOLD_LIMIT:  # no tab came for a long time while it kept drawing: it is no use
            self._held.clear()
            self.usable = False

    async def _hold_str(self, text: str) -> None:
        self._held.append(("str", text))

    async def _hold_close(self) -> None:
        self._held.append(("close", None))

    async def attach(
        self,
        write_bytes: Callable[[bytes], Awaitable[None]],
        write_str: Callable[[str], Awaitable[None]],
        close: Callable[[], Awaitable[object]],
    ) -> None:
        """Send what the app wrote so far to its tab, then all it writes from now on."""
        while self._held:  # output coming meanwhile is held behind, so the order is kept
            kind, data = self._held.pop(0)
            await (write_bytes(data) if kind == "bytes" else write_str(data) if kind == "str" else close())
        self.remote_write_bytes = write_bytes
        self.remote_write_str = write_str

        async def close_remote() -> None:  # a WebSocket's close says whether it closed; textual-serve never asks
            await close()

        self.remote_close = close_remote

    async def begin(self, width: int, height: int) -> None:
        """Start the app with a terminal of ``width`` × ``height``, or, for a spare already started, tell it that
        size (it draws itself again)."""
        if self._starting is None:
            await self.start(width, height)
            return
        await asyncio.shield(self._starting)
        await self.set_terminal_size(width, height)

    @property
    def running(self) -> bool:
        """Started (or starting) and not ended."""
        if self._ending is not None or self._starting is None:
            return False
        return self._process is None or self._process.returncode is None

    @property
    def pid(self) -> int | None:
        """The app's process id once started (also its process group's)."""
        return None if self._process is None else self._process.pid

    async def _open_app_process(self, width: int = 80, height: int = 24) -> asyncio.subprocess.Process:
        environment = self._build_environment(width=width, height=height)
        self._process = process = await asyncio.create_subprocess_exec(
            *self.argv,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
            env=environment,
            start_new_session=True,  # its group holds whatever it starts, so ending the group leaves nothing
            preexec_fn=_end_with_the_server,
        )
        assert process.stdin is not None
        self._stdin = process.stdin
        return process

    async def start(self, width: int, height: int) -> None:
        """Start the app with a terminal of ``width`` × ``height``; TabEnded if the tab was stopped already."""
        if self._ending is not None:
            raise TabEnded("the tab was ended before its app started")
        self._starting = asyncio.ensure_future(super().start(clamped(width, WIDTHS), clamped(height, HEIGHTS)))
        await asyncio.shield(self._starting)  # a cancelled caller must not leave a process half started

    async def set_terminal_size(self, width: int, height: int) -> None:
        """Tell the app its terminal's new size, within :data:`WIDTHS` and :data:`HEIGHTS`."""
        await super().set_terminal_size(clamped(width, WIDTHS), clamped(height, HEIGHTS))

    async def stop(self) -> None:
        """End the app: asked to quit, then SIGTERM after :attr:`quit_grace` seconds, then SIGKILL; returns once it
        is gone. Safe to call more than once and from several tasks."""
        if self._ending is None:
            self._ending = asyncio.ensure_future(self._end())
        await asyncio.shield(self._ending)

    async def _end(self) -> None:
        if self._starting is not None:  # asked to stop while starting: the process is ended once it is there
            await asyncio.wait([self._starting])
        process, task = self._process, self._task
        if process is None:
            return
        await self._download_manager.cancel_app_downloads(app_service_id=self.app_service_id)
        if process.returncode is None:
            # An app that reads no input could leave the pipe full: the request is not waited on for long.
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.send_meta({"type": "quit"}), self.quit_grace)
            if not await _exited(process, self.quit_grace):
                self._signal_group(signal.SIGTERM)
                if not await _exited(process, KILL_GRACE_S):
                    self._signal_group(signal.SIGKILL)
                    await process.wait()
        self._signal_group(signal.SIGKILL)  # anything the app started and left behind in its group
        if self._stdin is not None:
            self._stdin.close()
        # Its output ends once the last process holding it is gone: then the pipes are closed, nothing is left.
        outputs = [pipe for pipe in (process.stdout, process.stderr) if pipe is not None]
        deadline = asyncio.get_running_loop().time() + KILL_GRACE_S
        while not all(pipe.at_eof() for pipe in outputs) and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.02)
        if task is not None:
            try:
                await asyncio.wait_for(task, KILL_GRACE_S)
            except TimeoutError:
                task.cancel()
        await asyncio.sleep(0)  # the pipes' closing callbacks run
        self._task = None

    def _signal_group(self, number: signal.Signals) -> None:
        if self._process is None:
            return
        with contextlib.suppress(ProcessLookupError, PermissionError):  # the group is gone already
            os.killpg(self._process.pid, number)


async def _exited(process: asyncio.subprocess.Process, timeout: float) -> bool:
    """Whether ``process`` ends within ``timeout`` seconds."""
    # Its return code, not ``wait()``: that also waits for its pipes to close, which a child it left holding them
    # delays until the group is ended.
    deadline = asyncio.get_running_loop().time() + timeout
    while process.returncode is None:
        if asyncio.get_running_loop().time() >= deadline:
            return False
        await asyncio.sleep(0.02)
    return True
