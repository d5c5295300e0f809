"""The keeper of one seat's program: ``python -I -S seat_keeper.py FD -- ARGV...``.

It runs the program (or the sandbox holding it) as its child and is its *child subreaper*, so everything the program
starts, even a helper that left its session and cleared its environment, is re-parented to the keeper when its own
parent ends. When the program exits, the keeper kills every process left under it and exits the way the program did
(its exit code, or the same signal). ``FD`` is the read end of a pipe whose write end only the Parlour process holds:
it reaches end of file when Parlour ends, however (``kill -9`` too), and the keeper then kills the program and all it
started. (Not ``PR_SET_PDEATHSIG``: the kernel sends that when the *thread* that started a process ends, and Parlour
starts programs from a bot's thread that ends after its turn.) It is run as a file with no site packages and imports
nothing of Parlour, so it starts in a few milliseconds and sees nothing of Parlour's.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import resource
import signal
import subprocess
import sys
import threading
from pathlib import Path

PR_SET_CHILD_SUBREAPER = 36


def descendants() -> list[int]:
    """Every live process under this one (its children, theirs, and so on)."""
    me, kids = os.getpid(), {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                kids.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], list(kids.get(me, ()))
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(kids.get(pid, ()))
    return found


def end_all() -> None:
    """Kill everything under this process and wait for it all (orphans come to us, the subreaper)."""
    for _ in range(20):
        live = descendants()
        if not live:
            break
        for pid in live:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, 0)[0]:
                pass


def watch(life_line: int) -> None:
    """Wait for end of file on ``life_line`` (Parlour has ended), then end everything and leave."""
    with contextlib.suppress(OSError):
        while os.read(life_line, 1):
            pass
    end_all()
    os._exit(128 + signal.SIGKILL)


def through_pipe(program: list[str]) -> tuple[list[str], tuple[int, ...]]:
    """A bubblewrap command line with its options handed over a pipe (``--args``), so that the sandbox's first
    process, which the program can see, shows no path of them; other command lines as they are."""
    if not program[0].endswith("bwrap") or "--" not in program:
        return program, ()
    split = program.index("--")
    read_end, write_end = os.pipe()
    with os.fdopen(write_end, "wb") as options:  # a few kB: the pipe holds it all
        options.write(b"".join(word.encode() + b"\0" for word in program[1:split]))
    return [program[0], "--args", str(read_end), *program[split:]], (read_end,)


def main(argv: list[str]) -> int:
    life_line, program = int(argv[0]), argv[2:]
    ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    # Parlour ends a seat by signalling its whole tree; the keeper stays to clean up after the program.
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    program, passed = through_pipe(program)
    try:
        child = subprocess.Popen(program, preexec_fn=_default_signals, pass_fds=passed)  # not the life line
    except OSError as exc:
        print(f"cannot start {program[0]!r}: {exc.strerror or exc}", file=sys.stderr)
        return 127
    for fd in passed:
        os.close(fd)
    # Only the program holds its input and output now, so Parlour sees it close them.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    threading.Thread(target=watch, args=(life_line,), daemon=True).start()
    status = 0
    while True:
        try:
            pid, status = os.waitpid(-1, 0)
        except ChildProcessError:
            break
        if pid == child.pid:
            break
    end_all()
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # the program's crash, not a core of the keeper's
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        return 128 + sig
    return os.waitstatus_to_exitcode(status)


def _default_signals() -> None:
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, signal.SIG_DFL)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
