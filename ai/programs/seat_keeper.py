"""The keeper of one seat's program: ``python -I -S seat_keeper.py FD -- ARGV...``.

It runs the program (or the sandbox holding it) as its child and is its *child subreaper*, so everything the program
starts, even a helper that left its session and cleared its environment, is re-parented to the keeper when its own
parent ends. When the program exits, the keeper kills every process left under it and exits the way the program did
(its exit code, or the same signal). ``FD`` is the read end of a pipe whose write end only the Parlour process holds:
it reaches end of file when Parlour ends, however (``kill -9`` too), and the keeper then kills the program and all it
started. (Not ``PR_SET_PDEATHSIG``: the kernel sends that when the *thread* that started a process ends, and Parlour
starts programs from a bot's thread that ends after its turn.) It is run as a file with no site packages and imports
nothing of Parlour (and few modules), so it starts in a few milliseconds and sees nothing of Parlour's.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import resource
import select
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def descendants() -> list[int]:
    """Every live process under this one (its children, theirs, and so on)."""
    me, kids = os.getpid(), dict[int, list[int]]()
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    ppid = int(stat.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(name))
    found: list[int] = []
    todo = list(kids.get(me, ()))
    while todo:
        pid = todo.pop()
        found.append(pid)
        todo.extend(kids.get(pid, ()))
    return found


def end_all() -> None:
    """Kill everything under this process and reap it (orphans come to us, the subreaper). The tree is looked at
    again until it is empty, with no wait that could block: a process started while the first kills went out (a
    sandbox starting its program) is found and killed in the next round."""
    for _ in range(250):
        live = descendants()
        if not live:
            return
        for pid in live:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL)
        with contextlib.suppress(ChildProcessError):
            while os.waitpid(-1, os.WNOHANG)[0]:
                pass
        time.sleep(0.02)


def parlour_ended(life_line: int) -> bool:
    """Whether ``life_line`` has reached end of file (Parlour has ended); it is only ever read when it is ready."""
    try:
        return os.read(life_line, 1) == b""
    except OSError:
        return True


def wait_for_program(child: int, life_line: int) -> int:
    """The wait status of the program ``child``, or -1 once Parlour ended first.

    One thread waits on both the program (a pidfd) and the life line, so no second thread has to be relied on to
    notice Parlour's end; where there is no pidfd, the two are looked at every tenth of a second."""
    pidfd = -1
    with contextlib.suppress(OSError, AttributeError):
        pidfd = os.pidfd_open(child)
    watched = [life_line] if pidfd < 0 else [life_line, pidfd]
    while True:
        ready, _, _ = select.select(watched, [], [], None if pidfd >= 0 else 0.1)
        if life_line in ready and parlour_ended(life_line):
            return -1
        # Reap whatever has ended: the program, or an orphan of it that came to us.
        while True:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:
                return 0
            if pid == 0:
                break
            if pid == child:
                return status


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
    os.set_inheritable(life_line, False)  # the program must not hold Parlour's life line
    program, passed = through_pipe(program)
    child = os.fork()
    if child == 0:
        try:
            for ending in (signal.SIGTERM, signal.SIGINT):
                signal.signal(ending, signal.SIG_DFL)
            for fd in passed:
                os.set_inheritable(fd, True)
            os.execvp(program[0], program)
        except OSError as exc:
            print(f"cannot start {program[0]!r}: {exc.strerror or exc}", file=sys.stderr)
        os._exit(127)
    for fd in passed:
        os.close(fd)
    # Only the program holds its input and output now, so Parlour sees it close them.
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    status = wait_for_program(child, life_line)
    end_all()
    if status < 0:  # Parlour ended first: the program and all it started are gone now
        os._exit(128 + signal.SIGKILL)
    if os.WIFSIGNALED(status):
        sig = os.WTERMSIG(status)
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # the program's crash, not a core of the keeper's
        signal.signal(sig, signal.SIG_DFL)
        os.kill(os.getpid(), sig)
        return 128 + sig
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
