"""Helpers for the external-program tests: example bot commands, hostile programs, process checks."""

from __future__ import annotations

import contextlib
import os
import shlex
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import AnyStr

from ai.programs.external import ExternalBot

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "examples" / "bots"
PYTHON = sys.executable


def program_log(bot: ExternalBot) -> str:
    """The log a program's seat wrote (every test bot here keeps one)."""
    assert bot.log_path is not None, "this seat keeps no log"
    return bot.log_path.read_text()


def example_cmd(game: str) -> str:
    """The ``cmd:`` seat of a game's example bot (hanabi uses the fireworks bot)."""
    name = "fireworks" if game == "hanabi" else game
    return f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(EXAMPLES / f'{name}_bot.py'))}"


# A Volcanoes program that plays its first valid move until turn BAD, then misbehaves as MODE says.
HOSTILE_VOLCANOES = r"""
import os, subprocess, sys, time
mode, bad, pidfile = sys.argv[1], int(sys.argv[2]), sys.argv[3]
with open(pidfile, "a") as f:
    f.write(f"{os.getpid()}\n")
names = [input().split()[0] for _ in range(int(input()))]
turn = 0
while True:
    levels = input().split()
    moves = input().split()
    turn += 1
    if turn < bad:
        print(moves[0], flush=True)
        continue
    if mode == "garbage":
        print("HELLO THERE", flush=True)
    elif mode == "illegal":
        print(next(n for n in names if n not in moves), flush=True)
    elif mode == "sleep":
        time.sleep(60)
    elif mode == "unended":
        sys.stdout.write(moves[0])
        sys.stdout.flush()
        time.sleep(60)
    elif mode == "exit":
        sys.exit(3)
    elif mode == "crash":
        raise RuntimeError("boom")
    elif mode == "longline":
        sys.stdout.write("N" * 300000)
        sys.stdout.flush()
        time.sleep(60)
    elif mode == "flood":
        while True:
            print("N01 " * 200)
    elif mode == "ahead":
        # Its answer and, in the same write, one for the next turn (which it then skips) and a third that is no move.
        sys.stdout.flush()
        os.write(1, f"{moves[0]}\nRANDOM\nHELLO THERE\n".encode())
        levels, moves = input().split(), input().split()  # the next turn's input, answered already
        continue
    elif mode == "blank":
        while True:
            print(flush=True)
    elif mode == "closestdin":
        os.close(0)
        print(moves[0], flush=True)
        time.sleep(60)
    elif mode == "closestdout":
        os.close(1)
        time.sleep(60)
    elif mode == "child":
        child = subprocess.Popen(["sleep", "60"])
        with open(pidfile, "a") as f:
            f.write(f"{child.pid}\n")
        time.sleep(60)
    time.sleep(60)
"""


def write_hostile(tmp: Path) -> Path:
    """The hostile Volcanoes program as a file in ``tmp``."""
    path = tmp / "hostile_volcanoes.py"
    path.write_text(HOSTILE_VOLCANOES, encoding="utf-8")
    return path


def alive(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


@contextlib.contextmanager
def ended_with_test(proc: subprocess.Popen[AnyStr]) -> Iterator[subprocess.Popen[AnyStr]]:
    """``proc``, killed if it still runs when the block ends: a test that fails midway must not leave a long run
    going on (an arena, a ladder), loading the machine for every test after it."""
    try:
        yield proc
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def parents() -> dict[int, int]:
    """Every process's parent, read from ``/proc`` (Linux)."""
    found: dict[int, int] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                found[int(entry.name)] = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
    return found


def wait_gone(pids: list[int], timeout: float = 2.0) -> list[int]:
    """The pids still alive after waiting up to ``timeout`` for them to end (reparented ones end a bit later)."""
    end = time.monotonic() + timeout
    while True:
        left = [p for p in pids if alive(p)]
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.02)


def children() -> list[int]:
    """Live child processes of this test process, but for multiprocessing's resource tracker: the first worker
    pool started by spawn (ai.programs.processes) starts it, and it stays for the life of the process."""
    me = str(os.getpid())
    out = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if fields[1] == me and fields[0] != "Z" and b"multiprocessing.resource_tracker" not in command:
            out.append(int(entry.name))
    return out


def open_fds() -> int:
    """How many file descriptors this process holds."""
    return len(os.listdir("/proc/self/fd"))


# A Volcanoes program that answers its first turn at once and every later one after sleeping 0.3 s.
LATE = """
import sys, time
names = [input().split()[0] for _ in range(int(input()))]
turn = 0
while True:
    input()
    moves = input().split()
    turn += 1
    if turn > 1:
        time.sleep(0.3)
    print(moves[0], flush=True)
"""


def late_program(tmp_path: Path) -> str:
    """The ``cmd:`` seat of :data:`LATE`, written into ``tmp_path``."""
    script = tmp_path / "late.py"
    script.write_text(LATE)
    return f"cmd:{shlex.quote(PYTHON)} {shlex.quote(str(script))}"
