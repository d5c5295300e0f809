"""How a ``cmd:`` program is started so that a bot written for the arenas runs unchanged: every line it prints
reaches Parlour at once, whether or not it flushes its output, and a JavaScript bot finds CodinGame's ``readline()``.

A program whose output is a pipe keeps what it prints in a buffer until the buffer fills or it flushes. A bot
written without a flush (C's ``printf`` with no ``fflush``, Python's ``sys.stdout.write`` with no ``flush``) would
then keep its answer to itself and time out on its first turn.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ai.programs.sandbox import kept_out

CODINGAME_JS = Path(__file__).with_name("protocols") / "codingame.js"
"""Preloaded into Node.js programs: the globals CodinGame gives JavaScript bots (``readline()``, ``print()``,
``printErr()``)."""


def line_buffered(argv: list[str]) -> list[str]:
    """``argv`` run through coreutils' ``stdbuf -oL`` where it is found (Linux): C stdio then flushes each line.
    ``stdbuf`` runs the program in its own place (the same process), so nothing else changes; a program that sets
    its own buffering keeps it."""
    stdbuf = shutil.which("stdbuf")
    return [stdbuf, "-oL", *argv] if stdbuf else argv


def program_env(extra: dict[str, str]) -> dict[str, str]:
    """The environment of a started program: ours without Parlour's own variables (``PARLOUR_HOME`` would lead it
    to the data folder), Python's output unbuffered, Node.js with CodinGame's globals preloaded
    (:data:`CODINGAME_JS`, after any ``NODE_OPTIONS`` of ours), and ``extra``."""
    quoted = str(CODINGAME_JS).replace("\\", "\\\\").replace('"', '\\"')  # NODE_OPTIONS reads C-like escapes
    node = f'{os.environ.get("NODE_OPTIONS", "")} --require "{quoted}"'.strip()
    ours = {name: value for name, value in os.environ.items() if not name.upper().startswith("PARLOUR")}
    return {**ours, "PYTHONUNBUFFERED": "1", "NODE_OPTIONS": node, **extra}


def start_folder(argv: list[str], cwd: str | Path | None) -> tuple[list[str], str | Path | None]:
    """``argv`` and the working folder to start it in: a working folder inside or around the data folder or another
    path kept out of programs' sight (:func:`ai.programs.sandbox.keep_out`) becomes the system's temporary folder, the
    files the command names there given by their full paths."""
    here = Path(cwd if cwd is not None else os.getcwd()).absolute()
    hidden = kept_out()
    if not any(here.is_relative_to(path) or path.is_relative_to(here) for path in hidden):
        return argv, cwd
    named = [str(here / word) if not os.path.isabs(word) and (here / word).exists() else word for word in argv]
    return named, tempfile.mkdtemp(prefix="parlour-seat-")


_life: tuple[int, int, int] | None = None
"""(our pid, read end, write end) of the pipe whose read end every keeper watches (:func:`life_line`)."""


def life_line() -> int:
    """The read end of a pipe whose write end only this process holds: it reaches end of file when this process
    ends, however it ends (``kill -9`` included), so a keeper watching it (:mod:`ai.programs.seat_keeper`) knows to end
    its program. One pipe a process, made again in a forked child."""
    global _life
    if _life is None or _life[0] != os.getpid():
        read_end, write_end = os.pipe()
        _life = (os.getpid(), read_end, write_end)
    return _life[1]


life_line()  # made now, so that what a process has open stays the same from its first program to its last
