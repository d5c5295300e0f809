"""How a ``cmd:`` program is started so that a bot written for the arenas runs unchanged: every line it prints
reaches Parlour at once, whether or not it flushes its output, and a JavaScript bot finds CodinGame's ``readline()``.

A program whose output is a pipe keeps what it prints in a buffer until the buffer fills or it flushes. A bot
written without a flush (C's ``printf`` with no ``fflush``, Python's ``sys.stdout.write`` with no ``flush``) would
then keep its answer to itself and time out on its first turn.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

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
    """The environment of a started program: ours, Python's output unbuffered, Node.js with CodinGame's globals
    preloaded (:data:`CODINGAME_JS`, after any ``NODE_OPTIONS`` of ours), and ``extra``."""
    quoted = str(CODINGAME_JS).replace("\\", "\\\\").replace('"', '\\"')  # NODE_OPTIONS reads C-like escapes
    node = f'{os.environ.get("NODE_OPTIONS", "")} --require "{quoted}"'.strip()
    return {**os.environ, "PYTHONUNBUFFERED": "1", "NODE_OPTIONS": node, **extra}
