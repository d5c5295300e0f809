"""How Parlour starts the worker processes that play games side by side (the arena's, the ladder's, the benches').

A forked worker starts at once with everything this process has loaded, so fork is the choice where it is safe: on
POSIX, from a process running no thread but its main one. A fork copies every lock as it stands, and a lock that
another thread held at that instant stays held in the child, where no thread will ever release it; a worker that
needs it waits forever (Python 3.12 warns of such forks). ``parlour arena`` forks while its progress bar's thread
runs, and a test process may hold the threads of a Dask client, so those start their workers by spawn: a fresh
interpreter each, slower to start, with the same results.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import connection
from multiprocessing.context import BaseContext

ENDING_SIGNALS = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (signal.SIGTERM,)
"""Signals that end a process the way Ctrl-C does (``kill``, a closed terminal): its clean-up runs, so no program
it started is left running and no half-played game is recorded."""

END_GRACE = 3.0
"""Seconds a worker has to end after SIGTERM (its games and programs end well within it) before it is killed."""


_stopped: int | None = None
"""In a pool worker (:func:`end_on_signals`): the exit status of the stop it acted on, if any."""


def terminated(signum: int, frame: object) -> None:
    """A handler for :data:`ENDING_SIGNALS`: leave through ``SystemExit`` (the shell's 128 + signal status), so every
    ``finally`` and exit hook runs."""
    raise SystemExit(128 + signum)


def _worker_stopped(signum: int, frame: object) -> None:
    """:func:`terminated` in a pool worker, remembered for :func:`exit_if_stopped`. Later stops are ignored: the pool
    sends its other workers SIGTERM again when one of them leaves, and that must not cut their clean-up short (the
    run's kill after :data:`END_GRACE` still ends a worker that hangs)."""
    global _stopped
    _stopped = 128 + signum
    for ending in ENDING_SIGNALS:
        signal.signal(ending, signal.SIG_IGN)
    terminated(signum, frame)


def exit_if_stopped() -> None:
    """Called first by a job of a pool worker: a worker whose game a kill ended leaves now, without taking the job.
    ``ProcessPoolExecutor`` hands a job's ``SystemExit`` back as its result and gives the worker the next job; that
    game's programs would then be cut off by the pool's kill a moment later, with no clean-up."""
    if _stopped is not None:
        os._exit(_stopped)


def die_with(parent: int) -> None:
    """On Linux, have this process killed when its parent ``parent`` ends (``PR_SET_PDEATHSIG``), so ``kill -9`` of
    a run leaves no worker behind; a process whose parent is already gone leaves now. A pool worker's start-up."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    if os.getppid() != parent:  # the run died before the request took effect
        os._exit(1)


def end_on_signals() -> None:
    """Make :data:`ENDING_SIGNALS` end this process through :func:`terminated` (a pool worker's start-up)."""
    for ending in ENDING_SIGNALS:
        signal.signal(ending, _worker_stopped)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold Ctrl-C and :data:`ENDING_SIGNALS` while the block runs, then act on any that came, as it would have.

    For starting a program: a signal that lands inside ``subprocess.Popen``, after the fork, leaves a running
    program whose pid nobody was told, so nothing can end it. Only the main thread gets signals; elsewhere this
    does nothing. A handler set outside Python (``getsignal`` gives None) is left alone."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []

    def hold(signum: int, frame: object) -> None:
        caught.append(signum)

    before = {}
    for held in (signal.SIGINT, *ENDING_SIGNALS):
        if signal.getsignal(held) is not None:
            before[held] = signal.signal(held, hold)
    try:
        yield
    finally:
        for held, handler in before.items():
            signal.signal(held, handler)
        for signum in dict.fromkeys(caught):
            signal.raise_signal(signum)


def worker_context() -> BaseContext:
    """The multiprocessing context for workers started now: fork where it is safe, else spawn."""
    if os.name != "nt" and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def end_workers(pool: ProcessPoolExecutor, grace: float = END_GRACE) -> None:
    """Send every worker of ``pool`` SIGTERM (stopping a run): their games end now, with their programs, so nothing
    is written after the run says it stopped. A worker still running ``grace`` seconds later is killed: the pool's
    shutdown waits for every worker, and one that never ends would hold the run (and its caller) forever. Returns once
    every worker is gone and reaped, the pool shut down. The pool has no public way to reach its workers; without its
    private map (a later Python) the workers finish their current games, as ``shutdown`` alone would let them."""
    processes = getattr(pool, "_processes", None) or {}
    workers = list(processes.values())
    reaper = getattr(pool, "_executor_manager_thread", None)  # a shutdown that does not wait forgets it
    for worker in workers:
        with contextlib.suppress(OSError, ValueError):
            worker.terminate()
    # A worker whose game the signal ended hands its result back and waits for the next job: told there is none, it
    # leaves at once rather than at the kill.
    pool.shutdown(wait=False, cancel_futures=True)
    # Sentinels, not join: the pool's own thread reaps the workers, and a second waiter could miss the exit.
    waiting = {worker.sentinel: worker for worker in workers if worker.exitcode is None}
    deadline = time.monotonic() + grace
    while waiting and (left := deadline - time.monotonic()) > 0:
        for ended in connection.wait(list(waiting), left):
            waiting.pop(ended)
    for worker in waiting.values():
        with contextlib.suppress(OSError, ValueError):
            worker.kill()
    if reaper is not None:
        reaper.join()
