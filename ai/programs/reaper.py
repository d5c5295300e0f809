"""Finding and ending everything an external program started, even what left its process group.

A program runs in a process group of its own, so signalling the group reaches its ordinary children. A helper
started in a new session (``setsid``, ``start_new_session=True``, a daemon's double fork) escapes the group,
and when its parent dies it is re-parented away from the program's tree. On Linux Parlour therefore:

- marks every program with an environment variable holding a token of its own (children inherit it);
- makes the process that runs programs a *child subreaper* (``prctl(PR_SET_CHILD_SUBREAPER)``), so orphans of
  a program are re-parented to that process rather than to init, and can be waited for (no zombies are left);
- when a seat ends, walks ``/proc`` for the program, its group, every process whose parent chain leads to it,
  and every orphan of ours (or of init) carrying its token, and signals them all.

Elsewhere (macOS, Windows) only the process group is ended. Only pids found this way are ever waited for, so
``subprocess`` and ``multiprocessing`` keep their own children's exit statuses.
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

TOKEN_ENV = "PARLOUR_PROGRAM_TOKEN"
PR_SET_CHILD_SUBREAPER = 36
_PROC = Path("/proc")
_subreaper_pid: int | None = None
"""The pid that set the flag (the flag is not inherited by forked children, e.g. arena workers)."""


def tracking() -> bool:
    """Whether descendants outside the process group can be found here (Linux with /proc)."""
    return sys.platform.startswith("linux") and _PROC.is_dir()


def become_subreaper() -> bool:
    """Make this process the child subreaper of its descendants (once per process); False where unsupported."""
    global _subreaper_pid
    if _subreaper_pid == os.getpid():
        return True
    if not tracking():
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        ok = bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False
    if ok:
        _subreaper_pid = os.getpid()
    return ok


def new_token() -> str:
    """A token no other program of any Parlour process carries."""
    return f"{os.getpid()}-{os.urandom(8).hex()}"


def _stat(pid: str) -> tuple[int, int, str] | None:
    """(parent pid, process group, state letter) of a process, None if it is gone."""
    try:
        fields = (_PROC / pid / "stat").read_text().rsplit(")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return int(fields[1]), int(fields[2]), fields[0]


def _has_token(pid: int, token: str) -> bool:
    try:
        environ = (_PROC / str(pid) / "environ").read_bytes()
    except OSError:
        return False
    return f"{TOKEN_ENV}={token}".encode() in environ.split(b"\0")


def program_tree(leader: int, token: str) -> dict[int, str]:
    """Every process that belongs to a program, with its state letter ("Z" for a zombie); our own pid never.

    Members are the leader, its process group, orphans of ours or of init carrying the token, and all their
    descendants.
    """
    if not tracking():
        return {}
    me = os.getpid()
    table: dict[int, tuple[int, int, str]] = {}
    for entry in _PROC.iterdir():
        if entry.name.isdigit():
            info = _stat(entry.name)
            if info is not None:
                table[int(entry.name)] = info
    roots = {leader} if leader in table else set()
    for pid, (ppid, pgid, _) in table.items():
        if pgid == leader or (ppid in (me, 1) and pid != leader and _has_token(pid, token)):
            roots.add(pid)
    kids: dict[int, list[int]] = {}
    for pid, (ppid, _, _) in table.items():
        kids.setdefault(ppid, []).append(pid)
    found: dict[int, str] = {}
    todo = list(roots)
    while todo:
        pid = todo.pop()
        if pid in found or pid == me:
            continue
        found[pid] = table[pid][2]
        todo.extend(kids.get(pid, ()))
    return found


def signal_program(leader: int, token: str, sig: int) -> list[int]:
    """Send ``sig`` to the program's group and to every live member of its tree; the pids signalled.

    Scans again after signalling, so a child forked meanwhile is caught too (a few rounds at most).
    """
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(leader, sig)
    done: set[int] = set()
    for _ in range(3):
        live = [pid for pid, state in program_tree(leader, token).items() if state != "Z" and pid not in done]
        if not live:
            break
        for pid in live:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, sig)
        done.update(live)
    return sorted(done)


def live_members(leader: int, token: str) -> list[int]:
    """Members of the program's tree that have not ended yet."""
    return [pid for pid, state in program_tree(leader, token).items() if state != "Z"]


def reap(leader: int, token: str) -> None:
    """Wait for ended members that were re-parented to us (the leader is left to its ``Popen``)."""
    if not tracking():
        return
    me = os.getpid()
    for pid, state in program_tree(leader, token).items():
        if pid == leader or state != "Z":
            continue
        info = _stat(str(pid))
        if info is not None and info[0] == me:
            with contextlib.suppress(ChildProcessError):
                os.waitpid(pid, os.WNOHANG)
