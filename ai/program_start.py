"""How a ``cmd:`` program is started so that a bot written for the arenas runs unchanged: every line it prints
reaches Parlour at once, whether or not it flushes its output.

A program whose output is a pipe keeps what it prints in a buffer until the buffer fills or it flushes. A bot
written without a flush (C's ``printf`` with no ``fflush``, Python's ``sys.stdout.write`` with no ``flush``) would
then keep its answer to itself and time out on its first turn.
"""

from __future__ import annotations

import os
import shutil


def line_buffered(argv: list[str]) -> list[str]:
    """``argv`` run through coreutils' ``stdbuf -oL`` where it is found (Linux): C stdio then flushes each line.
    ``stdbuf`` runs the program in its own place (the same process), so nothing else changes; a program that sets
    its own buffering keeps it."""
    stdbuf = shutil.which("stdbuf")
    return [stdbuf, "-oL", *argv] if stdbuf else argv


def program_env(extra: dict[str, str]) -> dict[str, str]:
    """The environment of a started program: ours, Python's output unbuffered, and ``extra``."""
    return {**os.environ, "PYTHONUNBUFFERED": "1", **extra}
