"""Worker processes are forked only from a process running no other thread, and play the same games either way."""

from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import pytest

from ai.programs.processes import end_on_signals, end_workers, exit_if_stopped, signals_held, worker_context
from ai.tournaments.arena import run_arena
from tests.summary_helpers import timeless

pytestmark = pytest.mark.skipif(os.name == "nt", reason="Windows has no fork")


@pytest.fixture
def other_thread() -> Iterator[threading.Thread]:
    """A thread that runs until the test ends."""
    stop = threading.Event()
    thread = threading.Thread(target=stop.wait, name="test-other-thread")
    thread.start()
    yield thread
    stop.set()
    thread.join()


def only_the_main_thread() -> bool:
    """Wait (at most 10 s in all) for threads that other tests left ending to end."""
    deadline = time.monotonic() + 10
    for thread in threading.enumerate():
        if thread is not threading.main_thread():
            thread.join(max(0.0, deadline - time.monotonic()))
    return threading.active_count() == 1


def test_a_process_with_only_its_main_thread_forks() -> None:
    assert only_the_main_thread(), [t.name for t in threading.enumerate()]
    assert worker_context().get_start_method() == "fork"


def test_a_process_running_another_thread_spawns(other_thread: threading.Thread) -> None:
    assert worker_context().get_start_method() == "spawn"


def test_spawned_workers_play_the_same_games(other_thread: threading.Thread) -> None:
    specs = ["ai:easy", "random", "random", "random"]
    spawned = run_arena("nimmt", None, specs, 16, seed=9, workers=2)
    in_process = run_arena("nimmt", None, specs, 16, seed=9, workers=1)
    assert timeless(spawned) == timeless(in_process) and spawned["games"] == 16


def deaf_to_sigterm() -> None:
    """A worker start-up that ignores SIGTERM, as a worker stuck past its handler would."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)


def test_a_worker_that_does_not_end_on_sigterm_is_killed_after_the_grace() -> None:
    pool = ProcessPoolExecutor(1, mp_context=worker_context(), initializer=deaf_to_sigterm)
    pid = pool.submit(os.getpid).result(timeout=30)  # the worker is up, its handler set
    pool.submit(time.sleep, 60)
    end_workers(pool, grace=0.5)
    # Without the kill the shutdown would wait the minute out (the worker ignores SIGTERM); 10 s is far above the
    # grace and far below the sleep.
    shutting = threading.Thread(target=pool.shutdown, kwargs={"wait": True, "cancel_futures": True})
    shutting.start()
    shutting.join(timeout=10)
    assert not shutting.is_alive()
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)  # gone, and reaped


def a_long_game(started: Path) -> None:
    """A job that says it started, then plays until a kill ends it."""
    started.touch()
    time.sleep(60)


def test_a_worker_stopped_in_its_game_ends_at_once_not_at_the_grace(tmp_path: Path) -> None:
    pool = ProcessPoolExecutor(1, mp_context=worker_context(), initializer=end_on_signals)
    pid = pool.submit(os.getpid).result(timeout=30)
    pool.submit(a_long_game, tmp_path / "started")
    while not (tmp_path / "started").exists():
        time.sleep(0.01)
    # 20 s is far above the time to end and far below the grace.
    ended = threading.Thread(target=end_workers, args=(pool,), kwargs={"grace": 60})
    ended.start()
    ended.join(timeout=20)
    assert not ended.is_alive()
    pool.shutdown(wait=True)
    with pytest.raises(ProcessLookupError):
        os.kill(pid, 0)


def stopped_in_its_game() -> None:
    """A job whose game a kill ends (the worker is sent SIGTERM while it plays)."""
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(10)  # the handler raises before this ends


def next_game() -> str:
    """A job as the arena's and the ladder's begin."""
    exit_if_stopped()
    return "played"


def test_a_worker_stopped_in_a_game_takes_no_further_game() -> None:
    # The pool hands the stopped job's SystemExit back as its result and would give the worker the next job, whose
    # programs the run's kill would then cut off: the worker leaves instead.
    pool = ProcessPoolExecutor(1, mp_context=worker_context(), initializer=end_on_signals)
    try:
        stopped = pool.submit(stopped_in_its_game)
        after = pool.submit(next_game)
        with pytest.raises(SystemExit):
            stopped.result(timeout=30)
        with pytest.raises(BrokenProcessPool):
            after.result(timeout=30)
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def test_a_signal_held_while_a_program_starts_is_acted_on_once_it_has_started() -> None:
    reached = []
    before = signal.signal(signal.SIGINT, signal.default_int_handler)  # other tests' code may have set its own
    try:
        with pytest.raises(KeyboardInterrupt), signals_held():
            os.kill(os.getpid(), signal.SIGINT)
            reached.append("the block went on")
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler  # given back
    finally:
        signal.signal(signal.SIGINT, before)
    assert reached == ["the block went on"]
    with signals_held():  # nothing came: nothing happens
        reached.append("again")
    assert reached[-1] == "again"
