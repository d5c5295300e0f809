"""The real app in a pseudo-terminal: when its terminal goes away, or a kill comes while the terminal has stopped
reading, it leaves within seconds with its programs, and the game it was playing can be resumed."""

from __future__ import annotations

import contextlib
import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.external_helpers import alive, parents, wait_gone
from tui import storage

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="pseudo-terminals and /proc (Linux)")

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "bots" / "nimmt_bot.py"
LEAVING_BOUND_S = 10.0
"""How long a test waits for the app to end: far above the seconds it takes, far below "for ever"."""


def _in_terminal(master: int, slave: int, controlling: bool) -> subprocess.Popen[bytes]:
    """``parlour watch nimmt`` with two ``cmd:`` seats, on the pseudo-terminal ``slave``; ``controlling``: the
    terminal is the app's controlling one (closing it sends SIGHUP, as a closed window does)."""
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
    program = f"cmd:{sys.executable} {BOT}"
    argv = ["watch", "nimmt", "--seat", program, "--seat", program, "--seat", "ai:easy", "--seat", "ai:easy"]
    env = dict(os.environ, PYTHONPATH=str(ROOT), TERM="xterm-256color")
    take_terminal = (lambda: fcntl.ioctl(0, termios.TIOCSCTTY, 0)) if controlling else None
    return subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from tui.cli.main import main; sys.exit(main(sys.argv[1:]))",
            *argv,
            # The players' own speed: the game lasts about a minute, far longer than a test takes to end it, so it
            # is still going when the terminal goes (a faster one could end first, leaving nothing to resume).
            "--speed",
            "1",
        ],
        stdin=slave,
        stdout=slave,
        stderr=slave,
        env=env,
        cwd=ROOT,
        start_new_session=True,
        preexec_fn=take_terminal,  # noqa: PLW1509 - the child runs only ioctl before exec
    )


def _descendants(pid: int) -> list[int]:
    """Every live process descending from ``pid``."""
    parent_of = parents()
    found, frontier = [], [pid]
    while frontier:
        here = frontier.pop()
        kids = [child for child, parent in parent_of.items() if parent == here]
        found += kids
        frontier += kids
    return found


def _programs(pid: int) -> list[int]:
    """The ``cmd:`` programs the app ``pid`` runs now: the bots themselves, not the keeper and sandbox processes
    that start them (their command lines name the bot too)."""
    out = []
    for child in _descendants(pid):
        with contextlib.suppress(OSError):
            argv = Path(f"/proc/{child}/cmdline").read_bytes().split(b"\0")
            if argv[1:2] == [str(BOT).encode()]:
                out.append(child)
    return out


def _read_until(master: int, done: Callable[[], bool], timeout: float, what: str) -> None:
    """Read what the app draws until ``done()``; fails the test naming ``what`` after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while not done():
        assert time.monotonic() < end, f"the app never got to {what}"
        if select.select([master], [], [], 0.05)[0]:
            with contextlib.suppress(OSError):
                os.read(master, 1 << 16)


def _unread(master: int) -> int:
    """Bytes the app has written that the test has not read."""
    return int(struct.unpack("i", fcntl.ioctl(master, termios.FIONREAD, b"\0\0\0\0"))[0])


@contextlib.contextmanager
def _watched_game(controlling: bool) -> Iterator[tuple[subprocess.Popen[bytes], int, list[int]]]:
    """The app playing a game with two programs, being drawn: (the process, the terminal's master end, the
    programs' pids). Whatever is left of them is killed afterwards."""
    master, slave = os.openpty()
    proc = _in_terminal(master, slave, controlling)
    os.close(slave)
    programs: list[int] = []
    try:

        def playing() -> bool:
            programs[:] = _programs(proc.pid)
            assert proc.poll() is None, f"the app ended at once (status {proc.returncode})"
            return len(programs) == 2 and bool(list((storage.data_dir() / "replays").glob("*.jsonl")))

        _read_until(master, playing, 60, "a game with two programs")
        yield proc, master, programs
    finally:
        with contextlib.suppress(OSError):
            os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        for pid in programs:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)


def _assert_left_with_its_programs(proc: subprocess.Popen[bytes], programs: list[int], status: int) -> None:
    """The app ended within :data:`LEAVING_BOUND_S` with ``status``, its programs with it, and its game resumes."""
    try:
        proc.wait(LEAVING_BOUND_S)
    except subprocess.TimeoutExpired:
        pytest.fail(
            f"the app still runs {LEAVING_BOUND_S} s later (programs alive: {[p for p in programs if alive(p)]})"
        )
    assert proc.returncode == status
    assert wait_gone(programs, 3.0) == []
    (replay,) = (storage.data_dir() / "replays").glob("*.jsonl")
    assert storage.save_problem(replay) is None  # no lock left: `parlour resume` goes on with it
    assert not storage.read_replay(replay).finished


def _no_program_holds_the_save(programs: list[int]) -> None:
    """No program inherited the replay file (its lock would outlive the app)."""
    (replay,) = (storage.data_dir() / "replays").glob("*.jsonl")
    for pid in programs:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            with contextlib.suppress(FileNotFoundError):  # closed meanwhile
                assert os.readlink(f"/proc/{pid}/fd/{fd}") != str(replay), f"program {pid} holds the save"


def test_a_terminal_that_goes_away_ends_the_app_and_its_programs() -> None:
    # Not its controlling terminal: no SIGHUP comes, only writes that fail; the app keeps drawing meanwhile.
    with _watched_game(controlling=False) as (proc, master, programs):
        _no_program_holds_the_save(programs)
        os.close(master)
        _assert_left_with_its_programs(proc, programs, 128 + signal.SIGHUP)


def test_a_closed_window_ends_the_app_and_its_programs() -> None:
    with _watched_game(controlling=True) as (proc, master, programs):
        os.close(master)  # the kernel sends SIGHUP, and writes fail from now on
        _assert_left_with_its_programs(proc, programs, 128 + signal.SIGHUP)


@pytest.mark.parametrize("ending", [signal.SIGTERM, signal.SIGHUP], ids=["SIGTERM", "SIGHUP"])
def test_a_kill_ends_the_app_while_its_terminal_reads_nothing(ending: signal.Signals) -> None:
    # A terminal that stopped reading (a hung ssh link): the app's output backs up until its drawing blocks.
    with _watched_game(controlling=False) as (proc, master, programs):
        seen = [-1]

        def backed_up() -> bool:
            before, seen[0] = seen[0], _unread(master)
            return seen[0] == before > 0

        end = time.monotonic() + 60
        while not backed_up():
            assert time.monotonic() < end, "the app's output never backed up"
            time.sleep(0.5)  # the output is backed up once half a second passes without any more of it
        os.kill(proc.pid, ending)
        _assert_left_with_its_programs(proc, programs, 128 + ending)
