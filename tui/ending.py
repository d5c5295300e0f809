"""Leaving for sure: a kill or a lost terminal ends the app within seconds, whatever Textual's shutdown does.

Textual writes to the terminal from a thread fed by a bounded queue. When the terminal goes away (its window closed,
an ssh link dropped) a write fails, that thread dies, and the app's shutdown then waits for ever to queue its last
writes, still running its programs and holding its save. Here the terminal's output swallows the failure and asks
the app to leave instead (:class:`TerminalOutput`), and a watchdog ends the process, programs first, when the
app's own way out has not done it within :data:`ENDING_GRACE_S` of the kill (:class:`AppEnding`). Nothing is
lost by that: every move is synced to the replay as it is made.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import threading
import time
from collections.abc import Callable
from types import FrameType
from typing import Any, TextIO

from textual.app import App

from ai.programs.processes import ENDING_SIGNALS

ENDING_GRACE_S = 2.0
"""Seconds the app's own shutdown has, after a kill or a lost terminal, before the watchdog ends the process."""
CLOSING_PROGRAMS_S = 1.5
"""Seconds the watchdog gives ending the programs before it leaves anyway."""
LOST_TERMINAL_STATUS = 128 + getattr(signal, "SIGHUP", 1)
"""The exit status when the terminal went away without a signal: the one its SIGHUP would have given."""

_Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


class AppEnding:
    """How one app leaves on :data:`~ai.programs.processes.ENDING_SIGNALS` or a lost terminal.

    :meth:`begin` asks the app to exit as ``q`` would (screens unmount, programs end, the terminal is restored);
    once :meth:`arm` has started the watchdog, the process also ends at most :data:`ENDING_GRACE_S` later if the
    app has not, after ending every program (:func:`ai.programs.external.close_all`). Signals are caught by plain
    handlers, not the event loop's: a loop stuck inside a blocking call never runs its own.
    """

    def __init__(self, app: App[Any], grace: float = ENDING_GRACE_S) -> None:
        self._app = app
        self._grace = grace
        self._status: int | None = None
        self._asked = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._before: dict[int, _Handler] = {}
        self.armed = False
        """Whether the watchdog runs (the command line's app; never in tests, where it would end the test run)."""

    @property
    def status(self) -> int | None:
        """The exit status asked for (128 + the signal), or None while nothing asked the app to leave."""
        return self._status

    def install(self) -> None:
        """Catch the ending signals (from the main thread); the handlers they had come back with :meth:`uninstall`."""
        for ending in ENDING_SIGNALS:
            if ending not in self._before:
                self._before[ending] = signal.signal(ending, self._on_signal)

    def uninstall(self) -> None:
        """Give the ending signals back the handlers they had before :meth:`install`."""
        for ending, handler in self._before.items():
            signal.signal(ending, handler)
        self._before.clear()

    def arm(self) -> None:
        """Start the watchdog: from now on the process ends within :data:`ENDING_GRACE_S` of being asked to."""
        if not self.armed:
            self.armed = True
            threading.Thread(target=self._watch, name="parlour-ending", daemon=True).start()

    def attach(self, loop: asyncio.AbstractEventLoop) -> None:
        """The app's event loop (on mount): a request that came before it runs there now."""
        self._loop = loop
        if self._status is not None:
            self._app.exit(return_code=self._status)

    def begin(self, status: int) -> None:
        """Ask the app to leave with ``status``; safe from any thread and from a signal handler. The first status
        asked for is the one kept."""
        if self._status is None:
            self._status = status
        self._asked.set()
        loop = self._loop
        if loop is not None:
            with contextlib.suppress(RuntimeError):  # the loop has closed: the app has gone already
                loop.call_soon_threadsafe(self._exit_app)

    def terminal_lost(self) -> None:
        """The terminal refused a write (it has gone): leave as its hang-up signal would make the app leave."""
        self.begin(LOST_TERMINAL_STATUS)

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        self.begin(128 + signum)

    def _exit_app(self) -> None:
        self._app.exit(return_code=self._status if self._status is not None else LOST_TERMINAL_STATUS)

    def _watch(self) -> None:
        self._asked.wait()
        time.sleep(self._grace)  # the app's own way out normally ends the process well before this
        self.leave_now()

    def leave_now(self) -> None:
        """End every program, then the process, at once (the last resort; the replay is already on disk)."""
        from ai.programs.external import close_all

        status = self._status if self._status is not None else LOST_TERMINAL_STATUS
        # Ending a program waits on its turn's lock: a stuck one must not keep the process either.
        backstop = threading.Timer(CLOSING_PROGRAMS_S, os._exit, (status,))
        backstop.daemon = True
        backstop.start()
        with contextlib.suppress(Exception):
            close_all()
        os._exit(status)


class TerminalOutput:
    """The terminal as Textual's output thread writes to it: a write or flush that fails (the terminal has gone:
    EIO, EPIPE) is dropped with all later output, and ``lost`` is called once, instead of the thread dying and
    the app's last writes waiting for it for ever."""

    def __init__(self, file: TextIO, lost: Callable[[], None]) -> None:
        self._file = file
        self._lost = lost
        self.gone = False
        """Whether the terminal has refused output (nothing is written any more)."""

    def write(self, text: str) -> int:
        """Write ``text`` to the terminal unless it has gone."""
        if not self.gone:
            try:
                self._file.write(text)
            except (OSError, ValueError):  # ValueError: the file was closed under us
                self._give_up()
        return len(text)

    def flush(self) -> None:
        """Flush the terminal unless it has gone."""
        if not self.gone:
            try:
                self._file.flush()
            except (OSError, ValueError):
                self._give_up()

    def fileno(self) -> int:
        """The terminal's file descriptor."""
        return self._file.fileno()

    def isatty(self) -> bool:
        """Whether the output is a terminal (as the wrapped file says)."""
        return self._file.isatty()

    def _give_up(self) -> None:
        self.gone = True
        self._lost()


def terminal_driver() -> type[Any]:
    """Textual's POSIX terminal driver writing through :class:`TerminalOutput`; a lost terminal is told to the
    app's ``ending`` (:class:`AppEnding`) where it has one."""
    from textual.drivers.linux_driver import LinuxDriver

    class TerminalDriver(LinuxDriver):
        """The POSIX driver, telling the app's :class:`AppEnding` when the terminal goes away."""

        def __init__(self, app: App[Any], **options: Any) -> None:
            super().__init__(app, **options)
            ending = getattr(app, "ending", None)
            lost = ending.terminal_lost if isinstance(ending, AppEnding) else (lambda: None)
            self._output: TerminalOutput | None = None
            if self._file is not None:  # None: no standard error at all, and nothing to draw on
                self._output = TerminalOutput(self._file, lost)
                self._file = self._output  # type: ignore[assignment] # Textual's output thread only writes, flushes

        def _sigcont_application(self, *args: object) -> None:
            # A hang-up comes with SIGCONT: starting the screen again on a terminal that has gone would only stall.
            output = getattr(self, "_output", None)
            if output is None or not output.gone:
                super()._sigcont_application(*args)

    return TerminalDriver
