"""Reading a program's stderr log back: its last words explain why it ended."""

from __future__ import annotations

from pathlib import Path

from rules.text import middle_cut

TAIL_BYTES = 4096
"""How much of the log's end is read for its last words."""
WORDS_LIMIT = 160
"""The longest last words quoted in a reason (longer ones are cut in the middle)."""


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
