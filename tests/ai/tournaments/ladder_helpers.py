"""What the ladder tests read straight from a ladder's SQLite file."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def recorded(db: Path) -> list[int]:
    """Every recorded game index of the nimmt ladder, read straight from the store's file."""
    with sqlite3.connect(db) as conn:
        return [row[0] for row in conn.execute("SELECT idx FROM games WHERE game = 'nimmt' ORDER BY idx")]


def games_held(db: Path) -> int:
    """How many games the nimmt ladder holds; 0 while a run has not made its tables yet."""
    try:
        return len(recorded(db))
    except sqlite3.OperationalError:
        return 0
