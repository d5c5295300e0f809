"""A program's stderr log: kept within bounds as the program writes it, and read back for its last words."""

from __future__ import annotations

import contextlib
import os
import selectors
import threading
from pathlib import Path
from typing import BinaryIO

from rules.text import middle_cut

TAIL_BYTES = 4096
"""How much of the log's end is read for its last words."""
WORDS_LIMIT = 160
"""The longest last words quoted in a reason (longer ones are cut in the middle)."""
COPY_CHUNK = 64 * 1024
"""What the copier thread copies from the pipe at a time (a pipe holds 64 KiB on Linux)."""
CATCH_UP_BYTES = 1024 * 1024
"""The most a catch-up copies at once: what is waiting in the pipe, and a little of what comes meanwhile."""
LOG_POLL_S = 0.2
"""How often the copier thread, while the program is quiet, checks whether the log is being closed."""


def last_words(path: Path | None) -> str | None:
    """The last line the program itself wrote to its log since it was last started (a crash's error line, say),
    else None.

    Parlour's own lines (``## parlour: …``) are skipped; a long line is shortened in its middle.
    """
    if path is None:
        return None
    try:
        with path.open("rb") as log:
            log.seek(max(0, log.seek(0, 2) - TAIL_BYTES))
            tail = log.read().decode("utf-8", "replace")
    except OSError:
        return None
    for line in reversed(tail.splitlines()):
        words = line.strip()
        if words.startswith("## parlour: starting"):
            return None  # what came before is an earlier run's (the game was resumed)
        if words and not words.startswith("## parlour"):
            return middle_cut(words, WORDS_LIMIT)
    return None


class ProgramLog:
    """A program's stderr log, kept within ``limit`` bytes twice over: the first part, a note, then a window of the
    latest output.

    The program writes into a pipe and only Parlour writes the file (a thread copies the pipe as it fills), so a cut
    never races the program's own writing: a crash's traceback written while the log is cut is kept. Parlour's own
    lines (:meth:`note`) go in between, in the order things happened. Every read of the pipe and write of the file
    holds one lock.
    """

    def __init__(self, path: Path, limit: int) -> None:
        """Open ``path`` for appending (a resumed game's log goes on) and the pipe the program's stderr goes into."""
        self.path = path
        self.limit = limit
        self._file: BinaryIO = path.open("ab")
        self._read_end, self.write_end = os.pipe()
        """``write_end``: for the program's stderr; :meth:`hand_over` once the program has it (then −1)."""
        os.set_blocking(self._read_end, False)
        self._cut_at: int | None = None
        """Where the log was cut (the end of the note), once it outgrew ``limit``."""
        self._lock = threading.Lock()
        self._ended = threading.Event()
        self._copier = threading.Thread(target=self._copy_while_open, name=f"log {path.name}", daemon=True)
        self._copier.start()

    def note(self, text: str) -> None:
        """A line of Parlour's own (``## parlour: …``), after everything the program wrote before it; appended to
        the kept file once the log is closed (as when the table explains why the program was disqualified)."""
        line = f"## parlour: {text}\n".encode()
        with self._lock, contextlib.suppress(OSError):
            if self._file.closed:
                if self.path.exists():
                    with self.path.open("ab") as log:
                        log.write(line)
                return
            self._copy_waiting()
            self._file.write(line)
            self._file.flush()

    def hand_over(self) -> None:
        """Close Parlour's copy of the pipe's writing end (the program was given it, or could not start): the
        pipe's end of file then comes when the program and all it started have ended."""
        with self._lock:
            if self.write_end >= 0:
                os.close(self.write_end)
                self.write_end = -1

    def catch_up(self) -> None:
        """Copy what the program has written so far into the file (before its last words are read back)."""
        with self._lock, contextlib.suppress(OSError):
            if not self._file.closed:
                self._copy_waiting()

    def close(self) -> None:
        """Copy what is left in the pipe, keep the latest output (a crash's traceback is at the end) and close.
        Whatever still holds the pipe's other end (a helper left running) writes into nothing from then on."""
        self.hand_over()
        self._ended.set()
        self._copier.join(timeout=1.0)
        with self._lock:
            if self._file.closed:
                return
            with contextlib.suppress(OSError):
                self._copy_waiting()
                self._bound(closing=True)
            self._file.close()
            os.close(self._read_end)

    def _copy_while_open(self) -> None:
        """The copier thread: wait for output (checking now and then whether the log is closing), copy it."""
        with selectors.DefaultSelector() as waiting:
            waiting.register(self._read_end, selectors.EVENT_READ)
            while not self._ended.is_set():
                if not waiting.select(LOG_POLL_S):
                    continue
                with self._lock:
                    if self._file.closed:
                        return
                    try:
                        if not self._copy_waiting(COPY_CHUNK):
                            return  # end of file: every writer has gone
                    except OSError:
                        return

    def _copy_waiting(self, most: int = CATCH_UP_BYTES) -> bool:
        """Under the lock: copy what the pipe holds now, up to about ``most`` bytes (a program that writes without
        end must not hold the lock for ever); False at its end of file."""
        copied = 0
        while copied < most:
            try:
                chunk = os.read(self._read_end, COPY_CHUNK)
            except BlockingIOError:
                return True
            if not chunk:
                return False
            copied += len(chunk)
            self._file.write(chunk)
            self._file.flush()
            self._bound()
        return True

    def _bound(self, closing: bool = False) -> None:
        """Under the lock: once the window after the note outgrows ``limit``, keep its latest half (its latest
        ``limit`` bytes when closing)."""
        log, limit = self._file, self.limit
        size = os.fstat(log.fileno()).st_size
        start = limit if self._cut_at is None else self._cut_at
        if size - start <= (0 if self._cut_at is None else limit):
            return
        keep = min(size - start, limit if closing else limit // 2)
        with self.path.open("rb") as reader:
            reader.seek(size - keep)
            last = reader.read(keep)
        os.truncate(log.fileno(), start)
        if self._cut_at is None:
            log.write(f"\n## parlour: the log keeps its first {limit:,} bytes; then only the latest output\n".encode())
            log.flush()
            self._cut_at = os.fstat(log.fileno()).st_size
        log.write(last)
        log.flush()
